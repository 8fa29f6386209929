"""Connectivity steps found by a search over the grid: cells whose black would cut the white apart.

Take the cells not settled black, the *open* cells. If making an unsettled
cell ``c`` black splits them into parts, each part beside ``c`` holds a
neighbour of ``c``, which is then white (settled white, or white because it
touches the black ``c``), and the white cells could not all be connected:
``c`` is white. These are exactly the cells that connectivity and the rule
on neighbours force while the settled cells have a solution, and they are
the articulation points of the open cells (one depth-first search).

A cut's reason: connectivity rooted at the neighbour in one part, the
neighbour in another part (each either settled white or white beside
``c``, by the rule on neighbours), and the black cells that wall that part
in, each needed (without it, the part would reach the root).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0),))
>>> [(cell, reason.known) for cell, reason in cuts(strip, {(0, 0): False})]
[((1, 0), (((0, 0), False),))]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major

__all__: list[str] = []


@dataclass(frozen=True)
class _Grid:
    """A grid's cells as numbers, ``y * width + x`` (row-major), and each one's neighbours on it.

    A walk looks for cuts over the whole grid at most steps: numbers in
    lists search it some twice as fast as cells in sets.
    """

    width: int
    around: tuple[tuple[int, ...], ...]

    def cell(self, number: int) -> Cell:
        """The cell numbered ``number``."""
        return number % self.width, number // self.width


@functools.cache
def _grid(width: int, height: int) -> _Grid:
    """The numbered grid of that size, neighbours in `neighbours`' order."""
    around = tuple(
        tuple(
            nx + ny * width for nx, ny in neighbours((x, y)) if 0 <= nx < width and 0 <= ny < height
        )
        for y in range(height)
        for x in range(width)
    )
    return _Grid(width, around)


@dataclass(frozen=True)
class _Walled:
    """A part beside a cut (``witness`` its cell beside it) and the black cells walling it in."""

    walls: set[int]
    witness: int
    part: set[int]


def cuts(puzzle: Puzzle, known: Mapping[Cell, bool]) -> list[tuple[Cell, Reason]]:
    """Every unsettled cell that must be white lest it cut the white cells apart, with a reason.

    Each reason walls in the part beside the cell with the fewest black cells around it.
    """
    grid = _grid(puzzle.width, puzzle.height)
    black = bytearray(puzzle.cell_count)
    for (x, y), colour in known.items():
        black[x + y * puzzle.width] = colour
    found = []
    for cut in sorted(_articulation_points(black, grid.around)):  # row-major
        cell = grid.cell(cut)
        if cell not in known:
            found.append((cell, _reason(grid, known, black, cut)))
    return found


def _articulation_points(black: bytearray, around: tuple[tuple[int, ...], ...]) -> set[int]:
    """The cells not ``black`` whose removal splits their part (Tarjan, without recursion)."""
    order = [-1] * len(black)
    low = [0] * len(black)
    points: set[int] = set()
    counter = 0
    for start, walled in enumerate(black):
        if walled or order[start] >= 0:
            continue
        order[start] = low[start] = counter
        counter += 1
        start_children = 0
        stack = [(start, iter(around[start]))]
        while stack:
            cell, pending = stack[-1]
            for other in pending:
                if black[other]:
                    continue
                if order[other] >= 0:
                    if order[other] < low[cell]:
                        low[cell] = order[other]
                    continue
                order[other] = low[other] = counter
                counter += 1
                stack.append((other, iter(around[other])))
                break
            else:
                stack.pop()
                if not stack:
                    continue
                parent = stack[-1][0]
                if low[cell] < low[parent]:
                    low[parent] = low[cell]
                if parent == start:
                    start_children += 1
                elif low[cell] >= order[parent]:
                    points.add(parent)
        if start_children > 1:
            points.add(start)
    return points


def _reason(grid: _Grid, known: Mapping[Cell, bool], black: bytearray, cut: int) -> Reason:
    """Why ``cut`` is white: the part beside it with the fewest black cells around, walled in."""
    parts: list[tuple[int, set[int]]] = []
    black[cut] = True  # the parts apart once it is black
    for neighbour in grid.around[cut]:
        if not black[neighbour] and not any(neighbour in part for _, part in parts):
            parts.append((neighbour, _part(neighbour, black, grid.around)))
    black[cut] = False
    best = _fewest_walls(parts, black, grid.around)
    witness = best.witness
    root = next(other for other, _ in parts if other != witness)
    walls = _needed(grid.around, cut, best.walls, best.part, root)
    rules = [Rule("connected", (grid.cell(root),))]
    settled: list[Settled] = [(grid.cell(wall), True) for wall in sorted(walls)]
    for number in (root, witness):
        cell = grid.cell(number)
        if cell in known:
            settled.append((cell, False))
        else:
            pair = (cell, grid.cell(cut)) if number < cut else (grid.cell(cut), cell)
            rules.append(Rule("adjacent", pair))
    return Reason(tuple(rules), tuple(sorted(settled, key=lambda item: row_major(item[0]))))


def _part(start: int, black: bytearray, around: tuple[tuple[int, ...], ...]) -> set[int]:
    """The cells not ``black`` reachable from ``start``."""
    seen = {start}
    stack = [start]
    while stack:
        for other in around[stack.pop()]:
            if not black[other] and other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


def _fewest_walls(
    parts: list[tuple[int, set[int]]], black: bytearray, around: tuple[tuple[int, ...], ...]
) -> _Walled:
    """The part with the fewest settled black cells around it (ties: its cell beside the cut first).

    Parts are looked at smallest first; a larger one's count stops once it is beaten.
    """
    best: _Walled | None = None
    for witness, part in sorted(parts, key=lambda item: len(item[1])):
        walls = _walls(part, black, around, None if best is None else len(best.walls))
        if walls is not None and (
            best is None or (len(walls), witness) < (len(best.walls), best.witness)
        ):
            best = _Walled(walls, witness, part)
    assert best is not None, "a cut has parts on two sides"
    return best


def _walls(
    part: set[int], black: bytearray, around: tuple[tuple[int, ...], ...], most: int | None
) -> set[int] | None:
    """The black cells beside ``part``; None once there are more than ``most``."""
    walls: set[int] = set()
    for cell in part:
        walls.update(other for other in around[cell] if black[other])
        if most is not None and len(walls) > most:
            return None
    return walls


def _needed(
    around: tuple[tuple[int, ...], ...], cut: int, walls: set[int], part: set[int], root: int
) -> set[int]:
    """The walls beside the area ``root`` is in, the cut and the walls blocked: those needed.

    Every wall is beside the walled-in ``part``, so one beside the root's area
    joins the two once left out; the others leave the area's edge whole. The
    area is searched from the root only until every wall that could touch it
    (through a cell outside the part, not blocked) does: the part, and so its
    walls, usually lie near.
    """
    blocked = {cut, *walls}
    waiting: dict[int, list[int]] = {}  # a cell outside the part: the walls beside it
    for wall in walls:
        for other in around[wall]:
            if other not in blocked and other not in part:
                waiting.setdefault(other, []).append(wall)
    touching = {wall for beside in waiting.values() for wall in beside}  # those that could
    kept: set[int] = set()
    seen, queue = {root}, [root]
    for cell in queue:
        kept.update(waiting.get(cell, ()))
        if kept == touching:
            break
        for other in around[cell]:
            if other not in seen and other not in blocked:
                seen.add(other)
                queue.append(other)
    return kept
