"""Draw what the analysis found: cells that vary between solutions, rooms in conflict.

>>> from heyawake_asp.queries import analyze
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0),))
>>> print(ambiguity_text(strip, analyze(strip)))
┏━━━━━━━━━━━┓
┃▒▒▒     ▒▒▒┃
┗━━━━━━━━━━━┛
"""

from __future__ import annotations

from collections.abc import Iterable

from heyawake_asp.grid import Grid, grid_from_black
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.queries import Ambiguity, Explanation
from heyawake_asp.render.svg import CELL, render_svg
from heyawake_asp.render.text import render_text

__all__ = ["VARYING", "ambiguity_svg", "ambiguity_text", "conflict_words", "explanation_text"]

VARYING = "▒"
"""The fill of a cell that is black in some solutions and white in others.

Not ``?``, which is also the text of a hidden clue: a varying cell holding one reads ``▒?▒``.
"""
_HIGHLIGHT = "░"
_SVG_MARGIN = CELL // 2
"""Where render_svg puts the grid's top-left corner."""


def ambiguity_text(puzzle: Puzzle, ambiguity: Ambiguity) -> str:
    """The puzzle with cells black in every solution solid and varying cells ``▒``."""
    return render_text(
        puzzle, _forced(puzzle, ambiguity), dict.fromkeys(ambiguity.varying, VARYING)
    )


def ambiguity_svg(puzzle: Puzzle, ambiguity: Ambiguity) -> str:
    """The same as an SVG picture: forced black cells filled, varying cells in orange."""
    marks = "".join(
        f'<rect class="varying" x="{_SVG_MARGIN + x * CELL}" y="{_SVG_MARGIN + y * CELL}" '
        f'width="{CELL}" height="{CELL}" fill="#f39c12" fill-opacity="0.6"/>\n'
        for x, y in sorted(ambiguity.varying, key=lambda cell: (cell[1], cell[0]))
    )
    svg = render_svg(puzzle, _forced(puzzle, ambiguity))
    head, _, tail = svg.rpartition("</svg>")
    return f"{head}{marks}</svg>{tail}"


def explanation_text(puzzle: Puzzle, explanation: Explanation) -> str:
    """The puzzle with the conflicting rooms shaded ``░``."""
    cells: Iterable[Cell] = (
        cell for room in explanation.rooms for cell in puzzle.rooms[room].cells
    )
    return render_text(puzzle, marks=dict.fromkeys(cells, _HIGHLIGHT))


def conflict_words(
    puzzle: Puzzle, rooms: tuple[int, ...], most: int | None, shaded: bool = False
) -> str:
    """Why a puzzle has no solution (`Explanation`'s ``rooms`` and ``most``), in words.

    ``shaded``: the rooms are shaded in a picture beside the words.
    """
    if not rooms:
        return "the rooms alone admit no shading, whatever the clues"
    if most is not None:
        room = rooms[0]
        clue = puzzle.rooms[room].clue
        return f"{puzzle.room_name(room)} has clue {clue} but can hold at most {most} black cells"
    clues = ", ".join(f"{puzzle.rooms[room].clue} in {puzzle.room_name(room)}" for room in rooms)
    where = f" ({'room' if len(rooms) == 1 else 'rooms'} shaded)" if shaded else ""
    if len(rooms) == 1:
        return f"this clue cannot hold{where}: {clues}"
    return f"these {len(rooms)} clues cannot all hold{where}: {clues}"


def _forced(puzzle: Puzzle, ambiguity: Ambiguity) -> Grid:
    """The grid whose black cells are those black in every solution."""
    return grid_from_black(puzzle.width, puzzle.height, ambiguity.black)
