"""Every named encoding set finds exactly the brute-force solutions on small grids.

Degenerate grids (one cell high or wide) are included: there a black cell
that is not at an end of the strip cuts the whites in two. Experimental sets
(``encodings/experimental/``) are tested as the others are.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import IRREGULAR_PUZZLES as PUZZLES
from helpers import slow_unless

from heyawake_asp import DEFAULT_ENCODING, Puzzle, Room, list_encodings, resolve_encoding, solve
from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.cli import main
from heyawake_asp.formats import text
from heyawake_asp.oracles.brute import brute_force

EXPERIMENTAL = {"tree", "forest", "reach_redundant", "reach_rooms3", "grow_search"}
MAIN = {"grow", "reach", "reach_segments", "reach_crossed", "thesis"}
HEADER_COMMENT_LINES = 15

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


def test_named_sets_main_and_experimental() -> None:
    sets = {encoding.name: encoding for encoding in list_encodings()}
    assert set(sets) == MAIN | EXPERIMENTAL
    assert {name for name, encoding in sets.items() if encoding.experimental} == EXPERIMENTAL
    for name, encoding in sets.items():
        resolved = resolve_encoding(name)
        assert resolved == encoding
        folder = encodings_dir() / ("experimental" if name in EXPERIMENTAL else "")
        assert resolved.files == (folder / f"{name}.lp",)
        assert resolved.files[0].read_text().startswith(f"% {name}: {resolved.description}\n")
        assert resolved.parts
        assert all(part.is_file() for part in resolved.parts), name
    assert not resolve_encoding(encodings_dir() / "grow.lp").experimental


def test_encodings_command_marks_experimental_sets() -> None:
    result = CliRunner().invoke(main, ["encodings"], catch_exceptions=False)
    assert result.exit_code == 0
    names = [line.split(":")[0] for line in result.stdout.splitlines() if line[:1] != " "]
    assert names[0] == "grow (default)"
    assert {name for name in names if name.endswith(" (experimental)")} == {
        f"{name} (experimental)" for name in EXPERIMENTAL
    }
    assert "    rules/connectivity_tree.lp" in result.stdout.splitlines()


def test_experimental_set_solves_by_name(tmp_path: Path) -> None:
    strip = tmp_path / "strip.lp"
    strip.write_text("width(3). height(1). room(1,0,0,2,0,2).\n")
    args = ["solve", str(strip), "--encoding", "tree"]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0 and result.stdout.splitlines()[-1].startswith("solved, unique")


@pytest.mark.parametrize(
    "encoding",
    slow_unless(
        lambda name: name in (DEFAULT_ENCODING, "thesis"),
        [pytest.param(e.name, id=e.name) for e in list_encodings()],
    ),
)
def test_set_loads_what_it_reads_itself(encoding: str) -> None:
    # The facts contract: width/1, height/1, room/1, clue/2, rect/5 and in/3
    # for the cells of other rooms only; a set that reads in/3 for every
    # room includes input/rooms.lp itself (the solver loads nothing else).
    rooms = (Room.rectangle(0, 0, 1, 1, 1), Room.rectangle(2, 0, 2, 2), Room.rectangle(0, 2, 1, 2))
    puzzles = [Puzzle(3, 3, rooms)]
    if not resolve_encoding(encoding).requires_rectangles:
        puzzles += [text.read(source, name) for name, (source, _) in PUZZLES.items()]
    for puzzle in puzzles:
        found = solve(puzzle, encoding, max_solutions=0).solutions
        assert set(found) == brute_force(puzzle), puzzle


def _included(path: Path) -> Iterator[Path]:
    """Every file ``path`` includes, at any depth."""
    for name in re.findall(r'^#include "([^"]+)"\.', path.read_text(), re.MULTILINE):
        included = (path.parent / name).resolve()
        yield included
        yield from _included(included)


def test_grow_does_not_load_the_rooms_rule() -> None:
    # grow reads in/3 only in its programs for irregular rooms, where the facts give it.
    rooms = (encodings_dir() / "input" / "rooms.lp").resolve()
    assert rooms not in set(_included(encodings_dir() / "grow.lp"))
    assert rooms in set(_included(encodings_dir() / "reach.lp"))


@pytest.mark.parametrize(
    "path", sorted(encodings_dir().rglob("*.lp")), ids=lambda p: str(p.relative_to(encodings_dir()))
)
def test_lp_file_header_is_short(path: Path) -> None:
    # No history or measurements in .lp files: they belong in docs/encodings.md.
    lines = path.read_text().splitlines()
    header = list(itertools.takewhile(lambda line: line.startswith("%") or not line, lines))
    assert 0 < len(header) <= HEADER_COMMENT_LINES
    assert "Consumes:" in "\n".join(header)
