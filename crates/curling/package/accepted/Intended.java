// Curling 2.0, accepted: the intended solution (accepted/intended.cpp)
// ported to Java: the same depth-first search over the throws with the cap
// of 10, bounded by the best answer found so far. It shows the time limit
// leaves room for Java.
import java.io.*;

public class Intended {
    static int w, h, gr, gc, best;
    static int[][] g = new int[20][20];
    static final int[] DR = {0, 0, 1, -1}, DC = {1, -1, 0, 0};

    static boolean inside(int r, int c) { return r >= 0 && r < h && c >= 0 && c < w; }

    static void dfs(int r0, int c0, int depth) {
        if (depth >= 10 || depth + 1 >= best) return;
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

    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        StringBuilder out = new StringBuilder();
        while (true) {
            in.nextToken(); w = (int) in.nval;
            in.nextToken(); h = (int) in.nval;
            if (w == 0 && h == 0) break;
            int sr = 0, sc = 0;
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++) {
                    in.nextToken();
                    g[r][c] = (int) in.nval;
                    if (g[r][c] == 2) { sr = r; sc = c; g[r][c] = 0; }
                    if (g[r][c] == 3) { gr = r; gc = c; }
                }
            best = 11;
            dfs(sr, sc, 0);
            out.append(best <= 10 ? best : -1).append('\n');
        }
        System.out.print(out);
    }
}
