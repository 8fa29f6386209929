"""Local questions asked of programs ground on their own cells: same answers, checked paths."""

from __future__ import annotations

import pytest
from helpers import REPO

from heyawake_asp import read_puzzle, verify
from heyawake_asp.oracles.step_checker import check_step, entails
from heyawake_asp.steps import local, steps
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.planner import Planner

EASY = REPO / "instances" / "easy" / "easy1.lp"


def test_local_programs_force_what_the_whole_grid_program_forces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The whole grid's program (a small grid uses it) is the oracle for each scope's consequences;
    # the independent checker for each core.
    puzzle = read_puzzle(str(EASY))
    whole = Deducer(puzzle)
    monkeypatch.setattr(local, "SMALLEST_GRID", 0)
    own = Deducer(puzzle)
    known = {(0, 0): False}
    for level in Planner(whole)._levels:
        for scope in level:
            assert own.consequences(scope, known) == whole.consequences(scope, known), scope
            for cell, black in (whole.consequences(scope, known) or {}).items():
                found = own.core(scope, known, cell, black)
                assert found is not None
                assert entails(puzzle, found.rules, dict(found.known), cell, black), scope


def _checked_walk(path_name: str) -> None:
    """Walk a puzzle, check each step with the independent checker and the end with verify."""
    puzzle = read_puzzle(str(REPO / "instances" / path_name))
    walk = steps(puzzle)
    assert walk.status == "solved"
    for step in walk.steps:
        assert check_step(puzzle, step) == [], step.text
    assert verify(puzzle, walk.grid) == []


def test_a_path_with_local_programs_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local, "SMALLEST_GRID", 0)
    _checked_walk("easy/easy1.lp")


def test_the_walked_20x20_grids_ask_local_programs() -> None:
    # tests/test_steps.py walks instances/large/20x20-*: they must exercise the local programs.
    assert local.SMALLEST_GRID <= 400
