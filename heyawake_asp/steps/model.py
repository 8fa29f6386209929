"""What an explanation is made of: rule instances, reasons, steps and whole paths.

>>> rule = Rule("adjacent", ((0, 0), (1, 0)))
>>> step = Step((((1, 0), False),), Reason((rule,), (((0, 0), True),)), "adjacent", 2, "...")
>>> step.cells, step.reason.size
((((1, 0), False),), 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Cell

__all__ = ["Hint", "Reason", "Rule", "Settled", "Step", "Walkthrough", "row_major"]

Kind: TypeAlias = str
"""A kind of step: a name of `heyawake_asp.steps.kinds.STEP_KINDS`."""
Settled = tuple[Cell, bool]
"""A cell and its colour: True for black, False for white."""


def row_major(cell: Cell) -> tuple[int, int]:
    """Sort key for cells: row, then column."""
    return cell[1], cell[0]


@dataclass(frozen=True)
class Rule:
    """One instance of a rule of the puzzle.

    Attributes
    ----------
    kind : str
        A name of `heyawake_asp.steps.kinds.RULE_KINDS`, whose row says what
        the instance states of its cells and room.
    cells : tuple of Cell
        The cells the instance constrains, row-major (a run: in line order).
    room : int or None
        For an instance of a room (a clue, ``apart``, ``mirror``, ...), the
        index of its room in ``Puzzle.rooms``.
    """

    kind: str
    cells: tuple[Cell, ...]
    room: int | None = None
    # A walk hashes and sorts its thousands of instances again and again: key and hash made once.
    _key: tuple[str, tuple[Cell, ...], int] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_key", (self.kind, self.cells, -1 if self.room is None else self.room)
        )
        object.__setattr__(self, "_hash", hash((self.kind, self.cells, self.room)))

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Rule) -> bool:
        """By kind, then cells, then room: sorted, instances ask clingo alike in every run."""
        return self._key < other._key

    @property
    def key(self) -> tuple[str, tuple[Cell, ...], int]:
        """What instances are sorted by (`__lt__`): kind, cells, room (-1 for none)."""
        return self._key

    def __reduce__(self) -> tuple[type[Rule], tuple[str, tuple[Cell, ...], int | None]]:
        """Pickled without its hash: a string's hash differs from one process to another."""
        return Rule, (self.kind, self.cells, self.room)


@dataclass(frozen=True)
class Reason:
    """Why cells are forced: rule instances and the settled cells they read.

    Minimal: without any one of its rules or cells, some cell it settles
    could take either colour.
    """

    rules: tuple[Rule, ...]
    known: tuple[Settled, ...]

    @property
    def size(self) -> int:
        """How many parts the reason has: rule instances and settled cells."""
        return len(self.rules) + len(self.known)


@dataclass(frozen=True)
class Step:
    """One deduction: the cells it settles, with their minimal reason, a cost and a sentence.

    ``cells`` lists each newly settled cell with its colour (True black);
    ``kind`` is a kind of step (`Kind`); ``cost`` grows with the reason's size and
    with reasoning by cases.
    """

    cells: tuple[Settled, ...]
    reason: Reason
    kind: Kind
    cost: int
    text: str


@dataclass(frozen=True)
class Walkthrough:
    """The whole path of steps and where it ends.

    Attributes
    ----------
    status : str
        ``solved``: the steps settle every cell (the unique solution);
        ``several``: the puzzle has several solutions, and the steps settle
        the cells they all share; ``unsolvable``: no solution, and
        ``conflict`` names a minimal set of clues (room indices) that
        cannot all hold, empty when the rooms alone admit no shading;
        ``timeout``: the time ran out after these steps; ``interrupted``:
        stopped (Ctrl-C) after these steps.
    steps : tuple of Step
        The deductions, in order.
    grid : Grid
        Rows of ``#`` black, ``.`` white and ``?`` unsettled at the end.
    conflict : tuple of int
        See ``status``.
    most : int or None
        When ``conflict`` is one dense room whose clue is above the most black
        cells it can hold: that most (`heyawake_asp.queries.Explanation`).
    """

    status: Literal["solved", "several", "unsolvable", "timeout", "interrupted"]
    steps: tuple[Step, ...]
    grid: Grid
    conflict: tuple[int, ...] = ()
    most: int | None = None


@dataclass(frozen=True)
class Hint:
    """The next step from a partial shading, or the given cells that already conflict.

    Exactly one of ``step`` and ``conflict`` is set, unless the given cells
    settle everything there is to settle, or the puzzle has no solution
    (then both are None). ``unsolvable``, set only then, names a minimal set
    of clues (room indices) that cannot all hold, as `Walkthrough.conflict`,
    and ``most`` as `Walkthrough.most`.
    """

    step: Step | None
    conflict: tuple[Cell, ...] | None
    unsolvable: tuple[int, ...] | None = None
    most: int | None = None
