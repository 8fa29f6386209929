"""The Heyawake family: ayeheya, akichi and oneroom read, solved, counted, checked and explained.

Oracles: pzprjs's own test data (robx/pzprjs, test/script/ayeheya.js: a URL, a shading
puzz.link accepts and one it rejects as not symmetric; akichi.js: a file with the shading
it accepts), and brute force over every shading judged by the independent checker.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from heyawake_asp.asp.encodings import encodings_dir, resolve_encoding
from heyawake_asp.authoring.generate import generate
from heyawake_asp.authoring.suggest import suggest
from heyawake_asp.cli import main
from heyawake_asp.cli.common import runs_here
from heyawake_asp.errors import (
    EncodingError,
    InvalidPuzzleError,
    NotExplainedError,
    PuzzleFormatError,
)
from heyawake_asp.formats import FORMATS, json_format, read_puzzle_text, write_puzzle
from heyawake_asp.grid import Grid
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.oracles.checker import conflicts, verify
from heyawake_asp.oracles.step_checker import check_step
from heyawake_asp.puzzle import Puzzle, Room
from heyawake_asp.queries import count_solutions, explain
from heyawake_asp.solver import solve
from heyawake_asp.steps import hint, steps
from heyawake_asp.validation.samples import clue_variants, tilings
from heyawake_asp.variants import VARIANTS
from heyawake_asp.web.api import answer

AYEHEYA = "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk2k"
"""pzprjs's ayeheya sample (test/script/ayeheya.js)."""
PZPRV3 = (
    "pzprv3\nayeheya\n6\n6\n11\n"
    "0 0 1 1 1 2 \n0 0 1 1 1 3 \n4 4 5 5 6 6 \n7 7 5 5 6 6 \n7 7 8 8 8 8 \n7 7 9 10 10 10 \n"
    ". . . . . . \n. . . . . . \n. . 2 . . . \n. . . . . . \n. . . . . . \n. . . . . . \n"
)
"""The same puzzle as pzprjs's test file writes it, without marks."""
SOLVED = ("#....#", ".#....", "...#.#", "#.#.#.", "......", ".#.#.#")
"""The shading pzprjs's test accepts (its last case, dots read white)."""
NOT_SYMMETRIC = ("......", "..#.#.", "......", "......", "......", "......")
"""pzprjs's bkNotSymShade case: two black cells in the 3x2 room, not mirror images."""


def test_pzprjs_sample_solves_to_its_published_answer_and_not_as_heyawake() -> None:
    puzzle = read_puzzle_text(AYEHEYA, "url")
    assert puzzle.variant == "ayeheya"
    result = solve(puzzle, max_solutions=2)
    assert (result.solutions, result.unique) == ((SOLVED,), True)
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    assert len(solve(plain, max_solutions=2).solutions) == 2  # symmetry is what makes it unique
    assert verify(plain, SOLVED) == []


def test_the_checker_catches_what_pzprjs_rejects_as_not_symmetric() -> None:
    puzzle = read_puzzle_text(AYEHEYA, "url")
    # pzprjs's "." is unmarked: here open, but for the two black cells' mirrors, white.
    unmarked = ["??.?.?", *(row.replace(".", "?") for row in NOT_SYMMETRIC[1:])]
    broken = conflicts(puzzle, unmarked)
    assert [violation.rule for violation in broken] == [6]
    assert broken[0].message.startswith("rule 6: the room at r1c3 is not symmetric: r2c3 is black")
    assert [v.rule for v in conflicts(puzzle, ["?" * 6, "..#?#.", *["?" * 6] * 4])] == []
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    assert all(violation.rule != 6 for violation in verify(plain, NOT_SYMMETRIC))


def symmetric_tilings() -> list[tuple[int, int, tuple[Room, ...]]]:
    """Rectangle tilings, and tilings with irregular rooms that are all point-symmetric."""
    rng = random.Random(6)
    found = []
    for width, height in ((3, 3), (4, 3), (4, 4)):
        found += [(width, height, rooms) for rooms in tilings(width, height, rng, limit=4)]
        irregular = tilings(width, height, rng, irregular=True, limit=300)
        symmetric = [
            rooms
            for rooms in irregular
            if all(room.is_symmetric for room in rooms)
            and not all(room.is_rectangle for room in rooms)
        ]
        found += [(width, height, rooms) for rooms in symmetric[:4]]
    return found


