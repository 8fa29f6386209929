"""Deletion: minimal against brute force, shortcuts sound, and minimal reasons on a large grid."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from heyawake_asp import read_puzzle, solve
from heyawake_asp.grid import colours
from heyawake_asp.oracles.step_checker import entails
from heyawake_asp.puzzle import Cell
from heyawake_asp.steps import steps
from heyawake_asp.steps.deletion import Trial, minimal_reason, shrink
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.window import Box

LARGE = Path(__file__).resolve().parents[1] / "instances" / "large" / "20x20-s1.lp"


def _family(seed: int) -> list[frozenset[int]]:
    """A few random sets of parts; a list of parts refutes when it holds one of them."""
    rng = random.Random(seed)
    return [frozenset(rng.sample(range(12), rng.randint(1, 5))) for _ in range(rng.randint(1, 3))]


def _refute(family: list[frozenset[int]], parts: list[int]) -> set[int] | None:
    """A core: the first set of the family the parts hold (None when they hold none)."""
    return next((set(needed) for needed in family if needed <= set(parts)), None)


@pytest.mark.parametrize("seed", range(40))
def test_shrink_ends_at_a_minimal_sublist(seed: int) -> None:
    family = _family(seed)
    parts = list(range(12))
    found = shrink(parts, lambda trial, _: Trial(_refute(family, trial)))
    assert _refute(family, found) is not None
    for part in found:
        assert _refute(family, [p for p in found if p != part]) is None


@pytest.mark.parametrize("seed", range(40))
def test_shrink_with_what_a_shading_breaks_is_minimal_and_asks_less(seed: int) -> None:
    """One needed set; the parts it holds are exactly those a counter-shading may break."""
    needed = _family(seed)[0]
    asked: list[int] = []

    def refute(trial: list[int], dropped: list[int]) -> Trial[int]:
        asked.append(len(trial))
        if needed <= set(trial):
            return Trial(set(trial))
        broken = [part for part in dropped if part in needed]
        return Trial(None, broken[0] if len(broken) == 1 else None)

    def refute_alone(trial: list[int], dropped: list[int]) -> Trial[int]:
        return Trial(refute(trial, dropped).kept)

    found = shrink(list(range(12)), refute)
    with_shading = len(asked)
    asked.clear()
    assert sorted(found) == sorted(needed)
    assert sorted(shrink(list(range(12)), refute_alone)) == sorted(needed)
    assert with_shading <= len(asked)


def test_shrink_keeps_every_part_of_an_exact_need_and_leaves_the_list_given_alone() -> None:
    for size in range(1, 7):
        parts = list(range(size))[::-1]

        def refute(trial: list[int], dropped: list[int], size: int = size) -> Trial[int]:
            return Trial(set(trial)) if len(trial) == size else Trial(None, dropped[-1])

        found = shrink(parts, refute)
        assert sorted(found) == sorted(parts)
        assert parts == list(range(size))[::-1]


@pytest.mark.slow
def test_last_level_reasons_on_a_large_grid_are_minimal() -> None:
    """The reasons with connectivity (whole-grid questions, shortcuts by shadings) of a 20x20."""
    puzzle = read_puzzle(str(LARGE))
    deducer = Deducer(puzzle)
    connected = [
        step
        for step in steps(puzzle).steps
        if any(rule.kind == "connected" for rule in step.reason.rules)
    ]
    assert connected
    for step in connected[:: max(1, len(connected) // 6)]:
        for part in [*step.reason.rules, *step.reason.known]:
            rules = [rule for rule in step.reason.rules if rule != part]
            known = dict(settled for settled in step.reason.known if settled != part)
            assert any(deducer.core(rules, known, c, b) is None for c, b in step.cells), step.text
            assert not all(entails(puzzle, rules, known, c, b) for c, b in step.cells), step.text


@pytest.mark.parametrize("hole", [(7, 7), (12, 4)])
def test_a_whole_grid_core_shrunk_in_narrowing_windows_is_minimal(
    monkeypatch: pytest.MonkeyPatch, hole: Cell
) -> None:
    """A core naming the whole grid is shrunk in ever smaller windows, to a minimal reason."""
    puzzle = read_puzzle(str(LARGE))
    (grid,) = solve(puzzle).solutions
    solution = colours(grid)
    left, top = hole
    known = {  # all but a 4x4 hole settled: the reason lies near it
        cell: black
        for cell, black in solution.items()
        if not (left <= cell[0] < left + 4 and top <= cell[1] < top + 4)
    }
    cell = (left + 1, top + 1)
    deducer = Deducer(puzzle)
    core = deducer.core(deducer.rules, known, cell, solution[cell])
    assert core is not None and Box.around([c for c, _ in core.known]).area > puzzle.cell_count / 2
    built: list[Box] = []
    within = Deducer.within

    def spy_within(self: Deducer, box: Box) -> None:
        before = self._window
        within(self, box)
        if self._window is not before:
            built.append(box)

    monkeypatch.setattr(Deducer, "within", spy_within)
    reason = minimal_reason(deducer, core, cell, solution[cell], narrowing=True)
    assert built  # asked of windows once the parts left fit one, not all of the grid
    rest = dict(reason.known)
    assert entails(puzzle, reason.rules, rest, cell, solution[cell])
    for part in [*reason.rules, *reason.known]:
        rules = [rule for rule in reason.rules if rule != part]
        others = {c: b for c, b in reason.known if (c, b) != part}
        assert not entails(puzzle, rules, others, cell, solution[cell]), part
