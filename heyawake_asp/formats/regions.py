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
    cells = [(x, y) for y in range(height) for x in range(width)]
    region_of = [-1] * len(cells)  # by row-major index: a list, not a dict of tuples
    found: list[list[Cell]] = []
    for start in range(len(cells)):
        if region_of[start] < 0:
            found.append(_flood(start, width, cells, joined, region_of, len(found)))
    return found


def _flood(
    start: int,
    width: int,
    cells: list[Cell],
    joined: Callable[[Cell, Cell], bool],
    region_of: list[int],
    number: int,
) -> list[Cell]:
    """Mark and return the region holding cell index ``start``, in row-major order."""
    region_of[start] = number
    members, stack = [start], [start]
    while stack:
        index = stack.pop()
        x = index % width
        steps = (
            (index + 1, x + 1 < width),
            (index - 1, x > 0),
            (index + width, index + width < len(cells)),
            (index - width, index >= width),
        )
        for other, inside in steps:
            if inside and region_of[other] < 0 and joined(cells[index], cells[other]):
                region_of[other] = number
                members.append(other)
                stack.append(other)
    return [cells[member] for member in sorted(members)]
