"""The puzzle model validates once, on construction."""

from __future__ import annotations

import pytest

from heyawake_asp import InvalidPuzzleError, Puzzle, Room


def test_rectangle_room() -> None:
    room = Room.rectangle(1, 2, 3, 2, 2)
    assert room.cells == {(1, 2), (2, 2), (3, 2)}
    assert room.bounds == (1, 2, 3, 2) and room.is_rectangle and room.first_cell == (1, 2)


def test_irregular_room_is_accepted() -> None:
    ell = Room(frozenset({(0, 0), (0, 1), (1, 1)}), clue=1)
    puzzle = Puzzle(2, 2, (ell, Room(frozenset({(1, 0)}))))
    assert not ell.is_rectangle and not puzzle.is_rectangular
    assert puzzle.room_index((1, 1)) == 0 and puzzle.room_index((1, 0)) == 1


@pytest.mark.parametrize(
    ("width", "height", "rooms", "message"),
    [
        (0, 1, (), "grid must be at least 1x1"),
        (1001, 1000, (), "grid 1001x1000 has more than 1000000 cells"),
        (2, 1, (Room.rectangle(0, 0, 0, 0),), r"cell r1c2 is not in any room"),
        (
            2,
            1,
            (Room.rectangle(0, 0, 1, 0), Room.rectangle(1, 0, 1, 0)),
            r"cell r1c2 is in two rooms: room 1 and room 2",
        ),
        (1, 1, (Room.rectangle(0, 0, 1, 0),), r"room 1 has cell r1c2 outside the 1x1 grid"),
        (1, 1, (Room.rectangle(0, 0, 0, 0, 2),), "room 1 has clue 2 but only 1 cells"),
        (1, 1, (Room.rectangle(0, 0, 0, 0, -1),), "room 1 has clue -1"),
        (
            3,
            1,
            (Room(frozenset({(0, 0), (2, 0)})), Room.rectangle(1, 0, 1, 0)),
            "room 1 is not orthogonally connected",
        ),
        (1, 1, (Room.rectangle(0, 0, 0, 0), Room(frozenset())), "room 2 has no cells"),
    ],
)
def test_invalid_puzzles(width: int, height: int, rooms: tuple[Room, ...], message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle(width, height, rooms)


def test_puzzles_are_immutable_and_comparable() -> None:
    one = Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 0),))
    assert one == Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 0),))
    with pytest.raises(AttributeError):
        one.width = 2  # type: ignore[misc]


def test_hidden_clue_with_a_number_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"hidden clue \('\?'\) cannot also have clue 2"):
        Room(frozenset({(0, 0)}), 2, hidden_clue=True)


def test_with_clues_drops_hidden_clues() -> None:
    puzzle = Puzzle(1, 1, (Room(frozenset({(0, 0)}), hidden_clue=True),))
    assert puzzle.rooms[0].clue_text == "?"
    assert puzzle.with_clues([None]).rooms == (Room(frozenset({(0, 0)})),)


def test_a_puzzle_pickles_small_and_back_whole() -> None:
    import pickle

    big = Puzzle(300, 300, (Room.rectangle(0, 0, 299, 299, 3),))
    assert len(pickle.dumps(big)) < 1000  # a rectangle is sent as its corners, not 90000 cells
    assert pickle.loads(pickle.dumps(big)) == big
    shapes = Puzzle(
        2, 2, (Room(frozenset({(0, 0), (1, 0), (0, 1)}), 1), Room(frozenset({(1, 1)}), None, True))
    )
    back = pickle.loads(pickle.dumps(shapes))
    assert back == shapes and back.rooms[1].hidden_clue and not back.rooms[0].is_rectangle
