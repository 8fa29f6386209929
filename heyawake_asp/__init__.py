"""heyawake-asp: a Heyawake puzzle solver built on Answer Set Programming (clingo).

The pipeline, one module per stage::

    formats (read) -> puzzle -> facts -> encodings (.lp) -> control (ground)
        -> search -> decode -> solver (the solve call) -> checker (independent)
        -> render (text, JSON, SVG)

>>> from heyawake_asp import Puzzle, Room, solve, verify
>>> puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
>>> result = solve(puzzle)
>>> result.solutions[0], verify(puzzle, result.solutions[0])
(('#.#',), [])
"""

from importlib.metadata import version

from heyawake_asp.checker import Violation, verify
from heyawake_asp.control import check_encoding
from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, list_encodings, resolve_encoding
from heyawake_asp.errors import (
    EncodingError,
    HeyawakeError,
    InvalidPuzzleError,
    PuzzleFormatError,
    PuzzleWarning,
)
from heyawake_asp.formats import read_puzzle
from heyawake_asp.grid import Grid, read_grid
from heyawake_asp.puzzle import Cell, Puzzle, Room
from heyawake_asp.render.text import render_text
from heyawake_asp.solver import SolveResult, SolveStats, solve

__version__ = version("heyawake-asp")

__all__ = [
    "DEFAULT_ENCODING",
    "Cell",
    "EncodingError",
    "EncodingSet",
    "Grid",
    "HeyawakeError",
    "InvalidPuzzleError",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleWarning",
    "Room",
    "SolveResult",
    "SolveStats",
    "Violation",
    "__version__",
    "check_encoding",
    "list_encodings",
    "read_grid",
    "read_puzzle",
    "render_text",
    "resolve_encoding",
    "solve",
    "verify",
]
