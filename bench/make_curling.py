"""Writes the fixed Curling benchmark files (run once; the files are committed).

    python3 bench/make_curling.py target/release/gridpuzzle

open20.in:    100 boards 20x20 with 10-25% blocks and no answer within 10 throws
              (the whole capped space must be searched: the expensive case).
contest20.in: 100 random 20x20 boards with 5-40% blocks (a contest-like file).
big200.in:    10 random 200x200 boards with 10% blocks, for --max-throws none.
big150.in, corridor.in, far8.in: see the end of the file (also
              --max-throws none).
"""
import random
import subprocess
import sys

BIN = sys.argv[1]


def board(rng, density, side=20):
    cells = [[1 if rng.random() < density else 0 for _ in range(side)] for _ in range(side)]
    spots = rng.sample(range(side * side), 2)
    cells[spots[0] // side][spots[0] % side] = 2
    cells[spots[1] // side][spots[1] % side] = 3
    return f"{side} {side}\n" + "\n".join(" ".join(map(str, r)) for r in cells) + "\n"


def answer(text):
    out = subprocess.run([BIN, "solve", "curling"], input=text + "0 0\n",
                         capture_output=True, text=True, check=True)
    return int(out.stdout)


rng = random.Random(20061)
hard = []
while len(hard) < 100:
    b = board(rng, rng.uniform(0.10, 0.25))
    if answer(b) == -1:
        hard.append(b)
with open("bench/curling/open20.in", "w") as f:
    f.write("".join(hard) + "0 0\n")

rng = random.Random(3009)
with open("bench/curling/contest20.in", "w") as f:
    f.write("".join(board(rng, rng.uniform(0.05, 0.40)) for _ in range(100)) + "0 0\n")

rng = random.Random(200)
with open("bench/curling/big200.in", "w") as f:
    f.write("".join(board(rng, 0.10, 200) for _ in range(10)) + "0 0\n")

# Beyond the judge, no cap (issue 16).
# big150.in:    21 random boards of side 100-150 with 15-30% blocks.
# corridor.in:  one row: the start, 2,000 blocks each behind one ice cell,
#               the goal; every block needs its own throw (answer 2001).
# Four of the 25 boards drawn (5, 9, 14 and 21, counting from 1) were not
# decided by the solver of issue 16 within 20 M states (board 5 not within
# 20 minutes of one core either): they go to big150-open.in, so that every
# board of big150.in has a checked answer. The corner table decided all
# four later; their answers are in big150-open.out (29, 24, 38, 18).
rng = random.Random(150)
drawn = [board(rng, rng.uniform(0.15, 0.30), rng.randint(100, 150)) for _ in range(25)]
OPEN = {5, 9, 14, 21}
with open("bench/curling/big150.in", "w") as f:
    f.write("".join(b for i, b in enumerate(drawn, 1) if i not in OPEN) + "0 0\n")
with open("bench/curling/big150-open.in", "w") as f:
    f.write("".join(b for i, b in enumerate(drawn, 1) if i in OPEN) + "0 0\n")

with open("bench/curling/corridor.in", "w") as f:
    cells = [2] + [0, 1] * 2000 + [0, 3]
    f.write(f"{len(cells)} 1\n" + " ".join(map(str, cells)) + "\n0 0\n")

# far8.in: the 8 boards of `random_big.py 300 16` (cases 4, 49, 193, 208,
# 219, 222, 226 and 249) that the one-axis frontier tables left undecided
# within 5 s: dense, start and goal far apart on both axes (answers 25-32).
sys.path.insert(0, "bench/curling")
import random_big  # noqa: E402

drawn = random_big.boards(300, 16)
with open("bench/curling/far8.in", "w") as f:
    f.write("\n".join([drawn[i - 1] for i in (4, 49, 193, 208, 219, 222, 226, 249)] + ["0 0"]) + "\n")
