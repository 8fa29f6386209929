"""Deletion: shrink a set of parts that refutes something to a minimal one, in chunks.

>>> shrink([1, 2, 3, 4], lambda parts: set(parts) if {2, 3} <= set(parts) else None)
[2, 3]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["shrink"]

Part = TypeVar("Part")


def shrink(parts: list[Part], refute: Callable[[list[Part]], set[Part] | None]) -> list[Part]:
    """A minimal sublist of ``parts`` that ``refute`` still refutes (it refutes ``parts``).

    ``refute`` answers None, or the parts its unsatisfiable core used.
    Parts are dropped in chunks, halved when a chunk cannot go, down to one
    at a time (deletion): every part left has been tried alone.
    """
    chunk, start = max(1, len(parts) // 2), 0
    while start < len(parts):
        trial = parts[:start] + parts[start + chunk :]
        kept = refute(trial)
        if kept is not None:
            start = sum(part in kept for part in parts[:start])
            parts = [part for part in trial if part in kept]
        elif chunk > 1:
            chunk //= 2
        else:
            start += 1
    return parts
