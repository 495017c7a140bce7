#!/usr/bin/env python3
# Holedox Moving: the input validator of the problem package (strict).
#
# Reads one test input on standard input and exits 42 when it keeps the
# statement's format exactly, 43 (with the reason on standard error) when
# it does not: printable ASCII only, lines ended by "\n" (the last one
# too), single spaces between tokens and none at a line's start or end,
# integers without a sign or leading zeros. Cases "n m L" (1 <= n, m <= 20,
# 2 <= L <= 8), L lines "r c" (the body from head to tail: cells of the
# lair, distinct, each side-adjacent to the one before), a line with K,
# K lines "r c" (stones: distinct, off the body, not on the exit (1, 1)),
# 1 to 100 cases whose lairs have at most 8000 cells in all (the sum of
# n * m; the time a search needs grows with it), the line "0 0 0" last. One blank line may come, as in
# the statement's sample, before a case (not the first), before the first
# stone and before the terminator; nowhere else.
import re
import sys

INTEGER = re.compile(r"(0|[1-9][0-9]{0,8})\Z")


def reject(line, message):
    where = "line %d: " % line if line else ""
    sys.stderr.write(where + message + "\n")
    sys.exit(43)


def main():
    data = sys.stdin.buffer.read()
    for i, byte in enumerate(data):
        if byte != 10 and not 32 <= byte < 127:
            reject(data.count(b"\n", 0, i) + 1, "byte %d is not printable ASCII" % byte)
    if not data.endswith(b"\n"):
        reject(0, "the input does not end with a newline")
    lines = data.decode("ascii").split("\n")[:-1]
    at = 0

    def numbers(count, what, low, high, blank_ok=False):
        nonlocal at
        if blank_ok and at < len(lines) and lines[at] == "":
            at += 1
        if at >= len(lines):
            reject(at, "the input ends where %s should come" % what)
        at += 1
        tokens = lines[at - 1].split(" ")
        if len(tokens) != count:
            reject(at, "%s: expected %d numbers separated by single spaces" % (what, count))
        values = []
        for token in tokens:
            if not INTEGER.match(token):
                reject(at, "%s: %r is not an integer without sign or leading zeros" % (what, token))
            value = int(token)
            if not low <= value <= high:
                reject(at, "%s: %d is not from %d to %d" % (what, value, low, high))
            values.append(value)
        return values

    cases = 0
    cells = 0
    while True:
        n, m, length = numbers(3, "a case's `n m L` or the terminator `0 0 0`", 0, 20, cases > 0)
        if (n, m, length) == (0, 0, 0):
            break
        cases += 1
        if cases > 100:
            reject(at, "more than 100 cases")
        cells += n * m
        if cells > 8000:
            reject(at, "the lairs have more than 8000 cells in all (the sum of n * m)")
        if not (1 <= n and 1 <= m and 2 <= length <= 8):
            reject(at, "n and m must be from 1 to 20 and L from 2 to 8")
        body = []
        for i in range(length):
            r, c = numbers(2, "segment %d of the body" % (i + 1), 1, 20)
            if r > n or c > m:
                reject(at, "segment %d is outside the lair" % (i + 1))
            if (r, c) in body:
                reject(at, "segment %d is on another segment" % (i + 1))
            if body and abs(r - body[-1][0]) + abs(c - body[-1][1]) != 1:
                reject(at, "segment %d is not next to segment %d" % (i + 1, i))
            body.append((r, c))
        (k,) = numbers(1, "the number of stones K", 0, n * m - length)
        stones = set()
        for i in range(k):
            r, c = numbers(2, "stone %d" % (i + 1), 1, 20, i == 0)
            if r > n or c > m:
                reject(at, "stone %d is outside the lair" % (i + 1))
            if (r, c) in body or (r, c) == (1, 1) or (r, c) in stones:
                reject(at, "stone %d is on the body, on the exit or on another stone" % (i + 1))
            stones.add((r, c))
    if cases == 0:
        reject(at, "no case before the terminator")
    if at != len(lines):
        reject(at + 1, "something follows the terminator `0 0 0`")
    sys.exit(42)


main()
