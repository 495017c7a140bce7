// Curling 2.0, time_limit_exceeded: the depth-first search without its
// cap of 10 throws, bounded only by the best answer found so far. Every
// throw that stops breaks a block, so it ends, but its tree of throws is
// as deep as the board has blocks (4^B sequences, not 4^10): where no
// game of 10 throws wins it does not end in time. It answers right.
#include <cstdio>

static int w, h, gr, gc, best;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};

static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }

static void dfs(int r0, int c0, int depth) {
    if (depth + 1 >= best) return;  // no cap: only the best answer so far bounds it
    for (int d = 0; d < 4; d++) {
        int r = r0 + DR[d], c = c0 + DC[d];
        if (!inside(r, c) || g[r][c] == 1) continue;  // off the board, or a block next to it
        while (inside(r, c) && g[r][c] != 1 && !(r == gr && c == gc)) {
            r += DR[d];
            c += DC[d];
        }
        if (!inside(r, c)) continue;  // the stone slid off the board
        if (r == gr && c == gc) {
            best = depth + 1;
            return;
        }
        g[r][c] = 0;  // the block breaks; the stone stops before it
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
        best = 1 << 30;
        dfs(sr, sc, 0);
        printf("%d\n", best <= 10 ? best : -1);
    }
    return 0;
}
