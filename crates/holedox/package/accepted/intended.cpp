// Holedox Moving, accepted: the intended solution, the contest write-up's
// breadth-first search over the snake's positions. A position is the
// head's cell and the direction from each segment to the next (two bits
// each, L - 1 of them), one integer below n*m*4^(L-1) <= 400*16384; a
// visited array of that size makes the search O(n*m*4^(L-1)*L) per case.
// The package's time limit is set from this program on the slowest test
// (see README.md); the Python and Java ports beside it are the same
// algorithm.
#include <cstdio>
#include <vector>

static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};  // up, right, down, left
static int n, m, L;
static std::vector<char> stone, seen;

static bool free_cell(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && !stone[r * m + c]; }

static int solve(const std::vector<int>& br, const std::vector<int>& bc) {
    if (br[0] == 0 && bc[0] == 0) return 0;
    const int bits = 2 * (L - 1);
    const int mask = (1 << bits) - 1;
    int code = 0;
    for (int i = 0; i + 1 < L; i++) {
        int d = 0;
        while (br[i] + DR[d] != br[i + 1] || bc[i] + DC[d] != bc[i + 1]) d++;
        code |= d << (2 * i);
    }
    seen.assign((size_t)n * m << bits, 0);
    std::vector<int> now = {((br[0] * m + bc[0]) << bits) | code}, next;
    seen[now[0]] = 1;
    std::vector<int> cells(L);
    for (int steps = 1; !now.empty(); steps++) {
        next.clear();
        for (int s : now) {
            int head = s >> bits, body = s & mask;
            cells[0] = head;
            for (int i = 1; i < L; i++) {
                int d = (body >> (2 * (i - 1))) & 3;
                cells[i] = cells[i - 1] + DR[d] * m + DC[d];
            }
            for (int d = 0; d < 4; d++) {
                int r = head / m + DR[d], c = head % m + DC[d];
                if (!free_cell(r, c)) continue;
                int to = r * m + c;
                bool onto_body = false;
                for (int i = 1; i < L; i++) onto_body |= cells[i] == to;  // the tail included
                if (onto_body) continue;
                if (to == 0) return steps;
                int t = (to << bits) | ((((body << 2) | (d ^ 2)) & mask));
                if (!seen[t]) {
                    seen[t] = 1;
                    next.push_back(t);
                }
            }
        }
        now.swap(next);
    }
    return -1;
}

int main() {
    for (int k = 1; scanf("%d %d %d", &n, &m, &L) == 3 && (n || m || L); k++) {
        std::vector<int> br(L), bc(L);
        for (int i = 0; i < L; i++) {
            scanf("%d %d", &br[i], &bc[i]);
            br[i]--, bc[i]--;
        }
        int stones;
        scanf("%d", &stones);
        stone.assign(n * m, 0);
        for (int i = 0; i < stones; i++) {
            int r, c;
            scanf("%d %d", &r, &c);
            stone[(r - 1) * m + (c - 1)] = 1;
        }
        printf("Case %d: %d\n", k, solve(br, bc));
    }
    return 0;
}
