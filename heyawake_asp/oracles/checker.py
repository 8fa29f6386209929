"""An independent checker for Heyawake solutions, written in plain Python.

It shares no code with the ASP side, so that it can be trusted to judge what
the solver produces. It reports every broken rule, not just the first one.
Each rule is checked cell by cell, in one pass over the grid or its lines.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, clue=1),))
>>> verify(puzzle, ["#.."])
[]
>>> for violation in verify(puzzle, ["##."]):
...     print(violation.message)
rule 1: black cells r1c1 and r1c2 are adjacent
rule 3: the room at r1c1 has 2 black cells, its clue is 1
>>> is_valid(puzzle, ["..#"])
True

`conflicts` checks a grid still being shaded (``?``: not decided yet) by
the same rules, as far as the decided cells already break them:

>>> [violation.message for violation in conflicts(puzzle, ["#?#"])]
['rule 3: the room at r1c1 has 2 black cells, its clue is 1']
>>> conflicts(puzzle, ["??."])
[]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell, Puzzle, cell_name

__all__ = ["Violation", "conflicts", "is_valid", "runs_through_three_rooms", "verify"]

_BLACK = "#"
_WHITE = "."
_OPEN = "?"
_SHADES = frozenset((_BLACK, _WHITE))


@dataclass(frozen=True)
class Violation:
    """One broken rule.

    Attributes
    ----------
    rule : int
        The Heyawake rule broken: 1 (adjacent blacks), 2 (white connectivity),
        3 (room clue; akichi: the room's largest white area) or 5 (white run
        across two room borders); or a variant's: 6 (ayeheya: a room's black
        cells not point-symmetric), 7 (oneroom: a room's white cells not
        joined inside it) or 8 (oneroom: two rooms with two doors or more).
    cells : tuple of Cell
        The cells at fault, sorted row-major.
    message : str
        One human-readable line, starting with ``rule N:``.
    room : int or None
        For rules 3, 6 and 7, the room's index in ``puzzle.rooms`` (from 0); else None.

    """

    rule: int
    cells: tuple[Cell, ...]
    message: str
    room: int | None = None


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
    _check_shape(puzzle, grid, _SHADES)
    return _broken(puzzle, grid)


def conflicts(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """The rules a partly shaded grid already breaks, whatever its open cells (``?``) become.

    Black cells side by side; white cells that open cells cannot join (each
    open cell counted white); a room with more black cells than its clue,
    or fewer than its clue even with every open cell black; a run of white
    cells (open cells end it) through three rooms. On a grid without ``?``,
    exactly `verify`.

    Raises
    ------
    ValueError
        As `verify`, with ``?`` allowed.
    """
    _check_shape(puzzle, grid, _SHADES | {_OPEN})
    return _broken(puzzle, grid)


def _broken(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Every rule the decided cells of ``grid`` break, ordered by rule and then by position."""
    return [violation for rule in _RULES[puzzle.variant] for violation in rule(puzzle, grid)]


def is_valid(puzzle: Puzzle, grid: Sequence[str]) -> bool:
    """Tell whether ``grid`` breaks none of the puzzle's rules (see `verify`)."""
    return not verify(puzzle, grid)


def runs_through_three_rooms(
    shades: Sequence[str], rooms: Sequence[object]
) -> Iterator[tuple[int, int]]:
    """Rule 5 along one row or column: the white runs that pass through three rooms or more.

    Parameters
    ----------
    shades : sequence of str
        The line's cells in order: ``#`` black, anything else white.
    rooms : sequence
        The room of each cell, compared with ``==``. Leaving a room and
        entering it again counts as a third room.

    Yields
    ------
    tuple of int
        ``(start, stop)``, as for a slice, of each such maximal white run,
        in order along the line.

    Raises
    ------
    ValueError
        When ``shades`` and ``rooms`` differ in length.

    """
    if len(shades) != len(rooms):
        raise ValueError(f"{len(shades)} shades given for {len(rooms)} rooms")
    start = passed = 0  # passed: the rooms the current run has passed through (0: no run)
    for index, shade in enumerate(shades):
        if shade == _BLACK:
            if passed >= 3:
                yield start, index
            passed = 0
        elif passed == 0:
            start, passed = index, 1
        elif rooms[index] != rooms[index - 1]:
            passed += 1
    if passed >= 3:
        yield start, len(shades)


