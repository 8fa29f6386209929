"""Turn a puzzle into the ASP facts the encodings read.

The facts are the same for every encoding, with rooms numbered from 1 in the
order of ``Puzzle.rooms``:

- ``width(W)``, ``height(H)``: the grid size;
- ``room(R)``: every room (written ``room(1..N)``);
- ``rect(R, X1, Y1, X2, Y2)``: room ``R`` is the rectangle with these
  inclusive corners (only for rectangular rooms);
- ``in(R, X, Y)``: cell ``(X, Y)`` (column, row, from 0) lies in room ``R``,
  written for the cells of other rooms only (a program that needs it for
  rectangles too includes ``encodings/input/rooms.lp``, which derives it);
- ``clue(R, N)``: room ``R`` holds exactly ``N`` black cells (none for a
  room without a number or with a hidden one, ``?``); for a variant whose
  numbers are not counts (akichi), ``area(R, N)`` instead, which only the
  variant's program reads.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> rooms = (Room.rectangle(0, 0, 1, 0, 1), Room(frozenset({(0, 1), (1, 1)})))
>>> print(puzzle_facts(Puzzle(2, 2, rooms)))
width(2). height(2). room(1..2).
rect(1,0,0,1,0;2,0,1,1,1).
clue(1,1).
>>> corner = Room(frozenset({(0, 0), (1, 0), (1, 1)}))
>>> print(puzzle_facts(Puzzle(2, 2, (corner, Room(frozenset({(0, 1)}))))))
width(2). height(2). room(1..2).
rect(2,0,1,0,1).
in(1,0,0;1,1,0;1,1,1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.variants import variant_named

__all__ = ["candidate_clue_facts", "fixed_cell_facts", "known_black_facts"]


def puzzle_facts(puzzle: Puzzle) -> str:
    """The puzzle as a program of facts only, one statement per predicate.

    Each predicate's facts are pooled into one statement (``p(1,2;3,4).``
    for ``p(1,2). p(3,4).``): clingo parses one statement faster than many.
    """
    rects: list[str] = []
    cells: list[str] = []
    clues: list[str] = []
    for number, room in enumerate(puzzle.rooms, 1):
        if room.is_rectangle:
            rects.append("{},{},{},{},{}".format(number, *room.bounds))
        else:
            ordered = sorted(room.cells, key=lambda cell: (cell[1], cell[0]))
            cells.extend(f"{number},{x},{y}" for x, y in ordered)
        if room.clue is not None:
            clues.append(f"{number},{room.clue}")
    pools = {"rect": rects, "in": cells, variant_named(puzzle.variant).numbers: clues}
    lines = [f"width({puzzle.width}). height({puzzle.height}). room(1..{len(puzzle.rooms)})."]
    lines.extend(f"{name}({';'.join(pool)})." for name, pool in pools.items() if pool)
    return "\n".join(lines)


def candidate_clue_facts(options: Mapping[int, Iterable[int]]) -> str:
    """``candidate_clue(R, N)`` for each number N room R (an index, from 0) may be given.

    For clues switched by assumptions (``encodings/analysis/assumable_clues.lp``).

    >>> candidate_clue_facts({0: [1], 2: range(2)})
    'candidate_clue(1,1). candidate_clue(3,0). candidate_clue(3,1).'
    """
    return " ".join(
        f"candidate_clue({room + 1},{number})."
        for room, numbers in options.items()
        for number in numbers
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
