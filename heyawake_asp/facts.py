"""Turn a puzzle into the ASP facts the encodings read.

The facts, with rooms numbered from 1 in the order of ``Puzzle.rooms``:

- ``width(W)``, ``height(H)``: the grid size;
- ``room(R)``: every room;
- ``in(R, X, Y)``: cell ``(X, Y)`` (column, row, from 0) lies in room ``R``;
- ``clue(R, N)``: room ``R`` holds exactly ``N`` black cells (none for a
  room without a number or with a hidden one, ``?``);
- ``rect(R, X1, Y1, X2, Y2)``: room ``R`` is the rectangle with these
  inclusive corners (only for rectangular rooms).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> print(puzzle_facts(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 0),))))
width(1). height(1).
room(1). in(1,0,0). clue(1,0). rect(1,0,0,0,0).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from heyawake_asp.puzzle import Cell, Puzzle, Room

__all__ = ["candidate_clue_facts", "fixed_cell_facts", "known_black_facts", "puzzle_facts"]


def puzzle_facts(puzzle: Puzzle) -> str:
    """The puzzle as a program of facts only, one line per room."""
    lines = [f"width({puzzle.width}). height({puzzle.height})."]
    lines.extend(_room_facts(number, room) for number, room in enumerate(puzzle.rooms, 1))
    return "\n".join(lines)


def _room_facts(number: int, room: Room) -> str:
    """The facts describing one room."""
    cells = sorted(room.cells, key=lambda cell: (cell[1], cell[0]))
    facts = [f"room({number})."]
    facts.extend(f"in({number},{x},{y})." for x, y in cells)
    if room.clue is not None:
        facts.append(f"clue({number},{room.clue}).")
    if room.is_rectangle:
        x1, y1, x2, y2 = room.bounds
        facts.append(f"rect({number},{x1},{y1},{x2},{y2}).")
    return " ".join(facts)


def candidate_clue_facts(puzzle: Puzzle) -> str:
    """``candidate_clue(R, N)`` for each numbered room, for clues switched by assumptions.

    >>> from heyawake_asp.puzzle import Puzzle, Room
    >>> rooms = (Room.rectangle(0, 0, 0, 0, 1), Room.rectangle(1, 0, 1, 0))
    >>> candidate_clue_facts(Puzzle(2, 1, rooms))
    'candidate_clue(1,1).'
    """
    return " ".join(
        f"candidate_clue({number},{room.clue})."
        for number, room in enumerate(puzzle.rooms, 1)
        if room.clue is not None
    )


def known_black_facts(grid: Sequence[str]) -> str:
    """``known_black(X, Y)`` for each black cell of a shading, for finding a different one.

    >>> known_black_facts(("#.", ".#"))
    'known_black(0,0). known_black(1,1).'
    """
    return " ".join(
        f"known_black({x},{y})."
        for y, row in enumerate(grid)
        for x, char in enumerate(row)
        if char == "#"
    )


def fixed_cell_facts(grid: Sequence[str], cells: Iterable[Cell]) -> str:
    """``fixed_black(X, Y)`` or ``fixed_white(X, Y)`` for ``cells``, as shaded in ``grid``.

    >>> fixed_cell_facts(("#.",), [(0, 0), (1, 0)])
    'fixed_black(0,0). fixed_white(1,0).'
    """
    return " ".join(
        f"fixed_{'black' if grid[y][x] == '#' else 'white'}({x},{y})." for x, y in cells
    )
