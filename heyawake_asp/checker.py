"""An independent checker for Heyawake solutions, written in plain Python.

It shares no code with the ASP side, so that it can be trusted to judge what
the solver produces. It reports every broken rule, not just the first one.

The grid is held as one big integer, a bit per cell, once row by row and
once column by column, so that each rule is a few operations on whole
grids; cells are listed only to report a violation.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, clue=1),))
>>> verify(puzzle, ["#.."])
[]
>>> for violation in verify(puzzle, ["##."]):
...     print(violation.message)
rule 1: black cells (0,0) and (1,0) are adjacent
rule 3: room 1 has 2 black cells, its clue is 1
>>> is_valid(puzzle, ["..#"])
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell, Puzzle, Room

__all__ = ["Violation", "is_valid", "verify"]

_BLACK = "#"
_WHITE = "."


@dataclass(frozen=True)
class Violation:
    """One broken rule.

    Attributes
    ----------
    rule : int
        The Heyawake rule broken: 1 (adjacent blacks), 2 (white connectivity),
        3 (room clue) or 5 (white run across two room borders).
    cells : tuple of Cell
        The cells at fault, sorted row-major.
    message : str
        One human-readable line, starting with ``rule N:``.

    """

    rule: int
    cells: tuple[Cell, ...]
    message: str


def verify(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Check a shaded grid against a puzzle's rules.

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle being solved.
    grid : sequence of str
        One string per row, top to bottom: ``#`` black, ``.`` white.

    Returns
    -------
    list of Violation
        Every violation, ordered by rule and then by position; empty when
        the grid is a solution.

    Raises
    ------
    ValueError
        When the grid's shape does not match the puzzle or it holds a
        character other than ``#`` and ``.``.

    """
    _check_shape(puzzle, grid)
    rows = _Lines(puzzle.width, puzzle.height, by_row=True)
    columns = _Lines(puzzle.height, puzzle.width, by_row=False)
    black = rows.pack(map(_line_mask, grid))
    white = rows.full ^ black
    white_columns = columns.full ^ columns.pack(map(_line_mask, zip(*grid, strict=True)))
    return [
        *_adjacent_blacks(rows, black),
        *_white_groups(rows, white),
        *_room_counts(puzzle, rows, black),
        *_long_runs(puzzle, (rows, white), (columns, white_columns)),
    ]


def is_valid(puzzle: Puzzle, grid: Sequence[str]) -> bool:
    """Tell whether ``grid`` breaks none of the puzzle's rules (see `verify`)."""
    return not verify(puzzle, grid)


_AS_BITS = str.maketrans({_BLACK: "1", _WHITE: "0"})


def _line_mask(shades: Iterable[str]) -> int:
    """The black cells of a row or column of shades, bit ``i`` for cell ``i``."""
    return int("".join(shades)[::-1].translate(_AS_BITS), 2)


_SHADES = frozenset((_BLACK, _WHITE))


def _check_shape(puzzle: Puzzle, grid: Sequence[str]) -> None:
    """Raise ``ValueError`` unless ``grid`` is a ``#``/``.`` grid of the puzzle's size."""
    if isinstance(grid, str):
        raise ValueError("grid must be a sequence of row strings, not a single string")
    if len(grid) != puzzle.height:
        raise ValueError(f"grid has {len(grid)} rows, the puzzle has {puzzle.height}")
    for y, row in enumerate(grid):
        if len(row) != puzzle.width:
            raise ValueError(
                f"grid row y={y} has {len(row)} cells, the puzzle is {puzzle.width} wide"
            )
        if not _SHADES.issuperset(row):
            x, char = next((x, char) for x, char in enumerate(row) if char not in _SHADES)
            raise ValueError(f"grid cell {_show(x, y)} is {char!r}; use '#' or '.'")


