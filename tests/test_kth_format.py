"""The KTH reader: strict parsing, real quirks, clear errors and round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import params, shared_puzzles

from heyawake_asp import InvalidPuzzleError, Puzzle, PuzzleFormatError, PuzzleWarning, Room
from heyawake_asp.formats import kth, read_puzzle

EASY1 = Path(__file__).resolve().parents[1] / "instances" / "easy" / "easy1.lp"


def read(text: str) -> Puzzle:
    return kth.read(text, "p.lp")


def test_seed_puzzle_is_the_thesis_easy1() -> None:
    puzzle = read_puzzle(EASY1)
    assert (puzzle.width, puzzle.height, len(puzzle.rooms)) == (6, 6, 9)
    assert puzzle.rooms[0] == Room.rectangle(0, 0, 3, 0, 2)
    assert puzzle.rooms[5].clue is None


def test_comments_spacing_and_several_facts_per_line() -> None:
    puzzle = read("% header\nwidth( 2 ).height(1).  % size\nroom(1, 0,0, 1,0, -1). %0\n")
    assert puzzle.rooms == (Room.rectangle(0, 0, 1, 0),)


def test_fact_spanning_lines() -> None:
    assert read("width(1). height(1).\nroom(1,\n 0, 0, 0, 0, 0).").rooms[0].clue == 0


def test_repeated_room_id_gives_separate_rooms() -> None:
    puzzle = read("width(2). height(1). room(7,0,0,0,0,1). room(7,1,0,1,0,0).")
    assert [room.clue for room in puzzle.rooms] == [1, 0]


def test_clue_below_minus_one_is_no_number_with_warning() -> None:
    with pytest.warns(PuzzleWarning, match=r"p\.lp:2: clue -2 read as no number"):
        puzzle = read("width(1). height(1).\nroom(1,0,0,0,0,-2).")
    assert puzzle.rooms[0].clue is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "p.lp: empty puzzle"),
        ("% only a comment\n", "p.lp: empty puzzle"),
        ("width(2). height(1).\nroom(1,0,0,1,0,1)", "p.lp:2:18: missing '.' after room/6 fact"),
        ("width(2) height(1).", "p.lp:1:9: missing '.' after width/1 fact"),
        ("width(2). heigth(1).", "p.lp:1:11: unexpected 'heigth(1).'"),
        ("width(2). height(1). room(1,0,0,1,0).", "p.lp:1:22: room takes 6 arguments, got 5"),
        ("width(a). height(1).", "p.lp:1:1: width argument 'a' is not an integer"),
        ("width(2).\nheight(1).\nwidth(3).", "p.lp:3: width given twice"),
        ("height(1). room(1,0,0,0,0,0).", "p.lp: missing width/1 fact"),
        ("width(0). height(1).", "p.lp:1:1: width must be at least 1"),
        (
            "width(100000). height(100000).",
            "p.lp: grid 100000x100000 is too large: more than 1000000 cells",
        ),
        (
            "width(2). height(1).\nroom(1,0,0,0,0,-1).\nroom(2,1,0,99999999,99999999,-1).",
            "p.lp:3:1: room (1,0)-(99999999,99999999) is outside the 2x1 grid",
        ),
        (
            "width(1). height(1).\n#script (python)\nimport os\n#end.",
            "p.lp:2:1: unexpected '#script (python)'",
        ),
        ("width(1). height(1). room(1,0,0,0,0,0) :- x.", "p.lp:1:39: missing '.' after room"),
        (
            "width(2). height(1).\nroom(1,1,0,0,0,0).",
            "p.lp:2:1: room corners (1,0) and (0,0) are not top-left and bottom-right",
        ),
        (
            "width(2). height(2).\nroom(1,0,0,1,0,-1).\nroom(2,1,0,1,1,-1).\nroom(3,0,1,0,1,-1).",
            "p.lp:3:1: cell r1c2 is in two rooms: room 1 and room 2",
        ),
        (
            "width(2). height(2).\nroom(1,0,0,1,0,-1).\nroom(2,0,1,0,1,-1).",
            "p.lp: cell r2c2 is not in any room",
        ),
        (
            "width(2). height(1).\nroom(1,0,0,1,0,3).",
            "p.lp:2:1: room 1 has clue 3 but only 2 cells",
        ),
        (
            "width(2). height(1).\nroom(1,0,0,2,0,0).",
            "p.lp:2:1: room (0,0)-(2,0) is outside the 2x1 grid",
        ),
    ],
)
def test_errors_name_file_line_and_problem(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        read(text)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match="missing.lp: no such file"):
        read_puzzle(tmp_path / "missing.lp")
    with pytest.raises(PuzzleFormatError, match=r"not a regular file \(a directory\)"):
        read_puzzle(tmp_path)
    binary = tmp_path / "binary.lp"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(
        PuzzleFormatError, match=r"binary.lp:1:1: not UTF-8 text: byte 0xff at offset 0$"
    ):
        read_puzzle(binary)


def test_write_then_read_gives_the_same_puzzle() -> None:
    puzzle = read_puzzle(EASY1)
    assert kth.read(kth.write(puzzle), "again.lp") == puzzle


def test_writer_refuses_irregular_rooms() -> None:
    ell = Room(frozenset({(0, 0), (0, 1), (1, 1)}))
    puzzle = Puzzle(2, 2, (ell, Room(frozenset({(1, 0)}))))
    with pytest.raises(InvalidPuzzleError, match="the room at r1c1 is not a rectangle"):
        kth.write(puzzle)


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@pytest.mark.parametrize("path", params(shared_puzzles("kth", "public")))
def test_real_files_round_trip(path: Path) -> None:
    puzzle = read_puzzle(path)
    assert kth.read(kth.write(puzzle), "again.lp") == puzzle