@pytest.mark.slow  # a few seconds: the default run stays under 2 minutes
def test_solutions_and_counts_agree_with_brute_force_on_small_ayeheya_puzzles() -> None:
    rng = random.Random(7)
    checked = irregular = 0
    for width, height, rooms in symmetric_tilings():
        blank = Puzzle(width, height, rooms, variant="ayeheya")
        for clues in [(None,) * len(rooms), *clue_variants(rooms, sorted(brute_force(blank)), rng)]:
            puzzle = blank.with_clues(list(clues))
            expected = brute_force(puzzle)
            assert count_solutions(puzzle, 200).count == len(expected), puzzle
            found = solve(puzzle, max_solutions=len(expected) + 1)
            assert set(found.solutions) == expected, puzzle
            checked += 1
            irregular += not puzzle.is_rectangular
    assert checked > 30 and irregular > 5, (checked, irregular)


def test_every_format_but_kth_keeps_the_variant() -> None:
    puzzle = read_puzzle_text(AYEHEYA, "url")
    assert read_puzzle_text(PZPRV3, "pzprv3") == puzzle
    for fmt in FORMATS:
        if fmt == "kth":
            with pytest.raises(InvalidPuzzleError, match="KTH format holds Heyawake only"):
                write_puzzle(puzzle, fmt)
            continue
        again = read_puzzle_text(write_puzzle(puzzle, fmt), fmt)
        assert again == puzzle and again.variant == "ayeheya", fmt
    assert write_puzzle(puzzle, "url").strip() == AYEHEYA
    assert write_puzzle(puzzle, "text").startswith("ayeheya 6x6\n")
    written = json.loads(write_puzzle(puzzle, "json"))
    assert written["variant"] == "ayeheya"
    jsonschema.validate(written, json.loads(json_format.PUZZLE_SCHEMA.read_text(encoding="utf-8")))
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    assert plain != puzzle and "variant" not in json.loads(write_puzzle(plain, "json"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "ayeheya 3x2\naab\nabb\n",
            (
                "t:2:1: the room at r1c1 is not symmetric about its centre, "
                "as every room of ayeheya must be"
            ),
        ),
        (
            '{"variant": "ayeheya", "width": 2, "height": 2, "rooms": [{"cells": '
            '[[0, 0], [1, 0], [0, 1]], "clue": null}, {"cells": [[1, 1]], "clue": null}]}',
            "t: rooms[0]: the room at r1c1 is not symmetric about its centre",
        ),
        (
            '{"variant": "nurikabe", "width": 1, "height": 1, "rooms": []}',
            "t: variant: expected heyawake, ayeheya, akichi and oneroom",
        ),
        ("https://puzz.link/p?ayeheya/2/2/4g", "t:1:"),
    ],
)
def test_an_ayeheya_room_that_is_not_symmetric_is_an_error_naming_where(
    text: str, message: str
) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        read_puzzle_text(text, "t")
    assert str(caught.value).startswith(message), str(caught.value)


def test_steps_hints_and_grades_refuse_a_variant_they_do_not_explain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unexplained = dataclasses.replace(VARIANTS["akichi"], explained=False)
    monkeypatch.setitem(VARIANTS, "akichi", unexplained)
    puzzle = read_puzzle_text(AKICHI, "url")
    with pytest.raises(NotExplainedError):
        steps(puzzle)
    for command in ("steps", "hint", "grade"):
        result = CliRunner().invoke(main, [command, AKICHI], catch_exceptions=False)
        assert result.exit_code == 1
        assert result.output.startswith(f"error: {AKICHI}: steps, hints and grades do not"), (
            result.output
        )
        assert result.output.count("\n") == 1
    reply = answer("hint", json.dumps({"puzzle": AKICHI}).encode())
    assert reply.status == 422 and "not yet explained" in reply.body["error"]
    solved: Any = answer("solve", json.dumps({"puzzle": AKICHI}).encode()).body
    assert solved["solutions"] == [list(AKICHI_SOLVED)]


