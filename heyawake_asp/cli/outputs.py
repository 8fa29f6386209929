"""Output files of the commands: checked before any work, written with one-line errors.

Files are written into existing folders only (``generate -o DIR`` and
``steps --svg DIR`` make their directory); ``-`` is standard output.
"""

from __future__ import annotations

import os

import click

__all__: list[str] = []


def output_path(context: click.Context, parameter: click.Parameter, path: str | None) -> str | None:
    """An option callback refusing, before any work, a file that cannot be written.

    Files are written into existing folders only ('-' is standard output).
    """
    if path is None or path == "-":
        return path
    problem = unwritable(path)
    if problem:
        raise click.BadParameter(f"{path or repr(path)}: {problem}", context, parameter)
    return path


def not_the_input(output: str | None, source: str, option: str) -> None:
    """A usage error when writing ``output`` would overwrite the input file ``source``."""
    if output is None or "-" in (output, source):
        return
    try:
        same = os.path.samefile(output, source)
    except OSError:  # either is missing
        return
    if same:
        raise click.BadParameter(f"{output}: is the puzzle itself", param_hint=f"'{option}'")


def output_folder(
    context: click.Context, parameter: click.Parameter, path: str | None
) -> str | None:
    """An option callback refusing, before any work, a folder that cannot be made or written."""
    if path is None:
        return path
    problem = _unfit_folder(path)
    if problem:
        raise click.BadParameter(f"{path or repr(path)}: {problem}", context, parameter)
    return path


def _unfit_folder(path: str) -> str | None:
    """Why the folder ``path`` cannot be written into (or made), as far as can be told."""
    if not path:
        return "no such folder (the name is empty)"
    if path == "-":
        return "a folder is needed, not standard output"
    if os.path.exists(path) and not os.path.isdir(path):
        return "is not a folder"
    existing = os.path.abspath(path)
    while not os.path.exists(existing):
        if os.path.islink(existing):
            return f"{existing} is a link to a missing folder"
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        return f"{existing} is not a folder"
    if not os.access(existing, os.W_OK):
        return "permission denied"
    return None


def unwritable(path: str) -> str | None:
    """Why the file ``path`` cannot be written, as far as can be told without writing it."""
    if not path:
        return "no such file (the name is empty)"
    if os.path.islink(path) and not os.path.exists(path):
        return "a link to a missing file"
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        return f"no such folder: {folder}"
    if os.path.isdir(path):
        return "is a folder"
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        return "permission denied"
    return None


def write_file(path: str, text: str) -> None:
    """Write ``text`` to the file ``path``, or to standard output for ``-``; a one-line error."""
    if path == "-":
        click.echo(text, nl=False)
        return
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None
