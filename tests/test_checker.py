"""Tests for the independent solution checker.

Its answers are judged against oracles that share none of its code: grids
small enough to check by hand, the published solutions of ../shared (each
the only solution of its puzzle, so single-cell changes of it must be
flagged), and, on tiny puzzles, every shading the ASP solver finds.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import slow_unless

from heyawake_asp import solve
from heyawake_asp.formats import read_puzzle
from heyawake_asp.oracles.checker import (
    Violation,
    conflicts,
    is_valid,
    runs_through_three_rooms,
    verify,
)
from heyawake_asp.puzzle import Cell, Puzzle, Room

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SUITES = ("kth", "public")
MISSING = "../shared not found: the KTH and public suites are not available"


def one_room(width: int, height: int, clue: int | None = None) -> Puzzle:
    return Puzzle(width, height, (Room.rectangle(0, 0, width - 1, height - 1, clue),))


def quadrants(clue: int | None = 1) -> Puzzle:
    """A 4x4 puzzle of four 2x2 rooms: TL=1, TR=2, BL=3, BR=4."""
    return Puzzle(
        4,
        4,
        (
            Room.rectangle(0, 0, 1, 1, clue),
            Room.rectangle(2, 0, 3, 1, clue),
            Room.rectangle(0, 2, 1, 3, clue),
            Room.rectangle(2, 2, 3, 3, clue),
        ),
    )


def rules(violations: list[Violation]) -> list[int]:
    return [violation.rule for violation in violations]


# --- a correct grid -----------------------------------------------------------


def test_correct_grid_has_no_violations() -> None:
    grid = ["#...", "..#.", ".#..", "...#"]
    assert verify(quadrants(), grid) == []
    assert is_valid(quadrants(), grid)


def test_unnumbered_room_accepts_any_count() -> None:
    assert verify(one_room(3, 3), ["#.#", "...", "#.#"]) == []
    assert verify(one_room(3, 3), ["...", "...", "..."]) == []


# --- rule 1 -------------------------------------------------------------------


def test_horizontal_adjacent_blacks() -> None:
    violations = verify(one_room(3, 1), ["##."])
    assert violations == [
        Violation(1, ((0, 0), (1, 0)), "rule 1: black cells r1c1 and r1c2 are adjacent")
    ]
    assert not is_valid(one_room(3, 1), ["##."])


def test_vertical_adjacent_blacks() -> None:
    violations = verify(one_room(1, 3), [".", "#", "#"])
    assert rules(violations) == [1]
    assert violations[0].cells == ((0, 1), (0, 2))


def test_every_adjacent_pair_reported_in_row_major_order() -> None:
    # An L of three blacks: two pairs, plus one more pair further down.
    grid = ["##..", "#...", "....", "..##"]
    violations = verify(one_room(4, 4), grid)
    assert rules(violations) == [1, 1, 1]
    assert [v.cells for v in violations] == [
        ((0, 0), (1, 0)),
        ((0, 0), (0, 1)),
        ((2, 3), (3, 3)),
    ]


def test_diagonal_blacks_are_fine() -> None:
    assert verify(one_room(4, 3), ["#...", ".#..", "...."]) == []


# --- rule 2 -------------------------------------------------------------------


def test_white_split_by_diagonal_wall() -> None:
    violations = verify(one_room(3, 3), ["..#", ".#.", "#.."])
    assert rules(violations) == [2]
    # Two groups of three: the first in row-major order is the main one.
    assert violations[0].cells == ((2, 1), (1, 2), (2, 2))
    assert "2 separate groups" in violations[0].message
    assert "r1c1 3 cells" in violations[0].message
    assert "r2c3 3 cells" in violations[0].message


def test_enclosed_white_cell() -> None:
    grid = [".....", "..#..", ".#.#.", "..#..", "....."]
    violations = verify(one_room(5, 5), grid)
    assert rules(violations) == [2]
    assert violations[0].cells == ((2, 2),)
    assert "r3c3 1 cell" in violations[0].message
    assert "r1c1 20 cells" in violations[0].message


def test_largest_group_is_main_even_when_it_comes_later() -> None:
    violations = verify(one_room(3, 3), [".#.", "#..", "..."])
    assert rules(violations) == [2]
    assert violations[0].cells == ((0, 0),)


def test_three_groups_reported_once() -> None:
    # Two corner cells cut off from the rest.
    grid = [".#..#.", "#....#", "......"]
    violations = verify(one_room(6, 3), grid)
    assert rules(violations) == [2]
    assert violations[0].cells == ((0, 0), (5, 0))
    assert "3 separate groups" in violations[0].message


# --- rule 3 -------------------------------------------------------------------


def test_clue_too_many() -> None:
    violations = verify(one_room(3, 1, clue=1), ["#.#"])
    assert violations == [
        Violation(
            3, ((0, 0), (2, 0)), "rule 3: the room at r1c1 has 2 black cells, its clue is 1", 0
        )
    ]


@pytest.mark.parametrize(
    ("row", "cells", "message"),
    [
        ("#..", ((0, 0),), "rule 3: the room at r1c1 has 1 black cell, its clue is 2"),
        ("...", (), "rule 3: the room at r1c1 has 0 black cells, its clue is 2"),
    ],
    ids=["one-of-two", "none-of-two"],
)
def test_clue_too_few(row: str, cells: tuple[Cell, ...], message: str) -> None:
    assert verify(one_room(3, 1, clue=2), [row]) == [Violation(3, cells, message, 0)]


def test_zero_clue_with_a_black_cell() -> None:
    violations = verify(one_room(3, 2, clue=0), [".#.", "..."])
    assert rules(violations) == [3]
    assert violations[0].cells == ((1, 0),)


def test_clue_checked_per_room() -> None:
    # Room 4 (bottom right) is empty, room 2 (top right) holds two.
    grid = ["#..#", "..#.", ".#..", "...."]
    violations = verify(quadrants(), grid)
    assert [(v.rule, v.cells) for v in violations] == [
        (3, ((3, 0), (2, 1))),
        (3, ()),
    ]
    assert "the room at r1c3 has 2 black cells" in violations[0].message
    assert "the room at r3c3 has 0 black cells" in violations[1].message


# --- rule 5 -------------------------------------------------------------------


def three_rooms_in_a_row() -> Puzzle:
    """Three 2x2 rooms side by side, numbered 1, 2, 3 from the left."""
    return Puzzle(6, 2, tuple(Room.rectangle(x, 0, x + 1, 1) for x in (0, 2, 4)))


def test_white_row_through_three_rectangles() -> None:
    violations = verify(three_rooms_in_a_row(), ["......", ".#..#."])
    assert violations == [
        Violation(
            5,
            tuple((x, 0) for x in range(6)),
            "rule 5: white run r1c1-r1c6 passes through the rooms at r1c1, r1c3 and r1c5",
        )
    ]


def test_white_column_through_three_rectangles() -> None:
    puzzle = Puzzle(
        2,
        3,
        (Room.rectangle(0, 0, 1, 0), Room.rectangle(0, 1, 1, 1), Room.rectangle(0, 2, 1, 2)),
    )
    violations = verify(puzzle, ["..", "#.", ".."])
    assert rules(violations) == [5]
    assert violations[0].cells == ((1, 0), (1, 1), (1, 2))
    assert "r1c2-r3c2 passes through the rooms at r1c1, r2c1 and r3c1" in violations[0].message


def test_run_crossing_one_border_is_fine() -> None:
    puzzle = Puzzle(4, 1, (Room.rectangle(0, 0, 1, 0), Room.rectangle(2, 0, 3, 0)))
    assert verify(puzzle, ["...."]) == []


def test_black_cell_breaks_the_run() -> None:
    assert verify(three_rooms_in_a_row(), ["...#..", ".#...."]) == []
    # Without the break, row 0 runs through rooms 1, 2 and 3.
    violations = verify(three_rooms_in_a_row(), ["......", ".#...."])
    assert rules(violations) == [5]
    assert violations[0].cells == tuple((x, 0) for x in range(6))


def test_run_through_four_rooms_names_them_all() -> None:
    puzzle = Puzzle(4, 1, tuple(Room.rectangle(x, 0, x, 0) for x in range(4)))
    violations = verify(puzzle, ["...."])
    assert rules(violations) == [5]
    assert violations[0].message == (
        "rule 5: white run r1c1-r1c4 passes through 4 rooms: the rooms at r1c1, r1c2, r1c3 and r1c4"
    )


def u_room_puzzle() -> Puzzle:
    """A U-shaped room 1 wrapped around room 2: row 0 reads 1, 2, 1."""
    u_room = Room(frozenset({(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)}))
    return Puzzle(3, 2, (u_room, Room(frozenset({(1, 0)}))))


def test_run_leaving_and_reentering_a_u_shaped_room() -> None:
    violations = verify(u_room_puzzle(), ["...", "..."])
    assert violations == [
        Violation(
            5,
            ((0, 0), (1, 0), (2, 0)),
            "rule 5: white run r1c1-r1c3 passes through the rooms at r1c1, r1c2 and r1c1",
        )
    ]


def test_column_leaving_and_reentering_a_c_shaped_room() -> None:
    # Room 1 is a C open to the right around room 2: column 1 reads 1, 2, 1.
    c_room = Room(frozenset({(0, 0), (1, 0), (0, 1), (0, 2), (1, 2)}))
    puzzle = Puzzle(2, 3, (c_room, Room(frozenset({(1, 1)}))))
    violations = verify(puzzle, ["..", "..", ".."])
    assert rules(violations) == [5]
    assert violations[0].cells == ((1, 0), (1, 1), (1, 2))
    assert "r1c2-r3c2 passes through the rooms at r1c1, r2c2 and r1c1" in violations[0].message


def test_l_shaped_room_crossed_once_is_fine() -> None:
    # Room 1 is an L (top row and left column); every line meets it in one stretch.
    l_room = Room(frozenset({(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)}))
    rest = Room(frozenset({(1, 1), (2, 1), (1, 2), (2, 2)}))
    assert verify(Puzzle(3, 3, (l_room, rest)), ["...", "...", "..."]) == []


def test_run_reentering_room_but_black_splits_it() -> None:
    assert verify(u_room_puzzle(), [".#.", "..."]) == []


def test_rule_5_ordered_by_start_then_rows_before_columns() -> None:
    puzzle = Puzzle(3, 3, tuple(Room.rectangle(x, y, x, y) for y in range(3) for x in range(3)))
    violations = verify(puzzle, ["...", "...", "..."])
    starts = [(v.cells[0], v.cells[-1]) for v in violations]
    assert rules(violations) == [5] * 6
    assert starts == [
        ((0, 0), (2, 0)),
        ((0, 0), (0, 2)),
        ((1, 0), (1, 2)),
        ((2, 0), (2, 2)),
        ((0, 1), (2, 1)),
        ((0, 2), (2, 2)),
    ]


# --- rule 5 along one line, as generate uses it ------------------------------


@pytest.mark.parametrize(
    ("shades", "rooms", "runs"),
    [
        ("......", [1, 1, 2, 2, 3, 3], [(0, 6)]),
        ("...#..", [1, 1, 2, 2, 3, 3], []),
        ("#....#", [0, 1, 1, 2, 2, 3], []),
        ("....", [1, 2, 1, 1], [(0, 4)]),
        ("....", [1, 2, 3, 4], [(0, 4)]),
        (".#...#...", [0, 0, 1, 2, 3, 3, 4, 5, 6], [(2, 5), (6, 9)]),
        ("..#...#", [1, 2, 3, 4, 5, 6, 6], [(3, 6)]),
        ("###", [1, 2, 3], []),
        ("", [], []),
        ([".", ".", "."], ["a", (0, 0, 1, 1), "a"], [(0, 3)]),
        ("...", [(0, 0, 1, 1), (0, 0, 1, 1), 7], []),
    ],
    ids=[
        "three-rooms",
        "split-by-black",
        "one-border",
        "re-entered",
        "four-rooms",
        "two-runs",
        "run-ending-at-black",
        "all-black",
        "empty",
        "any-room-values",
        "equal-room-values",
    ],
)
def test_runs_through_three_rooms(
    shades: Sequence[str], rooms: list[object], runs: list[tuple[int, int]]
) -> None:
    assert list(runs_through_three_rooms(shades, rooms)) == runs


def test_runs_through_three_rooms_needs_a_room_per_cell() -> None:
    with pytest.raises(ValueError, match="3 shades given for 2 rooms"):
        list(runs_through_three_rooms("...", [1, 2]))


# --- several rules at once ----------------------------------------------------


def test_all_kinds_of_violation_reported_together() -> None:
    puzzle = Puzzle(
        5,
        4,
        (
            Room.rectangle(0, 0, 1, 3, clue=1),
            Room.rectangle(2, 0, 2, 3),
            Room.rectangle(3, 0, 4, 3, clue=3),
        ),
    )
    grid = ["##...", ".....", "...#.", "..#.#"]
    violations = verify(puzzle, grid)
    assert [(v.rule, v.cells) for v in violations] == [
        (1, ((0, 0), (1, 0))),
        (2, ((3, 3),)),
        (3, ((0, 0), (1, 0))),
        (3, ((3, 2), (4, 3))),
        (5, tuple((x, 1) for x in range(5))),
    ]
    assert all(v.message.startswith(f"rule {v.rule}: ") for v in violations)
    assert "\n" not in "".join(v.message for v in violations)


# --- bad grids ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "fragment"),
    [
        (["...", "..."], "2 rows"),
        (["...", "...", "..", "..."], "3 wide"),
        (["...", "....", "...", "..."], "3 wide"),
        (["...", ".x.", "...", "..."], "'x'"),
        (["...", "...", "...", "..1"], "'1'"),
    ],
    ids=["too-few-rows", "short-row", "long-row", "letter", "digit"],
)
def test_shape_mismatch_raises(grid: list[str], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        verify(one_room(3, 4), grid)


def test_single_string_grid_raises() -> None:
    with pytest.raises(ValueError, match="sequence of row strings"):
        verify(one_room(3, 1), "...")


# --- published solutions ------------------------------------------------------


def published() -> list[object]:
    params: list[object] = []
    for suite in SUITES:
        solutions = SHARED / suite / "solutions.json"
        if not solutions.is_file():
            continue
        for name, grid in json.loads(solutions.read_text(encoding="utf-8")).items():
            params.append(
                pytest.param(SHARED / suite / f"{name}.lp", tuple(grid), id=f"{suite}/{name}")
            )
    return params or [pytest.param(None, (), id="shared-missing")]


PUBLISHED = published()
ON_EVERY_PUBLISHED = slow_unless(lambda id: id in {"kth/easy1", "public/cneil-puzzle0"}, PUBLISHED)
"""The published solutions, two of them in the default run."""


def load(path: Path | None) -> Puzzle:
    if path is None:
        pytest.skip(MISSING)
    return read_puzzle(path)


def replace(grid: tuple[str, ...], cell: Cell, char: str) -> list[str]:
    x, y = cell
    rows = list(grid)
    rows[y] = rows[y][:x] + char + rows[y][x + 1 :]
    return rows


def cells_holding(grid: tuple[str, ...], char: str) -> list[Cell]:
    return [(x, y) for y, row in enumerate(grid) for x, here in enumerate(row) if here == char]


def row_key(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def around(cell: Cell) -> list[Cell]:
    """The four neighbours of ``cell``, some maybe off the grid."""
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def pair_key(pair: tuple[Cell, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(row_key(cell) for cell in pair)


def has_black_neighbour(grid: tuple[str, ...], cell: Cell) -> bool:
    return any(
        0 <= j < len(grid) and 0 <= i < len(grid[j]) and grid[j][i] == "#" for i, j in around(cell)
    )


def clue_of(puzzle: Puzzle, cell: Cell) -> int | None:
    return puzzle.rooms[puzzle.room_index(cell)].clue


def names_room(violations: list[Violation], puzzle: Puzzle, cell: Cell) -> bool:
    room = puzzle.room_index(cell)
    said = f"rule 3: {puzzle.room_name(room)} "
    return any(v.rule == 3 and v.room == room and v.message.startswith(said) for v in violations)


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@pytest.mark.parametrize(("path", "grid"), PUBLISHED)
def test_published_solution_is_valid(path: Path | None, grid: tuple[str, ...]) -> None:
    puzzle = load(path)
    assert verify(puzzle, grid) == []


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@pytest.mark.parametrize(("path", "grid"), ON_EVERY_PUBLISHED)
def test_published_solution_with_a_black_cell_cleared(
    path: Path | None, grid: tuple[str, ...]
) -> None:
    """Clearing any black cell breaks its room's clue or, in a free room, rule 5.

    In a free room only rule 5 can break (whites stay connected), so there the
    check relies on the published puzzle having a unique solution.
    """
    puzzle = load(path)
    for cell in cells_holding(grid, "#"):
        violations = verify(puzzle, replace(grid, cell, "."))
        assert violations, f"clearing {cell} went unnoticed"
        assert set(rules(violations)) <= {3, 5}, cell
        if clue_of(puzzle, cell) is not None:
            assert names_room(violations, puzzle, cell), cell
        else:
            assert all(v.rule == 5 and cell in v.cells for v in violations), cell


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@pytest.mark.parametrize(("path", "grid"), PUBLISHED)
def test_published_solution_with_a_lone_white_cell_shaded(
    path: Path | None, grid: tuple[str, ...]
) -> None:
    """Shading any white cell away from black ones breaks its clue or, in a free room, rule 2.

    In a free room only rule 2 can break (rule 5 runs only get shorter), so
    there the check relies on the published puzzle having a unique solution.
    """
    puzzle = load(path)
    lone = [cell for cell in cells_holding(grid, ".") if not has_black_neighbour(grid, cell)]
    if not lone:
        pytest.skip("every white cell touches a black one")
    for cell in lone:
        violations = verify(puzzle, replace(grid, cell, "#"))
        assert violations, f"shading {cell} went unnoticed"
        assert set(rules(violations)) <= {2, 3}, cell
        if clue_of(puzzle, cell) is not None:
            assert names_room(violations, puzzle, cell), cell
        else:
            assert rules(violations) == [2], cell


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@pytest.mark.parametrize(("path", "grid"), ON_EVERY_PUBLISHED)
def test_published_solution_with_a_black_cell_given_a_black_neighbour(
    path: Path | None, grid: tuple[str, ...]
) -> None:
    """Shading a white neighbour of each black cell reports exactly its new black pairs (rule 1)."""
    puzzle = load(path)
    black = set(cells_holding(grid, "#"))
    for cell in sorted(black, key=row_key):
        shaded = next(near for near in around(cell) if puzzle.contains(near))
        pairs = [tuple(sorted((shaded, near), key=row_key)) for near in around(shaded)]
        expected = sorted((pair for pair in pairs if black & set(pair)), key=pair_key)
        violations = verify(puzzle, replace(grid, shaded, "#"))
        assert [v.cells for v in violations if v.rule == 1] == expected, shaded


# --- every shading of tiny puzzles, against the ASP solver ---------------------


def grown_rooms(width: int, height: int, rng: random.Random) -> Puzzle:
    """Rooms grown from random seeds: connected, often not rectangles, some numbered."""
    owner = {}
    seeds = rng.sample(range(width * height), rng.randint(1, min(6, width * height)))
    for index, seed in enumerate(seeds):
        owner[(seed % width, seed // width)] = index
    while len(owner) < width * height:
        (x, y), index = rng.choice(list(owner.items()))
        step = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        cell = (x + step[0], y + step[1])
        if 0 <= cell[0] < width and 0 <= cell[1] < height and cell not in owner:
            owner[cell] = index
    groups: dict[int, set[Cell]] = {}
    for cell, index in owner.items():
        groups.setdefault(index, set()).add(cell)
    rooms = [
        Room(frozenset(cells), rng.choice((None, 0, 1, 2, len(cells))) if len(cells) > 1 else None)
        for cells in groups.values()
    ]
    return Puzzle(width, height, tuple(rooms))


def every_grid(width: int, height: int) -> list[tuple[str, ...]]:
    """All 2**(width*height) shadings."""
    grids = []
    for shades in itertools.product(".#", repeat=width * height):
        text = "".join(shades)
        grids.append(tuple(text[y * width : (y + 1) * width] for y in range(height)))
    return grids


@pytest.mark.parametrize(
    "seed", slow_unless(lambda id: int(id) < 8, [pytest.param(n, id=str(n)) for n in range(16)])
)
def test_checker_accepts_exactly_the_solutions_clingo_finds(seed: int) -> None:
    rng = random.Random(seed)
    width = rng.randint(1, 4)
    height = rng.randint(1, 12 // width)
    numbered = grown_rooms(width, height, rng)
    free = Puzzle(width, height, tuple(Room(room.cells) for room in numbered.rooms))
    grids = every_grid(width, height)
    for puzzle in (numbered, free):
        accepted = {grid for grid in grids if is_valid(puzzle, grid)}
        assert accepted == set(solve(puzzle, max_solutions=0).solutions)


@pytest.mark.parametrize(
    "seed", slow_unless(lambda id: int(id) < 6, [pytest.param(n, id=str(n)) for n in range(24)])
)
def test_a_partial_grid_breaks_a_rule_only_when_every_completion_breaks_it(seed: int) -> None:
    """Brute force: each rule `conflicts` names is broken in every way to fill the open cells."""
    rng = random.Random(seed)
    width = rng.randint(1, 4)
    height = rng.randint(1, 12 // width)
    puzzle = grown_rooms(width, height, rng)
    grids = every_grid(width, height)
    for grid in rng.sample(grids, min(len(grids), 40)):
        assert conflicts(puzzle, grid) == verify(puzzle, grid)
        partial = ["".join(c if rng.random() < 0.6 else "?" for c in row) for row in grid]
        completions = [
            other
            for other in grids
            if all(
                p in ("?", c)
                for row, full in zip(partial, other, strict=True)
                for p, c in zip(row, full, strict=True)
            )
        ]
        for violation in conflicts(puzzle, partial):
            # White groups apart: a group may turn all black, and touch the cells cutting it off.
            either = {1, 2} if violation.rule == 2 else {violation.rule}
            for other in completions:
                assert either & {broken.rule for broken in verify(puzzle, other)}, (
                    partial,
                    other,
                    violation,
                )


def test_conflicts_names_the_room_short_of_its_clue_even_with_its_open_cells() -> None:
    puzzle = one_room(4, 1, clue=3)
    assert conflicts(puzzle, ["#..?"]) == [
        Violation(
            3,
            ((0, 0),),
            "rule 3: the room at r1c1 has 1 black cell and 1 open cell, its clue is 3",
            0,
        )
    ]
    assert conflicts(puzzle, ["#.??"]) == []


def test_open_cells_cut_off_are_a_conflict() -> None:
    """KTH medium1's corner: r1c2 and r2c1 are open, walled in by black cells."""
    grid = ["#?#???", "?#????", "#?????", "??????"]
    (violation,) = conflicts(one_room(6, 4), grid)
    assert violation.rule == 2 and violation.cells == ((1, 0), (0, 1))
    assert violation.message.startswith(
        "rule 2: white cells (open ones counted white) form 3 separate groups"
    )


