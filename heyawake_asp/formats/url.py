"""puzz.link (pzprjs) URLs: ``https://puzz.link/p?heyawake/COLS/ROWS/BODY``.

Also read: ``http://pzv.jp/p.html?heyawake/...``, ``pzprxs.vercel.app/p?...``
and a bare ``heyawake/COLS/ROWS/BODY``. The type may be a variant's instead
(``ayeheya/...``: `heyawake_asp.variants`), with the same BODY, pzprjs's
encoding:

- the room borders, 5 bits per base-32 character (``0-9a-v``), most
  significant bit first, zero-padded: first the borders between
  horizontally adjacent cells, row by row (``COLS - 1`` per row), then
  those between vertically adjacent cells (``ROWS - 1`` rows of ``COLS``);
- the room numbers, rooms ordered by their first cell in row-major order:
  one hex digit, ``-`` and two hex digits, ``+`` and three, ``g`` to ``z``
  to skip 1 to 20 rooms without a number, and ``.`` for "a number that is
  not given", read as a room with a hidden clue (``Room.hidden_clue``).

>>> puzzle = read("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2.h3k", "url")
>>> len(puzzle.rooms), puzzle.rooms[1].clue, puzzle.rooms[2].clue_text
(11, 2, '?')
>>> write(puzzle)
'https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2.h3k'
"""

from __future__ import annotations

import re
import warnings

from heyawake_asp.errors import InvalidPuzzleError, PuzzleFormatError, PuzzleWarning
from heyawake_asp.formats.regions import regions
from heyawake_asp.formats.source import grid_size
from heyawake_asp.puzzle import Cell, Puzzle, Room
from heyawake_asp.variants import VARIANTS

__all__ = ["read", "write"]

PATTERN = re.compile(r"(?:https?://)?(?:[^\s?/]++(?:/[^\s?]*+)?\?)?(" + "|".join(VARIANTS) + ")/")
"""Where a URL's ``COLS/ROWS/BODY`` starts, after its type (matched at the start of the text)."""

_OTHER_TYPE = re.compile(r"(?:https?://)?[^\s?/]++(?:/[^\s?]*+)?\?([A-Za-z]\w*+)/")
"""A puzz.link URL of any puzzle type, its type the group (to name another genre's)."""
_SIZE = re.compile(r"(\d+)/(\d+)/")
_BASE32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"
_WIDE = {"-": 2, "+": 3}
_SKIP_FIRST = ord("g")
_HIDDEN = "."
_MAX_SKIP = 20
_PREFIX = "https://puzz.link/p?"
_Number = tuple[int | None, bool, int]
"""A room's clue as read: the clue, whether it is hidden, and its column."""


def read(text: str, source: str) -> Puzzle:
    """Decode a heyawake URL into a :class:`Puzzle`.

    Raises
    ------
    PuzzleFormatError
        On a malformed or truncated URL, naming the column (line 1) of the
        first offending character, and on a puzzle the URL does not
        describe validly.
    """
    url = text.strip().partition("#")[0]  # a fragment, as a browser may add, says nothing
    start = PATTERN.match(url)
    if start is None:
        other = _OTHER_TYPE.match(url)
        genre = f"a URL of {other.group(1)!r}, not of" if other else "not a URL of"
        family = ", ".join(VARIANTS)
        raise PuzzleFormatError(
            source, f"{genre} heyawake's family ({family}): expected .../p?heyawake/C/R/...", 1, 1
        )
    variant = start.group(1)
    size = _SIZE.match(url, start.end())
    if size is None:
        where = start.end() + 1
        raise PuzzleFormatError(source, f"expected COLS/ROWS/ after '{variant}/'", 1, where)
    cols, rows = grid_size(size.group(1), size.group(2), source, 1, start.end() + 1)
    body = size.end()
    walls, numbers = _read_borders(url, body, cols, rows, source)
    cells = regions(cols, rows, lambda a, b: ((a, b) if a < b else (b, a)) not in walls)
    _warn_inner_walls(walls, cells, source)
    clues = _read_numbers(url, numbers, len(cells), source)
    return _puzzle(cols, rows, cells, clues, variant, source)


