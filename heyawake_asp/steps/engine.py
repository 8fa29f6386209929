"""The clingo side of explanations: one grounding, rule instances and settled cells as assumptions.

``encodings/steps/instances.lp`` puts every rule instance behind a selector;
a question names the instances that hold and the cells already settled,
and clingo answers with the cells they force (cautious consequences) or,
for a cell assumed the other colour, an unsatisfiable core that deletion
shrinks to a minimal reason. Questions without connectivity are asked of
a program ground on their own cells instead on large grids (`local`).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> deducer = Deducer(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> clue = next(rule for rule in deducer.rules if rule.kind == "clue")
>>> deducer.consequences([clue], {(1, 0): False})
{(0, 0): True, (2, 0): True}
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from pathlib import Path

import clingo

from heyawake_asp.control import grounded_control
from heyawake_asp.encodings import EncodingSet, encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.search import search
from heyawake_asp.steps.deletion import shrink
from heyawake_asp.steps.local import SMALLEST_GRID, LocalPrograms
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major

__all__ = ["Deducer", "steps_program"]

_DECIDE_CELLS = ("--heuristic=Domain", "--dom-mod=level,show")
"""Large grids: clingo decides the cells' colours (shown) first, not reachability: fewer choices."""


def steps_program() -> Path:
    """The program of switchable rule instances."""
    return encodings_dir() / "steps" / "instances.lp"


def _cell_symbol(name: str, cell: Cell) -> clingo.Symbol:
    """``name(X, Y)`` for a cell."""
    return clingo.Function(name, [clingo.Number(cell[0]), clingo.Number(cell[1])])


