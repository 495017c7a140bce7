// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs.
import java.io.*;
import java.util.*;
public class Main {
    static int W, goal, gr, gc, best;
    static int[] g, dl = new int[4];
    static int lower(int p) {
        int r = p / W, c = p % W;
        if (r == gr || c == gc) {
            int step = (r == gr) ? (gc > c ? 1 : -1) : (gr > r ? W : -W);
            for (int q = p + step; q != goal; q += step) if (g[q] == 1) return 2;
            return 1;
        }
        return 2;
    }
    static void dfs(int p, int d) {
        int lb = lower(p);
        if (d + lb >= best || d + lb > 10) return;
        for (int k = 0; k < 4; k++) {
            int s = dl[k], q = p + s;
            if (g[q] == 1) continue;
            while (g[q] == 0) q += s;
            if (g[q] == 4) continue;
            if (g[q] == 3) { if (d + 1 < best) best = d + 1; continue; }
            g[q] = 0;
            dfs(q - s, d + 1);
            g[q] = 1;
            if (d + lb >= best) return;
        }
    }
    public static void main(String[] a) throws IOException {
        StreamTokenizer st = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        StringBuilder sb = new StringBuilder();
        while (st.nextToken() != StreamTokenizer.TT_EOF) {
            int w = (int) st.nval; st.nextToken(); int h = (int) st.nval;
            if (w == 0 && h == 0) break;
            W = w + 2;
            g = new int[W * (h + 2)];
            Arrays.fill(g, 4);
            int start = 0;
            for (int r = 1; r <= h; r++) for (int c = 1; c <= w; c++) {
                st.nextToken(); int v = (int) st.nval; int p = r * W + c;
                if (v == 2) { start = p; v = 0; } else if (v == 3) { goal = p; gr = r; gc = c; }
                g[p] = v;
            }
            dl[0] = 1; dl[1] = -1; dl[2] = W; dl[3] = -W;
            best = 11;
            dfs(start, 0);
            sb.append(best <= 10 ? best : -1).append('\n');
        }
        System.out.print(sb);
    }
}
