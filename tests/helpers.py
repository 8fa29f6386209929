"""Helpers shared by the test modules: the real puzzle suites, reading drawn grids and records."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark import ParameterSet

from heyawake_asp import Puzzle
from heyawake_asp.steps import Reason, Rule, Step

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SUITES = ("kth", "public")
FIXTURE = re.compile(r"^%\s*fixture:", re.MULTILINE)
"""The header line of a shipped puzzle that is the test suite's alone (not for players)."""
STATS_KEYS = [
    "ground_seconds",
    "solve_seconds",
    "total_seconds",
    "atoms",
    "rules",
    "choices",
    "conflicts",
]
"""The documented keys of the statistics, in order."""
QUICK_EXAMPLES = 25
"""Examples of each property test in the default run (the hypothesis profiles: conftest.py)."""
THOROUGH_EXAMPLES = 250
"""Examples of each property test in a run of the slow tests."""
IRREGULAR_PUZZLES = {
    "l-shapes": (
        "heyawake 4x4\naabb\nacbb\naccd\neeed\na=1 b=2 d=1\n",
        ("#..#", "..#.", ".#..", "...#"),
    ),
    "u-shape": (
        "heyawake 4x4\nabba\nabba\naaaa\ncccd\na=3 b=1 c=1\n",
        ("#..#", ".#..", "..#.", "#..."),
    ),
    "ring": (
        "heyawake 4x5\naaaa\nabca\nadda\naeea\naaaa\na=3 b=1 e=0\n",
        ("...#", ".#..", "..#.", "...#", ".#.."),
    ),
}
"""Puzzles with L-, U- and ring-shaped rooms: name: (the puzzle as text, its solution)."""


def shared_puzzles(*suites: str) -> list[Path]:
    """The puzzle files of the given suites (empty when ../shared is absent)."""
    return sorted(path for suite in suites for path in (SHARED / suite).glob("*.lp"))


def require_shared() -> None:
    """Skip the calling test when the real suites are not beside the checkout."""
    if not (SHARED / "kth").is_dir():
        pytest.skip("../shared/kth not found: the real puzzle suites are not available")


def params(paths: list[Path]) -> list[object]:
    """Parametrize over puzzle files, or one skipped case when there are none."""
    if paths:
        return [pytest.param(path, id=path.stem) for path in paths]
    reason = "../shared not found: the real puzzle suites are not available"
    return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-shared")]


def slow_unless(fast: Callable[[str], bool], cases: Iterable[object]) -> list[ParameterSet]:
    """Cases made with `pytest.param`: those whose id ``fast`` accepts run by default.

    The others are marked slow: they run with ``pytest -m slow``.
    """
    marked = []
    for case in cases:
        assert isinstance(case, ParameterSet) and isinstance(case.id, str), case
        if not fast(case.id):
            case = pytest.param(*case.values, marks=[*case.marks, pytest.mark.slow], id=case.id)
        marked.append(case)
    return marked


def by_name(paths: Iterable[Path], name: Callable[[Path], str] = lambda p: p.stem) -> list[object]:
    """One case per file, its id the file's ``name``."""
    return [pytest.param(path, id=name(path)) for path in paths]


def parse_text_grid(lines: list[str], puzzle: Puzzle) -> tuple[str, ...]:
    """Read the shading back from a drawn grid, checking the room borders on the way."""
    assert len(lines) == 2 * puzzle.height + 1
    width = 4 * puzzle.width + 1
    assert all(len(line) == width for line in lines), lines
    rows = []
    for y in range(puzzle.height):
        border, cells = lines[2 * y], lines[2 * y + 1]
        row = ""
        for x in range(puzzle.width):
            text = cells[4 * x + 1 : 4 * x + 4]
            row += "#" if "█" in text else "."
            if x > 0:
                wall = puzzle.room_index((x - 1, y)) != puzzle.room_index((x, y))
                assert (cells[4 * x] == "┃") == wall, (x, y)
            if y > 0:
                wall = puzzle.room_index((x, y - 1)) != puzzle.room_index((x, y))
                assert (border[4 * x + 1 : 4 * x + 4] == "━━━") == wall, (x, y)
        rows.append(row)
    return tuple(rows)


def step_of(record: dict[str, Any]) -> Step:
    """A step's JSON record (``steps --json``, the API) read back, for the step checker."""

    def settled(cells: list[dict[str, Any]]) -> tuple[tuple[tuple[int, int], bool], ...]:
        return tuple(((cell["x"], cell["y"]), cell["black"]) for cell in cells)

    rules = tuple(
        Rule(
            rule["kind"],
            tuple((cell["x"], cell["y"]) for cell in rule["cells"]),
            None if rule["room"] is None else rule["room"] - 1,
        )
        for rule in record["rules"]
    )
    reason = Reason(rules, settled(record["known"]))
    return Step(settled(record["settles"]), reason, record["kind"], record["cost"], record["text"])
