"""One sentence per step, as a person would say it.

Cells are named ``rRcC``, row and column from 1; a room by its name in the
puzzle's file, else by its first cell (`Puzzle.room_name`).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.model import Reason, Rule
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 1),))
>>> clue = Rule("clue", ((0, 0), (1, 0), (2, 0)), 0)
>>> sentence(puzzle, (((1, 0), False), ((2, 0), False)), Reason((clue,), (((0, 0), True),)), "clue")
'r1c2 and r1c3 are white: the room at r1c1 (clue 1) already has its one black cell, r1c1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from heyawake_asp.puzzle import Cell, Puzzle, cell_name
from heyawake_asp.steps.kinds import RULE_KINDS, Shape
from heyawake_asp.steps.model import Kind, Reason, Rule, Settled, row_major

__all__: list[str] = []

_NAMED_BLACKS = 4
"""A room's black cells are named when it already has this many or fewer."""
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


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
    """``room f (clue 2)``, or ``the room at r3c6 (clue 2)`` (`Puzzle.room_name`)."""
    return f"{puzzle.room_noun()} {_labelled(puzzle, room)}"


def _labelled(puzzle: Puzzle, room: int) -> str:
    """``f (clue 2)`` or ``r3c6 (clue 2)``: a room's label and its clue (if it has one)."""
    clue = puzzle.rooms[room].clue
    return puzzle.room_label(room) if clue is None else f"{puzzle.room_label(room)} (clue {clue})"


_SORTS = tuple(RULE_KINDS)
"""The order in which a reason's kinds of rule instances are named: the table's."""


def rules_phrase(puzzle: Puzzle, rules: Sequence[Rule]) -> str:
    """What a reason's rule instances say, grouped by sort: each sort's words said once.

    Commas, or semicolons past two groups, part the groups when one of them
    is a list itself.
    """
    groups = [_group(puzzle, [rule for rule in rules if rule.kind == sort]) for sort in _SORTS]
    for index, sort in enumerate(_SORTS):
        again = RULE_KINDS[sort].again
        rooms = {rule.room for rule in rules if rule.kind == sort}
        if again and rooms and rooms <= {rule.room for rule in rules if rule.kind == again.after}:
            # The rooms were just named with their clues.
            groups[index] = again.one if len(rooms) == 1 else again.many
    phrases = [phrase for phrase in groups if phrase]
    if len(phrases) == 1 or not any(" and " in phrase for phrase in phrases):
        return _listing(phrases)
    if len(phrases) == 2:
        return f"{phrases[0]}, and {phrases[1]}"
    return f"{'; '.join(phrases[:-1])}; and {phrases[-1]}"


def _group(puzzle: Puzzle, rules: Sequence[Rule]) -> str:
    """The instances of one sort, in one phrase (empty without any): its row's words."""
    if not rules:
        return ""
    kind = RULE_KINDS[rules[0].kind]
    says = kind.says_many if len(rules) > 1 else kind.says_one
    names = _listing([_NAMES[kind.shape](puzzle, rule) for rule in rules])
    if kind.shape in _ROOM_SHAPES:
        names = f"{puzzle.room_noun(len(rules))} {names}"
    room = _room(puzzle, rules[0].room or 0) if "{room}" in says else ""
    return says.format(items=names, room=room)


def _between(puzzle: Puzzle, rule: Rule) -> str:
    """``room a and room c``: the rooms of an instance along their border."""
    rooms = sorted({puzzle.room_index(cell) for cell in rule.cells})
    return " and ".join(puzzle.room_name(room) for room in rooms)


def _pair_name(puzzle: Puzzle, rule: Rule) -> str:
    """``r1c1/r1c2``."""
    return f"{cell_name(rule.cells[0])}/{cell_name(rule.cells[1])}"


def _room_name(puzzle: Puzzle, rule: Rule) -> str:
    """``b (clue 2)``, after the noun (`_labelled`)."""
    return _labelled(puzzle, rule.room or 0)


def _window_name(puzzle: Puzzle, rule: Rule) -> str:
    """``r1c1-r1c5``: a window's ends."""
    return f"{cell_name(rule.cells[0])}-{cell_name(rule.cells[-1])}"


def _no_name(puzzle: Puzzle, rule: Rule) -> str:
    """The whole grid's instance has no name of its own."""
    return ""


