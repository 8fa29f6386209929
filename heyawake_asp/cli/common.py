"""Helpers shared by the command modules: reading input with clear errors."""

from __future__ import annotations

import warnings
from pathlib import Path

import click

from heyawake_asp.formats import read_puzzle
from heyawake_asp.puzzle import Puzzle

__all__ = ["read_puzzle_echoing_warnings", "read_text"]


def read_puzzle_echoing_warnings(source: str) -> Puzzle:
    """Read a puzzle, echoing the reader's warnings on stderr."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        puzzle = read_puzzle(source)
    for warning in caught:
        click.echo(f"warning: {warning.message}", err=True)
    return puzzle


def read_text(source: str) -> str:
    """The text of a file, as a one-line error when it cannot be read."""
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise click.ClickException(f"{source}: cannot read: {error}") from None
