# A plain contest solution of Curling 2.0 in Python (depth-first search
# with the best answer so far as a bound), for the judge's memory and time
# limits: an interpreter must start and pass under the default limits.
import sys


def solve(g, w, h):
    for r in range(h):
        for c in range(w):
            if g[r][c] == 2:
                start = (r, c)
    best = [11]

    def dfs(r, c, d):
        if d >= best[0] or d >= 10:
            return
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            nr, nc = r + dr, c + dc
            if not (0 <= nr < h and 0 <= nc < w) or g[nr][nc] == 1:
                continue
            while 0 <= nr < h and 0 <= nc < w and g[nr][nc] != 1:
                if g[nr][nc] == 3:
                    best[0] = min(best[0], d + 1)
                    break
                nr, nc = nr + dr, nc + dc
            else:
                if 0 <= nr < h and 0 <= nc < w:
                    g[nr][nc] = 0
                    dfs(nr - dr, nc - dc, d + 1)
                    g[nr][nc] = 1

    dfs(start[0], start[1], 0)
    return best[0] if best[0] <= 10 else -1


def main():
    data = sys.stdin.read().split()
    i, out = 0, []
    while True:
        w, h = int(data[i]), int(data[i + 1])
        i += 2
        if w == 0 and h == 0:
            break
        g = [[int(data[i + r * w + c]) for c in range(w)] for r in range(h)]
        i += w * h
        out.append(str(solve(g, w, h)))
    print("\n".join(out))


main()
