"""Time this checkout against another, paired: the KTH pass, 35x35 puzzles, large builds.

Usage (from the repository root)::

    python benchmarks/paired.py --before /path/to/other/checkout [--repeat 5] [--small]

Each case runs in a fresh process, alternately on the other checkout and on
this one (``PYTHONPATH``), so that both see the same load; the table gives
the median of each and the median of the ratios pair by pair (steadier
than the ratio of the medians when the machine's speed drifts). ``--small``
leaves out the 10^6-room cases (half a minute a run). The cases use only the public API
(``heyawake_asp.read_puzzle``, ``solve``, ``verify``) and the format
readers, so any two versions since 0.3.0 can be paired. The real puzzles
are read from ``../shared/`` beside this checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SHARED = HERE.parent / "shared"

KTH_PASS = f"""\
import glob
from heyawake_asp import read_puzzle, solve, verify
puzzles = [read_puzzle(path) for path in sorted(glob.glob({str(SHARED / "kth" / "*.lp")!r}))]
start = time.perf_counter()
for puzzle in puzzles:
    result = solve(puzzle)
    assert result.unique and not verify(puzzle, result.solutions[0])
"""
DENSE_35 = f"""\
from heyawake_asp import read_puzzle, solve
puzzles = [read_puzzle({str(SHARED / "public")!r} + f"/cneil-puzzle{{n}}.lp") for n in (1, 4, 8)]
start = time.perf_counter()
for puzzle in puzzles:
    assert solve(puzzle).solutions
"""
SMALL = {
    "30 KTH puzzles in one process: solve, prove unique, check": KTH_PASS,
    "three 35x35 puzzles (cneil 1, 4, 8): ground + solve": DENSE_35,
}
LARGE = {
    "10^6 rooms built (Room.rectangle, Puzzle)": (
        "from heyawake_asp.puzzle import Puzzle, Room\n"
        "rooms = tuple(Room.rectangle(x, y, x, y) for y in range(1000) for x in range(1000))\n"
        "Puzzle(1000, 1000, rooms)\n"
    ),
    "10^6 rooms read from a URL": (
        "from heyawake_asp.formats import url\n"
        "url.read('https://puzz.link/p?heyawake/1000/1000/' + 'v' * 399600 + 'z' * 50000, 'u')\n"
    ),
}
TIMED = "import time\nstart = time.perf_counter()\n{body}print(time.perf_counter() - start)\n"
"""A case's body may set ``start`` again, after its set-up, to time only what follows."""


def seconds(checkout: Path, body: str) -> float:
    """The time ``body`` takes in a fresh process importing from ``checkout``."""
    checkout = checkout.resolve()
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    # From the checkout: ``-c`` puts the working directory first, before PYTHONPATH.
    done = subprocess.run(
        [sys.executable, "-c", TIMED.format(body=body)],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=checkout,
    )
    return float(done.stdout)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--small", action="store_true", help="leave out the 10^6-room cases")
    arguments = parser.parse_args()
    cases = SMALL if arguments.small else {**SMALL, **LARGE}
    print("| case | before (s) | after (s) | after/before |")
    print("|---|---|---|---|")
    for name, body in cases.items():
        before: list[float] = []
        after: list[float] = []
        for _ in range(arguments.repeat):
            before.append(seconds(arguments.before, body))
            after.append(seconds(HERE, body))
        old, new = statistics.median(before), statistics.median(after)
        ratio = statistics.median(b / a for a, b in zip(before, after, strict=True))
        print(f"| {name} | {old:.3f} | {new:.3f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
