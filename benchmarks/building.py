"""Seconds to read and build the largest puzzles, this checkout against another, paired.

Usage::

    python benchmarks/building.py --before /path/to/other/checkout [--repeat 3]

Each case runs in a fresh process, alternately on the other checkout and on
this one (``PYTHONPATH``), so that both see the same load; the table gives
the median of each and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CASES = {
    "10^6 rooms built (Room.rectangle, Puzzle)": (
        "from heyawake_asp.puzzle import Puzzle, Room\n"
        "rooms = tuple(Room.rectangle(x, y, x, y) for y in range(1000) for x in range(1000))\n"
        "Puzzle(1000, 1000, rooms)\n"
    ),
    "10^6 rooms read from a URL": (
        "from heyawake_asp.formats import url\n"
        "url.read('https://puzz.link/p?heyawake/1000/1000/' + 'v' * 399600 + 'z' * 50000, 'u')\n"
    ),
    "one 1000x1000 room read from a URL": (
        "from heyawake_asp.formats import url\n"
        "url.read('https://puzz.link/p?heyawake/1000/1000/' + '0' * 399600 + 'g', 'u')\n"
    ),
}
TIMED = "import time\nstart = time.perf_counter()\n{body}print(time.perf_counter() - start)\n"


def seconds(checkout: Path, body: str) -> float:
    """The time ``body`` takes in a fresh process importing from ``checkout``."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", TIMED.format(body=body)],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print("| case | before (s) | after (s) | after/before |")
    print("|---|---|---|---|")
    for name, body in CASES.items():
        before: list[float] = []
        after: list[float] = []
        for _ in range(arguments.repeat):
            before.append(seconds(arguments.before, body))
            after.append(seconds(HERE, body))
        old, new = statistics.median(before), statistics.median(after)
        print(f"| {name} | {old:.2f} | {new:.2f} | {new / old:.2f} |")


if __name__ == "__main__":
    main()
