"""Build the puzzles of ``instances/dense/``: a big room whose clue is at, or above, its maximum.

Run from the repository root: ``python scripts/make_dense.py``. Each puzzle
is a big room (a rectangle or an L) with the rest of the grid tiled by small
unnumbered rooms (a seeded tiling). The big room's maximum is found by the
bound mode (`heyawake_asp.asp.bounds`); its clue is set to that maximum
(``max``: several solutions), to one more (``over``: none), or to the
maximum with every small room numbered as in one optimal shading
(``numbered``: unique for some tilings, not for others). The header
records the room (named as the tool names it: ``room 1``, ``room i``), its
maximum, the answer ``solve`` gives and that the puzzle is a fixture (the
board's list of shipped puzzles leaves it out); ``tests/test_dense.py`` checks the
answers independently.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Literal, NamedTuple

from heyawake_asp import Puzzle, Room, solve
from heyawake_asp.asp.bounds import bound_search
from heyawake_asp.authoring.tiling import Rect, RoomSizes, rect_cells, tile
from heyawake_asp.formats import read_puzzle_text, write_puzzle
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell

DENSE = Path(__file__).resolve().parents[1] / "instances" / "dense"
SMALL_ROOMS = RoomSizes(2, 4, 2)
Variant = Literal["max", "over", "numbered"]


class Spec(NamedTuple):
    """A grid size, the big room's cells (a rectangle, minus a corner for an L) and the variant."""

    width: int
    height: int
    room: tuple[int, int, int, int]
    notch: tuple[int, int, int, int] | None
    variant: Variant
    seed: int = 0


SPECS = {
    "17x9-corner-max": Spec(17, 9, (0, 0, 12, 6), None, "max"),
    "17x9-corner-over": Spec(17, 9, (0, 0, 12, 6), None, "over"),
    "17x9-middle-numbered": Spec(17, 9, (2, 1, 14, 7), None, "numbered"),
    "17x9-middle-over": Spec(17, 9, (2, 1, 14, 7), None, "over"),
    "12x10-edge-numbered": Spec(12, 10, (3, 0, 10, 5), None, "numbered"),
    "20x20-middle-max": Spec(20, 20, (5, 5, 14, 14), None, "max"),
    "20x20-middle-over": Spec(20, 20, (5, 5, 14, 14), None, "over"),
    "14x12-l-numbered": Spec(14, 12, (1, 1, 10, 9), (6, 5, 10, 9), "numbered"),
    "14x12-l-over": Spec(14, 12, (1, 1, 10, 9), (6, 5, 10, 9), "over"),
    "8x6-corner-over": Spec(8, 6, (0, 0, 5, 4), None, "over"),
    "10x8-middle-unique": Spec(10, 8, (1, 1, 7, 5), None, "numbered"),
    "12x9-middle-unique": Spec(12, 9, (2, 2, 9, 6), None, "numbered", seed=1),
    "10x10-corner-unique": Spec(10, 10, (0, 3, 6, 9), None, "numbered", seed=2),
    "12x12-middle-unique": Spec(12, 12, (3, 3, 8, 10), None, "numbered", seed=2),
}


def build(spec: Spec) -> Puzzle:
    """The puzzle of ``spec``, its big room first and without a clue."""
    return _puzzle(spec, _small_rooms(spec))


def most_black(puzzle: Puzzle) -> int:
    """The most black cells room 0 can hold in a solution (its clue left out)."""
    full = len(puzzle.rooms[0].cells)
    found = bound_search(_clued(puzzle, [full]), "grow", dense=(0,), models=1)
    assert found.short is not None, "room 0 cannot hold all its cells"
    return found.short.most


def dense_puzzle(spec: Spec) -> tuple[Puzzle, int]:
    """The puzzle of ``spec`` with its clues, and the big room's maximum."""
    puzzle = build(spec)
    most = most_black(puzzle)
    if spec.variant == "over":
        return _clued(puzzle, [most + 1]), most
    clued = _clued(puzzle, [most])
    if spec.variant == "max":
        return clued, most
    shading = solve(clued, check_unique=False).solutions[0]
    return _numbered(puzzle, shading), most


def _small_rooms(spec: Spec) -> list[Rect]:
    """The seeded tiling of the cells outside the big room."""
    everything = _cells((0, 0, spec.width - 1, spec.height - 1))
    return tile(everything - _big_room(spec), random.Random(spec.seed), SMALL_ROOMS)


def _big_room(spec: Spec) -> set[Cell]:
    """The cells of the big room."""
    return _cells(spec.room) - (_cells(spec.notch) if spec.notch else set())


def _puzzle(spec: Spec, small: list[Rect]) -> Puzzle:
    """The big room, then the small rooms, without clues."""
    rooms = (Room(frozenset(_big_room(spec))), *(Room.rectangle(*rect) for rect in small))
    return Puzzle(spec.width, spec.height, rooms)


def _numbered(puzzle: Puzzle, shading: Grid) -> Puzzle:
    """Every room of ``puzzle`` numbered with its black cells in ``shading``."""
    return puzzle.with_clues(
        [sum(shading[y][x] == BLACK for x, y in room.cells) for room in puzzle.rooms]
    )


def main() -> None:
    """Write every puzzle of `SPECS`, reporting each on stderr."""
    DENSE.mkdir(parents=True, exist_ok=True)
    for name, spec in SPECS.items():
        start = time.perf_counter()
        puzzle, most = dense_puzzle(spec)
        result = solve(puzzle)
        answer = {True: "unique", False: "several", None: "none"}[result.unique]
        fmt, suffix, mark = ("kth", ".lp", "%") if puzzle.is_rectangular else ("text", ".txt", "#")
        written = write_puzzle(puzzle, fmt)
        header = (
            f"{mark} Dense room: {_big_room_name(written, puzzle)}, {len(puzzle.rooms[0].cells)} "
            f"cells, clue {puzzle.rooms[0].clue}; it holds at most {most} "
            f"(scripts/make_dense.py {name}).\n"
            f"{mark} expect: {answer}\n"
            f"{mark} fixture: the test suite's, not offered to players\n"
        )
        (DENSE / f"{name}{suffix}").write_text(header + written, encoding="utf-8")
        print(
            f"{name}: at most {most}, {answer}, {time.perf_counter() - start:.1f} s",
            file=sys.stderr,
        )


def _big_room_name(written: str, puzzle: Puzzle) -> str:
    """The big room (``puzzle``'s first) as the tool names it in the ``written`` file."""
    again = read_puzzle_text(written, "written")
    return again.room_name(again.room_index(puzzle.rooms[0].first_cell))


def _cells(rect: tuple[int, int, int, int]) -> set[Cell]:
    """The cells of a rectangle given by inclusive corners."""
    return set(rect_cells(rect))


def _clued(puzzle: Puzzle, clues: list[int | None]) -> Puzzle:
    """``puzzle`` with ``clues`` on its first rooms and no clue on the others."""
    return puzzle.with_clues(clues + [None] * (len(puzzle.rooms) - len(clues)))


if __name__ == "__main__":
    main()
