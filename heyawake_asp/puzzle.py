"""The puzzle model: a grid split into rooms, some of which carry a clue.

>>> room = Room(frozenset({(0, 0), (1, 0)}), clue=1)
>>> Puzzle(2, 1, (room,)).cell_count
2
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from heyawake_asp.errors import InvalidPuzzleError
from heyawake_asp.variants import HEYAWAKE, variant_named

__all__ = [
    "CREDITS",
    "MAX_CELLS",
    "UNKNOWN_CLUE",
    "Cell",
    "Puzzle",
    "Room",
    "cell_name",
    "credit_problem",
    "neighbours",
    "reachable",
]

MAX_CELLS = 1_000_000
"""The largest grid accepted, so a typo in a size cannot exhaust memory."""

CREDITS = ("title", "author")
"""The puzzle's credits: its fields that say who made it and what it is called."""

MAX_CREDIT = 200
"""The longest title or author name, in characters."""

UNKNOWN_CLUE = "?"
"""How a room with a number that is not given is written and drawn."""

Cell = tuple[int, int]
"""A cell as ``(x, y)``: ``x`` is the column, ``y`` the row, both from 0."""

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def cell_name(cell: Cell) -> str:
    """How people name a cell: ``r4c7`` for row 4, column 7 from 1 (the cell ``(6, 3)``)."""
    return f"r{cell[1] + 1}c{cell[0] + 1}"


@dataclass(frozen=True)
class Room:
    """A room: a set of cells and an optional clue (``None`` for no number).

    Rooms may have any shape; rectangles are only the common case.
    ``name`` is what the puzzle's file calls the room (the text format's
    letter, the KTH format's number), if anything; it takes no part in
    equality, so a puzzle read from two formats compares equal.
    ``hidden_clue`` marks a room that carries a number whose value is not
    given (drawn ``?``): it constrains nothing, like a room without a
    number, and is only kept so that it can be written and drawn again.

    Raises
    ------
    InvalidPuzzleError
        When ``hidden_clue`` is set together with a ``clue``.
    """

    cells: frozenset[Cell]
    clue: int | None = None
    hidden_clue: bool = False
    name: str | None = field(default=None, compare=False)
    bounds: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    """The bounding box ``(x1, y1, x2, y2)``, corners inclusive (``(0, 0, -1, -1)`` if empty)."""
    is_rectangle: bool = field(init=False, repr=False, compare=False)
    """Whether the room fills its bounding box exactly (an empty room does not)."""

    def __post_init__(self) -> None:
        """Reject a room with both a clue and a hidden clue; find its bounds."""
        if self.hidden_clue and self.clue is not None:
            raise InvalidPuzzleError(
                f"a room with a hidden clue ({UNKNOWN_CLUE!r}) cannot also have clue {self.clue}"
            )
        x1, y1, x2, y2 = bounds = _bounds(self.cells)
        object.__setattr__(self, "bounds", bounds)
        filled = bool(self.cells) and len(self.cells) == (x2 - x1 + 1) * (y2 - y1 + 1)
        object.__setattr__(self, "is_rectangle", filled)

    @classmethod
    def rectangle(
        cls, x1: int, y1: int, x2: int, y2: int, clue: int | None = None, name: str | None = None
    ) -> Room:
        """Build the rectangular room with inclusive corners ``(x1, y1)`` and ``(x2, y2)``."""
        cells = frozenset(itertools.product(range(x1, x2 + 1), range(y1, y2 + 1)))
        return cls(cells, clue, name=name)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle a rectangle by its corners: its cells can be millions (sent to a child)."""
        if self.cells and self.is_rectangle and not self.hidden_clue:
            return Room.rectangle, (*self.bounds, self.clue, self.name)
        return Room, (self.cells, self.clue, self.hidden_clue, self.name)

    @property
    def clue_text(self) -> str | None:
        """The clue as drawn: its digits, ``?`` for a hidden clue, ``None`` for no number."""
        if self.hidden_clue:
            return UNKNOWN_CLUE
        return None if self.clue is None else str(self.clue)

    @property
    def is_symmetric(self) -> bool:
        """Whether the room is point-symmetric about its centre (a rectangle always is)."""
        x1, y1, x2, y2 = self.bounds
        return self.is_rectangle or all(
            (x1 + x2 - x, y1 + y2 - y) in self.cells for x, y in self.cells
        )

    @functools.cached_property
    def first_cell(self) -> Cell:
        """The room's first cell in row-major order (where its clue is drawn)."""
        return min(self.cells, key=lambda cell: (cell[1], cell[0]))


