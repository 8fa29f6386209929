"""Rooms are named as the puzzle's file names them: a letter, a KTH id, else the first cell."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import REPO

from heyawake_asp import Puzzle, Room, read_puzzle, verify
from heyawake_asp.cli import main
from heyawake_asp.formats import kth, text

LETTERS = "heyawake 3x1\nbba\nb=0\n"
"""Room ``b`` comes first, so its letter is not its number (1)."""


def _run(*args: str) -> str:
    """The output of a command that is expected to end normally or with exit 1."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.output


def test_steps_name_a_text_room_by_its_letter(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(LETTERS)
    assert "r1c1 and r1c2 are white: room b (clue 0) has no black cells" in _run("steps", str(path))


def test_explain_names_a_text_room_by_its_letter(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("heyawake 3x2\nabb\nabb\na=2\n")  # a column of two cannot hold two
    assert "this clue cannot hold (room shaded): 2 in room a\n" in _run("explain", str(path))
    assert _run("hint", str(path)) == "no solution: this clue cannot hold: 2 in room a\n"


def test_kth_rooms_are_named_by_their_top_left_cells(tmp_path: Path) -> None:
    """A KTH id is a label for the file, not a name a player finds on the board."""
    facts = "width(3). height(1). room(7,1,0,2,0,2). room(9,0,0,0,0,-1).\n"
    path = tmp_path / "p.lp"
    path.write_text(facts)
    said = "this clue cannot hold (room shaded): 2 in the room at r1c2\n"
    assert said in _run("explain", str(path))
    puzzle = kth.read(facts, "p.lp")
    assert [v.message for v in verify(puzzle, ["#.."])] == [
        "rule 3: the room at r1c2 has 0 black cells, its clue is 2"
    ]


def test_a_run_names_the_letters_of_its_rooms() -> None:
    puzzle = text.read("heyawake 3x1\ncab\n", "p.txt")
    assert [v.message for v in verify(puzzle, ["..."])] == [
        "rule 5: white run r1c1-r1c3 passes through rooms c, a and b"
    ]


def test_conflicting_clues_are_listed_by_name(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("heyawake 2x1\nba\na=1 b=1\n")  # two black cells side by side
    said = "these 2 clues cannot all hold: 1 in room b, 1 in room a"
    assert _run("hint", str(path)) == f"no solution: {said}\n"


@pytest.mark.parametrize("name", ["14x12-l-over.txt", "8x6-corner-over.lp"])
def test_a_dense_header_names_the_room_explain_names(name: str) -> None:
    path = REPO / "instances" / "dense" / name
    header = re.search(r"Dense room: (.+?), \d+ cells, clue (\d+)", path.read_text())
    assert header is not None
    assert f"{header[1]} has clue {header[2]} but can hold" in _run("explain", str(path))


def test_names_take_no_part_in_equality_and_survive_pickling_and_new_clues() -> None:
    puzzle = read_puzzle(REPO / "instances" / "dense" / "14x12-l-over.txt")
    unnamed = Puzzle(
        puzzle.width, puzzle.height, tuple(Room(r.cells, r.clue) for r in puzzle.rooms)
    )
    assert unnamed == puzzle and unnamed.room_name(8) == "the room at r2c2"
    assert puzzle.room_name(8) == "room i"
    assert pickle.loads(pickle.dumps(puzzle)).room_name(8) == "room i"
    assert puzzle.with_clues([None] * len(puzzle.rooms)).room_name(8) == "room i"


def test_a_puzzle_with_some_rooms_unnamed_names_them_all_by_cells() -> None:
    puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 0, 0, name="a"), Room.rectangle(1, 0, 1, 0)))
    assert (puzzle.room_name(0), puzzle.room_noun(2)) == ("the room at r1c1", "the rooms at")
