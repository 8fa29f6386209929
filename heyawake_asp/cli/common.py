"""Helpers shared by the command modules: reading input with clear errors, running clingo.

Every command that runs clingo runs it through `isolated`, in a child
process (`heyawake_asp.runtime.isolation.run`): only a child can be stopped
while clingo grounds (at ``--timeout``, on Ctrl-C), and a child's memory is
capped below what the machine has free. Except where `runs_here` says a
child would guard nothing; there Ctrl-C ends the command as it would end a child: at once, by the
signal. A command makes one `Deadline` of its ``--timeout`` as it starts on
a puzzle and hands it to every call, in the child or not.
"""

from __future__ import annotations

import functools
import itertools
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from heyawake_asp.asp.control import check_encoding
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, is_shipped
from heyawake_asp.errors import HeyawakeError, NotExplainedError, so_far
from heyawake_asp.formats import read_puzzle
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.child import with_memory_to_spare
from heyawake_asp.runtime.deadline import NEVER, Deadline
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, Worker, run
from heyawake_asp.solver import SolveResult
from heyawake_asp.variants import HEYAWAKE, require_explained

__all__ = ["progress"]

T = TypeVar("T")
PROBE_MEMORY = 2**28
"""Bytes checking the programs on a tiny puzzle may add: a real encoding needs a few MB there."""


@contextmanager
def progress(
    label: str, length: int | None = None, shown: bool = True
) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr, when ``shown`` and stderr is a terminal; yields its advance.

    Without a ``length`` it counts the items done; with one item it is not drawn.
    """
    items: Iterator[int] | None = None if length is not None else itertools.count()
    with click.progressbar(
        items,
        length=length,
        label=label,
        file=sys.stderr,
        hidden=not shown or not sys.stderr.isatty() or length == 1,
        show_pos=length is None,
    ) as bar:
        yield bar.update


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


REPEAT_SECONDS = 0.05
"""How often the reading timer rings again past the deadline until the reading stops."""


class _ReadingTimer:
    """SIGALRM at the deadline, then every `REPEAT_SECONDS`, each raising `_ReadingOverdue`.

    It rings again because Python drops an exception raised while it runs a
    finaliser (``Exception ignored in WeakSet._remove``), and the reading
    went on. Once stopped, a ring already on its way raises nothing; `stop`
    may be called again (a ring may come as it is called, not twice so soon).
    """

    def __init__(self) -> None:
        self._ringing = False
        self._before: Any = None

    def start(self, deadline: Deadline) -> None:
        """Ring at ``deadline`` (the handler is set first: a ring may come at once)."""
        self._ringing = True
        self._before = signal.signal(signal.SIGALRM, self._ring)
        signal.setitimer(signal.ITIMER_REAL, max(deadline.left(), 1e-6), REPEAT_SECONDS)

    def stop(self) -> None:
        """No more rings; the signal's handler as it was."""
        self._ringing = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        if self._before is not None:
            signal.signal(signal.SIGALRM, self._before)
            self._before = None

    def _ring(self, _signal: int, _frame: object) -> None:
        if self._ringing:
            raise _ReadingOverdue


def read_puzzle_echoing_warnings(source: str, deadline: Deadline = NEVER) -> Puzzle:
    """Read a puzzle, echoing the reader's warnings on stderr, stopped at the ``deadline``.

    A timer signal stops the reading here, not a child process: a puzzle
    read in a child (a 10^6-room one takes seconds) would take about as
    long again to pickle back. Past the deadline, the error ``SOURCE:`` and
    `Deadline.overdue_message` ``while reading``.
    """
    if deadline == NEVER or threading.current_thread() is not threading.main_thread():
        with echoing_warnings():
            return read_puzzle(source)
    timer = _ReadingTimer()
    try:
        try:
            timer.start(deadline)
            with echoing_warnings():
                return read_puzzle(source)
        finally:
            timer.stop()
    except _ReadingOverdue:  # raised in the reading, or as the timer was being stopped
        timer.stop()
        message = f"{source}: {deadline.overdue_message()} while reading"
        raise click.ClickException(message) from None


