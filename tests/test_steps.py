"""Explanations: every step checked by the independent step checker, paths reach the solution."""

from __future__ import annotations

import json
import os
import pickle
import re
import select
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import REPO, SHARED, by_name, params, shared_puzzles, slow_unless, step_of

from heyawake_asp import Puzzle, Room, read_puzzle, solve, verify
from heyawake_asp.cli import main
from heyawake_asp.errors import OutOfTime, PuzzleFormatError
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.oracles.step_checker import check_step, entails
from heyawake_asp.queries import analyze
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.steps import (
    BOUNDS,
    LABELS,
    Hint,
    Reason,
    Rule,
    Step,
    Walkthrough,
    grade,
    grade_puzzle,
    hint,
    read_partial,
    steps,
)
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.walk import grid_of
from heyawake_asp.steps.wording import sentence

STRIP = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
EASY = sorted((REPO / "instances" / "easy").glob("*.lp"))


def _checked_steps(puzzle: Puzzle) -> Walkthrough:
    """Walk the puzzle and check every step independently: each settles new cells."""
    walk = steps(puzzle)
    settled: dict[tuple[int, int], bool] = {}
    for step in walk.steps:
        assert check_step(puzzle, step) == [], step.text
        assert all(settled.get(cell, black) == black for cell, black in step.reason.known)
        assert all(cell not in settled for cell, _ in step.cells), "a step settles nothing new"
        settled.update(step.cells)
    return walk


def _checked_path(puzzle: Puzzle) -> Walkthrough:
    """Walk the puzzle, check every step and the solution reached."""
    walk = _checked_steps(puzzle)
    assert walk.status == "solved"
    assert verify(puzzle, walk.grid) == []
    return walk


def _shared_cells(puzzle: Puzzle, grid: tuple[str, ...], folder: Path) -> tuple[str, ...]:
    """``grid`` with each ``?`` kept only where solutions of both colours exist (each verified).

    The path's settled cells are shared by every solution (each step is
    checked); an open cell must take both colours in some solution. The solver
    is asked for a solution showing at least ``most`` open cells in colours no
    solution found so far has there, ``most`` halved while there is none: once
    none shows even one, each colour left is one no solution has, its cell
    shared in the other colour. (Asked one cell at a time, solutions of a dense
    room differ from the last in a cell or two: some 70 questions on a 20x20.)
    """
    unseen = {
        (x, y, c)
        for y, row in enumerate(grid)
        for x, char in enumerate(row)
        if char == "?"
        for c in "#."
    }
    unshown, most = folder / "unshown.lp", 32
    while unseen:
        unshown.write_text(
            "".join(
                f"test_shows({x}, {y}, {int(c == '#')}) :- {'' if c == '#' else 'not '}"
                f"black({x}, {y}).\n"
                for x, y, c in sorted(unseen)
            )
            + f":- #count {{ X, Y, C : test_shows(X, Y, C) }} < {min(most, len(unseen))}.\n"
        )
        found = solve(puzzle, extra=[unshown], check_unique=False).solutions
        if found:
            assert verify(puzzle, found[0]) == []
            unseen -= {(x, y, c) for y, line in enumerate(found[0]) for x, c in enumerate(line)}
        elif most == 1:
            break
        else:
            most //= 2
    other = {(x, y): "." if c == "#" else "#" for x, y, c in unseen}
    return tuple(
        "".join(other.get((x, y), char) for x, char in enumerate(row)) for y, row in enumerate(grid)
    )


def _checked_several(puzzle: Puzzle, folder: Path) -> Walkthrough:
    """Walk a puzzle with several solutions: every step checked, the end at the shared cells."""
    walk = _checked_steps(puzzle)
    assert walk.status == "several"
    assert _shared_cells(puzzle, walk.grid, folder) == walk.grid
    return walk


def _proves_a_maximum(walk: Walkthrough) -> bool:
    """Whether a step rests on a dense room's maximum: its clue, its cells apart, connectivity.

    A dense clue is asked as the most its room holds (`DenseClues`); each dense instance's
    walk that settles a cell has such a step (17x9-corner-max's first, a minute or more, is
    timed by benchmarks/steps.py, not walked in the tests).
    """
    return any(
        {"clue", "apart", "connected"} <= {rule.kind for rule in step.reason.rules}
        for step in walk.steps
    )


@pytest.mark.parametrize("path", params(shared_puzzles("kth")[:2]))
def test_kth_easy_paths_are_checked_and_reach_the_published_solution(
    path: Path, published: dict[str, list[str]]
) -> None:
    assert list(_checked_path(read_puzzle(str(path))).grid) == published[path.stem]


