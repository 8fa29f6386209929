r"""A plain-text format made for typing puzzles by hand.

::

    heyawake 4x3        # the header: the variant (heyawake, ayeheya), WIDTHxHEIGHT
    title: Three rooms  # optional credits, each to the end of its line
    author: A. Setter
    aabb                # one line per row, one letter or digit per cell:
    acdb                # equal characters form one room
    cccb
    a=2 c=1 d=?         # the clues, as ROOM=NUMBER, on any number of lines

``ROOM=?`` marks a number that is not given (``Room.hidden_clue``).
A ``title:`` or ``author:`` line (at most one of each, anywhere after the
header) holds the rest of its line, ``#`` included: ``Puzzle.title`` and ``Puzzle.author``.
Elsewhere ``#`` starts a comment; blank lines are skipped; letters are case-sensitive.
A room may have any shape but must be connected; messages name it by its
character (``Room.name``). The writer names rooms in
row-major order of their first cell: ``a-z``, ``A-Z``, ``0-9``, then
Latin, Greek and Cyrillic letters from U+00C0 on (969 names in all).

>>> puzzle = read("heyawake 3x1\naab\na=1\n", "p.txt")
>>> [(sorted(room.cells), room.clue) for room in puzzle.rooms]
[([(0, 0), (1, 0)], 1), ([(2, 0)], None)]
>>> print(write(puzzle), end="")
heyawake 3x1
aab
a=1
"""

from __future__ import annotations

import re
import string
import textwrap
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from heyawake_asp.errors import InvalidPuzzleError, PuzzleFormatError
from heyawake_asp.formats.regions import regions
from heyawake_asp.formats.source import grid_size
from heyawake_asp.grid import text_lines
from heyawake_asp.puzzle import CREDITS, UNKNOWN_CLUE, Cell, Puzzle, Room, credit_problem
from heyawake_asp.variants import VARIANTS

__all__ = ["read", "write"]

HEADER = re.compile("(" + "|".join(VARIANTS) + r")\s+(\d+)\s*x\s*(\d+)")
"""The header line (after comments are removed and the line is stripped)."""

NAMES = string.ascii_lowercase + string.ascii_uppercase + string.digits
NAMES += "".join(
    chr(code) for code in range(0xC0, 0x530) if unicodedata.category(chr(code)) in ("Lu", "Ll")
)
"""The room names the writer uses, in order."""

_CLUE = re.compile(r"(\w)=(\d{1,9}|\?)")
_CREDIT = re.compile(r"\s*(title|author)\s*:(.*)")
_Clue = tuple[int | None, int, int]
"""A clue as read: the number (``None`` for ``?``), its line and column."""


@dataclass(frozen=True)
class _Line:
    """A line with content: its number, text without comment, and indent."""

    number: int
    text: str
    indent: int


def read(text: str, source: str) -> Puzzle:
    """Parse the text format into a :class:`Puzzle`.

    Raises
    ------
    PuzzleFormatError
        Naming line and column, on a bad header, a row of the wrong length,
        a character that is not a letter or digit, a room in two pieces, a
        clue for no room or twice for one, and a clue that does not fit.
    """
    credits: dict[str, _Line] = {}
    lines = list(_content_lines(text, credits, source))
    if not lines:
        raise PuzzleFormatError(source, "empty puzzle: expected the header 'heyawake WxH'")
    variant, width, height = _header(lines[0], source)
    early = next((line for line in credits.values() if line.number < lines[0].number), None)
    if early is not None:
        raise PuzzleFormatError(
            source, "a title or author goes after the header 'heyawake WxH'", early.number, 1
        )
    rows = _rows(lines[1 : height + 1], width, height, source)
    names = [[row.text[x] for x in range(width)] for row in rows]
    cells = regions(width, height, lambda a, b: names[a[1]][a[0]] == names[b[1]][b[0]])
    room_of = _room_names(cells, names, rows, source)
    clues = _clues(lines[height + 1 :], room_of, source)
    puzzle = _puzzle(width, height, cells, names, clues, source)
    try:
        return Puzzle(width, height, puzzle.rooms, *_credits(credits, source), variant)
    except InvalidPuzzleError as error:  # a variant's rule for rooms (ayeheya: symmetric)
        line = rows[puzzle.rooms[error.room].first_cell[1]] if error.room is not None else lines[0]
        raise PuzzleFormatError(source, str(error), line.number, line.indent + 1) from None


def write(puzzle: Puzzle) -> str:
    """The puzzle in the text format, rooms named in row-major order.

    Raises
    ------
    InvalidPuzzleError
        When the puzzle has more rooms than there are names.
    """
    if len(puzzle.rooms) > len(NAMES):
        raise InvalidPuzzleError(
            f"the text format names at most {len(NAMES)} rooms, this puzzle has {len(puzzle.rooms)}"
        )
    order = sorted(range(len(puzzle.rooms)), key=lambda i: puzzle.rooms[i].first_cell[::-1])
    name = {index: NAMES[rank] for rank, index in enumerate(order)}
    lines = [f"{puzzle.variant} {puzzle.width}x{puzzle.height}"]
    lines.extend(f"{kind}: {text}" for kind, text in puzzle.credits.items())
    for y in range(puzzle.height):
        lines.append("".join(name[puzzle.room_index((x, y))] for x in range(puzzle.width)))
    texts = [(name[i], puzzle.rooms[i].clue_text) for i in order]
    clues = [f"{room}={text}" for room, text in texts if text is not None]
    lines.extend(textwrap.wrap(" ".join(clues), 79))
    return "\n".join(lines) + "\n"