AKICHI = "https://puzz.link/p?akichi/6/6/lll199007rs11434g1g0"
"""pzprjs's akichi sample (test/script/akichi.js)."""
AKICHI_SOLVED = ("#.#..#", "...#..", "#.#.#.", "......", ".#.#..", "#....#")
"""The shading pzprjs's akichi test accepts."""


def test_akichi_sample_solves_to_its_published_answer_its_numbers_not_counts() -> None:
    puzzle = read_puzzle_text(AKICHI, "url")
    assert puzzle.variant == "akichi"
    result = solve(puzzle, max_solutions=2)
    assert (result.solutions, result.unique) == ((AKICHI_SOLVED,), True)
    assert verify(puzzle, AKICHI_SOLVED) == []
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    assert [violation.rule for violation in verify(plain, AKICHI_SOLVED)][:1] == [3]
    wrong = verify(puzzle, ("#.#..#", "......", *AKICHI_SOLVED[2:]))
    assert wrong[0].message.startswith("rule 3: the room at r1c4: its largest white area has 5")
    for fmt in ("url", "text", "json", "pzprv3"):
        again = read_puzzle_text(write_puzzle(puzzle, fmt), fmt)
        assert again == puzzle and again.variant == "akichi", fmt


@pytest.mark.slow
def test_akichi_solutions_and_counts_agree_with_brute_force() -> None:
    rng = random.Random(8)
    checked = numbered = 0
    for width, height, rooms in symmetric_tilings():  # any tiling does: these are at hand
        blank = Puzzle(width, height, rooms, variant="akichi")
        for _ in range(3):
            clues = [rng.choice([None, rng.randint(0, len(room.cells))]) for room in rooms]
            if not any(clue is not None for clue in clues):
                continue  # the plain puzzle's solutions: many, and nothing of akichi's rule
            puzzle = blank.with_clues(clues)
            expected = brute_force(puzzle)
            assert count_solutions(puzzle, 1000).count == len(expected), puzzle
            assert set(solve(puzzle, max_solutions=len(expected) + 1).solutions) == expected
            checked += 1
            numbered += bool(expected) and any(clue for clue in clues)
    assert checked > 40 and numbered > 15, (checked, numbered)


def _akichi_puzzles(seed: int) -> list[Puzzle]:
    """Small akichi puzzles with numbers drawn at random (any tiling does: these are at hand)."""
    rng = random.Random(seed)
    found = []
    for width, height, rooms in symmetric_tilings():
        blank = Puzzle(width, height, rooms, variant="akichi")
        for _ in range(3):
            clues = [rng.choice([None, rng.randint(0, len(room.cells))]) for room in rooms]
            found.append(blank.with_clues(clues))
    return found


def _clued(puzzle: Puzzle, rooms: set[int]) -> Puzzle:
    """``puzzle`` keeping only the numbers of ``rooms``."""
    return puzzle.with_clues(
        [room.clue if i in rooms else None for i, room in enumerate(puzzle.rooms)]
    )


@pytest.mark.slow
def test_akichi_explain_names_a_minimal_set_of_areas_that_brute_force_refutes() -> None:
    explained = 0
    for puzzle in _akichi_puzzles(11)[::2]:
        why = explain(puzzle)
        if brute_force(puzzle):
            assert why.satisfiable, puzzle
            continue
        rooms = set(why.rooms)
        assert not why.satisfiable and not brute_force(_clued(puzzle, rooms)), puzzle
        for room in rooms:  # minimal: any one dropped, the rest hold together
            assert brute_force(_clued(puzzle, rooms - {room})), (puzzle, room)
        explained += 1
    assert explained > 10, explained


