r"""Puzzle file formats: one module per format, each with ``read`` and ``write``.

:func:`read_puzzle` takes what a user types for a PUZZLE: a file path, a
puzz.link URL or ``-`` for standard input. A file's format comes from its
extension (``.lp`` KTH, ``.json`` JSON, ``.url`` URL); otherwise the text is
sniffed (JSON, URL or the text format), falling back to KTH, or to the text
format for ``.txt``.

>>> sniff("heyawake 3x1\naab\n"), sniff("https://puzz.link/p?heyawake/1/1/0"), sniff("width(1).")
('text', 'url', 'kth')
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from heyawake_asp.errors import PuzzleFormatError
from heyawake_asp.formats import url
from heyawake_asp.puzzle import Puzzle

__all__ = ["FORMATS", "read_puzzle", "read_source", "sniff", "write_puzzle"]

FORMATS = {"url": "url", "text": "text", "json": "json_format", "kth": "kth"}
"""Each format's module in this package, by the name ``heyawake convert --to`` takes.

A module is imported when its format is first read or written.
"""
_EXTENSIONS = {".lp": "kth", ".json": "json", ".url": "url"}
_BYTE_ORDER_MARK = "\ufeff"
"""What some editors put at the start of a UTF-8 file; not part of the puzzle."""
_TEXT_HEADER = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*heyawake\s+\d")


def read_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file, URL or standard input (``-``), naming ``path`` in errors.

    Raises
    ------
    PuzzleFormatError
        When the file cannot be read or holds no valid puzzle.
    """
    source = str(path)
    if source == "-":
        content = read_source(source)
        return _reader(sniff(content))(content, source)
    if url.PATTERN.match(source.strip()) and not Path(path).exists():
        return url.read(source, source)
    try:
        content = read_source(source)
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleFormatError(source, _reason(error)) from None
    suffix = Path(path).suffix.lower()
    fmt = _EXTENSIONS.get(suffix) or sniff(content, "text" if suffix == ".txt" else "kth")
    return _reader(fmt)(content, source)


def read_source(source: str) -> str:
    """The text of a file, or of standard input for ``-``, less a leading byte order mark.

    Raises
    ------
    OSError, UnicodeDecodeError
        When it cannot be read as UTF-8.
    """
    if source == "-":
        return sys.stdin.read().removeprefix(_BYTE_ORDER_MARK)
    return Path(source).read_text(encoding="utf-8-sig")


def sniff(content: str, default: str = "kth") -> str:
    """The format ``content`` looks like: ``json``, ``url``, ``text`` or ``default``."""
    start = content.lstrip()
    if start.startswith("{"):
        return "json"
    if url.PATTERN.match(start):
        return "url"
    if _TEXT_HEADER.match(content):
        return "text"
    return default


def write_puzzle(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle in format ``fmt`` (a key of :data:`FORMATS`), ending with a newline.

    Raises
    ------
    InvalidPuzzleError
        When the format cannot express the puzzle (e.g. irregular rooms in KTH).
    """
    writer: Callable[[Puzzle], str] = _module(fmt).write
    written = writer(puzzle)
    return written if written.endswith("\n") else written + "\n"


def _reader(fmt: str) -> Callable[[str, str], Puzzle]:
    """The reader of format ``fmt``: it takes the text and the source to name in errors."""
    reader: Callable[[str, str], Puzzle] = _module(fmt).read
    return reader


def _module(fmt: str) -> ModuleType:
    """The module of format ``fmt``."""
    return importlib.import_module(f"heyawake_asp.formats.{FORMATS[fmt]}")


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
