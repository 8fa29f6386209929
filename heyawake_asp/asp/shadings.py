"""A puzzle's shadings to a deadline: dense rooms by their bound first, else the usual search.

Every question that enumerates shadings (solve, count, the consequences of
analyze) asks here, so the bound mode (`heyawake_asp.asp.bounds`) and its
fallback are written once.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> found = find_shadings(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)), models=0)
>>> found.grids, found.finished, found.exhausted
([('#.#',)], True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo

from heyawake_asp.asp.bounds import bound_search
from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, as_encoding_set
from heyawake_asp.asp.search import search
from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import NEVER, Deadline

__all__ = ["Shadings", "find_shadings"]


@dataclass(frozen=True)
class Shadings:
    """The shadings one search found, in order, and how it ended.

    ``finished`` is false when the deadline passed first. ``control`` is the
    usual search's (for its statistics) and ``ground_seconds`` its grounding
    time; None and 0 when the bound mode decided.
    """

    grids: list[Grid]
    finished: bool
    exhausted: bool
    unsatisfiable: bool
    control: clingo.Control | None = None
    ground_seconds: float = 0.0


def find_shadings(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet = DEFAULT_ENCODING,
    *,
    models: int,
    deadline: Deadline = NEVER,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    options: Sequence[str] = (),
    consequences: str | None = None,
) -> Shadings:
    """Up to ``models`` shadings of ``puzzle`` (0: all); with ``consequences``, those instead.

    ``consequences`` is ``"cautious"`` or ``"brave"``: each grid then holds
    the consequences found so far, the last one final.
    """
    encoding = as_encoding_set(encoding)  # resolved once, for both modes
    bounded = bound_search(
        puzzle, encoding, models=models, deadline=deadline, threads=threads,
        extra=extra, options=options, consequences=consequences,
    )  # fmt: skip
    if bounded.decided:
        return Shadings(bounded.values, True, bounded.exhausted, bounded.unsatisfiable)
    enumerate_mode = () if consequences is None else (f"--enum-mode={consequences}",)
    control, ground_seconds = grounded_control(
        puzzle, encoding, models=models, threads=threads, extra=extra,
        options=[*enumerate_mode, *options],
    )  # fmt: skip
    found = search(control, lambda model: decode(model, puzzle), deadline)
    return Shadings(
        found.values,
        found.result is not None,
        found.exhausted,
        found.unsatisfiable,
        control,
        ground_seconds,
    )
