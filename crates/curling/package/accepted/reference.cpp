// Curling 2.0, accepted: the package's reference solution.
//
// Iterative deepening over the number of throws (1, 2, ..., 10): a
// depth-first search that may make at most `limit` throws, so the first
// limit at which the goal is reached is the fewest throws. A block the
// stone hits is removed while the search is below that throw and put back
// after. One cut: with one throw left the stone must already be in the
// goal's row or column. Each dataset starts from a fresh board.
#include <cstdio>

static int w, h, gr, gc;
static int g[20][20];
static const int DR[4] = {0, 0, 1, -1}, DC[4] = {1, -1, 0, 0};

static bool inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }

// Can the goal be reached from (r0, c0) in at most `left` more throws?
static bool reach(int r0, int c0, int left) {
    if (left == 0) return false;
    if (left == 1 && r0 != gr && c0 != gc) return false;
    for (int d = 0; d < 4; d++) {
        int r = r0 + DR[d], c = c0 + DC[d];
        if (!inside(r, c) || g[r][c] == 1) continue;  // off the board, or a block next to it
        while (inside(r, c) && g[r][c] != 1 && !(r == gr && c == gc)) {
            r += DR[d];
            c += DC[d];
        }
        if (!inside(r, c)) continue;  // the stone slid off the board
        if (r == gr && c == gc) return true;
        g[r][c] = 0;  // the block breaks; the stone stops before it
        bool found = reach(r - DR[d], c - DC[d], left - 1);
        g[r][c] = 1;
        if (found) return true;
    }
    return false;
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
        int answer = -1;
        for (int limit = 1; limit <= 10 && answer < 0; limit++)
            if (reach(sr, sc, limit)) answer = limit;
        printf("%d\n", answer);
    }
    return 0;
}
