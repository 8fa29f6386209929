"""Turn a puzzle into the ASP facts the encodings read.

The facts, with rooms numbered from 1 in the order of ``Puzzle.rooms``:

- ``width(W)``, ``height(H)``: the grid size;
- ``room(R)``: every room;
- ``in(R, X, Y)``: cell ``(X, Y)`` (column, row, from 0) lies in room ``R``;
- ``clue(R, N)``: room ``R`` holds exactly ``N`` black cells;
- ``rect(R, X1, Y1, X2, Y2)``: room ``R`` is the rectangle with these
  inclusive corners (only for rectangular rooms).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> print(puzzle_facts(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 0),))))
width(1). height(1).
room(1). in(1,0,0). clue(1,0). rect(1,0,0,0,0).
"""

from __future__ import annotations

from heyawake_asp.puzzle import Puzzle, Room

__all__ = ["puzzle_facts"]


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
