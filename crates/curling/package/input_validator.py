#!/usr/bin/env python3
# Curling 2.0: the input validator of the problem package (strict).
#
# Reads one test input on standard input and exits 42 when it keeps the
# statement's format exactly, 43 (with the reason on standard error) when
# it does not: printable ASCII only, lines ended by "\n" (the last one
# too), single spaces between tokens and none at a line's start or end, no
# blank line, integers without a sign or leading zeros; datasets "w h"
# (2 <= w <= 20, 1 <= h <= 20) followed by h rows of w cell codes (0 to 3)
# with exactly one start (2) and one goal (3); 1 to 100 datasets; the line
# "0 0" last.
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

    def numbers(count, what, low, high):
        nonlocal at
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

    datasets = 0
    while True:
        w, h = numbers(2, "a dataset's `w h` or the terminator `0 0`", 0, 20)
        if (w, h) == (0, 0):
            break
        datasets += 1
        if datasets > 100:
            reject(at, "more than 100 datasets")
        if w < 2 or h < 1:
            reject(at, "w must be from 2 to 20 and h from 1 to 20")
        codes = []
        for r in range(h):
            codes += numbers(w, "row %d of the board" % (r + 1), 0, 3)
        if codes.count(2) != 1 or codes.count(3) != 1:
            reject(at, "a board needs exactly one start (2) and one goal (3)")
    if datasets == 0:
        reject(at, "no dataset before the terminator")
    if at != len(lines):
        reject(at + 1, "something follows the terminator `0 0`")
    sys.exit(42)


main()
