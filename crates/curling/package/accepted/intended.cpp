// Curling 2.0, accepted: the intended solution, the contest write-up's
// depth-first search over the throws with the cap of 10: from each stop
// it tries the four directions, breaks the block it runs into, recurses,
// and puts the block back; it never goes as deep as the best answer found
// so far. At most 4^10 throw sequences, each slide at most 20 cells: the
// package's time limit is set from this program on the slowest test (see
// README.md); the Python and Java ports beside it are the same algorithm.
#include <cstdio>

static int w, h, gr, gc, best;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};

static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }

static void dfs(int r0, int c0, int depth) {
    if (depth >= 10 || depth + 1 >= best) return;  // one more throw would not improve
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
        best = 11;
        dfs(sr, sc, 0);
        printf("%d\n", best <= 10 ? best : -1);
    }
    return 0;
}
