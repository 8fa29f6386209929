"""The errors the library raises; each renders as one clear line."""

from __future__ import annotations

__all__ = [
    "EncodingError",
    "GenerationError",
    "HeyawakeError",
    "InvalidPuzzleError",
    "PuzzleFormatError",
    "PuzzleWarning",
]


class HeyawakeError(Exception):
    """Base of every error this package raises on bad input."""


class InvalidPuzzleError(HeyawakeError):
    """A puzzle that breaks the model's invariants (overlap, hole, bad clue).

    ``room`` is the index of the offending room, when there is one, so that a
    reader can point at the line that defined it.
    """

    def __init__(self, message: str, room: int | None = None) -> None:
        super().__init__(message)
        self.room = room


class PuzzleFormatError(HeyawakeError):
    """Malformed puzzle or solution text, located as ``source:line:column``."""

    def __init__(
        self, source: str, message: str, line: int | None = None, column: int | None = None
    ) -> None:
        location = ":".join(str(part) for part in (source, line, column) if part is not None)
        super().__init__(f"{location}: {message}")
        self.source = source
        self.line = line
        self.column = column


class EncodingError(HeyawakeError):
    """An encoding set that cannot be found, loaded or applied to a puzzle."""


class NotExplainedError(HeyawakeError):
    """A puzzle of a variant whose rules the steps engine does not know yet."""


class GenerationError(HeyawakeError):
    """The generator could not make a puzzle with the requested properties."""


class PuzzleWarning(UserWarning):
    """Input that was accepted with a reinterpretation the user should know of."""
