// A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs.
import java.io.*;
import java.util.*;
public class Main {
    static int[] DR = {-1, 1, 0, 0}, DC = {0, 0, -1, 1};
    static byte[] bodyMasks(int L) {
        int S = 1 << (2 * (L - 1));
        byte[] res = new byte[S];
        for (int code = 0; code < S; code++) {
            int r = 0, c = 0, x = code, bm = 0;
            for (int i = 0; i < L - 1; i++) {
                int d = x & 3; x >>= 2; r += DR[d]; c += DC[d];
                for (int k = 0; k < 4; k++) if (r == DR[k] && c == DC[k]) bm |= 1 << k;
            }
            res[code] = (byte) bm;
        }
        return res;
    }
    public static void main(String[] args) throws IOException {
        StreamTokenizer st = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        StringBuilder sb = new StringBuilder();
        byte[][] masks = new byte[9][];
        byte[] vis = new byte[22 * 22 * (1 << 14)];
        int[] queue = new int[22 * 22 * (1 << 14) + 1];
        int tc = 0;
        while (st.nextToken() != StreamTokenizer.TT_EOF) {
            int n = (int) st.nval; st.nextToken(); int m = (int) st.nval; st.nextToken(); int L = (int) st.nval;
            if (n == 0 && m == 0 && L == 0) break;
            tc++;
            int W = m + 2, NC = (n + 2) * W;
            int[] br = new int[L], bc = new int[L];
            for (int i = 0; i < L; i++) { st.nextToken(); br[i] = (int) st.nval; st.nextToken(); bc[i] = (int) st.nval; }
            st.nextToken(); int K = (int) st.nval;
            boolean[] blocked = new boolean[NC];
            Arrays.fill(blocked, true);
            for (int r = 1; r <= n; r++) for (int c = 1; c <= m; c++) blocked[r * W + c] = false;
            for (int i = 0; i < K; i++) { st.nextToken(); int r = (int) st.nval; st.nextToken(); int c = (int) st.nval; blocked[r * W + c] = true; }
            int[] dl = {-W, W, -1, 1};
            int SH = 2 * (L - 1), S = 1 << SH, mask = S - 1;
            int head = br[0] * W + bc[0], code = 0;
            for (int i = 0; i < L - 1; i++) {
                int dr = br[i + 1] - br[i], dc = bc[i + 1] - bc[i], d;
                if (dr == -1) d = 0; else if (dr == 1) d = 1; else if (dc == -1) d = 2; else d = 3;
                code |= d << (2 * i);
            }
            int ex = W + 1;
            sb.append("Case ").append(tc).append(": ");
            if (head == ex) { sb.append("0\n"); continue; }
            boolean[] seen = new boolean[NC];
            int[] q = new int[NC]; int qh = 0, qt = 0; q[qt++] = ex; seen[ex] = true;
            while (qh < qt) { int u = q[qh++]; for (int d = 0; d < 4; d++) { int v = u + dl[d]; if (!blocked[v] && !seen[v]) { seen[v] = true; q[qt++] = v; } } }
            if (!seen[head]) { sb.append("-1\n"); continue; }
            if (masks[L] == null) masks[L] = bodyMasks(L);
            byte[] bmask = masks[L];
            int s0 = (head << SH) | code;
            vis[s0] = 1;
            int qs = 0, qe = 0;
            queue[qe++] = s0;
            int ans = -1, lvl = 0;
            outer:
            while (qs < qe) {
                int levelEnd = qe;
                while (qs < levelEnd) {
                    int s = queue[qs++];
                    int cd = s & mask, h = s >>> SH, bm = bmask[cd], sh = (cd << 2) & mask;
                    for (int d = 0; d < 4; d++) {
                        if ((bm >> d & 1) != 0) continue;
                        int nh = h + dl[d];
                        if (blocked[nh]) continue;
                        if (nh == ex) { ans = lvl + 1; break outer; }
                        int ns = (nh << SH) | sh | (d ^ 1);
                        if (vis[ns] == 0) { vis[ns] = 1; queue[qe++] = ns; }
                    }
                }
                lvl++;
            }
            for (int i = 0; i < qe; i++) vis[queue[i]] = 0;
            sb.append(ans).append('\n');
        }
        System.out.print(sb);
    }
}
