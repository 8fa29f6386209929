"""`suggest`'s answer in words, and as the JSON record of ``suggest --json`` and the web API.

>>> from heyawake_asp.authoring.suggest import suggest
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 2, 0), Room.rectangle(3, 0, 4, 0, 1)))
>>> found = suggest(strip)
>>> suggestion_words(strip, found)
'set the room at r1c1 to 0: the answer becomes unique'
>>> suggestion_record("strip", found)["suggestion"]
{'x': 0, 'y': 0, 'clue': 0, 'solutions': 1}
"""

from __future__ import annotations

from typing import Any

from heyawake_asp.authoring.suggest import LIMIT, Suggestion
from heyawake_asp.puzzle import Puzzle

__all__ = ["suggestion_record", "suggestion_words"]


def suggestion_words(puzzle: Puzzle, suggestion: Suggestion) -> str:
    """One line: the change and what it leaves, or why there is none.

    A puzzle without a solution is the caller's to word (`explain` says why).
    """
    change = suggestion.change
    if suggestion.status == "unique":
        return "unique already: nothing to suggest"
    if change is None:
        return f"no single number leaves fewer solutions, counting up to {LIMIT}"
    was = puzzle.rooms[change.room].clue_text
    what = f"set {puzzle.room_name(change.room)} to {change.clue}"
    what += "" if was is None else f" (was {was})"
    if change.solutions == 1:
        return f"{what}: the answer becomes unique"
    return f"{what}: leaves {change.solutions} solutions"


def suggestion_record(source: str, suggestion: Suggestion) -> dict[str, Any]:
    """``{"puzzle", "status", "suggestion"}``; ``x``, ``y`` (from 0): the room's first cell."""
    change = suggestion.change
    record = None
    if change is not None:
        x, y = change.cell
        record = {"x": x, "y": y, "clue": change.clue, "solutions": change.solutions}
    return {"puzzle": source, "status": suggestion.status, "suggestion": record}
