#!/usr/bin/env python3
# Curling 2.0: the answer validator of the problem package (strict).
#
# Called with the test input's path as its first argument and the answer
# file on standard input, as the problem package format says; exits 42
# when the answer has one line per dataset of the input, each the fewest
# throws (1 to 10) or -1, written as a plain integer, and 43 otherwise.
import re
import sys

ANSWER = re.compile(r"(-1|[1-9]|10)\Z")


def reject(message):
    sys.stderr.write(message + "\n")
    sys.exit(43)


def main():
    with open(sys.argv[1], "rb") as f:
        tokens = f.read().split()
    datasets, i = 0, 0
    while i + 1 < len(tokens) and tokens[i : i + 2] != [b"0", b"0"]:
        w, h = int(tokens[i]), int(tokens[i + 1])
        datasets += 1
        i += 2 + w * h
    data = sys.stdin.buffer.read()
    if any(b != 10 and not 32 <= b < 127 for b in data):
        reject("the answer is not printable ASCII")
    if not data.endswith(b"\n"):
        reject("the answer does not end with a newline")
    lines = data.decode("ascii").split("\n")[:-1]
    if len(lines) != datasets:
        reject("%d lines for %d datasets" % (len(lines), datasets))
    for k, line in enumerate(lines):
        if not ANSWER.match(line):
            reject("line %d: %r is not -1 or a number of throws from 1 to 10" % (k + 1, line))
    sys.exit(42)


main()
