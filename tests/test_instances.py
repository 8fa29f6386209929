"""Every generated puzzle in instances/ is valid, uniquely solved and reproducible."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import cast

import pytest
from helpers import REPO, by_name, slow_unless

from heyawake_asp import read_puzzle, solve, verify
from heyawake_asp.authoring.generate import ClueDensity, generate, write_generated
from heyawake_asp.authoring.tiling import RoomSize
from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.steps import grade_puzzle
from heyawake_asp.steps.grading import BOUNDS
from heyawake_asp.web.content import GRADED_MOST_CELLS, Content

INSTANCES = sorted(
    path for path in (REPO / "instances").rglob("*.lp") if path.parent.name != "dense"
)  # instances/dense/ holds unsolvable and ambiguous puzzles: tests/test_dense.py
_COMMAND = re.compile(
    r"heyawake generate --size (\d+)x(\d+) --seed (\d+) --rooms (\w+) --clues (\w+)"
)


@pytest.mark.parametrize(
    "path",
    slow_unless(
        lambda name: name.startswith("easy/"),
        by_name(INSTANCES, lambda path: str(path.relative_to(REPO / "instances"))),
    ),
)
def test_instance_is_valid_and_unique(path: Path) -> None:
    puzzle = read_puzzle(path)
    result = solve(puzzle, max_solutions=1)
    assert result.status == "solved" and result.unique is True
    assert verify(puzzle, result.solutions[0]) == []


def test_suite_has_every_class() -> None:
    counts = {
        folder: len(list((REPO / "instances" / folder).glob("*x*-s*.lp")))
        for folder in ("easy", "medium", "hard", "large")
    }
    assert counts["easy"] == counts["medium"] == counts["hard"] == 10
    assert counts["large"] >= 4
    assert (REPO / "instances" / "easy" / "easy1.lp").is_file()


@pytest.mark.parametrize(
    "path",
    slow_unless(
        lambda name: name in ("6x6-s1.lp", "9x9-s1.lp"),
        by_name(
            [p for p in INSTANCES if p.parent.name in ("easy", "medium") and p.name != "easy1.lp"],
            lambda path: path.name,
        ),
    ),
)
def test_generated_instance_is_reproduced_from_its_header(path: Path) -> None:
    text = path.read_text()
    match = _COMMAND.search(text.splitlines()[0])
    assert match, "the first line must record the generate command"
    width, height, seed, rooms, clues = match.groups()
    made = generate(
        int(width),
        int(height),
        int(seed),
        rooms=cast(RoomSize, rooms),
        clues=cast(ClueDensity, clues),
    )
    assert write_generated(made) == text


@pytest.mark.slow
def test_a_published_like_instance_is_reproduced_by_its_script(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(REPO / "scripts"))
    script = importlib.import_module("make_instances")
    path = REPO / "instances" / "large" / "45x31-p2.lp"
    made = generate(45, 31, 2, clues="dense")
    thinned, header = script.published_like(made, script.PUBLISHED_SHARE)
    assert write_generated(thinned, "kth", header) == path.read_text()
    numbered = sum(room.clue is not None for room in thinned.puzzle.rooms)
    assert numbered == round(script.PUBLISHED_SHARE * len(thinned.puzzle.rooms))


CONTENT = Content.load()
GRADED = [
    name
    for name in CONTENT.players
    if read_puzzle_text(CONTENT.instances[name], name).cell_count <= GRADED_MOST_CELLS
]


def test_every_small_puzzle_of_the_players_list_and_no_other_has_a_grade() -> None:
    written = json.loads((REPO / "instances" / "grades.json").read_text(encoding="utf-8"))
    assert list(written) == GRADED  # none missing, none stale, in the list's order
    assert CONTENT.grades == written and len(GRADED) > 30


@pytest.mark.slow
@pytest.mark.parametrize("name", GRADED)
def test_a_players_puzzle_is_listed_with_the_grade_its_walk_gives(name: str) -> None:
    """As the board's Grade walks it: stopped once past the expert bound
    (``python scripts/grade_players.py`` writes the list again)."""
    puzzle = read_puzzle_text(CONTENT.instances[name], name)
    assert grade_puzzle(puzzle, stop_above=BOUNDS[-1]).label == CONTENT.grades[name]
