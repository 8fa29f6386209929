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

from collections.abc import Mapping
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell, Puzzle, neighbours, reachable
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major

__all__: list[str] = []


@dataclass(frozen=True)
class _Walled:
    """A part beside a cut (``witness`` its cell beside it) and the black cells walling it in."""

    walls: set[Cell]
    witness: Cell
    part: set[Cell]


def cuts(puzzle: Puzzle, known: Mapping[Cell, bool]) -> list[tuple[Cell, Reason]]:
    """Every unsettled cell that must be white lest it cut the white cells apart, with a reason.

    Each reason walls in the part beside the cell with the fewest black cells around it.
    """
    open_cells = {cell for cell in puzzle.cells() if not known.get(cell, False)}
    found = []
    for cell in sorted(_articulation_points(open_cells), key=row_major):
        if cell not in known:
            found.append((cell, _reason(puzzle, known, open_cells - {cell}, cell)))
    return found


def _articulation_points(cells: set[Cell]) -> set[Cell]:
    """The cells whose removal splits their part of ``cells`` (Tarjan, without recursion)."""
    order: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    points: set[Cell] = set()
    for start in cells:
        if start in order:
            continue
        order[start] = low[start] = len(order)
        start_children = 0
        stack = [(start, iter(neighbours(start)))]
        while stack:
            cell, pending = stack[-1]
            for other in pending:
                if other not in cells:
                    continue
                if other in order:
                    low[cell] = min(low[cell], order[other])
                    continue
                order[other] = low[other] = len(order)
                stack.append((other, iter(neighbours(other))))
                break
            else:
                stack.pop()
                if not stack:
                    continue
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[cell])
                if parent == start:
                    start_children += 1
                elif low[cell] >= order[parent]:
                    points.add(parent)
        if start_children > 1:
            points.add(start)
    return points


def _reason(puzzle: Puzzle, known: Mapping[Cell, bool], rest: set[Cell], cut: Cell) -> Reason:
    """Why ``cut`` is white: the part beside it with the fewest black cells around, walled in."""
    parts: list[tuple[Cell, set[Cell]]] = []
    for neighbour in neighbours(cut):
        if neighbour in rest and not any(neighbour in part for _, part in parts):
            parts.append((neighbour, reachable(neighbour, rest)))
    best = _fewest_walls(parts, known)
    witness = best.witness
    root = next(other for other, _ in parts if other != witness)
    walls = _needed(puzzle, cut, best.walls, best.part, root)
    rules = [Rule("connected", (root,))]
    settled: list[Settled] = [(wall, True) for wall in walls]
    for cell in (root, witness):
        if cell in known:
            settled.append((cell, False))
        else:
            rules.append(Rule("adjacent", tuple(sorted((cell, cut), key=row_major))))
    return Reason(tuple(rules), tuple(sorted(settled, key=lambda item: row_major(item[0]))))


def _fewest_walls(parts: list[tuple[Cell, set[Cell]]], known: Mapping[Cell, bool]) -> _Walled:
    """The part with the fewest settled black cells around it (ties: its cell beside the cut first).

    Parts are looked at smallest first; a larger one's count stops once it is beaten.
    """
    best: _Walled | None = None
    for witness, part in sorted(parts, key=lambda item: len(item[1])):
        walls = _walls(part, known, None if best is None else len(best.walls))
        if walls is not None and (
            best is None
            or (len(walls), row_major(witness)) < (len(best.walls), row_major(best.witness))
        ):
            best = _Walled(walls, witness, part)
    assert best is not None, "a cut has parts on two sides"
    return best


def _walls(part: set[Cell], known: Mapping[Cell, bool], most: int | None) -> set[Cell] | None:
    """The settled black cells beside ``part``; None once there are more than ``most``."""
    walls: set[Cell] = set()
    for cell in part:
        walls.update(other for other in neighbours(cell) if known.get(other, False))
        if most is not None and len(walls) > most:
            return None
    return walls


def _needed(puzzle: Puzzle, cut: Cell, walls: set[Cell], part: set[Cell], root: Cell) -> set[Cell]:
    """The walls beside the area ``root`` is in, the cut and the walls blocked: those needed.

    Every wall is beside the walled-in ``part``, so one beside the root's area
    joins the two once left out; the others leave the area's edge whole. The
    area is searched from the root only until every wall that could touch it
    (through a cell outside the part, not blocked) does: the part, and so its
    walls, usually lie near.
    """
    blocked = {cut, *walls}
    waiting: dict[Cell, list[Cell]] = {}  # a cell outside the part: the walls beside it
    for wall in walls:
        for other in neighbours(wall):
            if puzzle.contains(other) and other not in blocked and other not in part:
                waiting.setdefault(other, []).append(wall)
    touching = {wall for beside in waiting.values() for wall in beside}  # those that could
    kept: set[Cell] = set()
    seen, queue = {root}, [root]
    for cell in queue:
        kept.update(waiting.get(cell, ()))
        if kept == touching:
            break
        for other in neighbours(cell):
            if other not in seen and other not in blocked and puzzle.contains(other):
                seen.add(other)
                queue.append(other)
    return kept
