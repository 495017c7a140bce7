// Curling 2.0, wrong_answer: a throw toward an adjacent block is made:
// the block breaks and the stone stays where it is, for one throw. The
// statement forbids that throw (its sample's `1 1 2 1 1 3` answers -1).
// Otherwise the reference solution.
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
        if (!inside(r, c)) continue;
        if (g[r][c] == 1) {  // the misreading: the adjacent block breaks, the stone stays
            g[r][c] = 0;
            bool found = reach(r0, c0, left - 1);
            g[r][c] = 1;
            if (found) return true;
            continue;
        }
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
