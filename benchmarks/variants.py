"""The Heyawake family: each variant's puzzles solved and explained, as whole commands.

Each case runs ``heyawake solve`` or ``heyawake steps`` in a fresh process
``--runs`` times and reports the median wall time, start-up included (what a
user waits). The ayeheya 10x10s have rooms of at most 4x4 cells; the
15x15's are all 3x3 (it has three solutions: its path ends at the cells
they share). Usage (from the repository root, with the package installed)::

    python benchmarks/variants.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HEYAWAKE = str(Path(sys.executable).with_name("heyawake"))
CASES = [
    ("ayeheya 6x6 (pzprjs's sample)", "steps", "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk2k"),
    (
        "ayeheya 10x10 (a)",
        "steps",
        "https://puzz.link/p?ayeheya/10/10/8gh122448ohin5easto00f7g00o07vg1868o02026h140200g10001",
    ),
    (
        "ayeheya 10x10 (b)",
        "steps",
        "https://puzz.link/p?ayeheya/10/10/2a4k9c9ojh72a8kh920100vu02g103fsg0vs4g20006210g10g2i2",
    ),
    (
        "ayeheya 15x15, 3x3 rooms",
        "steps",
        "https://puzz.link/p?ayeheya/15/15/4i894gi914i2944i894gi914i2944i894gi914i294000000vvv"
        "000000vvv000000vvv000000vvv0000002313221312131312131323122",
    ),
    (
        "akichi 6x6 (pzprjs's sample)",
        "solve",
        "https://puzz.link/p?akichi/6/6/lll199007rs11434g1g0",
    ),
    ("oneroom 5x5 (pzprjs's sample)", "solve", "https://puzz.link/p?oneroom/5/5/cpj600o01h0"),
]
"""Each case: its name, the command, the puzzle."""


def median_seconds(command: list[str], runs: int) -> float:
    """The median wall time of ``command`` over ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print("| puzzle | command | median wall time |")
    print("|---|---|---|")
    for name, command, puzzle in CASES:
        seconds = median_seconds([HEYAWAKE, command, puzzle], runs)
        print(f"| {name} | `heyawake {command}` | {seconds:.2f} s |", flush=True)


if __name__ == "__main__":
    main()
