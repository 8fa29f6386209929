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

The library is the names in ``__all__``, each documented in docs/library.md
(a test keeps the two alike); the modules are private to the package. Each
name is imported from its module when first used, so that importing the
package (as every ``heyawake`` command does) costs nothing and, say,
``heyawake --version`` does not load clingo.
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
    from heyawake_asp.authoring.generate import Generated as Generated
    from heyawake_asp.authoring.generate import generate as generate
    from heyawake_asp.authoring.generate import write_generated as write_generated
    from heyawake_asp.authoring.graded import MAX_GRADED_ATTEMPTS as MAX_GRADED_ATTEMPTS
    from heyawake_asp.authoring.graded import Graded as Graded
    from heyawake_asp.authoring.graded import generate_graded as generate_graded
    from heyawake_asp.authoring.suggest import ClueChange as ClueChange
    from heyawake_asp.authoring.suggest import ClueOptions as ClueOptions
    from heyawake_asp.authoring.suggest import Suggestion as Suggestion
    from heyawake_asp.authoring.suggest import suggest as suggest
    from heyawake_asp.errors import EncodingError as EncodingError
    from heyawake_asp.errors import GenerationError as GenerationError
    from heyawake_asp.errors import HeyawakeError as HeyawakeError
    from heyawake_asp.errors import InvalidPuzzleError as InvalidPuzzleError
    from heyawake_asp.errors import NotExplainedError as NotExplainedError
    from heyawake_asp.errors import OutOfTime as OutOfTime
    from heyawake_asp.errors import PuzzleFormatError as PuzzleFormatError
    from heyawake_asp.errors import PuzzleWarning as PuzzleWarning
    from heyawake_asp.errors import so_far as so_far
    from heyawake_asp.formats import MAX_INPUT_BYTES as MAX_INPUT_BYTES
    from heyawake_asp.formats import read_puzzle as read_puzzle
    from heyawake_asp.formats import read_puzzle_text as read_puzzle_text
    from heyawake_asp.formats import read_source as read_source
    from heyawake_asp.formats import write_puzzle as write_puzzle
    from heyawake_asp.formats.json_format import PUZZLE_SCHEMA as PUZZLE_SCHEMA
    from heyawake_asp.grid import Grid as Grid
    from heyawake_asp.grid import read_grid as read_grid
    from heyawake_asp.oracles.brute import brute_force as brute_force
    from heyawake_asp.oracles.checker import Violation as Violation
    from heyawake_asp.oracles.checker import is_valid as is_valid
    from heyawake_asp.oracles.checker import verify as verify
    from heyawake_asp.oracles.step_checker import check_step as check_step
    from heyawake_asp.puzzle import Cell as Cell
    from heyawake_asp.puzzle import Puzzle as Puzzle
    from heyawake_asp.puzzle import Room as Room
    from heyawake_asp.puzzle import cell_name as cell_name
    from heyawake_asp.queries import Ambiguity as Ambiguity
    from heyawake_asp.queries import ClueSwitch as ClueSwitch
    from heyawake_asp.queries import Explanation as Explanation
    from heyawake_asp.queries import SolutionCount as SolutionCount
    from heyawake_asp.queries import analyze as analyze
    from heyawake_asp.queries import count_solutions as count_solutions
    from heyawake_asp.queries import explain as explain
    from heyawake_asp.queries import other_solution as other_solution
    from heyawake_asp.render.svg import render_svg as render_svg
    from heyawake_asp.render.text import render_text as render_text
    from heyawake_asp.runtime.cluster import Cluster as Cluster
    from heyawake_asp.runtime.cluster import ClusterUnavailable as ClusterUnavailable
    from heyawake_asp.runtime.deadline import Deadline as Deadline
    from heyawake_asp.runtime.deadline import Renewing as Renewing
    from heyawake_asp.runtime.isolation import GRACE_SECONDS as GRACE_SECONDS
    from heyawake_asp.runtime.isolation import ChildFailed as ChildFailed
    from heyawake_asp.runtime.isolation import ChildOverdue as ChildOverdue
    from heyawake_asp.runtime.isolation import Worker as Worker
    from heyawake_asp.runtime.isolation import each_as_done as each_as_done
    from heyawake_asp.runtime.isolation import in_order as in_order
    from heyawake_asp.runtime.isolation import max_jobs as max_jobs
    from heyawake_asp.runtime.isolation import run_each as run_each
    from heyawake_asp.solver import SolveResult as SolveResult
    from heyawake_asp.solver import SolveStats as SolveStats
    from heyawake_asp.solver import solve as solve
    from heyawake_asp.steps.grading import Grade as Grade
    from heyawake_asp.steps.grading import grade as grade
    from heyawake_asp.steps.grading import grade_puzzle as grade_puzzle
    from heyawake_asp.steps.model import Hint as Hint
    from heyawake_asp.steps.model import Reason as Reason
    from heyawake_asp.steps.model import Rule as Rule
    from heyawake_asp.steps.model import Step as Step
    from heyawake_asp.steps.model import Walkthrough as Walkthrough
    from heyawake_asp.steps.walk import Hints as Hints
    from heyawake_asp.steps.walk import hint as hint
    from heyawake_asp.steps.walk import read_partial as read_partial
    from heyawake_asp.steps.walk import steps as walkthrough  # noqa: F401 (re-exported: `_RENAMED`)
    from heyawake_asp.validation.judge import Judge as Judge
    from heyawake_asp.validation.shrink import shrink as shrink
    from heyawake_asp.validation.validate import Counterexample as Counterexample
    from heyawake_asp.validation.validate import Validation as Validation
    from heyawake_asp.validation.validate import answers as answers
    from heyawake_asp.validation.validate import validate as validate
    from heyawake_asp.variants import VARIANTS as VARIANTS
    from heyawake_asp.variants import Variant as Variant

