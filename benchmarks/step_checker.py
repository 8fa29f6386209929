"""Benchmark the step checker against the engine, and against an older checker.

For each puzzle: walk it with the engine (timed), then check every step
with this checker and, with ``--against REV``, with the checker of git
revision REV, the two interleaved step by step (paired). Each check stops
after ``--limit`` seconds (counted as the limit, marked ``>``). Prints a
Markdown table. Usage, from the repository root::

    python benchmarks/step_checker.py [--against main] [--limit 60] PUZZLE...
"""

from __future__ import annotations

import argparse
import importlib.util
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from types import FrameType, ModuleType

from heyawake_asp import read_puzzle
from heyawake_asp.oracles import step_checker
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.steps import Step, steps

Checker = Callable[[Puzzle, Step], list[str]]


class _OverLimit(Exception):
    """A check ran past the limit."""


def _stop(_signum: int, _frame: FrameType | None) -> None:
    raise _OverLimit


def _checker_at(revision: str) -> ModuleType:
    """The step checker module as it was at a git revision."""
    source = subprocess.run(
        ["git", "show", f"{revision}:heyawake_asp/step_checker.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "step_checker_then.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("step_checker_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timed(check: Checker, puzzle: Puzzle, step: Step, limit: int) -> tuple[float, bool]:
    """Seconds to check one step (``limit`` when cut short), and whether it was cut short."""
    signal.alarm(limit)
    start = time.process_time()
    try:
        assert check(puzzle, step) == [], step.text
    except _OverLimit:
        return float(limit), True
    finally:
        signal.alarm(0)
    return time.process_time() - start, False


def main() -> None:
    """Print one row per puzzle: engine time, checker times (total and worst step), CPU s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", type=Path)
    parser.add_argument("--against", help="git revision of a checker to pair with")
    parser.add_argument("--limit", type=int, default=60, help="seconds per check")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, _stop)
    checkers: list[Checker] = [step_checker.check_step]
    if args.against:
        checkers.append(_checker_at(args.against).check_step)
    names = ["checker s", "worst step s"]
    then = [f"{name} ({args.against})" for name in names] if args.against else []
    print("| " + " | ".join(["puzzle", "size", "steps", "engine s", *names, *then]) + " |")
    print("|---" * (4 + len(names) + len(then)) + "|")
    for path in args.puzzles:
        puzzle = read_puzzle(str(path))
        start = time.process_time()
        walk = steps(puzzle)
        engine = time.process_time() - start
        paired = [
            [_timed(check, puzzle, step, args.limit) for check in checkers] for step in walk.steps
        ]
        cells = []
        for times in zip(*paired, strict=True) if paired else [()] * len(checkers):
            cut = ">" if any(over for _, over in times) else ""
            total = sum(seconds for seconds, _ in times)
            worst = max((seconds for seconds, _ in times), default=0.0)
            cells += [f"{cut}{total:.2f}", f"{cut}{worst:.2f}"]
        row = [path.stem, f"{puzzle.width}x{puzzle.height}", str(len(walk.steps)), f"{engine:.2f}"]
        print("| " + " | ".join([*row, *cells]) + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
