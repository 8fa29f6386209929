"""The limits every reader applies: input read capped, regular files only, UTF-8; grid size.

Every puzzle, solution and encoding file the package reads comes through
:func:`read_bytes`, so every reader sees at most :data:`MAX_INPUT_BYTES`: an endless
stream (``/dev/zero``, a pipe that never ends) is refused after that many
bytes, and a device, FIFO or directory before a byte is read.

>>> read_source("")
Traceback (most recent call last):
heyawake_asp.errors.PuzzleFormatError: '': no such file (the name is empty)
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

from heyawake_asp.errors import PuzzleFormatError
from heyawake_asp.puzzle import MAX_CELLS

__all__ = ["MAX_INPUT_BYTES", "read_bytes", "read_source"]

MAX_INPUT_BYTES = 4_000_000
"""The most bytes read from one file or from standard input: far above any real puzzle."""

_BYTE_ORDER_MARK = b"\xef\xbb\xbf"
"""What some editors put at the start of a UTF-8 file; not part of the puzzle."""
_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
}


def read_source(source: str, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a file, or of standard input for ``-``, less a leading byte order mark.

    Raises
    ------
    PuzzleFormatError
        As :func:`read_bytes`, and when the text is not UTF-8 (naming the line
        and column of the first bad byte).
    """
    data = read_bytes(source, limit)
    mark = len(_BYTE_ORDER_MARK) if data.startswith(_BYTE_ORDER_MARK) else 0
    return _decode(data, mark, source)


def read_bytes(source: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a file, or of standard input for ``-``; at most ``limit + 1`` are read.

    Raises
    ------
    PuzzleFormatError
        When there is no such file, it is not a regular file (standard input
        may be a pipe), it cannot be read, or it is larger than ``limit`` bytes.
    """
    data = _read_stdin(limit) if source == "-" else _read_file(source, limit)
    if len(data) > limit:
        raise PuzzleFormatError(
            source, f"larger than {_megabytes(limit)}, the most an input file may be"
        )
    return data


def _read_stdin(limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of standard input."""
    if sys.stdin is None:  # started with standard input closed
        raise PuzzleFormatError("-", "no standard input (it is closed)")
    stream: BinaryIO | None = getattr(sys.stdin, "buffer", None)
    try:
        if stream is None:  # a text-only stand-in for stdin, as in some embedded consoles
            return sys.stdin.read(limit + 1).encode("utf-8", "surrogatepass")
        return stream.read(limit + 1)
    except OSError as error:  # e.g. a directory given as standard input
        raise PuzzleFormatError("-", _reason(error)) from None


def _read_file(path: str, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of the regular file ``path``."""
    if not path:
        raise PuzzleFormatError("''", "no such file (the name is empty)")
    try:
        # Checked before opening: opening a FIFO blocks until something writes to it.
        kind = stat.S_IFMT(os.stat(path).st_mode)
        if kind != stat.S_IFREG:
            raise PuzzleFormatError(path, f"not a regular file ({_KINDS.get(kind, 'special')})")
        with open(path, "rb") as file:
            return file.read(limit + 1)
    except OSError as error:
        raise PuzzleFormatError(path, _reason(error)) from None
    except ValueError:  # a NUL byte in the name
        raise PuzzleFormatError(repr(path), "no such file (the name holds a NUL byte)") from None


def _reason(error: OSError) -> str:
    """A short reason for a file that could not be read, without Python's ``[Errno N]``."""
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, PermissionError):
        return "permission denied"
    reason = error.strerror or type(error).__name__
    return reason[:1].lower() + reason[1:]


def _decode(data: bytes, start: int, source: str) -> str:
    """``data`` from byte ``start`` as UTF-8, or an error at the first bad byte."""
    try:
        return data[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = start + error.start
        line_start = max(data.rfind(b"\n", 0, offset) + 1, start)
        line = data.count(b"\n", 0, line_start) + 1
        column = len(data[line_start:offset].decode("utf-8")) + 1
        raise PuzzleFormatError(
            source, f"not UTF-8 text: byte 0x{data[offset]:02x} at offset {offset}", line, column
        ) from None


def grid_size(
    width: str | int, height: str | int, source: str, line: int | None = None, column: int = 1
) -> tuple[int, int]:
    """The grid size ``width`` by ``height`` (digit strings or numbers), checked.

    Raises
    ------
    PuzzleFormatError
        When the grid is smaller than 1x1 or has more than ``MAX_CELLS`` cells,
        at ``line`` and ``column`` when given.
    """
    digits = str(width), str(height)
    size = "x".join(text if len(text) <= 12 else text[:12] + "..." for text in digits)
    # A number longer than MAX_CELLS is not worth converting (nor always possible).
    significant = [text.lstrip("0") or "0" for text in digits]
    cols, rows = (
        int(text) if len(text) <= len(str(MAX_CELLS)) else MAX_CELLS + 1 for text in significant
    )
    where = (line, column) if line is not None else ()
    if cols < 1 or rows < 1:
        raise PuzzleFormatError(source, f"grid must be at least 1x1, got {size}", *where)
    if cols * rows > MAX_CELLS:
        raise PuzzleFormatError(
            source, f"grid {size} is too large: more than {MAX_CELLS} cells", *where
        )
    return cols, rows


def _megabytes(limit: int) -> str:
    """A byte count in MB, as a person would say it."""
    return f"{limit / 1_000_000:g} MB"
