"""Count the instructions of hints and of a walk, this checkout against another: a clock-free pair.

On a shared machine one hint's time varies by a third from run to run,
which hides changes of a few percent to the steps engine. Instruction
counts (valgrind's cachegrind, no cache simulation) do not vary between
runs. They are a proxy for time, not time: memory traffic is not counted,
so confirm a large change with ``benchmarks/large_paths.py``.

Usage (from the repository root, valgrind on the PATH)::

    python benchmarks/hint_instructions.py --before /path/to/other/checkout [--jobs N]

The hints are asked of ``instances/large/45x31-p1.lp`` from the empty
grid and from the grids just before the three slowest steps of this
checkout's path (one walk, timed, not counted: the worst hints come
there, and which steps are slowest varies from run to run). Each
count is a fresh process importing from one checkout, less a process that
only imports the package and reads the puzzle: the hint's own
instructions, or the walk's (``instances/large/20x20-s1.lp``, whole). The
two checkouts' processes run side by side, ``--jobs`` at a time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from instructions import counted

HERE = Path(__file__).resolve().parent.parent
HINTED = HERE / "instances" / "large" / "45x31-p1.lp"
WALKED = HERE / "instances" / "large" / "20x20-s1.lp"
SLOWEST = 3

_GRIDS = """\
import sys, time
from heyawake_asp import read_puzzle
from heyawake_asp.steps import steps
from heyawake_asp.steps.walk import grid_of
puzzle = read_puzzle(sys.argv[1])
ends = [time.process_time()]
path = steps(puzzle, on_step=lambda _: ends.append(time.process_time())).steps
spent = [end - start for start, end in zip(ends, ends[1:])]
for number in [0, *sorted(range(len(path)), key=spent.__getitem__)[-int(sys.argv[3]) :]]:
    known = {cell: black for step in path[:number] for cell, black in step.cells}
    with open(f"{sys.argv[2]}/{number}.txt", "w") as grid:
        grid.write("\\n".join(grid_of(puzzle, known)) + "\\n")
print(len(path))
"""
_COUNTED = """\
import sys
from heyawake_asp import read_puzzle
from heyawake_asp.steps import hint, read_partial, steps
mode, puzzle = sys.argv[1], read_puzzle(sys.argv[2])
given = read_partial(open(sys.argv[3]).read(), sys.argv[3], puzzle) if len(sys.argv) > 3 else {}
if mode == "hint":
    assert hint(puzzle, given).step is not None
elif mode == "walk":
    assert steps(puzzle).status == "solved"
"""
"""A counted process: ``MODE PUZZLE [GRID]``; mode ``start`` only imports and reads."""


def instructions(checkout: Path, mode: str, puzzle: Path, grid: Path | None = None) -> int:
    """The instructions of one process importing from ``checkout``, under valgrind."""
    arguments = ["-c", _COUNTED, mode, str(puzzle), *([str(grid)] if grid else [])]
    # From the checkout: ``-c`` puts the working directory first, before PYTHONPATH.
    return counted(arguments, cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)})


@dataclass(frozen=True)
class Case:
    """A row of the table: a hint from ``grid`` (None: the whole walk) of ``puzzle``."""

    name: str
    mode: str
    puzzle: Path
    grid: Path | None = None


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: install it (e.g. apt install valgrind) to count instructions")
    before, after = arguments.before.resolve(), HERE
    sides = (before, after)
    with tempfile.TemporaryDirectory() as folder:
        walked = subprocess.run(
            [sys.executable, "-c", _GRIDS, str(HINTED), folder, str(SLOWEST)],
            check=True,
            capture_output=True,
            text=True,
            cwd=HERE,
            env={**os.environ, "PYTHONPATH": str(HERE)},
        )
        length = int(walked.stdout)
        cases = [
            Case(f"hint, 45x31-p1 {_where(grid, length)}", "hint", HINTED, grid)
            for grid in sorted(Path(folder).glob("*.txt"), key=lambda grid: int(grid.stem))
        ]
        cases.append(Case("walk, 20x20-s1 whole", "walk", WALKED))
        # Start-up (imports, the puzzle read) is counted once per puzzle and checkout.
        runs = [
            *(
                (checkout, case.mode, case.puzzle, case.grid)
                for case in cases
                for checkout in sides
            ),
            *(
                (checkout, "start", puzzle, None)
                for puzzle in (HINTED, WALKED)
                for checkout in sides
            ),
        ]
        with ThreadPoolExecutor(arguments.jobs) as pool:
            counts = dict(zip(runs, pool.map(lambda run: instructions(*run), runs), strict=True))
    print("| case | before (M instructions) | after (M instructions) | after/before |")
    print("|---|---|---|---|")
    for case in cases:
        old, new = (
            counts[(checkout, case.mode, case.puzzle, case.grid)]
            - counts[(checkout, "start", case.puzzle, None)]
            for checkout in sides
        )
        print(f"| {case.name} | {old / 1e6:,.0f} | {new / 1e6:,.0f} | {new / old:.3f} |")


def _where(grid: Path, length: int) -> str:
    """Which grid of the path a hint is asked from."""
    number = int(grid.stem)
    return "from the empty grid" if number == 0 else f"before step {number + 1} of {length}"


if __name__ == "__main__":
    main()
