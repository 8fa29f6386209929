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

The names below are imported from their modules when first used, so that
importing the package (as every ``heyawake`` command does) costs nothing
and, say, ``heyawake --version`` does not load clingo.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from heyawake_asp.asp.control import check_encoding
    from heyawake_asp.asp.encodings import (
        DEFAULT_ENCODING,
        EncodingSet,
        list_encodings,
        resolve_encoding,
    )
    from heyawake_asp.errors import (
        EncodingError,
        HeyawakeError,
        InvalidPuzzleError,
        PuzzleFormatError,
        PuzzleWarning,
    )
    from heyawake_asp.formats import read_puzzle
    from heyawake_asp.grid import Grid, read_grid
    from heyawake_asp.oracles.checker import Violation, verify
    from heyawake_asp.puzzle import Cell, Puzzle, Room
    from heyawake_asp.render.text import render_text
    from heyawake_asp.solver import SolveResult, SolveStats, solve

__version__ = "0.3.0"

_HOMES = {
    "oracles.checker": ("Violation", "verify"),
    "asp.control": ("check_encoding",),
    "asp.encodings": ("DEFAULT_ENCODING", "EncodingSet", "list_encodings", "resolve_encoding"),
    "errors": (
        "EncodingError",
        "HeyawakeError",
        "InvalidPuzzleError",
        "PuzzleFormatError",
        "PuzzleWarning",
    ),
    "formats": ("read_puzzle",),
    "grid": ("Grid", "read_grid"),
    "puzzle": ("Cell", "Puzzle", "Room"),
    "render.text": ("render_text",),
    "solver": ("SolveResult", "SolveStats", "solve"),
}
"""The module (under the package) each public name comes from."""
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

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


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'heyawake_asp' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"heyawake_asp.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})
