"""Re-tile the rooms where a second shading hides, so as to rule it out.

A generated puzzle is numbered from its shading; where the solver finds a
second solution, the rooms around the cells that differ are tiled afresh.
Only rules 3 (the counts) and 5 (no white run through three rooms) depend
on the rooms, so a new tiling is judged along the rows and columns through
it alone, without calling the solver.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from heyawake_asp.authoring.tiling import Rect, RoomSizes, count_black, rect_cells, tile
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.oracles.checker import runs_through_three_rooms
from heyawake_asp.puzzle import Cell

__all__ = ["retile"]

_RETILE_TRIES = 30


def retile(
    rects: list[Rect],
    grid: Grid,
    other: Grid,
    rng: random.Random,
    sizes: RoomSizes,
) -> list[Rect] | None:
    """Re-tile the rooms where ``grid`` and ``other`` differ so as to rule out ``other``.

    Each such room is re-tiled alone, then with each neighbour, then with
    all of them, leaving rooms already re-tiled alone. A new tiling is kept
    when, numbered from ``grid``, it keeps ``grid`` a solution and makes
    ``other`` none there.

    Parameters
    ----------
    rects
        The rooms, tiling the grid.
    grid
        The shading to keep a solution.
    other
        A second solution of the rooms numbered from ``grid``.
    rng
        Draws the new tilings.
    sizes
        The sizes of new rooms, as for `heyawake_asp.authoring.tiling.tile`.

    Returns
    -------
    list[Rect] or None
        The rooms left alone followed by the new ones; None when no room
        could be re-tiled.
    """
    owner = {cell: index for index, rect in enumerate(rects) for cell in rect_cells(rect)}
    changed: set[int] = set()
    tiles_added: list[Rect] = []
    for index, rect in enumerate(rects):
        if index in changed or all(grid[y][x] == other[y][x] for x, y in rect_cells(rect)):
            continue
        around = {owner[cell] for cell in _around(rect) if cell in owner} - changed
        neighbours = sorted(room for room in around if room != index and room < len(rects))
        groups = [{index}, *({index, room} for room in neighbours), {index, *neighbours}]
        tiles = _retile_one(groups, rects, owner, grid, other, rng, sizes)
        if tiles is not None:
            group, new = tiles
            changed |= group
            number = len(rects) + len(tiles_added)
            tiles_added += new
            owner.update(
                (cell, number + k) for k, added in enumerate(new) for cell in rect_cells(added)
            )
    if not changed:
        return None
    return [rect for i, rect in enumerate(rects) if i not in changed] + tiles_added


def _retile_one(
    groups: list[set[int]],
    rects: list[Rect],
    owner: dict[Cell, int],
    grid: Grid,
    other: Grid,
    rng: random.Random,
    sizes: RoomSizes,
) -> tuple[set[int], list[Rect]] | None:
    """The first group of rooms, and its new tiles, whose random re-tiling rules out ``other``."""
    for group in groups:
        region = {cell for member in group for cell in rect_cells(rects[member])}
        lines = _lines_through(region, owner, grid, other)
        judged: set[frozenset[Rect]] = set()
        for _ in range(_RETILE_TRIES):
            # Every try is drawn (a seed's puzzle depends on the draws), but a tiling drawn
            # again is not judged again: a small region has few, and most draws repeat one.
            tiles = tile(region, rng, sizes)
            if (drawn := frozenset(tiles)) in judged:
                continue
            judged.add(drawn)
            if _rules_out(tiles, lines, grid, other):
                return group, tiles
    return None


class _Side(NamedTuple):
    """One shading along the lines through a region.

    Per line: its cells as text, and the stretch ``(start, stop)`` from the
    black cell before the region's first cell to the black cell after its
    last (re-tiling changes rooms there only, and no white run crosses its
    ends); ``outside``: whether a run outside the stretch already passes
    through three rooms.
    """

    cells: list[str]
    spans: list[tuple[int, int]]
    outside: bool


class _Lines(NamedTuple):
    """The rows and columns through a region: what rule 5 must be checked along.

    The two shadings along them, the room of each cell before re-tiling,
    and where along each line the region's cells are.
    """

    grid: _Side
    other: _Side
    rooms: list[list[object]]
    region: list[list[tuple[int, Cell]]]


def _lines_through(region: set[Cell], owner: dict[Cell, int], grid: Grid, other: Grid) -> _Lines:
    """The rows and columns through ``region`` (every tiling of it crosses the same ones)."""
    width, height = len(grid[0]), len(grid)
    lines = [[(x, y) for x in range(width)] for y in {y for _, y in region}]
    lines += [[(x, y) for y in range(height)] for x in {x for x, _ in region}]
    rooms: list[list[object]] = [[owner[cell] for cell in line] for line in lines]
    spots = [[(at, cell) for at, cell in enumerate(line) if cell in region] for line in lines]
    places = [[at for at, _ in line] for line in spots]
    return _Lines(
        _side(grid, lines, rooms, places), _side(other, lines, rooms, places), rooms, spots
    )


def _side(
    shading: Grid, lines: list[list[Cell]], rooms: list[list[object]], places: list[list[int]]
) -> _Side:
    """``shading`` along ``lines``, whose cells at ``places`` are the region's."""
    cells = ["".join(shading[y][x] for x, y in line) for line in lines]
    spans = [_span(text, at) for text, at in zip(cells, places, strict=True)]
    outside = any(
        any(runs_through_three_rooms(text[:start], line_rooms[:start]))
        or any(runs_through_three_rooms(text[stop:], line_rooms[stop:]))
        for text, line_rooms, (start, stop) in zip(cells, rooms, spans, strict=True)
    )
    return _Side(cells, spans, outside)


def _span(cells: str, region: list[int]) -> tuple[int, int]:
    """The stretch from after the black cell before ``region`` to the black cell after it."""
    start = cells.rfind(BLACK, 0, min(region)) + 1
    stop = cells.find(BLACK, max(region) + 1)
    return start, len(cells) if stop < 0 else stop


def _rules_out(tiles: list[Rect], lines: _Lines, grid: Grid, other: Grid) -> bool:
    """Whether new rooms ``tiles``, numbered from ``grid``, keep it a solution but not ``other``.

    Only rules 3 and 5 depend on the rooms, and only near the new ones:
    along the rows and columns through them (``lines``), in the stretch of
    each around them.
    """
    tile_of = {cell: rect for rect in tiles for cell in rect_cells(rect)}
    rooms = [list(before) for before in lines.rooms]
    for line_rooms, spots in zip(rooms, lines.region, strict=True):
        for at, cell in spots:
            line_rooms[at] = tile_of[cell]
    if _passes_three_rooms(lines.grid, rooms):
        return False
    miscounted = any(count_black(grid, rect) != count_black(other, rect) for rect in tiles)
    return miscounted or _passes_three_rooms(lines.other, rooms)


def _passes_three_rooms(side: _Side, rooms: list[list[object]]) -> bool:
    """Whether a run of white cells along one of the lines passes through three rooms."""
    return side.outside or any(
        any(runs_through_three_rooms(text[start:stop], line_rooms[start:stop]))
        for text, line_rooms, (start, stop) in zip(side.cells, rooms, side.spans, strict=True)
    )


def _around(rect: Rect) -> list[Cell]:
    """The cells just outside a rectangle's four sides (some may lie off the grid)."""
    x1, y1, x2, y2 = rect
    return [
        *((x, y) for x in range(x1, x2 + 1) for y in (y1 - 1, y2 + 1)),
        *((x, y) for y in range(y1, y2 + 1) for x in (x1 - 1, x2 + 1)),
    ]
