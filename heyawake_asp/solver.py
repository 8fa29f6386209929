"""Solve a puzzle: ground it with an encoding set, search, and decode the shadings found.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> result = solve(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> result.status, result.unique, result.solutions
('solved', True, (('#.#',),))
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

from heyawake_asp.asp.control import MAX_THREADS
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet
from heyawake_asp.asp.shadings import Shadings, find_shadings
from heyawake_asp.errors import OutOfTime
from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import Deadline, as_deadline

__all__ = ["MAX_MODELS", "SolveResult", "SolveStats", "Status", "solve"]

Status = Literal["solved", "unsatisfiable", "timeout"]
MAX_MODELS = 2**31 - 2
"""The most solutions one call may ask for (one more is requested for uniqueness)."""


@dataclass(frozen=True)
class SolveStats:
    """Where the time went and, when asked for, how large the problem was.

    ``atoms`` and ``rules`` (of the ground program), ``choices`` and
    ``conflicts`` (of the search) are clingo's, None unless `solve` was
    asked for ``statistics``.
    """

    ground_seconds: float
    solve_seconds: float
    total_seconds: float
    atoms: int | None = None
    rules: int | None = None
    choices: int | None = None
    conflicts: int | None = None

    def as_dict(self) -> dict[str, float | int | None]:
        """The statistics as a plain dict (for JSON)."""
        return asdict(self)


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve call.

    ``status`` is ``"timeout"`` when the search stopped, without a solution,
    before it settled whether there is one: a ``--solve-limit`` given in the
    options was reached, or (in `OutOfTime.partial`) the time ran out.
    ``unique`` is ``None`` when uniqueness was not checked or was not settled.
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
    timeout: float | Deadline | None = None,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    options: Sequence[str] = (),
    statistics: bool = False,
) -> SolveResult:
    """Solve ``puzzle`` with an encoding set plus optional extra programs.

    Parameters
    ----------
    max_solutions
        How many solutions to return; 0 returns all.
    check_unique
        Ask clingo for one model more than returned to settle ``unique``.
    timeout
        Seconds for the whole call, or a `heyawake_asp.runtime.deadline.Deadline`
        made earlier (e.g. one for several calls). clingo's search stops then;
        its grounder cannot be interrupted (run the call in a child process,
        `heyawake_asp.runtime.isolation`, to stop that).
    threads
        Parallel solver threads.
    options
        More clingo command-line options, after those the encoding set declares.
    statistics
        Read clingo's statistics into ``stats`` (clingo gathers them all at
        once, which costs about as much as solving a small puzzle).

    Notes
    -----
    A puzzle with a dense room (`heyawake_asp.asp.bounds.dense_rooms`) is
    first settled by maximising the room's black cells, unless the set
    declares ``% dense-rooms: search``; when the room can hold more than its
    clue, the usual search decides. Then ``stats`` has no clingo statistics
    and its times include that first step.

    Raises
    ------
    EncodingError
        When the encoding cannot be found, fails to load or ground, or cannot
        handle this puzzle (e.g. irregular rooms for a rectangles-only set).
    ValueError
        When ``max_solutions`` or ``threads`` is out of range.
    OutOfTime
        When the search stopped at the deadline before it settled what was
        asked; ``partial`` is the `SolveResult` of the solutions found by then.
    """
    start = time.perf_counter()
    if not 0 <= max_solutions <= MAX_MODELS or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"max_solutions must be 0..{MAX_MODELS}, threads 1..{MAX_THREADS}")
    wanted = max_solutions + 1 if check_unique and max_solutions > 0 else max_solutions
    deadline = as_deadline(timeout)
    found = find_shadings(
        puzzle, encoding, models=wanted, deadline=deadline,
        threads=threads, extra=extra, options=options,
    )  # fmt: skip
    total = time.perf_counter() - start
    stats = SolveStats(found.ground_seconds, total - found.ground_seconds, total)
    if statistics and found.control is not None:
        stats = _with_clingo_statistics(stats, found.control.statistics)
    result = _result(found, max_solutions, check_unique, stats)
    if not found.finished:
        raise OutOfTime(deadline.overdue_message(), result)
    return result


def _with_clingo_statistics(stats: SolveStats, statistics: Mapping[str, Any]) -> SolveStats:
    """``stats`` with the ground program's size and the search's effort from clingo's."""
    problem = _group(statistics, "problem", "lp")
    solvers = _group(statistics, "solving", "solvers")
    return replace(
        stats,
        atoms=int(problem.get("atoms", 0)),
        rules=int(problem.get("rules", 0)),
        choices=int(solvers.get("choices", 0)),
        conflicts=int(solvers.get("conflicts", 0)),
    )


def _group(statistics: Mapping[str, Any], *path: str) -> Mapping[str, Any]:
    """The group of clingo's statistics at ``path``; empty when clingo gave none."""
    for key in path:
        statistics = statistics.get(key, {})
    return statistics


def _result(
    found: Shadings, max_solutions: int, check_unique: bool, stats: SolveStats
) -> SolveResult:
    """Interpret the models found as a status, solutions and uniqueness."""
    models = found.grids
    if not models:
        return SolveResult("unsatisfiable" if found.unsatisfiable else "timeout", (), None, stats)
    solutions = tuple(models if max_solutions == 0 else models[:max_solutions])
    unique: bool | None = None
    if check_unique and len(models) > 1:
        unique = False
    elif check_unique and found.exhausted:
        unique = True
    return SolveResult("solved", solutions, unique, stats)