def write(puzzle: Puzzle) -> str:
    """The puzz.link URL of ``puzzle``.

    Raises
    ------
    InvalidPuzzleError
        When a clue is 4096 or more: the URL form used here cannot hold it.
    """
    width, height = puzzle.width, puzzle.height
    vertical = [_wall(puzzle, (x, y), (x + 1, y)) for y in range(height) for x in range(width - 1)]
    horizontal = [
        _wall(puzzle, (x, y), (x, y + 1)) for y in range(height - 1) for x in range(width)
    ]
    order = sorted(range(len(puzzle.rooms)), key=lambda i: puzzle.rooms[i].first_cell[::-1])
    body = _pack(vertical) + _pack(horizontal) + _numbers(puzzle, order)
    return f"{_PREFIX}{puzzle.variant}/{width}/{height}/{body}"


def _wall(puzzle: Puzzle, a: Cell, b: Cell) -> bool:
    """Whether neighbours ``a`` and ``b`` lie in different rooms."""
    return puzzle.room_index(a) != puzzle.room_index(b)


def _pack(bits: list[bool]) -> str:
    """Bits as base-32 characters, 5 per character, most significant first."""
    chars = []
    for start in range(0, len(bits), 5):
        chunk = bits[start : start + 5]
        value = sum(1 << (4 - i) for i, bit in enumerate(chunk) if bit)
        chars.append(_BASE32[value])
    return "".join(chars)


def _numbers(puzzle: Puzzle, order: list[int]) -> str:
    """The clues of the rooms in ``order``, pzprjs's encoding: unnumbered runs as skips."""
    parts: list[str] = []
    skipped = 0
    for number, index in enumerate(order, 1):
        room = puzzle.rooms[index]
        if room.clue is None and not room.hidden_clue:
            skipped += 1
            if skipped == _MAX_SKIP or number == len(order):
                parts.append(chr(_SKIP_FIRST + skipped - 1))
                skipped = 0
            continue
        if skipped:
            parts.append(chr(_SKIP_FIRST + skipped - 1))
            skipped = 0
        parts.append(_HIDDEN if room.clue is None else _number(puzzle, index))
    return "".join(parts)


def _number(puzzle: Puzzle, room: int) -> str:
    """One room's clue: a hex digit, or ``-`` and two, or ``+`` and three."""
    clue = puzzle.rooms[room].clue or 0
    if clue < 16:
        return f"{clue:x}"
    if clue < 256:
        return f"-{clue:x}"
    if clue < 4096:
        return f"+{clue:x}"
    raise InvalidPuzzleError(
        f"{puzzle.room_name(room)} has clue {clue}: puzz.link URLs hold clues up to 4095",
        room=room,
    )


