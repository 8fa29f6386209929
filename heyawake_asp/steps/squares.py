"""The last level: a few cells every instance at once forces, explained from squares around them.

The squares around the forced cells with most settled cells near grow
together; the cells explained in the smallest square that explains any
compete. Failing that, the other forced cells are tried in the largest
square in turn, and last the whole grid, whose cores cost much more to
shrink (in windows narrowing around the parts left, `minimal_reason`).

On grids several times a square's size, squares are asked of tiles
(`heyawake_asp.steps.window.tile_around`): programs ground on a part of the
grid, a few for every square, each asked once what its instances force. A
cell its tile leaves open is open in every square within it (`_left_open`
says when): no question. A shading of the whole tile with a cell the other
colour shows barren the square of every cell it colours otherwise, for as
long as none of those is settled (`_tile_shading`): a walk asks few squares.
A square that does force its cell is asked again of the whole grid's
program, whose cores deletion starts from.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> squares = Squares(Deducer(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))))
>>> squares.core_near((0, 0), 1, {(0, 0): True}, {}) is None  # the room reaches past the square
True
>>> "clue" in [rule.kind for rule in squares.core_near((0, 0), 2, {(0, 0): True}, {}).rules]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import chain

from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.deletion import minimal_reason
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.model import Reason, Rule
from heyawake_asp.steps.pricing import Priced
from heyawake_asp.steps.window import Box, in_windows

__all__: list[str] = []

_CANDIDATES = 3
"""How many forced cells are tried first, those with most settled cells near."""
_RADII = (1, 2, 3, 5, 8)
"""How far from the cells a reason is first looked for."""

_EMPTY = (1 << 30, -(1 << 30), 1 << 30, -(1 << 30))
"""The span of connectivity (no cells): least above greatest, so within every square."""


class Squares:
    """Asks the `Deducer` for cores within squares; remembers why squares forced nothing."""

    def __init__(self, deducer: Deducer) -> None:
        self.deducer = deducer
        # Each rule's span (least and greatest column and row), in the deducer's order.
        self._spans = [
            (rule, *_span(rule.cells)) if rule.cells else (rule, *_EMPTY) for rule in deducer.rules
        ]
        # The cells whose settling may show a square that forced nothing forcing.
        self._barren: dict[tuple[Cell, int | None], frozenset[Cell]] = {}
        self._unforced: dict[Box, _Unforced] = {}
        self._shadings: dict[Cell, list[_Shading]] = {}  # by the cells they colour otherwise
        self._tile_forced: set[tuple[Box, Cell]] = set()
        self._tile_held: dict[Box, bool] = {}  # whether its program holds each instance in it
        self._inside: dict[Box, tuple[Rule, ...]] = {}  # `_rules_in`

    def priced(self, forced: Mapping[Cell, bool], known: Mapping[Cell, bool]) -> Priced:
        """One of the ``forced`` cells with a minimal reason, from the smallest core found first."""
        crowded = sorted(forced, key=lambda cell: _crowding(cell, known))
        first = crowded[:_CANDIDATES]
        trials = chain(
            ((first, radius) for radius in _RADII),
            (([cell], _RADII[-1]) for cell in crowded[_CANDIDATES:]),
            [(first, None)],
        )
        for cells, radius in trials:
            cores = [(cell, self.core_near(cell, radius, forced, known)) for cell in cells]
            found = [Priced(cell, forced[cell], core, False) for cell, core in cores if core]
            if found:
                break
        # Shrinking a core is the costly part: only the smallest core is shrunk (the whole
        # grid's, of hundreds of parts, take seconds each; a larger core's reason was cheaper
        # once in the KTH and ../shared paths).
        best = min(found, key=lambda core: core.rank)
        self.deducer.leave_tile()  # deletion, and whether it takes cases, as before tiles
        if radius is not None:  # deletion's questions, and the step's, in a window on the core
            self.deducer.within(_placed(best.reason, best.cell), best.reason.rules)
        reason = minimal_reason(
            self.deducer, best.reason, best.cell, best.black, narrowing=radius is None
        )
        return Priced(
            best.cell, best.black, reason, self.deducer.by_cases(reason, best.cell, best.black)
        )

    def core_near(
        self,
        cell: Cell,
        radius: int | None,
        forced: Mapping[Cell, bool],
        known: Mapping[Cell, bool],
    ) -> Reason | None:
        """Rules and settled cells within ``radius`` of ``cell`` (None: all) that force its colour.

        ``forced`` holds the colour each open cell will be settled to (``cell``'s
        among them), ``known`` the cells settled. Connectivity counts at every
        size: cells outside the square are left open, so only what the square
        shows is used. A square that forced nothing is asked again only once a
        cell is settled against the shading that showed it (`_watched`).
        """
        black = forced[cell]
        watched = self._barren.get((cell, radius))
        if watched is not None and not any(other in known for other in watched):
            return None
        square = self._square(cell, radius)
        tile = None
        if radius is not None:
            # Every square of a cell on the tile holding its largest: a cold hint grounds a tile
            # a cell (some 100 ms each), not one for each square that lands on another tile.
            tile = self.deducer.tile(self._square(cell, _RADII[-1]), _RADII[-1])
        if tile is not None:
            if cell in self._left_open(tile, known, black):
                return None
            shown = self._shown_on_tile(cell, square, known) or self._tile_shading(
                tile, cell, forced, known
            )
            if shown is not None:
                self._barren[(cell, radius)] = frozenset(filter(square.contains, shown))
                return None
        left, top, right, bottom = square.left, square.top, square.right, square.bottom
        near = {  # in ``known``'s order, which clingo's cores depend on
            other: value
            for other, value in known.items()
            if left <= other[0] <= right and top <= other[1] <= bottom
        }
        scope = self._rules_in(square)
        # The shading is read only where cells may be settled later: the square's open cells.
        witness = {other: False for other in square.cells() if other not in near}
        found = self.deducer.core(scope, near, cell, black, witness=witness)
        if found is not None and tile is not None:
            # Deletion's reasons depend on the core it starts from: asked again without the tile.
            self.deducer.leave_tile()
            found = self.deducer.core(scope, near, cell, black)
        if found is None:
            rooted = black or False in near.values()  # the cell asked white roots it
            self._barren[(cell, radius)] = _watched(witness, forced, rooted)
        return found

    def _shown_on_tile(
        self, cell: Cell, square: Box, known: Mapping[Cell, bool]
    ) -> frozenset[Cell] | None:
        """The watched cells of a tile's shading that shows ``square`` barren, or None.

        A shading of a whole tile, its whites joined, that gives ``cell`` the
        other colour shows every square within the tile barren while it agrees
        with the square's settled cells: the square's instances are among the
        tile's, and its whites stay joined through the cells around it.
        """
        for shading in self._shadings.get(cell, ()):
            inside = filter(square.contains, shading.watched)
            if shading.tile.holds(square.corners()) and not any(c in known for c in inside):
                return shading.watched
        return None

    def _tile_shading(
        self, tile: Box, cell: Cell, forced: Mapping[Cell, bool], known: Mapping[Cell, bool]
    ) -> frozenset[Cell] | None:
        """Ask the whole ``tile`` for a shading with ``cell`` the other colour; its watched cells.

        Such a shading shows barren the squares of every cell it gives the other
        colour (`_shown_on_tile`): on a walk most squares are never asked. None
        when the tile forces the cell (it does for good: settled cells only add),
        has no settled white cell to join its whites to, ``cell`` asked black, or
        holds an instance its program lacks (a variant's rooms' white areas).
        """
        black = forced[cell]
        if (tile, cell) in self._tile_forced:
            return None
        near = {other: value for other, value in known.items() if tile.contains(other)}
        if not black and False not in near.values():
            return None
        rules = self._rules_in(tile)
        if tile not in self._tile_held:
            self._tile_held[tile] = all(map(in_windows, rules))
        if not self._tile_held[tile]:  # a variant's rule no tile's program holds: squares asked
            return None
        # Whatever program answers holds every cell of the tile: the rule on neighbours has an
        # instance on each pair of them.
        witness = {other: False for other in tile.cells() if other not in near}
        if self.deducer.core(rules, near, cell, black, witness=witness):
            self._tile_forced.add((tile, cell))
            return None
        watched = _watched(witness, forced, rooted=True)
        shading = _Shading(tile, watched)
        for other in watched:
            self._shadings.setdefault(other, []).append(shading)
        return watched

    def _left_open(self, tile: Box, known: Mapping[Cell, bool], black: bool) -> frozenset[Cell]:
        """Open cells of ``tile`` that its instances and settled cells leave open, some or none.

        A square within the tile has fewer instances and settled cells, so it
        leaves them open too, asked for a cell forced ``black`` or not, while
        connectivity means the same in both: the white cells joined. It does
        once the tile has a settled white cell. Without one, the tile's is
        measured from the anchor (`Deducer`), which may lie outside it and be
        black, while a black cell asked white roots the square's: then only
        cells forced white are answered. A tile is asked once, when first
        needed; its answer holds until a cell of it is settled (none is, in a
        hint). Asking again then costs about as much as asking four squares,
        and on a walk most tiles change at every step.
        """
        if tile not in self._unforced:
            near = {cell: colour for cell, colour in known.items() if tile.contains(cell)}
            forced = self.deducer.consequences(self._rules_in(tile), near)
            self._tile_forced.update((tile, cell) for cell in forced or ())
            left_open = frozenset(  # none when they contradict the settled cells
                c for c in tile.cells() if forced is not None and c not in near and c not in forced
            )
            self._unforced[tile] = _Unforced(len(near), left_open, False in near.values())
        then = self._unforced[tile]
        if then.left_open and sum(cell in known for cell in tile.cells()) != then.settled:
            # Settled cells only add (a planner's): the answer is out of date for good.
            then = self._unforced[tile] = replace(then, left_open=frozenset())
        return then.left_open if then.had_white or not black else frozenset()

    def _rules_in(self, box: Box) -> tuple[Rule, ...]:
        """The instances whose cells lie in ``box`` (connectivity too), in the deducer's order.

        Kept: a walk asks the same squares again and again.
        """
        if box not in self._inside:
            left, top, right, bottom = box.left, box.top, box.right, box.bottom
            self._inside[box] = tuple(
                rule
                for rule, low_x, high_x, low_y, high_y in self._spans
                if left <= low_x and high_x <= right and top <= low_y and high_y <= bottom
            )
        return self._inside[box]

    def _square(self, cell: Cell, radius: int | None) -> Box:
        """The cells within ``radius`` of ``cell`` on the grid (None: the whole grid)."""
        width, height = self.deducer.puzzle.width, self.deducer.puzzle.height
        if radius is None:
            return Box(0, 0, width - 1, height - 1)
        x, y = cell
        return Box(
            max(x - radius, 0),
            max(y - radius, 0),
            min(x + radius, width - 1),
            min(y + radius, height - 1),
        )


@dataclass(frozen=True)
class _Shading:
    """A shading of a whole tile that its instances allow: the cells it colours as watched."""

    tile: Box
    watched: frozenset[Cell]


@dataclass(frozen=True)
class _Unforced:
    """A tile's answer: how many of its cells were settled, the open ones it left open.

    ``had_white``: whether a white cell of it was among the settled ones.
    """

    settled: int
    left_open: frozenset[Cell]
    had_white: bool


def _watched(
    shading: Mapping[Cell, bool], forced: Mapping[Cell, bool], rooted: bool
) -> frozenset[Cell]:
    """The open cells whose settling may break a shading clingo found (True: black).

    Cells are settled only as ``forced`` says: the shading holds until one it
    colours otherwise is. Connectivity is measured from the first settled white
    cell, or the cell asked white (`Deducer`): when neither was (not ``rooted``),
    a cell settled white moves the root, so those are watched too.
    """
    return frozenset(
        cell
        for cell, black in shading.items()
        if cell in forced and (forced[cell] != black or not (rooted or forced[cell]))
    )


def _placed(reason: Reason, cell: Cell) -> Box:
    """The smallest box around ``cell`` and the parts of ``reason`` (connectivity's roots aside).

    Connectivity is measured from roots outside a window too; a window just
    large enough for the core is ground and asked in about half the time of
    its square's.
    """
    rules = (c for rule in reason.rules if rule.kind != "connected" for c in rule.cells)
    return Box.around([cell, *rules, *(c for c, _ in reason.known)])


def _span(cells: tuple[Cell, ...]) -> tuple[int, int, int, int]:
    """The least and greatest column, then row, of ``cells``."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return min(xs), max(xs), min(ys), max(ys)


def _crowding(cell: Cell, known: Mapping[Cell, bool]) -> tuple[int, int, int]:
    """Cells with more settled cells within two steps first, then row-major."""
    x, y = cell
    near = sum((x + dx, y + dy) in known for dx in range(-2, 3) for dy in range(-2, 3))
    return -near, y, x