class Deducer:
    """A puzzle ground once with every rule instance switchable, to ask what sets of them force.

    Attributes
    ----------
    rules : tuple of Rule
        Every rule instance of the puzzle.
    rules_at : dict
        For each cell, the instances other than connectivity that constrain it.

    Connectivity is measured from the first settled white cell of a
    question, else from ``anchor`` (a cell known to be white in every
    solution, if one is given): "every white cell joins this one when it is
    white" holds whatever the cell, so the choice only makes it stronger or
    weaker, never wrong.
    """

    def __init__(self, puzzle: Puzzle, anchor: Cell | None = None) -> None:
        encoding = EncodingSet("steps", (steps_program(),), "switchable rule instances")
        self.puzzle = puzzle
        options = _DECIDE_CELLS if puzzle.cell_count >= SMALLEST_GRID else ()
        self._control, _ = grounded_control(puzzle, encoding, models=1, options=options)
        atoms = self._control.symbolic_atoms
        self._selector = {
            self._rule(atom.symbol.arguments[0]): atom.symbol
            for atom in atoms.by_signature("use", 1)
        }
        self.rules = tuple(sorted(self._selector))
        self._switch = {rule: _literal(atoms, symbol) for rule, symbol in self._selector.items()}
        self._black = {
            cell: _literal(atoms, _cell_symbol("black", cell)) for cell in puzzle.cells()
        }
        self.rules_at: dict[Cell, list[Rule]] = {cell: [] for cell in puzzle.cells()}
        for rule in self.rules:
            for cell in rule.cells:
                self.rules_at[cell].append(rule)
        self._root: Cell | None = None
        self._anchor = anchor
        self._local = LocalPrograms(puzzle)
        self._asked = self._control

    def _rule(self, term: clingo.Symbol) -> Rule:
        """The rule instance a selector's argument names."""
        args = [int(arg.number) for arg in term.arguments if arg.type == clingo.SymbolType.Number]
        if term.name == "adjacent":
            return Rule("adjacent", ((args[0], args[1]), (args[2], args[3])))
        if term.name == "clue":
            room = args[0] - 1
            cells = sorted(self.puzzle.rooms[room].cells, key=lambda cell: (cell[1], cell[0]))
            return Rule("clue", tuple(cells), room)
        if term.name == "run":
            line, start, end = args
            span = range(start - 1, end + 2)
            across = term.arguments[0].name == "h"
            return Rule("run", tuple((i, line) if across else (line, i) for i in span))
        return Rule("connected", ())

    def _root_at(self, root: Cell | None) -> None:
        """Measure connectivity from ``root`` (None: connectivity holds vacuously)."""
        if root != self._root:
            for cell, value in ((self._root, False), (root, True)):
                if cell is not None:
                    self._control.assign_external(_cell_symbol("root", cell), value)
            self._root = root

    def _switch_of(self, rule: Rule) -> int:
        """The selector literal of a rule (connectivity whatever its root)."""
        return self._switch[_UNROOTED if rule.kind == "connected" else rule]

    def _assumptions(
        self, rules: Collection[Rule], known: Mapping[Cell, bool], cells: Collection[Cell] | None
    ) -> list[int]:
        """The rules switched on, the settled cells, and the cells outside ``cells`` white.

        Cells no rule in the question constrains are fixed white, so that
        clingo does not enumerate them (None: every cell is in play).
        """
        # Without connectivity there is no root: no cell's reachability is worked out.
        connected = next((rule for rule in rules if rule.kind == "connected"), None)
        if connected is None:
            self._root_at(None)
        else:
            first_white = next((cell for cell, black in known.items() if not black), None)
            self._root_at(connected.cells[0] if connected.cells else first_white or self._anchor)
        assumed = [self._switch_of(rule) for rule in rules]
        assumed += [
            self._black[cell] if black else -self._black[cell] for cell, black in known.items()
        ]
        if cells is not None:
            assumed += [-lit for c, lit in self._black.items() if c not in cells and c not in known]
        return assumed

    def _program(self, rules: Collection[Rule], known: Mapping[Cell, bool]) -> _Asked:
        """The control to ask, its cell literals and selectors, assumptions, the rules' cells."""
        scope = _scope(rules)
        local = self._local.covering(rules)
        if local is not None:
            return local.control, local.black, local.switch, local.assumptions(rules, known), scope
        assumed = self._assumptions(rules, known, scope)
        return self._control, self._black, self._switch_of, assumed, scope

    def ground_together(self, rules: Collection[Rule]) -> None:
        """Keep ``rules`` ground together for later questions on some of them (large grids)."""
        self._local.keep(rules)

    def consequences(
        self, rules: Collection[Rule], known: Mapping[Cell, bool]
    ) -> dict[Cell, bool] | None:
        """The unsettled cells ``rules`` force given ``known``; None when they contradict it.

        Only cells the rules constrain (with connectivity: every cell) are looked at.
        """
        control, black, _, assumed, scope = self._program(rules, known)
        open_cells = [
            (cell, literal)
            for cell, literal in black.items()
            if cell not in known and (scope is None or cell in scope)
        ]

        def forced(model: clingo.Model) -> None:
            # A cautious model holds a literal, or its negation, when every model so far does;
            # each model holds fewer, so only the last one's need be looked at again.
            kept = []
            for cell, literal in open_cells:
                if model.is_true(literal):
                    kept.append((cell, literal))
                elif model.is_true(-literal):
                    kept.append((cell, -literal))
            open_cells[:] = kept

        config = control.configuration.solve
        config.enum_mode, config.models = "cautious", "0"  # type: ignore[union-attr]
        try:
            found = search(control, forced, assumptions=assumed)
        finally:
            config.enum_mode, config.models = "auto", "1"  # type: ignore[union-attr]
        return {cell: literal > 0 for cell, literal in open_cells} if found.values else None

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

        def shading(model: clingo.Model) -> None:  # cells a local program lacks are white
            if witness is not None:
                witness.update({c: c in literals and model.is_true(literals[c]) for c in witness})

        asked = {cell: not black, **known}
        control, literals, switch_of, assumed, _ = self._program(rules, asked)
        if cells_first:
            cells = {abs(literal) for literal in literals.values()}
            assumed.sort(key=lambda literal: abs(literal) not in cells)
        found = search(control, shading, assumptions=assumed)
        self._asked = control
        if found.result is None or not found.result.unsatisfiable:
            return None
        used = set(found.core)
        # Connectivity is reported from the root it was measured from; without one it says nothing.
        parts = [
            _measured_from(rule, self._root)
            for rule in rules
            if switch_of(rule) in used and (rule.kind != "connected" or self._root)
        ]
        settled = [
            (other, value)
            for other, value in known.items()
            if other in literals and (literals[other] if value else -literals[other]) in used
        ]
        return Reason(tuple(parts), tuple(settled))

    def forces(
        self, rules: Collection[Rule], known: Mapping[Cell, bool], candidates: Mapping[Cell, bool]
    ) -> dict[Cell, bool]:
        """Which ``candidates`` (cells with a colour) ``rules`` and ``known`` force that colour on.

        The other colours are assumed together, halved while clingo refutes them (a core
        naming one cell: that one is forced): few forced cells cost few questions each.
        Without connectivity, only the rules' own cells can be forced.
        """
        scope = _scope(rules)

        def forced(group: list[Settled]) -> list[Settled]:
            flipped = {cell: not black for cell, black in group}
            control, literals, _, assumed, _ = self._program(rules, {**flipped, **known})
            found = search(control, lambda _: None, assumptions=assumed)
            refuted = found.result is not None and found.result.unsatisfiable
            if not refuted or len(group) < 2:
                return group if refuted else []
            used = set(found.core)
            named = [(c, b) for c, b in group if (-literals[c] if b else literals[c]) in used]
            if len(named) == 1:
                return named + forced([part for part in group if part != named[0]])
            return forced(group[: len(group) // 2]) + forced(group[len(group) // 2 :])

        asked = [item for item in candidates.items() if scope is None or item[0] in scope]
        return dict(forced(sorted(asked, key=lambda item: row_major(item[0])))) if asked else {}

    def conflict(self, known: Mapping[Cell, bool]) -> tuple[Cell, ...] | None:
        """A minimal set of the ``known`` cells that no solution shares, or None when some does."""

        def refute(parts: list[Settled]) -> set[Settled] | None:
            assumed = self._assumptions(self.rules, dict(parts), None)
            found = search(self._control, lambda _: None, assumptions=assumed)
            if found.result is None or not found.result.unsatisfiable:
                return None
            used = set(found.core)
            return {(c, b) for c, b in parts if (self._black[c] if b else -self._black[c]) in used}

        everything = sorted(known.items(), key=lambda item: (item[0][1], item[0][0]))
        if refute(everything) is None:
            return None
        return tuple(cell for cell, _ in shrink(everything, refute))

    def by_cases(self, reason: Reason, cell: Cell, black: bool) -> bool:
        """Whether clingo had to guess (branch) to refute the other colour of ``cell``."""
        self.core(reason.rules, dict(reason.known), cell, black)
        return bool(self._asked.statistics["solving"]["solvers"]["choices"] > 0)


_UNROOTED = Rule("connected", ())
_Asked = tuple[clingo.Control, dict[Cell, int], Callable[[Rule], int], list[int], set[Cell] | None]


def _scope(rules: Collection[Rule]) -> set[Cell] | None:
    """The cells ``rules`` constrain; None (every cell) when connectivity is among them."""
    if any(rule.kind == "connected" for rule in rules):
        return None
    return {cell for rule in rules for cell in rule.cells}


def _literal(atoms: clingo.SymbolicAtoms, symbol: clingo.Symbol) -> int:
    """The program literal of a ground atom."""
    atom = atoms[symbol]
    if atom is None:
        raise AssertionError(f"{symbol} was not ground")
    return atom.literal


def _measured_from(rule: Rule, root: Cell | None) -> Rule:
    """Connectivity from ``root`` (which is set); other rules as they are."""
    if rule.kind != "connected" or root is None:
        return rule
    return Rule("connected", (root,))
