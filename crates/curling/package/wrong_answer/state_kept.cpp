// Curling 2.0, wrong_answer: state kept between datasets. The usual
// depth-first search with the best answer so far as a bound, whose global
// best is set once, before the first dataset, instead of before each:
// a dataset whose answer is larger than an earlier one's gets that
// earlier answer (or -1).
#include <cstdio>

static int w, h, gr, gc, best = 11;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};

static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }

static void dfs(int r0, int c0, int depth) {
    if (depth >= best || depth >= 10) return;
    for (int d = 0; d < 4; d++) {
        int r = r0 + DR[d], c = c0 + DC[d];
        if (!inside(r, c) || g[r][c] == 1) continue;
        while (inside(r, c) && g[r][c] != 1 && !(r == gr && c == gc)) {
            r += DR[d];
            c += DC[d];
        }
        if (!inside(r, c)) continue;
        if (r == gr && c == gc) {
            if (depth + 1 < best) best = depth + 1;
            continue;
        }
        g[r][c] = 0;
        dfs(r - DR[d], c - DC[d], depth + 1);
        g[r][c] = 1;
    }
}

int main() {
    while (scanf("%d %d", &w, &h) == 2 && (w || h)) {
        int sr = 0, sc = 0;
        for (int r = 0; r < h; r++)
            for (int c = 0; c < w; c++) {
                scanf("%d", &g[r][c]);
                if (g[r][c] == 2) { sr = r; sc = c; g[r][c] = 0; }
                if (g[r][c] == 3) { gr = r; gc = c; }
            }
        dfs(sr, sc, 0);  // the bug: `best` is not reset to 11 first
        printf("%d\n", best <= 10 ? best : -1);
    }
    return 0;
}
