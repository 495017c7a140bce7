#!/usr/bin/env python3
# Holedox Moving: the generator of the package's timing test,
# `naive-search-explodes`, and the worst case the time limit is set on
# (see README.md): as many of the largest lairs as the statement allows
# (20 lairs of 20x20, 8000 cells in all) with the longest body (8), the
# exit walled in by the stones (1, 2) and (2, 1). The answer is -1 in
# each, and the intended breadth-first search visits every position the
# snake can take (about 616,000 a lair) before it can say so. A straight
# body in a different row and column each time, and one stone more off
# the body, so no two lairs are alike. Deterministic: no arguments.


def main():
    out = []
    for i in range(20):
        row, col = 3 + i % 17, 2 + (i * 7) % 12
        if i % 2 == 0:
            body = [(row, col + k) for k in range(8)]
        else:
            body = [(min(row, 12) + k, col + 2) for k in range(8)]
        stones = [(1, 2), (2, 1)]
        extra = (20 - i % 5, 20 - (i * 3) % 7)
        if extra not in body:
            stones.append(extra)
        out.append("20 20 %d" % len(body))
        out += ["%d %d" % cell for cell in body]
        out.append(str(len(stones)))
        out += ["%d %d" % cell for cell in stones]
    out.append("0 0 0")
    print("\n".join(out))


main()
