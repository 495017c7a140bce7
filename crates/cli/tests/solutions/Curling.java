// A plain contest solution of Curling 2.0 in Java (depth-first search
// bounded by the best answer so far), for the judge's memory and time
// limits: the JVM reserves far more address space than it touches, and
// must start and pass under the default limits.
import java.io.*;
import java.util.*;

public class Curling {
    static int w, h, best;
    static int[][] g;
    static final int[][] DIRS = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};

    static boolean inside(int r, int c) {
        return r >= 0 && r < h && c >= 0 && c < w;
    }

    static void dfs(int r, int c, int d) {
        if (d >= best || d >= 10) return;
        for (int[] dir : DIRS) {
            int nr = r + dir[0], nc = c + dir[1];
            if (!inside(nr, nc) || g[nr][nc] == 1) continue;
            boolean goal = false;
            while (inside(nr, nc) && g[nr][nc] != 1) {
                if (g[nr][nc] == 3) { goal = true; break; }
                nr += dir[0]; nc += dir[1];
            }
            if (goal) { best = Math.min(best, d + 1); continue; }
            if (!inside(nr, nc)) continue;
            g[nr][nc] = 0;
            dfs(nr - dir[0], nc - dir[1], d + 1);
            g[nr][nc] = 1;
        }
    }

    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        StringBuilder out = new StringBuilder();
        while (true) {
            in.nextToken(); w = (int) in.nval;
            in.nextToken(); h = (int) in.nval;
            if (w == 0 && h == 0) break;
            g = new int[h][w];
            int sr = 0, sc = 0;
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++) {
                    in.nextToken(); g[r][c] = (int) in.nval;
                    if (g[r][c] == 2) { sr = r; sc = c; }
                }
            best = 11;
            dfs(sr, sc, 0);
            out.append(best <= 10 ? best : -1).append('\n');
        }
        System.out.print(out);
    }
}
