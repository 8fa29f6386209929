"""The small puzzles `heyawake validate` tries: grid sizes, tilings by rooms, clue variants.

Every grid of up to a number of cells, smallest first; for each, every tiling
by rooms when there are few, else a seeded random sample of them; for each
tiling, the puzzle without numbers and a few numbered variants.

>>> import random
>>> grid_sizes(4)
[(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2), (4, 1)]
>>> len(tilings(2, 2, random.Random(0))), len(tilings(2, 2, random.Random(0), irregular=True))
(8, 12)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from heyawake_asp.authoring.tiling import RoomSizes, random_partition, rect_tilings
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Room, neighbours

__all__: list[str] = []

TILINGS_PER_SIZE = 40
"""Tilings tried per grid size: all of them when there are no more, else a sample this large."""
_DRAWS_PER_TILING = 10
"""Random draws allowed per tiling wanted, before a sample settles for fewer distinct ones."""

Tiling = tuple[Room, ...]


def grid_sizes(max_cells: int) -> list[tuple[int, int]]:
    """Every ``(width, height)`` of at most ``max_cells`` cells, fewest cells first."""
    sizes = [(w, h) for w in range(1, max_cells + 1) for h in range(1, max_cells // w + 1)]
    return sorted(sizes, key=lambda size: (size[0] * size[1], size[0]))


def tilings(
    width: int,
    height: int,
    rng: random.Random,
    *,
    irregular: bool = False,
    limit: int = TILINGS_PER_SIZE,
) -> list[Tiling]:
    """Every tiling of the grid by rooms if there are at most ``limit``, else a random sample.

    Rooms are rectangles, or with ``irregular`` any orthogonally connected
    cells. Rooms come in row-major order of their first cell.
    """
    every = _rectangle_tilings(width, height) if not irregular else _partitions(width, height)
    first = list(itertools.islice(every, limit + 1))
    if len(first) <= limit:
        return first
    sample: dict[Tiling, None] = {}
    for _ in range(limit * _DRAWS_PER_TILING):
        sample.setdefault(_random_tiling(width, height, rng, irregular))
        if len(sample) == limit:
            break
    return list(sample)


def clue_variants(
    rooms: Sequence[Room], solutions: Sequence[Grid], rng: random.Random
) -> list[tuple[int | None, ...]]:
    """Numbers for the rooms, drawn from the ``solutions`` of the puzzle without any.

    Each room numbered with its count in one solution; some rooms numbered
    from another; and one room given a count no solution has there, which
    makes the puzzle unsolvable. Without solutions, none; repeats are left out.
    """
    variants: dict[tuple[int | None, ...], None] = {}
    if solutions:
        counts = _counts(rooms, rng.choice(solutions))
        variants.setdefault(counts)
        counts = _counts(rooms, rng.choice(solutions))
        variants.setdefault(tuple(n if rng.random() < 0.5 else None for n in counts))
        unsolvable = _unsolvable(rooms, solutions, rng)
        if unsolvable is not None:
            variants.setdefault(unsolvable)
    variants.pop((None,) * len(rooms), None)
    return list(variants)


def _counts(rooms: Sequence[Room], grid: Grid) -> tuple[int, ...]:
    """The number of black cells of ``grid`` in each room."""
    return tuple(sum(grid[y][x] == BLACK for x, y in room.cells) for room in rooms)


def _unsolvable(
    rooms: Sequence[Room], solutions: Sequence[Grid], rng: random.Random
) -> tuple[int | None, ...] | None:
    """One room numbered with a count that fits it but that no solution has there, if any."""
    counts = [_counts(rooms, grid) for grid in solutions]
    seen = [{row[index] for row in counts} for index in range(len(rooms))]
    order = list(range(len(rooms)))
    rng.shuffle(order)
    for index in order:
        missing = [n for n in range(len(rooms[index].cells) + 1) if n not in seen[index]]
        if missing:
            clues: list[int | None] = [None] * len(rooms)
            clues[index] = rng.choice(missing)
            return tuple(clues)
    return None


def _rectangle_tilings(width: int, height: int) -> Iterator[Tiling]:
    """Every tiling by rectangles."""
    for rects in rect_tilings(width, height):
        yield tuple(Room.rectangle(*rect) for rect in rects)


def _partitions(width: int, height: int) -> Iterator[Tiling]:
    """Every tiling by connected rooms: the room of the first free cell, then the rest."""

    def extend(free: frozenset[Cell], placed: Tiling) -> Iterator[Tiling]:
        if not free:
            yield placed
            return
        first = min(free, key=lambda cell: (cell[1], cell[0]))
        for room in _connected_sets(first, free):
            yield from extend(free - room, (*placed, Room(room)))

    return extend(frozenset((x, y) for y in range(height) for x in range(width)), ())


def _connected_sets(start: Cell, free: frozenset[Cell]) -> Iterator[frozenset[Cell]]:
    """Every connected set of ``free`` cells holding ``start``, each once.

    Each frontier cell is taken or, from then on, left out: ``frontier``
    holds the neighbours of ``chosen`` neither chosen nor left out.
    """

    def grow(
        chosen: frozenset[Cell], frontier: list[Cell], left_out: frozenset[Cell]
    ) -> Iterator[frozenset[Cell]]:
        yield chosen
        frontier = list(frontier)
        while frontier:
            cell = frontier.pop()
            known = chosen | left_out | set(frontier) | {cell}
            fresh = [n for n in neighbours(cell) if n in free and n not in known]
            yield from grow(chosen | {cell}, frontier + fresh, left_out)
            left_out |= {cell}

    return grow(frozenset({start}), [n for n in neighbours(start) if n in free], frozenset())


def _random_tiling(width: int, height: int, rng: random.Random, irregular: bool) -> Tiling:
    """A random tiling: rectangles from `random_partition`, or rooms grown cell by cell."""
    if not irregular:
        sizes = RoomSizes(1, width * height, max(width, height))
        rects = random_partition(width, height, rng, sizes)
        return tuple(Room.rectangle(*rect) for rect in rects)  # placed in row-major order
    free = {(x, y) for y in range(height) for x in range(width)}
    rooms: list[Room] = []
    while free:
        first = min(free, key=lambda cell: (cell[1], cell[0]))
        room = _grown_room(first, free, rng.randint(1, len(free)), rng)
        free -= room
        rooms.append(Room(frozenset(room)))
    return tuple(rooms)


def _grown_room(start: Cell, free: set[Cell], size: int, rng: random.Random) -> set[Cell]:
    """Up to ``size`` free cells grown from ``start``, a random free neighbour at a time."""
    room = {start}
    while len(room) < size:
        frontier = sorted({n for cell in room for n in neighbours(cell) if n in free} - room)
        if not frontier:
            break
        room.add(rng.choice(frontier))
    return room
