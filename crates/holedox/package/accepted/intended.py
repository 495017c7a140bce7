#!/usr/bin/env python3
# Holedox Moving, accepted: the intended solution (accepted/intended.cpp)
# ported to Python, line for line the same breadth-first search over the
# head's cell and the 2-bit directions from each segment to the next
# (with a table, per body code, of the directions its own body blocks).
# It shows the time limit leaves room for PyPy.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    at = 0
    out = []
    k = 0
    while True:
        n, m, L = int(data[at]), int(data[at + 1]), int(data[at + 2])
        at += 3
        if n == 0 and m == 0 and L == 0:
            break
        k += 1
        br = []
        bc = []
        for _ in range(L):
            br.append(int(data[at]) - 1)
            bc.append(int(data[at + 1]) - 1)
            at += 2
        stones = int(data[at])
        at += 1
        # A border of stones around the lair: a cell is free iff blocked[p] == 0.
        W = m + 2
        blocked = bytearray([1]) * ((n + 2) * W)
        for r in range(n):
            for c in range(m):
                blocked[(r + 1) * W + c + 1] = 0
        for _ in range(stones):
            r, c = int(data[at]), int(data[at + 1])
            at += 2
            blocked[r * W + c] = 1
        out.append("Case %d: %d" % (k, solve(n, m, L, br, bc, blocked, W)))
    sys.stdout.write("\n".join(out) + "\n")


def solve(n, m, L, br, bc, blocked, W):
    if br[0] == 0 and bc[0] == 0:
        return 0
    step = (-W, 1, W, -1)  # up, right, down, left
    cells = [(br[i] + 1) * W + bc[i] + 1 for i in range(L)]
    bits = 2 * (L - 1)
    mask = (1 << bits) - 1
    code = 0
    for i in range(L - 1):
        code |= step.index(cells[i + 1] - cells[i]) << (2 * i)
    target = W + 1
    # For each body code, the directions the head cannot take because a
    # segment of its own body (the tail included) lies there: a table the
    # size of the codes, worked out on a grid of stride 32 where the
    # offsets of a body of 8 never alias.
    wide = (-32, 1, 32, -1)
    own = bytearray(1 << bits)
    for b in range(1 << bits):
        q = 0
        occupied = set()
        for i in range(L - 1):
            q += wide[(b >> (2 * i)) & 3]
            occupied.add(q)
        own[b] = sum(1 << d for d in range(4) if wide[d] in occupied)
    seen = bytearray((n + 2) * W << bits)
    start = (cells[0] << bits) | code
    seen[start] = 1
    now = [start]
    steps = 0
    moves = [(d, step[d], 1 << d, d ^ 2) for d in range(4)]
    while now:
        steps += 1
        nxt = []
        push = nxt.append
        for s in now:
            head = s >> bits
            body = s & mask
            shifted = body << 2
            ownmask = own[body]
            for d, dp, bit, back in moves:
                to = head + dp
                if blocked[to] or ownmask & bit:
                    continue
                if to == target:
                    return steps
                t = (to << bits) | ((shifted | back) & mask)
                if not seen[t]:
                    seen[t] = 1
                    push(t)
        now = nxt
    return -1


main()
