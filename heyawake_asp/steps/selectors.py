"""The atoms of the steps program, named in Python: selectors as rule instances, cells.

``encodings/steps/instances.lp`` switches each rule instance with a
selector ``use(I)``; `rule_named` reads the instance ``I`` names.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> term = clingo.Function("adjacent", [clingo.Number(n) for n in (0, 0, 1, 0)])
>>> rule_named(term, Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),)))
Rule(kind='adjacent', cells=((0, 0), (1, 0)), room=None)
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import clingo

from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.model import Rule, room_rule, row_major

__all__: list[str] = []


def steps_program() -> Path:
    """The program of switchable rule instances."""
    return encodings_dir() / "steps" / "instances.lp"


def cell_symbol(name: str, cell: Cell) -> clingo.Symbol:
    """``name(X, Y)`` for a cell."""
    return clingo.Function(name, [clingo.Number(cell[0]), clingo.Number(cell[1])])


def rule_named(term: clingo.Symbol, puzzle: Puzzle) -> Rule:
    """The rule instance a selector's argument names."""
    args = [int(arg.number) for arg in term.arguments if arg.type == clingo.SymbolType.Number]
    if term.name == "adjacent":
        return Rule("adjacent", ((args[0], args[1]), (args[2], args[3])))
    if term.name in _ROOM_KINDS:
        return room_rule(_ROOM_KINDS[term.name], puzzle, args[0] - 1)
    if term.name == "doors":
        return doors_rule(puzzle, args[0] - 1, args[1] - 1)
    if term.name == "mirror":
        cells = ((args[0], args[1]), (args[2], args[3]))
        return Rule("mirror", cells, puzzle.room_index(cells[0]))
    if term.name == "run":
        line, start, end = args
        span = range(start - 1, end + 2)
        across = term.arguments[0].name == "h"
        return Rule("run", tuple((i, line) if across else (line, i) for i in span))
    return Rule("connected", ())


_ROOM_KINDS: dict[str, Literal["clue", "apart", "area", "joined"]] = {
    "clue": "clue",
    "apart": "apart",
    "area": "area",
    "joined": "joined",
}
"""The kinds whose instance is one whole room, by the name of their selector's term."""


def doors_rule(puzzle: Puzzle, room: int, other: int) -> Rule:
    """The instance "rooms ``room`` and ``other`` share at most one door": their border's cells."""
    rooms = (room, other)
    cells = {
        cell
        for index in rooms
        for cell in puzzle.rooms[index].cells
        for near in neighbours(cell)
        if puzzle.contains(near)
        and puzzle.room_index(near) in rooms
        and puzzle.room_index(near) != index
    }
    return Rule("doors", tuple(sorted(cells, key=row_major)), room)


def literal_of(atoms: clingo.SymbolicAtoms, symbol: clingo.Symbol) -> int:
    """The program literal of a ground atom."""
    atom = atoms[symbol]
    if atom is None:
        raise AssertionError(f"{symbol} was not ground")
    return atom.literal
