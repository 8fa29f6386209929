r"""Solved grids: rows of ``#`` (black) and ``.`` (white), top to bottom.

>>> read_grid("#.\nx.\n", "sol.txt")
('#.', '#.')
"""

from __future__ import annotations

from collections.abc import Iterable

from heyawake_asp.errors import PuzzleFormatError
from heyawake_asp.puzzle import Cell

__all__ = ["BLACK", "WHITE", "Grid", "colours", "grid_from_black", "read_grid", "text_lines"]

BLACK = "#"
WHITE = "."
Grid = tuple[str, ...]
"""A shading: one string per row, ``#`` for black and ``.`` for white."""

_BLACK_BYTE = ord(BLACK)
_CELL_CHARS = {"#": BLACK, "x": BLACK, "X": BLACK, "1": BLACK, ".": WHITE, "0": WHITE}


def text_lines(text: str) -> list[str]:
    r"""The lines of a text, broken at ``\n``, ``\r\n`` or ``\r`` only.

    `str.splitlines` also breaks at form feeds, vertical tabs and Unicode
    separators, which editors show within a line: line numbers in errors
    would not match the file.

    >>> text_lines("a\fb\r\nc\n")
    ['a\x0cb', 'c']
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def colours(grid: Grid) -> dict[Cell, bool]:
    """The colour of each cell of ``grid`` (True: black)."""
    return {(x, y): char == BLACK for y, row in enumerate(grid) for x, char in enumerate(row)}


def grid_from_black(width: int, height: int, black: Iterable[Cell]) -> Grid:
    """The grid of the given size whose black cells are ``black`` (cells outside are ignored)."""
    rows = [bytearray(WHITE * width, "ascii") for _ in range(height)]
    for x, y in black:
        if 0 <= x < width and 0 <= y < height:
            rows[y][x] = _BLACK_BYTE
    return tuple(row.decode("ascii") for row in rows)


def read_grid(text: str, source: str) -> Grid:
    """Parse a solution text: one row per line, ``#``/``x``/``1`` black, ``.``/``0`` white.

    Blank lines are skipped and spaces between cells are ignored.

    Raises
    ------
    PuzzleFormatError
        On an unknown character, ragged rows or an empty text.
    """
    rows: list[str] = []
    for number, line in enumerate(text_lines(text), 1):
        row = _read_row(line, source, number)
        if not row:
            continue
        if rows and len(row) != len(rows[0]):
            raise PuzzleFormatError(
                source, f"row has {len(row)} cells, expected {len(rows[0])}", number
            )
        rows.append(row)
    if not rows:
        raise PuzzleFormatError(source, "no grid rows found")
    return tuple(rows)


def _read_row(line: str, source: str, number: int) -> str:
    """One line of a solution text as a row string (empty for a blank line)."""
    cells = []
    for column, char in enumerate(line, 1):
        if char.isspace():
            continue
        if char not in _CELL_CHARS:
            raise PuzzleFormatError(
                source, f"unexpected character {char!r} (use '#' or '.')", number, column
            )
        cells.append(_CELL_CHARS[char])
    return "".join(cells)
