"""Output files of the commands: checked before any work, written with one-line errors.

Files are written into existing folders only (``generate -o DIR`` makes
its directory itself); ``-`` is standard output.
"""

from __future__ import annotations

import os

import click

__all__ = ["output_path", "unwritable", "write_file"]


def output_path(context: click.Context, parameter: click.Parameter, path: str | None) -> str | None:
    """An option callback refusing, before any work, a file that cannot be written.

    Files are written into existing folders only ('-' is standard output).
    """
    if path is None or path == "-":
        return path
    problem = unwritable(path)
    if problem:
        raise click.BadParameter(f"{path}: {problem}", context, parameter)
    return path


def unwritable(path: str) -> str | None:
    """Why the file ``path`` cannot be written, as far as can be told without writing it."""
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