class _Lines:
    """The grid as one integer, line after line (rows, or columns), a spare bit after each line.

    Cell ``i`` of line ``j`` is bit ``j * stride + i``. The spare bit is
    never set in a mask of cells, so no step along a line runs into the next.
    """

    def __init__(self, length: int, count: int, *, by_row: bool) -> None:
        self.by_row = by_row
        self.stride = length + 1
        self.full = self.block(0, count, 0, length)

    def block(self, first_line: int, lines: int, first: int, cells: int) -> int:
        """A rectangle: cells ``first``.. (``cells`` of them) of lines ``first_line``.. (``lines``).

        One bit per line, times a line's run of ``cells`` bits, shifted into place.
        """
        line = (1 << cells) - 1
        return _stripe(lines, self.stride) * line << (first_line * self.stride + first)

    def position(self, cell: Cell) -> int:
        """The bit of ``cell``."""
        x, y = cell
        return y * self.stride + x if self.by_row else x * self.stride + y

    def cell(self, position: int) -> Cell:
        """The cell of bit ``position``."""
        line, index = divmod(position, self.stride)
        return (index, line) if self.by_row else (line, index)

    def pack(self, lines: Iterable[int]) -> int:
        """One mask from a mask per line (bit ``i`` for cell ``i``)."""
        return sum(mask << (j * self.stride) for j, mask in enumerate(lines))

    def mask(self, cells: Iterable[Cell]) -> int:
        """The mask of ``cells``."""
        return sum(1 << self.position(cell) for cell in cells)

    def cells(self, mask: int) -> Iterator[Cell]:
        """The cells of ``mask``, line by line."""
        return map(self.cell, _bits(mask))


@functools.lru_cache(maxsize=4096)
def _stripe(lines: int, stride: int) -> int:
    """Bit 0 of each of ``lines`` lines ``stride`` bits apart."""
    return ((1 << (lines * stride)) - 1) // ((1 << stride) - 1)


def _bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _row_key(cell: Cell) -> tuple[int, int]:
    """Give the sort key that puts cells in row-major order."""
    return cell[1], cell[0]