SHARED_WALKED = ["kth/*", "public/*"]
GENERATED_WALKED = [
    "easy/6x6-*",
    "medium/9x9-*",
    "hard/11x11-*",
    "large/20x20-s1",  # -s2 and -s3 (20 s each: CI's budget) are walked by benchmarks/steps.py
    "dense/*-unique",
]
GENERATED_SEVERAL = [  # 14x12-l-numbered (30 s in CI) and 17x9-middle-numbered: benchmarks/steps.py
    "dense/12x10-edge-numbered",
    "dense/20x20-middle-max",
]
UNSOLVABLE = ["dense/*-over"]


def _walked(root: Path, patterns: list[str]) -> list[Path]:
    found = (path for pattern in patterns for path in root.glob(f"{pattern}.*"))
    return sorted(path for path in found if path.suffix in (".lp", ".txt"))


@pytest.mark.slow
@pytest.mark.parametrize("path", params(_walked(SHARED, SHARED_WALKED)))
def test_published_paths_are_checked_and_reach_the_published_solution(
    path: Path, published: dict[str, list[str]], tmp_path: Path
) -> None:
    puzzle = read_puzzle(str(path))
    if path.stem in published:
        assert list(_checked_path(puzzle).grid) == published[path.stem]
    else:  # ../shared publishes no solution for a puzzle with several (its README says which)
        _checked_several(puzzle, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(
    "path", _walked(REPO / "instances", GENERATED_WALKED), ids=lambda path: path.stem
)
def test_generated_paths_are_checked_and_reach_the_solution(path: Path) -> None:
    walk = _checked_path(read_puzzle(str(path)))
    assert _proves_a_maximum(walk) or path.parent.name != "dense"


@pytest.mark.slow
@pytest.mark.parametrize(
    "path", _walked(REPO / "instances", GENERATED_SEVERAL), ids=lambda path: path.stem
)
def test_generated_paths_with_several_solutions_end_at_the_shared_cells(
    path: Path, tmp_path: Path
) -> None:
    walk = _checked_several(read_puzzle(str(path)), tmp_path)
    assert _proves_a_maximum(walk) or not walk.steps  # 20x20-middle-max: no cell is shared


@pytest.mark.parametrize(
    "path",
    slow_unless(
        lambda name: name in ("8x6-corner-over", "14x12-l-over"),
        by_name(_walked(REPO / "instances", UNSOLVABLE)),
    ),
)
def test_unsolvable_paths_end_at_once_with_the_clues_in_conflict(path: Path) -> None:
    puzzle = read_puzzle(str(path))
    walk = steps(puzzle)
    assert (walk.status, walk.steps) == ("unsolvable", ())
    assert walk.conflict and solve(puzzle).solutions == ()
    # Each is one dense room's clue above the most it can hold (scripts/make_dense.py).
    (room,) = walk.conflict
    assert walk.most is not None and walk.most < (puzzle.rooms[room].clue or 0)


@pytest.mark.parametrize("path", EASY[:2], ids=lambda path: path.stem)
def test_generated_easy_paths_are_checked(path: Path) -> None:
    _checked_path(read_puzzle(str(path)))


@pytest.mark.parametrize(
    "path", slow_unless(lambda name: name == "easy1", params(shared_puzzles("kth")[:3]))
)
def test_reasons_are_minimal_for_the_solver_and_the_checker(path: Path) -> None:
    puzzle = read_puzzle(str(path))
    deducer = Deducer(puzzle)
    for step in steps(puzzle).steps:
        parts = [*step.reason.rules, *step.reason.known]
        for part in parts:
            rules = [rule for rule in step.reason.rules if rule != part]
            known = dict(settled for settled in step.reason.known if settled != part)
            assert not all(entails(puzzle, rules, known, c, b) for c, b in step.cells), step.text
            solver_open = [deducer.core(rules, known, c, b) is None for c, b in step.cells]
            assert any(solver_open), step.text


@pytest.mark.parametrize(  # medium at 40.0 (a bound); expert
    "name", ["11x11-s2", pytest.param("11x11-s4", marks=pytest.mark.slow)]
)
def test_a_grade_stopped_above_a_bound_is_the_full_grades_label_and_a_lower_bound(
    name: str,
) -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "hard" / f"{name}.lp"))
    full = grade_puzzle(puzzle)
    for index, bound in enumerate(BOUNDS):
        quick = grade_puzzle(puzzle, stop_above=bound)
        if full.score <= bound:
            assert quick == full
            continue
        assert quick.status == "above" and bound < quick.score <= full.score
        assert quick.steps < full.steps and quick.hardest_cost <= full.hardest_cost
        assert LABELS.index(quick.label) > index
        if index == len(BOUNDS) - 1:
            assert quick.label == full.label == "expert"


def test_each_step_is_handed_over_as_it_is_found() -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "easy" / "6x6-s1.lp"))
    handed: list[Step] = []
    walk = steps(puzzle, on_step=handed.append)
    assert walk.status == "solved" and tuple(handed) == walk.steps


