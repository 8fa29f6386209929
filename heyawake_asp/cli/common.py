"""Helpers shared by the command modules: reading input with clear errors, running clingo.

Every command that runs clingo runs it through `isolated`, in a child
process: only a child can be stopped while clingo grounds (at ``--timeout``,
on Ctrl-C), and a child's memory is capped below what the machine has free.
Except where `runs_here` says a child would guard nothing: the default
encoding set on a small puzzle grounds in a few hundredths of a second and
little memory, and clingo's search keeps its own deadline; there a child
(some 20 ms to start) would be most of a one-puzzle command, and Ctrl-C
ends the command as it would end a child: at once, by the signal.
"""

from __future__ import annotations

import functools
import math
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

import click

from heyawake_asp.asp.control import check_encoding
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, is_shipped
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import read_puzzle
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, Worker
from heyawake_asp.solver import SolveResult

__all__ = [
    "PROBE_MEMORY",
    "Answer",
    "check_programs",
    "echoing_warnings",
    "isolated",
    "overdue",
    "read_puzzle_echoing_warnings",
    "runs_here",
    "solve_checked",
    "TimeLimit",
    "time_limit",
    "until",
]

T = TypeVar("T")
HERE_MAX_CELLS = 2500
"""The largest puzzle (in cells) `runs_here` lets the default set solve in this process."""


@contextmanager
def echoing_warnings() -> Iterator[None]:
    """Echo the warnings raised in the block on stderr when it ends without an error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    for warning in caught:
        click.echo(f"warning: {warning.message}", err=True)


class _ReadingOverdue(BaseException):
    """The time limit came while reading (a BaseException: no reader catches it)."""


def read_puzzle_echoing_warnings(source: str, limit: TimeLimit | None = None) -> Puzzle:
    """Read a puzzle, echoing the reader's warnings on stderr, stopped at the ``limit``.

    Reading is plain Python in this process, so a timer signal can stop it
    (a 10^6-room puzzle takes seconds to read). Past the limit, the error
    ``SOURCE: stopped past the time limit of S s while reading``.
    """
    if limit is None or threading.current_thread() is not threading.main_thread():
        with echoing_warnings():
            return read_puzzle(source)
    before = signal.signal(signal.SIGALRM, _reading_overdue)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, max(limit.left(), 1e-6))
            with echoing_warnings():
                return read_puzzle(source)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _ReadingOverdue:
        raise click.ClickException(
            f"{source}: stopped past the time limit of {limit.seconds:g} s while reading"
        ) from None
    finally:
        signal.signal(signal.SIGALRM, before)


def _reading_overdue(_signal: int, _frame: object) -> None:
    """Stop the reading: the SIGALRM handler of `read_puzzle_echoing_warnings`."""
    raise _ReadingOverdue


@dataclass(frozen=True)
class TimeLimit:
    """A ``--timeout`` of ``seconds`` that started at ``start`` (`time.monotonic`).

    The same clock for this process and its children (the system's
    monotonic clock), so that a call in a child can stop its search when
    the command's time is up however long it took to get there.
    """

    seconds: float
    start: float = field(default_factory=time.monotonic)

    @property
    def end(self) -> float:
        """When the time is up."""
        return self.start + self.seconds

    def left(self) -> float:
        """Seconds left (0 when the time is up)."""
        return max(0.0, self.end - time.monotonic())


def time_limit(timeout: float | None) -> TimeLimit | None:
    """``timeout`` seconds from now, or None without a timeout."""
    return None if timeout is None else TimeLimit(timeout)


def until(limit: TimeLimit | None, call: Callable[..., T]) -> Callable[[], T]:
    """``call`` given the seconds left as its ``timeout`` when it starts (it must pickle)."""
    if limit is None:
        return call
    return functools.partial(_with_time_left, limit.end, call)


def _with_time_left(end: float, call: Callable[..., T]) -> T:
    """``call(timeout=seconds left until end)``, run in the child."""
    return call(timeout=max(0.0, end - time.monotonic()))


def runs_here(encoding: EncodingSet, extra: Sequence[str], puzzle: Puzzle) -> bool:
    """Whether clingo may work on ``puzzle`` in this process, not in a child.

    Only with the default set, no extra program and at most `HERE_MAX_CELLS`
    cells: some other shipped sets ground for minutes on such a puzzle.
    """
    small = puzzle.width * puzzle.height <= HERE_MAX_CELLS
    return small and not extra and encoding.name == DEFAULT_ENCODING and is_shipped(encoding)


def isolated(
    call: Callable[[], T],
    where: str,
    worker: Worker | None,
    limit: TimeLimit | None = None,
    timed_out: Callable[[], T] | None = None,
) -> T:
    """``call()`` (which must pickle) in the worker's child process (one per command).

    With no worker (where `runs_here`), ``call()`` runs in this process.

    Past the ``limit`` (and `heyawake_asp.runtime.isolation.GRACE_SECONDS`, for a
    call still grounding), when it is up before the call (not sent then),
    or when the call, keeping the limit itself (`until`), raises
    `TimeoutError`, the answer is ``timed_out()``, else the error `overdue`;
    a child that ran out of memory or died is the one-line error ``WHERE:
    WHAT``. What else the call raises is raised here.
    """
    if limit is not None and not limit.left():
        return _overdue(where, limit, timed_out)
    try:
        if worker is None:
            with _ctrl_c_ends_the_process():
                return call()
        return worker.run(call, None if limit is None else limit.left())
    except (ChildOverdue, TimeoutError):
        return _overdue(where, limit, timed_out)
    except ChildFailed as failure:
        raise click.ClickException(f"{where}: {failure}") from None


@contextmanager
def _ctrl_c_ends_the_process() -> Iterator[None]:
    """Let Ctrl-C end this process at once in the block, as it would end a child.

    clingo's search, run without a deadline, never lets Python see the
    signal. What was printed is flushed first; the exit status is that of a
    process ended by SIGINT (130 in a shell, which then stops its loop too).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    before = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _overdue(where: str, limit: TimeLimit | None, timed_out: Callable[[], T] | None) -> T:
    """``timed_out()``, or the error `overdue`."""
    if timed_out is not None:
        return timed_out()
    raise overdue(where, limit)


