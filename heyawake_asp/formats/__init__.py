r"""Puzzle file formats: one module per format, each with ``read`` and ``write``.

:func:`read_puzzle` takes what a user types for a PUZZLE: a file path, a
puzz.link URL or ``-`` for standard input. A file's format comes from its
extension (``.lp`` KTH, ``.json`` JSON, ``.url`` URL); otherwise the text is
sniffed (JSON, URL, the text format or puzz.link's pzprv3 file), falling
back to KTH, or to the text format for ``.txt``.

>>> sniff("heyawake 3x1\naab\n"), sniff("https://puzz.link/p?heyawake/1/1/0"), sniff("width(1).")
('text', 'url', 'kth')
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from heyawake_asp.errors import PuzzleFormatError
from heyawake_asp.formats import url
from heyawake_asp.formats.source import MAX_INPUT_BYTES, read_source
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.variants import VARIANTS

__all__ = [
    "FORMATS",
    "MAX_INPUT_BYTES",
    "format_of_name",
    "read_puzzle",
    "read_puzzle_text",
    "read_source",
    "sniff",
    "write_puzzle",
]

FORMATS = {"url": "url", "text": "text", "json": "json_format", "kth": "kth", "pzprv3": "pzprv3"}
"""Each format's module in this package, by the name ``heyawake convert --to`` takes.

A module is imported when its format is first read or written.
"""
_EXTENSIONS = {".lp": "kth", ".json": "json", ".url": "url"}
_TEXT_HEADER = re.compile(
    r"(?:[ \t]*+(?:#[^\n]*+)?\n)*+[ \t]*+(?:" + "|".join(VARIANTS) + r")\s+\d"
)
"""Comment and blank lines, then the text format's header (possessive: no backtracking)."""


def read_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file, URL or standard input (``-``), naming ``path`` in errors.

    A file or standard input holds at most :data:`MAX_INPUT_BYTES` bytes.

    Raises
    ------
    PuzzleFormatError
        When the file cannot be read or holds no valid puzzle.
    """
    source = str(path)
    if sniff(source) == "url" and not os.path.exists(source):
        return url.read(source, source)
    content = read_source(source)
    suffix = Path(source).suffix.lower()
    fmt = _EXTENSIONS.get(suffix) or sniff(content, "text" if suffix == ".txt" else "kth")
    if fmt == "kth" and suffix != ".lp":
        _require_facts(content, source)
    return _reader(fmt)(content, source)


def read_puzzle_text(content: str, where: str) -> Puzzle:
    """Read a puzzle from ``content`` in any format, sniffed (KTH otherwise), naming ``where``.

    For text that comes from elsewhere than a file (a request, a form); a
    URL is read as a puzz.link URL and never opened.

    Raises
    ------
    PuzzleFormatError
        When ``content`` holds no valid puzzle, or more than :data:`MAX_INPUT_BYTES` bytes.
    """
    if len(content) > MAX_INPUT_BYTES or len(content.encode()) > MAX_INPUT_BYTES:
        raise PuzzleFormatError(
            where, f"larger than {MAX_INPUT_BYTES / 1_000_000:g} MB, the most a puzzle may be"
        )
    fmt = sniff(content)
    if fmt == "kth":
        _require_facts(content, where)
    return _reader(fmt)(content.strip() if fmt == "url" else content, where)


def _require_facts(content: str, where: str) -> None:
    """Refuse, in a player's words, text sniffed as KTH that holds no KTH fact: not a puzzle.

    A ``.lp`` file is KTH by its name, and its reader's own errors say what is wrong.
    """
    if not content.strip():
        raise PuzzleFormatError(where, "empty: no puzzle in it")
    if not _KTH_FACT.search(content):
        raise PuzzleFormatError(where, _NOT_A_PUZZLE, 1, 1)


_NOT_A_PUZZLE = (
    "not a puzzle heyawake reads: expected a puzz.link URL, the text format (first line "
    "'heyawake WxH'), JSON, a puzz.link file (pzprv3) or KTH facts (width/1, height/1, room/6)"
)
_KTH_FACT = re.compile(r"\b(?:width|height|room)\s*\(")
_ADDRESS = re.compile(r"https?://", re.IGNORECASE)


def format_of_name(path: str) -> str | None:
    """The format a file named ``path`` is read as, by its extension (None: sniffed, or '-').

    ``.txt`` counts as the text format: only text is read back from it whatever it holds.
    """
    return {**_EXTENSIONS, ".txt": "text"}.get(Path(path).suffix.lower()) if path != "-" else None


def sniff(content: str, default: str = "kth") -> str:
    """The format ``content`` looks like: ``json``, ``url``, ``text``, ``pzprv3`` or ``default``.

    Any ``http(s)://`` address is a URL (read, another genre's is named as such).
    """
    start = content.lstrip()
    if start.startswith("{"):
        return "json"
    if start.startswith("pzprv3"):
        return "pzprv3"
    if url.PATTERN.match(start) or _ADDRESS.match(start):
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