_NAMES: dict[Shape, Callable[[Puzzle, Rule], str]] = {
    "cells": _pair_name,
    "cells in a room": _pair_name,
    "room": _room_name,
    "room and around": _room_name,
    "two rooms": _between,
    "window": _window_name,
    "grid": _no_name,
}
"""How a sentence names one instance of each shape (`heyawake_asp.steps.kinds.Shape`)."""
_ROOM_SHAPES = ("room", "room and around")
"""The shapes whose instances are rooms, named after the noun: ``rooms b (clue 2) and c``."""


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
    if kind == "mirror" and len(reason.rules) == 1 and len(reason.known) == 1:
        (cell, black), mirror = reason.known[0], cell_name(settled[0][0])
        return (
            f"{cell_name(cell)} is {_colour(black)}, and {mirror} is its mirror in "
            f"{_room(puzzle, rule.room or 0)}: a room's black cells are symmetric"
        )
    if kind == "clue" and rule.room is not None:
        clue = puzzle.rooms[rule.room].clue or 0
        noun = "cell" if clue == 1 else "cells"
        if blacks:
            which = f", {_listing(blacks)}" if len(blacks) <= _NAMED_BLACKS else ""
            return f"{_room(puzzle, rule.room)} already has its {_number(clue)} black {noun}{which}"
        if clue == 0:
            return f"{_room(puzzle, rule.room)} has no black cells"
        return f"{_room(puzzle, rule.room)} has only {_number(clue)} {noun} left that can be black"
    if kind == "run":
        first, last = cell_name(rule.cells[0]), cell_name(rule.cells[-1])
        return f"otherwise the white run {first}-{last} would pass through three rooms"
    known = _known(blacks, whites)
    cut = _cut_off(settled, reason) if kind == "connected" else None
    if cut is not None:
        wall = _along([cell for cell, black in reason.known if black])
        return f"otherwise {cut}{_known([cell_name(cell) for cell in wall], [])}"
    if kind == "connected" and len(reason.rules) == 1:
        return f"otherwise the white cells could not all be connected{known}"
    rules = rules_phrase(puzzle, reason.rules)
    if kind == "cases":
        cell, black = settled[0]
        other = f"{cell_name(cell)} were {_colour(not black)}"
        if len(settled) > 1:  # the same reason forces each of them
            other = (
                f"any of them took the other colour ({cell_name(cell)} {_colour(not black)}, say)"
            )
        return f"if {other}, every way to go on would break one of: {rules}{known}"
    return f"from {rules}{known}"


def _cut_off(settled: Sequence[Settled], reason: Reason) -> str | None:
    """``r1c2 would be cut off from r2c3``: one white cell and one root, one cell made white.

    With connectivity (and pairs of the cell made white and a neighbour,
    white beside it were it black), the settled cell black would leave the
    one white cell that is not the root unable to reach it, even with every
    other cell white (else the cells it cannot reach could all be black).
    """
    connected, *pairs = reason.rules
    if len(settled) != 1 or settled[0][1] or len(connected.cells) != 1:
        return None
    cell, root = settled[0][0], connected.cells[0]
    if any(rule.kind != "adjacent" or cell not in rule.cells for rule in pairs):
        return None
    beside = {other for rule in pairs for other in rule.cells if other != cell}
    whites = {other for other, black in reason.known if not black}
    shut = (whites | beside) - {root}
    if len(shut) != 1:
        return None
    (alone,) = shut
    if {alone, root} <= beside:
        both = f"{cell_name(alone)} and {cell_name(root)}"
        return f"its neighbours {both} would be cut off from each other"
    first = f"its neighbour {cell_name(alone)}" if alone in beside else cell_name(alone)
    second = f"its neighbour {cell_name(root)}" if root in beside else cell_name(root)
    return f"{first} would be cut off from {second}"


def _along(cells: list[Cell]) -> list[Cell]:
    """``cells`` in order along their wall when they make one chain corner to corner, else as given.

    A person follows a wall of black cells from one end to the other.
    """
    touching = {c: [o for o in cells if abs(o[0] - c[0]) == 1 == abs(o[1] - c[1])] for c in cells}
    ends = [cell for cell in cells if len(touching[cell]) == 1]
    if len(cells) < 3 or len(ends) != 2 or any(len(near) > 2 for near in touching.values()):
        return cells
    chain = [min(ends, key=row_major)]
    while len(chain) < len(cells):
        after = [other for other in touching[chain[-1]] if other not in chain]
        if not after:  # a chain and a ring apart
            return cells
        chain.append(after[0])
    return chain


def _known(blacks: Sequence[str], whites: Sequence[str]) -> str:
    """``, with r1c1 black, and r2c2 and r3c3 white`` (empty when no cell is used)."""
    parts = [
        f"{_listing(names)} {colour}"
        for names, colour in ((blacks, "black"), (whites, "white"))
        if names
    ]
    return f", with {', and '.join(parts)}" if parts else ""
