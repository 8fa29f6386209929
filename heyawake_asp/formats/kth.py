"""The KTH (2014 thesis) instance format: ``.lp`` facts describing rectangles.

::

    width(6). height(6).
    room(Id, X1, Y1, X2, Y2, N).   % inclusive corners, N = -1: no number

Coordinates are zero-indexed, X the column and Y the row. The file is parsed
as data by a strict reader and never handed to clingo. Each ``room/6`` fact is
its own room (ids are labels and may repeat: messages name a room by its
top-left cell, as people find it on the board); a clue below -1 is read as no
number, with a :class:`~heyawake_asp.errors.PuzzleWarning`. The format has
no hidden clue (``?``): the writer writes one as -1, with a warning.

>>> puzzle = read("width(2). height(1). room(1,0,0,1,0,1).", "tiny.lp")
>>> print(write(puzzle), end="")
width(2).
height(1).
room(1,0,0,1,0,1).
"""

from __future__ import annotations

import re
import warnings
from typing import NamedTuple, NoReturn

from heyawake_asp.errors import InvalidPuzzleError, PuzzleFormatError, PuzzleWarning
from heyawake_asp.formats.source import grid_size
from heyawake_asp.puzzle import Puzzle, Room
from heyawake_asp.variants import HEYAWAKE

__all__ = ["read", "write"]

_COMMENT = re.compile(r"%[^\n]*")
_SPACE = re.compile(r"\s*")
_FACT = re.compile(r"([a-z_]\w*+)\s*+\(([^()]*+)\)")
_DOT = re.compile(r"\s*\.")
_STATEMENT = re.compile(r"([a-z_]\w*+)\s*+\(([-\d,\s]*+)\)\s*+\.\s*+")
"""A fact whose arguments may be integers, with its full stop; `_values` checks them.

Possessive (``*+``): a failed match gives nothing back, so it costs no more
than the text it scanned."""
_INTEGER = re.compile(r"-?\d+")
_ARITY = {"width": 1, "height": 1, "room": 6}


class _Fact(NamedTuple):
    """One parsed fact with the 1-based line and column it starts at."""

    name: str
    args: tuple[int, ...]
    line: int
    column: int


def read(text: str, source: str) -> Puzzle:
    """Parse KTH facts into a :class:`Puzzle`.

    Raises
    ------
    PuzzleFormatError
        On anything but ``width/1``, ``height/1`` and ``room/6`` facts and
        ``%`` comments, and on a puzzle those facts do not describe validly.
    """
    facts = _parse_facts(text, source)
    width = _single(facts, "width", source)
    height = _single(facts, "height", source)
    grid_size(width, height, source)
    room_facts = _covering([fact for fact in facts if fact.name == "room"], width, height)
    rooms = tuple(_room(fact, source, width, height) for fact in room_facts)
    _warn_clues_below_minus_one(room_facts, source)
    try:
        return Puzzle(width, height, rooms)
    except InvalidPuzzleError as error:
        at = room_facts[error.room] if error.room is not None else None
        raise PuzzleFormatError(
            source, str(error), at.line if at else None, at.column if at else None
        ) from None


def write(puzzle: Puzzle) -> str:
    """The puzzle as KTH facts, rooms numbered from 1 and ``-1`` for no number.

    A hidden clue (``?``) is written as ``-1`` too, with a
    :class:`~heyawake_asp.errors.PuzzleWarning`: solving is the same.

    Raises
    ------
    InvalidPuzzleError
        When a room is not a rectangle, or the puzzle a variant's: the format
        cannot express it.
    """
    if puzzle.variant != HEYAWAKE:
        raise InvalidPuzzleError(f"an {puzzle.variant} puzzle: the KTH format holds Heyawake only")
    hidden = [index for index, room in enumerate(puzzle.rooms) if room.hidden_clue]
    if hidden:
        warnings.warn(
            f"KTH cannot hold a hidden clue '?': written as -1 (no number) for "
            f"{len(hidden)} room(s), first {puzzle.room_name(hidden[0])}",
            PuzzleWarning,
            stacklevel=2,
        )
    lines = [f"width({puzzle.width}).", f"height({puzzle.height})."]
    for number, room in enumerate(puzzle.rooms, 1):
        if not room.is_rectangle:
            raise InvalidPuzzleError(
                f"{puzzle.room_name(number - 1)} is not a rectangle: "
                "the KTH format holds rectangles only",
                room=number - 1,
            )
        x1, y1, x2, y2 = room.bounds
        clue = -1 if room.clue is None else room.clue
        lines.append(f"room({number},{x1},{y1},{x2},{y2},{clue}).")
    return "\n".join(lines) + "\n"


