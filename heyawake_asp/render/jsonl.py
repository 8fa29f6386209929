"""One JSON object per solved puzzle, for ``heyawake solve --json``.

Keys, always in this order: ``puzzle`` (the path as given), ``width``,
``height``, ``status`` (``solved``, ``unsatisfiable``, ``timeout`` or
``error``), ``solutions`` (grids as lists of row strings), ``unique``
(true, false or null), ``stats`` (or null on error) and, only when the
status is ``error``, ``error``.
"""

from __future__ import annotations

import json
from typing import Any

from heyawake_asp.puzzle import Puzzle
from heyawake_asp.solver import SolveResult

__all__ = ["error_line", "result_line"]


def result_line(source: str, puzzle: Puzzle, result: SolveResult, stopped: bool = False) -> str:
    """The JSON line for a puzzle that was read and solved.

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
    return json.dumps(record)


def error_line(source: str, message: str, puzzle: Puzzle | None = None) -> str:
    """The JSON line for a puzzle that could not be read or solved."""
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
    return json.dumps(record)
