"""Local questions asked of programs ground on their own cells: same answers, checked paths."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO

from heyawake_asp import Puzzle, read_puzzle, solve, verify
from heyawake_asp.grid import colours
from heyawake_asp.oracles.step_checker import check_step, entails
from heyawake_asp.puzzle import Cell
from heyawake_asp.steps import local, planner, steps
from heyawake_asp.steps.deletion import minimal_reason
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.planner import Planner
from heyawake_asp.steps.single import forced_by, single_reason

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
    for scope in Planner(whole).scopes:
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


def test_stars_are_asked_of_their_rooms_programs_and_ground_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A star's instances lie within its room's scope: packed by their rooms' group, stars are
    # asked of that group's program. The walk is held to the checker as any other.
    monkeypatch.setattr(local, "SMALLEST_GRID", 0)
    levels: list[int] = []
    built: list[int] = []
    asked: list[int] = []
    refresh, build, consequences = (
        Planner._refresh,
        local.LocalProgram.__init__,
        Deducer.consequences,
    )

    def refreshed(self: Planner, level: int) -> None:
        levels.append(level)
        try:
            refresh(self, level)
        finally:
            levels.pop()

    def counted(self: local.LocalProgram, *args: object) -> None:
        build(self, *args)  # type: ignore[arg-type]
        built.extend(levels[-1:])

    def asking(self: Deducer, *args: object, **kwargs: object) -> object:
        asked.extend(levels[-1:])
        return consequences(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Planner, "_refresh", refreshed)
    monkeypatch.setattr(local.LocalProgram, "__init__", counted)
    monkeypatch.setattr(Deducer, "consequences", asking)
    _checked_walk("easy/easy1.lp")
    assert asked.count(planner._STARS) > 3 and built.count(planner._ROOMS) > 3
    assert built.count(planner._STARS) == 0


def test_the_walked_20x20_grids_ask_local_programs() -> None:
    # tests/test_steps.py walks instances/large/20x20-*: they must exercise the local programs.
    assert local.SMALLEST_GRID <= 400


def _halfway(puzzle_path: Path) -> tuple[Puzzle, list[dict[Cell, bool]]]:
    """A puzzle and settled cells of its solution: none, every other cell, and most cells."""
    puzzle = read_puzzle(str(puzzle_path))
    (solution,) = solve(puzzle).solutions
    assert verify(puzzle, solution) == []
    cells = colours(solution)
    ordered = sorted(cells, key=lambda cell: (cell[1], cell[0]))
    states = [{}, {c: cells[c] for c in ordered[::2]}, {c: cells[c] for c in ordered[:-9]}]
    return puzzle, states


@pytest.mark.parametrize("name", ["easy/easy1.lp", "hard/11x11-s4.lp"])
def test_one_instance_alone_forces_what_clingo_finds(name: str) -> None:
    # The whole grid's program is the oracle for what each instance forces alone.
    puzzle, states = _halfway(REPO / "instances" / name)
    deducer = Deducer(puzzle)
    for known in states:
        for rule in deducer.rules:
            if rule.kind == "connected":
                continue
            inside = {cell: known[cell] for cell in rule.cells if cell in known}
            assert forced_by(rule, puzzle, inside) == (deducer.consequences([rule], inside) or {})


@pytest.mark.parametrize("name", ["easy/easy1.lp", "hard/11x11-s4.lp"])
def test_a_star_forces_no_more_than_the_scope_of_its_cells_room(name: str) -> None:
    # The planner skips a star whose room's scope forces none of its cells: the star must lie
    # within that scope, and then forces a subset of what it forces (clingo as the oracle).
    puzzle, states = _halfway(REPO / "instances" / name)
    deducer = Deducer(puzzle)
    planner = Planner(deducer)
    assert planner._within, "the puzzle has stars"
    for star, wider in planner._within.items():
        inner, outer = planner.scopes[star], planner.scopes[wider]
        assert set(inner) <= set(outer)
        for known in states[1:]:
            narrow = deducer.consequences(inner, known) or {}
            broad = deducer.consequences(outer, known) or {}
            assert narrow.items() <= broad.items(), inner


@pytest.mark.parametrize("name", ["easy/easy1.lp", "hard/11x11-s4.lp"])
def test_what_one_instance_forces_has_one_reason_and_needs_no_cases(name: str) -> None:
    # The planner prices such a step without asking: clingo's core shrunk by deletion, and its
    # own count of choices, are the oracles.
    puzzle, states = _halfway(REPO / "instances" / name)
    deducer = Deducer(puzzle)
    asked = 0
    for known in states:
        for rule in deducer.rules:
            if rule.kind == "connected":
                continue
            inside = {cell: known[cell] for cell in rule.cells if cell in known}
            for cell, black in forced_by(rule, puzzle, inside).items():
                found = deducer.core([rule], inside, cell, black)
                assert found is not None
                reason = minimal_reason(deducer, found, cell, black)
                assert single_reason(rule, puzzle, inside, black) == reason
                assert not deducer.by_cases(reason, cell, black), (rule, cell)
                asked += 1
    assert asked > 20


def test_a_late_hint_grounds_no_program_for_scopes_already_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A scope whose cells are all settled forces none: a hint from a grid late on its path asks
    # only the scopes with an open cell. Each step found is held to the independent checker.
    monkeypatch.setattr(local, "SMALLEST_GRID", 0)
    puzzle = read_puzzle(str(REPO / "instances" / "hard" / "11x11-s4.lp"))
    walk = steps(puzzle)
    built: list[frozenset[Cell]] = []
    original = local.LocalProgram.__init__

    def counted(self: local.LocalProgram, puzzle: Puzzle, rules: object) -> None:
        original(self, puzzle, rules)  # type: ignore[arg-type]
        built.append(frozenset(self.black))

    monkeypatch.setattr(local.LocalProgram, "__init__", counted)
    asked = 0
    for number in range(len(walk.steps) // 2, len(walk.steps), 3):
        known = {cell: black for step in walk.steps[:number] for cell, black in step.cells}
        built.clear()
        step = Planner(Deducer(puzzle), known).next_step()
        assert step is not None and check_step(puzzle, step) == [], step
        assert all(cells - known.keys() for cells in built), f"settled cells only, step {number}"
        asked += bool(built)
    assert asked > 3, asked


@pytest.fixture(scope="module")
def walk_20x20() -> tuple[Puzzle, list[dict[Cell, bool]]]:
    """instances/large/20x20-s1 and the cells settled after 30 and 70% of its path."""
    puzzle = read_puzzle(str(REPO / "instances" / "large" / "20x20-s1.lp"))
    found = steps(puzzle).steps
    return puzzle, [
        {cell: black for step in found[: int(len(found) * share)] for cell, black in step.cells}
        for share in (0.3, 0.7)
    ]


@pytest.mark.slow  # the 20x20 walked first: seconds
@pytest.mark.parametrize("stage", [0, 1])
def test_scopes_sifted_out_force_nothing(
    monkeypatch: pytest.MonkeyPatch, walk_20x20: tuple[Puzzle, list[dict[Cell, bool]]], stage: int
) -> None:
    # The oracle: the rooms' scopes asked in their groups, unsifted. Sifted, fewer programs are
    # built, and every scope answers the same.
    puzzle, stages = walk_20x20
    known = stages[stage]
    built: list[object] = []
    original = local.LocalProgram.__init__

    def counted(self: local.LocalProgram, puzzle: Puzzle, rules: object) -> None:
        original(self, puzzle, rules)  # type: ignore[arg-type]
        built.append(rules)

    monkeypatch.setattr(local.LocalProgram, "__init__", counted)

    def answers(sifted_from: int) -> tuple[dict[object, dict[Cell, bool]], int]:
        monkeypatch.setattr(planner, "_SIFTED_GROUPS", sifted_from)
        built.clear()
        rooms = Planner(Deducer(puzzle), known)
        rooms._refresh(planner._ROOMS)
        return {rooms.scopes[s]: found for s, found in rooms._answers.items()}, len(built)

    asked, asked_built = answers(10**9)
    sifted, sifted_built = answers(0)
    assert sifted == asked
    assert any(asked.values())  # some scope forces a cell: a sift answering none would fail
    assert sifted_built < asked_built
