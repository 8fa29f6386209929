"""The clingo side of explanations: one grounding, rule instances and settled cells as assumptions.

``encodings/steps/instances.lp`` puts every rule instance behind a selector;
a question names the instances that hold and the cells already settled,
and clingo answers with the cells they force (cautious consequences) or,
for a cell assumed the other colour, an unsatisfiable core that deletion
shrinks to a minimal reason.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> deducer = Deducer(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> clue = next(rule for rule in deducer.rules if rule.kind == "clue")
>>> deducer.consequences([clue], {(1, 0): False})
{(0, 0): True, (2, 0): True}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

import clingo

from heyawake_asp.control import grounded_control
from heyawake_asp.encodings import EncodingSet, encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.search import search
from heyawake_asp.steps.model import Reason, Rule, Settled

__all__ = ["Deducer", "steps_program"]

_DROP_FIRST = {"connected": 0, "clue": 1, "run": 2, "adjacent": 3}
"""The order in which deletion tries to drop rules: the costliest first."""


def steps_program() -> Path:
    """The program of switchable rule instances."""
    return encodings_dir() / "steps" / "instances.lp"


def _cell_symbol(name: str, cell: Cell) -> clingo.Symbol:
    """``name(X, Y)`` for a cell."""
    return clingo.Function(name, [clingo.Number(cell[0]), clingo.Number(cell[1])])


def _number(symbol: clingo.Symbol) -> int:
    """An integer argument."""
    return int(symbol.number)


class Deducer:
    """A puzzle ground once with every rule instance switchable, to ask what sets of them force.

    Attributes
    ----------
    rules : tuple of Rule
        Every rule instance of the puzzle.
    rules_at : dict
        For each cell, the instances other than connectivity that constrain it.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        encoding = EncodingSet("steps", (steps_program(),), "switchable rule instances")
        self.puzzle = puzzle
        self._control, _ = grounded_control(puzzle, encoding, models=1)
        atoms = self._control.symbolic_atoms
        self._selector = {
            self._rule(atom.symbol.arguments[0]): atom.symbol
            for atom in atoms.by_signature("use", 1)
        }
        self.rules = tuple(sorted(self._selector))
        self._switch = {rule: atoms[symbol].literal for rule, symbol in self._selector.items()}
        self._black = {cell: atoms[_cell_symbol("black", cell)].literal for cell in puzzle.cells()}
        self._shown = {
            _cell_symbol(name, cell): (cell, name == "black")
            for cell in puzzle.cells()
            for name in ("black", "white")
        }
        self.rules_at: dict[Cell, list[Rule]] = {cell: [] for cell in puzzle.cells()}
        for rule in self.rules:
            for cell in rule.cells:
                self.rules_at[cell].append(rule)
        self.root: Cell | None = None

    def _rule(self, term: clingo.Symbol) -> Rule:
        """The rule instance a selector's argument names."""
        args = [_number(arg) for arg in term.arguments if arg.type == clingo.SymbolType.Number]
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

    def set_root(self, cell: Cell) -> None:
        """Measure connectivity from ``cell``, which must be a settled white cell."""
        if self.root is None:
            self.root = cell
            self._control.assign_external(_cell_symbol("root", cell), True)

    def _assumptions(
        self, rules: Iterable[Rule], known: Mapping[Cell, bool], cells: Collection[Cell] | None
    ) -> list[int]:
        """The rules switched on, the settled cells, and the cells outside ``cells`` white.

        Cells no rule in the question constrains are fixed white, so that
        clingo does not enumerate them (None: every cell is in play).
        """
        assumed = [self._switch[rule] for rule in rules]
        assumed += [self._black[cell] if black else -self._black[cell] for cell, black in known.items()]
        if cells is not None:
            assumed += [-literal for cell, literal in self._black.items() if cell not in cells and cell not in known]
        return assumed

    @staticmethod
    def scope(rules: Iterable[Rule], *more: Cell) -> frozenset[Cell] | None:
        """The cells some of ``rules`` constrain, with ``more``; None when one is connectivity."""
        cells = set(more)
        for rule in rules:
            if rule.kind == "connected":
                return None
            cells.update(rule.cells)
        return frozenset(cells)

    def consequences(
        self, rules: Collection[Rule], known: Mapping[Cell, bool]
    ) -> dict[Cell, bool] | None:
        """The unsettled cells ``rules`` force given ``known``; None when they contradict it."""
        cells = self.scope(rules)
        config = self._control.configuration.solve
        config.enum_mode, config.models = "cautious", "0"  # type: ignore[union-attr]
        try:
            found = search(self._control, lambda model: model.symbols(shown=True), assumptions=self._assumptions(rules, known, cells))
        finally:
            config.enum_mode, config.models = "auto", "1"  # type: ignore[union-attr]
        if not found.values:
            return None
        forced: dict[Cell, bool] = {}
        for symbol in found.values[-1]:
            cell, black = self._shown[symbol]
            if cell not in known and (cells is None or cell in cells):
                forced[cell] = black
        return forced

    def core(
        self, rules: Collection[Rule], known: Mapping[Cell, bool], cell: Cell, black: bool
    ) -> Reason | None:
        """Rules and settled cells that rule out ``cell`` having the other colour, or None."""
        cells = self.scope(rules, cell)
        assumed = self._assumptions(rules, {**known, cell: not black}, cells)
        found = search(self._control, lambda _: None, assumptions=assumed)
        if found.result is None or not found.result.unsatisfiable:
            return None
        used = set(found.core)
        parts = [rule for rule in rules if self._switch[rule] in used]
        settled = [
            (other, value)
            for other, value in known.items()
            if (self._black[other] if value else -self._black[other]) in used
        ]
        return Reason(tuple(parts), tuple(settled))

    def minimal(self, reason: Reason, cell: Cell, black: bool) -> Reason:
        """Shrink a reason until dropping any one part lets ``cell`` take either colour.

        Parts are dropped in chunks, halved when a chunk cannot go, down to
        one at a time (deletion): every part left has been tried alone. The
        costliest rules go first; the root of connectivity goes last, since
        connectivity is measured from it.
        """
        rules = sorted(reason.rules, key=lambda rule: _DROP_FIRST[rule.kind])
        known = sorted(reason.known, key=lambda part: part[0] == self.root)
        parts: list[Rule | Settled] = [*rules, *known]
        chunk, start = max(1, len(parts) // 2), 0
        while start < len(parts):
            trial = parts[:start] + parts[start + chunk :]
            found = self.core(
                [p for p in trial if isinstance(p, Rule)],
                dict(p for p in trial if not isinstance(p, Rule)),
                cell,
                black,
            )
            if found is not None:
                kept = {*found.rules, *found.known}
                start = sum(part in kept for part in parts[:start])
                parts = [part for part in trial if part in kept]
            elif chunk > 1:
                chunk //= 2
            else:
                start += 1
        return Reason(
            tuple(p for p in parts if isinstance(p, Rule)),
            tuple(p for p in parts if not isinstance(p, Rule)),
        )

    def by_cases(self, reason: Reason, cell: Cell, black: bool) -> bool:
        """Whether clingo had to guess (branch) to refute the other colour of ``cell``."""
        self.core(reason.rules, dict(reason.known), cell, black)
        solvers = self._control.statistics["solving"]["solvers"]
        return bool(solvers["choices"] > 0)
