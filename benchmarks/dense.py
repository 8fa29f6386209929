"""Time solve, count, analyze and explain on the dense-room puzzles, each in a fresh process.

Prints a Markdown table for ``docs/benchmarks.md``: for each puzzle of
``instances/dense/`` (or the files given), the answer and the seconds each
command takes with the default set, which maximises a dense room's black
cells first, and with ``grow_search`` (the usual search alone) under a cap.
Usage (from the repository root, with the package installed)::

    python benchmarks/dense.py [--cap 30] [PUZZLE...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
COMMANDS = (("solve",), ("count",), ("analyze",), ("explain",))


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path)
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per command")
    arguments = parser.parse_args(argv)
    puzzles = arguments.puzzles or sorted((REPO / "instances" / "dense").glob("*.*"))
    header = ["puzzle", "answer", *(name for (name,) in COMMANDS), "solve, usual search"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for path in puzzles:
        answer, seconds = _answer(path), []
        for command in COMMANDS:
            seconds.append(_timed([*command, str(path)], arguments.cap))
        usual = _timed(["solve", "--encoding", "grow_search", str(path)], arguments.cap)
        print(f"| {path.name} | {answer} | " + " | ".join([*seconds, usual]) + " |", flush=True)


def _answer(path: Path) -> str:
    """The answer recorded in the puzzle's header."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if " expect: " in line:
            return line.split(" expect: ", 1)[1]
    return "?"


def _timed(arguments: list[str], cap: float) -> str:
    """Wall seconds of one ``heyawake`` command, or ``> cap`` when it ran past the cap."""
    start = time.perf_counter()
    command = [sys.executable, "-m", "heyawake_asp", *arguments]
    try:
        subprocess.run(command, capture_output=True, timeout=cap, check=False)
    except subprocess.TimeoutExpired:
        return f"> {cap:.0f}"
    return f"{time.perf_counter() - start:.2f}"


if __name__ == "__main__":
    main()
