"""Dense rooms: puzzles whose big room's clue is at, or above, its maximum.

The maxima of the small puzzles are found by brute force over every shading
with the independent checker, and every set's answers compared with the
usual search (``grow_search``). The instances' solutions pass the checker;
their unique ones are settled by the usual search too, and their "none"
answers again with another formulation of the rules (``reach``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import REPO, by_name, slow_unless

from heyawake_asp import Puzzle, Room, list_encodings, read_puzzle, solve, verify
from heyawake_asp.asp.bounds import dense_rooms
from heyawake_asp.cli import main
from heyawake_asp.oracles.checker import is_valid
from heyawake_asp.puzzle import Cell
from heyawake_asp.queries import analyze, count_solutions, explain

DENSE = sorted((REPO / "instances" / "dense").glob("*.*"))
_EXPECT = re.compile(r"^[%#] expect: (unique|several|none)$", re.MULTILINE)


def _corner_puzzle(clue: int | None) -> Puzzle:
    """A 5x5 grid: a 4x5 room (20 cells) and a column of three small rooms."""
    return Puzzle(
        5,
        5,
        (
            Room.rectangle(0, 0, 3, 4, clue),
            Room.rectangle(4, 0, 4, 1),
            Room.rectangle(4, 2, 4, 2),
            Room.rectangle(4, 3, 4, 4),
        ),
    )


def _l_puzzle(clue: int | None) -> Puzzle:
    """A 6x5 grid: an L of 21 cells in the middle-left, small rooms around it."""
    big = {(x, y) for x in range(5) for y in range(5)} - {(3, 3), (4, 3), (3, 4), (4, 4)}
    rest = [
        Room.rectangle(3, 3, 4, 4),
        Room.rectangle(5, 0, 5, 1),
        Room.rectangle(5, 2, 5, 3),
        Room.rectangle(5, 4, 5, 4),
    ]
    return Puzzle(6, 5, (Room(frozenset(big), clue), *rest))


@functools.cache
def _most(make: Callable[[int | None], Puzzle]) -> int:
    """The brute-force maximum of room 0 of the puzzle ``make`` builds."""
    return _brute_force_most(make(None))


def _brute_force_most(puzzle: Puzzle) -> int:
    """The most black cells room 0 holds in any valid shading, by trying every shading."""
    cells = sorted(puzzle.cells(), key=lambda cell: (cell[1], cell[0]))
    room = puzzle.rooms[0].cells
    best = -1

    def shade(index: int, black: set[Cell], held: int) -> None:
        nonlocal best
        left = sum(cell in room for cell in cells[index:])
        if held + left <= best:
            return
        if index == len(cells):
            grid = tuple(
                "".join("#" if (x, y) in black else "." for x in range(puzzle.width))
                for y in range(puzzle.height)
            )
            if is_valid(puzzle, grid):
                best = held
            return
        x, y = cells[index]
        if (x - 1, y) not in black and (x, y - 1) not in black:
            shade(index + 1, black | {(x, y)}, held + ((x, y) in room))
        shade(index + 1, black, held)

    shade(0, set(), 0)
    return best


@pytest.mark.parametrize("make", [_corner_puzzle, _l_puzzle], ids=["corner", "l-shape"])
def test_clue_at_and_above_the_maximum_found_by_brute_force(
    make: Callable[[int | None], Puzzle],
) -> None:
    most = _most(make)
    at, above = make(most), make(most + 1)
    assert dense_rooms(at) == (0,)
    solved = solve(at, max_solutions=0)
    assert solved.status == "solved" and solved.unique is not None
    assert all(verify(at, grid) == [] for grid in solved.solutions)
    usual = solve(at, "grow_search", max_solutions=0)
    assert set(solved.solutions) == set(usual.solutions)
    assert count_solutions(at).count == len(usual.solutions)
    assert analyze(at).solvable
    assert solve(above, max_solutions=0).status == "unsatisfiable"
    assert count_solutions(above).count == 0
    assert not analyze(above).solvable
    assert explain(above).rooms == (0,) and explain(above).most == most
    assert explain(at).satisfiable


def test_a_dense_room_below_its_maximum_is_not_named_by_explain() -> None:
    # Room 1 (7 cells in a row, clue 7) cannot hold its clue; the dense room can hold more.
    puzzle = Puzzle(7, 6, (Room.rectangle(0, 0, 6, 4, 11), Room.rectangle(0, 5, 6, 5, 7)))
    assert dense_rooms(puzzle) == (0,)
    assert explain(puzzle).rooms == (1,) and explain(puzzle).most is None


def test_analysis_of_dense_puzzle_matches_its_solutions() -> None:
    puzzle = _corner_puzzle(_most(_corner_puzzle))
    solutions = solve(puzzle, "grow_search", max_solutions=0).solutions
    ambiguity = analyze(puzzle)
    cells = set(puzzle.cells())
    always = {(x, y) for x, y in cells if all(grid[y][x] == "#" for grid in solutions)}
    never = {(x, y) for x, y in cells if all(grid[y][x] == "." for grid in solutions)}
    assert ambiguity.black == always and ambiguity.white == never


@pytest.mark.parametrize("encoding", [e.name for e in list_encodings()])
def test_every_set_maximises_as_it_searches(encoding: str) -> None:
    most = _most(_corner_puzzle)
    for clue in (most - 1, most, most + 1):
        puzzle = _corner_puzzle(clue)
        maximised = solve(puzzle, encoding, max_solutions=0)
        usual = solve(puzzle, "grow_search", max_solutions=0)
        assert (maximised.status, set(maximised.solutions)) == (
            usual.status,
            set(usual.solutions),
        )


def test_small_or_loose_rooms_are_not_dense() -> None:
    small = Puzzle(4, 4, (Room.rectangle(0, 0, 3, 3, 6),))
    loose = Puzzle(7, 5, (Room.rectangle(0, 0, 6, 4, 5),))
    assert dense_rooms(small) == () and dense_rooms(loose) == ()


def test_explain_command_names_the_room_and_its_maximum(tmp_path: Path) -> None:
    most = _most(_corner_puzzle)
    path = tmp_path / "over.json"
    from heyawake_asp.formats import write_puzzle

    path.write_text(write_puzzle(_corner_puzzle(most + 1), "json"))
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert (
        f"the room at r1c1 has clue {most + 1} but can hold at most {most} black cells"
        in result.output
    )


@pytest.mark.parametrize(
    "path",
    slow_unless(
        lambda name: not name.startswith(("17x9", "20x20")),  # seconds each: slow
        by_name(DENSE, lambda path: path.name),
    ),
)
def test_dense_instance_answer(path: Path) -> None:
    expected = _EXPECT.search(path.read_text())
    assert expected, "the header must record the expected answer"
    puzzle = read_puzzle(path)
    result = solve(puzzle, max_solutions=2, timeout=60)
    assert all(verify(puzzle, grid) == [] for grid in result.solutions)
    if expected[1] == "none":
        assert result.status == "unsatisfiable"
        # Cross-checked with another formulation of the rules (reach's
        # connectivity and rule 5); the method itself is checked against
        # brute force above.
        assert solve(puzzle, "reach", check_unique=False, timeout=60).status == "unsatisfiable"
    elif expected[1] == "unique":
        assert result.unique is True
        # These small ones the usual search settles too.
        assert solve(puzzle, "grow_search", timeout=60).unique is True
    else:
        assert result.unique is False and len(set(result.solutions)) == 2
