# A correct solution written from the package's statement alone (no other file of the project read), as a contest's independent tester writes one: judged AC on every test by tests/package_formats.rs, under PyPy.
import sys
def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    out = []
    while pos + 1 < len(data):
        w = int(data[pos]); h = int(data[pos + 1]); pos += 2
        if w == 0 and h == 0:
            break
        W = w + 2
        g = [4] * (W * (h + 2))
        start = goal = 0
        for r in range(1, h + 1):
            for c in range(1, w + 1):
                v = int(data[pos]); pos += 1
                p = r * W + c
                if v == 2:
                    start = p; v = 0
                elif v == 3:
                    goal = p
                g[p] = v
        gr, gc = divmod(goal, W)
        dl = (1, -1, W, -W)
        best = [11]

        def lower(p):
            r, c = divmod(p, W)
            if r == gr:
                step = 1 if gc > c else -1
                q = p + step
                while q != goal:
                    if g[q] == 1:
                        return 2
                    q += step
                return 1
            if c == gc:
                step = W if gr > r else -W
                q = p + step
                while q != goal:
                    if g[q] == 1:
                        return 2
                    q += step
                return 1
            return 2

        def dfs(p, d):
            lb = lower(p)
            if d + lb >= best[0] or d + lb > 10:
                return
            for k in dl:
                q = p + k
                if g[q] == 1:
                    continue
                while g[q] == 0:
                    q += k
                v = g[q]
                if v == 4:
                    continue
                if v == 3:
                    if d + 1 < best[0]:
                        best[0] = d + 1
                    continue
                g[q] = 0
                dfs(q - k, d + 1)
                g[q] = 1
                if d + lb >= best[0]:
                    return

        dfs(start, 0)
        out.append(str(best[0] if best[0] <= 10 else -1))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
main()
