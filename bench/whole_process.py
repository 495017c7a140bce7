"""Whole-process CPU time (user + system) of programs on one input, in
alternating runs, with the ratio of each program to the last one taken
round by round (so a busy machine slows both sides of every ratio alike).

    python3 bench/whole_process.py ROUNDS INPUT 'PROGRAM ARGS' ... 'PEER ARGS'

Each command gets INPUT as its last argument and its output is checked
against INPUT with `.in` replaced by `.out` before anything is timed.
Prints, per command, the median CPU time and the median of its per-round
ratio to the last command (the peer).
"""
import resource
import statistics
import subprocess
import sys


def cpu(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    rounds, path, commands = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    want = open(path[: -len(".in")] + ".out", "rb").read()
    argvs = [c.split() + [path] for c in commands]
    for argv in argvs:
        got = subprocess.run(argv, capture_output=True, check=True).stdout
        if got != want:
            sys.exit(f"{' '.join(argv)}: output differs from the .out file")
    times = [[] for _ in argvs]
    for _ in range(rounds):
        for k, argv in enumerate(argvs):
            times[k].append(cpu(argv))
    peer = times[-1]
    for command, t in zip(commands, times):
        ratio = statistics.median(a / b for a, b in zip(t, peer))
        print(f"{statistics.median(t) * 1000:8.1f} ms  ratio {ratio:5.2f}  {command}")


main()