def _parse_facts(text: str, source: str) -> list[_Fact]:
    """Scan the whole text into facts, rejecting anything else.

    Each fact is matched where the previous one ended, and lines are counted
    as the scan goes, so the time is linear in the text; the first text that
    is not a well-formed fact (a gap, an unknown name, a wrong argument) is
    the fault `_reject` names.
    """
    code = _COMMENT.sub(lambda match: " " * len(match.group()), text) if "%" in text else text
    position = _SPACE.match(code, 0).end()  # type: ignore[union-attr]
    facts = []
    line, line_start, counted = 1, 0, 0
    while statement := _STATEMENT.match(code, position):
        name, text_args = statement.groups()
        args = _values(text_args)
        if args is None or len(args) != _ARITY.get(name):
            break
        line += code.count("\n", counted, position)
        line_start = max(line_start, code.rfind("\n", counted, position) + 1)
        counted = position
        facts.append(_Fact(name, args, line, position - line_start + 1))
        position = statement.end()
    if position < len(code):
        _reject(code, position, source)
    if not facts:
        raise PuzzleFormatError(source, "empty puzzle: no width, height or room facts")
    return facts


def _values(text: str) -> tuple[int, ...] | None:
    """The integers of a comma-separated argument list; None if one is not an integer."""
    try:
        return tuple(map(int, text.split(",")))
    except ValueError:
        return None


def _reject(code: str, position: int, source: str) -> NoReturn:
    """Raise the error for the text at ``position``, which is not a well-formed fact."""
    match = _FACT.match(code, position)
    if match is None or match.group(1) not in _ARITY:
        snippet = code[position : position + 30].split("\n", 1)[0].strip()
        raise PuzzleFormatError(
            source,
            f"unexpected {snippet!r}: expected width/1, height/1 or room/6 facts",
            *_locate(code, position),
        )
    name = match.group(1)
    if not _DOT.match(code, match.end()):
        raise PuzzleFormatError(
            source, f"missing '.' after {name}/{_ARITY[name]} fact", *_locate(code, match.end())
        )
    parts = [part.strip() for part in match.group(2).split(",")]
    if len(parts) != _ARITY[name]:
        message = f"{name} takes {_ARITY[name]} arguments, got {len(parts)}"
    elif wrong := [part for part in parts if not _INTEGER.fullmatch(part)]:
        message = f"{name} argument {wrong[0]!r} is not an integer"
    else:
        message = f"{name} argument {max(parts, key=len)[:20]}... is too long"
    raise PuzzleFormatError(source, message, *_locate(code, position))


def _locate(text: str, position: int) -> tuple[int, int]:
    """The 1-based line and column of ``position`` in ``text``."""
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return line, column


def _single(facts: list[_Fact], name: str, source: str) -> int:
    """The value of the one ``name/1`` fact, which must be positive."""
    found = [fact for fact in facts if fact.name == name]
    if not found:
        raise PuzzleFormatError(source, f"missing {name}/1 fact")
    if len(found) > 1:
        raise PuzzleFormatError(
            source, f"{name} given twice (first on line {found[0].line})", found[1].line
        )
    value = found[0].args[0]
    if value < 1:
        raise PuzzleFormatError(
            source, f"{name} must be at least 1, got {value}", found[0].line, found[0].column
        )
    return value


def _room(fact: _Fact, source: str, width: int, height: int) -> Room:
    """The room a ``room/6`` fact describes, checked against the grid before it is built."""
    _, x1, y1, x2, y2, clue = fact.args
    if x1 > x2 or y1 > y2:
        raise PuzzleFormatError(
            source,
            f"room corners ({x1},{y1}) and ({x2},{y2}) are not top-left and bottom-right",
            fact.line,
            fact.column,
        )
    if x1 < 0 or y1 < 0 or x2 >= width or y2 >= height:
        raise PuzzleFormatError(
            source,
            f"room ({x1},{y1})-({x2},{y2}) is outside the {width}x{height} grid",
            fact.line,
            fact.column,
        )
    return Room.rectangle(x1, y1, x2, y2, clue if clue >= 0 else None)


def _covering(room_facts: list[_Fact], width: int, height: int) -> list[_Fact]:
    """The room facts up to the first whose rooms together outgrow the grid.

    Rooms that cover more cells than the grid has must overlap, and
    :class:`Puzzle` names the first shared cell among these; stopping there
    bounds the cells built by twice the grid, however many facts follow.
    """
    cells = 0
    for index, fact in enumerate(room_facts):
        _, x1, y1, x2, y2, _ = fact.args
        cells += max(x2 - x1 + 1, 0) * max(y2 - y1 + 1, 0)
        if cells > width * height:
            return room_facts[: index + 1]
    return room_facts


def _warn_clues_below_minus_one(room_facts: list[_Fact], source: str) -> None:
    """One warning for the clues below -1, which are read as no number."""
    below = [fact for fact in room_facts if fact.args[5] < -1]
    if below:
        more = f" (and {len(below) - 1} more below -1)" if len(below) > 1 else ""
        warnings.warn(
            f"{source}:{below[0].line}: clue {below[0].args[5]} read as no number{more}",
            PuzzleWarning,
            stacklevel=3,
        )
