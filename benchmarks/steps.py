"""Benchmark ``heyawake steps``, ``hint`` and ``grade``: time per path, grades per class.

Prints Markdown tables: one row per puzzle (steps, seconds of wall and CPU
time for the whole path, CPU seconds for a hint from the empty grid, grade),
then the median grade per class. Usage, from the repository root::

    python benchmarks/steps.py                       # the KTH suite in ../shared/kth
    python benchmarks/steps.py instances/large/20x20-s1.lp ...
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings
from pathlib import Path

from heyawake_asp import read_puzzle
from heyawake_asp.steps import LABELS, grade, hint, steps

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def _class(path: Path) -> str:
    """``easy`` for ``easy3.lp``."""
    return path.stem.rstrip("0123456789") or path.stem


def main(paths: list[Path]) -> None:
    """Print the per-puzzle and per-class tables."""
    warnings.simplefilter("ignore")
    columns = ["puzzle", "size", "steps", "path s (wall)", "path s (CPU)", "hint s (CPU)", "grade"]
    print("| " + " | ".join([*columns, "score", "hardest"]) + " |")
    print("|---|---|---|---|---|---|---|---|---|")
    labels: dict[str, list[int]] = {}
    totals = [0.0, 0.0]
    for path in paths:
        puzzle = read_puzzle(str(path))
        wall, cpu = time.perf_counter(), time.process_time()
        walk = steps(puzzle)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        start = time.process_time()
        hint(puzzle)
        hinted = time.process_time() - start
        graded = grade(walk)
        totals[0] += wall
        totals[1] += cpu
        labels.setdefault(_class(path), []).append(LABELS.index(graded.label))
        print(
            f"| {path.stem} | {puzzle.width}x{puzzle.height} | {len(walk.steps)} | {wall:.2f} | "
            f"{cpu:.2f} | {hinted:.2f} | {graded.label} | {graded.score:.1f} | "
            f"{graded.hardest_cost} ({graded.hardest_kind}) |",
            flush=True,
        )
    print(f"\nall paths: {totals[0]:.1f} s wall, {totals[1]:.1f} s CPU\n")
    print("| class | puzzles | median grade | grades |")
    print("|---|---|---|---|")
    for name, found in labels.items():
        median = LABELS[int(statistics.median_low(found))]
        counts = ", ".join(f"{LABELS[i]} {found.count(i)}" for i in sorted(set(found)))
        print(f"| {name} | {len(found)} | {median} | {counts} |")


if __name__ == "__main__":
    given = [Path(arg) for arg in sys.argv[1:]]
    order = {"easy": 0, "medium": 1, "hard": 2}
    kth = sorted(
        (SHARED / "kth").glob("*.lp"),
        key=lambda p: (order.get(_class(p), 3), int(p.stem[len(_class(p)) :] or 0)),
    )
    main(given or kth)
