"""Time solve, count, analyze and explain on the dense-room puzzles, each in a fresh process.

Prints Markdown tables for ``docs/benchmarks.md``: for each puzzle of
``instances/dense/`` (or the files given), the answer and the CPU seconds
each command takes (a fresh process) with the default set, which maximises
a dense room's black cells first, and with ``grow_search`` (the usual
search alone) under a cap;
with ``--series``, for rooms of 91 to 150 cells in a corner and in the
middle of a 20x20 grid, the room's maximum (found in this process first)
and the seconds ``solve`` takes with the clue one above it (no solution:
the proof of the maximum) and at it (the proof, then two optimal shadings);
with ``--cpsat``, the same rooms' black cells maximised by OR-Tools CP-SAT
(the ``bench`` extra; one worker, ``--cap`` seconds): the best shading
found and the bound proved.
Usage (from the repository root, with the package installed)::

    python benchmarks/dense.py [--cap 30] [--series | --cpsat] [PUZZLE...]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
from make_dense import Spec, build, most_black  # noqa: E402 - the puzzles are made by the script

from heyawake_asp.formats import write_puzzle  # noqa: E402
from heyawake_asp.puzzle import Puzzle  # noqa: E402

COMMANDS = (("solve",), ("count",), ("analyze",), ("explain",))
SERIES = [(13, 7), (10, 10), (12, 12), (16, 9), (15, 10)]
"""Room sizes of the series: width and height."""


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", type=Path)
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per command")
    parser.add_argument("--series", action="store_true", help="time the room-size series only")
    parser.add_argument("--cpsat", action="store_true", help="the series' rooms, by CP-SAT")
    arguments = parser.parse_args(argv)
    if arguments.series or arguments.cpsat:
        (_cpsat if arguments.cpsat else _series)(arguments.cap)
        return
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


def _series_puzzles() -> Iterator[tuple[int, int, str, Puzzle]]:
    """The series' puzzles: each room size in a corner and in the middle of a 20x20 grid."""
    for width, height in SERIES:
        for place, (x, y) in (
            ("corner", (0, 0)),
            ("middle", ((20 - width) // 2, (20 - height) // 2)),
        ):
            room = (x, y, x + width - 1, y + height - 1)
            yield width, height, place, build(Spec(20, 20, room, None, "max"))


def _cpsat(cap: float) -> None:
    """Maximise each series room's black cells with CP-SAT: best found and bound proved."""
    from cpsat_model import maximise_room  # the bench extra

    print("| room | place | CP-SAT best | CP-SAT bound | CPU s |")
    print("|---|---|---|---|---|")
    for width, height, place, puzzle in _series_puzzles():
        best, bound, seconds = maximise_room(puzzle, 0, cap)
        print(f"| {width}x{height} | {place} | {best} | {bound} | {seconds:.1f} |", flush=True)


def _series(cap: float) -> None:
    """Time ``solve`` on one big room per size and place, clued one above its maximum, and at it."""
    print("| room | cells | place | maximum | solve, clue above (none) | solve, clue at it |")
    print("|---|---|---|---|---|---|")
    for width, height, place, puzzle in _series_puzzles():
        most = most_black(puzzle)
        times = []
        for clue in (most + 1, most):
            clued = puzzle.with_clues([clue] + [None] * (len(puzzle.rooms) - 1))
            with tempfile.NamedTemporaryFile("w", suffix=".lp") as file:
                file.write(write_puzzle(clued, "kth"))
                file.flush()
                times.append(_timed(["solve", file.name], cap))
        row = [f"{width}x{height}", str(width * height), place, str(most), *times]
        print("| " + " | ".join(row) + " |", flush=True)


def _answer(path: Path) -> str:
    """The answer recorded in the puzzle's header."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if " expect: " in line:
            return line.split(" expect: ", 1)[1]
    return "?"


def _timed(arguments: list[str], cap: float) -> str:
    """CPU seconds of one ``heyawake`` command, or ``> cap`` when it ran past ``cap`` wall seconds.

    CPU rather than wall seconds: on a shared machine the wall clock also
    counts the other processes' turns.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "heyawake_asp", *arguments]
    try:
        subprocess.run(command, capture_output=True, timeout=cap, check=False)
    except subprocess.TimeoutExpired:
        return f"> {cap:.0f}"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return f"{spent:.2f}"


if __name__ == "__main__":
    main()
