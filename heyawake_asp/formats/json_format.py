"""JSON: ``{"width", "height", "rooms": [{"cells": [[x, y], ...], "clue": n or null}]}``.

A clue of ``"?"`` marks a number that is not given (``Room.hidden_clue``).
Optional ``"title"`` and ``"author"`` strings are the puzzle's credits, and
``"variant"`` its member of the family (``"heyawake"`` when absent).
An optional ``"solution"`` holds the shading as row strings (``#`` black,
``.`` white). The JSON Schema ships beside this module as
``puzzle.schema.json`` (see :data:`PUZZLE_SCHEMA`). Errors name the JSON path of the
offending value, or the line and column of a syntax error.

>>> text = '{"width": 2, "height": 1, "rooms": [{"cells": [[0, 0], [1, 0]], "clue": 1}]}'
>>> puzzle = read(text, "p.json")
>>> print(write(puzzle, ("#.",)))
{
  "width": 2,
  "height": 1,
  "rooms": [
    {"cells": [[0, 0], [1, 0]], "clue": 1}
  ],
  "solution": ["#."]
}
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

from heyawake_asp.errors import InvalidPuzzleError, PuzzleFormatError
from heyawake_asp.formats.source import grid_size
from heyawake_asp.grid import BLACK, WHITE, Grid
from heyawake_asp.puzzle import CREDITS, UNKNOWN_CLUE, Cell, Puzzle, Room, credit_problem
from heyawake_asp.variants import HEYAWAKE, VARIANTS, variant_names

__all__ = ["PUZZLE_SCHEMA", "read", "write"]

PUZZLE_SCHEMA = resources.files("heyawake_asp.formats").joinpath("puzzle.schema.json")
"""The JSON Schema of the format, a resource shipped with the package."""

_KEYS = {"variant", "width", "height", *CREDITS, "rooms", "solution"}
_ROOM_KEYS = {"cells", "clue"}


def read(text: str, source: str) -> Puzzle:
    """Parse a JSON puzzle; a ``"solution"``, when present, must fit the grid.

    Raises
    ------
    PuzzleFormatError
        On invalid JSON (with line and column) and on a document that does
        not describe a valid puzzle (with the JSON path of the problem).
    """
    document = _load(text, source)
    puzzle = _puzzle(document, source)
    if "solution" in document:
        _solution(document["solution"], puzzle, source)
    return puzzle


def read_solution(text: str, source: str) -> Grid | None:
    """The ``"solution"`` of a JSON puzzle, or ``None`` when it has none.

    Raises
    ------
    PuzzleFormatError
        As :func:`read`.
    """
    document = _load(text, source)
    puzzle = _puzzle(document, source)
    return _solution(document["solution"], puzzle, source) if "solution" in document else None


def write(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle as JSON, one room per line, with ``solution`` when given."""
    rooms = [
        json.dumps({"cells": sorted(room.cells, key=lambda c: c[::-1]), "clue": _clue(room)})
        for room in puzzle.rooms
    ]
    credits = [
        f"  {json.dumps(kind)}: {json.dumps(text, ensure_ascii=False)},"
        for kind, text in puzzle.credits.items()
    ]
    variant = [f'  "variant": "{puzzle.variant}",'] if puzzle.variant != HEYAWAKE else []
    lines = [
        "{",
        *variant,
        f'  "width": {puzzle.width},',
        f'  "height": {puzzle.height},',
        *credits,
        '  "rooms": [',
        ",\n".join(f"    {room}" for room in rooms),
        "  ]" + ("," if solution is not None else ""),
    ]
    if solution is not None:
        lines.append(f'  "solution": {json.dumps(list(solution))}')
    return "\n".join([*lines, "}"])


def _clue(room: Room) -> int | str | None:
    """A room's ``"clue"`` value: its number, ``"?"`` when hidden, or null."""
    return UNKNOWN_CLUE if room.hidden_clue else room.clue


def _load(text: str, source: str) -> dict[str, Any]:
    """The decoded top-level object, with its keys checked."""
    try:
        document = json.loads(text, object_pairs_hook=_Object.from_pairs)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(
            source, f"invalid JSON: {error.msg}", error.lineno, error.colno
        ) from None
    except RecursionError:
        raise PuzzleFormatError(source, "invalid JSON: nested too deeply") from None
    except ValueError:
        raise PuzzleFormatError(source, "invalid JSON: a number has too many digits") from None
    if not isinstance(document, dict):
        raise PuzzleFormatError(source, "expected a JSON object with width, height and rooms")
    _check_keys(document, _KEYS, {"width", "height", "rooms"}, "", source)
    return document


class _Object(dict[str, Any]):
    """A decoded JSON object that remembers its first repeated key (``json`` keeps the last)."""

    repeated: str | None = None

    @classmethod
    def from_pairs(cls, pairs: list[tuple[str, Any]]) -> _Object:
        """The object of these key-value pairs (the ``object_pairs_hook``)."""
        value = cls(pairs)
        if len(value) != len(pairs):
            counts = Counter(key for key, _ in pairs)
            value.repeated = next(key for key, count in counts.items() if count > 1)
        return value