def overdue(where: str, limit: TimeLimit | None) -> click.ClickException:
    """The error ``WHERE: stopped past the time limit of S s``."""
    seconds = math.inf if limit is None else limit.seconds  # only a limited call is overdue
    return click.ClickException(f"{where}: stopped past the time limit of {seconds:g} s")


PROBE_MEMORY = 2**28
"""Bytes checking the programs on a tiny puzzle may add: a real encoding needs a few MB there."""


def _with_memory_to_spare(spare: int, call: Callable[[], T]) -> T:
    """``call()`` with this process's address space capped at its size now plus ``spare``.

    Runs in the child. Linux only (elsewhere the call runs under the child's cap alone).
    """
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        return call()
    caps = [cap for cap in (soft, hard, used + spare) if cap != resource.RLIM_INFINITY]
    resource.setrlimit(resource.RLIMIT_AS, (min(caps), hard))
    try:
        return call()
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def check_programs(
    encoding: EncodingSet,
    worker: Worker,
    extra: Sequence[str] = (),
    limit: TimeLimit | None = None,
    option: str = "--encoding",
) -> None:
    """Ground the encoding, then with the ``extra`` programs, on a tiny puzzle, isolated.

    A program that fails is a usage error of its option (``option`` names
    the encoding's), reported before any puzzle; one that still grounds past
    the ``limit``, or needs more than `PROBE_MEMORY` bytes on the tiny
    puzzle, is an error too (at once, rather than once it has filled the
    machine's memory). A shipped set needs no check.
    """
    steps: list[tuple[str, tuple[str, ...]]] = [] if is_shipped(encoding) else [(option, ())]
    steps += [("--extra", tuple(extra))] if extra else []
    for option, programs in steps:
        check = functools.partial(check_encoding, encoding, programs)
        call = functools.partial(_with_memory_to_spare, PROBE_MEMORY, check)
        try:
            isolated(call, option, worker, limit)
        except HeyawakeError as error:
            raise click.BadParameter(str(error), param_hint=f"'{option}'") from None


@dataclass(frozen=True)
class Answer:
    """A solve call's result as the CLI reports it.

    ``wrong`` is why the independent checker rejects one of its solutions
    (None when it accepts them all); ``stopped`` says the call was stopped
    while clingo ground, so that only the total time is known.
    """

    result: SolveResult
    wrong: str | None = None
    stopped: bool = False


def solve_checked(
    puzzle: Puzzle, solver: Callable[..., SolveResult], timeout: float | None = None
) -> Answer:
    """``solver(puzzle, timeout=timeout)``, every solution put to the independent checker."""
    result = solver(puzzle, timeout=timeout)
    for number, grid in enumerate(result.solutions, 1):
        violations = verify(puzzle, grid)
        if violations:
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            return Answer(
                result,
                f"wrong answer: solution {number} fails the checker: {violations[0].message}{more}",
            )
    return Answer(result)
