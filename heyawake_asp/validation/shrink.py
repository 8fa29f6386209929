"""Shrink a puzzle on which a check fails: fewer cells, then fewer rooms, then fewer clues.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 1, 0, 1), Room.rectangle(2, 0, 2, 0, 0)))
>>> [(p.width, len(p.rooms)) for p in smaller(puzzle)]
[(2, 2), (2, 2), (2, 1), (3, 1), (3, 2), (3, 2)]
>>> smallest, failure = shrink(puzzle, lambda p: "fails" if p.cell_count > 1 else None)
>>> smallest.width, smallest.height, [room.clue for room in smallest.rooms], failure
(2, 1, [None], 'fails')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from heyawake_asp.errors import InvalidPuzzleError
from heyawake_asp.formats.regions import regions
from heyawake_asp.puzzle import Cell, Puzzle, Room

__all__ = ["shrink"]

T = TypeVar("T")


def shrink(
    puzzle: Puzzle, fails: Callable[[Puzzle], T | None], irregular: bool = False
) -> tuple[Puzzle, T]:
    """The smallest puzzle found, from ``puzzle`` down, on which ``fails`` still answers.

    Greedy: the first of `smaller` that still fails replaces the puzzle,
    until none does. ``fails(puzzle)`` must answer (not None) for ``puzzle``.
    """
    failure = fails(puzzle)
    if failure is None:
        raise ValueError("shrink needs a puzzle that fails")
    while True:
        for candidate in smaller(puzzle, irregular):
            found = fails(candidate)
            if found is not None:
                puzzle, failure = candidate, found
                break
        else:
            return puzzle, failure


def smaller(puzzle: Puzzle, irregular: bool = False) -> Iterator[Puzzle]:
    """Puzzles one step smaller: a row or a column less, two rooms merged, a clue less.

    A room cut in two by a row or column taken out becomes two unnumbered
    rooms; a room that lost cells loses its number. Rooms stay rectangles
    unless ``irregular`` or the puzzle has other rooms already. The variant
    is kept: a smaller puzzle its rules refuse (an ayeheya room that is not
    symmetric) is left out.
    """
    shapes_free = irregular or not puzzle.is_rectangular
    for y in range(puzzle.height if puzzle.height > 1 else 0):
        yield from _valid(_rebuilt, puzzle, puzzle.width, puzzle.height - 1, _skip_row(y))
    for x in range(puzzle.width if puzzle.width > 1 else 0):
        yield from _valid(_rebuilt, puzzle, puzzle.width - 1, puzzle.height, _skip_column(x))
    yield from _merged(puzzle, shapes_free)
    for index, room in enumerate(puzzle.rooms):
        if room.clue is not None:
            clues = [r.clue for r in puzzle.rooms]
            clues[index] = None
            yield puzzle.with_clues(clues)


def _skip_row(skipped: int) -> Callable[[int, int], Cell]:
    """Where a cell of the puzzle without row ``skipped`` was before."""
    return lambda x, y: (x, y + (y >= skipped))


def _skip_column(skipped: int) -> Callable[[int, int], Cell]:
    """Where a cell of the puzzle without column ``skipped`` was before."""
    return lambda x, y: (x + (x >= skipped), y)


def _rebuilt(puzzle: Puzzle, width: int, height: int, source: Callable[[int, int], Cell]) -> Puzzle:
    """The ``width`` x ``height`` puzzle whose cell (x, y) is ``puzzle``'s cell ``source(x, y)``."""
    room_of = {(x, y): puzzle.room_index(source(x, y)) for y in range(height) for x in range(width)}
    parts = regions(width, height, lambda a, b: room_of[a] == room_of[b])
    rooms = []
    for cells in parts:
        original = puzzle.rooms[room_of[cells[0]]]
        whole = len(cells) == len(original.cells)
        rooms.append(Room(frozenset(cells), original.clue if whole else None))
    return Puzzle(width, height, tuple(rooms), variant=puzzle.variant)


def _valid(build: Callable[..., Puzzle], *arguments: Any) -> Iterator[Puzzle]:
    """The puzzle ``build(*arguments)`` makes, none when its variant refuses it."""
    try:
        yield build(*arguments)
    except InvalidPuzzleError:
        return


def _merged(puzzle: Puzzle, shapes_free: bool) -> Iterator[Puzzle]:
    """The puzzle with two neighbouring rooms made one, unnumbered.

    The room made must be a rectangle unless ``shapes_free``.
    """
    pairs = sorted(
        {
            tuple(sorted((puzzle.room_index(cell), puzzle.room_index(other))))
            for cell in puzzle.cells()
            for other in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1))
            if puzzle.contains(other) and puzzle.room_index(cell) != puzzle.room_index(other)
        }
    )
    for first, second in pairs:
        joined = Room(puzzle.rooms[first].cells | puzzle.rooms[second].cells)
        if not shapes_free and not joined.is_rectangle:
            continue
        rooms = [room for index, room in enumerate(puzzle.rooms) if index not in (first, second)]
        rooms.append(joined)
        rooms.sort(key=lambda room: room.first_cell[::-1])
        kept = functools.partial(Puzzle, variant=puzzle.variant)
        yield from _valid(kept, puzzle.width, puzzle.height, tuple(rooms))
