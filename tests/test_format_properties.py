"""Property tests: every reader round-trips random puzzles and turns junk into one-line errors.

Each runs a few examples in the default run and many with ``-m slow`` (the
hypothesis profiles in conftest.py): the junk tests 10^4 per reader.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from helpers import IRREGULAR_PUZZLES, REPO, THOROUGH_EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from heyawake_asp import HeyawakeError, Puzzle, PuzzleFormatError, PuzzleWarning, Room
from heyawake_asp.formats import (
    FORMATS,
    json_format,
    kth,
    pzprv3,
    read_puzzle,
    text,
    url,
    write_puzzle,
)
from heyawake_asp.formats.regions import regions
from heyawake_asp.grid import read_grid

READERS: dict[str, Callable[[str, str], Puzzle]] = {
    "url": url.read,
    "text": text.read,
    "json": json_format.read,
    "pzprv3": pzprv3.read,
    "kth": kth.read,
}
THOROUGH = settings().max_examples == THOROUGH_EXAMPLES
"""Whether the thorough profile is loaded (a run of ``-m slow``; conftest.py)."""
HOSTILE = settings(
    deadline=timedelta(seconds=5),  # far above any linear reading of these inputs: a hang guard
    # Each run draws afresh (CI keeps no example database), so its runs add up; 1,000 per
    # reader keep the slow run within CI's budget (10^4 took 50 s a reader).
    max_examples=1_000 if THOROUGH else 50,
)


def same(a: Puzzle, b: Puzzle) -> bool:
    """Equal up to the order of the rooms."""
    return (a.width, a.height, set(a.rooms)) == (b.width, b.height, set(b.rooms))


def clued_room(cells: list[tuple[int, int]]) -> st.SearchStrategy[Room]:
    """A room of these cells with no clue, a clue that fits or a hidden clue (``?``)."""
    shape = frozenset(cells)
    return st.builds(Room, st.just(shape), st.none() | st.integers(0, len(cells))) | st.just(
        Room(shape, hidden_clue=True)
    )


@st.composite
def clued(draw: st.DrawFn, width: int, height: int, rooms: list[list[tuple[int, int]]]) -> Puzzle:
    """A puzzle of these rooms, each with no clue, a clue that fits or a hidden clue."""
    return Puzzle(width, height, tuple(draw(clued_room(cells)) for cells in rooms))


@st.composite
def any_puzzle(draw: st.DrawFn) -> Puzzle:
    """A small puzzle with rooms of any shape: regions of equal random labels."""
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    labels = draw(st.lists(st.integers(0, 3), min_size=width * height, max_size=width * height))
    rooms = regions(
        width, height, lambda a, b: labels[a[1] * width + a[0]] == labels[b[1] * width + b[0]]
    )
    return draw(clued(width, height, rooms))


@st.composite
def rectangular_puzzle(draw: st.DrawFn) -> Puzzle:
    """A small puzzle of rectangles, made by random guillotine cuts."""
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    rooms: list[list[tuple[int, int]]] = []
    pending = [(0, 0, width - 1, height - 1)]
    while pending:
        x1, y1, x2, y2 = pending.pop()
        cut = draw(st.sampled_from(["none", "x", "y"]))
        if cut == "x" and x2 > x1:
            at = draw(st.integers(x1, x2 - 1))
            pending += [(x1, y1, at, y2), (at + 1, y1, x2, y2)]
        elif cut == "y" and y2 > y1:
            at = draw(st.integers(y1, y2 - 1))
            pending += [(x1, y1, x2, at), (x1, at + 1, x2, y2)]
        else:
            rooms.append(sorted(Room.rectangle(x1, y1, x2, y2).cells))
    return draw(clued(width, height, rooms))


def read_quietly(fmt: str, content: str) -> Puzzle:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PuzzleWarning)
        return READERS[fmt](content, "p")


@given(any_puzzle(), st.sampled_from(["url", "text", "json", "pzprv3"]))
def test_any_room_shapes_round_trip(puzzle: Puzzle, fmt: str) -> None:
    assert same(read_quietly(fmt, write_puzzle(puzzle, fmt)), puzzle)


@given(any_puzzle())
def test_url_written_again_is_the_same(puzzle: Puzzle) -> None:
    link = url.write(puzzle)
    assert url.write(url.read(link, "u")) == link


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
@given(rectangular_puzzle(), st.permutations(list(FORMATS)))
def test_through_every_format_and_back(puzzle: Puzzle, order: list[str]) -> None:
    current = puzzle
    for fmt in [*order, "kth"]:
        current = read_quietly(fmt, write_puzzle(current, fmt))
    # KTH writes a hidden clue as no number.
    assert same(current, puzzle.with_clues([room.clue for room in puzzle.rooms]))


@given(st.text(max_size=120))
def test_sniffed_stdin_gives_a_puzzle_or_one_line_error(content: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(content))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PuzzleWarning)
                read_puzzle("-")
        except PuzzleFormatError as error:
            assert str(error).startswith("-") and "\n" not in str(error)


SPACES = [" ", "\t", "\n", "\r\n"]
ZEROS = ["0" * 4400]
"""More digits than Python converts to an int at once."""
TOKENS = {
    "kth": "width( height( room( ) . , - -1 0 1 2 3 7 99999999999 % x _ ( é".split()
    + SPACES
    + ZEROS,
    "url": "https://puzz.link/p? http://pzv.jp/p.html? heyawake/ / ? 0 1 2 3 7 9 a f g h v w z "
    ". - + 99999999999".split()
    + SPACES
    + ZEROS,
    "text": "heyawake x 0 1 2 3 99999999999 a b c A é = ? #".split() + SPACES + ZEROS,
    "pzprv3": "pzprv3 pzprv3.1 heyawake ayeheya 0 1 2 3 7 99999999999 . - + # x info: é".split()
    + SPACES
    + ZEROS,
    "json": '{ } [ ] "width" "height" "rooms" "cells" "clue" "solution" : , 0 1 2 -1 1e400 1.5 '
    'null true "?" "#." "x" "'.split()
    + SPACES
    + ZEROS,
    "solution": "# . x X 1 0 é ?".split() + SPACES,
}
"""Fragments of each format's syntax, joined at random into hostile input."""
JUNK_READERS: dict[str, Callable[[str, str], Any]] = {**READERS, "solution": read_grid}


