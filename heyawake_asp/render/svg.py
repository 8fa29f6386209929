"""Draw a puzzle, and optionally its shading, as an SVG picture.

Thin grey grid lines, thick room borders merged into straight runs, each
room's clue in its first cell (``?`` for a hidden one) and one filled
square per black cell; white cells may carry a small dot (in the
lower-right corner of a cell holding a clue). Plain SVG 1.1 written with
the standard library; the ``viewBox`` lets it scale to any size.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> svg = render_svg(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 1),)), ("#.",))
>>> svg.count('<rect class="black"'), "<text" in svg
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Puzzle

__all__ = ["render_svg"]

CELL = 36
"""The side of a cell, in SVG user units (pixels when shown at 100%)."""

_MARGIN = CELL // 2
_BORDER_WIDTH = 3
_GRID_COLOUR = "#999999"
_DOT_RADIUS = 3
_DOT_INSET = 6
"""How far a clue cell's dot sits from the cell's right and bottom sides, clear of the clue."""
_SHADE = "#3a3a3a"
"""Black cells are a very dark grey, so that the black room borders show on them."""

Segment = tuple[int, int, int, int]
"""A line from ``(x1, y1)`` to ``(x2, y2)`` in grid coordinates (cell corners)."""


def _caption(puzzle: Puzzle) -> str:
    """The picture's title: the puzzle's own title and author, else its kind and size."""
    caption = puzzle.title or f"Heyawake {puzzle.width}x{puzzle.height}"
    return caption if puzzle.author is None else f"{caption}, by {puzzle.author}"


def render_svg(puzzle: Puzzle, grid: Grid | None = None, dots: bool = False) -> str:
    """The puzzle as an SVG document, shaded by ``grid`` when given.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle to draw.
    grid : Grid, optional
        A shading to draw: black cells filled.
    dots : bool
        Mark the white cells of ``grid`` with a small dot (see `white_dots`).
    """
    width = puzzle.width * CELL + 2 * _MARGIN
    height = puzzle.height * CELL + 2 * _MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(_caption(puzzle))}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        _grid_lines(puzzle),
    ]
    if grid is not None:
        parts.extend(_black_cells(grid))
        if dots:
            parts.append(white_dots(puzzle, _white_cells(grid)))
    parts.append(_clues(puzzle, grid))
    parts.append(_borders(puzzle))
    parts.append(
        f'<rect class="frame" x="{_MARGIN}" y="{_MARGIN}" width="{puzzle.width * CELL}" '
        f'height="{puzzle.height * CELL}" fill="none" stroke="black" '
        f'stroke-width="{_BORDER_WIDTH}"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _at(corner: int) -> int:
    """The SVG coordinate of a grid line (cell corner) index."""
    return _MARGIN + corner * CELL


def _grid_lines(puzzle: Puzzle) -> str:
    """One path with every interior grid line."""
    moves = [f"M{_at(x)} {_at(0)}V{_at(puzzle.height)}" for x in range(1, puzzle.width)]
    moves += [f"M{_at(0)} {_at(y)}H{_at(puzzle.width)}" for y in range(1, puzzle.height)]
    return (
        f'<path class="grid" d="{"".join(moves)}" fill="none" '
        f'stroke="{_GRID_COLOUR}" stroke-width="1"/>'
    )


def _black_cells(grid: Grid) -> list[str]:
    """A filled square per black cell."""
    return [
        f'<rect class="black" x="{_at(x)}" y="{_at(y)}" '
        f'width="{CELL}" height="{CELL}" fill="{_SHADE}"/>'
        for y, row in enumerate(grid)
        for x, char in enumerate(row)
        if char == BLACK
    ]


def _white_cells(grid: Grid) -> list[Cell]:
    """The cells of ``grid`` that are not black, row by row."""
    return [(x, y) for y, row in enumerate(grid) for x, char in enumerate(row) if char != BLACK]


def white_dots(puzzle: Puzzle, cells: Iterable[Cell]) -> str:
    """A small dot per cell of ``cells``: centred, or in the lower-right corner of a clue's cell.

    A clue's cell keeps its centre for the clue, so that a dot never reads
    as part of the number (a 0 with a dot in it looks like a θ).
    """
    clued = {room.first_cell for room in puzzle.rooms if room.clue_text is not None}
    circles = []
    for x, y in cells:
        offset = CELL - _DOT_INSET if (x, y) in clued else CELL // 2
        circles.append(
            f'<circle class="dot" cx="{_at(x) + offset}" cy="{_at(y) + offset}" '
            f'r="{_DOT_RADIUS}" fill="#555555"/>'
        )
    return "".join(circles)


def _clues(puzzle: Puzzle, grid: Grid | None) -> str:
    """Each room's clue, centred in its first cell (white on a black cell)."""
    texts = []
    for room in puzzle.rooms:
        if room.clue_text is None:
            continue
        x, y = room.first_cell
        colour = "white" if grid is not None and grid[y][x] == BLACK else "black"
        texts.append(
            f'<text x="{_at(x) + CELL // 2}" y="{_at(y) + CELL // 2}" '
            f'dy=".35em" fill="{colour}">{escape(room.clue_text, quote=False)}</text>'
        )
    size = CELL * 3 // 5
    return (
        f'<g class="clues" font-family="Helvetica, Arial, sans-serif" font-size="{size}" '
        f'text-anchor="middle">{"".join(texts)}</g>'
    )


def _borders(puzzle: Puzzle) -> str:
    """The room borders inside the grid, as maximal straight lines."""
    lines = "".join(
        f'<line x1="{_at(x1)}" y1="{_at(y1)}" x2="{_at(x2)}" y2="{_at(y2)}"/>'
        for x1, y1, x2, y2 in border_segments(puzzle)
    )
    return (
        f'<g class="borders" stroke="black" stroke-width="{_BORDER_WIDTH}" '
        f'stroke-linecap="square">{lines}</g>'
    )


def border_segments(puzzle: Puzzle) -> list[Segment]:
    """The room borders inside the grid, merged into maximal straight segments.

    >>> from heyawake_asp.puzzle import Puzzle, Room
    >>> border_segments(Puzzle(1, 2, (Room.rectangle(0, 0, 0, 0), Room.rectangle(0, 1, 0, 1))))
    [(0, 1, 1, 1)]
    """
    segments: list[Segment] = []
    for y in range(1, puzzle.height):
        walls = [_differ(puzzle, (x, y - 1), (x, y)) for x in range(puzzle.width)]
        segments.extend((start, y, end, y) for start, end in _runs(walls))
    for x in range(1, puzzle.width):
        walls = [_differ(puzzle, (x - 1, y), (x, y)) for y in range(puzzle.height)]
        segments.extend((x, start, x, end) for start, end in _runs(walls))
    return segments


def _differ(puzzle: Puzzle, a: Cell, b: Cell) -> bool:
    """Whether neighbouring cells ``a`` and ``b`` lie in different rooms."""
    return puzzle.room_index(a) != puzzle.room_index(b)


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each run of true flags, ``end`` exclusive."""
    runs: list[tuple[int, int]] = []
    start = None
    for index, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = index
        elif not flag and start is not None:
            runs.append((start, index))
            start = None
    return runs
