"""Every named encoding set finds exactly the brute-force solutions on small grids.

Degenerate grids (one cell high or wide) are included: there a black cell
that is not at an end of the strip cuts the whites in two.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_irregular import brute_force

from heyawake_asp import Puzzle, Room, list_encodings, solve
from heyawake_asp.cli import main

SIZES = [(1, 1), (5, 1), (1, 5), (2, 2), (3, 2), (2, 3), (3, 3), (4, 3)]


def layouts(width: int, height: int) -> Iterator[tuple[Room, ...]]:
    """One room; one per column; one per row; bricks two wide, and two high (no numbers).

    Bricks give rule 5 middle segments longer than one cell, across and down.
    """
    yield (Room.rectangle(0, 0, width - 1, height - 1),)
    yield tuple(Room.rectangle(x, 0, x, height - 1) for x in range(width))
    yield tuple(Room.rectangle(0, y, width - 1, y) for y in range(height))
    yield tuple(
        Room.rectangle(max(x, 0), y, min(x + 1, width - 1), y)
        for y in range(height)
        for x in range(-(y % 2), width, 2)
    )
    yield tuple(
        Room.rectangle(x, max(y, 0), x, min(y + 1, height - 1))
        for x in range(width)
        for y in range(-(x % 2), height, 2)
    )


def cases() -> list[object]:
    """(encoding, size) pairs; the thesis port only where both sides are 2 or more.

    The faithful thesis port wrongly rejects a shading with a single white
    cell (its connected/4 needs a white neighbour), which only 1xN grids have.
    """
    return [
        pytest.param(encoding.name, size, id=f"{encoding.name}-{size[0]}x{size[1]}")
        for encoding in list_encodings()
        for size in SIZES
        if encoding.name != "thesis" or min(size) >= 2
    ]


@pytest.mark.parametrize(("encoding", "size"), cases())
def test_encoding_matches_brute_force(encoding: str, size: tuple[int, int]) -> None:
    for rooms in layouts(*size):
        puzzle = Puzzle(*size, rooms)
        expected = brute_force(puzzle)
        result = solve(puzzle, encoding, max_solutions=0)
        assert result.status == ("solved" if expected else "unsatisfiable")
        assert len(result.solutions) == len(set(result.solutions))
        assert set(result.solutions) == expected, (encoding, size, rooms)


@pytest.mark.parametrize("encoding", [e.name for e in list_encodings() if e.name != "thesis"])
def test_authoring_commands_take_an_encoding(encoding: str, tmp_path: Path) -> None:
    strip = tmp_path / "strip.lp"
    strip.write_text("width(5). height(1). room(1,0,0,4,0,-1).\n")  # 4 solutions
    counted = CliRunner().invoke(main, ["count", str(strip), "--encoding", encoding])
    assert counted.exit_code == 0 and counted.output == "4 solutions\n"
    analyzed = CliRunner().invoke(main, ["analyze", str(strip), "--encoding", encoding])
    assert analyzed.exit_code == 0 and "2 cells vary between solutions" in analyzed.output


def test_unknown_encoding_is_a_usage_error_everywhere(tmp_path: Path) -> None:
    strip = tmp_path / "strip.lp"
    strip.write_text("width(5). height(1). room(1,0,0,4,0,-1).\n")
    for command in ("solve", "count", "analyze", "explain"):
        result = CliRunner().invoke(main, [command, str(strip), "--encoding", "nope"])
        assert result.exit_code == 2 and "no encoding set 'nope'" in result.stderr