def _check_keys(
    value: dict[str, Any], allowed: set[str], required: set[str], path: str, source: str
) -> None:
    """Reject repeated, unknown and missing keys of the object at ``path`` ('' for the top)."""
    where = path or "the puzzle"
    repeated = getattr(value, "repeated", None)
    if repeated is not None:
        raise PuzzleFormatError(source, f"{path}.{repeated}".lstrip(".") + ": key given twice")
    for key in value:
        if key not in allowed:
            raise PuzzleFormatError(source, f"{where}: unknown key {key!r}")
    for key in sorted(required - set(value)):
        raise PuzzleFormatError(source, f"{where}: missing key {key!r}")


def _integer(value: Any, path: str, source: str, minimum: int) -> int:
    """``value`` as an integer of at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise PuzzleFormatError(source, f"{path}: expected an integer, got {_show(value)}")
    if value < minimum:
        raise PuzzleFormatError(source, f"{path}: must be at least {minimum}, got {value}")
    return value


def _show(value: Any) -> str:
    """A value as short JSON for a message."""
    text = json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _puzzle(document: dict[str, Any], source: str) -> Puzzle:
    """The puzzle the checked document describes."""
    variant = document.get("variant", HEYAWAKE)
    if variant not in VARIANTS:
        known = variant_names()
        raise PuzzleFormatError(source, f"variant: expected {known}, got {_show(variant)}")
    width = _integer(document["width"], "width", source, 1)
    height = _integer(document["height"], "height", source, 1)
    grid_size(width, height, source)
    rooms = document["rooms"]
    if not isinstance(rooms, list) or not rooms:
        raise PuzzleFormatError(source, "rooms: expected a non-empty list of rooms")
    room_of: dict[Cell, int] = {}
    built = tuple(
        _room(room, index, width, height, room_of, source) for index, room in enumerate(rooms)
    )
    _check_cover(width, height, room_of, source)
    title, author = (_credit(document, kind, source) for kind in CREDITS)
    try:
        return Puzzle(width, height, built, title, author, variant)
    except InvalidPuzzleError as error:
        raise PuzzleFormatError(source, f"rooms[{error.room}]: {error}") from None


def _credit(document: dict[str, Any], kind: str, source: str) -> str | None:
    """The document's ``title`` or ``author``, when it has one."""
    value = document.get(kind)
    if value is None:
        return None
    if not isinstance(value, str):
        raise PuzzleFormatError(source, f"{kind}: expected a string, got {_show(value)}")
    problem = credit_problem(value)
    if problem is not None:
        raise PuzzleFormatError(source, f"{kind}: {problem}")
    return value


def _room(
    value: Any, index: int, width: int, height: int, room_of: dict[Cell, int], source: str
) -> Room:
    """Room ``index``, its cells checked against the grid and the rooms before it."""
    path = f"rooms[{index}]"
    if not isinstance(value, dict):
        raise PuzzleFormatError(source, f"{path}: expected an object with cells and clue")
    _check_keys(value, _ROOM_KEYS, _ROOM_KEYS, path, source)
    cells = value["cells"]
    if not isinstance(cells, list) or not cells:
        raise PuzzleFormatError(source, f"{path}.cells: expected a non-empty list of [x, y]")
    for number, cell in enumerate(cells):
        where = f"{path}.cells[{number}]"
        x, y = _cell(cell, where, width, height, source)
        if (x, y) in room_of:
            other = room_of[(x, y)]
            also = "listed twice" if other == index else f"also in rooms[{other}]"
            raise PuzzleFormatError(source, f"{where}: cell [{x}, {y}] {also}")
        room_of[(x, y)] = index
    clue = value["clue"]
    hidden = clue == UNKNOWN_CLUE
    if clue is not None and not hidden:
        clue = _integer(clue, f"{path}.clue", source, 0)
    return Room(frozenset(tuple(cell) for cell in cells), None if hidden else clue, hidden)


def _cell(value: Any, path: str, width: int, height: int, source: str) -> Cell:
    """One ``[x, y]`` pair inside the grid."""
    if not isinstance(value, list) or len(value) != 2:
        raise PuzzleFormatError(source, f"{path}: expected [x, y], got {_show(value)}")
    x = _integer(value[0], f"{path}[0]", source, 0)
    y = _integer(value[1], f"{path}[1]", source, 0)
    if x >= width or y >= height:
        raise PuzzleFormatError(
            source, f"{path}: cell [{x}, {y}] is outside the {width}x{height} grid"
        )
    return x, y


def _check_cover(width: int, height: int, room_of: dict[Cell, int], source: str) -> None:
    """Reject a grid with a cell in no room, naming the first such cell."""
    if len(room_of) == width * height:
        return
    missing = next((x, y) for y in range(height) for x in range(width) if (x, y) not in room_of)
    raise PuzzleFormatError(source, f"rooms: cell [{missing[0]}, {missing[1]}] is in no room")


def _solution(value: Any, puzzle: Puzzle, source: str) -> Grid:
    """The solution rows, checked against the grid's size."""
    if not isinstance(value, list) or len(value) != puzzle.height:
        raise PuzzleFormatError(source, f"solution: expected a list of {puzzle.height} rows")
    for y, row in enumerate(value):
        if not isinstance(row, str) or len(row) != puzzle.width:
            raise PuzzleFormatError(
                source, f"solution[{y}]: expected a string of {puzzle.width} cells"
            )
        for x, char in enumerate(row):
            if char not in (BLACK, WHITE):
                raise PuzzleFormatError(
                    source, f"solution[{y}][{x}]: unexpected {char!r} (use '#' or '.')"
                )
    return tuple(value)