def test_open_cells_join_white_groups_and_end_white_runs() -> None:
    assert conflicts(one_room(3, 1), [".?."]) == []
    assert [v.rule for v in conflicts(one_room(3, 1), [".#."])] == [2]
    strip = Puzzle(3, 1, tuple(Room.rectangle(x, 0, x, 0) for x in range(3)))
    assert conflicts(strip, [".?."]) == []
    assert [v.rule for v in conflicts(strip, ["..."])] == [5]


def test_conflicts_refuses_other_characters() -> None:
    with pytest.raises(ValueError, match="use '#' or '.' or '\\?'"):
        conflicts(one_room(3, 1), ["#x?"])
    with pytest.raises(ValueError, match="use '#' or '.'"):
        verify(one_room(3, 1), ["#??"])


# --- independence -------------------------------------------------------------


def test_the_oracles_never_import_clingo_nor_the_asp_side() -> None:
    """The checkers share no code with what they check: importing them loads neither."""
    program = (
        "import sys\n"
        "import heyawake_asp.oracles.brute, heyawake_asp.oracles.checker\n"
        "import heyawake_asp.oracles.step_checker\n"
        "print(sorted(name for name in sys.modules if name == 'clingo'"
        " or name.startswith(('heyawake_asp.asp', 'heyawake_asp.steps', 'heyawake_asp.solver'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
