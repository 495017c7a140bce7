"""Random Curling boards beyond the judge, for the uncapped-search
measurements of issue 16: side 100-150, 15-30 % blocks, start and goal on
distinct free cells, every draw from one seed (Python's `random`, so a
seed gives the same file on any machine with Python 3).

    python3 bench/curling/random_big.py COUNT SEED > boards.in
    gridpuzzle solve curling --max-throws none --timeout 5 boards.in
"""
import random
import sys


def boards(count, seed):
    """The datasets of the draw, each as its text (`w h` and the rows)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        w, h = rng.randint(100, 150), rng.randint(100, 150)
        density = rng.uniform(0.15, 0.30)
        cells = [[1 if rng.random() < density else 0 for _ in range(w)] for _ in range(h)]
        free = [(r, c) for r in range(h) for c in range(w) if cells[r][c] == 0]
        (sr, sc), (gr, gc) = rng.sample(free, 2)
        cells[sr][sc], cells[gr][gc] = 2, 3
        out.append("\n".join([f"{w} {h}"] + [" ".join(map(str, row)) for row in cells]))
    return out


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    sys.stdout.write("\n".join(boards(count, seed) + ["0 0"]) + "\n")


if __name__ == "__main__":
    main()