def test_reasons_of_a_small_puzzle_are_minimal() -> None:
    deducer = Deducer(STRIP)
    for step in steps(STRIP).steps:
        for part in [*step.reason.rules, *step.reason.known]:
            rules = [rule for rule in step.reason.rules if rule != part]
            known = dict(settled for settled in step.reason.known if settled != part)
            assert not all(entails(STRIP, rules, known, c, b) for c, b in step.cells)
            assert any(deducer.core(rules, known, c, b) is None for c, b in step.cells)


def test_the_checker_rejects_a_wrong_colour_and_a_rule_the_puzzle_lacks() -> None:
    first = steps(STRIP).steps[0]
    flipped = Step(tuple((c, not b) for c, b in first.cells), first.reason, first.kind, 0, "")
    assert check_step(STRIP, flipped)
    fake = Reason((Rule("adjacent", ((0, 0), (2, 0))),), ())
    assert check_step(STRIP, Step(first.cells, fake, "adjacent", 0, ""))
    assert check_step(STRIP, Step(first.cells, Reason((), ()), "adjacent", 0, ""))


def test_several_solutions_end_at_the_shared_cells(tmp_path: Path) -> None:
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    _checked_several(puzzle, tmp_path)
    assert steps(puzzle).grid == ("?...?",)
    # A walk that stopped short is caught: the oracle settles every shared cell it left open.
    assert _shared_cells(puzzle, ("?????",), tmp_path) == ("?...?",)
    assert _shared_cells(puzzle, ("?.??#",), tmp_path) == ("?...#",)


def test_an_unsolvable_puzzle_names_the_clues_in_conflict() -> None:
    walk = steps(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),)))
    assert (walk.status, walk.steps, walk.conflict) == ("unsolvable", (), (0,))


def test_an_unsolvable_puzzle_has_no_hint_and_no_grade(tmp_path: Path) -> None:
    puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),))
    assert solve(puzzle).solutions == ()
    assert hint(puzzle) == Hint(None, None, (0,))
    with pytest.raises(ValueError):
        grade(steps(puzzle))
    path = tmp_path / "two.lp"
    path.write_text("width(2). height(1). room(1,0,0,1,0,2).\n")
    code, out = _run("hint", str(path))
    assert (code, out) == (1, "no solution: this clue cannot hold: 2 in the room at r1c1\n")
    code, out = _run("hint", str(path), "--json")
    assert code == 1 and json.loads(out)["unsolvable"] == [1]
    code, out = _run("grade", str(path), "--json")
    record = json.loads(out)
    assert code == 1 and (record["status"], record["grade"]) == ("unsolvable", None)


def test_a_long_reason_names_each_sort_once() -> None:
    puzzle = Puzzle(
        4,
        2,
        (Room.rectangle(0, 0, 1, 1, 1), Room.rectangle(2, 0, 2, 1, 2), Room.rectangle(3, 0, 3, 1)),
    )
    rules = (
        Rule("connected", ((0, 0),)),
        Rule("clue", tuple(puzzle.rooms[0].cells), 0),
        Rule("clue", tuple(puzzle.rooms[1].cells), 1),
        Rule("run", ((1, 0), (2, 0), (3, 0))),
        Rule("run", ((1, 1), (2, 1), (3, 1))),
        Rule("adjacent", ((0, 0), (1, 0))),
        Rule("adjacent", ((0, 1), (1, 1))),
    )
    text = sentence(puzzle, (((2, 0), True),), Reason(rules, (((0, 0), False),)), "connected")
    assert text == (
        "r1c3 is black: from white connectivity; the clues of the rooms at r1c1 (clue 1) and "
        "r1c3 (clue 2); a black cell in each of the runs r1c2-r1c4 and r2c2-r2c4 (three rooms "
        "each); and the pairs r1c1/r1c2 and r2c1/r2c2, none both black, with r1c1 white"
    )
    apart = Rule("apart", tuple(puzzle.rooms[0].cells), 0)
    text = sentence(puzzle, (((2, 0), True),), Reason((rules[1], apart), ()), "combined")
    assert text.endswith(
        "the clue of the room at r1c1 (clue 1) and none of its black cells beside another "
        "black cell"
    )


