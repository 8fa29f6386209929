"""Irregular rooms end to end: L-, U- and ring-shaped rooms, read, solved, checked and drawn.

Rule 5 counts a white line that leaves a room and re-enters it as passing
through three rooms. Every encoding set that accepts irregular rooms must find
exactly the shadings a brute-force search with the independent checker finds.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from helpers import IRREGULAR_PUZZLES as PUZZLES
from helpers import parse_text_grid, slow_unless

from heyawake_asp import DEFAULT_ENCODING, Puzzle, list_encodings, solve
from heyawake_asp.cli import main
from heyawake_asp.formats import text
from heyawake_asp.oracles.brute import brute_force

IRREGULAR_SETS = [e.name for e in list_encodings() if not e.requires_rectangles]


def without_clues(puzzle: Puzzle) -> Puzzle:
    return Puzzle(puzzle.width, puzzle.height, tuple(type(r)(r.cells) for r in puzzle.rooms))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_rooms_have_the_intended_shapes(name: str) -> None:
    puzzle = text.read(PUZZLES[name][0], name)
    assert not puzzle.is_rectangular
    assert puzzle.rooms[0].first_cell == (0, 0)


@pytest.mark.parametrize(
    ("name", "encoding"),
    slow_unless(  # by default every set on one puzzle, the default set on each
        lambda id: id.startswith("u-shape-") or id.endswith(f"-{DEFAULT_ENCODING}"),
        [pytest.param(n, e, id=f"{n}-{e}") for n in PUZZLES for e in IRREGULAR_SETS],
    ),
)
def test_every_encoding_finds_exactly_the_brute_force_solutions(name: str, encoding: str) -> None:
    puzzle = text.read(PUZZLES[name][0], name)
    for variant in (puzzle, without_clues(puzzle)):
        result = solve(variant, encoding, max_solutions=0)
        assert set(result.solutions) == brute_force(variant), (name, encoding)
        assert len(result.solutions) == len(set(result.solutions))
    assert solve(puzzle, encoding).solutions == (PUZZLES[name][1],)


def test_reentering_a_room_counts_as_a_third_room() -> None:
    # Every middle row and column runs ring, inner rooms, ring: left white it
    # would leave the ring and re-enter it, so each holds a black cell, while
    # the ring's own outer rows may stay white.
    solutions = brute_force(without_clues(text.read(PUZZLES["ring"][0], "ring")))
    for grid in solutions:
        assert all("#" in grid[y] for y in (1, 2, 3))
        assert all("#" in "".join(row[x] for row in grid) for x in (1, 2))
    assert any(grid[0] == "...." for grid in solutions)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_solve_command_draws_and_solves_irregular_rooms(name: str) -> None:
    source, solution = PUZZLES[name]
    result = CliRunner().invoke(main, ["solve", "-"], input=source, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("solved, unique, ")
    assert parse_text_grid(lines[:-1], text.read(source, name)) == solution


def test_thesis_encoding_refuses_irregular_rooms() -> None:
    source = PUZZLES["u-shape"][0]
    args = ["solve", "--encoding", "thesis", "-"]
    result = CliRunner().invoke(main, args, input=source, catch_exceptions=False)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: -: encoding 'thesis' handles rectangular rooms only, and room a is not a rectangle"
    )
