"""Questions with connectivity asked of a window of a large grid, not of the whole grid's program.

A question whose instances and settled cells lie in a window needs the
grid outside only to join white cells: no instance holds there, so each
connected part of it may be all white, or all black (``encodings/steps/
window.lp``). The window's program answers exactly as the whole grid's
does, and its models cost a pass over the window only: deletion's
questions on a square's reason, which cells the reason forces, and
whether it needs cases.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
>>> [sorted(part) for part in outside_parts(strip, Box(1, 0, 2, 0))]
[[(0, 0)], [(3, 0), (4, 0)]]
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

import clingo

from heyawake_asp.asp.control import ground_program
from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.kinds import RULE_KINDS
from heyawake_asp.steps.local import rule_facts
from heyawake_asp.steps.model import Rule
from heyawake_asp.steps.selectors import cell_symbol, literal_of, use_symbol

__all__: list[str] = []


@dataclass(frozen=True)
class Box:
    """The cells from column ``left`` to ``right`` and row ``top`` to ``bottom``, inclusive."""

    left: int
    top: int
    right: int
    bottom: int

    def contains(self, cell: Cell) -> bool:
        """Whether ``cell`` lies in the box."""
        x, y = cell
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def cells(self) -> Iterable[Cell]:
        """The box's cells, row-major."""
        for y in range(self.top, self.bottom + 1):
            for x in range(self.left, self.right + 1):
                yield x, y

    @property
    def area(self) -> int:
        """How many cells the box has."""
        return (self.right - self.left + 1) * (self.bottom - self.top + 1)

    def corners(self) -> tuple[Cell, Cell]:
        """The top left and bottom right cells."""
        return (self.left, self.top), (self.right, self.bottom)

    def holds(self, cells: Iterable[Cell]) -> bool:
        """Whether every one of ``cells`` lies in the box."""
        return all(map(self.contains, cells))

    @classmethod
    def around(cls, cells: Collection[Cell]) -> Box:
        """The smallest box holding every one of ``cells`` (at least one)."""
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        return cls(min(xs), min(ys), max(xs), max(ys))


def in_windows(rule: Rule) -> bool:
    """Whether a window's program holds instances of ``rule``'s kind (others need the grid).

    Connectivity, and the kinds a local program states (`RuleKind.local`).
    """
    return rule.kind == "connected" or bool(RULE_KINDS[rule.kind].local)


def outside_parts(puzzle: Puzzle, box: Box) -> list[set[Cell]]:
    """The connected parts of the grid outside ``box``, first cell row-major first.

    Around a box that spans neither the grid's width nor its height, a row
    and a column outside it cross, and every cell outside reaches one of
    them: one part. A box across the grid leaves the cells before it and
    those after it (a window's program is built for every deletion: no search).
    """
    width, height = puzzle.width, puzzle.height
    if box.left == 0 and box.right == width - 1:
        sides = [range(0, box.top), range(box.bottom + 1, height)]
        found = [{(x, y) for y in rows for x in range(width)} for rows in sides]
    elif box.top == 0 and box.bottom == height - 1:
        sides = [range(0, box.left), range(box.right + 1, width)]
        found = [{(x, y) for y in range(height) for x in columns} for columns in sides]
    else:
        found = [{cell for cell in puzzle.cells() if not box.contains(cell)}]
    return [part for part in found if part]


TILE_STRIDES = (8, 7, 6, 5, 4)
"""Cells between tiles, the first that pays (`tile_stride`): larger tiles are fewer, cost more."""

TILE_SHARE = 2 / 3
"""The most of a grid a tile holds: a tile's question costs about its share of the whole grid's."""

CUT_TILE_SHARE = 1 / 2
"""The most of a grid a tile cut to one of its sides holds (`tile_stride`)."""


@functools.cache  # asked at every square of a walk, the same each time
def tile_stride(reach: int, width: int, height: int) -> int | None:
    """The cells between the tiles of a grid of that size (`tile_around`), or None: no tile pays.

    The largest of `TILE_STRIDES` whose tiles hold at most `TILE_SHARE` of
    the grid, or `CUT_TILE_SHARE` where they are cut to a side of it.
    Measured: a 30x30's path takes 0.76 of its time with 24x24 tiles, a
    38x22's 0.86 with 22x22 ones rather than 25x22; a 60x20's 0.77 with
    25x20 ones (0.42 of it); but on a 36x20 and semiexp-p9's 20x36, tiles
    cut to the short side holding 0.58 to 0.64 of the grid made each path
    slower than none.

    >>> [tile_stride(8, w, h) for w, h in [(45, 31), (30, 30), (38, 22), (60, 20), (36, 20)]]
    [8, 7, 5, 8, None]
    """
    for stride in TILE_STRIDES:
        side = 2 * reach + 1 + stride
        share = min(side, width) * min(side, height) / (width * height)
        fits = side <= min(width, height)
        if share <= (TILE_SHARE if fits else CUT_TILE_SHARE):
            return stride
    return None