def read_puzzle_or_fail(
    source: str, deadline: Deadline = NEVER, *, explaining: bool = False
) -> Puzzle:
    """`read_puzzle_echoing_warnings`, its errors as the one-line error of the command.

    ``explaining``: a puzzle of a variant that steps do not explain is an error too.
    """
    try:
        puzzle = read_puzzle_echoing_warnings(source, deadline)
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None
    try:
        if explaining:
            require_explained(puzzle.variant)
    except NotExplainedError as error:
        raise click.ClickException(f"{source}: {error}") from None
    return puzzle


HERE_MAX_CELLS = 2500
"""The largest puzzle (in cells) `runs_here` lets the default set solve in this process."""


def runs_here(encoding: EncodingSet, extra: Sequence[str], puzzle: Puzzle) -> bool:
    """Whether clingo may work on ``puzzle`` in this process, not in a child.

    Only with the default set, no extra program, plain Heyawake and at most
    `HERE_MAX_CELLS` cells: the set grounds such a puzzle in a few
    hundredths of a second and little memory, where a child (some 20 ms to
    start) would be most of a one-puzzle command; some other shipped sets,
    and a variant's program (akichi's, for one big room), ground for minutes.
    """
    small = puzzle.width * puzzle.height <= HERE_MAX_CELLS and puzzle.variant == HEYAWAKE
    return small and not extra and encoding.name == DEFAULT_ENCODING and is_shipped(encoding)


def isolated(
    call: Callable[[], T],
    where: str,
    worker: Worker | None,
    deadline: Deadline = NEVER,
    timed_out: Callable[[], T] | None = None,
    on_report: Callable[[Any], None] | None = None,
) -> T:
    """``call()`` (which must pickle) as `heyawake_asp.runtime.isolation.run` runs it.

    ``on_report`` is given what the call reports as it goes (`run`).
    Past the ``deadline`` (the call's `TimeoutError`, or its child stopped),
    the answer is ``timed_out()``, else the error `overdue`; a child that ran
    out of memory or died is the one-line error ``WHERE: WHAT``. What else
    the call raises is raised here.
    """
    try:
        return run(call, worker, deadline, on_report)
    except (ChildOverdue, TimeoutError):
        if timed_out is not None:
            return timed_out()
        raise overdue(where, deadline) from None
    except ChildFailed as failure:
        raise click.ClickException(f"{where}: {failure}") from None


def overdue(where: str, deadline: Deadline) -> click.ClickException:
    """The error ``WHERE: stopped past the time limit of S s`` (`Deadline.overdue_message`)."""
    return click.ClickException(f"{where}: {deadline.overdue_message()}")


def check_programs(
    encoding: EncodingSet,
    worker: Worker,
    extra: Sequence[str] = (),
    deadline: Deadline = NEVER,
    option: str = "--encoding",
) -> None:
    """Ground the encoding, then with the ``extra`` programs, on a tiny puzzle, isolated.

    A program that fails is a usage error of its option (``option`` names
    the encoding's), reported before any puzzle; one that still grounds past
    the ``deadline``, or needs more than `PROBE_MEMORY` bytes on the tiny
    puzzle, is an error too (at once, rather than once it has filled the
    machine's memory). A shipped set needs no check.
    """
    steps: list[tuple[str, tuple[str, ...]]] = [] if is_shipped(encoding) else [(option, ())]
    steps += [("--extra", tuple(extra))] if extra else []
    for option, programs in steps:
        check = functools.partial(check_encoding, encoding, programs)
        call = functools.partial(with_memory_to_spare, PROBE_MEMORY, check)
        try:
            isolated(call, option, worker, deadline)
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


def solve_checked(puzzle: Puzzle, solver: Callable[..., SolveResult], deadline: Deadline) -> Answer:
    """``solver(puzzle, timeout=deadline)`` (past it, the result so far), every solution checked.

    Each solution is put to the independent checker.
    """
    result = so_far(solver, puzzle, timeout=deadline)
    for number, grid in enumerate(result.solutions, 1):
        violations = verify(puzzle, grid)
        if violations:
            more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
            return Answer(
                result,
                f"wrong answer: solution {number} fails the checker: {violations[0].message}{more}",
            )
    return Answer(result)