def _check_shape(puzzle: Puzzle, grid: Sequence[str], shades: frozenset[str]) -> None:
    """Raise ``ValueError`` unless ``grid`` is a grid of ``shades`` of the puzzle's size."""
    if isinstance(grid, str):
        raise ValueError("grid must be a sequence of row strings, not a single string")
    if len(grid) != puzzle.height:
        raise ValueError(f"grid has {len(grid)} rows, the puzzle has {puzzle.height}")
    for y, row in enumerate(grid):
        if len(row) != puzzle.width:
            raise ValueError(
                f"grid row {y + 1} has {len(row)} cells, the puzzle is {puzzle.width} wide"
            )
        for x, char in enumerate(row):
            if char not in shades:
                allowed = " or ".join(repr(shade) for shade in sorted(shades))
                raise ValueError(f"grid cell {cell_name((x, y))} is {char!r}; use {allowed}")


def _cells(grid: Sequence[str], shade: str) -> Iterator[Cell]:
    """The cells of ``grid`` holding ``shade``, in row-major order."""
    for y, row in enumerate(grid):
        for x, here in enumerate(row):
            if here == shade:
                yield x, y


def _row_key(cell: Cell) -> tuple[int, int]:
    """Give the sort key that puts cells in row-major order."""
    return cell[1], cell[0]


def _plural(count: int, noun: str) -> str:
    """Write ``count`` and ``noun``, making the noun plural unless the count is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _adjacent_blacks(_puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 1: one violation per pair of edge-sharing black cells, in row-major order."""
    blacks = list(_cells(grid, _BLACK))
    black = set(blacks)
    violations = []
    for x, y in blacks:
        for other in ((x + 1, y), (x, y + 1)):
            if other in black:
                pair = f"{cell_name((x, y))} and {cell_name(other)}"
                message = f"rule 1: black cells {pair} are adjacent"
                violations.append(Violation(1, ((x, y), other), message))
    return violations