def test_steps_of_an_unsolvable_akichi_name_areas_that_cannot_all_hold() -> None:
    puzzle = read_puzzle_text("akichi 2x1\nab\na=0 b=0\n", "t")
    walk = steps(puzzle)
    assert walk.status == "unsolvable" and walk.conflict == (0, 1)
    result = CliRunner().invoke(main, ["hint", "-"], input="akichi 2x1\nab\na=0 b=0\n")
    assert result.exit_code == 1
    assert result.output == "no solution: these 2 clues cannot all hold: 0 in room a, 0 in room b\n"


@pytest.mark.slow
def test_akichi_suggestions_make_the_answer_unique_by_brute_force() -> None:
    suggested = 0
    for puzzle in _akichi_puzzles(12)[::3]:
        solutions = brute_force(puzzle)
        if len(solutions) < 2:
            continue
        found = suggest(puzzle)
        assert found.status == "several", puzzle
        change = found.change
        if change is None:
            continue
        clues = [room.clue for room in puzzle.rooms]
        clues[change.room] = change.clue
        assert len(brute_force(puzzle.with_clues(clues))) == change.solutions, (puzzle, change)
        suggested += change.solutions == 1
    assert suggested > 3, suggested


ONEROOM = "https://puzz.link/p?oneroom/5/5/cpj600o01h0"
"""pzprjs's One Room One Door sample (test/script/oneroom.js)."""
ONEROOM_SOLVED = ("..#..", "...#.", ".#...", "...#.", "..#..")
"""The shading pzprjs's oneroom test accepts."""
ONEROOM_BROKEN = {
    1: (".....", "..#..", "...#.", ".#.#.", "....."),  # csAdjacent
    7: (".....", "..#..", ".....", ".....", "....."),  # bkSubdivided
    8: ("..#..", ".....", ".#.#.", ".....", "..#.."),  # bdDoorsGt
}
"""Shadings pzprjs's test rejects, by the rule it names (open cells read white)."""


@pytest.mark.parametrize("encoding", ["grow", "reach", "thesis"])
def test_oneroom_sample_solves_to_its_published_answer_without_the_run_rule(encoding: str) -> None:
    puzzle = read_puzzle_text(ONEROOM, "url")
    assert puzzle.variant == "oneroom"
    result = solve(puzzle, encoding, max_solutions=2)
    assert (result.solutions, result.unique) == ((ONEROOM_SOLVED,), True)
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    for rule, grid in ONEROOM_BROKEN.items():
        broken = {violation.rule for violation in verify(puzzle, grid)}
        assert rule in broken and 5 not in broken, rule
    assert 5 in {violation.rule for violation in verify(plain, ONEROOM_BROKEN[7])}
    for fmt in ("url", "text", "json", "pzprv3"):
        assert read_puzzle_text(write_puzzle(puzzle, fmt), fmt).variant == "oneroom", fmt


@pytest.mark.slow
def test_oneroom_solutions_and_counts_agree_with_brute_force() -> None:
    rng = random.Random(9)
    checked = solved = 0
    for width, height, rooms in symmetric_tilings():
        blank = Puzzle(width, height, rooms, variant="oneroom")
        every = sorted(brute_force(blank))
        for clues in [(None,) * len(rooms), *clue_variants(rooms, every, rng)]:
            puzzle = blank.with_clues(list(clues))
            expected = brute_force(puzzle)
            assert count_solutions(puzzle, 1000).count == len(expected), puzzle
            encoding = "reach" if checked % 2 else "grow"
            found = solve(puzzle, encoding, max_solutions=len(expected) + 1)
            assert set(found.solutions) == expected, (encoding, puzzle)
            checked += 1
            solved += len(expected) == 1
    assert checked > 40 and solved > 5, (checked, solved)


def test_a_set_that_does_not_name_its_run_rule_cannot_play_oneroom() -> None:
    puzzle = read_puzzle_text(ONEROOM, "url")
    with pytest.raises(EncodingError, match="does not name the files of its rule 5"):
        solve(puzzle, "grow_search")


@pytest.mark.slow  # 4-6 s each: the default run stays under 2 minutes
@pytest.mark.parametrize("variant", ["ayeheya", "akichi", "oneroom"])
def test_validate_compares_each_variant_with_brute_force(variant: str) -> None:
    result = CliRunner().invoke(
        main, ["validate", "grow", "--variant", variant, "--max-cells", "6", "--json"]
    )
    record = json.loads(result.output)
    assert result.exit_code == 0 and record["ok"] and record["puzzles"] > 100, record