def test_a_cell_said_to_be_cut_off_cannot_reach_the_root_whatever_else_is_white() -> None:
    # Neighbours of the cell, named as such, are white were it black: they must not be walls.
    cell = r"(r\d+c\d+)"
    cut = re.compile(
        rf"{cell} is white: otherwise (?:(?:its neighbour )?{cell} would be cut off from "
        rf"(?:its neighbour )?{cell}|its neighbours {cell} and {cell} would be cut off from "
        "each other)"
    )
    said: set[int | str] = set()
    for path in (EASY[0], *(REPO / "instances" / "medium").glob("9x9-s1*.lp")):
        puzzle = read_puzzle(str(path))
        for step in steps(puzzle).steps:
            found = cut.match(step.text)
            if found is None:
                continue
            made, shut, root = (_cell_named(name) for name in found.groups() if name)
            walls = {c for c, black in step.reason.known if black} | {made}
            assert root not in _reach(puzzle, shut, walls), step.text
            said.add(step.text.count("its neighbour"))
            # The walls are named along their chain when they make one, corner to corner.
            listed = [_cell_named(name) for name in re.findall(cell, step.text.split(", with ")[1])]
            assert set(listed) == walls - {made}, step.text
            near = sorted(sum(_corners(c, other) for other in listed) for c in listed)
            if len(listed) >= 3 and near == [1, 1] + [2] * (len(listed) - 2):
                assert all(_corners(a, b) for a, b in pairwise(listed)), step.text
                said.add("chain")
    assert said >= {0, 1, "chain"}