@dataclass(frozen=True)
class Puzzle:
    """A Heyawake puzzle, validated on construction.

    ``title`` and ``author`` are the puzzle's credits, kept by the formats
    that hold them (text, JSON); like a room's name they take no part in
    equality. ``variant`` names its member of the Heyawake family
    (`heyawake_asp.variants`): its rules are Heyawake's and the variant's.

    Raises
    ------
    InvalidPuzzleError
        When the grid is empty, the rooms do not tile it exactly, a room is
        not orthogonally connected, a clue does not fit its room, a
        credit is empty, too long or holds a control character, the variant
        is unknown, or its rooms must be symmetric and one is not.

    Notes
    -----
    Everything downstream trusts a constructed ``Puzzle``.
    """

    width: int
    height: int
    rooms: tuple[Room, ...]
    title: str | None = field(default=None, compare=False)
    author: str | None = field(default=None, compare=False)
    variant: str = HEYAWAKE
    _room_of: dict[Cell, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Validate the puzzle and index each cell's room."""
        object.__setattr__(self, "rooms", tuple(self.rooms))
        if self.width < 1 or self.height < 1:
            raise InvalidPuzzleError(f"grid must be at least 1x1, got {self.width}x{self.height}")
        if self.width * self.height > MAX_CELLS:
            raise InvalidPuzzleError(
                f"grid {self.width}x{self.height} has more than {MAX_CELLS} cells"
            )
        for kind in CREDITS:
            problem = credit_problem(getattr(self, kind))
            if problem is not None:
                raise InvalidPuzzleError(f"the {kind} {problem}")
        try:
            symmetric = variant_named(self.variant).symmetric_rooms
        except KeyError as error:
            raise InvalidPuzzleError(error.args[0]) from None
        object.__setattr__(self, "_room_of", self._index_rooms())
        for index, room in enumerate(self.rooms):
            _check_room(room, index)
            if symmetric and not room.is_symmetric:
                raise InvalidPuzzleError(
                    f"the room at {cell_name(room.first_cell)} is not symmetric about its "
                    f"centre, as every room of {self.variant} must be",
                    room=index,
                )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the grid, rooms, credits and variant: the cell index is rebuilt, faster."""
        return Puzzle, (self.width, self.height, self.rooms, self.title, self.author, self.variant)

    def _index_rooms(self) -> dict[Cell, int]:
        """Map every cell to its room index, rejecting overlaps, strays and holes."""
        room_of: dict[Cell, int] = {}
        for index, room in enumerate(self.rooms):
            room_of.update(dict.fromkeys(room.cells, index))
        sizes = sum(len(room.cells) for room in self.rooms)
        if sizes == len(room_of) == self.cell_count and all(map(self._holds, self.rooms)):
            return room_of
        return self._index_rooms_strictly()

    def _holds(self, room: Room) -> bool:
        """Whether the grid holds all of a non-empty room."""
        if not room.cells:
            return True
        x1, y1, x2, y2 = room.bounds
        return 0 <= x1 and 0 <= y1 and x2 < self.width and y2 < self.height

    def _index_rooms_strictly(self) -> dict[Cell, int]:
        """As `_index_rooms`, cell by cell in a fixed order, to name the first fault found."""
        room_of: dict[Cell, int] = {}
        for index, room in enumerate(self.rooms):
            for cell in sorted(room.cells, key=lambda c: (c[1], c[0])):
                if not self.contains(cell):
                    raise InvalidPuzzleError(
                        f"room {index + 1} has cell {cell_name(cell)} outside the "
                        f"{self.width}x{self.height} grid",
                        room=index,
                    )
                if cell in room_of:
                    rooms = f"room {room_of[cell] + 1} and room {index + 1}"
                    raise InvalidPuzzleError(
                        f"cell {cell_name(cell)} is in two rooms: {rooms}",
                        room=index,
                    )
                room_of[cell] = index
        for cell in self.cells():
            if cell not in room_of:
                raise InvalidPuzzleError(f"cell {cell_name(cell)} is not in any room")
        return room_of

    def contains(self, cell: Cell) -> bool:
        """Whether ``cell`` lies inside the grid."""
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell in row-major order."""
        for y in range(self.height):
            for x in range(self.width):
                yield x, y

    @property
    def cell_count(self) -> int:
        """The number of cells in the grid."""
        return self.width * self.height

    def room_index(self, cell: Cell) -> int:
        """The index into ``rooms`` of the room holding ``cell``."""
        return self._room_of[cell]

    @functools.cached_property
    def _names(self) -> tuple[str, ...] | None:
        """The rooms' own names, when every room has one and no two share it."""
        names = tuple(room.name for room in self.rooms if room.name is not None)
        return names if len(set(names)) == len(self.rooms) else None

    def room_label(self, index: int) -> str:
        """What tells room ``index`` apart: its own name (``f``, ``3``), else its first cell."""
        if self._names is None:
            return cell_name(self.rooms[index].first_cell)
        return self._names[index]

    def room_noun(self, count: int = 1) -> str:
        """The words before ``count`` room labels: ``room(s)``, or ``the room(s) at`` for cells."""
        noun = "room" if count == 1 else "rooms"
        return noun if self._names is not None else f"the {noun} at"

    def room_name(self, index: int) -> str:
        """Room ``index`` as people say it: ``room f``, ``room 3`` or ``the room at r1c2``."""
        return f"{self.room_noun()} {self.room_label(index)}"

    @property
    def credits(self) -> dict[str, str]:
        """The credits the puzzle has, by name (``title``, ``author``), in :data:`CREDITS` order."""
        found = {kind: getattr(self, kind) for kind in CREDITS}
        return {kind: text for kind, text in found.items() if text is not None}

    @property
    def is_rectangular(self) -> bool:
        """Whether every room is a rectangle."""
        return all(room.is_rectangle for room in self.rooms)

    def with_clues(self, clues: Sequence[int | None]) -> Puzzle:
        """The same rooms with new clues, one per room in order (``None`` for no number).

        Hidden clues (``?``) are dropped: the rooms get exactly ``clues``; names are kept.
        """
        if len(clues) != len(self.rooms):
            raise ValueError(f"{len(clues)} clues given for {len(self.rooms)} rooms")
        rooms = tuple(
            Room(room.cells, clue, name=room.name)
            for room, clue in zip(self.rooms, clues, strict=True)
        )
        return Puzzle(self.width, self.height, rooms, self.title, self.author, self.variant)


def credit_problem(text: str | None) -> str | None:
    """What is wrong with a title or author (``None`` when nothing is): words after "the title"."""
    if text is None:
        return None
    if not text.strip():
        return "is empty"
    if len(text) > MAX_CREDIT:
        return f"has {len(text)} characters, at most {MAX_CREDIT} are kept"
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
        return "holds a control character: it must be one line of text"
    if text != text.strip():
        return "starts or ends with a space"
    return None


def _bounds(cells: frozenset[Cell]) -> tuple[int, int, int, int]:
    """The bounding box of ``cells``, ``(0, 0, -1, -1)`` for none."""
    if len(cells) == 1:
        ((x, y),) = cells
        return x, y, x, y
    if not cells:
        return 0, 0, -1, -1
    xs, ys = zip(*cells, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The four orthogonal neighbours of ``cell`` (some may lie off the grid)."""
    x, y = cell
    for dx, dy in _STEPS:
        yield x + dx, y + dy


def _check_room(room: Room, index: int) -> None:
    """Reject an empty or disconnected room and a clue that cannot fit."""
    if not room.cells:
        raise InvalidPuzzleError(f"room {index + 1} has no cells", room=index)
    if room.clue is not None and not 0 <= room.clue <= len(room.cells):
        raise InvalidPuzzleError(
            f"room {index + 1} has clue {room.clue} but only {len(room.cells)} cells",
            room=index,
        )
    if not room.is_rectangle and len(reachable(room.first_cell, room.cells)) != len(room.cells):
        raise InvalidPuzzleError(f"room {index + 1} is not orthogonally connected", room=index)


def reachable(start: Cell, allowed: Iterable[Cell]) -> set[Cell]:
    """The cells of ``allowed`` reachable from ``start`` in orthogonal steps."""
    allowed = set(allowed)
    seen = {start}
    stack = [start]
    while stack:
        for nxt in neighbours(stack.pop()):
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def parts(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The orthogonally connected parts of ``cells``, in the order of their first cell there."""
    order = list(cells)
    rest = set(order)
    found: list[set[Cell]] = []
    for cell in order:
        if cell in rest:
            part = reachable(cell, rest)
            rest -= part
            found.append(part)
    return found