@pytest.mark.slow  # about 1 s alone, 40 s in CI's slow run at 6 cells: its validation's workers
def test_validate_catches_a_missing_run_rule_in_heyawake_not_in_oneroom(tmp_path: Path) -> None:
    """An encoding set whose rule 5 file is named but empty plays oneroom right, heyawake wrong
    (on grids up to 4 cells: a white run through three one-cell rooms needs 3)."""
    broken = tmp_path / "broken"
    shutil.copytree(encodings_dir(), broken)
    (broken / "rules" / "runs_middles.lp").write_text("% nothing\n")
    for variant, fails in (("oneroom", False), ("heyawake", True)):
        result = CliRunner().invoke(
            main, ["validate", str(broken / "grow.lp"), "--variant", variant, "--max-cells", "4"]
        )
        assert result.exit_code == (1 if fails else 0), (variant, result.output)


def test_a_variant_puzzle_is_solved_in_a_child_that_its_time_limit_can_stop() -> None:
    """A variant's program may ground long (akichi: a room's cells squared), so never here."""
    default = resolve_encoding("grow")
    for source in (AYEHEYA, AKICHI, ONEROOM):
        puzzle = read_puzzle_text(source, "url")
        assert not runs_here(default, (), puzzle)
        assert runs_here(default, (), Puzzle(puzzle.width, puzzle.height, puzzle.rooms))


AYEHEYA_15 = (
    "https://puzz.link/p?ayeheya/15/15/4i894gi914i2944i894gi914i2944i894gi914i294000000vvv000000"
    "vvv000000vvv000000vvv0000002313221312131312131323122"
)
"""A 15x15 ayeheya of 3x3 rooms numbered from one of its shadings: three solutions, and
enough cells (225) for the steps engine's local programs."""


@pytest.mark.parametrize(
    "source",
    [AYEHEYA, pytest.param(AYEHEYA_15, marks=pytest.mark.slow)],  # 15x15: 2-3 s
)
def test_ayeheya_steps_pass_the_step_checker_and_settle_what_every_solution_shares(
    source: str,
) -> None:
    puzzle = read_puzzle_text(source, "url")
    walk = steps(puzzle)
    solutions = solve(puzzle, max_solutions=10).solutions
    assert walk.status == ("solved" if len(solutions) == 1 else "several")
    for step in walk.steps:
        assert check_step(puzzle, step) == [], step.text
        for (x, y), black in step.cells:
            assert {grid[y][x] == "#" for grid in solutions} == {black}, step.text
    shared = [
        "".join(row[x] if len({g[y][x] for g in solutions}) == 1 else "?" for x in range(len(row)))
        for y, row in enumerate(solutions[0])
    ]
    assert list(walk.grid) == shared
    assert any(rule.kind == "mirror" for step in walk.steps for rule in step.reason.rules)


def test_a_mirror_step_says_why_and_the_checker_knows_a_mirror_pair() -> None:
    puzzle = read_puzzle_text(AYEHEYA, "url")
    said = [step.text for step in steps(puzzle).steps if step.kind == "mirror"]
    assert any(
        "is its mirror in the room at" in text and "a room's black cells are symmetric" in text
        for text in said
    ), said
    step = next(step for step in steps(puzzle).steps if step.kind == "mirror")
    plain = Puzzle(puzzle.width, puzzle.height, puzzle.rooms)
    assert check_step(plain, step) != []  # no mirror pairs in plain Heyawake
    found = hint(puzzle, {})
    assert found.step is not None and check_step(puzzle, found.step) == []


def walked_to_the_shared_cells(puzzle: Puzzle) -> bool:
    """Walk ``puzzle``: every step passes the step checker, the path ends at the cells every
    solution (by brute force) shares. False when the puzzle has no solution (not walked)."""
    solutions = sorted(brute_force(puzzle))
    if not solutions:
        return False
    walk = steps(puzzle)
    assert all(check_step(puzzle, step) == [] for step in walk.steps), puzzle
    shared = [
        "".join(row[x] if len({s[y][x] for s in solutions}) == 1 else "?" for x in range(len(row)))
        for y, row in enumerate(solutions[0])
    ]
    assert list(walk.grid) == shared, puzzle
    return True


