"""Puzzle file formats: one module per format, each with ``read`` and ``write``."""

from __future__ import annotations

from pathlib import Path

from heyawake_asp.errors import PuzzleFormatError
from heyawake_asp.formats import kth
from heyawake_asp.puzzle import Puzzle

__all__ = ["kth", "read_puzzle"]


def read_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file, naming ``path`` as given in any error.

    Raises
    ------
    PuzzleFormatError
        When the file cannot be read or holds no valid puzzle.
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleFormatError(source, _reason(error)) from None
    return kth.read(text, source)


def _reason(error: Exception) -> str:
    """A short reason for a file that could not be read."""
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a puzzle file"
    if isinstance(error, UnicodeDecodeError):
        return "not a UTF-8 text file"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