__version__ = "0.3.0"

_HOMES = {
    "asp.control": ("check_encoding",),
    "asp.encodings": ("DEFAULT_ENCODING", "EncodingSet", "list_encodings", "resolve_encoding"),
    "authoring.generate": ("Generated", "generate", "write_generated"),
    "authoring.graded": ("MAX_GRADED_ATTEMPTS", "Graded", "generate_graded"),
    "authoring.suggest": ("ClueChange", "ClueOptions", "Suggestion", "suggest"),
    "errors": (
        "EncodingError",
        "GenerationError",
        "HeyawakeError",
        "InvalidPuzzleError",
        "NotExplainedError",
        "OutOfTime",
        "PuzzleFormatError",
        "PuzzleWarning",
        "so_far",
    ),
    "formats": (
        "MAX_INPUT_BYTES",
        "read_puzzle",
        "read_puzzle_text",
        "read_source",
        "write_puzzle",
    ),
    "formats.json_format": ("PUZZLE_SCHEMA",),
    "grid": ("Grid", "read_grid"),
    "oracles.brute": ("brute_force",),
    "oracles.checker": ("Violation", "is_valid", "verify"),
    "oracles.step_checker": ("check_step",),
    "puzzle": ("Cell", "Puzzle", "Room", "cell_name"),
    "queries": (
        "Ambiguity",
        "ClueSwitch",
        "Explanation",
        "SolutionCount",
        "analyze",
        "count_solutions",
        "explain",
        "other_solution",
    ),
    "render.svg": ("render_svg",),
    "render.text": ("render_text",),
    "runtime.cluster": ("Cluster", "ClusterUnavailable"),
    "runtime.deadline": ("Deadline", "Renewing"),
    "runtime.isolation": (
        "GRACE_SECONDS",
        "ChildFailed",
        "ChildOverdue",
        "Worker",
        "each_as_done",
        "in_order",
        "max_jobs",
        "run_each",
    ),
    "solver": ("SolveResult", "SolveStats", "solve"),
    "steps.grading": ("Grade", "grade", "grade_puzzle"),
    "steps.model": ("Hint", "Reason", "Rule", "Step", "Walkthrough"),
    "steps.walk": ("Hints", "hint", "read_partial", "walkthrough"),
    "validation.judge": ("Judge",),
    "validation.shrink": ("shrink",),
    "validation.validate": ("Counterexample", "Validation", "answers", "validate"),
    "variants": ("VARIANTS", "Variant"),
}
"""The module (under the package) each public name comes from."""
_RENAMED = {"walkthrough": "steps"}
"""Public names their module calls otherwise (`heyawake_asp.steps` is the folder's name)."""
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = ["__version__", *sorted(_HOME_OF)]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'heyawake_asp' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"heyawake_asp.{module}"), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})