def _content_lines(text: str, credits: dict[str, _Line], source: str) -> Iterator[_Line]:
    """The lines that hold more than a comment, stripped of comments; credits go to ``credits``."""
    for number, raw in enumerate(text_lines(text), 1):
        credit = _CREDIT.fullmatch(raw)
        if credit is not None:
            kind = credit.group(1)
            if kind in credits:
                raise PuzzleFormatError(
                    source,
                    f"a second {kind} (the first is on line {credits[kind].number})",
                    number,
                    1,
                )
            credits[kind] = _Line(number, credit.group(2).strip(), credit.start(2) + 1)
            continue
        content = raw.split("#", 1)[0].rstrip()
        if content.strip():
            yield _Line(number, content.strip(), len(content) - len(content.lstrip()))


def _header(line: _Line, source: str) -> tuple[str, int, int]:
    """The variant and grid size the header line names."""
    match = HEADER.fullmatch(line.text)
    if match is None:
        raise PuzzleFormatError(
            source,
            f"expected the header 'heyawake WxH', got {line.text[:30]!r}",
            line.number,
            line.indent + 1,
        )
    width, height = grid_size(match.group(2), match.group(3), source, line.number, line.indent + 1)
    return match.group(1), width, height


def _rows(lines: list[_Line], width: int, height: int, source: str) -> list[_Line]:
    """The ``height`` row lines, checked for length and characters."""
    for index, line in enumerate(lines):
        if "=" in line.text:
            raise PuzzleFormatError(
                source, f"expected {height} rows, found {index}", line.number, line.indent + 1
            )
        for offset, char in enumerate(line.text):
            if not char.isalnum():
                raise PuzzleFormatError(
                    source,
                    f"unexpected {char!r} in a row: rooms are named by letters and digits",
                    line.number,
                    line.indent + offset + 1,
                )
        if len(line.text) != width:
            raise PuzzleFormatError(
                source,
                f"row has {len(line.text)} cells, expected {width}",
                line.number,
                line.indent + min(len(line.text), width) + 1,
            )
    if len(lines) < height:
        raise PuzzleFormatError(source, f"expected {height} rows, found {len(lines)}")
    return lines


def _room_names(
    cells: list[list[Cell]], names: list[list[str]], rows: list[_Line], source: str
) -> dict[str, int]:
    """Each room name's room index, rejecting a name used for two pieces."""
    room_of: dict[str, int] = {}
    for index, room in enumerate(cells):
        x, y = room[0]
        name = names[y][x]
        if name in room_of:
            first_x, first_y = cells[room_of[name]][0]
            raise PuzzleFormatError(
                source,
                f"room {name!r} is in two separate pieces "
                f"(the other starts on line {rows[first_y].number}, "
                f"column {rows[first_y].indent + first_x + 1})",
                rows[y].number,
                rows[y].indent + x + 1,
            )
        room_of[name] = index
    return room_of


def _clues(lines: list[_Line], room_of: dict[str, int], source: str) -> dict[int, _Clue]:
    """Each numbered room's clue, with the line and column it was given at."""
    clues: dict[int, _Clue] = {}
    for line in lines:
        for token in re.finditer(r"\S+", line.text):
            column = line.indent + token.start() + 1
            match = _CLUE.fullmatch(token.group())
            if match is None:
                raise PuzzleFormatError(
                    source, f"expected ROOM=NUMBER, got {token.group()[:20]!r}", line.number, column
                )
            name, value = match.group(1), match.group(2)
            if name not in room_of:
                raise PuzzleFormatError(source, f"no room named {name!r}", line.number, column)
            room = room_of[name]
            if room in clues:
                raise PuzzleFormatError(
                    source,
                    f"room {name!r} has a number twice (first on line {clues[room][1]})",
                    line.number,
                    column,
                )
            number = None if value == UNKNOWN_CLUE else int(value)
            clues[room] = (number, line.number, column)
    return clues


def _credits(credits: dict[str, _Line], source: str) -> tuple[str | None, str | None]:
    """The title and author as read, each checked where it stands."""
    for kind, line in credits.items():
        problem = credit_problem(line.text)
        if problem is not None:
            raise PuzzleFormatError(source, f"the {kind} {problem}", line.number, line.indent)
    title, author = (credits[kind].text if kind in credits else None for kind in CREDITS)
    return title, author


def _puzzle(
    width: int,
    height: int,
    cells: list[list[Cell]],
    names: list[list[str]],
    clues: dict[int, _Clue],
    source: str,
) -> Puzzle:
    """The puzzle, its rooms named by their letters, rejecting a clue larger than its room."""
    room_names = [names[room[0][1]][room[0][0]] for room in cells]
    for index, (number, line, column) in clues.items():
        if number is not None and number > len(cells[index]):
            raise PuzzleFormatError(
                source,
                f"room {room_names[index]!r} has clue {number} but only {len(cells[index])} cells",
                line,
                column,
            )
    rooms = tuple(
        Room(frozenset(room), clues[index][0], clues[index][0] is None, name)
        if index in clues
        else Room(frozenset(room), name=name)
        for index, (room, name) in enumerate(zip(cells, room_names, strict=True))
    )
    return Puzzle(width, height, rooms)
