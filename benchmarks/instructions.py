"""Count the instructions that solving takes, per encoding set: a clock-free comparison.

On a shared machine wall-clock times of the same run vary by tens of
percent, which hides differences of a few percent between formulations.
Instruction counts from valgrind (``cachegrind``, no cache simulation) do
not vary between runs. They are a proxy for time, not time: memory traffic
is not counted, so confirm a choice with ``heyawake suite`` on large grids.

Usage (from the repository root, with the package installed and valgrind
on the PATH)::

    python benchmarks/instructions.py reach reach_segments reach_crossed

Each cell is the instructions (millions) spent reading, solving, proving
unique and checking the puzzles of a group, minus those of a run that only
starts up and reads them.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from heyawake_asp import read_puzzle, solve, verify

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
GROUPS = {
    "KTH (30)": sorted((SHARED / "kth").glob("*.lp")),
    "cneil 35x35 (3)": [SHARED / "public" / f"cneil-puzzle{n}.lp" for n in (1, 4, 8)],
}
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def main(argv: Sequence[str] | None = None) -> None:
    """Print a Markdown table of instruction counts, one row per encoding set."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("encodings", nargs="+", help="encoding set names or paths")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind not found: install it (e.g. apt install valgrind) to count instructions")
    groups = {name: paths for name, paths in GROUPS.items() if all(p.is_file() for p in paths)}
    if not groups:
        sys.exit(f"no puzzles found under {SHARED}")
    print("| encoding | " + " | ".join(f"{name}, M instructions" for name in groups) + " |")
    print("|---|" + "---|" * len(groups))
    for encoding in args.encodings:
        counts = [_solving_instructions(encoding, paths) for paths in groups.values()]
        print(f"| `{encoding}` | " + " | ".join(f"{count / 1e6:,.0f}" for count in counts) + " |")


def _solving_instructions(encoding: str, paths: list[Path]) -> int:
    """Instructions to solve and check ``paths``, less those to start and read them."""
    return _instructions(encoding, paths, solve=True) - _instructions(encoding, paths, solve=False)


def _instructions(encoding: str, paths: list[Path], *, solve: bool) -> int:
    """Instructions of one child process under valgrind."""
    mode = "solve" if solve else "read"
    return counted([__file__, "--child", encoding, mode, *map(str, paths)])


def counted(arguments: Sequence[str], **run: Any) -> int:
    """The instructions of ``python ARGUMENTS`` under valgrind (``run``: `subprocess.run`'s)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        *arguments,
    ]
    finished = subprocess.run(command, capture_output=True, text=True, check=True, **run)
    match = _REFS.search(finished.stderr)
    if match is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{finished.stderr}")
    return int(match.group(1).replace(",", ""))


def _child(encoding: str, mode: str, paths: Sequence[str]) -> None:
    """Read the puzzles, solve one to warm up, then (mode ``solve``) solve and check all."""
    puzzles = [read_puzzle(path) for path in paths]
    solve(puzzles[0], encoding)
    if mode == "solve":
        for puzzle in puzzles:
            result = solve(puzzle, encoding)
            assert result.solutions and not verify(puzzle, result.solutions[0])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        main()
