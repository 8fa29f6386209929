"""Ground and solve a puzzle with clingo, and decode the answer sets into grids.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> result = solve(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> result.status, result.unique, result.solutions
('solved', True, (('#.#',),))
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

import clingo

from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import EncodingError
from heyawake_asp.facts import puzzle_facts
from heyawake_asp.grid import Grid, grid_from_black
from heyawake_asp.puzzle import Puzzle, Room

__all__ = [
    "MAX_MODELS",
    "MAX_THREADS",
    "SolveResult",
    "SolveStats",
    "Status",
    "check_encoding",
    "decode",
    "grounded_control",
    "search",
    "solve",
]

Status = Literal["solved", "unsatisfiable", "timeout"]
_LOG = logging.getLogger("heyawake_asp.clingo")
_POLL_SECONDS = 0.05
MAX_THREADS = 64
"""clingo's limit on parallel solver threads."""
MAX_MODELS = 2**31 - 2
"""The most solutions one call may ask for (one more is requested for uniqueness)."""
_PROBE = Puzzle(2, 2, (Room.rectangle(0, 0, 1, 0, 1), Room.rectangle(0, 1, 1, 1)))


@dataclass(frozen=True)
class SolveStats:
    """Where the time went and how large the problem was."""

    ground_seconds: float
    solve_seconds: float
    total_seconds: float
    atoms: int
    rules: int
    choices: int
    conflicts: int

    def as_dict(self) -> dict[str, float | int]:
        """The statistics as a plain dict (for JSON)."""
        return asdict(self)


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve call.

    ``unique`` is ``None`` when uniqueness was not checked or the time ran
    out before it was settled.
    """

    status: Status
    solutions: tuple[Grid, ...]
    unique: bool | None
    stats: SolveStats


def solve(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet = DEFAULT_ENCODING,
    *,
    max_solutions: int = 1,
    check_unique: bool = True,
    timeout: float | None = None,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    options: Sequence[str] = (),
) -> SolveResult:
    """Solve ``puzzle`` with an encoding set plus optional extra programs.

    Parameters
    ----------
    max_solutions
        How many solutions to return; 0 returns all.
    check_unique
        Ask clingo for one model more than returned to settle ``unique``.
    timeout
        Seconds for the whole call; clingo's search is interrupted when they
        run out (grounding cannot be, but is checked against the limit).
    threads
        Parallel solver threads.
    options
        More clingo command-line options, after those the encoding set declares.

    Raises
    ------
    EncodingError
        When the encoding cannot be found, fails to load or ground, or cannot
        handle this puzzle (e.g. irregular rooms for a rectangles-only set).
    ValueError
        When ``max_solutions`` or ``threads`` is out of range.

    Notes
    -----
    Models are projected on ``black/2``, so one shading is counted once
    whatever auxiliary atoms an encoding has.
    """
    start = time.perf_counter()
    if not 0 <= max_solutions <= MAX_MODELS or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"max_solutions must be 0..{MAX_MODELS}, threads 1..{MAX_THREADS}")
    wanted = max_solutions + 1 if check_unique and max_solutions > 0 else max_solutions
    control, ground_seconds = grounded_control(
        puzzle, encoding, models=wanted, threads=threads, extra=extra, options=options
    )
    deadline = None if timeout is None else start + timeout
    models: list[Grid] = []
    solve_start = time.perf_counter()
    outcome = search(control, lambda model: models.append(decode(model, puzzle)), deadline)
    finished, exhausted = outcome is not None, outcome is not None and outcome.exhausted
    solve_seconds = time.perf_counter() - solve_start
    stats = _stats(control, ground_seconds, solve_seconds, time.perf_counter() - start)
    return _result(models, finished, exhausted, max_solutions, check_unique, stats)


def grounded_control(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet = DEFAULT_ENCODING,
    *,
    models: int = 0,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    facts: str = "",
    options: Sequence[str] = (),
) -> tuple[clingo.Control, float]:
    """A clingo control with the encoding, extra programs and puzzle loaded and grounded.

    Parameters
    ----------
    models
        How many models a solve call computes; 0 computes all.
    facts
        More facts added after the puzzle's, e.g. for an analysis program in ``extra``.
    options
        More clingo command-line options, e.g. ``--enum-mode=cautious`` or ``--seed=N``.

    Returns
    -------
    tuple of clingo.Control and float
        The control, projecting on ``black/2``, and the seconds grounding took.

    Raises
    ------
    EncodingError
        As for `solve`.
    """
    encodings = _as_encoding_set(encoding)
    _check_applicable(encodings, puzzle)
    messages = _Messages()
    arguments = _arguments(models, threads, (*encodings.options, *options))
    control = clingo.Control(arguments, logger=messages, message_limit=50)
    with _clingo_errors(messages):
        for path in (*encodings.files, *map(Path, extra)):
            if not path.is_file():
                raise EncodingError(f"{path}: no such encoding file")
            control.load(str(path))
        control.add("base", [], "\n".join(filter(None, (puzzle_facts(puzzle), facts))))
        start = time.perf_counter()
        control.ground([("base", [])])
    return control, time.perf_counter() - start


def check_encoding(encoding: str | Path | EncodingSet, extra: Sequence[str | Path] = ()) -> None:
    """Load and ground an encoding set and extra files on a tiny puzzle, to report errors early.

    Raises
    ------
    EncodingError
        When a program cannot be found, parsed or grounded.
    """
    grounded_control(_PROBE, encoding, models=1, extra=extra)


def _as_encoding_set(encoding: str | Path | EncodingSet) -> EncodingSet:
    """Resolve a name or path to an encoding set."""
    return encoding if isinstance(encoding, EncodingSet) else resolve_encoding(encoding)


def _check_applicable(encodings: EncodingSet, puzzle: Puzzle) -> None:
    """Refuse a puzzle with irregular rooms for a rectangles-only set."""
    if encodings.requires_rectangles and not puzzle.is_rectangular:
        number = next(i for i, room in enumerate(puzzle.rooms, 1) if not room.is_rectangle)
        raise EncodingError(
            f"encoding {encodings.name!r} handles rectangular rooms only, "
            f"and room {number} is not a rectangle"
        )


class _Messages:
    """Collects clingo's messages, logging warnings as they come."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        """Receive one message from clingo."""
        if code == clingo.MessageCode.RuntimeError or "error:" in message:
            self.errors.append(message.strip())
        elif code == clingo.MessageCode.AtomUndefined:
            _LOG.info("%s", message.strip())
        else:
            _LOG.warning("%s", message.strip())


