"""Questions with connectivity asked of a window's program, the whole grid's as the oracle."""

from __future__ import annotations

import random

import pytest
from helpers import REPO

from heyawake_asp import read_puzzle, solve
from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.model import Rule
from heyawake_asp.steps.window import Box, outside_parts


def _question(
    rnd: random.Random, box: Box, rules: list[Rule], solution: dict[Cell, bool]
) -> tuple[list[Rule], dict[Cell, bool]]:
    """Some instances within ``box`` with connectivity, and cells of it settled, one wrongly."""
    share = rnd.choice([0.3, 0.7, 1.0])
    chosen = [rule for rule in rules if box.holds(rule.cells) and rnd.random() < share]
    roots = () if rnd.random() < 0.5 else (rnd.choice(sorted(solution)),)
    cells = list(box.cells())
    known = {cell: solution[cell] for cell in cells if rnd.random() < 0.3}
    wrong = rnd.choice(cells)
    known[wrong] = not solution[wrong]
    return [*chosen, Rule("connected", roots)], known


@pytest.mark.parametrize(("name", "seed"), [("20x20-s1.lp", 0), ("20x20-s2.lp", 1)])
def test_a_window_refutes_exactly_what_the_whole_grid_refutes(name: str, seed: int) -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "large" / name))
    (grid,) = solve(puzzle).solutions
    solution = {(x, y): row[x] == "#" for y, row in enumerate(grid) for x in range(len(row))}
    whole, windowed = Deducer(puzzle), Deducer(puzzle)
    rules = [rule for rule in whole.rules if rule.kind != "connected"]
    rnd = random.Random(seed)
    asked_of_windows = 0
    for _ in range(60):
        width, height = rnd.randint(3, 12), rnd.randint(3, 12)
        if rnd.random() < 0.3:  # the grid outside in two parts
            width, height = puzzle.width, rnd.randint(2, 5)
        left, top = rnd.randint(0, puzzle.width - width), rnd.randint(0, puzzle.height - height)
        box = Box(left, top, left + width - 1, top + height - 1)
        windowed.within(box)
        question, known = _question(rnd, box, rules, solution)
        expected = whole.refuted(question, known)
        found = windowed.refuted(question, known)
        assert (found is None) == (expected is None), (box, question, known)
        if found is None:
            continue
        asked_of_windows += found.question.control is not whole._control
        # The window's core refutes on the whole grid too.
        roots = found.question.roots
        used = [
            Rule("connected", roots) if rule.kind == "connected" else rule
            for rule in question
            if found.uses_rule(rule) and (rule.kind != "connected" or roots)
        ]
        settled = {cell: black for cell, black in known.items() if found.uses_cell(cell, black)}
        assert whole.refuted(used, settled) is not None, (box, used, settled)
    assert asked_of_windows > 10


def test_the_grid_outside_a_window_across_it_is_in_two_parts() -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "large" / "20x20-s1.lp"))
    parts = outside_parts(puzzle, Box(0, 5, 19, 7))
    assert [len(part) for part in parts] == [100, 240]
    assert not parts[0] & parts[1]
