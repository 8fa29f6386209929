"""Hints one after another (`Hints`): a player who takes each hint walks the path; any other
grid gets a checked step or its true conflict; a hint cut short spoils none after it."""

from __future__ import annotations

import random

import pytest
from helpers import REPO

from heyawake_asp import Puzzle, read_puzzle, solve
from heyawake_asp.errors import OutOfTime
from heyawake_asp.grid import colours
from heyawake_asp.oracles.step_checker import check_step
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.steps import Hints, hint, steps
from heyawake_asp.steps import planner as planner_module
from heyawake_asp.steps import walk as walk_module
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.wording import sentence

MEDIUM = REPO / "instances" / "medium" / "9x9-s1.lp"
LARGE = REPO / "instances" / "large" / "20x20-s1.lp"  # local programs and windows


def _solution(puzzle: Puzzle) -> dict[tuple[int, int], bool]:
    """The puzzle's one solution, found by the solver and checked by it."""
    [grid] = solve(puzzle).solutions
    return colours(grid)


@pytest.mark.parametrize(
    "path", [MEDIUM, pytest.param(LARGE, marks=pytest.mark.slow)], ids=lambda path: path.stem
)
def test_a_player_who_takes_each_hint_walks_the_path(
    path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = read_puzzle(str(path))
    path_steps = steps(puzzle).steps
    built: list[object] = []

    class CountedDeducer(Deducer):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            built.append(self)

    class CountedPlanner(planner_module.Planner):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            built.append(self)

    monkeypatch.setattr(walk_module, "Deducer", CountedDeducer)
    monkeypatch.setattr(walk_module, "Planner", CountedPlanner)
    hints, known = Hints(puzzle), dict[tuple[int, int], bool]()
    for number, expected in enumerate(path_steps, 1):
        step = hints.next(known).step
        assert step == expected, number
        assert check_step(puzzle, step) == [], step.text
        assert hints.next(known).step == step  # the same grid again: the same hint
        known.update(step.cells)
    assert hints.next(known).step is None
    assert len(built) == 2, "the programs were ground, or the levels asked, afresh"


def test_hints_from_grids_in_any_order_are_checked_steps_or_the_wrong_cell() -> None:
    puzzle = read_puzzle(str(LARGE))
    solution = _solution(puzzle)
    rnd = random.Random(5)
    hints = Hints(puzzle)
    cells = sorted(solution)
    for share in [0.1, 0.6, 0.3, 0.9, 0.0, 0.5, 0.5, 0.8]:
        known = {cell: solution[cell] for cell in cells if rnd.random() < share}
        wrong = rnd.random() < 0.3
        if wrong:
            cell = rnd.choice(cells)
            known[cell] = not solution[cell]
        found = hints.next(known)
        if wrong:  # one solution: a single cell against it is a minimal conflict
            assert found.step is None and found.conflict == (cell,)
            continue
        assert found.conflict is None and found.step is not None
        assert check_step(puzzle, found.step) == [], found.step.text
        assert all(solution[cell] == black for cell, black in found.step.cells)
        assert not any(cell in known for cell, _ in found.step.cells)
        assert all(known.get(cell) == black for cell, black in found.step.reason.known)


def test_a_grid_asked_again_after_a_wrong_cell_gets_its_hint_again() -> None:
    """A player's wrong cells undone (Start over), the empty grid gets the walk's first step
    again: asked afresh of programs that had learnt from the other grids, its reason cost 38
    where the walk's costs 23 (6x6-s2)."""
    puzzle = read_puzzle(str(REPO / "instances" / "easy" / "6x6-s2.lp"))
    hints = Hints(puzzle)
    first = hints.next({}).step
    assert hints.next({(0, 0): True, (1, 0): True}).conflict
    again = hints.next({}).step
    assert again == first == steps(puzzle).steps[0]


def test_a_hint_cut_short_leaves_the_next_one_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = read_puzzle(str(LARGE))
    hints = Hints(puzzle)
    first = hints.next({}).step
    assert first is not None
    known = dict(first.cells)
    with pytest.raises(OutOfTime):  # a deadline passed before the hint: no question asked
        hints.next(known, Deadline(0.0))

    def cut_short(*args: object) -> str:  # the step's cells settled, and then the time is up
        monkeypatch.setattr(planner_module, "sentence", sentence)
        raise OutOfTime("stopped past the time limit")

    monkeypatch.setattr(planner_module, "sentence", cut_short)
    with pytest.raises(OutOfTime):
        hints.next(known)
    step = hints.next(known).step  # not from the cells the hint cut short had settled
    assert step is not None and check_step(puzzle, step) == []
    assert step == hint(puzzle, known).step


def test_a_first_hint_past_its_deadline_carries_nothing_found() -> None:
    class UpAfterTheFirstLook(Deadline):
        """Not passed when the hint first looks, passed when its first search does."""

        looks = 0

        @property
        def passed(self) -> bool:
            type(self).looks += 1
            return type(self).looks > 1

    # `OutOfTime.partial`: `solve` carries its result so far, a hint nothing.
    with pytest.raises(OutOfTime) as late:
        hint(read_puzzle(str(LARGE)), {}, UpAfterTheFirstLook(60.0))
    assert late.value.partial is None
