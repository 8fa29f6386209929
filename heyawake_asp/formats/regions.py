"""Rooms from a grid of cells: the connected regions readers build rooms of.

>>> labels = ["aab", "abb"]
>>> regions(3, 2, lambda a, b: labels[a[1]][a[0]] == labels[b[1]][b[0]])
[[(0, 0), (1, 0), (0, 1)], [(2, 0), (1, 1), (2, 1)]]
"""

from __future__ import annotations

from collections.abc import Callable

from heyawake_asp.puzzle import Cell

__all__ = ["regions"]


def regions(width: int, height: int, joined: Callable[[Cell, Cell], bool]) -> list[list[Cell]]:
    """Split the grid into regions of cells linked by ``joined`` neighbours.

    Parameters
    ----------
    width, height : int
        The grid size.
    joined : callable
        ``joined(a, b)`` tells whether the orthogonal neighbours ``a`` and
        ``b`` lie in the same region.

    Returns
    -------
    list of list of Cell
        The regions ordered by their first cell in row-major order, each
        region's cells in row-major order.
    """
    region_of: dict[Cell, int] = {}
    found: list[list[Cell]] = []
    for y in range(height):
        for x in range(width):
            if (x, y) not in region_of:
                found.append(_flood((x, y), width, height, joined, region_of, len(found)))
    return [sorted(region, key=lambda cell: (cell[1], cell[0])) for region in found]


def _flood(
    start: Cell,
    width: int,
    height: int,
    joined: Callable[[Cell, Cell], bool],
    region_of: dict[Cell, int],
    number: int,
) -> list[Cell]:
    """Mark and return the region holding ``start``."""
    region_of[start] = number
    region, stack = [start], [start]
    while stack:
        x, y = stack.pop()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            inside = 0 <= nxt[0] < width and 0 <= nxt[1] < height
            if inside and nxt not in region_of and joined((x, y), nxt):
                region_of[nxt] = number
                region.append(nxt)
                stack.append(nxt)
    return region