@st.composite
def hostile(draw: st.DrawFn, fmt: str) -> str:
    """Input for reader ``fmt``: syntax fragments, a damaged valid puzzle or any text."""
    fragments = st.lists(st.sampled_from(TOKENS[fmt]), max_size=60).map("".join)
    return draw(fragments | damaged(fmt) | st.text(max_size=200))


IRREGULAR = ("url", "text", "json", "pzprv3")
"""The formats that hold rooms of any shape."""


def written_samples() -> dict[str, list[str]]:
    """Valid puzzles to damage: the easy instances and the irregular ones, in every format."""
    puzzles = [read_puzzle(path) for path in sorted((REPO / "instances" / "easy").glob("*.lp"))]
    irregular = [text.read(content, "p") for content, _ in IRREGULAR_PUZZLES.values()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PuzzleWarning)  # KTH writes '?' as no number
        samples = {fmt: [write_puzzle(p, fmt) for p in puzzles + irregular] for fmt in IRREGULAR}
        samples["kth"] = [write_puzzle(p, "kth") for p in puzzles]
    samples["solution"] = ["#.#...\n...#..\n.#...#\n", "x . x\n1 0 1\n\n.#.\n"]
    return samples


SAMPLES = written_samples()


@st.composite
def damaged(draw: st.DrawFn, fmt: str) -> str:
    """A valid puzzle (or solution) written in ``fmt`` with a few characters changed."""
    content = draw(st.sampled_from(SAMPLES[fmt]))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(content)))
        char = draw(st.sampled_from(TOKENS[fmt]) | st.characters())
        content = content[:at] + char + content[at + draw(st.integers(0, 1)) :]
    return content


def assert_reads_or_rejects_in_one_line(fmt: str, content: str) -> None:
    """The reader returns, or raises a one-line located error of the package; nothing else."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PuzzleWarning)
            JUNK_READERS[fmt](content, "p")
    except HeyawakeError as error:
        message = str(error)
        assert message.startswith("p:") and "\n" not in message, message


@pytest.mark.parametrize("fmt", list(JUNK_READERS))
@HOSTILE
@given(data=st.data())
def test_hostile_input_gives_a_result_or_one_line_error(fmt: str, data: st.DataObject) -> None:
    assert_reads_or_rejects_in_one_line(fmt, data.draw(hostile(fmt)))
