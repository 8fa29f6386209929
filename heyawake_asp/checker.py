"""An independent checker for Heyawake solutions, written in plain Python.

It shares no code with the ASP side, so that it can be trusted to judge what
the solver produces. It reports every broken rule, not just the first one.

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

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell, Puzzle

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
    black = _black_cells(grid)
    return [
        *_adjacent_blacks(black),
        *_white_groups(puzzle, black),
        *_room_counts(puzzle, black),
        *_long_runs(puzzle, grid),
    ]


def is_valid(puzzle: Puzzle, grid: Sequence[str]) -> bool:
    """Tell whether ``grid`` breaks none of the puzzle's rules (see `verify`)."""
    return not verify(puzzle, grid)


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
        for x, char in enumerate(row):
            if char not in (_BLACK, _WHITE):
                raise ValueError(f"grid cell {_show(x, y)} is {char!r}; use '#' or '.'")


def _black_cells(grid: Sequence[str]) -> set[Cell]:
    """Collect the black cells of ``grid`` as ``(x, y)`` pairs."""
    return {(x, y) for y, row in enumerate(grid) for x, char in enumerate(row) if char == _BLACK}


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


def _adjacent_blacks(black: set[Cell]) -> list[Violation]:
    """Rule 1: one violation per pair of edge-sharing black cells."""
    violations = []
    for x, y in _row_major(black):
        for other in ((x + 1, y), (x, y + 1)):
            if other in black:
                message = f"rule 1: black cells {_show(x, y)} and {_show(*other)} are adjacent"
                violations.append(Violation(1, ((x, y), other), message))
    return violations


def _white_groups(puzzle: Puzzle, black: set[Cell]) -> list[Violation]:
    """Rule 2: one violation naming every white group when there is more than one."""
    found = _components([cell for cell in puzzle.cells() if cell not in black])
    if len(found) < 2:
        return []
    groups = [_row_major(group) for group in found]
    main = max(groups, key=len)  # max keeps the first of equal sizes
    stray = _row_major(cell for group in groups if group is not main for cell in group)
    sizes = ", ".join(f"{_show(*group[0])} {_plural(len(group), 'cell')}" for group in groups)
    message = (
        f"rule 2: white cells form {len(groups)} separate groups ({sizes}); "
        f"the largest starts at {_show(*main[0])}"
    )
    return [Violation(2, stray, message)]


def _components(cells: list[Cell]) -> list[list[Cell]]:
    """Split ``cells``, given in row-major order, into orthogonally connected groups.

    Groups come in the order of their first cell, each starting with it.
    """
    remaining = set(cells)
    groups = []
    for start in cells:
        if start not in remaining:
            continue
        remaining.discard(start)
        group, stack = [start], [start]
        while stack:
            x, y = stack.pop()
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in remaining:
                    remaining.discard(nxt)
                    group.append(nxt)
                    stack.append(nxt)
        groups.append(group)
    return groups


def _room_counts(puzzle: Puzzle, black: set[Cell]) -> list[Violation]:
    """Rule 3: one violation per numbered room with the wrong number of black cells.

    Rooms are reported in row-major order of their first cell; a hidden
    clue (``?``) constrains nothing.
    """
    violations = []
    order = sorted(range(len(puzzle.rooms)), key=lambda i: _row_key(puzzle.rooms[i].first_cell))
    for index in order:
        room = puzzle.rooms[index]
        shaded = room.cells & black
        if room.clue is None or len(shaded) == room.clue:
            continue
        message = (
            f"rule 3: room {index + 1} has {_plural(len(shaded), 'black cell')}, "
            f"its clue is {room.clue}"
        )
        violations.append(Violation(3, _row_major(shaded), message))
    return violations


def _long_runs(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 5: one violation per maximal white run crossing two or more room borders."""
    found: list[tuple[Cell, int, Violation]] = []
    for axis, index, shades in _lines(puzzle, grid):
        for start, end in _white_runs(shades):
            run = [(i, index) if axis == 0 else (index, i) for i in range(start, end)]
            rooms = _rooms_passed([puzzle.room_index(cell) for cell in run])
            if len(rooms) >= 3:
                found.append((_row_key(run[0]), axis, _run_violation(run, rooms)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [violation for _, _, violation in found]


def _lines(puzzle: Puzzle, grid: Sequence[str]) -> Iterator[tuple[int, int, str]]:
    """Every row (axis 0, by y) and column (axis 1, by x) as a string of shades."""
    for y, row in enumerate(grid):
        yield 0, y, row
    for x in range(puzzle.width):
        yield 1, x, "".join(row[x] for row in grid)


def _white_runs(shades: str) -> Iterator[tuple[int, int]]:
    """The start and end (exclusive) of each maximal run of white cells in ``shades``.

    A run of fewer than three cells cannot pass through three rooms and is skipped.
    """
    start = 0
    for piece in shades.split(_BLACK):
        if len(piece) >= 3:
            yield start, start + len(piece)
        start += len(piece) + 1


def _rooms_passed(rooms: list[int]) -> list[int]:
    """The room indices met along a run, one entry per stretch between borders."""
    return [rooms[0], *(room for before, room in itertools.pairwise(rooms) if room != before)]


def _run_violation(run: list[Cell], rooms: list[int]) -> Violation:
    """Build the rule 5 violation for a white ``run`` passing through ``rooms`` (indices)."""
    first, second, third = (str(room + 1) for room in rooms[:3])
    named = f"{first}, {second} and {third}"
    if len(rooms) == 3:
        through = f"passes through rooms {named}"
    else:
        through = f"passes through {len(rooms)} rooms, first {named}"
    extent = f"{_show(*run[0])}..{_show(*run[-1])}"
    message = f"rule 5: white run {extent} {through}"
    return Violation(5, _row_major(run), message)
