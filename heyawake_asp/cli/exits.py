"""Exit statuses and how the command reports its errors: one ``error: WHERE: WHAT`` line.

The statuses are the same in every command (docs/commands.md lists them).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

__all__: list[str] = []

FAILED = 1
"""A puzzle unsolved (unsatisfiable, timed out) or unreadable, a file unwritable, a rule broken."""
USAGE = 2
"""A bad option or argument, or an encoding that does not load."""
WRONG_ANSWER = 3
"""The independent checker rejected an answer of the solver: the encoding is wrong."""
INTERRUPTED = 130
"""Ctrl-C, as shells report a command ended by SIGINT (128 + 2)."""
STDOUT = "-"
"""Standard output, as an error's WHERE names it."""


class WrongAnswer(click.ClickException):
    """The independent checker rejected a solution the command was about to show."""

    exit_code = WRONG_ANSWER


class HeyawakeGroup(click.Group):
    """A command group whose errors are one ``error:`` line on stderr, usage errors included."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; in standalone mode report errors and exit with the documented status."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        if sys.stdout is None:  # closed by the caller: what the command prints would be lost
            _exit(FAILED, f"{STDOUT}: cannot write: standard output is closed")
        try:
            status = super().main(args, prog_name, complete_var, False, **extra)
            sys.stdout.flush()  # here, where a full disk or a closed pipe is reported
        except OSError as error:
            if error.filename is not None:  # a file of the command's own: not standard output
                raise
            _let_go_of_stdout()
            broken = error.errno == errno.EPIPE  # the reader has gone (``| head``): said nothing
            _exit(FAILED, None if broken else f"{STDOUT}: cannot write: {error.strerror or error}")
        except click.exceptions.NoArgsIsHelpError as bare:
            bare.show()
            _exit(USAGE)
        except click.UsageError as error:
            _exit(USAGE, _usage_message(error))
        except click.ClickException as error:
            _exit(error.exit_code, error.format_message())
        except (click.Abort, KeyboardInterrupt):
            _exit(INTERRUPTED)
        _exit(status if isinstance(status, int) else 0)


def _usage_message(error: click.UsageError) -> str:
    """``WHERE: WHAT``: WHERE is the option of a bad value, else the command."""
    option = _option(error)
    if option is not None:
        return f"{option}: {_sentence(error.message)}"
    if isinstance(error, click.BadOptionUsage):  # "Option '--count' requires an argument."
        what = error.message.removeprefix(f"Option {error.option_name!r} ")
        return f"{error.option_name}: {_sentence(what)}"
    if isinstance(error, click.NoSuchOption):
        guesses = " or ".join(sorted(error.possibilities or ()))
        what = f"no such option: {error.option_name}"
        what += f" (did you mean {guesses}?)" if guesses else ""
    else:
        what = _sentence(error.format_message())
    where = error.ctx.info_name if error.ctx is not None else None
    return f"{where}: {what}" if where else what


def _option(error: click.UsageError) -> str | None:
    """The option (or argument) a bad value was given to, if known."""
    if not isinstance(error, click.BadParameter) or isinstance(error, click.MissingParameter):
        return None
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = (error.param.opts or [error.param.human_readable_name])[-1]  # the long name
    if isinstance(hint, Sequence) and not isinstance(hint, str):
        hint = hint[-1]
    return hint.strip(chr(39)) if hint else None


def _sentence(message: str) -> str:
    """Click's sentence in the style of the other errors: lower-case first, no full stop.

    Only a plain capitalised word is lowered: a path (``Notes.txt: ...``) or a
    name in capitals (``PUZZLE and ...``) stays as it is.
    """
    message = message.rstrip(".")
    first = message.split(maxsplit=1)[0] if message.strip() else ""
    if first.isalpha() and first[1:].islower():
        return message[:1].lower() + message[1:]
    return message


def _let_go_of_stdout() -> None:
    """Point standard output at /dev/null, whose buffer cannot be written either.

    Python would otherwise try again at exit, and say so with a traceback.
    """
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no descriptor to point anywhere
        pass


def _exit(status: int, message: str | None = None) -> NoReturn:
    """Print ``error: message`` on stderr, if any, and exit with ``status``."""
    if message is not None:
        click.echo(f"error: {one_line(message)}", err=True)
    sys.exit(status)


def one_line(message: str) -> str:
    """``message`` on one line: clingo's messages span several."""
    return " ".join(line.strip() for line in message.splitlines())