def tile_around(box: Box, reach: int, stride: int, width: int, height: int) -> Box:
    """The tile holding ``box`` (within ``reach`` cells of a cell) on a grid of that size.

    Tiles have sides of ``2 * reach + 1 + stride`` cells and start every
    ``stride`` cells (`tile_stride`), the last at the grid's far edges, so
    that one holds any such box; a few tiles serve every square of a grid.

    >>> tile_around(Box(9, 0, 25, 16), 8, 8, 45, 31)
    Box(left=8, top=0, right=32, bottom=24)
    """
    side = 2 * reach + 1 + stride

    def start(low: int, extent: int) -> int:
        return min(low - low % stride, max(extent - side, 0))

    left, top = start(box.left, width), start(box.top, height)
    return Box(left, top, min(left + side, width) - 1, min(top + side, height) - 1)


DECIDE_CELLS = ("--heuristic=Domain", "--dom-mod=level,show")
"""Large grids and their windows: clingo decides the cells' colours (shown) first, not reachability.

Fewer choices, and no heavy tail: on a window of a generated 45x31 a
deletion's question that clingo's default branching refuted after 370,000
conflicts (19 s; 1.3 million and minutes in the walk's program) it refutes
after 216; the walks measured ask none afresh (`heyawake_asp.steps.engine.CONFLICTS`).
"""

_WINDOW_OPTIONS = ("--forget-on-step=varScores", *DECIDE_CELLS)
"""Each question to a window starts from fresh branching scores, cells decided first.

A window answers many questions (a tile, hundreds); the scores its earlier
questions left sent a few later ones into long searches (in a 130-cell
window, 0.7 s for one that takes 5 ms asked of a fresh program).
"""


class WindowProgram:
    """The instances within a window (``box``) and connectivity, ground on the window's cells.

    A question may switch on any subset of the instances.

    Attributes
    ----------
    black : dict
        The literal of ``black(X, Y)`` for each cell of the window.
    rules : frozenset
        The instances ground here (connectivity aside).
    """

    def __init__(self, puzzle: Puzzle, box: Box, rules: Collection[Rule]) -> None:
        ordered = sorted(rule for rule in rules if rule.kind != "connected")
        self.box = box
        parts = outside_parts(puzzle, box)
        self._part = {cell: index for index, part in enumerate(parts) for cell in part}
        facts = [rule_facts(puzzle, ordered)]
        facts += [f"cell({x},{y})." for x, y in box.cells()]
        facts += [f"part({index})." for index in range(len(parts))]
        facts += [
            f"beside({self._part[other]},{x},{y})."
            for x, y in box.cells()
            for other in neighbours((x, y))
            if other in self._part
        ]
        program = encodings_dir() / "steps" / "window.lp"
        self.control, _ = ground_program(
            (program,), "\n".join(facts), models=1, options=_WINDOW_OPTIONS
        )
        atoms = self.control.symbolic_atoms
        self.black = {cell: literal_of(atoms, cell_symbol("black", cell)) for cell in box.cells()}
        self._index = {rule: index for index, rule in enumerate(ordered)}
        self.rules = frozenset(self._index)
        # Looked up when first switched: a deletion window switches a few dozen of its hundreds.
        self._switch: dict[Rule, int] = {}
        self._connected = literal_of(atoms, clingo.Function("use", [clingo.Function("connected")]))
        self._rooted: tuple[clingo.Symbol, ...] = ()

    def switch(self, rule: Rule) -> int:
        """The selector literal of a rule (connectivity whatever its roots)."""
        if rule.kind == "connected":
            return self._connected
        literal = self._switch.get(rule)
        if literal is None:  # KeyError for an instance not ground here
            symbol = use_symbol(self._index[rule])
            literal = self._switch[rule] = literal_of(self.control.symbolic_atoms, symbol)
        return literal

    def root_at(self, roots: Iterable[Cell]) -> None:
        """Connectivity measured from ``roots``: a cell outside the window roots its part."""
        nodes = tuple(dict.fromkeys(self._node(cell) for cell in roots))
        if nodes != self._rooted:
            for node in self._rooted:
                self.control.assign_external(clingo.Function("root", [node]), False)
            for node in nodes:
                self.control.assign_external(clingo.Function("root", [node]), True)
            self._rooted = nodes

    def _node(self, cell: Cell) -> clingo.Symbol:
        """The node of a cell: itself in the window, else the part outside holding it."""
        if self.box.contains(cell):
            return clingo.Function("c", [clingo.Number(cell[0]), clingo.Number(cell[1])])
        return clingo.Function("p", [clingo.Number(self._part[cell])])

    def assumptions(
        self, rules: Iterable[Rule], known: Mapping[Cell, bool]
    ) -> tuple[int, ...] | None:
        """``rules`` switched on and ``known`` cells set; None when the window lacks any of them.

        An instance switched on only rules shadings out, so the others are
        left free: a question holds exactly when it holds with them off, and
        clingo is spared a window's thousands of assumptions. With
        connectivity a cell no instance constrains still joins white cells,
        so none is fixed white (unlike `LocalProgram.assumptions`).
        """
        switched = self._switch  # most questions switch instances switched before: looked up here
        try:
            assumed = [switched.get(rule) or self.switch(rule) for rule in rules]
            assumed += [
                self.black[cell] if black else -self.black[cell] for cell, black in known.items()
            ]
        except KeyError:  # an instance not ground here, or a cell outside the window
            return None
        return tuple(assumed)
