"""Dense clues asked as maxima: questions with connectivity and a big room near its most.

Branching stalls on a tight count: a question with connectivity and the
clue of a big room whose clue is near the most it can hold can take
clingo minutes. Such a clue is switched off and the room's black cells
maximised instead (``encodings/steps/dense.lp``), which clingo's
core-guided optimisation proves in a fraction of a second: the clue can
hold exactly when the optimum reaches it. An optimum above the clue
decides nothing (fewer black cells might break another rule): the
question is then asked with the clue as usual.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> DenseClues(Puzzle(7, 5, (Room.rectangle(0, 0, 6, 4, 12),))).rooms
(0,)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Literal

import clingo

from heyawake_asp.asp.bounds import BOUND_OPTIONS, dense_facts, dense_rooms, off_clue
from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.steps.model import Reason, Rule
from heyawake_asp.steps.selectors import room_rule

__all__: list[str] = []

_OPTIONS = (*BOUND_OPTIONS, "--configuration=crafty")
"""The bound mode's options, and clingo's ``crafty`` configuration: the room's optimum is
proved in about half the time over a walk's questions (docs/benchmarks.md)."""

Verdict = Literal["holds", "short", "over"]
"""The optimum of every maximised room equals its clue, one falls short, or one is above."""


class DenseClues:
    """The dense rooms of a puzzle, and the switches that maximise them in the steps program."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.rooms = dense_rooms(puzzle)
        self._switch: dict[int, int] = {}

    def program(self) -> tuple[list[Path], str, tuple[str, ...]]:
        """The programs, facts and clingo options to ground with (nothing without dense rooms)."""
        if not self.rooms:
            return [], "", ()
        return [encodings_dir() / "steps" / "dense.lp"], dense_facts(self.rooms), _OPTIONS

    def bind(self, atoms: clingo.SymbolicAtoms) -> None:
        """Find each room's ``maximise`` switch in the ground program."""
        for atom in atoms.by_signature("maximise", 1):
            self._switch[atom.symbol.arguments[0].number - 1] = atom.literal

    def maximised(self, rules: Collection[Rule]) -> tuple[int, ...]:
        """The dense rooms whose clues ``rules`` hold with connectivity: those asked as maxima."""
        if not self.rooms or not any(rule.kind == "connected" for rule in rules):
            return ()
        clues = {rule.room for rule in rules if rule.kind == "clue"}
        return tuple(room for room in self.rooms if room in clues)

    def assumptions(self, maximised: Collection[int]) -> list[int]:
        """Every room's switch: on for the maximised ones, off for the others."""
        return [lit if room in maximised else -lit for room, lit in self._switch.items()]

    def grouped(self, reason: Reason) -> Reason:
        """``reason`` with the pairs touching each dense room it maximises named as one instance.

        A room's maximum rests on nearly every pair inside it and along its edge: named
        together (``apart``), deletion keeps or drops them in one question, not one
        optimisation per pair.
        """
        rooms = self.maximised(reason.rules)

        def touching(rule: Rule) -> bool:
            return rule.kind == "adjacent" and any(
                self.puzzle.room_index(cell) in rooms for cell in rule.cells
            )

        if not any(touching(rule) for rule in reason.rules):
            return reason
        kept = [rule for rule in reason.rules if not touching(rule)]
        apart = [room_rule("apart", self.puzzle, room) for room in rooms]
        return Reason((*kept, *apart), reason.known)

    def judge(
        self, optima: Sequence[tuple[int, ...] | None], maximised: Collection[int]
    ) -> Verdict | None:
        """Compare the last optimum clingo proved (`optimum`) with the maximised rooms' clues.

        None when no room was maximised or no optimum was proved.
        """
        proved = [cost for cost in optima if cost is not None]
        if not maximised or not proved:
            return None
        off = off_clue(self.puzzle, self.rooms, proved[-1], maximised)
        if off is None:
            return "holds"
        return "short" if off.short else "over"


def optimum(model: clingo.Model) -> tuple[int, ...] | None:
    """A model's cost (one level per dense room) when proven optimal, else None."""
    return tuple(model.cost) if model.optimality_proven else None


def maximised_clue(rule: Rule, maximised: Collection[int]) -> bool:
    """Whether ``rule`` is the clue of a room asked as a maximum (its switch stays off)."""
    return rule.kind == "clue" and rule.room in maximised
