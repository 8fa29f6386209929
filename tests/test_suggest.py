"""`suggest` and ``heyawake suggest``, against brute force, the checker and the solver."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import REPO

from heyawake_asp.authoring.generate import generate
from heyawake_asp.authoring.suggest import (
    LIMIT,
    MOST_NUMBERS,
    ClueChange,
    RoomSplit,
    Suggestion,
    suggest,
)
from heyawake_asp.cli import main
from heyawake_asp.errors import OutOfTime
from heyawake_asp.formats import read_puzzle, read_puzzle_text, text
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle, Room
from heyawake_asp.queries import count_solutions
from heyawake_asp.render.suggestion import suggestion_words
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.solver import solve
from heyawake_asp.validation.samples import clue_variants, tilings

MIRRORED = read_puzzle_text("heyawake 3x2\nabc\nabc\n", "mirrored")
"""Two solutions, mirror images with the same count in every room: no number tells them apart."""
UNSOLVABLE = "heyawake 4x2\naabb\nccdd\na=2 b=1\n"
"""Room a, two cells side by side, cannot hold two black cells."""


def run(*args: object) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def applied(puzzle: Puzzle, change: ClueChange) -> Puzzle:
    """``puzzle`` with the suggested clue, its room found by its first cell."""
    room = puzzle.room_index(change.cell)
    assert puzzle.rooms[room].first_cell == change.cell and room == change.room
    clues = [change.clue if i == room else r.clue for i, r in enumerate(puzzle.rooms)]
    return puzzle.with_clues(clues)


def black_in(grid: Grid, puzzle: Puzzle, room: int) -> int:
    return sum(grid[y][x] == BLACK for x, y in puzzle.rooms[room].cells)


def changes_by_brute_force(puzzle: Puzzle) -> dict[tuple[int, int], int]:
    """Every single change ``(room, clue)`` with its count of solutions, when it has some."""
    counts: dict[tuple[int, int], int] = {}
    for index, room in enumerate(puzzle.rooms):
        others = [None if i == index else r.clue for i, r in enumerate(puzzle.rooms)]
        held = Counter(
            black_in(grid, puzzle, index) for grid in brute_force(puzzle.with_clues(others))
        )
        counts |= {(index, clue): n for clue, n in held.items() if clue != room.clue}
    return counts


def small_puzzles() -> list[Puzzle]:
    """Small tilings as `heyawake validate` samples them, unnumbered and numbered from solutions."""
    rng = random.Random(0)
    found = []
    for width, height in ((2, 2), (3, 2), (3, 3), (4, 3)):
        for irregular in (False, True):
            for rooms in tilings(width, height, rng, irregular=irregular, limit=5):
                blank = Puzzle(width, height, rooms)
                variants = clue_variants(rooms, sorted(brute_force(blank)), rng)
                found += [
                    blank.with_clues(list(clues)) for clues in [(None,) * len(rooms), *variants]
                ]
    return found


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_suggest_agrees_with_brute_force_on_small_puzzles() -> None:
    seen: Counter[str] = Counter()
    for puzzle in small_puzzles():
        solutions = len(brute_force(puzzle))
        found = suggest(puzzle)
        if solutions < 2:
            assert found == Suggestion("none" if solutions == 0 else "unique"), puzzle
            seen[found.status] += 1
            continue
        changes = changes_by_brute_force(puzzle)
        fewest = min(changes.values(), default=solutions)
        assert found.status == "several", puzzle
        if fewest >= solutions or fewest > LIMIT:
            assert found.change is None, puzzle
            seen["none helps"] += 1
            continue
        assert found.change is not None, puzzle
        assert found.change.solutions == fewest == len(brute_force(applied(puzzle, found.change)))
        seen["unique" if fewest == 1 else "fewest"] += 1
    assert min(seen[kind] for kind in ("none", "unique", "none helps", "fewest")) > 0, seen


def with_changes(puzzle: Puzzle, changes: tuple[ClueChange, ...]) -> Puzzle:
    for change in changes:
        puzzle = applied(puzzle, change)
    return puzzle


def split(puzzle: Puzzle, cut: RoomSplit) -> Puzzle:
    """``puzzle`` with the room cut as ``cut`` says, each part numbered."""
    assert cut.parts[0] | cut.parts[1] == puzzle.rooms[cut.room].cells
    assert not cut.parts[0] & cut.parts[1]
    rooms = [room for index, room in enumerate(puzzle.rooms) if index != cut.room]
    rooms += [Room(part, clue) for part, clue in zip(cut.parts, cut.clues, strict=True)]
    return Puzzle(puzzle.width, puzzle.height, tuple(rooms))  # checks the parts connected


def disputed_by_brute_force(solutions: list[Grid]) -> frozenset[tuple[int, int]]:
    return frozenset(
        (x, y)
        for y in range(len(solutions[0]))
        for x in range(len(solutions[0][0]))
        if len({grid[y][x] for grid in solutions}) > 1
    )


@pytest.mark.slow
def test_when_no_single_number_does_several_together_or_a_split_make_it_unique() -> None:
    """Checked by brute force: the numbers together, the split, the disputed cells."""
    seen: Counter[str] = Counter()
    for puzzle in small_puzzles():
        solutions = brute_force(puzzle)
        if len(solutions) < 2:
            continue
        found = suggest(puzzle)
        assert found.disputed == disputed_by_brute_force(sorted(solutions)), puzzle
        if found.change is not None and found.change.solutions == 1:
            assert (found.together, found.split) == ((), None)
            continue
        assert 1 not in changes_by_brute_force(puzzle).values()  # no single number does
        if found.together:
            assert found.together[0] == found.change and 2 <= len(found.together) <= MOST_NUMBERS
            for number in range(1, len(found.together) + 1):
                made = with_changes(puzzle, found.together[:number])
                assert len(brute_force(made)) == found.together[number - 1].solutions
            assert found.together[-1].solutions == 1 and found.split is None
            seen[f"{len(found.together)} numbers"] += 1
        elif found.split is not None:
            assert len(brute_force(split(puzzle, found.split))) == 1, puzzle
            seen["split"] += 1
        else:
            seen["nothing"] += 1
    assert seen["2 numbers"] and seen["split"], seen


def test_the_mirrored_puzzle_is_made_unique_by_a_split() -> None:
    assert len(brute_force(MIRRORED)) == 2
    found = suggest(MIRRORED)
    assert (found.change, found.together) == (None, ())
    assert found.split is not None and len(brute_force(split(MIRRORED, found.split))) == 1
    assert found.disputed == disputed_by_brute_force(sorted(brute_force(MIRRORED)))


@pytest.mark.parametrize("seed", range(3))
def test_a_dropped_clue_is_suggested_back_or_another_that_makes_it_unique(seed: int) -> None:
    made = generate(10, 10, seed)
    rng = random.Random(seed)
    dropped = rng.choice([i for i, room in enumerate(made.puzzle.rooms) if room.clue is not None])
    draft = made.puzzle.with_clues(
        [None if i == dropped else room.clue for i, room in enumerate(made.puzzle.rooms)]
    )
    assert count_solutions(draft, 1).count == 2
    found = suggest(draft)
    assert found.status == "several" and found.change is not None
    assert found.change.solutions == 1
    result = solve(applied(draft, found.change), max_solutions=2)
    assert len(result.solutions) == 1 and result.unique is True
    assert verify(applied(draft, found.change), result.solutions[0]) == []


def test_a_numbered_room_can_be_given_another_number() -> None:
    # Every room numbered, yet five solutions: only a changed number can help.
    puzzle = read_puzzle_text("heyawake 3x3\naab\nccb\nccb\na=1 b=1 c=1\n", "p")
    assert len(brute_force(puzzle)) == 5
    found = suggest(puzzle)
    assert found.change is not None and puzzle.rooms[found.change.room].clue is not None
    assert len(brute_force(applied(puzzle, found.change))) == found.change.solutions == 1


def test_a_hidden_clue_counts_as_no_number() -> None:
    puzzle = read_puzzle_text("heyawake 5x1\naaabb\na=? b=1\n", "p")
    found = suggest(puzzle)
    assert found.change is not None and found.change.room == 0
    assert len(brute_force(applied(puzzle, found.change))) == 1


def test_suggest_stops_at_its_deadline() -> None:
    with pytest.raises(OutOfTime):
        suggest(generate(10, 10, 0).puzzle, timeout=Deadline(0.0))


def test_command_prints_the_change_and_exits_0_when_it_makes_the_answer_unique(
    tmp_path: Path,
) -> None:
    path = tmp_path / "draft.txt"
    path.write_text("heyawake 5x1\naaabb\nb=1\n")
    disputed = disputed_by_brute_force(sorted(brute_force(read_puzzle(str(path)))))
    result = run("suggest", path)
    assert (result.exit_code, result.output) == (
        0,
        "set room a to 0: the answer becomes unique\n",
    )
    record = json.loads(run("suggest", path, "--json").output)
    assert record == {
        "puzzle": str(path),
        "status": "several",
        "suggestion": {"x": 0, "y": 0, "clue": 0, "solutions": 1, "more": False},
        "together": [],
        "split": None,
        "disputed": [[x, y] for x, y in sorted(disputed, key=lambda cell: cell[::-1])],
    }
    unique = REPO / "instances" / "easy" / "easy1.lp"
    assert solve(read_puzzle(str(unique)), max_solutions=2).unique is True
    result = run("suggest", unique)
    assert (result.exit_code, result.output) == (0, "unique already: nothing to suggest\n")


def test_command_says_the_numbers_or_the_cut_that_make_the_answer_unique(tmp_path: Path) -> None:
    path = tmp_path / "mirrored.txt"
    path.write_text("heyawake 3x2\nabc\nabc\n")
    result = run("suggest", path)
    assert (result.exit_code, result.output) == (
        0,
        f"no single number leaves fewer solutions, counting up to {LIMIT}; cutting room a in "
        "two does: 1 cell from r1c1 numbered 0 and 1 cell from r2c1 numbered 1\n",
    )
    record = json.loads(run("suggest", path, "--json").output)
    assert record["split"] == {"x": 0, "y": 0, "parts": [[[0, 0]], [[0, 1]]], "clues": [0, 1]}
    path.write_text("heyawake 3x2\nabb\nabb\n")
    result = run("suggest", path)
    together = json.loads(run("suggest", path, "--json").output)["together"]
    assert result.exit_code == 0 and len(together) >= 2 and together[-1]["solutions"] == 1
    assert f"; {len(together)} numbers together do: set room " in result.output


@pytest.mark.slow  # some 6 s: the default run stays under 2 minutes
def test_a_draft_missing_many_numbers_is_narrowed_by_a_number_that_rules_solutions_out(
    tmp_path: Path,
) -> None:
    # A generated 12x12 with half its numbers cleared: each single number leaves more than
    # LIMIT solutions, so none is the fewest; one that rules some out is suggested (it had
    # said that nothing helps, a dead end for the author).
    made = generate(12, 12, seed=5).puzzle
    cleared = [i for i, room in enumerate(made.rooms) if room.clue is not None][:6]
    draft = made.with_clues([None if i in cleared else r.clue for i, r in enumerate(made.rooms)])
    suggestion = suggest(draft)
    change = suggestion.change
    assert change is not None and change.more and change.solutions == LIMIT
    assert draft.rooms[change.room].clue is None
    narrowed = applied(draft, change)
    assert not count_solutions(narrowed, LIMIT).exact  # more than LIMIT are left
    ruled_out = [
        grid
        for grid in solve(draft, max_solutions=64).solutions
        if black_in(grid, draft, change.room) != change.clue
    ]
    assert ruled_out and verify(draft, ruled_out[0]) == []  # and fewer than before
    said = f"to {change.clue} leaves more than {LIMIT} solutions, yet fewer than before"
    assert said in suggestion_words(draft, suggestion)
    path = tmp_path / "draft.txt"
    path.write_text(text.write(draft))
    result = run("suggest", path, "--json")  # the command's words are the ones above
    assert result.exit_code == 1
    record = json.loads(result.output)["suggestion"]
    assert (record["clue"], record["solutions"], record["more"]) == (change.clue, LIMIT, True)


def test_command_exits_1_when_nothing_makes_the_answer_unique(tmp_path: Path) -> None:
    path = tmp_path / "draft.txt"
    path.write_text("heyawake 3x2\naab\nccb\n")
    result = run("suggest", path)
    assert result.exit_code == 1
    assert result.output.endswith(
        f"; nor do up to {MOST_NUMBERS} numbers chosen one by one, nor a room cut in two\n"
    )
    path.write_text(UNSOLVABLE)
    assert not brute_force(read_puzzle(str(path)))
    result = run("suggest", path)
    assert result.exit_code == 1
    assert result.output == f"error: {path}: no solution: this clue cannot hold: 2 in room a\n"
    assert json.loads(run("suggest", path, "--json").output)["status"] == "none"