def _arguments(models: int, threads: int, options: Sequence[str]) -> list[str]:
    """The command line for clingo: up to ``models`` models (0: all), projected on shown atoms."""
    arguments = [f"--models={models}", "--project", *options]
    if threads > 1:
        arguments.append(f"--parallel-mode={threads}")
    return arguments


@contextmanager
def _clingo_errors(messages: _Messages) -> Iterator[None]:
    """Turn clingo's RuntimeError into an EncodingError carrying its messages."""
    try:
        yield
    except RuntimeError as error:
        raise EncodingError("\n".join(messages.errors) or str(error)) from None


def search(
    control: clingo.Control,
    on_model: Callable[[clingo.Model], None] | None = None,
    deadline: float | None = None,
    assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
    on_core: Callable[[Sequence[int]], None] | None = None,
) -> clingo.SolveResult | None:
    """Solve, handing each model to ``on_model``, until clingo finishes or the deadline passes.

    ``on_core`` receives the literals of the assumptions that made the
    problem unsatisfiable, when it is.

    Returns
    -------
    clingo.SolveResult or None
        clingo's result, or None when the deadline passed first.

    Notes
    -----
    The search runs in the background and is polled, so Ctrl-C and the
    deadline are seen within a fraction of a second. ``on_model`` must not
    keep the model, which is valid only during the call.
    """
    with control.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
        while not handle.wait(_wait_slice(deadline)):
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                return None
        result: clingo.SolveResult = handle.get()
        if result.unsatisfiable and on_core is not None:
            on_core(handle.core())
        return result


def _wait_slice(deadline: float | None) -> float:
    """How long to block in one wait: short, so Ctrl-C and the deadline are seen."""
    if deadline is None:
        return _POLL_SECONDS
    return max(0.0, min(_POLL_SECONDS, deadline - time.perf_counter()))


def decode(model: clingo.Model, puzzle: Puzzle) -> Grid:
    """The grid whose black cells are the model's ``black/2`` atoms."""
    black = [
        (symbol.arguments[0].number, symbol.arguments[1].number)
        for symbol in model.symbols(shown=True)
        if symbol.match("black", 2)
    ]
    return grid_from_black(puzzle.width, puzzle.height, black)


def _stats(
    control: clingo.Control, ground_seconds: float, solve_seconds: float, total: float
) -> SolveStats:
    """Collect the statistics clingo kept for the last solve."""
    statistics = control.statistics
    program = statistics.get("problem", {}).get("lp", {})
    solvers = statistics.get("solving", {}).get("solvers", {})
    return SolveStats(
        ground_seconds=ground_seconds,
        solve_seconds=solve_seconds,
        total_seconds=total,
        atoms=int(program.get("atoms", 0)),
        rules=int(program.get("rules", 0)),
        choices=int(solvers.get("choices", 0)),
        conflicts=int(solvers.get("conflicts", 0)),
    )


def _result(
    models: list[Grid],
    finished: bool,
    exhausted: bool,
    max_solutions: int,
    check_unique: bool,
    stats: SolveStats,
) -> SolveResult:
    """Interpret the collected models as a status, solutions and uniqueness."""
    if not models:
        status: Status = "unsatisfiable" if finished else "timeout"
        return SolveResult(status, (), None, stats)
    solutions = tuple(models if max_solutions == 0 else models[:max_solutions])
    unique: bool | None = None
    if check_unique and len(models) > 1:
        unique = False
    elif check_unique and exhausted:
        unique = True
    return SolveResult("solved", solutions, unique, stats)
