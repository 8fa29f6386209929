"""A difficulty from a path of steps: how hard its hardest steps are, and how many there are.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.walk import steps
>>> grade(steps(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))).label
'easy'
"""

from __future__ import annotations

from dataclasses import dataclass

from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.steps.kinds import STEP_KINDS
from heyawake_asp.steps.model import Kind, Step, Walkthrough
from heyawake_asp.steps.walk import steps

__all__ = ["Grade", "grade", "grade_puzzle"]

LABELS = ("easy", "medium", "hard", "expert")
"""The grades, easiest first."""
BOUNDS = (15.0, 40.0, 80.0)
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
        (graded on the steps to the cells every solution shares) or
        ``timeout``; ``above``: stopped once the score passed the bound
        asked (`grade_puzzle`), the score and steps those of the path so far.
    """

    label: str
    score: float
    steps: int
    hardest_cost: int
    hardest_kind: Kind | None
    status: str

    @property
    def score_text(self) -> str:
        """``10.9``; ``at least 81.3`` for a walk stopped above a bound (a lower bound)."""
        return f"at least {self.score:.1f}" if self.status == "above" else f"{self.score:.1f}"


def grade(walk: Walkthrough) -> Grade:
    """Grade a path (see `Grade`); a path that ends unsolved is graded by the steps it has.

    Raises
    ------
    ValueError
        For the path of a puzzle with no solution: it has no grade.
    """
    if walk.status == "unsolvable":
        raise ValueError("a puzzle with no solution has no grade")
    tally = _Tally()
    for step in walk.steps:
        tally.add(step)
    return tally.grade(walk.status)


@dataclass
class _Tally:
    """What a score is made of, added up step by step along a path."""

    steps: int = 0
    hardest: Step | None = None
    effort: int = 0

    def add(self, step: Step) -> None:
        """Count one more step (the first of the costliest stays the hardest)."""
        self.steps += 1
        if self.hardest is None or step.cost > self.hardest.cost:
            self.hardest = step
        if STEP_KINDS[step.kind].hard:
            self.effort += step.cost

    @property
    def score(self) -> float:
        """The hardest step's cost plus a tenth of the effort (`Grade.score`)."""
        return 0.0 if self.hardest is None else round(self.hardest.cost + self.effort / 10, 1)

    def grade(self, status: str) -> Grade:
        """The grade of the steps added, on a path that ends as ``status`` says."""
        if self.hardest is None:
            return Grade(LABELS[0], 0.0, 0, 0, None, status)
        score = self.score
        label = next(
            (name for name, bound in zip(LABELS, BOUNDS, strict=False) if score <= bound),
            LABELS[-1],
        )
        return Grade(label, score, self.steps, self.hardest.cost, self.hardest.kind, status)


class _Above(Exception):
    """The score of the path so far passed the bound asked: the walk stops."""


def grade_puzzle(
    puzzle: Puzzle, timeout: float | Deadline | None = None, *, stop_above: float | None = None
) -> Grade:
    """Grade a puzzle by its path of steps.

    A score only grows along a path, so with ``stop_above`` the walk stops
    as soon as the score passes it: the grade is then certainly above it
    (status ``above``). ``stop_above=BOUNDS[-1]`` tells an expert puzzle
    without walking all of it, and ``BOUNDS[i]`` a puzzle harder than
    ``LABELS[i]``.

    Raises
    ------
    ValueError
        When the puzzle has no solution.
    OutOfTime
        After ``timeout`` seconds (or at that `Deadline`), with `steps`'s
        path so far.
    """
    deadline = as_deadline(timeout)
    so_far = _Tally()

    def count(step: Step) -> None:
        so_far.add(step)
        if stop_above is not None and so_far.score > stop_above:
            raise _Above

    try:
        walk = steps(puzzle, deadline, count)
    except _Above:
        return so_far.grade("above")
    return grade(walk)
