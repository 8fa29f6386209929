"""A difficulty from a path of steps: how hard its hardest steps are, and how many there are.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.walk import steps
>>> grade(steps(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))).label
'easy'
"""

from __future__ import annotations

from dataclasses import dataclass

from heyawake_asp.puzzle import Puzzle
from heyawake_asp.steps.model import Kind, Walkthrough
from heyawake_asp.steps.walk import steps

__all__ = ["LABELS", "Grade", "grade", "grade_puzzle"]

LABELS = ("easy", "medium", "hard", "expert")
"""The grades, easiest first."""
_HARD_KINDS = ("combined", "connected", "cases")
_BOUNDS = (15.0, 40.0, 80.0)
"""The scores up to which a puzzle is easy, medium, hard; above, expert (set on the KTH suite)."""


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty.

    Attributes
    ----------
    label : str
        One of `LABELS`.
    score : float
        The hardest step's cost, plus a tenth of the summed cost of the
        steps that need more than one rule instance (several instances,
        connectivity or cases): a puzzle with one hard step is easier than
        one with many.
    steps : int
        How many steps the path has.
    hardest_cost : int
        The cost of the costliest step (0 without steps).
    hardest_kind : str or None
        That step's kind.
    status : str
        How the path ends (`Walkthrough.status`): ``solved``, ``several``
        (graded on the steps to the cells every solution shares) or ``timeout``.
    """

    label: str
    score: float
    steps: int
    hardest_cost: int
    hardest_kind: Kind | None
    status: str


def grade(walk: Walkthrough) -> Grade:
    """Grade a path (see `Grade`); a path that ends unsolved is graded by the steps it has.

    Raises
    ------
    ValueError
        For the path of a puzzle with no solution: it has no grade.
    """
    if walk.status == "unsolvable":
        raise ValueError("a puzzle with no solution has no grade")
    if not walk.steps:
        return Grade(LABELS[0], 0.0, 0, 0, None, walk.status)
    hardest = max(walk.steps, key=lambda step: step.cost)
    effort = sum(step.cost for step in walk.steps if step.kind in _HARD_KINDS)
    score = round(hardest.cost + effort / 10, 1)
    label = next(
        (name for name, bound in zip(LABELS, _BOUNDS, strict=False) if score <= bound), LABELS[-1]
    )
    return Grade(label, score, len(walk.steps), hardest.cost, hardest.kind, walk.status)


def grade_puzzle(puzzle: Puzzle) -> Grade:
    """Grade a puzzle by its path of steps (`ValueError` when it has no solution)."""
    return grade(steps(puzzle))
