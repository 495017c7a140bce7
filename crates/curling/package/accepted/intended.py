#!/usr/bin/env python3
# Curling 2.0, accepted: the intended solution (accepted/intended.cpp)
# ported to Python: the same depth-first search over the throws with the
# cap of 10, bounded by the best answer found so far. It shows the time
# limit leaves room for PyPy.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    at = 0
    out = []
    while True:
        w, h = int(data[at]), int(data[at + 1])
        at += 2
        if w == 0 and h == 0:
            break
        # A border of -1 (off the board) around the board, row-major.
        W = w + 2
        g = [-1] * ((h + 2) * W)
        start = goal = 0
        for r in range(h):
            for c in range(w):
                v = int(data[at])
                at += 1
                p = (r + 1) * W + c + 1
                if v == 2:
                    start = p
                    v = 0
                elif v == 3:
                    goal = p
                g[p] = v
        out.append(str(solve(g, W, start, goal)))
    sys.stdout.write("\n".join(out) + "\n")


def solve(g, W, start, goal):
    steps = (1, -1, W, -W)
    best = [11]

    def dfs(p0, depth):
        if depth >= 10 or depth + 1 >= best[0]:
            return
        for d in steps:
            p = p0 + d
            v = g[p]
            if v == 1 or v == -1:
                continue  # a block next to it, or the edge
            while v == 0:
                p += d
                v = g[p]
            if v == 3:
                best[0] = depth + 1
                return
            if v == -1:
                continue  # slid off the board
            g[p] = 0  # the block breaks; the stone stops before it
            dfs(p - d, depth + 1)
            g[p] = 1

    dfs(start, 0)
    return best[0] if best[0] <= 10 else -1


sys.setrecursionlimit(100)
main()
