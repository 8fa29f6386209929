"""``generate --grade``: each puzzle graded again here, proved unique by the solver, checked."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from heyawake_asp.authoring.graded import Level, generate_graded
from heyawake_asp.cli import main
from heyawake_asp.errors import GenerationError, OutOfTime
from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.oracles.checker import verify
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.solver import solve
from heyawake_asp.steps import grade_puzzle


def run(*args: object) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def check(width: int, height: int, level: Level, seed: int) -> None:
    """The puzzle made grades as ``level``, has one solution, and the same seed makes it again."""
    made = generate_graded(width, height, level, seed)
    puzzle = made.generated.puzzle
    assert (puzzle.width, puzzle.height) == (width, height)
    assert grade_puzzle(puzzle).label == level
    result = solve(puzzle, max_solutions=2)
    assert result.unique is True and result.solutions == (made.generated.solution,)
    assert verify(puzzle, result.solutions[0]) == []
    assert generate_graded(width, height, level, seed) == made


@pytest.mark.parametrize(
    ("level", "seed"), [("easy", 0), ("easy", 1), pytest.param("medium", 0, marks=pytest.mark.slow)]
)
def test_a_small_puzzle_of_each_easy_grade(level: Level, seed: int) -> None:
    check(6, 6, level, seed)


@pytest.mark.slow  # easy at 6x6 above: an easy 10x10 takes some 25 s of attempts
# Seeds that find their grade soon: medium 3 in 2 attempts (seed 0: 5), hard 2 in one of 2 s (seed
# 0: 7 s), expert 1 in one.
@pytest.mark.parametrize(("level", "seed"), [("medium", 3), ("hard", 2), ("expert", 1)])
def test_a_10x10_puzzle_of_each_harder_grade(level: Level, seed: int) -> None:
    check(10, 10, level, seed)


@pytest.mark.slow
def test_a_grade_out_of_reach_is_an_error_after_the_attempts() -> None:
    with pytest.raises(GenerationError, match="no expert 6x6 puzzle found in 30 attempts"):
        generate_graded(6, 6, "expert", 0)


def test_generate_graded_stops_at_its_deadline() -> None:
    with pytest.raises(OutOfTime):
        generate_graded(10, 10, "hard", 0, timeout=Deadline(0.0))


def test_command_writes_the_graded_puzzle_with_how_it_was_made() -> None:
    result = run("generate", "--size", "6x6", "--seed", "1", "--grade", "easy", "--format", "text")
    assert result.exit_code == 0
    header = [line for line in result.stdout.splitlines() if line.startswith("#")]
    assert header[-1].startswith("# Graded easy (score ")
    assert header[-1].endswith("heyawake generate --size 6x6 --seed 1 --grade easy, attempt 1.")
    puzzle = read_puzzle_text(result.stdout, "stdout")
    assert puzzle == generate_graded(6, 6, "easy", 1).generated.puzzle
    assert grade_puzzle(puzzle).label == "easy"


def test_command_refuses_rooms_or_clues_with_grade() -> None:
    result = run("generate", "--size", "6x6", "--grade", "easy", "--clues", "dense")
    assert result.exit_code == 2
    assert result.output == (
        "error: --clues: not with --grade, which chooses rooms and clues itself\n"
    )
