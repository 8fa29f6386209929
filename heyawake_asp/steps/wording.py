"""One sentence per step, as a person would say it.

Cells are named ``rRcC``, row and column from 1; a room by its first cell.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.model import Reason, Rule
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 1),))
>>> clue = Rule("clue", ((0, 0), (1, 0), (2, 0)), 0)
>>> sentence(puzzle, (((1, 0), False), ((2, 0), False)), Reason((clue,), (((0, 0), True),)), "clue")
'r1c2 and r1c3 are white: the room at r1c1 (clue 1) already has its one black cell'
"""

from __future__ import annotations

from collections.abc import Sequence

from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.steps.model import Kind, Reason, Rule, Settled

__all__ = ["cell_name", "rule_phrase", "sentence"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def cell_name(cell: Cell) -> str:
    """``r4c7`` for the cell in row 4, column 7 (``(6, 3)``)."""
    return f"r{cell[1] + 1}c{cell[0] + 1}"


def _number(count: int) -> str:
    """Small numbers in words."""
    return _NUMBERS[count] if count < len(_NUMBERS) else str(count)


def _listing(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _colour(black: bool) -> str:
    """The colour's name."""
    return "black" if black else "white"


def _cells_are(settled: Sequence[Settled]) -> str:
    """``r1c1 is black``, ``r1c1 and r1c3 are white``, ``r1c1 is black and r1c2 is white``."""
    phrases = []
    for black in (True, False):
        names = [cell_name(cell) for cell, colour in settled if colour == black]
        if names:
            verb = "is" if len(names) == 1 else "are"
            phrases.append(f"{_listing(names)} {verb} {_colour(black)}")
    return " and ".join(phrases)


def _room(puzzle: Puzzle, room: int) -> str:
    """``the room at r3c6 (clue 2)``."""
    return (
        f"the room at {cell_name(puzzle.rooms[room].first_cell)} (clue {puzzle.rooms[room].clue})"
    )


def rule_phrase(puzzle: Puzzle, rule: Rule) -> str:
    """What one rule instance says, briefly."""
    if rule.kind == "clue" and rule.room is not None:
        return f"the clue of {_room(puzzle, rule.room)}"
    if rule.kind == "apart" and rule.room is not None:
        return f"no two black cells side by side in {_room(puzzle, rule.room)}"
    if rule.kind == "adjacent":
        return f"{cell_name(rule.cells[0])} and {cell_name(rule.cells[1])} not both black"
    if rule.kind == "run":
        first, last = cell_name(rule.cells[0]), cell_name(rule.cells[-1])
        return f"the run {first}-{last} through three rooms not all white"
    return "the white cells connected"


def sentence(puzzle: Puzzle, settled: Sequence[Settled], reason: Reason, kind: Kind) -> str:
    """The step in one sentence: what it settles, then why."""
    return f"{_cells_are(settled)}: {_why(puzzle, settled, reason, kind)}"


def _why(puzzle: Puzzle, settled: Sequence[Settled], reason: Reason, kind: Kind) -> str:
    """Why, in the words that fit the step's kind."""
    blacks = [cell_name(cell) for cell, black in reason.known if black]
    whites = [cell_name(cell) for cell, black in reason.known if not black]
    rule = reason.rules[0]
    if kind == "adjacent":
        return f"{_listing(blacks)} is black, and black cells cannot touch"
    if kind == "clue" and rule.room is not None:
        clue = puzzle.rooms[rule.room].clue or 0
        noun = "cell" if clue == 1 else "cells"
        if blacks:
            return f"{_room(puzzle, rule.room)} already has its {_number(clue)} black {noun}"
        if clue == 0:
            return f"{_room(puzzle, rule.room)} has no black cells"
        return f"{_room(puzzle, rule.room)} has only {_number(clue)} {noun} left that can be black"
    if kind == "run":
        first, last = cell_name(rule.cells[0]), cell_name(rule.cells[-1])
        return f"otherwise the white run {first}-{last} would pass through three rooms"
    known = _known(blacks, whites)
    if kind == "connected" and len(reason.rules) == 1:
        return f"otherwise the white cells could not all be connected{known}"
    rules = _listing([rule_phrase(puzzle, rule) for rule in reason.rules])
    if kind == "cases":
        cell, black = settled[0]
        return (
            f"if {cell_name(cell)} were {_colour(not black)}, every way on breaks one of "
            f"{rules}{known}"
        )
    return f"from {rules}{known}"


def _known(blacks: Sequence[str], whites: Sequence[str]) -> str:
    """``, with r1c1 black and r2c2, r3c3 white`` (empty when no cell is used)."""
    parts = [
        f"{_listing(names)} {colour}"
        for names, colour in ((blacks, "black"), (whites, "white"))
        if names
    ]
    return f", with {' and '.join(parts)}" if parts else ""