@pytest.mark.slow
def test_ayeheya_paths_of_small_puzzles_settle_what_brute_force_shares() -> None:
    rng = random.Random(10)
    walked = 0
    for width, height, rooms in symmetric_tilings()[::2]:
        blank = Puzzle(width, height, rooms, variant="ayeheya")
        for clues in clue_variants(rooms, sorted(brute_force(blank)), rng)[:2]:
            walked += walked_to_the_shared_cells(blank.with_clues(list(clues)))
    assert walked > 10, walked


@pytest.mark.parametrize(("source", "solved"), [(AKICHI, AKICHI_SOLVED), (ONEROOM, ONEROOM_SOLVED)])
def test_akichi_and_oneroom_paths_pass_the_step_checker_to_the_published_answer(
    source: str, solved: tuple[str, ...]
) -> None:
    puzzle = read_puzzle_text(source, "url")
    walk = steps(puzzle)
    assert (walk.status, walk.grid) == ("solved", solved)
    for step in walk.steps:
        assert check_step(puzzle, step) == [], step.text
    kinds = {rule.kind for step in walk.steps for rule in step.reason.rules}
    assert kinds & {"area", "joined", "doors"}, kinds
    assert "run" not in kinds or puzzle.variant != "oneroom"
    found = hint(puzzle, {})
    assert found.step is not None and check_step(puzzle, found.step) == []


@pytest.mark.slow  # about 2 s each: the default run stays under 2 minutes
@pytest.mark.parametrize("variant", ["akichi", "oneroom"])
def test_akichi_and_oneroom_paths_of_small_puzzles_settle_what_brute_force_shares(
    variant: str,
) -> None:
    rng = random.Random(11)
    walked = 0
    for width, height, rooms in symmetric_tilings()[::2]:
        blank = Puzzle(width, height, rooms, variant=variant)
        every = sorted(brute_force(blank))
        numbered = clue_variants(rooms, every, rng)[:2]
        if variant == "akichi":  # numbers as white areas, of a shading the rooms allow
            numbered = [
                tuple(largest_white(room, grid) if rng.random() < 0.6 else None for room in rooms)
                for grid in rng.sample(every, min(3, len(every)))
            ]
        for clues in numbered:
            walked += walked_to_the_shared_cells(blank.with_clues(list(clues)))
    assert walked > 8, walked


def largest_white(room: Room, grid: Grid) -> int:
    """The most white cells of ``room`` joined inside it, in ``grid``."""
    left = {(x, y) for x, y in room.cells if grid[y][x] == "."}
    largest = 0
    while left:
        stack, size = [left.pop()], 0
        while stack:
            x, y = stack.pop()
            size += 1
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in left:
                    left.discard(near)
                    stack.append(near)
        largest = max(largest, size)
    return largest


@pytest.mark.slow  # a few seconds: the default run stays under 2 minutes
@pytest.mark.parametrize("variant", ["ayeheya", "oneroom"])
def test_generate_makes_a_variants_puzzle_whose_one_solution_brute_force_confirms(
    variant: str,
) -> None:
    for seed in range(3):
        made = generate(4, 4, seed, variant=variant)
        assert made.puzzle.variant == variant
        assert brute_force(made.puzzle) == {made.solution}
    result = CliRunner().invoke(
        main, ["generate", "--size", "5x5", "--seed", "2", "--variant", variant, "--format", "text"]
    )
    assert result.exit_code == 0, result.output
    assert f"--variant {variant}" in result.output and f"\n{variant} 5x5\n" in result.output
    refused = CliRunner().invoke(main, ["generate", "--size", "5x5", "--variant", variant])
    assert refused.exit_code == 2 and "KTH (Heyawake only)" in refused.output
    with pytest.raises(NotExplainedError):
        generate(4, 4, 0, variant="akichi")
