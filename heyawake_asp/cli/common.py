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
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from heyawake_asp.control import check_encoding
from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, is_shipped, resolve_encoding
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import read_puzzle, read_source
from heyawake_asp.isolation import ChildFailed, ChildOverdue, Worker
from heyawake_asp.puzzle import Puzzle

__all__ = [
    "check_programs",
    "echoing_warnings",
    "encoding_option",
    "encoding_set",
    "extra_option",
    "finite",
    "isolated",
    "read_puzzle_echoing_warnings",
    "read_text",
    "runs_here",
    "timeout_option",
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


def read_puzzle_echoing_warnings(source: str) -> Puzzle:
    """Read a puzzle, echoing the reader's warnings on stderr."""
    with echoing_warnings():
        return read_puzzle(source)


def read_text(source: str) -> str:
    """The text of a file, or of standard input for ``-``; a one-line error when unreadable."""
    try:
        return read_source(source)
    except (OSError, UnicodeDecodeError) as error:
        raise click.ClickException(f"{source}: cannot read: {error}") from None


_Command = TypeVar("_Command", bound=Callable[..., Any])


def timeout_option(command: _Command) -> _Command:
    """The ``--timeout S`` option: positive seconds, NaN refused."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True, max=1e9),
        callback=finite,
        metavar="S",
        help="Give up on a puzzle after S seconds (grounding included).",
    )(command)


def finite(
    _context: click.Context, _parameter: click.Parameter, seconds: float | None
) -> float | None:
    """Reject NaN seconds, which every range check lets through: a click callback."""
    if seconds is not None and math.isnan(seconds):
        raise click.BadParameter("not a number of seconds")
    return seconds


def extra_option(command: _Command) -> _Command:
    """The ``--extra FILE.lp`` option: programs loaded with the encoding, repeatable."""
    return click.option(
        "--extra",
        multiple=True,
        type=click.Path(exists=True, dir_okay=False),
        metavar="FILE.lp",
        help="An extra program loaded with the encoding (repeatable).",
    )(command)


def encoding_option(command: _Command) -> _Command:
    """The ``--encoding NAME|DIR`` option, resolved (each command checks it: `check_programs`)."""
    return click.option(
        "--encoding",
        default=DEFAULT_ENCODING,
        show_default=True,
        metavar="NAME|DIR",
        callback=encoding_set,
        help="Encoding set: a name from 'heyawake encodings', a directory of .lp files or a file.",
    )(command)


def encoding_set(
    _context: click.Context, _parameter: click.Parameter, name: str | None
) -> EncodingSet | None:
    """Resolve an encoding name (None stays None), as a usage check: a click callback."""
    if name is None:
        return None
    try:
        return resolve_encoding(name)
    except HeyawakeError as error:
        raise click.BadParameter(str(error)) from None


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
    timeout: float | None = None,
    timed_out: Callable[[], T] | None = None,
) -> T:
    """``call()`` (which must pickle) in the worker's child process (one per command).

    With no worker (where `runs_here`), ``call()`` runs in this process.

    Past ``timeout`` (and `heyawake_asp.isolation.GRACE_SECONDS`, for a
    call still grounding) the answer is ``timed_out()``, else the error
    ``WHERE: stopped past the time limit``; a child that ran out of memory
    or died is the one-line error ``WHERE: WHAT``. What the call raises is
    raised here.
    """
    if worker is None:
        with _ctrl_c_ends_the_process():
            return call()
    try:
        return worker.run(call, timeout)
    except ChildOverdue as overdue:
        if timed_out is None:
            raise click.ClickException(f"{where}: {overdue}") from None
        return timed_out()
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


def check_programs(
    encoding: EncodingSet,
    worker: Worker,
    extra: Sequence[str] = (),
    timeout: float | None = None,
    option: str = "--encoding",
) -> None:
    """Ground the encoding, then with the ``extra`` programs, on a tiny puzzle, isolated.

    A program that fails is a usage error of its option (``option`` names
    the encoding's), reported before any puzzle; one that still grounds past
    ``timeout`` or runs out of memory on a tiny puzzle is an error too. A
    shipped set needs no check.
    """
    steps: list[tuple[str, tuple[str, ...]]] = [] if is_shipped(encoding) else [(option, ())]
    steps += [("--extra", tuple(extra))] if extra else []
    for option, programs in steps:
        call = functools.partial(check_encoding, encoding, programs)
        try:
            isolated(call, option, worker, timeout)
        except HeyawakeError as error:
            raise click.BadParameter(str(error), param_hint=f"'{option}'") from None
