"""The step checker against brute force over whole grids, and on wrong claims."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable

import pytest
from helpers import REPO

from heyawake_asp import Puzzle, Room, read_puzzle
from heyawake_asp.oracles.step_checker import check_step, entails
from heyawake_asp.puzzle import Cell, neighbours
from heyawake_asp.steps import Reason, Rule, Step, steps
from heyawake_asp.steps.engine import Deducer

WINDOWS = Puzzle(
    4,
    3,
    (
        Room.rectangle(0, 0, 0, 1, 1),
        Room.rectangle(1, 0, 2, 0),
        Room.rectangle(3, 0, 3, 1, 1),
        Room.rectangle(1, 1, 2, 1, 0),
        Room.rectangle(0, 2, 1, 2, 1),
        Room.rectangle(2, 2, 3, 2),
    ),
)
"""Rows ``abbc``, ``addc``, ``eeff``: runs through three rooms across and down."""

LANES = Puzzle(
    5,
    3,
    (
        Room.rectangle(0, 0, 1, 0, 1),
        Room.rectangle(2, 0, 2, 1),
        Room.rectangle(3, 0, 4, 0, 1),
        Room.rectangle(0, 1, 0, 2),
        Room.rectangle(1, 1, 1, 2, 1),
        Room.rectangle(3, 1, 4, 2, 2),
        Room.rectangle(2, 2, 2, 2),
    ),
)
"""Rows ``aabcc``, ``dfbgg``, ``dfegg``: white cells joined through narrow passages."""

CORNER = Puzzle(3, 3, (Room.rectangle(0, 0, 2, 2),))
"""One unnumbered 3x3 room: (0,0) is cut off when (1,0) and (0,1) are black."""


def _models(shadings: list[dict[Cell, bool]], keeps: Callable[[dict[Cell, bool]], bool]) -> int:
    """The shadings (by their index) that ``keeps`` accepts, as a bit set."""
    return sum(1 << index for index, shading in enumerate(shadings) if keeps(shading))


def _coloured(cell: Cell, black: bool, shading: dict[Cell, bool]) -> bool:
    """Whether ``cell`` has that colour in ``shading``."""
    return shading[cell] == black


def _keeps(puzzle: Puzzle, rule: Rule, black: dict[Cell, bool]) -> bool:
    """Whether a whole shading keeps one rule instance, read from the rules of the puzzle."""
    if rule.kind == "adjacent":
        return not all(black[cell] for cell in rule.cells)
    if rule.kind == "run":
        return any(black[cell] for cell in rule.cells)
    if rule.kind == "clue":
        return sum(black[cell] for cell in rule.cells) == puzzle.rooms[rule.room or 0].clue
    if rule.kind == "apart":  # no black cell of the room beside another black cell
        return not any(
            black[cell] and black.get(other, False)
            for cell in puzzle.rooms[rule.room or 0].cells
            for other in neighbours(cell)
        )
    seen = {root for root in rule.cells if not black[root]}  # every white cell reaches one
    stack = list(seen)
    while stack:
        x, y = stack.pop()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in black and not black[nxt] and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return not seen or all(cell in seen for cell, shaded in black.items() if not shaded)


def _apart(puzzle: Puzzle, room: int) -> Rule:
    """The ``apart`` instance of a room: its cells and their neighbours, row-major."""
    cells = set(puzzle.rooms[room].cells)
    cells |= {n for cell in cells for n in neighbours(cell) if puzzle.contains(n)}
    return Rule("apart", tuple(sorted(cells, key=lambda cell: (cell[1], cell[0]))), room)


@pytest.mark.parametrize(
    "puzzle",
    [
        pytest.param(WINDOWS, id="windows", marks=pytest.mark.slow),
        pytest.param(CORNER, id="corner"),
        pytest.param(LANES, id="lanes", marks=pytest.mark.slow),
    ],
)
def test_entailment_agrees_with_brute_force_over_the_whole_grid(puzzle: Puzzle) -> None:
    cells = sorted(puzzle.cells())
    shadings = [
        dict(zip(cells, colours, strict=True))
        for colours in itertools.product((False, True), repeat=len(cells))
    ]
    local = [rule for rule in Deducer(puzzle).rules if rule.kind != "connected"]
    local += [_apart(puzzle, i) for i in range(len(puzzle.rooms))]
    rooted = [Rule("connected", (cell,)) for cell in cells]
    near = {cell: tuple(n for n in neighbours(cell) if puzzle.contains(n)) for cell in cells}
    rooted += [Rule("connected", (cell, *near[cell])) for cell in cells]
    masks = {
        rule: _models(shadings, functools.partial(_keeps, puzzle, rule))
        for rule in [*local, *rooted]
    }
    colour_masks = {
        (cell, black): _models(shadings, functools.partial(_coloured, cell, black))
        for cell in cells
        for black in (False, True)
    }
    everything = (1 << len(shadings)) - 1
    chance = random.Random(18)
    for _ in range(300):
        rules = [rule for rule in local if chance.random() < 0.4]
        rules += [chance.choice(rooted)] if chance.random() < 0.7 else []
        known = {cell: chance.random() < 0.4 for cell in chance.sample(cells, chance.randint(0, 3))}
        allowed = everything
        for part in [*(masks[rule] for rule in rules), *(colour_masks[k] for k in known.items())]:
            allowed &= part
        for cell in cells:
            for black in (False, True):
                truth = allowed & colour_masks[(cell, not black)] == 0
                assert entails(puzzle, rules, known, cell, black) == truth, (rules, known, cell)


def test_a_cell_shut_in_by_black_cells_is_black_and_every_part_is_needed() -> None:
    reason = Reason(
        (Rule("connected", ((0, 0),)),), (((1, 0), True), ((0, 1), True), ((2, 2), False))
    )
    step = Step((((0, 0), True),), reason, "connected", 6, "")
    assert check_step(CORNER, step) == []
    assert check_step(CORNER, Step((((0, 0), False),), reason, "connected", 6, ""))
    for part in [*reason.rules, *reason.known]:
        rules = tuple(rule for rule in reason.rules if rule != part)
        known = tuple(settled for settled in reason.known if settled != part)
        assert check_step(CORNER, Step(step.cells, Reason(rules, known), "connected", 6, ""))


def test_real_connectivity_steps_without_a_part_or_with_a_wrong_colour_are_rejected() -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "easy" / "easy1.lp"))
    connected = [
        step
        for step in steps(puzzle).steps
        if any(rule.kind == "connected" for rule in step.reason.rules)
    ]
    assert connected
    for step in connected:
        assert check_step(puzzle, step) == []
        flipped = tuple((cell, not black) for cell, black in step.cells)
        assert check_step(puzzle, Step(flipped, step.reason, step.kind, 0, ""))
        for part in [*step.reason.rules, *step.reason.known]:
            rules = tuple(rule for rule in step.reason.rules if rule != part)
            known = tuple(settled for settled in step.reason.known if settled != part)
            assert check_step(puzzle, Step(step.cells, Reason(rules, known), step.kind, 0, ""))


def test_an_apart_instance_reaches_the_cells_around_its_room() -> None:
    middle = WINDOWS.room_index((1, 1))  # row 2's "dd"
    around = _apart(WINDOWS, middle)
    step = Step((((1, 0), False),), Reason((around,), (((1, 1), True),)), "adjacent", 4, "")
    assert check_step(WINDOWS, step) == []  # (1,0), above the room, is one of its cells
    inside = Rule("apart", tuple(sorted(WINDOWS.rooms[middle].cells)), middle)
    errors = check_step(
        WINDOWS, Step(step.cells, Reason((inside,), step.reason.known), "adjacent", 4, "")
    )
    assert errors and errors[0].startswith("the room at r2c2 ")
