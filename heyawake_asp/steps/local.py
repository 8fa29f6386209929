"""Local questions (no connectivity) asked of a program ground on their cells alone.

A cautious enumeration needs about one model per cell a question leaves
open, and in the whole grid's program each model costs a pass over every
cell; ground on the question's cells (``encodings/steps/local.lp``), a model
costs only those.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.model import Rule
>>> clue = Rule("clue", ((0, 0), (1, 0), (2, 0)), 0)
>>> program = LocalProgram(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)), [clue])
>>> sorted(program.black)
[(0, 0), (1, 0), (2, 0)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from heyawake_asp.asp.control import ground_program
from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.steps.kinds import RULE_KINDS
from heyawake_asp.steps.model import Rule
from heyawake_asp.steps.selectors import cell_symbol, literal_of, use_symbol

__all__: list[str] = []

SMALLEST_GRID = 200
"""The fewest cells of a grid whose local questions get their own programs.

Building a program costs about a millisecond; on smaller grids (the KTH
puzzles, at most 121 cells) a question asked of the whole grid's is cheaper.
"""


def rule_facts(puzzle: Puzzle, rules: Iterable[Rule]) -> str:
    """The facts of ``encodings/steps/local.lp``: instances numbered in order, one fact each.

    An instance is a fact named as its kind's row says (`RuleKind.local`),
    by its shape: two cells or a window ``NAME(I, X1, Y1, X2, Y2)`` (a
    window's ends), a room ``NAME(I, N)`` with its number and ``member/3``
    for each of its cells. Few facts: clingo parses facts slower than it
    grounds them.
    """
    lines = []
    for index, rule in enumerate(rules):
        kind = RULE_KINDS[rule.kind]
        if not kind.local or kind.shape not in _LOCAL_SHAPES:
            raise ValueError(f"a {rule.kind} instance is not asked of a local program")
        if kind.shape == "room":
            lines.append(f"{kind.local}({index},{puzzle.rooms[rule.room or 0].clue}).")
            lines += [f"member({index},{x},{y})." for x, y in rule.cells]
        else:
            (x1, y1), (x2, y2) = rule.cells[0], rule.cells[-1]
            lines.append(f"{kind.local}({index},{x1},{y1},{x2},{y2}).")
    return "\n".join(lines)


_LOCAL_SHAPES = ("cells", "cells in a room", "window", "room")
"""The shapes (`heyawake_asp.steps.kinds.Shape`) whose instances a local program's facts state."""


class LocalProgram:
    """Some rule instances ground on their cells only, each behind a selector.

    Attributes
    ----------
    rules : frozenset of Rule
        The instances ground; a question may switch on any subset of them.
    black : dict
        The literal of ``black(X, Y)`` for each of their cells.
    """

    def __init__(self, puzzle: Puzzle, rules: Collection[Rule]) -> None:
        ordered = sorted(rules)
        self.rules = frozenset(ordered)
        program = encodings_dir() / "steps" / "local.lp"
        self.control, _ = ground_program((program,), rule_facts(puzzle, ordered), models=1)
        atoms = self.control.symbolic_atoms
        # Looked up, not decoded from clingo's atoms (half the cost of a program); in the
        # order the facts name the cells, which is clingo's order of the atoms too.
        cells = dict.fromkeys(cell for rule in ordered for cell in rule.cells)
        self.black = {cell: literal_of(atoms, cell_symbol("black", cell)) for cell in cells}
        self._switch = {
            rule: atoms[use_symbol(index)].literal  # type: ignore[union-attr]
            for index, rule in enumerate(ordered)
        }

    def switch(self, rule: Rule) -> int:
        """The selector literal of one of the program's rules."""
        return self._switch[rule]

    def assumptions(self, rules: Iterable[Rule], known: Mapping[Cell, bool]) -> tuple[int, ...]:
        """``rules`` switched on, the others off, ``known`` cells set, other cells white.

        Cells only switched-off rules constrain are fixed white, so that
        clingo does not enumerate them; ``known`` cells outside the program
        constrain nothing here and are left out.
        """
        on = set(rules)
        cells = {cell for rule in on for cell in rule.cells}
        assumed = [literal if rule in on else -literal for rule, literal in self._switch.items()]
        for cell, literal in self.black.items():
            if cell in known:
                assumed.append(literal if known[cell] else -literal)
            elif cell not in cells:
                assumed.append(-literal)
        return tuple(assumed)


class LocalPrograms:
    """The programs of a puzzle's local questions, on grids of `SMALLEST_GRID` cells or more.

    Programs asked for with `keep` are kept for every later question on
    some of their rules; any other question gets the last program built
    when it covers the question (deletion asks subsets), else a new one.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._used = puzzle.width * puzzle.height >= SMALLEST_GRID
        self._last: LocalProgram | None = None
        self._kept_with: dict[Rule, list[LocalProgram]] = {}

    def keep(self, rules: Collection[Rule]) -> None:
        """Ground ``rules`` together, once, for every later question on some of them.

        Not where a kept program holds them all already.
        """
        if self._used and rules and self._holding(rules) is None:
            program = LocalProgram(self.puzzle, rules)
            for rule in program.rules:
                self._kept_with.setdefault(rule, []).append(program)

    def _holding(self, rules: Collection[Rule]) -> LocalProgram | None:
        """A kept program that holds every one of ``rules`` (some), or None."""
        kept = self._kept_with.get(next(iter(rules)), [])
        return next((program for program in kept if program.rules.issuperset(rules)), None)

    def holds(self, rules: Collection[Rule]) -> bool:
        """Whether a local program may hold ``rules``: a large grid, kinds local programs state."""
        return self._used and all(RULE_KINDS[rule.kind].local for rule in rules)

    def kept(self, rules: Collection[Rule]) -> bool:
        """Whether a program kept for later questions holds ``rules`` (`keep`)."""
        return bool(rules) and self._holding(rules) is not None

    def covering(self, rules: Collection[Rule]) -> LocalProgram | None:
        """A program holding ``rules``: the last one, a kept one, else a new one; or None.

        None on a small grid, or when ``rules`` include a kind no local program holds
        (connectivity, a room's ``apart``: `heyawake_asp.steps.kinds.RuleKind.local`).
        """
        if not self.holds(rules):
            return None
        if self._last is None or not self._last.rules.issuperset(rules):
            self._last = self._holding(rules) if rules else None
            if self._last is None:
                self._last = LocalProgram(self.puzzle, rules)
        return self._last
