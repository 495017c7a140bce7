// Curling 2.0, time_limit_exceeded: the contest write-up's exhaustive
// depth-first search. It tries every sequence of up to 10 throws (right,
// left, down, up at each stop), with no bound from the best answer found
// so far, so it visits the whole tree of throws on every board. It answers
// right; the package's timing test (boards with short answers whose tree
// of 10 throws is huge) must stop it.
#include <cstdio>

static int w, h, gr, gc, best;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};

static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }
static bool block(int r, int c) { return inside(r, c) && g[r][c] == 1; }

static void dfs(int r0, int c0, int depth) {
    if (depth >= 10) return;
    for (int d = 0; d < 4; d++) {
        if (block(r0 + DR[d], c0 + DC[d])) continue;
        int r = r0, c = c0;
        bool off = false;
        while (!block(r + DR[d], c + DC[d])) {
            r += DR[d];
            c += DC[d];
            if (r == gr && c == gc) {
                if (depth + 1 < best) best = depth + 1;
                return;  // the write-up ends the whole call here
            }
            if (!inside(r, c)) { off = true; break; }
        }
        if (off || depth + 1 >= 10) continue;
        g[r + DR[d]][c + DC[d]] = 0;
        dfs(r, c, depth + 1);
        g[r + DR[d]][c + DC[d]] = 1;
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
        best = 11;
        dfs(sr, sc, 0);
        printf("%d\n", best <= 10 ? best : -1);
    }
    return 0;
}
