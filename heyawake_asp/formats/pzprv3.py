r"""puzz.link's file format (pzprv3): what File, Save writes there, with the player's shading.

::

    pzprv3          # the format, or pzprv3.N
    heyawake        # the puzzle type: heyawake, or a variant (ayeheya)
    2               # rows
    3               # columns
    2               # how many room numbers the next lines use
    0 0 1           # each cell's room number, a line per row
    0 0 1
    2 . .           # each cell's clue: a number, - for a hidden one (?), . none
    . . 1
    # + .           # the player's marks: # black, + a dot (white), . none
    . # .

A room is a connected group of cells with the same number (one number
used in two places makes two rooms), its clue in any of its cells. The
marks may be missing; what follows them (puzz.link's ``info:`` or
``history:`` records) is ignored. `write` puts a clue in its room's first
cell in reading order.

>>> text = "pzprv3\nheyawake\n1\n3\n2\n0 0 1 \n2 . . \n# + . \n"
>>> puzzle = read(text, "p.txt")
>>> [(sorted(room.cells), room.clue) for room in puzzle.rooms]
[([(0, 0), (1, 0)], 2), ([(2, 0)], None)]
>>> read_marks(text, "p.txt")
['#.?']
>>> write(puzzle, ["#.?"]) == text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from heyawake_asp.errors import InvalidPuzzleError, PuzzleFormatError
from heyawake_asp.formats.regions import regions
from heyawake_asp.formats.source import grid_size
from heyawake_asp.puzzle import Cell, Puzzle, Room
from heyawake_asp.variants import VARIANTS, variant_names

__all__ = ["read", "write"]

MAGIC = "pzprv3"
"""The first line of a pzprv3 file (``pzprv3.1`` and on are read too)."""
_FAMILY = {"heyawacky", "sumiwake", "heyabon"}
_MARKS = {"#": "#", "+": ".", ".": "?"}
_MARK_OF = {"#": "#", ".": "+", "?": "."}


@dataclass(frozen=True)
class _Token:
    """A space-separated item of a line, with its line and column (from 1)."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class _File:
    """A pzprv3 file's parts as read: its type, size, rooms, clue tokens and marks (None: none)."""

    variant: str
    width: int
    height: int
    rooms: list[list[Cell]]
    clues: list[list[_Token]]
    marks: list[str] | None


def read(text: str, source: str) -> Puzzle:
    """The puzzle of the pzprv3 ``text``, naming ``source`` in errors.

    Raises
    ------
    PuzzleFormatError
        ``source:line:column: what``, for a file that is not a Heyawake
        pzprv3 file or does not hold a valid puzzle.
    """
    parts = _parse(text, source)
    try:
        return Puzzle(parts.width, parts.height, _rooms(parts, source), variant=parts.variant)
    except InvalidPuzzleError as error:  # a variant's rule for rooms (ayeheya: symmetric)
        raise PuzzleFormatError(source, str(error), 2, 1) from None


def read_marks(text: str, source: str) -> list[str] | None:
    """The player's marks in the pzprv3 ``text``: rows of ``#``, ``.``, ``?``; None when none.

    Raises
    ------
    PuzzleFormatError
        As `read`.
    """
    return _parse(text, source).marks


def write(puzzle: Puzzle, marks: Sequence[str] | None = None) -> str:
    """``puzzle`` as a pzprv3 file, with the player's ``marks`` (rows of ``#``, ``.``, ``?``)."""
    room_of = {cell: index for index, room in enumerate(puzzle.rooms) for cell in room.cells}
    clue_at = {
        room.first_cell: "-" if room.hidden_clue else str(room.clue)
        for room in puzzle.rooms
        if room.clue is not None or room.hidden_clue
    }
    marks = marks or ["?" * puzzle.width] * puzzle.height
    lines = [MAGIC, puzzle.variant, str(puzzle.height), str(puzzle.width), str(len(puzzle.rooms))]
    xs = range(puzzle.width)
    for y in range(puzzle.height):
        lines.append("".join(f"{room_of[(x, y)]} " for x in xs))
    for y in range(puzzle.height):
        lines.append("".join(f"{clue_at.get((x, y), '.')} " for x in xs))
    for row in marks:
        lines.append("".join(f"{_MARK_OF[char]} " for char in row))
    return "\n".join(lines) + "\n"


