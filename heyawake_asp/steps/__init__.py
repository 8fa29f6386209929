"""Explain how to solve a puzzle: a path of steps, each with a minimal reason, hints and grades.

Each step settles cells from a few rule instances (a clue's count, two
cells side by side, a white run through three rooms, connectivity) and
cells already settled; the reason is minimal and the cheapest step is taken
first, as a careful person would. ``heyawake_asp.oracles.step_checker`` verifies
every step independently.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> walk = steps(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> [step.kind for step in walk.steps], grade(walk).label
(['combined', 'adjacent', 'clue'], 'easy')
"""

from heyawake_asp.steps.grading import BOUNDS, LABELS, Grade, grade, grade_puzzle
from heyawake_asp.steps.model import Hint, Reason, Rule, Step, Walkthrough
from heyawake_asp.steps.walk import Hints, cut_short, hint, read_partial, steps, timed_out

__all__ = [
    "BOUNDS",
    "LABELS",
    "Grade",
    "Hint",
    "Hints",
    "Reason",
    "Rule",
    "Step",
    "Walkthrough",
    "cut_short",
    "grade",
    "grade_puzzle",
    "hint",
    "read_partial",
    "steps",
    "timed_out",
]
