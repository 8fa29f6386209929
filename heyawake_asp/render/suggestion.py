"""`suggest`'s answer in words (its JSON record: `heyawake_asp.render.records`).

>>> from heyawake_asp.authoring.suggest import suggest
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 2, 0), Room.rectangle(3, 0, 4, 0, 1)))
>>> suggestion_words(strip, suggest(strip))
'set the room at r1c1 to 0: the answer becomes unique'
"""

from __future__ import annotations

from heyawake_asp.authoring.suggest import LIMIT, MOST_NUMBERS, ClueChange, Suggestion
from heyawake_asp.puzzle import Puzzle, cell_name
from heyawake_asp.steps.model import row_major

__all__ = ["suggestion_words"]


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
        f"{_left(change)})"
    )
    if suggestion.together:
        sets = ", then ".join(_set(puzzle, change) for change in suggestion.together)
        return f"{single}; {len(suggestion.together)} numbers together do: {sets}"
    cut = suggestion.split
    if cut is not None:
        parts = " and ".join(
            f"{_cells(len(part))} from {cell_name(min(part, key=row_major))} numbered {clue}"
            for part, clue in zip(cut.parts, cut.clues, strict=True)
        )
        return f"{single}; cutting {puzzle.room_name(cut.room)} in two does: {parts}"
    return f"{single}; nor do up to {MOST_NUMBERS} numbers chosen one by one, nor a room cut in two"


def _set(puzzle: Puzzle, change: ClueChange) -> str:
    """``set room a to 2 (was 1)``."""
    was = puzzle.rooms[change.room].clue_text
    what = f"set {puzzle.room_name(change.room)} to {change.clue}"
    return what if was is None else f"{what} (was {was})"


def _left(change: ClueChange) -> str:
    """``12 solutions``; ``more than 100 solutions, yet fewer than before`` for a narrowing."""
    if change.more:
        return f"more than {change.solutions} solutions, yet fewer than before"
    return f"{change.solutions} solutions"


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"
