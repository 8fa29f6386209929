"""The clingo side of explanations: one grounding, rule instances and settled cells as assumptions.

``encodings/steps/instances.lp`` puts every rule instance behind a selector;
a question names the instances that hold and the cells already settled,
and clingo answers with the cells they force (cautious consequences) or,
for a cell assumed the other colour, an unsatisfiable core that deletion
shrinks to a minimal reason. Questions without connectivity are asked of
a program ground on their own cells instead on large grids (`local`), and
those with connectivity, once a square is set (`Deducer.within`), of a
program ground on it when they fit (`window`).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> deducer = Deducer(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> clue = next(rule for rule in deducer.rules if rule.kind == "clue")
>>> deducer.consequences([clue], {(1, 0): False})
{(0, 0): True, (2, 0): True}
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from weakref import WeakKeyDictionary

import clingo

from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.encodings import resolve_encoding
from heyawake_asp.asp.search import Alarm, Search
from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.runtime.deadline import NEVER, Deadline
from heyawake_asp.steps.dense import DenseClues, maximised_clue, optimum
from heyawake_asp.steps.local import SMALLEST_GRID, LocalProgram, LocalPrograms
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major
from heyawake_asp.steps.selectors import cell_symbol, literal_of, rule_named, steps_program
from heyawake_asp.steps.window import (
    DECIDE_CELLS,
    Box,
    WindowProgram,
    in_windows,
    tile_around,
    tile_stride,
)
from heyawake_asp.variants import require_explained

__all__ = ["Question"]


@dataclass(frozen=True)
class Question:
    """A question as put to clingo.

    Attributes
    ----------
    control : clingo.Control
        The program asked: the whole grid's, or a local one (`local`).
    black : dict
        The literal of ``black(X, Y)`` for each cell the program holds.
    switch : callable
        The selector literal of a rule instance.
    assumed : tuple of int
        The assumptions: rules switched on, settled cells, cells out of play white.
    scope : frozenset of Cell or None
        The cells the rules constrain (None: every cell, with connectivity).
    roots : tuple of Cell
        The cells connectivity is measured from (none without it).
    """

    control: clingo.Control
    black: Mapping[Cell, int]
    switch: Callable[[Rule], int]
    assumed: tuple[int, ...]
    scope: frozenset[Cell] | None
    roots: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Refutation:
    """A question clingo refuted, and the assumptions its core used."""

    question: Question
    core: frozenset[int]

    def uses_rule(self, rule: Rule) -> bool:
        """Whether the core switches ``rule`` on."""
        return self.question.switch(rule) in self.core

    def uses_cell(self, cell: Cell, black: bool) -> bool:
        """Whether the core assumes ``cell`` has that colour (True: black)."""
        literal = self.question.black.get(cell)
        return literal is not None and (literal if black else -literal) in self.core


class Deducer:
    """A puzzle ground once with every rule instance switchable, to ask what sets of them force.

    Attributes
    ----------
    rules : tuple of Rule
        Every rule instance of the puzzle.
    rules_at : dict
        For each cell, the instances other than connectivity that constrain it.
    dense : DenseClues
        The puzzle's dense rooms, asked as maxima.

    Connectivity is measured from the first settled white cell of a question,
    else from ``anchor`` (white in every solution, if given) and one
    neighbour, one of which is white while the rule on neighbours holds:
    "every white cell joins a white root" holds whatever the roots.
    Past ``deadline``, questions raise `heyawake_asp.errors.OutOfTime`.

    Raises
    ------
    NotExplainedError
        For a variant whose rules have no instances here yet.
    """

    def __init__(
        self, puzzle: Puzzle, anchor: Cell | None = None, deadline: Deadline = NEVER
    ) -> None:
        require_explained(puzzle.variant)
        entry = resolve_encoding(steps_program())  # its headers: the run rule's file
        encoding = replace(entry, name="steps", variants="steps/variants")
        self.puzzle = puzzle
        self.dense = DenseClues(puzzle)
        dense, facts, options = self.dense.program()
        if puzzle.cell_count >= SMALLEST_GRID:
            options = (*DECIDE_CELLS, *options)
        self._control, _ = grounded_control(
            puzzle, encoding, models=1, extra=dense, facts=facts, options=options
        )
        atoms = self._control.symbolic_atoms
        self.dense.bind(atoms)
        self._switch = {
            rule_named(str(atom.symbol)[len("use(") : -1], puzzle): atom.literal
            for atom in atoms.by_signature("use", 1)
        }
        # A dense room's pairs together (`DenseClues.grouped`) are for reasons, not for levels.
        self.rules = tuple(sorted(rule for rule in self._switch if rule.kind != "apart"))
        self._black = {
            cell: literal_of(atoms, cell_symbol("black", cell)) for cell in puzzle.cells()
        }
        self.rules_at: dict[Cell, list[Rule]] = {cell: [] for cell in puzzle.cells()}
        for rule in self.rules:
            for cell in rule.cells:
                self.rules_at[cell].append(rule)
        self._rooted: tuple[Cell, ...] = ()
        # The anchor and one neighbour: while black cells do not touch, one of the two is white,
        # and a white neighbour joins a white anchor, so connectivity is measured exactly. More
        # neighbours as roots would let a black anchor's white neighbours each be their own root.
        around = () if anchor is None else (anchor, *filter(puzzle.contains, neighbours(anchor)))
        self._anchor_roots = around[:2]
        self._local = LocalPrograms(puzzle)
        self._alone: LocalProgram | None = None  # `_alone_question`
        self._window: WindowProgram | None = None
        self._tiles: OrderedDict[Box, WindowProgram] = OrderedDict()  # the last used last
        self._tile: WindowProgram | None = None
        self._alarm = Alarm(deadline)
        self._limits: WeakKeyDictionary[clingo.Control, str] = WeakKeyDictionary()  # `_bound`

    def until(self, deadline: Deadline) -> None:
        """Interrupt later questions at ``deadline`` (a later call's), not the one given before."""
        self._alarm = Alarm(deadline)

    def _roots(self, rules: Collection[Rule], known: Mapping[Cell, bool]) -> tuple[Cell, ...]:
        """Where connectivity among ``rules`` is measured from; none without it.

        Without connectivity no cell's reachability is worked out.
        """
        connected = next((rule for rule in rules if rule.kind == "connected"), None)
        if connected is None:
            return ()
        white = next(((cell,) for cell, black in known.items() if not black), self._anchor_roots)
        return connected.cells or white

    def _root_at(self, roots: tuple[Cell, ...]) -> None:
        """Assign the ``root`` externals: connectivity measured from ``roots``."""
        if roots != self._rooted:
            for cell in self._rooted:
                self._control.assign_external(cell_symbol("root", cell), False)
            for cell in roots:
                self._control.assign_external(cell_symbol("root", cell), True)
            self._rooted = roots

    def _switch_of(self, rule: Rule) -> int:
        """The selector literal of a rule (connectivity whatever its root)."""
        return self._switch[_UNROOTED if rule.kind == "connected" else rule]

    def _assumptions(
        self,
        rules: Collection[Rule],
        known: Mapping[Cell, bool],
        cells: Collection[Cell] | None,
        maximised: Collection[int] = (),
    ) -> tuple[int, ...]:
        """The rules switched on, the settled cells, and the cells outside ``cells`` white.

        Cells no rule in the question constrains are fixed white, so that
        clingo does not enumerate them (None: every cell is in play). The
        clues of ``maximised`` rooms are off, their black cells maximised.
        """
        assumed = [self._switch_of(rule) for rule in rules if not maximised_clue(rule, maximised)]
        assumed += self.dense.assumptions(maximised)
        assumed += [
            self._black[cell] if black else -self._black[cell] for cell, black in known.items()
        ]
        if cells is not None:
            assumed += [-lit for c, lit in self._black.items() if c not in cells and c not in known]
        return tuple(assumed)

    def _question(
        self, rules: Collection[Rule], known: Mapping[Cell, bool], maximised: Collection[int] = ()
    ) -> Question:
        """The question whether ``rules`` and ``known`` hold, ready to ask: roots assigned."""
        scope = _scope(rules)
        local = None if scope is None else self._local.covering(rules)  # none holds connectivity
        if local is not None:
            assumed = local.assumptions(rules, known)
            return Question(local.control, local.black, local.switch, assumed, scope)
        roots = self._roots(rules, known)
        for window in (self._window, self._tile):
            if window is None or maximised:
                continue
            held = window.assumptions(rules, known)
            if held is not None:
                window.root_at(roots)
                return Question(window.control, window.black, window.switch, held, scope, roots)
        self._root_at(roots)
        assumed = self._assumptions(rules, known, scope, maximised)
        return Question(self._control, self._black, self._switch_of, assumed, scope, roots)

    def refuted(
        self,
        rules: Collection[Rule],
        known: Mapping[Cell, bool],
        cells_first: bool = False,
        as_count: bool = False,
        witness: dict[Cell, bool] | None = None,
    ) -> Refutation | None:
        """The refutation of ``rules`` and ``known`` (clingo's core), or None when they hold.

        A dense clue asked as a maximum (`DenseClues`, unless ``as_count``) that falls
        short refutes the question with every assumption and the clue; one above it is
        asked as a count. Else each ``witness`` cell gets its colour (True: black) in a
        shading clingo found.
        """
        maximised = () if as_count else self.dense.maximised(rules)
        found, question = self._asked(rules, known, maximised, cells_first, witness)
        if found.result is not None and found.result.unsatisfiable:
            return Refutation(question, frozenset(found.core))
        verdict = self.dense.judge(found.values, maximised)
        if verdict == "over":
            return self.refuted(rules, known, cells_first, True, witness)
        if verdict != "short":
            return None
        clues = (self._switch_of(rule) for rule in rules if maximised_clue(rule, maximised))
        return Refutation(question, frozenset((*question.assumed, *clues)))

    def _asked(
        self,
        rules: Collection[Rule],
        known: Mapping[Cell, bool],
        maximised: Collection[int],
        cells_first: bool,
        witness: dict[Cell, bool] | None,
    ) -> tuple[Search[tuple[int, ...] | None], Question]:
        """Ask `refuted`'s question; afresh, of a window's new program, when clingo searches long.

        A window or a tile answers many questions, and what its program learnt
        from the earlier ones sends an odd one astray (500,000 conflicts and 20 s
        for one a fresh program answered in 20 ms, on a 30x30): past
        `CONFLICTS` the window's program is ground again and the question asked
        again, the bound doubled each time (the whole grid's and local programs
        are asked again as they are). A dense room's optimisation is not bounded.
        """
        bound = CONFLICTS
        while True:
            question = self._question(rules, known, maximised)
            literals, assumed = question.black, question.assumed
            if cells_first:
                cells = {abs(literal) for literal in literals.values()}
                assumed = tuple(sorted(assumed, key=lambda literal: abs(literal) not in cells))

            def seen(
                model: clingo.Model, literals: Mapping[Cell, int] = literals
            ) -> tuple[int, ...] | None:
                if witness is not None:  # cells a local program lacks are white
                    witness.update(
                        {c: c in literals and model.is_true(literals[c]) for c in witness}
                    )
                return optimum(model)

            self._bound(question.control, _UNBOUNDED if maximised else str(bound))
            found = self._alarm.search(question.control, seen, assumed).in_time()
            if found.result is None or not found.result.unknown:
                return found, question
            self._renew(question.control)
            bound *= 2

    def _bound(self, control: clingo.Control, limit: str) -> None:
        """Set clingo's solve limit of ``control`` to ``limit``, unless it is so already.

        Most questions in a row go to one program with the same bound: no call to clingo.
        """
        if self._limits.get(control) != limit:
            control.configuration.solve.solve_limit = limit  # type: ignore[union-attr]
            self._limits[control] = limit

    def _renew(self, control: clingo.Control) -> None:
        """Ground afresh the window or tile whose program is ``control`` (`_asked`)."""
        if self._window is not None and control is self._window.control:
            self._window = WindowProgram(self.puzzle, self._window.box, self._window.rules)
        elif self._tile is not None and control is self._tile.control:
            self._tile = self._tiles[self._tile.box] = self._window_on(self._tile.box)

    def within(self, box: Box, among: Collection[Rule] | None = None) -> None:
        """Ask later questions with connectivity that fit in ``box`` of a program ground on it.

        Only on large grids without dense rooms, for a box of at most half the grid.
        With ``among``, the program holds only those of its instances: deletion asks
        subsets of a core, and a window of a core's few dozen instances is ground and
        asked in about half the time of one with the box's hundreds.
        """
        if not self._windowed(box, 1 / 2):
            return
        inside = self._inside(box, self.rules if among is None else among)
        window = self._window
        if window is None or window.box != box or not window.rules.issuperset(inside):
            self._window = WindowProgram(self.puzzle, box, inside)

    def enclose(self, box: Box) -> None:
        """Ask later questions with connectivity within ``box`` of a window on it (`within`).

        The window in use is kept while it holds ``box`` and is at most twice its size.
        """
        window = self._window
        if window is None or not window.box.holds(box.corners()) or window.box.area > 2 * box.area:
            self.within(box)

    def tile(self, box: Box, reach: int) -> Box | None:
        """Ask later questions that fit in ``box`` of a tile's program (the last used are kept).

        ``box`` lies within ``reach`` cells of a cell (`tile_around`). Returns the
        tile, or None (no program) where `within` would not ground one, or no
        tile pays on this grid (`tile_stride`).
        """
        width, height = self.puzzle.width, self.puzzle.height
        stride = tile_stride(reach, width, height)
        tile = None if stride is None else tile_around(box, reach, stride, width, height)
        if tile is None or not self._windowed(tile, 1):
            self._tile = None
            return None
        if tile not in self._tiles:
            self._tiles[tile] = self._window_on(tile)
            if len(self._tiles) > _TILES_KEPT:
                self._tiles.popitem(last=False)
        self._tiles.move_to_end(tile)
        self._tile = self._tiles[tile]
        return tile

    def leave_tile(self) -> None:
        """Ask later questions of the window or the whole grid again (`tile`)."""
        self._tile = None

    def _windowed(self, box: Box, most: float) -> bool:
        """Whether a program on ``box`` pays: large grid, no dense room, ``most`` of it or less."""
        grid = self.puzzle.cell_count
        return grid >= SMALLEST_GRID and not self.dense.rooms and box.area <= most * grid

    def _window_on(self, box: Box) -> WindowProgram:
        """The program of every instance within ``box`` and connectivity."""
        return WindowProgram(self.puzzle, box, self._inside(box, self.rules))

    @staticmethod
    def _inside(box: Box, rules: Iterable[Rule]) -> list[Rule]:
        """Those of ``rules`` a window on ``box`` holds (other kinds: the whole grid's program)."""
        return [rule for rule in rules if in_windows(rule) and box.holds(rule.cells)]

    def ground_together(self, rules: Collection[Rule]) -> None:
        """Keep ``rules`` ground together for later questions on some of them (large grids)."""
        self._local.keep(rules)

    def is_ground(self, rules: Collection[Rule]) -> bool:
        """Whether a program kept for later questions holds ``rules`` (`ground_together`)."""
        return self._local.kept(rules)

    def consequences(
        self,
        rules: Collection[Rule],
        known: Mapping[Cell, bool],
        as_count: bool = False,
        alone: bool = False,
    ) -> dict[Cell, bool] | None:
        """The unsettled cells ``rules`` force given ``known``; None when they contradict it.

        Only cells the rules constrain (with connectivity: every cell) are looked at.
        Dense clues are asked as maxima (`DenseClues`) unless ``as_count``. With
        ``alone``, asked of a program of their own (`_alone_question`); None also
        when no local program holds them.
        """
        maximised = () if as_count else self.dense.maximised(rules)
        if alone:
            question = self._alone_question(rules, known)
            if question is None:
                return None
        else:
            question = self._question(rules, known, maximised)
        control, scope, assumed = question.control, question.scope, question.assumed
        open_cells = [
            (cell, literal)
            for cell, literal in question.black.items()
            if cell not in known and (scope is None or cell in scope)
        ]

        def forced(model: clingo.Model) -> tuple[int, ...] | None:
            # The last cautious model holds a literal, or its negation, when every model does.
            if maximised and not model.optimality_proven:
                return None  # below the optimum, not a shading the clues allow
            kept = []
            for cell, literal in open_cells:
                if model.is_true(literal):
                    kept.append((cell, literal))
                elif model.is_true(-literal):
                    kept.append((cell, -literal))
            open_cells[:] = kept
            return tuple(model.cost)

        self._bound(control, _UNBOUNDED)  # an enumeration cut short would force too much
        config = control.configuration.solve
        config.enum_mode, config.models = "cautious", "0"  # type: ignore[union-attr]
        try:
            found = self._alarm.search(control, forced, assumed, last_only=True).in_time()
        finally:
            config.enum_mode, config.models = "auto", "1"  # type: ignore[union-attr]
        verdict = self.dense.judge(found.values, maximised)
        if verdict == "over":
            return self.consequences(rules, known, as_count=True)
        if verdict == "short" or not found.values:
            return None
        return {cell: literal > 0 for cell, literal in open_cells}

    def _alone_question(
        self, rules: Collection[Rule], known: Mapping[Cell, bool]
    ) -> Question | None:
        """The question asked of a local program ground for ``rules`` alone, kept for them.

        None where no local program holds them. Asked of the whole grid's program,
        or of a local one (`LocalPrograms.covering` would keep it for later
        questions on fewer rules), a question changes what clingo learnt there:
        here it teaches nothing to a program other questions are asked of.
        """
        if not self._local.holds(rules):
            return None
        together = frozenset(rules)
        if self._alone is None or self._alone.rules != together:
            self._alone = LocalProgram(self.puzzle, together)
        program = self._alone
        assumed = program.assumptions(rules, known)
        return Question(program.control, program.black, program.switch, assumed, _scope(rules))

    def core(
        self,
        rules: Collection[Rule],
        known: Mapping[Cell, bool],
        cell: Cell,
        black: bool,
        cells_first: bool = True,
        witness: dict[Cell, bool] | None = None,
    ) -> Reason | None:
        """Rules and settled cells that rule out ``cell`` having the other colour, or None.

        Else each ``witness`` cell gets its colour (True: black) in a shading clingo found.
        """
        refuted = self.refuted(rules, {cell: not black, **known}, cells_first, witness=witness)
        if refuted is None:
            return None
        # Connectivity is named from the roots it was measured from; without any it says nothing.
        roots = refuted.question.roots
        parts = [
            Rule("connected", roots) if rule.kind == "connected" else rule
            for rule in rules
            if refuted.uses_rule(rule) and (rule.kind != "connected" or roots)
        ]
        settled = [
            (other, value) for other, value in known.items() if refuted.uses_cell(other, value)
        ]
        return Reason(tuple(parts), tuple(settled))

    def forces(
        self, rules: Collection[Rule], known: Mapping[Cell, bool], candidates: Mapping[Cell, bool]
    ) -> dict[Cell, bool]:
        """Which ``candidates`` (cells with a colour) ``rules`` and ``known`` force that colour on.

        The other colours are assumed together, halved while clingo refutes them (a core naming
        one cell: it is forced). Without connectivity, only the rules' own cells can be forced.
        """
        scope = _scope(rules)

        def forced(group: list[Settled]) -> list[Settled]:
            flipped = {cell: not black for cell, black in group}
            refuted = self.refuted(rules, {**flipped, **known})
            if refuted is None or len(group) < 2:
                return group if refuted else []
            named = [(c, b) for c, b in group if refuted.uses_cell(c, not b)]
            if len(named) == 1:
                return named + forced([part for part in group if part != named[0]])
            return forced(group[: len(group) // 2]) + forced(group[len(group) // 2 :])

        asked = [item for item in candidates.items() if scope is None or item[0] in scope]
        return dict(forced(sorted(asked, key=lambda item: row_major(item[0])))) if asked else {}

    def by_cases(self, reason: Reason, cell: Cell, black: bool) -> bool:
        """Whether clingo has to branch to refute the other colour of ``cell`` from ``reason``.

        The settled cells are assumed first, as for the first core of a step (`core`).
        """
        known = {cell: not black, **dict(reason.known)}
        refuted = self.refuted(reason.rules, known, cells_first=True)
        if refuted is None:
            raise AssertionError(f"{cell}: its reason does not refute the other colour")
        # Read here only: the statistics are the search just made, and reading them costs
        # about as much as a small search.
        return bool(refuted.question.control.statistics["solving"]["solvers"]["choices"] > 0)


CONFLICTS = 5000
"""Conflicts a question's search may take before it is asked afresh (`Deducer._asked`).

Deletion's questions take a few hundred at most; the odd one astray, hundreds of thousands.
"""
_UNBOUNDED = "umax,umax"
"""clingo's solve limit when none is set."""
_UNROOTED = Rule("connected", ())
_TILES_KEPT = 16
"""The tiles' programs kept (`Deducer.tile`): some 5 MB each; a 100x100 has 121 tiles."""


def _scope(rules: Collection[Rule]) -> frozenset[Cell] | None:
    """The cells ``rules`` constrain; None (every cell) when connectivity is among them."""
    if any(rule.kind == "connected" for rule in rules):
        return None
    return frozenset(cell for rule in rules for cell in rule.cells)
