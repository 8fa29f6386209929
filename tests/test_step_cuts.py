"""Cut steps: against brute force over every shading of a small grid, checked and minimal."""

from __future__ import annotations

import itertools
import random

from heyawake_asp import Puzzle, Room
from heyawake_asp.oracles.step_checker import check_step, entails
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


SHADINGS = [
    black
    for bits in itertools.product((False, True), repeat=len(CELLS))
    if _valid(black := {cell for cell, on in zip(CELLS, bits, strict=True) if on})
]


def test_cuts_are_the_cells_connectivity_forces_white_and_their_reasons_check() -> None:
    rng = random.Random(7)
    steps = 0
    for _ in range(150):
        solution = rng.choice(SHADINGS)
        known = {cell: cell in solution for cell in rng.sample(CELLS, rng.randint(1, 9))}
        agreeing = [s for s in SHADINGS if all((c in s) == b for c, b in known.items())]
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
