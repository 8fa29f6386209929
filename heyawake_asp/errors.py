"""The errors the library raises; each renders as one clear line."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar, cast

__all__ = [
    "EncodingError",
    "GenerationError",
    "HeyawakeError",
    "InvalidPuzzleError",
    "NotExplainedError",
    "OutOfTime",
    "PuzzleFormatError",
    "PuzzleWarning",
    "so_far",
]

P = ParamSpec("P")
T = TypeVar("T")


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


class OutOfTime(TimeoutError):
    """A call ran past its deadline; ``partial`` is what it found by then (None: nothing).

    Every library call with a ``timeout`` raises it: `solve` with the
    `SolveResult` so far, `count_solutions` with the count so far, `steps`
    with the `Walkthrough` so far (status ``timeout``), the rest with none.
    A `TimeoutError`, so that it pickles whole from a child process.
    """

    def __init__(
        self, message: str = "stopped past the time limit", partial: object = None
    ) -> None:
        super().__init__(message)
        self.partial = partial

    def __reduce__(self) -> tuple[type[OutOfTime], tuple[str, object]]:
        """Pickled with its ``partial``: a child process's reaches its parent."""
        return (OutOfTime, (str(self), self.partial))


def so_far(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``call(*args, **kwargs)``, or past its deadline what it found by then.

    For the callers that report a partial result as they would a whole one
    (the command's ``solve`` and ``count``, the server); an `OutOfTime`
    without one is raised. Module-level, so that a call of it pickles.
    """
    try:
        return call(*args, **kwargs)
    except OutOfTime as late:
        if late.partial is None:
            raise
        return cast(T, late.partial)


class PuzzleWarning(UserWarning):
    """Input that was accepted with a reinterpretation the user should know of."""
