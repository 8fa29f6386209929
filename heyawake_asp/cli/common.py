"""Helpers shared by the command modules: reading input with clear errors, running clingo.

Every command that runs clingo runs it through `isolated`, in a child
process: only a child can be stopped while clingo grounds (at ``--timeout``,
on Ctrl-C), and a child's memory is capped below what the machine has free.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from heyawake_asp.control import check_encoding
from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import read_puzzle
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
    "timeout_option",
]

T = TypeVar("T")


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


def isolated(
    call: Callable[[], T],
    where: str,
    worker: Worker,
    timeout: float | None = None,
    timed_out: Callable[[], T] | None = None,
) -> T:
    """``call()`` (which must pickle) in the worker's child process (one per command).

    Past ``timeout`` (and `heyawake_asp.isolation.GRACE_SECONDS`, for a
    call still grounding) the answer is ``timed_out()``, else the error
    ``WHERE: stopped past the time limit``; a child that ran out of memory
    or died is the one-line error ``WHERE: WHAT``. What the call raises is
    raised here.
    """
    try:
        return worker.run(call, timeout)
    except ChildOverdue as overdue:
        if timed_out is None:
            raise click.ClickException(f"{where}: {overdue}") from None
        return timed_out()
    except ChildFailed as failure:
        raise click.ClickException(f"{where}: {failure}") from None


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
    ``timeout`` or runs out of memory on a tiny puzzle is an error too.
    """
    steps = [(option, ())] + ([("--extra", tuple(extra))] if extra else [])
    for option, programs in steps:
        call = functools.partial(check_encoding, encoding, programs)
        try:
            isolated(call, option, worker, timeout)
        except HeyawakeError as error:
            raise click.BadParameter(str(error), param_hint=f"'{option}'") from None
