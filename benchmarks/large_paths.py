"""Benchmark the paths and hints of large puzzles: the whole path, and ``heyawake hint`` along it.

For each puzzle: the path's steps, its seconds (wall and CPU, in this
process), its slowest step (CPU) and hardest step; then the whole
``heyawake hint`` command (a fresh process, start-up included) from the
partial grids the path reaches at 0, 25, 50, 75 and 90% of its steps and
just before its three slowest steps (a hint asks cold what the path had
asked before: the worst hints come there): the median and the largest wall
time. Usage, from the repository root::

    python benchmarks/large_paths.py                 # instances/large up to 45x31, cneil's 35x35s
    python benchmarks/large_paths.py PUZZLE ...
"""

from __future__ import annotations

import itertools
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

from heyawake_asp import Puzzle, Walkthrough, grade, read_puzzle, walkthrough
from heyawake_asp.steps.walk import grid_of

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
FRACTIONS = (0.0, 0.25, 0.5, 0.75, 0.9)
DEFAULT = [
    ROOT / "instances/large/35x35-s1.lp",
    ROOT / "instances/large/45x31-s1.lp",
    *(SHARED / f"public/cneil-puzzle{n}.lp" for n in (1, 4, 8)),
]


def hint_seconds(path: Path, grid: tuple[str, ...]) -> float:
    """Wall seconds of the whole ``heyawake hint`` command from ``grid``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as given:
        given.write("\n".join(grid) + "\n")
        given.flush()
        command = [sys.executable, "-m", "heyawake_asp", "hint", str(path), "--given", given.name]
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        return time.perf_counter() - start


def timed_walk(puzzle: Puzzle) -> tuple[Walkthrough, list[float]]:
    """The path, and the CPU seconds each of its steps took."""
    ends = [time.process_time()]  # the clock at the start, then as each step is found
    walk = walkthrough(puzzle, on_step=lambda _: ends.append(time.process_time()))
    return walk, [now - before for before, now in itertools.pairwise(ends)]


def main(paths: list[Path]) -> None:
    """Print one row per puzzle."""
    warnings.simplefilter("ignore")
    columns = ["puzzle", "size", "steps", "path s (wall)", "path s (CPU)", "slowest step s"]
    columns += ["hardest"]
    print("| " + " | ".join([*columns, "hint s median", "hint s max"]) + " |")
    print("|---" * (len(columns) + 2) + "|")
    for path in paths:
        puzzle = read_puzzle(str(path))
        wall, cpu = time.perf_counter(), time.process_time()
        walk, spent = timed_walk(puzzle)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        graded = grade(walk)
        slowest = sorted(range(len(spent)), key=spent.__getitem__)[-3:]
        points = {int(len(walk.steps) * fraction) for fraction in FRACTIONS} | set(slowest)
        hints = []
        for point in sorted(points):
            known = {cell: black for step in walk.steps[:point] for cell, black in step.cells}
            hints.append(hint_seconds(path, grid_of(puzzle, known)))
        print(
            f"| {path.stem} | {puzzle.width}x{puzzle.height} | {len(walk.steps)} | {wall:.1f} | "
            f"{cpu:.1f} | {max(spent, default=0):.1f} | {graded.hardest_cost} "
            f"({graded.hardest_kind}) | {statistics.median(hints):.2f} | {max(hints):.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main([Path(arg) for arg in sys.argv[1:]] or [p for p in DEFAULT if p.exists()])
