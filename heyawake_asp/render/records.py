"""Every answer as a JSON-ready dictionary: what ``--json`` prints and the web API answers.

One module for all of them, so that a command and the API say the same thing
the same way. Cells are ``{"x", "y"}`` objects (or ``[x, y]`` pairs where a
record has always said so), ``x`` the column and ``y`` the row, from 0;
rooms are numbered from 1.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.walk import steps
>>> record = walk_record("strip", steps(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))))
>>> sorted(record), record["steps"][0]["settles"]
(['conflict', 'grid', 'puzzle', 'status', 'steps'], [{'x': 0, 'y': 0, 'black': True}])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heyawake_asp.puzzle import Cell, Puzzle

if TYPE_CHECKING:  # types only: ``solve --json`` loads none of the explaining machinery
    from heyawake_asp.authoring.suggest import ClueChange, Suggestion
    from heyawake_asp.oracles.checker import Violation
    from heyawake_asp.queries import Ambiguity, Explanation, SolutionCount
    from heyawake_asp.solver import SolveResult
    from heyawake_asp.steps.grading import Grade
    from heyawake_asp.steps.model import Hint, Rule, Settled, Step, Walkthrough

__all__ = [
    "analyze_record",
    "check_record",
    "convert_record",
    "explain_record",
    "generate_record",
    "grade_error_record",
    "grade_record",
    "hint_record",
    "solve_error_record",
    "solve_record",
    "step_line_record",
    "suggestion_record",
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


def step_line_record(source: str, number: int, step: Step) -> dict[str, Any]:
    """A step as it is found, ahead of its path's record: ``{"puzzle", "number", "step"}``.

    ``number`` counts from 1; ``step`` is the step's record, as in the path's ``steps``.
    """
    return {"puzzle": source, "number": number, "step": step_record(step)}


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


def solve_record(
    source: str, puzzle: Puzzle, result: SolveResult, stopped: bool = False
) -> dict[str, Any]:
    """A puzzle read and solved: its size, ``status``, ``solutions``, ``unique`` and ``stats``.

    ``puzzle`` is the source as given, ``solutions`` lists of row strings,
    ``unique`` true, false or null.

    ``stopped``: the call was stopped while clingo ground, so that every
    statistic but ``total_seconds`` is unknown (null).
    """
    stats = result.stats.as_dict()
    if stopped:
        stats = {key: value if key == "total_seconds" else None for key, value in stats.items()}
    record: dict[str, Any] = {
        "puzzle": source,
        "width": puzzle.width,
        "height": puzzle.height,
        "status": result.status,
        "solutions": [list(grid) for grid in result.solutions],
        "unique": result.unique,
        "stats": stats,
    }
    return record


def solve_error_record(source: str, message: str, puzzle: Puzzle | None = None) -> dict[str, Any]:
    """A puzzle that could not be read or solved: status ``error`` and ``error`` why."""
    record: dict[str, Any] = {
        "puzzle": source,
        "width": puzzle.width if puzzle else None,
        "height": puzzle.height if puzzle else None,
        "status": "error",
        "solutions": [],
        "unique": None,
        "stats": None,
        "error": message,
    }
    return record


def suggestion_record(source: str, suggestion: Suggestion) -> dict[str, Any]:
    """``{"puzzle", "status", "suggestion", "together", "split", "disputed"}``, cells from 0.

    ``suggestion`` and each of ``together``: ``x``, ``y`` (the room's first cell),
    ``clue``, ``solutions`` and ``more`` (true: more solutions than that); ``split``: the
    room's first cell ``x``, ``y``, its ``parts`` (lists of ``[x, y]``) and their
    ``clues``, or null; ``disputed``: ``[x, y]`` cells.
    """
    change = suggestion.change
    cut = suggestion.split
    split = None
    if cut is not None:
        x, y = min(cut.parts[0] | cut.parts[1], key=_reading)
        parts = [_ordered(part) for part in cut.parts]
        split = {"x": x, "y": y, "parts": parts, "clues": list(cut.clues)}
    return {
        "puzzle": source,
        "status": suggestion.status,
        "suggestion": None if change is None else _change_record(change),
        "together": [_change_record(each) for each in suggestion.together],
        "split": split,
        "disputed": _ordered(suggestion.disputed),
    }


def _change_record(change: ClueChange) -> dict[str, int | bool]:
    x, y = change.cell
    return {"x": x, "y": y, "clue": change.clue, "solutions": change.solutions, "more": change.more}


def _ordered(cells: frozenset[Cell]) -> list[list[int]]:
    """``cells`` as ``[x, y]`` lists in reading order."""
    return [[x, y] for x, y in sorted(cells, key=_reading)]


def check_record(
    source: str, found: list[Violation], complete: bool, solved: bool
) -> dict[str, Any]:
    """The rules a grid already breaks, whether every cell is marked, whether it is solved.

    ``violations`` each have ``rule``, ``cells``, ``room`` (from 1, or null), ``message``.
    """
    violations = [
        {
            "rule": violation.rule,
            "cells": [cell_record(cell) for cell in violation.cells],
            "room": None if violation.room is None else violation.room + 1,
            "message": violation.message,
        }
        for violation in found
    ]
    return {"puzzle": source, "violations": violations, "complete": complete, "solved": solved}


def analyze_record(
    source: str, ambiguity: Ambiguity, counted: SolutionCount, limit: int
) -> dict[str, Any]:
    """Whether the answer is unique, the cells all solutions share, and how many there are.

    ``status`` (``unique``, ``several``, ``none``); ``black`` and ``white``
    the shared cells, ``varying`` the others; ``solutions`` counted up to
    ``limit``, ``more`` when there are more.
    """
    status = "none" if not ambiguity.solvable else "several" if ambiguity.varying else "unique"

    def cells(group: frozenset[Cell]) -> list[dict[str, int]]:
        return [cell_record(cell) for cell in sorted(group, key=_reading)]

    return {
        "puzzle": source,
        "status": status,
        "black": cells(ambiguity.black),
        "white": cells(ambiguity.white),
        "varying": cells(ambiguity.varying),
        "solutions": min(counted.count, limit),
        "more": not counted.exact,
    }


def explain_record(source: str, puzzle: Puzzle, found: Explanation) -> dict[str, Any]:
    """``explain``'s answer: a minimal set of clues (``rooms``, from 1) that cannot all hold."""
    from heyawake_asp.render.marks import conflict_words  # draws nothing, but loads the renderers

    return {
        "puzzle": source,
        "satisfiable": found.satisfiable,
        "rooms": [room + 1 for room in found.rooms],
        "most": found.most,
        "text": None if found.satisfiable else conflict_words(puzzle, found.rooms, found.most),
    }


def convert_record(
    source: str, puzzle: Puzzle, fmt: str, text: str, marks: list[str] | None
) -> dict[str, Any]:
    """A puzzle written ``to`` a format: its ``text``, credits and a puzz.link file's marks.

    ``title`` and ``author`` when the puzzle has them; ``marks`` (rows of
    ``#``, ``.``, ``?``) when it came as a puzz.link file with some.
    """
    record = {"puzzle": source, "to": fmt, "text": text, **puzzle.credits}
    return record if marks is None else {**record, "marks": marks}


def generate_record(seed: int, grade: str | None, url: str) -> dict[str, Any]:
    """A generated puzzle: its ``seed``, the ``grade`` asked for (or null), its puzz.link URL."""
    return {"seed": seed, "grade": grade, "puzzle": url}


def _reading(cell: Cell) -> tuple[int, int]:
    """Sort key for cells in reading order: row, then column."""
    return cell[1], cell[0]
