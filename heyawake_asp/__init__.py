"""heyawake-asp: a Heyawake puzzle solver built on Answer Set Programming (clingo).

The pipeline, one folder or module per stage::

    formats/ (read) -> puzzle -> asp/ (facts, encodings, control, search,
        decode) -> solver (the solve call) -> oracles/ (the independent
        checker) -> render/ (text, JSON, SVG)

Beside it: ``queries`` counts, analyses and explains a puzzle, ``steps/``
explains one step by step, ``authoring/`` generates puzzles,
``validation/`` proves an encoding set right on small puzzles, ``suite``
times sets on instance suites, ``runtime/`` runs calls under a deadline in
child processes, and ``cli/`` is the ``heyawake`` command.

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

if TYPE_CHECKING:  # for type checkers; at run time `__getattr__` imports these from `_HOMES`
    from heyawake_asp.asp.control import check_encoding as check_encoding
    from heyawake_asp.asp.encodings import DEFAULT_ENCODING as DEFAULT_ENCODING
    from heyawake_asp.asp.encodings import EncodingSet as EncodingSet
    from heyawake_asp.asp.encodings import list_encodings as list_encodings
    from heyawake_asp.asp.encodings import resolve_encoding as resolve_encoding
    from heyawake_asp.errors import EncodingError as EncodingError
    from heyawake_asp.errors import HeyawakeError as HeyawakeError
    from heyawake_asp.errors import InvalidPuzzleError as InvalidPuzzleError
    from heyawake_asp.errors import OutOfTime as OutOfTime
    from heyawake_asp.errors import PuzzleFormatError as PuzzleFormatError
    from heyawake_asp.errors import PuzzleWarning as PuzzleWarning
    from heyawake_asp.formats import read_puzzle as read_puzzle
    from heyawake_asp.grid import Grid as Grid
    from heyawake_asp.grid import read_grid as read_grid
    from heyawake_asp.oracles.checker import Violation as Violation
    from heyawake_asp.oracles.checker import verify as verify
    from heyawake_asp.puzzle import Cell as Cell
    from heyawake_asp.puzzle import Puzzle as Puzzle
    from heyawake_asp.puzzle import Room as Room
    from heyawake_asp.render.text import render_text as render_text
    from heyawake_asp.solver import SolveResult as SolveResult
    from heyawake_asp.solver import SolveStats as SolveStats
    from heyawake_asp.solver import solve as solve

__version__ = "0.3.0"

_HOMES = {
    "oracles.checker": ("Violation", "verify"),
    "asp.control": ("check_encoding",),
    "asp.encodings": ("DEFAULT_ENCODING", "EncodingSet", "list_encodings", "resolve_encoding"),
    "errors": (
        "EncodingError",
        "HeyawakeError",
        "InvalidPuzzleError",
        "OutOfTime",
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

__all__ = ["__version__", *sorted(_HOME_OF)]


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