def _row_major(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Sort ``cells`` by row, then column."""
    return tuple(sorted(cells, key=_row_key))


def _show(x: int, y: int) -> str:
    """Write a cell as ``(x,y)``."""
    return f"({x},{y})"


def _plural(count: int, noun: str) -> str:
    """Write ``count`` and ``noun``, making the noun plural unless the count is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _adjacent_blacks(rows: _Lines, black: int) -> list[Violation]:
    """Rule 1: one violation per pair of edge-sharing black cells, in row-major order."""
    beside = black & (black >> 1)
    below = black & (black >> rows.stride)
    violations = []
    for position in _bits(beside | below):
        x, y = rows.cell(position)
        others = [(x + 1, y)] if beside >> position & 1 else []
        others += [(x, y + 1)] if below >> position & 1 else []
        for other in others:
            message = f"rule 1: black cells {_show(x, y)} and {_show(*other)} are adjacent"
            violations.append(Violation(1, ((x, y), other), message))
    return violations


def _white_groups(rows: _Lines, white: int) -> list[Violation]:
    """Rule 2: one violation naming every white group when there is more than one."""
    groups = []
    while white:
        group = _flood(white & -white, white, rows.stride)
        groups.append(group)
        white ^= group
    if len(groups) < 2:
        return []
    listed = [tuple(rows.cells(group)) for group in groups]
    main = max(listed, key=len)  # max keeps the first of equal sizes
    stray = _row_major(cell for group in listed if group is not main for cell in group)
    sizes = ", ".join(f"{_show(*group[0])} {_plural(len(group), 'cell')}" for group in listed)
    message = (
        f"rule 2: white cells form {len(listed)} separate groups ({sizes}); "
        f"the largest starts at {_show(*main[0])}"
    )
    return [Violation(2, stray, message)]


def _flood(seed: int, allowed: int, stride: int) -> int:
    """The bits of ``allowed`` reached from ``seed`` in steps of one bit or one ``stride``."""
    reached = seed
    while True:
        grown = reached | (
            (reached << 1 | reached >> 1 | reached << stride | reached >> stride) & allowed
        )
        if grown == reached:
            return reached
        reached = grown


def _room_counts(puzzle: Puzzle, rows: _Lines, black: int) -> list[Violation]:
    """Rule 3: one violation per numbered room with the wrong number of black cells.

    Rooms are reported in row-major order of their first cell; a hidden
    clue (``?``) constrains nothing.
    """
    shaded = {
        index: black & _room_mask(rows, room)
        for index, room in enumerate(puzzle.rooms)
        if room.clue is not None
    }
    wrong = [i for i, mask in shaded.items() if mask.bit_count() != puzzle.rooms[i].clue]
    violations = []
    for index in sorted(wrong, key=lambda i: _row_key(puzzle.rooms[i].first_cell)):
        count = shaded[index].bit_count()
        message = (
            f"rule 3: room {index + 1} has {_plural(count, 'black cell')}, "
            f"its clue is {puzzle.rooms[index].clue}"
        )
        violations.append(Violation(3, tuple(rows.cells(shaded[index])), message))
    return violations


def _room_mask(rows: _Lines, room: Room) -> int:
    """The mask of a room's cells."""
    if not room.is_rectangle:
        return rows.mask(room.cells)
    x1, y1, x2, y2 = room.bounds
    return rows.block(y1, y2 - y1 + 1, x1, x2 - x1 + 1)


def _long_runs(
    puzzle: Puzzle, by_row: tuple[_Lines, int], by_column: tuple[_Lines, int]
) -> list[Violation]:
    """Rule 5: one violation per maximal white run crossing two or more room borders.

    ``by_row`` and ``by_column`` are the two views of the grid, each with its mask of white cells.
    """
    borders = _borders(puzzle, by_row[0], by_column[0])
    found: list[tuple[Cell, int, Violation]] = []
    for axis, ((lines, white), border) in enumerate(zip((by_row, by_column), borders, strict=True)):
        for start, end in _runs_crossing_twice(white, border):
            run = [lines.cell(position) for position in range(start, end)]
            rooms = _rooms_passed([puzzle.room_index(cell) for cell in run])
            found.append((_row_key(run[0]), axis, _run_violation(run, rooms)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [violation for _, _, violation in found]


def _borders(puzzle: Puzzle, rows: _Lines, columns: _Lines) -> tuple[int, int]:
    """In rows and in columns, the mask of cells whose predecessor lies in another room.

    Every such cell is on the left (in rows) or top (in columns) edge of its own room.
    """
    left = top = 0
    for room in puzzle.rooms:
        if room.is_rectangle:
            x1, y1, x2, y2 = room.bounds
            left |= rows.block(y1, y2 - y1 + 1, x1, 1) if x1 else 0
            top |= columns.block(x1, x2 - x1 + 1, y1, 1) if y1 else 0
            continue
        for x, y in room.cells:
            if x and (x - 1, y) not in room.cells:
                left |= 1 << rows.position((x, y))
            if y and (x, y - 1) not in room.cells:
                top |= 1 << columns.position((x, y))
    return left, top


def _runs_crossing_twice(white: int, borders: int) -> Iterator[tuple[int, int]]:
    """The first and past-the-last bit of each maximal white run crossing two or more borders.

    A crossing is a border cell whose predecessor is white too. Spreading
    from the cell after each crossing to the end of its run marks every
    later crossing of the same run: adding a bit to a run of set bits
    carries it to the run's end.
    """
    crossings = borders & white & (white << 1)
    after = (crossings << 1) & white
    spread = (((white + after) ^ white) & white) | after
    black = ~white
    previous_start = -1
    for position in _bits(crossings & spread):
        start = (black & ((1 << position) - 1)).bit_length()
        if start != previous_start:
            previous_start = start
            following = black >> position
            yield start, position + (following & -following).bit_length() - 1


def _rooms_passed(rooms: list[int]) -> list[int]:
    """The room indices met along a run, one entry per stretch between borders."""
    return [rooms[0], *(room for before, room in itertools.pairwise(rooms) if room != before)]


def _run_violation(run: list[Cell], rooms: list[int]) -> Violation:
    """Build the rule 5 violation for a white ``run`` passing through ``rooms`` (indices).

    A run along a row or down a column is already in row-major order.
    """
    first, second, third = (str(room + 1) for room in rooms[:3])
    named = f"{first}, {second} and {third}"
    if len(rooms) == 3:
        through = f"passes through rooms {named}"
    else:
        through = f"passes through {len(rooms)} rooms, first {named}"
    extent = f"{_show(*run[0])}..{_show(*run[-1])}"
    message = f"rule 5: white run {extent} {through}"
    return Violation(5, tuple(run), message)
