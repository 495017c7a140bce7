#!/usr/bin/env python3
# Holedox Moving: the answer validator of the problem package (strict).
#
# Called with the test input's path as its first argument and the answer
# file on standard input, as the problem package format says; exits 42
# when the answer has one line "Case X: Y" per case of the input, X
# counting from 1 and Y the fewest steps (0 or more) or -1, written as
# plain integers, and 43 otherwise.
import re
import sys

ANSWER = re.compile(r"Case ([1-9][0-9]*): (-1|0|[1-9][0-9]*)\Z")


def reject(message):
    sys.stderr.write(message + "\n")
    sys.exit(43)


def main():
    with open(sys.argv[1], "rb") as f:
        tokens = f.read().split()
    cases, i = 0, 0
    while i + 2 < len(tokens) and tokens[i : i + 3] != [b"0", b"0", b"0"]:
        length = int(tokens[i + 2])
        stones = int(tokens[i + 3 + 2 * length])
        cases += 1
        i += 4 + 2 * length + 2 * stones
    data = sys.stdin.buffer.read()
    if any(b != 10 and not 32 <= b < 127 for b in data):
        reject("the answer is not printable ASCII")
    if not data.endswith(b"\n"):
        reject("the answer does not end with a newline")
    lines = data.decode("ascii").split("\n")[:-1]
    if len(lines) != cases:
        reject("%d lines for %d cases" % (len(lines), cases))
    for k, line in enumerate(lines):
        match = ANSWER.match(line)
        if not match or int(match.group(1)) != k + 1:
            reject("line %d: %r is not `Case %d: ` and -1 or a number of steps" % (k + 1, line, k + 1))
    sys.exit(42)


main()
