"""Read a shading off a clingo model: its shown ``black(X, Y)`` atoms.

>>> from heyawake_asp.control import grounded_control
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
>>> control, _ = grounded_control(puzzle)
>>> grids = []
>>> str(control.solve(on_model=lambda model: grids.append(decode(model, puzzle))))
'SAT'
>>> grids
[('#.#',)]
"""

from __future__ import annotations

import clingo

from heyawake_asp.grid import Grid, grid_from_black
from heyawake_asp.puzzle import Cell, Puzzle

__all__ = ["decode"]


def decode(model: clingo.Model, puzzle: Puzzle) -> Grid:
    """The grid whose black cells are the model's shown ``black/2`` atoms.

    Other shown atoms, and ``black/2`` atoms that name no cell of the grid,
    are left out.
    """
    black = [cell for symbol in model.symbols(shown=True) if (cell := _cell(symbol))]
    return grid_from_black(puzzle.width, puzzle.height, black)


def _cell(symbol: clingo.Symbol) -> Cell | None:
    """The cell of an atom ``black(X, Y)`` with integer X and Y; None for any other atom."""
    if not symbol.match("black", 2):
        return None
    x, y = symbol.arguments
    if x.type != clingo.SymbolType.Number or y.type != clingo.SymbolType.Number:
        return None
    return x.number, y.number
