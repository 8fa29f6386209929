"""Property tests: every reader round-trips random puzzles and turns junk into one-line errors."""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heyawake_asp import Puzzle, PuzzleFormatError, PuzzleWarning, Room
from heyawake_asp.formats import FORMATS, json_format, kth, read_puzzle, text, url, write_puzzle
from heyawake_asp.formats.regions import regions

READERS: dict[str, Callable[[str, str], Puzzle]] = {
    "url": url.read,
    "text": text.read,
    "json": json_format.read,
    "kth": kth.read,
}
pytestmark = pytest.mark.slow
FAST = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])


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


@FAST
@given(any_puzzle(), st.sampled_from(["url", "text", "json"]))
def test_any_room_shapes_round_trip(puzzle: Puzzle, fmt: str) -> None:
    assert same(read_quietly(fmt, write_puzzle(puzzle, fmt)), puzzle)


@FAST
@given(any_puzzle())
def test_url_written_again_is_the_same(puzzle: Puzzle) -> None:
    link = url.write(puzzle)
    assert url.write(url.read(link, "u")) == link


@pytest.mark.filterwarnings("ignore", category=PuzzleWarning)
@FAST
@given(rectangular_puzzle(), st.permutations(list(FORMATS)))
def test_through_every_format_and_back(puzzle: Puzzle, order: list[str]) -> None:
    current = puzzle
    for fmt in [*order, "kth"]:
        current = read_quietly(fmt, write_puzzle(current, fmt))
    # KTH writes a hidden clue as no number.
    assert same(current, puzzle.with_clues([room.clue for room in puzzle.rooms]))


def assert_read_or_one_line_error(fmt: str, content: str) -> None:
    """The reader returns a puzzle or raises a one-line located error, nothing else."""
    try:
        read_quietly(fmt, content)
    except PuzzleFormatError as error:
        message = str(error)
        assert message.startswith("p:") and "\n" not in message, message


@FAST
@given(st.sampled_from(list(READERS)), st.text(max_size=200))
def test_random_text_gives_a_puzzle_or_one_line_error(fmt: str, content: str) -> None:
    assert_read_or_one_line_error(fmt, content)


# Characters that matter to some format, so that mutations hit its syntax.
SYNTAX = '0123456789abcdefghijklmnopqrstuvwxyz.-+=/?#%:,()[]{}" \nheyawakeroomwidth'


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A format and a valid written puzzle with a few characters changed."""
    fmt = draw(st.sampled_from(list(READERS)))
    puzzle = draw(rectangular_puzzle() if fmt == "kth" else any_puzzle())
    content = write_puzzle(puzzle, fmt)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(content)))
        char = draw(st.sampled_from(SYNTAX) | st.characters())
        edit = draw(st.sampled_from(["insert", "replace", "delete"]))
        if edit == "insert":
            content = content[:at] + char + content[at:]
        elif edit == "replace":
            content = content[:at] + char + content[at + 1 :]
        else:
            content = content[:at] + content[at + 1 :]
    return fmt, content


@pytest.mark.filterwarnings("ignore", category=PuzzleWarning)
@FAST
@given(mutated())
def test_mutated_input_gives_a_puzzle_or_one_line_error(case: tuple[str, str]) -> None:
    assert_read_or_one_line_error(*case)


@FAST
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
