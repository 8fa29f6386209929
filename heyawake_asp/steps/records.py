"""Steps, hints and grades as JSON-ready dictionaries (``--json``: one object per line).

Cells are ``{"x", "y"}`` objects, ``x`` the column and ``y`` the row, from 0.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.walk import steps
>>> record = walk_record("strip", steps(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))))
>>> sorted(record), record["steps"][0]["settles"]
(['conflict', 'grid', 'puzzle', 'status', 'steps'], [{'x': 0, 'y': 0, 'black': True}])
"""

from __future__ import annotations

from typing import Any

from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.grading import Grade
from heyawake_asp.steps.model import Hint, Rule, Settled, Step, Walkthrough

__all__ = [
    "grade_error_record",
    "grade_record",
    "hint_record",
    "step_record",
    "walk_error_record",
    "walk_record",
]


def cell_record(cell: Cell) -> dict[str, int]:
    """``{"x": X, "y": Y}``."""
    return {"x": cell[0], "y": cell[1]}


def _settled(settled: Settled) -> dict[str, Any]:
    """``{"x", "y", "black"}``."""
    return {**cell_record(settled[0]), "black": settled[1]}


def _rule(rule: Rule) -> dict[str, Any]:
    """``{"kind", "cells", "room"}`` (``room``: its number from 1, for ``clue`` and ``apart``)."""
    room = None if rule.room is None else rule.room + 1
    return {"kind": rule.kind, "cells": [cell_record(cell) for cell in rule.cells], "room": room}


def step_record(step: Step) -> dict[str, Any]:
    """A step: ``settles``, ``kind``, ``cost``, ``text``, its reason's ``rules`` and ``known``."""
    return {
        "settles": [_settled(settled) for settled in step.cells],
        "kind": step.kind,
        "cost": step.cost,
        "text": step.text,
        "rules": [_rule(rule) for rule in step.reason.rules],
        "known": [_settled(settled) for settled in step.reason.known],
    }


def walk_record(source: str, walk: Walkthrough) -> dict[str, Any]:
    """A whole path; ``conflict`` lists room numbers (from 1) when unsolvable, else null."""
    conflict = [room + 1 for room in walk.conflict] if walk.status == "unsolvable" else None
    return {
        "puzzle": source,
        "status": walk.status,
        "steps": [step_record(step) for step in walk.steps],
        "grid": list(walk.grid),
        "conflict": conflict,
    }


def walk_error_record(source: str, message: str) -> dict[str, Any]:
    """A puzzle with no path (unread): ``status`` ``error``, ``error`` why, the rest null."""
    return {
        "puzzle": source,
        "status": "error",
        **dict.fromkeys(("steps", "grid", "conflict")),
        "error": message,
    }


def hint_record(source: str, hint: Hint) -> dict[str, Any]:
    """``{"puzzle", "step", "conflict", "unsolvable"}``; ``unsolvable`` lists room numbers."""
    unsolvable, conflict = hint.unsolvable, hint.conflict
    return {
        "puzzle": source,
        "step": None if hint.step is None else step_record(hint.step),
        "conflict": None if conflict is None else [cell_record(cell) for cell in conflict],
        "unsolvable": None if unsolvable is None else [room + 1 for room in unsolvable],
    }


def grade_record(source: str, grade: Grade) -> dict[str, Any]:
    """``{"puzzle", "grade", "score", "steps", "hardest_cost", "hardest_kind", "status"}``."""
    return {
        "puzzle": source,
        "grade": grade.label,
        "score": grade.score,
        "steps": grade.steps,
        "hardest_cost": grade.hardest_cost,
        "hardest_kind": grade.hardest_kind,
        "status": grade.status,
    }


def grade_error_record(source: str, message: str, status: str) -> dict[str, Any]:
    """A puzzle with no grade: ``status`` (``error``, ``unsolvable``), ``error``, the rest null."""
    fields = ("grade", "score", "steps", "hardest_cost", "hardest_kind")
    return {"puzzle": source, **dict.fromkeys(fields), "status": status, "error": message}