def _parse(text: str, source: str) -> _File:
    """The parts of a pzprv3 file (see the module's docstring)."""
    lines = text.replace("\r\n", "\n").split("\n")

    def line(number: int, what: str) -> str:
        if number > len(lines) or not lines[number - 1].strip():
            raise PuzzleFormatError(source, f"expected {what}", number, 1)
        return lines[number - 1].strip()

    magic = line(1, MAGIC)
    if magic != MAGIC and not magic.startswith(MAGIC + "."):
        raise PuzzleFormatError(source, f"expected {MAGIC!r}, got {magic[:20]!r}", 1, 1)
    kind = line(2, "the puzzle type")
    if kind not in VARIANTS:
        family = " (of the Heyawake family, not played here yet)" if kind in _FAMILY else ""
        read = variant_names()
        raise PuzzleFormatError(
            source, f"a {kind[:20]!r} puzzle{family}: only {read} are read", 2, 1
        )
    rows, columns = line(3, "the number of rows"), line(4, "the number of columns")
    for place, size in ((3, rows), (4, columns)):
        if not size.isascii() or not size.isdigit():
            raise PuzzleFormatError(source, f"expected a number, got {size[:20]!r}", place, 1)
    width, height = grid_size(columns, rows, source, 3)
    count = _number(line(5, "the number of rooms"))
    if count is None:
        raise PuzzleFormatError(
            source, f"expected the number of rooms, got {line(5, '')[:20]!r}", 5, 1
        )
    ids = _block(lines, 6, height, width, source, "room numbers")
    for token in (token for row in ids for token in row):
        room = _number(token.text)
        if room is None or room >= count:
            raise PuzzleFormatError(
                source,
                f"expected a room number below {count}, got {token.text[:20]!r}",
                token.line,
                token.column,
            )
    clues = _block(lines, 6 + height, height, width, source, "clues")
    marks_start = 6 + 2 * height
    marks = None
    if (
        marks_start <= len(lines)
        and lines[marks_start - 1].strip()
        and not _record(lines[marks_start - 1])
    ):
        tokens = _block(lines, marks_start, height, width, source, "marks")
        marks = ["".join(_mark(token, source) for token in row) for row in tokens]
    rooms = regions(width, height, lambda a, b: ids[a[1]][a[0]].text == ids[b[1]][b[0]].text)
    return _File(kind, width, height, rooms, clues, marks)


def _number(text: str) -> int | None:
    """``text`` as a count of at most nine digits (leading zeros aside), else None."""
    significant = text.lstrip("0")
    if not text.isascii() or not text.isdigit() or len(significant) > 9:
        return None
    return int(significant or "0")


def _record(line: str) -> bool:
    """Whether ``line`` starts puzz.link's ``info:`` or ``history:`` record."""
    return line.lstrip().startswith(("info:", "history:", "TrialData"))


def _block(
    lines: list[str], first: int, height: int, width: int, source: str, what: str
) -> list[list[_Token]]:
    """``height`` lines from line ``first`` of ``width`` tokens each (the ``what`` of a cell)."""
    block = []
    for number in range(first, first + height):
        if number > len(lines):
            raise PuzzleFormatError(source, f"expected a line of {what}", number, 1)
        tokens = _tokens(lines[number - 1], number)
        if len(tokens) != width:
            raise PuzzleFormatError(
                source, f"expected {width} {what}, got {len(tokens)}", number, 1
            )
        block.append(tokens)
    return block


def _tokens(line: str, number: int) -> list[_Token]:
    """The space-separated items of ``line`` (line ``number``) with their columns."""
    found, column = [], 0
    for text in line.split(" "):
        if text.strip():
            found.append(_Token(text.strip(), number, column + 1))
        column += len(text) + 1
    return found


def _mark(token: _Token, source: str) -> str:
    """A mark token as a grid character."""
    if token.text not in _MARKS:
        raise PuzzleFormatError(
            source,
            f"expected a mark (# black, + a dot, . none), got {token.text[:20]!r}",
            token.line,
            token.column,
        )
    return _MARKS[token.text]


def _rooms(parts: _File, source: str) -> tuple[Room, ...]:
    """The rooms with the clues found in their cells."""
    rooms = []
    for cells in parts.rooms:
        given = [parts.clues[y][x] for x, y in cells if parts.clues[y][x].text != "."]
        if len(given) > 1:
            second = given[1]
            raise PuzzleFormatError(source, "a second clue in one room", second.line, second.column)
        if not given:
            rooms.append(Room(frozenset(cells)))
            continue
        clue = given[0]
        if clue.text == "-":
            rooms.append(Room(frozenset(cells), hidden_clue=True))
            continue
        number = _number(clue.text)
        if number is None:
            raise PuzzleFormatError(
                source,
                f"expected a clue (a number, - hidden, . none), got {clue.text[:20]!r}",
                clue.line,
                clue.column,
            )
        if number > len(cells):
            raise PuzzleFormatError(
                source,
                f"a room of {len(cells)} cells cannot hold the clue {number}",
                clue.line,
                clue.column,
            )
        rooms.append(Room(frozenset(cells), number))
    return tuple(rooms)