def _corners(first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether two cells touch corner to corner."""
    return abs(first[0] - second[0]) == 1 == abs(first[1] - second[1])


def _cell_named(name: str) -> tuple[int, int]:
    row, column = name[1:].split("c")
    return int(column) - 1, int(row) - 1


def _reach(
    puzzle: Puzzle, start: tuple[int, int], walls: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """The cells reachable from ``start`` through cells not in ``walls`` (breadth first)."""
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if puzzle.contains(near) and near not in walls and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def test_a_clue_of_one_is_worded_in_the_singular() -> None:
    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 0, 0, 1), Room.rectangle(1, 0, 2, 0)))
    first = steps(puzzle).steps[0]
    assert first.cells == (((0, 0), True),) and check_step(puzzle, first) == []
    assert first.text.endswith("(clue 1) has only one cell left that can be black")


def test_a_hint_is_the_first_step_and_a_conflict_is_minimal() -> None:
    for path in EASY[:3]:
        first = read_puzzle(str(path))
        assert hint(first).step == steps(first).steps[0], path.stem
    puzzle = read_puzzle(str(EASY[0]))
    solution = solve(puzzle).solutions[0]
    wrong = {(x, y): solution[y][x] == "." for y in range(2) for x in range(puzzle.width)}
    conflict = hint(puzzle, wrong).conflict
    assert conflict
    given = {cell: wrong[cell] for cell in conflict}
    assert hint(puzzle, given).conflict == conflict
    for cell in conflict:
        assert hint(puzzle, {c: b for c, b in given.items() if c != cell}).conflict is None


def test_a_hint_from_a_partial_grid_settles_something_new() -> None:
    puzzle = read_puzzle(str(EASY[0]))
    known = read_partial("?" * puzzle.width + "\n" + steps(puzzle).grid[1], "given", puzzle)
    step = hint(puzzle, known).step
    assert step is not None and check_step(puzzle, step) == []
    assert all(cell not in known for cell, _ in step.cells)


def test_a_hint_from_a_cell_some_solutions_lack_follows_from_it() -> None:
    # An unnumbered 4x1 room has several solutions; r1c1 is black in some only.
    strip = Puzzle(4, 1, (Room.rectangle(0, 0, 3, 0),))
    known = read_partial("#???", "given", strip)
    step = hint(strip, known).step
    assert step is not None and check_step(strip, step) == []
    assert all(cell not in known for cell, _ in step.cells)


def test_a_hint_from_a_cell_no_solution_has_names_it() -> None:
    # r1c2 black would cut r1c1 off: no solution has it (brute force), though every root
    # but the anchor r1c2 itself could still be reached from some neighbour.
    strip = Puzzle(4, 1, (Room.rectangle(0, 0, 3, 0),))
    assert all(grid[0][1] == "." for grid in brute_force(strip))
    given = hint(strip, read_partial("?#??", "given", strip))
    assert given.step is None and given.conflict == ((1, 0),)


def test_hint_names_a_single_given_cell_in_the_singular(tmp_path: Path) -> None:
    strip, given = tmp_path / "strip.txt", tmp_path / "given.txt"
    strip.write_text("heyawake 4x1\naaaa\n")
    given.write_text("?#??\n")
    assert _run("hint", str(strip), "--given", str(given)) == (
        1,
        "the given cell r1c2 holds in no solution\n",
    )


def test_a_partial_grid_breaks_lines_only_where_an_editor_does() -> None:
    block = Puzzle(2, 3, (Room.rectangle(0, 0, 1, 2),))
    known = read_partial("#.\r\n.#\r?.", "given", block)
    assert known == {(0, 0): True, (1, 0): False, (0, 1): False, (1, 1): True, (1, 2): False}
    with pytest.raises(PuzzleFormatError, match="given:1:2: unexpected character '\\\\x0c'"):
        read_partial(".\f#\n", "given", block)


def test_grades_are_labels_and_grow_with_the_hardest_step() -> None:
    graded = grade(steps(STRIP))
    assert graded.label in LABELS and graded.steps == 3 and graded.hardest_cost > 0


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_steps_command_text_and_json() -> None:
    code, out = _run("steps", str(EASY[0]))
    assert code == 0 and out.startswith("1. ") and "solved in" in out
    code, out = _run("steps", str(EASY[0]), "--json")
    *found, record = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and record["status"] == "solved"
    assert {"settles", "kind", "cost", "text"} <= set(record["steps"][0])
    assert all("?" not in row for row in record["grid"])
    # A line per step as it is found, numbered, then the path's record with the same steps.
    assert found == [
        {"puzzle": str(EASY[0]), "number": number, "step": step}
        for number, step in enumerate(record["steps"], 1)
    ]


def test_steps_of_several_puzzles(tmp_path: Path) -> None:
    strip = tmp_path / "strip.lp"
    strip.write_text("width(3). height(1). room(1,0,0,2,0,2).\n")
    missing, over = tmp_path / "missing.lp", REPO / "instances" / "dense" / "8x6-corner-over.lp"
    alone = CliRunner().invoke(main, ["steps", str(strip)])
    code, out = _run("steps", str(strip), str(EASY[0]))
    assert code == 0 and out.startswith(f"{strip}\n{alone.output}{EASY[0]}\n1. ")
    assert out.count("solved in ") == 2
    # One that cannot be read is an error line; one with no solution ends its path; both exit 1.
    result = CliRunner().invoke(main, ["steps", str(missing), str(over), str(strip)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {missing}: no such file\n"
    assert result.stdout.startswith(f"{over}\n") and result.stdout.endswith(alone.output)
    assert "no solution: the room at r1c1 has clue 12" in result.stdout
    code, out = _run("steps", str(strip), str(missing), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    records = [line for line in lines if "status" in line]
    assert code == 1 and [record["status"] for record in records] == ["solved", "error"]
    # The strip's steps, each as found, come before its record; the unread puzzle has none.
    assert [(line["puzzle"], line.get("number")) for line in lines] == [
        *((str(strip), number) for number in range(1, len(records[0]["steps"]) + 1)),
        (str(strip), None),
        (str(missing), None),
    ]
    assert records[1] == {
        "puzzle": str(missing), "status": "error", "steps": None, "grid": None,
        "conflict": None, "error": f"{missing}: no such file",
    }  # fmt: skip
    assert "error" not in records[0] and records[0]["grid"] == ["#.#"]
    # Pictures are of one puzzle.
    for option, value in (("--svg", tmp_path / "svg"), ("--html", tmp_path / "p.html")):
        code, out = _run("steps", str(strip), str(strip), option, str(value))
        assert (code, out) == (2, f"error: {option}: takes one PUZZLE, 2 were given\n")
        assert not value.exists()


def test_steps_pictures(tmp_path: Path) -> None:
    code, _ = _run(
        "steps", str(EASY[0]), "--svg", str(tmp_path / "svg"), "--html", str(tmp_path / "p.html")
    )
    page = (tmp_path / "p.html").read_text()
    assert code == 0 and len(list((tmp_path / "svg").glob("*.svg"))) == page.count('class="step"')
    assert f"<title>Heyawake steps: {EASY[0]}</title>" in page
    # The last picture shows the solution: each step's new cells in their colours.
    last = sorted((tmp_path / "svg").glob("*.svg"))[-1].read_text()
    solution = solve(read_puzzle(str(EASY[0]))).solutions[0]
    assert last.count('<rect class="black"') == "".join(solution).count("#")
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")
    steps_taken = page.count('class="step"')
    assert f'<p id="end">solved in {steps_taken} steps: the unique solution</p>' in page
    # A puzzle with no solution: no steps, and the page says why.
    over = REPO / "instances" / "dense" / "8x6-corner-over.lp"
    code, out = _run("steps", str(over), "--html", str(tmp_path / "over.html"))
    page = (tmp_path / "over.html").read_text()
    assert code == 1 and 'class="step"' not in page
    assert f'<p id="end">{out.splitlines()[-1]}</p>' in page and "no solution" in page


def test_steps_pictures_are_checked_before_the_walk_and_replace_an_older_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # relative names, as typed, keep their case in errors
    puzzle = tmp_path / "Copy.lp"
    puzzle.write_text(EASY[0].read_text())
    (tmp_path / "Notes.txt").write_text("keep")
    (tmp_path / "Gone").symlink_to(tmp_path / "missing")
    for option, value, problem in [
        ("--svg", "Notes.txt", "Notes.txt: is not a folder"),
        ("--svg", "", "'': no such folder (the name is empty)"),
        ("--svg", "-", "-: a folder is needed, not standard output"),
        ("--svg", "Gone/svg", f"Gone/svg: {tmp_path / 'Gone'} is a link to a missing folder"),
        ("--html", "", "'': no such file (the name is empty)"),
        ("--html", "Gone", "Gone: a link to a missing file"),
        ("--html", "Copy.lp", "Copy.lp: is the puzzle itself"),
    ]:
        code, out = _run("steps", "Copy.lp", option, value)
        assert (code, out) == (2, f"error: {option}: {problem}\n")
    assert (tmp_path / "Notes.txt").read_text() == "keep"
    assert puzzle.read_text() == EASY[0].read_text()
    folder = tmp_path / "new" / "svg"
    code, _ = _run("steps", str(puzzle), "--svg", str(folder))
    count = len(steps(read_puzzle(str(puzzle))).steps)
    assert code == 0 and len(list(folder.glob("step-*.svg"))) == count > 2
    (folder / "notes.txt").write_text("mine")
    (folder / "step-999.svg").mkdir()  # not a picture: left alone
    strip = tmp_path / "strip.lp"
    strip.write_text("width(3). height(1). room(1,0,0,2,0,2).\n")
    code, _ = _run("steps", str(strip), "--svg", str(folder))
    assert code == 0 and sorted(path.name for path in folder.iterdir()) == [
        "notes.txt",
        *(f"step-{n:03d}.svg" for n in range(1, len(steps(STRIP).steps) + 1)),
        "step-999.svg",
    ]


def test_hint_cannot_read_the_puzzle_and_the_given_grid_both_from_stdin() -> None:
    result = CliRunner().invoke(main, ["hint", "-", "--given", "-"], input="width(1).")
    assert (result.exit_code, result.output) == (
        2,
        "error: hint: PUZZLE and --given cannot both be '-' (standard input)\n",
    )


def test_hint_and_grade_commands(tmp_path: Path) -> None:
    code, out = _run("hint", str(EASY[0]), "--json")
    assert code == 0 and json.loads(out)["conflict"] is None
    given = tmp_path / "given.txt"
    given.write_text("##\n")
    code, out = _run("hint", str(EASY[0]), "--given", str(given))
    assert code == 1 and "holds in no solution" in out
    assert _run("hint", str(EASY[0]), "--given", "") == (
        1,
        "error: --given: '': no such file (the name is empty)\n",
    )
    given.write_text("#z\n")
    code, out = _run("hint", str(EASY[0]), "--given", str(given))
    assert (
        code == 1
        and out.strip() == f"error: {given}:1:2: unexpected character 'z' (use '#', '.' or '?')"
    )
    code, out = _run("grade", str(EASY[0]), str(EASY[1]), "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["grade"] in LABELS for line in lines] == [True, True]
    assert [line["status"] for line in lines] == ["solved", "solved"]
    several = tmp_path / "several.lp"
    several.write_text("width(4). height(1). room(1,0,0,3,0,-1).\n")
    code, out = _run("grade", str(several), "--json")
    assert code == 0 and json.loads(out)["status"] == "several"
    code, out = _run("grade", str(several))
    assert code == 0 and out.rstrip().endswith("several solutions: graded on the cells they share")
    # The solutions are ...., #..., ...# and #..#: the middle cells are white in each.
    code, out = _run("hint", str(several))
    assert (code, out) == (
        0,
        "r1c2 is white: otherwise its neighbours r1c1 and r1c3 would be cut off from each other\n",
    )
    given.write_text("?..?\n")
    code, out = _run("hint", str(several), "--given", str(given))
    differ = "the solutions that fit differ on each of the 2 open cells"
    assert (code, out) == (0, f"nothing more can be settled: {differ}\n")
    given.write_text("#..#\n")
    assert _run("hint", str(several), "--given", str(given)) == (0, "nothing left to settle\n")


def test_grade_prints_every_score_with_one_decimal(tmp_path: Path) -> None:
    zero = tmp_path / "zero.lp"  # one step of cost 2: the score is 2 exactly
    zero.write_text("width(2). height(1). room(1,0,0,1,0,0).\n")
    code, out = _run("grade", str(zero), "--json")
    assert code == 0 and json.loads(out)["score"] == 2
    code, out = _run("grade", str(zero))
    assert code == 0 and out.startswith("easy: score 2.0, ")
    code, out = _run("grade", str(zero), str(EASY[0]))
    scores = [line.split()[2] for line in out.splitlines()[2:]]
    assert code == 0 and scores[0] == "2.0" and re.fullmatch(r"[0-9]+\.[0-9]", scores[1])


def test_grade_of_several_puzzles_is_a_table_even_when_one_fails(tmp_path: Path) -> None:
    missing = tmp_path / "missing.lp"
    code, out = _run("grade", str(missing), str(EASY[0]))
    assert code == 1 and f"error: {missing}: no such file" in out
    header, _, row = out.splitlines()[-3:]
    assert header.split()[:2] == ["puzzle", "grade"] and row.split()[0] == str(EASY[0])
    code, out = _run("grade", str(missing), str(EASY[0]), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [record["puzzle"] for record in records] == [str(missing), str(EASY[0])]
    assert records[0]["grade"] is None and "no such file" in records[0]["error"]
    assert records[1]["grade"] in LABELS and "error" not in records[1]


def test_a_room_at_its_maximum_is_walked_by_cases() -> None:
    # Nine black cells fill a 5x5 room only on the checkerboard's corners: no rule alone
    # settles a cell (the dense instances walked with -m slow are such rooms, larger).
    walk = _checked_steps(Puzzle(5, 5, (Room.rectangle(0, 0, 4, 4, 9),)))
    assert walk.status == "solved" and {step.kind for step in walk.steps} == {"cases"}


@pytest.mark.parametrize("width, height, clue", [(3, 3, 3), (4, 3, 4), (6, 3, 6), (6, 4, 8)])
def test_a_black_anchor_is_refuted_by_connectivity_from_one_neighbour(
    tmp_path: Path, width: int, height: int, clue: int
) -> None:
    # The centre of a 3x3 room with clue 3 is white in every solution: black, it would split
    # its white neighbours. Measured from each neighbour as a root, nothing refuted it.
    _checked_several(
        Puzzle(width, height, (Room.rectangle(0, 0, width - 1, height - 1, clue),)), tmp_path
    )


def test_grade_interrupted_prints_the_puzzles_graded_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ctrl-C while the second puzzle is graded (a real Ctrl-C: tests/test_isolation.py).
    from heyawake_asp.cli import explaining

    graded = explaining._graded

    def interrupted_at_the_second(walked: Any, *arguments: Any) -> Any:
        if walked.source != str(EASY[0]):
            raise KeyboardInterrupt
        return graded(walked, *arguments)

    monkeypatch.setattr(explaining, "_graded", interrupted_at_the_second)
    result = CliRunner().invoke(main, ["grade", str(EASY[0]), str(EASY[1])])
    assert result.exit_code == 130
    assert result.stdout.splitlines()[-1].split()[0] == str(EASY[0])
    assert result.stderr.strip() == "interrupted: 1 of 2 puzzles graded"


LARGE = REPO / "instances" / "large" / "35x35-s1.lp"
"""Its path takes about a minute; a hint from the empty grid over a second."""


def _out_of_time_after(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walks run out of time after ``count`` steps, on any machine (and in a forked child)."""
    from heyawake_asp.steps.planner import Planner

    next_step = Planner.next_step
    taken: list[Step | None] = []

    def counted(planner: Planner) -> Step | None:
        if len(taken) == count:
            raise OutOfTime
        taken.append(next_step(planner))
        return taken[-1]

    monkeypatch.setattr(Planner, "next_step", counted)


def test_a_walk_cut_short_keeps_its_checked_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = read_puzzle(str(EASY[0]))
    _out_of_time_after(3, monkeypatch)
    with pytest.raises(OutOfTime) as late:
        steps(puzzle, timeout=60)
    walk = late.value.partial
    assert isinstance(walk, Walkthrough)
    assert walk.status == "timeout" and len(walk.steps) == 3
    for step in walk.steps:
        assert check_step(puzzle, step) == [], step.text
    settled = {cell: black for step in walk.steps for cell, black in step.cells}
    assert walk.grid == grid_of(puzzle, settled) and "?" in "".join(walk.grid)


def test_a_walk_whose_analysis_outlasts_the_timeout_stops_at_it() -> None:
    # Proving the dense room's maximum, before any step, takes about 4 s.
    puzzle = read_puzzle(str(REPO / "instances" / "dense" / "17x9-corner-max.lp"))
    with pytest.raises(OutOfTime) as late:
        steps(puzzle, timeout=0.2)
    walk = late.value.partial
    assert isinstance(walk, Walkthrough)
    assert walk.status == "timeout" and walk.steps == () and set("".join(walk.grid)) == {"?"}
    with pytest.raises(OutOfTime):
        analyze(puzzle, timeout=0.2)


def test_steps_command_prints_what_it_found_at_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _out_of_time_after(3, monkeypatch)
    code, out = _run("steps", str(EASY[0]), "--timeout", "60")
    found = [line for line in out.splitlines() if line[:1].isdigit()]
    assert (code, len(found)) == (1, 3)
    assert out.splitlines()[-1].startswith("timed out after 3 steps: ")
    code, out = _run("steps", str(EASY[0]), "--timeout", "60", "--json")
    *lines, record = [json.loads(line) for line in out.splitlines()]
    assert (code, record["status"], len(record["steps"])) == (1, "timeout", 3)
    assert [line["step"] for line in lines] == record["steps"]
    settled = sum(len(step["settles"]) for step in record["steps"])
    assert settled == sum(row.count("#") + row.count(".") for row in record["grid"])
    assert "?" in "".join(record["grid"])


@pytest.mark.slow  # a few seconds to its first step; its whole walk takes half a minute
def test_steps_json_writes_each_step_as_it_is_found() -> None:
    command = [sys.executable, "-m", "heyawake_asp", "steps", "--json", str(LARGE)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        assert select.select([process.stdout], [], [], 60)[0]  # a hang guard
        first = json.loads(process.stdout.readline())
        assert process.poll() is None  # still walking
    finally:
        process.kill()
        process.communicate()
    assert (first["puzzle"], first["number"]) == (str(LARGE), 1)
    assert check_step(read_puzzle(LARGE), step_of(first["step"])) == []


def test_steps_command_stops_at_its_time_limit() -> None:
    # A child process starts, reads, analyses and walks: under load it may find no step.
    code, out = _run("steps", str(LARGE), "--timeout", "0.5", "--json")
    record = json.loads(out.splitlines()[-1])
    assert code == 1 and record["status"] == "timeout" and "?" in "".join(record["grid"])
    settled = sum(len(step["settles"]) for step in record["steps"])
    assert settled == sum(row.count("#") + row.count(".") for row in record["grid"])


def test_hint_and_grade_keep_the_time_limit_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(OutOfTime):
        hint(read_puzzle(str(LARGE)), timeout=Deadline(0.0))
    _out_of_time_after(0, monkeypatch)  # the commands' words for the library's `OutOfTime`
    for command in ("hint", "grade"):
        code, out = _run(command, str(EASY[0]), "--timeout", "60")
        assert (code, out) == (1, f"error: {EASY[0]}: stopped past the time limit of 60 s\n")


def test_the_clues_in_conflict_are_named_within_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from heyawake_asp.steps import walk

    # The analysis unbounded: only the naming of the clues in conflict meets the deadline passed.
    monkeypatch.setattr(walk, "analyze", lambda puzzle, timeout: analyze(puzzle))
    broken = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),))
    assert steps(broken).conflict == (0,)
    with pytest.raises(OutOfTime):
        steps(broken, timeout=Deadline(0.0))
    with pytest.raises(OutOfTime):
        hint(broken, timeout=Deadline(0.0))


