// Holedox Moving, accepted: the intended solution (accepted/intended.cpp)
// ported to Java, the same breadth-first search over the head's cell and
// the 2-bit directions from each segment to the next. It shows the time
// limit leaves room for Java.
import java.io.*;
import java.util.*;

public class Intended {
    static final int[] DR = {-1, 0, 1, 0}, DC = {0, 1, 0, -1};  // up, right, down, left
    static int n, m, L;
    static boolean[] stone;

    static boolean free(int r, int c) { return r >= 0 && r < n && c >= 0 && c < m && !stone[r * m + c]; }

    static int solve(int[] br, int[] bc) {
        if (br[0] == 0 && bc[0] == 0) return 0;
        int bits = 2 * (L - 1), mask = (1 << bits) - 1, code = 0;
        for (int i = 0; i + 1 < L; i++) {
            int d = 0;
            while (br[i] + DR[d] != br[i + 1] || bc[i] + DC[d] != bc[i + 1]) d++;
            code |= d << (2 * i);
        }
        boolean[] seen = new boolean[(n * m) << bits];
        int[] now = new int[16], next = new int[16];
        int nowSize = 1;
        now[0] = ((br[0] * m + bc[0]) << bits) | code;
        seen[now[0]] = true;
        int[] cells = new int[L];
        for (int steps = 1; nowSize > 0; steps++) {
            int nextSize = 0;
            for (int k = 0; k < nowSize; k++) {
                int s = now[k], head = s >> bits, body = s & mask;
                cells[0] = head;
                for (int i = 1; i < L; i++) {
                    int d = (body >> (2 * (i - 1))) & 3;
                    cells[i] = cells[i - 1] + DR[d] * m + DC[d];
                }
                for (int d = 0; d < 4; d++) {
                    int r = head / m + DR[d], c = head % m + DC[d];
                    if (!free(r, c)) continue;
                    int to = r * m + c;
                    boolean ontoBody = false;
                    for (int i = 1; i < L; i++) ontoBody |= cells[i] == to;  // the tail included
                    if (ontoBody) continue;
                    if (to == 0) return steps;
                    int t = (to << bits) | (((body << 2) | (d ^ 2)) & mask);
                    if (!seen[t]) {
                        seen[t] = true;
                        if (nextSize == next.length) next = Arrays.copyOf(next, 2 * nextSize);
                        next[nextSize++] = t;
                    }
                }
            }
            int[] swap = now; now = next; next = swap;
            nowSize = nextSize;
        }
        return -1;
    }

    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        StringBuilder out = new StringBuilder();
        for (int k = 1; ; k++) {
            in.nextToken(); n = (int) in.nval;
            in.nextToken(); m = (int) in.nval;
            in.nextToken(); L = (int) in.nval;
            if (n == 0 && m == 0 && L == 0) break;
            int[] br = new int[L], bc = new int[L];
            for (int i = 0; i < L; i++) {
                in.nextToken(); br[i] = (int) in.nval - 1;
                in.nextToken(); bc[i] = (int) in.nval - 1;
            }
            in.nextToken();
            int stones = (int) in.nval;
            stone = new boolean[n * m];
            for (int i = 0; i < stones; i++) {
                in.nextToken(); int r = (int) in.nval;
                in.nextToken(); int c = (int) in.nval;
                stone[(r - 1) * m + (c - 1)] = true;
            }
            out.append("Case ").append(k).append(": ").append(solve(br, bc)).append('\n');
        }
        System.out.print(out);
    }
}
