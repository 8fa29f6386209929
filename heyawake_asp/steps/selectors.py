"""The atoms of the steps program, named in Python: selectors as rule instances, cells.

``encodings/steps/instances.lp`` switches each rule instance with a
selector ``use(I)``; `rule_named` reads the instance ``I`` names, by the
shape its kind's row gives (`heyawake_asp.steps.kinds.Shape`): one reader
per shape, none per kind.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> rule_named("adjacent(0,0,1,0)", Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),)))
Rule(kind='adjacent', cells=((0, 0), (1, 0)), room=None)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import clingo

from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.kinds import RULE_KINDS, Shape
from heyawake_asp.steps.model import Rule, row_major

__all__: list[str] = []


def steps_program() -> Path:
    """The program of switchable rule instances."""
    return encodings_dir() / "steps" / "instances.lp"


@functools.cache
def cell_symbol(name: str, cell: Cell) -> clingo.Symbol:
    """``name(X, Y)`` for a cell (made once: every local program looks its cells up)."""
    return clingo.Function(name, [clingo.Number(cell[0]), clingo.Number(cell[1])])


@functools.cache
def use_symbol(index: int) -> clingo.Symbol:
    """``use(I)``, the selector of the instance numbered ``index`` in a local or window program."""
    return clingo.Function("use", [clingo.Number(index)])


@dataclass(frozen=True)
class _Term:
    """A selector's argument: a name and its arguments, numbers or names."""

    name: str
    arguments: tuple[int | str, ...]


def rule_named(text: str, puzzle: Puzzle) -> Rule:
    """The rule instance a selector's argument names, as clingo writes it: ``NAME(A, ...)``.

    Read from its text: clingo's objects for a term's parts cost a call each,
    and a 45x31's thousands of selectors took a tenth of a second so.
    """
    name, _, rest = text.partition("(")
    arguments = tuple(_number_or_name(a) for a in rest[:-1].split(",")) if rest else ()
    term = _Term(name, arguments)
    return _READERS[RULE_KINDS[name].shape](term, puzzle)


def _number_or_name(argument: str) -> int | str:
    """A simple argument of a term as clingo writes it: a number, else the name it is."""
    return int(argument) if argument.lstrip("-").isdigit() else argument


def _numbers(term: _Term) -> list[int]:
    """A term's number arguments, in order."""
    return [arg for arg in term.arguments if isinstance(arg, int)]


def room_rule(kind: str, puzzle: Puzzle, room: int) -> Rule:
    """The instance ``kind`` of a whole room (index ``room``), its cells row-major.

    A kind of shape ``room and around`` has the room's cells and their neighbours on the grid.
    """
    cells = set(puzzle.rooms[room].cells)
    if RULE_KINDS[kind].shape == "room and around":
        cells.update(n for cell in tuple(cells) for n in neighbours(cell) if puzzle.contains(n))
    return Rule(kind, tuple(sorted(cells, key=row_major)), room)


def _pair(term: _Term) -> tuple[Cell, Cell]:
    """The two cells of ``KIND(X1, Y1, X2, Y2)``."""
    x1, y1, x2, y2 = _numbers(term)
    return (x1, y1), (x2, y2)


def _cells(term: _Term, puzzle: Puzzle) -> Rule:
    return Rule(term.name, _pair(term))


def _cells_in_a_room(term: _Term, puzzle: Puzzle) -> Rule:
    cells = _pair(term)
    return Rule(term.name, cells, puzzle.room_index(cells[0]))


def _room(term: _Term, puzzle: Puzzle) -> Rule:
    return room_rule(term.name, puzzle, _numbers(term)[0] - 1)


def _two_rooms(term: _Term, puzzle: Puzzle) -> Rule:
    """Rooms R and Q (from 1): the cells along their border, the room R."""
    first, second = _numbers(term)
    rooms = (first - 1, second - 1)
    cells = {
        cell
        for index in rooms
        for cell in puzzle.rooms[index].cells
        for near in neighbours(cell)
        if puzzle.contains(near)
        and puzzle.room_index(near) in rooms
        and puzzle.room_index(near) != index
    }
    return Rule(term.name, tuple(sorted(cells, key=row_major)), rooms[0])


def _window(term: _Term, puzzle: Puzzle) -> Rule:
    """``KIND(D, L, S, E)``: the cells S-1 to E+1 of row L (``D`` is ``h``) or column L."""
    line, start, end = _numbers(term)
    span = range(start - 1, end + 2)
    across = term.arguments[0] == "h"
    return Rule(term.name, tuple((i, line) if across else (line, i) for i in span))


def _grid(term: _Term, puzzle: Puzzle) -> Rule:
    return Rule(term.name, ())


_READERS: dict[Shape, Callable[[_Term, Puzzle], Rule]] = {
    "cells": _cells,
    "cells in a room": _cells_in_a_room,
    "room": _room,
    "room and around": _room,
    "two rooms": _two_rooms,
    "window": _window,
    "grid": _grid,
}
"""The instance a term of each shape names."""


def literal_of(atoms: clingo.SymbolicAtoms, symbol: clingo.Symbol) -> int:
    """The program literal of a ground atom."""
    atom = atoms[symbol]
    if atom is None:
        raise AssertionError(f"{symbol} was not ground")
    return atom.literal