def _read_borders(
    url: str, body: int, cols: int, rows: int, source: str
) -> tuple[set[tuple[Cell, Cell]], int]:
    """The walls between neighbours (left or upper cell first), and where the numbers start."""
    needed = _border_length(cols, rows)
    if len(url) - body < needed:
        raise PuzzleFormatError(
            source,
            f"truncated URL: the borders of a {cols}x{rows} grid take {needed} characters, "
            f"found {len(url) - body}",
            1,
            len(url) + 1,
        )
    vertical = [((x, y), (x + 1, y)) for y in range(rows) for x in range(cols - 1)]
    horizontal = [((x, y), (x, y + 1)) for y in range(rows - 1) for x in range(cols)]
    walls: set[tuple[Cell, Cell]] = set()
    position = body
    for pairs in (vertical, horizontal):
        length = -(-len(pairs) // 5)
        bits = _unpack(url, position, length, len(pairs), source)
        walls.update(pair for pair, bit in zip(pairs, bits, strict=True) if bit)
        position += length
    return walls, position


def _border_length(cols: int, rows: int) -> int:
    """How many characters the borders of a ``cols`` by ``rows`` grid take."""
    return -(-(cols - 1) * rows // 5) + -(-cols * (rows - 1) // 5)


def _unpack(url: str, position: int, length: int, count: int, source: str) -> list[bool]:
    """``count`` bits from ``length`` base-32 characters at ``position``."""
    bits: list[bool] = []
    for offset in range(length):
        char = url[position + offset]
        if char not in _BASE32:
            raise PuzzleFormatError(
                source,
                f"unexpected {char!r} in the room borders (expected 0-9 or a-v)",
                1,
                position + offset + 1,
            )
        value = _BASE32.index(char)
        bits.extend(bool(value >> (4 - i) & 1) for i in range(5))
    if any(bits[count:]):
        raise PuzzleFormatError(
            source, "padding bits after the last border are not zero", 1, position + length
        )
    return bits[:count]


def _warn_inner_walls(walls: set[tuple[Cell, Cell]], cells: list[list[Cell]], source: str) -> None:
    """Warn about border lines that separate no two rooms (they are dropped)."""
    region = {cell: index for index, room in enumerate(cells) for cell in room}
    inner = [(a, b) for a, b in walls if region[a] == region[b]]
    if inner:
        a, b = min(inner)
        warnings.warn(
            f"{source}: {len(inner)} border line(s) inside a room ignored, "
            f"first between {a} and {b}",
            PuzzleWarning,
            stacklevel=3,
        )


def _read_numbers(url: str, position: int, count: int, source: str) -> list[_Number]:
    """Each room's clue, whether it is hidden (``.``), and the column it was read from.

    A skip (``g``-``z``) may run past the last room, as pzprjs reads it.
    """
    clues: list[_Number] = []
    while position < len(url):
        column = position + 1
        char = url[position]
        if len(clues) >= count and url[position:] == "/":  # a trailing slash, as pzprjs allows
            break
        if len(clues) >= count:
            raise PuzzleFormatError(
                source,
                f"unexpected {url[position : position + 10]!r} "
                f"after the numbers of all {count} rooms",
                1,
                column,
            )
        if "g" <= char <= "z":
            clues.extend([(None, False, column)] * (ord(char) - _SKIP_FIRST + 1))
            position += 1
        elif char == _HIDDEN:
            clues.append((None, True, column))
            position += 1
        else:
            digits = _WIDE.get(char, 0)
            start = position + (1 if digits else 0)
            hex_text = url[start : start + max(digits, 1)]
            if len(hex_text) < max(digits, 1) or any(c not in _HEX for c in hex_text):
                raise PuzzleFormatError(source, _number_problem(char, hex_text, digits), 1, column)
            clues.append((int(hex_text, 16), False, column))
            position = start + len(hex_text)
    if len(clues) < count:
        raise PuzzleFormatError(
            source,
            f"truncated URL: numbers given for {len(clues)} of {count} rooms",
            1,
            len(url) + 1,
        )
    return clues[:count]


def _number_problem(char: str, digits: str, wanted: int) -> str:
    """Why a room number could not be read."""
    if not wanted:
        return f"unexpected {char!r} in the room numbers (expected 0-9, a-z, '.', '-' or '+')"
    if len(digits) < wanted:
        return f"truncated URL: {char!r} needs {wanted} hex digits, found {len(digits)}"
    return f"{char!r} needs {wanted} hex digits, got {digits!r}"


def _puzzle(
    cols: int, rows: int, cells: list[list[Cell]], clues: list[_Number], variant: str, source: str
) -> Puzzle:
    """The puzzle, with a model error located at the clue's column."""
    rooms = tuple(
        Room(frozenset(room), clue, hidden)
        for room, (clue, hidden, _) in zip(cells, clues, strict=True)
    )
    try:
        return Puzzle(cols, rows, rooms, variant=variant)
    except InvalidPuzzleError as error:
        column = clues[error.room][2] if error.room is not None else None
        raise PuzzleFormatError(source, str(error), 1, column) from None
