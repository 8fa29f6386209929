"""The options several commands share: ``--timeout``, ``--extra``, ``--encoding``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import HeyawakeError

__all__ = ["encoding_option", "encoding_set", "extra_option", "finite", "timeout_option"]

_Command = TypeVar("_Command", bound=Callable[..., Any])


def timeout_option(command: _Command) -> _Command:
    """The ``--timeout S`` option: positive seconds, NaN refused."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True, max=1e9),
        callback=finite,
        metavar="S",
        help="Give up on a puzzle after S seconds of wall time (reading and grounding included).",
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