def test_with_no_white_cell_settled_the_anchor_and_a_neighbour_are_roots() -> None:
    # With r2c1 black, r1c1 is white, and r1c2 black would shut it in. No cell is settled
    # white, so the anchor (the centre) and one neighbour are the roots: the rule on
    # neighbours leaves one of them white, so connectivity cannot be escaped.
    corner = Puzzle(3, 3, (Room.rectangle(0, 0, 2, 2),))
    deducer = Deducer(corner, anchor=(1, 1))
    reason = deducer.core(deducer.rules, {(0, 1): True}, (1, 0), False)
    assert reason is not None
    roots = [sorted(rule.cells) for rule in reason.rules if rule.kind == "connected"]
    assert roots == [[(1, 1), (2, 1)]]
    assert check_step(corner, Step((((1, 0), False),), reason, "connected", 0, "")) == []
    assert check_step(corner, Step((((1, 0), True),), reason, "connected", 0, ""))


def test_rule_instances_sort_by_kind_then_cells_and_unpickle_with_this_process_hash() -> None:
    rules = [
        Rule("run", ((0, 1), (1, 1), (2, 1))),
        Rule("clue", ((1, 0), (1, 1)), 2),
        Rule("adjacent", ((0, 1), (1, 1))),
        Rule("adjacent", ((0, 0), (1, 0))),
        Rule("clue", ((0, 0),), 1),
    ]
    assert sorted(rules) == sorted(rules, key=lambda rule: (rule.kind, rule.cells))
    # Made and pickled by a process whose strings hash otherwise (as a child's steps come
    # back): unpickled, each is found in sets and dicts of this process's instances.
    made_elsewhere = subprocess.run(
        [sys.executable, "-c", _PICKLE_RULES, repr(rules)],
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "1"},
    ).stdout
    assert pickle.loads(made_elsewhere) == set(rules)


_PICKLE_RULES = """
import pickle, sys
from heyawake_asp.steps.model import Rule
sys.stdout.buffer.write(pickle.dumps(set(eval(sys.argv[1], {"Rule": Rule}))))
"""
