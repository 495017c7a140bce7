# A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs, under PyPy.
import sys
from array import array


def body_masks(L):
    # for every code of L-1 directions (d_1 in the lowest 2 bits, d_i is the
    # direction from B_i to B_{i+1}), the 4-bit mask of the head's neighbour
    # cells that are occupied by the body (segments B_2..B_L)
    DR = (-1, 1, 0, 0)
    DC = (0, 0, -1, 1)
    nb = {(-1, 0): 1, (1, 0): 2, (0, -1): 4, (0, 1): 8}
    S = 1 << (2 * (L - 1))
    res = bytearray(S)
    for code in range(S):
        r = c = 0
        x = code
        bm = 0
        for _ in range(L - 1):
            d = x & 3
            x >>= 2
            r += DR[d]
            c += DC[d]
            b = nb.get((r, c))
            if b:
                bm |= b
        res[code] = bm
    return res


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    out = []
    tc = 0
    masks = {}
    vis = None
    while pos + 2 < len(data):
        n = int(data[pos]); m = int(data[pos + 1]); L = int(data[pos + 2]); pos += 3
        if n == 0 and m == 0 and L == 0:
            break
        tc += 1
        W = m + 2
        NC = (n + 2) * W
        body = []
        for i in range(L):
            body.append((int(data[pos]), int(data[pos + 1]))); pos += 2
        K = int(data[pos]); pos += 1
        blocked = bytearray([1]) * NC
        for r in range(1, n + 1):
            for c in range(1, m + 1):
                blocked[r * W + c] = 0
        for i in range(K):
            blocked[int(data[pos]) * W + int(data[pos + 1])] = 1; pos += 2
        dl = (-W, W, -1, 1)
        SH = 2 * (L - 1)
        S = 1 << SH
        mask = S - 1
        head = body[0][0] * W + body[0][1]
        code = 0
        for i in range(L - 1):
            dr = body[i + 1][0] - body[i][0]; dc = body[i + 1][1] - body[i][1]
            if dr == -1: d = 0
            elif dr == 1: d = 1
            elif dc == -1: d = 2
            else: d = 3
            code |= d << (2 * i)
        ex = W + 1
        if head == ex:
            out.append("Case %d: 0" % tc); continue
        seen = bytearray(NC); q = [ex]; seen[ex] = 1; i = 0
        while i < len(q):
            u = q[i]; i += 1
            for dd in dl:
                v = u + dd
                if not blocked[v] and not seen[v]:
                    seen[v] = 1; q.append(v)
        if not seen[head]:
            out.append("Case %d: -1" % tc); continue
        bmask = masks.get(L)
        if bmask is None:
            bmask = masks[L] = body_masks(L)
        if vis is None:
            vis = bytearray(22 * 22 * (1 << 14))
        nbr = [None] * NC
        for u in range(NC):
            if not blocked[u]:
                nbr[u] = [(1 << d, u + dl[d], d ^ 1) for d in range(4) if not blocked[u + dl[d]]]
        s0 = (head << SH) | code
        vis[s0] = 1
        cur = array('i', [s0])
        touched = [cur]
        lvl = 0
        ans = -1
        while cur and ans < 0:
            nxt = array('i')
            touched.append(nxt)
            app = nxt.append
            for s in cur:
                cd = s & mask
                bm = bmask[cd]
                sh = (cd << 2) & mask
                for bit, nh, od in nbr[s >> SH]:
                    if bm & bit:
                        continue
                    if nh == ex:
                        ans = lvl + 1
                        break
                    ns = (nh << SH) | sh | od
                    if not vis[ns]:
                        vis[ns] = 1
                        app(ns)
                if ans >= 0:
                    break
            cur = nxt
            lvl += 1
        for lst in touched:
            for s in lst:
                vis[s] = 0
        out.append("Case %d: %d" % (tc, ans))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


main()
