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

from heyawake_asp.authoring.suggest import LIMIT, MOST_NUMBERS, ClueChange, Suggestion
from heyawake_asp.puzzle import Cell, Puzzle, cell_name

__all__ = ["suggestion_record", "suggestion_words"]


def suggestion_words(puzzle: Puzzle, suggestion: Suggestion) -> str:
    """One line: the change and what it leaves, or the numbers or the cut that make it unique.

    A puzzle without a solution is the caller's to word (`explain` says why).
    """
    change = suggestion.change
    if suggestion.status == "unique":
        return "unique already: nothing to suggest"
    if change is not None and change.solutions == 1:
        return f"{_set(puzzle, change)}: the answer becomes unique"
    single = (
        f"no single number leaves fewer solutions, counting up to {LIMIT}"
        if change is None
        else f"no single number makes the answer unique ({_set(puzzle, change)} leaves "
        f"{change.solutions} solutions)"
    )
    if suggestion.together:
        sets = ", then ".join(_set(puzzle, change) for change in suggestion.together)
        return f"{single}; {len(suggestion.together)} numbers together do: {sets}"
    cut = suggestion.split
    if cut is not None:
        parts = " and ".join(
            f"{_cells(len(part))} from {cell_name(_first(part))} numbered {clue}"
            for part, clue in zip(cut.parts, cut.clues, strict=True)
        )
        return f"{single}; cutting {puzzle.room_name(cut.room)} in two does: {parts}"
    return f"{single}; nor do up to {MOST_NUMBERS} numbers chosen one by one, nor a room cut in two"


def _set(puzzle: Puzzle, change: ClueChange) -> str:
    """``set room a to 2 (was 1)``."""
    was = puzzle.rooms[change.room].clue_text
    what = f"set {puzzle.room_name(change.room)} to {change.clue}"
    return what if was is None else f"{what} (was {was})"


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def suggestion_record(source: str, suggestion: Suggestion) -> dict[str, Any]:
    """``{"puzzle", "status", "suggestion", "together", "split", "disputed"}``, cells from 0.

    ``suggestion`` and each of ``together``: ``x``, ``y`` (the room's first cell),
    ``clue``, ``solutions``; ``split``: the room's first cell ``x``, ``y``, its ``parts``
    (lists of ``[x, y]``) and their ``clues``, or null; ``disputed``: ``[x, y]`` cells.
    """
    change = suggestion.change
    cut = suggestion.split
    split = None
    if cut is not None:
        x, y = _first(cut.parts[0] | cut.parts[1])
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


def _change_record(change: ClueChange) -> dict[str, int]:
    x, y = change.cell
    return {"x": x, "y": y, "clue": change.clue, "solutions": change.solutions}


def _first(cells: frozenset[Cell]) -> Cell:
    """The first of ``cells`` in reading order."""
    return min(cells, key=lambda cell: cell[::-1])


def _ordered(cells: frozenset[Cell]) -> list[list[int]]:
    """``cells`` as ``[x, y]`` lists in reading order."""
    return [[x, y] for x, y in sorted(cells, key=lambda cell: cell[::-1])]
