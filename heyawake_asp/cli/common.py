"""Helpers shared by the command modules: reading input with clear errors."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from heyawake_asp.control import check_encoding
from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import read_puzzle, read_source
from heyawake_asp.puzzle import Puzzle

__all__ = [
    "echoing_warnings",
    "encoding_option",
    "read_puzzle_echoing_warnings",
    "read_text",
    "timeout_option",
]


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
        callback=_finite,
        metavar="S",
        help="Give up on a puzzle after S seconds (grounding included).",
    )(command)


def _finite(
    _context: click.Context, _parameter: click.Parameter, seconds: float | None
) -> float | None:
    """Reject a NaN timeout, which every range check lets through."""
    if seconds is not None and math.isnan(seconds):
        raise click.BadParameter("not a number of seconds")
    return seconds


def encoding_option(command: _Command) -> _Command:
    """The ``--encoding NAME|DIR`` option, resolved and checked before any puzzle."""
    return click.option(
        "--encoding",
        default=DEFAULT_ENCODING,
        show_default=True,
        metavar="NAME|DIR",
        callback=_encoding_set,
        help="Encoding set: a name from 'heyawake encodings', a directory of .lp files or a file.",
    )(command)


def _encoding_set(_context: click.Context, _parameter: click.Parameter, name: str) -> EncodingSet:
    """Resolve an encoding name and ground it once on a tiny puzzle, as a usage check."""
    try:
        encodings = resolve_encoding(name)
        check_encoding(encodings)
    except HeyawakeError as error:
        raise click.BadParameter(str(error)) from None
    return encodings
