"""Random tilings of a grid, or of a region of it, with rectangular rooms.

>>> import random
>>> rects = random_partition(4, 3, random.Random(1))
>>> sorted(cell for rect in rects for cell in rect_cells(rect)) == [
...     (x, y) for x in range(4) for y in range(3)
... ]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Literal, NamedTuple

from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell

__all__ = ["ROOM_SIZES", "RoomSize", "RoomSizes", "random_partition", "rect_tilings", "tile"]

RoomSize = Literal["small", "medium", "large"]
Rect = tuple[int, int, int, int]
"""A rectangle ``(x1, y1, x2, y2)``, corners inclusive."""


class RoomSizes(NamedTuple):
    """The smallest and largest area of a room drawn, and its longest side."""

    low: int
    high: int
    side: int


ROOM_SIZES = {
    "small": RoomSizes(2, 6, 3),
    "medium": RoomSizes(2, 12, 4),
    "large": RoomSizes(4, 20, 5),
}


def random_partition(
    width: int, height: int, rng: random.Random, sizes: RoomSizes = ROOM_SIZES["medium"]
) -> list[Rect]:
    """A random tiling of the whole grid with rectangular rooms (see `tile`)."""
    return tile({(x, y) for y in range(height) for x in range(width)}, rng, sizes)


def tile(free: set[Cell], rng: random.Random, sizes: RoomSizes) -> list[Rect]:
    """Tile ``free`` with rectangles, each placed at the first free cell in row-major order.

    Parameters
    ----------
    free
        The cells to cover; not changed.
    rng
        Draws the shapes.
    sizes
        A rectangle's sides are at most ``sizes.side`` and its area is in
        ``sizes.low..sizes.high``, drawn among the shapes that fit with
        weight the square of the shorter side, so that rooms are rather
        square than thin; where none fits, the largest shape that does is
        taken.

    Returns
    -------
    list[Rect]
        The rectangles, in the order placed.
    """
    free = set(free)
    rects: list[Rect] = []
    for x, y in sorted(free, key=lambda cell: (cell[1], cell[0])):
        if (x, y) not in free:
            continue
        shapes = _free_shapes(free, x, y, sizes.side)
        wanted = [shape for shape in shapes if sizes.low <= shape[0] * shape[1] <= sizes.high]
        if wanted:
            w, h = rng.choices(wanted, [min(shape) ** 2 for shape in wanted])[0]
        else:
            w, h = max(shapes, key=lambda shape: shape[0] * shape[1])
        rect = (x, y, x + w - 1, y + h - 1)
        free.difference_update(rect_cells(rect))
        rects.append(rect)
    return rects


def rect_tilings(width: int, height: int) -> Iterator[list[Rect]]:
    """Every tiling of the grid with rectangles, each once, rectangles in row-major order.

    >>> [len(rects) for rects in rect_tilings(2, 2)]
    [4, 3, 3, 3, 2, 3, 2, 1]
    """

    def extend(free: set[Cell], placed: list[Rect]) -> Iterator[list[Rect]]:
        if not free:
            yield placed
            return
        x, y = min(free, key=lambda cell: (cell[1], cell[0]))
        for w, h in _free_shapes(free, x, y, max(width, height)):
            rect = (x, y, x + w - 1, y + h - 1)
            yield from extend(free.difference(rect_cells(rect)), [*placed, rect])

    return extend({(x, y) for y in range(height) for x in range(width)}, [])


def _free_shapes(free: set[Cell], x: int, y: int, side: int) -> list[tuple[int, int]]:
    """The ``(w, h)`` rectangles with top-left ``(x, y)`` covering only free cells.

    Widening by a column keeps the heights that column is free for from ``y`` down.
    """
    shapes: list[tuple[int, int]] = []
    tallest = side
    for w in range(1, side + 1):
        height = 0
        while height < tallest and (x + w - 1, y + height) in free:
            height += 1
        if height == 0:
            break
        tallest = height
        shapes.extend((w, h) for h in range(1, tallest + 1))
    return shapes


def rect_cells(rect: Rect) -> list[Cell]:
    """The cells of a rectangle, in row-major order.

    >>> rect_cells((1, 0, 2, 1))
    [(1, 0), (2, 0), (1, 1), (2, 1)]
    """
    x1, y1, x2, y2 = rect
    return [(x, y) for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)]


def count_black(grid: Grid, rect: Rect) -> int:
    """The number of black cells of ``grid`` in ``rect``.

    >>> count_black(("#.", "##"), (1, 0, 1, 1))
    1
    """
    return sum(grid[y][x] == BLACK for x, y in rect_cells(rect))
