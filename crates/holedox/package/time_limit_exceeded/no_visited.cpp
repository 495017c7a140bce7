// Holedox Moving, time_limit_exceeded: the search without a visited set.
// Iterative deepening over the number of steps, a depth-first search that
// remembers no position it has seen, so it walks every sequence of moves
// up to the answer: about 3^d paths for an answer of d steps instead of
// the intended search's one visit per position. It answers right on small
// lairs; on a lair whose exit cannot be reached it never stops (the
// timing test), and on large lairs with long answers it takes far longer
// than the limit.
#include <cstdio>
#include <vector>

static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};  // up, right, down, left
static int n, m, L;
static std::vector<char> stone;
static std::vector<int> body_r, body_c;

static bool free_cell(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && !stone[r * m + c]; }

// Can the head reach the exit in at most `left` more steps?
static bool reach(int left) {
    if (body_r[0] == 0 && body_c[0] == 0) return true;
    if (left == 0 || body_r[0] + body_c[0] > left) return false;
    for (int d = 0; d < 4; d++) {
        int r = body_r[0] + DR[d], c = body_c[0] + DC[d];
        if (!free_cell(r, c)) continue;
        bool onto_body = false;
        for (int i = 1; i < L; i++) onto_body |= body_r[i] == r && body_c[i] == c;  // the tail included
        if (onto_body) continue;
        int tr = body_r[L - 1], tc = body_c[L - 1];
        for (int i = L - 1; i > 0; i--) body_r[i] = body_r[i - 1], body_c[i] = body_c[i - 1];
        body_r[0] = r, body_c[0] = c;
        bool found = reach(left - 1);
        for (int i = 0; i + 1 < L; i++) body_r[i] = body_r[i + 1], body_c[i] = body_c[i + 1];
        body_r[L - 1] = tr, body_c[L - 1] = tc;
        if (found) return true;
    }
    return false;
}

int main() {
    for (int k = 1; scanf("%d %d %d", &n, &m, &L) == 3 && (n || m || L); k++) {
        body_r.assign(L, 0);
        body_c.assign(L, 0);
        for (int i = 0; i < L; i++) {
            scanf("%d %d", &body_r[i], &body_c[i]);
            body_r[i]--, body_c[i]--;
        }
        int stones;
        scanf("%d", &stones);
        stone.assign(n * m, 0);
        for (int i = 0; i < stones; i++) {
            int r, c;
            scanf("%d %d", &r, &c);
            stone[(r - 1) * m + (c - 1)] = 1;
        }
        // No position is remembered, so nothing bounds the depth but the
        // number of positions the snake can take.
        long long most = (long long)n * m << (2 * (L - 1));
        int answer = -1;
        for (long long depth = 0; depth <= most; depth++)
            if (reach((int)depth)) {
                answer = (int)depth;
                break;
            }
        printf("Case %d: %d\n", k, answer);
    }
    return 0;
}
