"""What one rule instance forces, counted without clingo: the first level of a walk.

Alone, each instance is a count over its cells: two cells side by side
hold at most one black cell, a clue's room exactly its number, a white run
through three rooms at least one. A count forces its open cells once the
settled ones reach it from either side; the planner asks this at every
step, for every instance a settled cell touches, so it is worked out here
rather than asked of clingo.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
>>> forced_by(Rule("clue", ((0, 0), (1, 0), (2, 0)), 0), strip, {(1, 0): False})
{(0, 0): True, (2, 0): True}
>>> forced_by(Rule("adjacent", ((0, 0), (1, 0))), strip, {})
{}
>>> single_reason(Rule("adjacent", ((0, 0), (1, 0))), strip, {(0, 0): True}, False).known
(((0, 0), True),)
"""

from __future__ import annotations

from collections.abc import Mapping

from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.steps.kinds import RULE_KINDS
from heyawake_asp.steps.model import Reason, Rule, row_major

__all__: list[str] = []


def forced_by(rule: Rule, puzzle: Puzzle, known: Mapping[Cell, bool]) -> dict[Cell, bool]:
    """The open cells of ``rule`` it forces alone given ``known`` (True: black).

    Nothing when the settled cells already break it: no shading then has any colour;
    nothing from a whole room's instance that is no count (akichi's area, oneroom's).
    A pair of mirror cells is no count: one settled, the other takes its colour.
    """
    holds = RULE_KINDS[rule.kind].holds
    if holds == "both alike":
        settled = [cell for cell in rule.cells if cell in known]
        if len(settled) != 1:
            return {}
        (other,) = set(rule.cells) - set(settled)
        return {other: known[settled[0]]}
    bounds = black_bounds(rule, puzzle)
    if bounds is None:
        return {}
    fewest, most = bounds
    open_cells = [cell for cell in rule.cells if cell not in known]
    black = sum(1 for cell in rule.cells if known.get(cell, False))
    if black > most or black + len(open_cells) < fewest or not open_cells:
        return {}
    if black == most:
        return dict.fromkeys(open_cells, False)
    if black + len(open_cells) == fewest:
        return dict.fromkeys(open_cells, True)
    return {}


def single_reason(rule: Rule, puzzle: Puzzle, known: Mapping[Cell, bool], black: bool) -> Reason:
    """The minimal reason ``rule`` alone forces an open cell to be black (or white) given ``known``.

    The instance and the settled cells that bring its count to the bound:
    all its white cells for a black cell, all its black cells for a white
    one; for a pair of mirror cells, the other cell, of the same colour.
    Without any of them the cell could take either colour, so this is the
    one minimal reason.
    """
    needed = black if RULE_KINDS[rule.kind].holds == "both alike" else not black
    settled = tuple((cell, needed) for cell in rule.cells if known.get(cell) is needed)
    return Reason((rule,), tuple(sorted(settled, key=lambda item: row_major(item[0]))))


def black_bounds(rule: Rule, puzzle: Puzzle) -> tuple[int, int] | None:
    """The fewest and the most black cells ``rule`` allows among its cells (`Holds`).

    None for an instance that is no count, or a count of a number not given.
    """
    holds = RULE_KINDS[rule.kind].holds
    if holds == "at most one black":
        return 0, 1
    if holds == "at least one black":
        return 1, len(rule.cells)
    if holds == "its number of blacks" and rule.room is not None:
        clue = puzzle.rooms[rule.room].clue
        if isinstance(clue, int):
            return clue, clue
    return None
