"""Draw a puzzle, and optionally its shading, with Unicode box characters.

Room borders are heavy lines, cells are three characters wide (wider for a
clue of three digits or more, so a clue always has a margin), clues sit in
each room's first cell (``?`` for a hidden one) and black cells are solid
blocks.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 0, 0, 1), Room.rectangle(1, 0, 1, 0)))
>>> print(render_text(puzzle, ("#.",)))
┏━━━┳━━━┓
┃█1█┃   ┃
┗━━━┻━━━┛
"""

from __future__ import annotations

from collections.abc import Mapping

from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Puzzle

__all__ = ["render_text"]

_CELL_WIDTH = 3
_BLOCK = "█"
_GRID_DOT = "·"
# Junctions by the arms they join: (up, right, down, left).
_JUNCTIONS = {
    (False, False, False, False): " ",
    (True, False, True, False): "┃",
    (False, True, False, True): "━",
    (False, True, True, False): "┏",
    (False, False, True, True): "┓",
    (True, True, False, False): "┗",
    (True, False, False, True): "┛",
    (True, True, True, False): "┣",
    (True, False, True, True): "┫",
    (False, True, True, True): "┳",
    (True, True, False, True): "┻",
    (True, True, True, True): "╋",
    (True, False, False, False): "╹",
    (False, True, False, False): "╺",
    (False, False, True, False): "╻",
    (False, False, False, True): "╸",
}


def render_text(
    puzzle: Puzzle, grid: Grid | None = None, marks: Mapping[Cell, str] | None = None
) -> str:
    """The puzzle drawn as text, shaded by ``grid`` when given.

    ``marks`` fills the given cells with a character of their own instead
    (e.g. ``?`` for a cell that varies between solutions).
    """
    texts = {room.first_cell: room.clue_text for room in puzzle.rooms}
    clues = {cell: text for cell, text in texts.items() if text is not None}
    width = max([_CELL_WIDTH, *(len(clue) + 2 for clue in clues.values())])
    lines = [_border_line(puzzle, 0, width)]
    for y in range(puzzle.height):
        lines.append(_cell_line(puzzle, y, clues, grid, width, marks or {}))
        lines.append(_border_line(puzzle, y + 1, width))
    return "\n".join(lines)


def _wall(puzzle: Puzzle, a: Cell, b: Cell) -> bool:
    """Whether a room border separates cells ``a`` and ``b`` (the grid edge counts)."""
    if not (puzzle.contains(a) and puzzle.contains(b)):
        return puzzle.contains(a) or puzzle.contains(b)
    return puzzle.room_index(a) != puzzle.room_index(b)


def _border_line(puzzle: Puzzle, y: int, width: int) -> str:
    """The line of corners and horizontal edges above row ``y``."""
    parts = []
    for x in range(puzzle.width + 1):
        parts.append(_corner(puzzle, x, y))
        if x < puzzle.width:
            horizontal = _wall(puzzle, (x, y - 1), (x, y))
            parts.append(("━" if horizontal else " ") * width)
    return "".join(parts)


def _corner(puzzle: Puzzle, x: int, y: int) -> str:
    """The junction at the top-left corner of cell ``(x, y)``."""
    arms = (
        _wall(puzzle, (x - 1, y - 1), (x, y - 1)),
        _wall(puzzle, (x, y - 1), (x, y)),
        _wall(puzzle, (x - 1, y), (x, y)),
        _wall(puzzle, (x - 1, y - 1), (x - 1, y)),
    )
    return _JUNCTIONS[arms] if any(arms) else _GRID_DOT


def _cell_line(
    puzzle: Puzzle,
    y: int,
    clues: dict[Cell, str],
    grid: Grid | None,
    width: int,
    marks: Mapping[Cell, str],
) -> str:
    """The line through the cells of row ``y``."""
    parts = []
    for x in range(puzzle.width + 1):
        parts.append("┃" if _wall(puzzle, (x - 1, y), (x, y)) else " ")
        if x < puzzle.width:
            black = grid is not None and grid[y][x] == BLACK
            fill = marks.get((x, y), _BLOCK if black else " ")
            parts.append(_cell(clues.get((x, y)), fill, width))
    return "".join(parts)


def _cell(clue: str | None, fill: str, width: int) -> str:
    """One cell's text: its clue centred on ``fill`` (a solid block when black)."""
    return f"{clue or '':^{width}}".replace(" ", fill)
