"""Two threads against one: whether clingo's calls run side by side in one process.

A cold hint on a large grid builds a local program for each group of the
rooms' scopes (`heyawake_asp.steps.planner`) and asks it once; each
program is a `clingo.Control` of its own, so two threads could share the
groups. This times the groups of a puzzle's rooms level, built only and
built then asked (one cautious question each, as `Deducer.consequences`
asks), by one thread and by two, in turn (A B A B ...), and prints the
median of the pairs' ratios (two threads' wall time over one's) per
puzzle. Usage, from the repository root::

    python benchmarks/threads.py                 # 45x31-p1 to -p3
    python benchmarks/threads.py PUZZLE ...
"""

from __future__ import annotations

import functools
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from heyawake_asp import Puzzle, read_puzzle
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.local import LocalProgram
from heyawake_asp.steps.model import Rule
from heyawake_asp.steps.planner import _ROOMS, Planner, _groups

REPO = Path(__file__).resolve().parents[1]
DEFAULT = [REPO / f"instances/large/45x31-p{seed}.lp" for seed in (1, 2, 3)]
PAIRS = 5


def rooms_groups(puzzle: Puzzle) -> list[list[Rule]]:
    """The rules of each group of the rooms' scopes, as a walk's first refresh packs them."""
    planner = Planner(Deducer(puzzle))
    scopes = planner._index[_ROOMS]
    groups = _groups(list(scopes), planner._cells)
    return [[rule for scope in group for rule in planner.scopes[scope]] for group in groups]


def seconds(work: Callable[[list[Rule]], object], groups: list[list[Rule]], threads: int) -> float:
    """Wall seconds of ``work`` on every group, by ``threads`` threads."""
    start = time.perf_counter()
    if threads == 1:
        for rules in groups:
            work(rules)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(work, groups))
    return time.perf_counter() - start


def _asked(puzzle: Puzzle, rules: list[Rule]) -> None:
    """Build ``rules``' program and ask it once what they force (a cautious enumeration)."""
    control = LocalProgram(puzzle, rules).control
    control.configuration.solve.enum_mode = "cautious"  # type: ignore[union-attr]
    control.configuration.solve.models = "0"  # type: ignore[union-attr]
    control.solve()


def main(paths: list[Path]) -> None:
    """Print one row per puzzle: the groups, one thread's seconds, the two ratios."""
    print(
        "| puzzle | groups | built s (1 thread) | built, 2 threads / 1 | built and asked s "
        "(1 thread) | built and asked, 2 threads / 1 |"
    )
    print("|---|---|---|---|---|---|")
    for path in paths:
        puzzle = read_puzzle(str(path))
        groups = rooms_groups(puzzle)
        built = functools.partial(LocalProgram, puzzle)
        asked = functools.partial(_asked, puzzle)
        row = [path.stem, str(len(groups))]
        for work in (built, asked):
            ones, ratios = [], []
            for _ in range(PAIRS):
                one = seconds(work, groups, 1)
                ones.append(one)
                ratios.append(seconds(work, groups, 2) / one)
            row += [f"{statistics.median(ones):.2f}", f"{statistics.median(ratios):.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main([Path(arg) for arg in sys.argv[1:]] or DEFAULT)
