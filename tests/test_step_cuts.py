"""Cut steps: against brute force over every shading of a small grid, checked and minimal."""

from __future__ import annotations

import functools
import itertools
import random

from heyawake_asp import Puzzle, Room
from heyawake_asp.oracles.step_checker import check_step, entails
from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.cuts import cuts
from heyawake_asp.steps.model import Step

SIZE = 4
GRID = Puzzle(SIZE, SIZE, (Room.rectangle(0, 0, SIZE - 1, SIZE - 1),))
CELLS = [(x, y) for y in range(SIZE) for x in range(SIZE)]


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = cell
    return [(a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if (a, b) in CELLS]


def _valid(black: set[tuple[int, int]]) -> bool:
    """No two black cells side by side and the white cells connected."""
    if any(other in black for cell in black for other in _neighbours(cell)):
        return False
    whites = [cell for cell in CELLS if cell not in black]
    seen, stack = {whites[0]}, [whites[0]]
    while stack:
        for other in _neighbours(stack.pop()):
            if other not in black and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(whites)


@functools.cache
def _shadings() -> list[set[Cell]]:
    """Every shading of the grid that breaks neither rule (built when first asked, not at every
    run's collection: some 0.5 s)."""
    return [
        black
        for bits in itertools.product((False, True), repeat=len(CELLS))
        if _valid(black := {cell for cell, on in zip(CELLS, bits, strict=True) if on})
    ]


def test_cuts_are_the_cells_connectivity_forces_white_and_their_reasons_check() -> None:
    rng = random.Random(7)
    steps = 0
    for _ in range(150):
        solution = rng.choice(_shadings())
        known = {cell: cell in solution for cell in rng.sample(CELLS, rng.randint(1, 9))}
        agreeing = [s for s in _shadings() if all((c in s) == b for c, b in known.items())]
        beside_black = {o for c, b in known.items() if b for o in _neighbours(c)}
        always_white = {c for c in CELLS if c not in known and not any(c in s for s in agreeing)}
        found = dict(cuts(GRID, known))
        assert always_white - beside_black <= set(found) <= always_white, known
        steps += len(found)
        for cell, reason in found.items():
            assert check_step(GRID, Step(((cell, False),), reason, "connected", 0, "")) == []
            for part in [*reason.rules, *reason.known]:
                rules = [rule for rule in reason.rules if rule != part]
                rest = dict(settled for settled in reason.known if settled != part)
                assert not entails(GRID, rules, rest, cell, False), (known, cell, part)
    assert steps > 50, steps


def _reaches(size: int, start: Cell, goal: Cell, blocked: set[Cell]) -> bool:
    """Plain breadth-first search over a size x size grid's cells not ``blocked``."""
    seen, queue = {start}, [start]
    for x, y in queue:
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            inside = 0 <= nxt[0] < size and 0 <= nxt[1] < size
            if inside and nxt not in seen and nxt not in blocked:
                seen.add(nxt)
                queue.append(nxt)
    return goal in seen


def test_a_cuts_walls_are_each_needed_on_larger_grids() -> None:
    """Every black cell a cut's reason keeps walls its part off from the root, and only those do."""
    size, rng, walled = 12, random.Random(11), 0
    grid = Puzzle(size, size, (Room.rectangle(0, 0, size - 1, size - 1),))
    for _ in range(40):
        black: set[Cell] = set()
        for cell in rng.sample([(x, y) for y in range(size) for x in range(size)], 60):
            x, y = cell
            if not black & {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}:
                black.add(cell)
        known = {cell: True for cell in black}
        for cut, reason in cuts(grid, known):
            (root,) = next(rule for rule in reason.rules if rule.kind == "connected").cells
            beside = {c for rule in reason.rules if rule.kind == "adjacent" for c in rule.cells}
            whites = {cell for cell, colour in reason.known if not colour}
            (witness,) = (beside | whites) - {cut, root}
            walls = {cell for cell, colour in reason.known if colour}
            assert not _reaches(size, witness, root, {cut, *walls})
            for wall in walls:
                assert _reaches(size, witness, root, {cut, *walls} - {wall}), (known, cut, wall)
            walled += len(walls)
    assert walled > 200, walled
