"""The options several commands share: ``--timeout``, ``--jobs``, ``--extra``, ``--encoding``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.runtime.isolation import max_jobs

__all__ = ["seconds"]

_Command = TypeVar("_Command", bound=Callable[..., Any])


def puzzles_argument(command: _Command) -> _Command:
    """The PUZZLE... argument of many puzzles: standard input (``-``) once at most."""
    return click.argument(
        "puzzles", nargs=-1, required=True, metavar="PUZZLE...", callback=_stdin_once
    )(command)


def _stdin_once(
    _context: click.Context, _parameter: click.Parameter, puzzles: tuple[str, ...]
) -> tuple[str, ...]:
    """``puzzles``, with ``-`` (standard input) once at most: a click callback."""
    if puzzles.count("-") > 1:
        raise click.BadParameter("standard input ('-') can be read only once", param_hint="PUZZLE")
    return puzzles


def seconds(
    _context: click.Context, _parameter: click.Parameter, value: str | None
) -> float | None:
    """A positive number of seconds, at most 10^9, or a usage error in words: a click callback."""
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a number of seconds") from None
    if not 0 < number <= 1e9:  # NaN fails this too
        raise click.BadParameter(f"{value!r} is not a number of seconds above 0, at most 1e9")
    return number


def timeout_option(command: _Command) -> _Command:
    """The ``--timeout S`` option: positive seconds."""
    return _timeout(
        "Give up on a puzzle after S seconds of wall time (reading and grounding included)."
    )(command)


def reading_timeout_option(command: _Command) -> _Command:
    """The ``--timeout S`` option of a command that only reads a puzzle (no clingo)."""
    return _timeout("Stop reading the puzzle after S seconds of wall time.")(command)


def _timeout(help_text: str) -> Callable[[_Command], _Command]:
    """``--timeout S``, positive seconds, with its ``help_text``."""
    return click.option("--timeout", callback=seconds, metavar="S", help=help_text)


def jobs_option(
    default: int | None, what: str, eager: bool = False
) -> Callable[[_Command], _Command]:
    """The ``--jobs N`` option: ``what`` is worked on by N processes at once.

    ``default`` None: all the processors this process may use (`max_jobs`).
    More than those is warned of: no more run at once. ``eager``: taken
    before the other options, whose checks may then ask where it came from.
    """
    shown = "all processors" if default is None else str(default)
    return click.option(
        "--jobs",
        type=click.IntRange(min=1),
        default=default,
        callback=_jobs,
        is_eager=eager,
        metavar="N",
        help=f"{what} N at once, each in a process of its own (at most one per processor) "
        f"[default: {shown}].",
    )


def _jobs(_context: click.Context, _parameter: click.Parameter, jobs: int | None) -> int:
    """The processes to run at once (None: one per processor); warn of more: a click callback."""
    if jobs is None:
        return max_jobs()
    if jobs > max_jobs():
        click.echo(f"warning: --jobs {jobs}: this machine runs {max_jobs()} at once", err=True)
    return jobs


def extra_option(command: _Command) -> _Command:
    """The ``--extra FILE.lp`` option: programs loaded with the encoding, repeatable."""
    return click.option(
        "--extra",
        multiple=True,
        callback=_existing_files,
        metavar="FILE.lp",
        help="An extra program loaded with the encoding (repeatable).",
    )(command)


def _existing_files(
    _context: click.Context, _parameter: click.Parameter, paths: tuple[str, ...]
) -> tuple[str, ...]:
    """Refuse a path that names nothing, as a reader says it: a click callback."""
    for path in paths:
        if not os.path.lexists(path):
            raise click.BadParameter(f"{path}: no such file")
    return paths


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