def _white_groups(_puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 2: one violation naming every group of white cells when there is more than one.

    Open cells count as white: groups are the white and open cells that
    join, found and listed in row-major order of their first cell, and
    counted with their open cells. Two groups break a rule whatever the
    open cells become: a group left with no white cell is all black, and
    touches the black cells that cut it off. The violation's cells are
    those outside the largest group.
    """
    passable = sorted({*_cells(grid, _WHITE), *_cells(grid, _OPEN)}, key=_row_key)
    reachable = set(passable)
    group_of: dict[Cell, int] = {}
    groups: list[list[Cell]] = []  # each from its first cell in row-major order
    for cell in passable:
        if cell not in group_of:
            groups.append(_flood(reachable, cell, len(groups), group_of))
    if len(groups) < 2:
        return []
    sizes = [len(group) for group in groups]
    main = sizes.index(max(sizes))  # the first of equal sizes
    stray = tuple(cell for cell in passable if group_of[cell] != main)
    listed = ", ".join(f"{cell_name(group[0])} {_plural(len(group), 'cell')}" for group in groups)
    cells = (
        "white cells (open ones counted white)"
        if any(_OPEN in row for row in grid)
        else "white cells"
    )
    message = (
        f"rule 2: {cells} form {len(groups)} separate groups ({listed}); "
        f"the largest starts at {cell_name(groups[main][0])}"
    )
    return [Violation(2, stray, message)]


def _flood(white: set[Cell], start: Cell, label: int, group_of: dict[Cell, int]) -> list[Cell]:
    """Give ``label`` to the cells of ``white`` reached from ``start``; return them, it first."""
    group_of[start] = label
    group, stack = [start], [start]
    while stack:
        x, y = stack.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in white and near not in group_of:
                group_of[near] = label
                group.append(near)
                stack.append(near)
    return group


def _room_counts(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 3: one violation per numbered room with the wrong number of black cells.

    Rooms are reported in row-major order of their first cell; a hidden
    clue (``?``) constrains nothing. Open cells may still become black.
    """
    found: list[tuple[tuple[int, int], Violation]] = []
    for index, room in enumerate(puzzle.rooms):
        if room.clue is None:
            continue
        shaded = [(x, y) for x, y in room.cells if grid[y][x] == _BLACK]
        open_cells = sum(grid[y][x] == _OPEN for x, y in room.cells)
        if len(shaded) > room.clue or len(shaded) + open_cells < room.clue:
            under = len(shaded) < room.clue and open_cells
            still_open = f" and {_plural(open_cells, 'open cell')}" if under else ""
            message = (
                f"rule 3: {puzzle.room_name(index)} has "
                f"{_plural(len(shaded), 'black cell')}{still_open}, "
                f"its clue is {room.clue}"
            )
            violation = Violation(3, tuple(sorted(shaded, key=_row_key)), message, index)
            found.append((_row_key(room.first_cell), violation))
    found.sort(key=lambda item: item[0])
    return [violation for _, violation in found]


def _long_runs(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 5: one violation per maximal white run through three rooms or more.

    Ordered by the run's first cell, a row's run before a column's.
    """
    found: list[tuple[tuple[int, int], int, Violation]] = []
    for axis, line in _lines(puzzle):
        shades = [_BLACK if grid[y][x] == _OPEN else grid[y][x] for x, y in line]  # "?" ends runs
        rooms = [puzzle.room_index(cell) for cell in line]
        for start, stop in runs_through_three_rooms(shades, rooms):
            violation = _run_violation(puzzle, line[start:stop], rooms[start:stop])
            found.append((_row_key(line[start]), axis, violation))
    found.sort(key=lambda item: (item[0], item[1]))
    return [violation for _, _, violation in found]


def _lines(puzzle: Puzzle) -> Iterator[tuple[int, list[Cell]]]:
    """Every row (axis 0) and column (axis 1) of the grid as a list of cells."""
    for y in range(puzzle.height):
        yield 0, [(x, y) for x in range(puzzle.width)]
    for x in range(puzzle.width):
        yield 1, [(x, y) for y in range(puzzle.height)]


def _run_violation(puzzle: Puzzle, run: list[Cell], rooms: list[int]) -> Violation:
    """Build the rule 5 violation for a white ``run`` whose cells lie in ``rooms`` (indices).

    A run along a row or down a column is already in row-major order.
    """
    labels = [puzzle.room_label(room) for room, _ in itertools.groupby(rooms)]
    named = f"{puzzle.room_noun(len(labels))} {', '.join(labels[:-1])} and {labels[-1]}"
    through = named if len(labels) == 3 else f"{len(labels)} rooms: {named}"
    extent = f"{cell_name(run[0])}-{cell_name(run[-1])}"  # as a step's sentence writes a run
    return Violation(5, tuple(run), f"rule 5: white run {extent} passes through {through}")


def _asymmetric_rooms(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 6 (ayeheya): one violation per room with a black cell whose mirror is white.

    A cell's mirror is the cell its room's centre maps it to: the centre of
    the room's bounding box. Rooms in row-major order of their first cell;
    an open cell may still become either.
    """
    found: list[tuple[tuple[int, int], Violation]] = []
    for index, room in enumerate(puzzle.rooms):
        xs = [x for x, _ in room.cells]
        ys = [y for _, y in room.cells]
        turn_x, turn_y = min(xs) + max(xs), min(ys) + max(ys)
        for x, y in sorted(room.cells, key=_row_key):
            mirror = (turn_x - x, turn_y - y)
            if grid[y][x] == _BLACK and grid[mirror[1]][mirror[0]] == _WHITE:
                message = (
                    f"rule 6: {puzzle.room_name(index)} is not symmetric: {cell_name((x, y))} "
                    f"is black, its mirror {cell_name(mirror)} is white"
                )
                violation = Violation(
                    6, tuple(sorted(((x, y), mirror), key=_row_key)), message, index
                )
                found.append((_row_key(room.first_cell), violation))
                break
    found.sort(key=lambda item: item[0])
    return [violation for _, violation in found]


def _largest_areas(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Akichi's rule 3: one violation per numbered room whose largest white group is not its number.

    A group is white cells joined inside the room. On a partly shaded grid,
    a room breaks it when a group of white cells is already larger than the
    number, or no group of white and open cells could reach it.
    """
    found: list[tuple[tuple[int, int], Violation]] = []
    for index, room in enumerate(puzzle.rooms):
        if room.clue is None:
            continue
        white = _largest_group(room.cells, grid, {_WHITE})
        could = _largest_group(room.cells, grid, {_WHITE, _OPEN})
        if white > room.clue or could < room.clue:
            size = white if white > room.clue else could
            what = "its largest white area has" if white > room.clue else "at most"
            message = (
                f"rule 3: {puzzle.room_name(index)}: {what} {_plural(size, 'cell')} "
                f"joined inside it, its number is {room.clue}"
            )
            violation = Violation(3, tuple(sorted(room.cells, key=_row_key)), message, index)
            found.append((_row_key(room.first_cell), violation))
    found.sort(key=lambda item: item[0])
    return [violation for _, violation in found]


def _largest_group(cells: frozenset[Cell], grid: Sequence[str], shades: set[str]) -> int:
    """The most of ``cells`` shaded one of ``shades`` and joined through each other."""
    left = {(x, y) for x, y in cells if grid[y][x] in shades}
    largest = 0
    while left:
        group_of: dict[Cell, int] = {}
        largest = max(largest, len(_flood(left, next(iter(left)), 0, group_of)))
        left -= set(group_of)
    return largest


def _split_rooms(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 7 (oneroom): one violation per room whose white cells are not joined inside it.

    On a partly shaded grid, a room breaks it when its white cells cannot
    join through its white and open cells.
    """
    found: list[Violation] = []
    for index in sorted(
        range(len(puzzle.rooms)), key=lambda i: _row_key(puzzle.rooms[i].first_cell)
    ):
        cells = puzzle.rooms[index].cells
        white = {(x, y) for x, y in cells if grid[y][x] == _WHITE}
        passable = {(x, y) for x, y in cells if grid[y][x] in (_WHITE, _OPEN)}
        if not white:
            continue
        group_of: dict[Cell, int] = {}
        _flood(passable, min(white, key=_row_key), 0, group_of)
        apart = sorted(white - set(group_of), key=_row_key)
        if apart:
            message = (
                f"rule 7: {puzzle.room_name(index)}'s white cells are not joined inside it: "
                f"{cell_name(apart[0])} is cut off from {cell_name(min(white, key=_row_key))}"
            )
            found.append(Violation(7, tuple(apart), message, index))
    return found


def _doors(puzzle: Puzzle, grid: Sequence[str]) -> list[Violation]:
    """Rule 8 (oneroom): one violation per pair of rooms with two doors or more.

    A door is a border between two white cells of different rooms. Pairs in
    row-major order of their first door.
    """
    doors: dict[tuple[int, int], list[tuple[Cell, Cell]]] = {}
    for y, row in enumerate(grid):
        for x, here in enumerate(row):
            for other in ((x + 1, y), (x, y + 1)):
                if here != _WHITE or not puzzle.contains(other):
                    continue
                if grid[other[1]][other[0]] != _WHITE:
                    continue
                rooms = puzzle.room_index((x, y)), puzzle.room_index(other)
                if rooms[0] != rooms[1]:
                    doors.setdefault((min(rooms), max(rooms)), []).append(((x, y), other))
    found = []
    for (first, second), between in doors.items():
        if len(between) > 1:
            named = (
                f"{puzzle.room_noun(2)} {puzzle.room_label(first)} and {puzzle.room_label(second)}"
            )
            listed = ", ".join(f"{cell_name(a)}|{cell_name(b)}" for a, b in between)
            message = f"rule 8: {named} share {len(between)} doors ({listed})"
            cells = tuple(sorted({cell for door in between for cell in door}, key=_row_key))
            found.append((_row_key(between[0][0]), Violation(8, cells, message)))
    found.sort(key=lambda item: item[0])
    return [violation for _, violation in found]


_Rule = Callable[[Puzzle, Sequence[str]], list[Violation]]
_HEYAWAKE = (_adjacent_blacks, _white_groups, _room_counts, _long_runs)
_RULES: dict[str, tuple[_Rule, ...]] = {
    "heyawake": _HEYAWAKE,
    "ayeheya": (*_HEYAWAKE, _asymmetric_rooms),
    "akichi": (_adjacent_blacks, _white_groups, _largest_areas, _long_runs),
    "oneroom": (_adjacent_blacks, _white_groups, _room_counts, _split_rooms, _doors),
}
"""Each variant's rules, checked in this order."""
