"""What a step is worth: its kind and its cost, read off its reason (docs/steps.md).

>>> clue = Rule("clue", ((0, 0), (1, 0)), 0)
>>> candidate = Priced((1, 0), False, Reason((clue,), (((0, 0), True),)), cases=False)
>>> candidate.kind, candidate.cost
('clue', 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.kinds import RULE_KINDS
from heyawake_asp.steps.model import Kind, Reason, Rule, Settled, row_major

__all__: list[str] = []

CASES_COST = 8
"""Added to a step that needs reasoning by cases (clingo had to branch to refute it)."""


def cost_of(reason: Reason, cases: bool) -> int:
    """A step's cost: its rule instances' weights, one per settled cell, more for cases."""
    return parts_cost([*reason.rules, *reason.known]) + CASES_COST * cases


def parts_cost(parts: Iterable[Rule | Settled]) -> int:
    """The cost of some rule instances and settled cells, without cases."""
    return sum(RULE_KINDS[part.kind].weight if isinstance(part, Rule) else 1 for part in parts)


def kind_of(reason: Reason, cases: bool) -> Kind:
    """One kind's own step kind, ``combined`` for several, ``cases`` when clingo had to branch.

    A room's pairs of neighbours together (``apart``) are of the kind of one pair.
    """
    if cases:
        return "cases"
    sorts = {RULE_KINDS[rule.kind].step_kind for rule in reason.rules}
    if len(sorts) == 1:
        return sorts.pop()
    return "connected" if any(rule.kind == "connected" for rule in reason.rules) else "combined"


@dataclass(frozen=True)
class Priced:
    """A candidate step: a forced cell, its colour and a reason, priced.

    The reason is minimal once deletion has shrunk it; ``cases`` says whether
    clingo had to branch to refute the other colour.
    """

    cell: Cell
    black: bool
    reason: Reason
    cases: bool

    @property
    def cost(self) -> int:
        """What the step costs (`cost_of`)."""
        return cost_of(self.reason, self.cases)

    @property
    def kind(self) -> Kind:
        """The step's kind (`kind_of`)."""
        return kind_of(self.reason, self.cases)

    @property
    def rank(self) -> tuple[int, tuple[int, int]]:
        """Cheapest first, then row-major."""
        return self.cost, row_major(self.cell)
