"""Deletion: shrink a set of parts that refutes something to a minimal one, in chunks.

`minimal_reason` shrinks a step's reason this way, asking the `Deducer`.

>>> shrink([1, 2, 3, 4], lambda parts, _: Trial(set(parts) if {2, 3} <= set(parts) else None))
[2, 3]
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar

from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.kinds import RULE_KINDS
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major
from heyawake_asp.steps.single import black_bounds
from heyawake_asp.steps.window import Box

if TYPE_CHECKING:
    from heyawake_asp.steps.engine import Deducer

__all__ = ["shrink"]

_DROP_FIRST = {name: rank for rank, name in enumerate(RULE_KINDS)}
"""The order in which deletion tries to drop rules: the broadest first (the table's order)."""

Part = TypeVar("Part")
ReasonPart: TypeAlias = Rule | Settled
"""A part of a step's reason: a rule instance or a settled cell."""


@dataclass(frozen=True)
class Trial(Generic[Part]):
    """What asking without a chunk of parts found.

    ``kept`` holds the parts the refutation used, None when the parts left
    are not refuted; ``needed`` then names the one part of the chunk that
    cannot go either, when it is known (the shading that kept the chunk
    breaks it and no other part of it).
    """

    kept: set[Part] | None
    needed: Part | None = None


def shrink(
    parts: list[Part], refute: Callable[[list[Part], list[Part]], Trial[Part]]
) -> list[Part]:
    """A minimal sublist of ``parts`` that ``refute`` still refutes (it refutes ``parts``).

    ``refute(trial, dropped)`` asks about the parts of ``trial``, those of
    the chunk ``dropped`` left out. Parts are dropped in chunks, from one
    part on, doubled after a chunk goes and halved when it cannot, down to
    one part at a time (deletion): every part left has been tried alone. A
    kept part costs about one question where many parts go, not one per
    part after it (clingo's cores with connectivity name nearly every part
    asked). A part a chunk that could not go names as ``needed`` is kept at
    once, as if tried alone.
    """
    chunk, start, parts = 1, 0, list(parts)
    while start < len(parts):
        dropped = parts[start : start + chunk]
        trial = parts[:start] + parts[start + chunk :]
        found = refute(trial, dropped)
        if found.kept is not None:
            kept = found.kept
            start = sum(part in kept for part in parts[:start])
            parts = [part for part in trial if part in kept]
            chunk *= 2
            continue
        lone = found.needed if chunk > 1 else parts[start]
        if lone is None:
            chunk //= 2
            continue
        parts.remove(lone)
        parts.insert(start, lone)
        start += 1
    return parts


def minimal_reason(
    deducer: Deducer, reason: Reason, cell: Cell, black: bool, narrowing: bool = False
) -> Reason:
    """Shrink a reason until dropping any one part lets ``cell`` take either colour.

    The costliest rules are tried first, and of each sort (and of the settled
    cells) the farthest from ``cell``: the parts tried last are the likeliest
    to stay, so the reason kept lies near the cell. The pairs inside a dense
    room the reason maximises are one part (`DenseClues.grouped`). With
    ``narrowing`` (a reason from the whole grid), each question is asked in
    a window around the parts left (`Deducer.enclose`): far parts go first,
    and a question costs about a pass over its program's cells.
    """
    reason = deducer.dense.grouped(reason)

    def nearness(part: ReasonPart) -> int:
        return -min((abs(x - cell[0]) + abs(y - cell[1]) for x, y in _cells(part)), default=0)

    ordered = sorted(reason.rules, key=lambda rule: (_DROP_FIRST[rule.kind], nearness(rule)))
    start: list[ReasonPart] = [*ordered, *sorted(reason.known, key=nearness)]
    refute = functools.partial(_refute, deducer, cell, black, narrowing)
    parts = shrink(start, refute)
    rules = [part for part in parts if isinstance(part, Rule)]
    known = [part for part in parts if not isinstance(part, Rule)]
    return Reason(
        tuple(sorted(rules, key=lambda rule: (_DROP_FIRST[rule.kind], rule))),
        tuple(sorted(known, key=lambda settled: row_major(settled[0]))),
    )


def _refute(
    deducer: Deducer,
    cell: Cell,
    black: bool,
    narrowing: bool,
    parts: list[ReasonPart],
    dropped: list[ReasonPart],
) -> Trial[ReasonPart]:
    """Whether ``parts`` still rule out the other colour of ``cell``, as `shrink` asks it.

    When they do not, the shading clingo found is read on the cells of the
    parts ``dropped`` only: the one of them it breaks is needed. With
    ``narrowing``, asked in a window around ``cell`` and the parts not yet
    deleted, dropped ones too: later questions ask subsets of them.
    """
    rules = [part for part in parts if isinstance(part, Rule)]
    known = dict(part for part in parts if not isinstance(part, Rule))
    if narrowing:  # connectivity is measured from its roots, wherever they lie
        placed = (p for p in (*parts, *dropped) if not isinstance(p, Rule) or p.kind != "connected")
        deducer.enclose(Box.around([cell, *(c for part in placed for c in _cells(part))]))
    shading = {other: False for part in dropped for other in _cells(part)}
    found = deducer.core(rules, known, cell, black, cells_first=False, witness=shading)
    if found is not None:
        return Trial({*found.rules, *found.known})
    # A local program leaves settled cells out of its grounding when no rule reads them.
    shading.update((other, known[other]) for other in shading if other in known)
    broken = [part for part in dropped if _may_break(deducer.puzzle, shading, part)]
    return Trial(None, broken[0] if len(broken) == 1 else None)


def _cells(part: Rule | Settled) -> tuple[Cell, ...]:
    """The cells a rule instance or a settled cell reads."""
    return part.cells if isinstance(part, Rule) else (part[0],)


def _may_break(puzzle: Puzzle, shading: dict[Cell, bool], part: Rule | Settled) -> bool:
    """Whether a shading (True: black) may break a part, by what its kind holds (`Holds`).

    Connectivity and the other kinds only the search knows are not worked out: they may.
    """
    if not isinstance(part, Rule):
        return shading[part[0]] != part[1]
    blacks = sum(shading[cell] for cell in part.cells)
    holds = RULE_KINDS[part.kind].holds
    if holds == "both alike":
        return blacks == 1
    if holds == "apart":
        return any(
            shading[cell] and shading.get(other, False)
            for cell in puzzle.rooms[part.room or 0].cells
            for other in neighbours(cell)
        )
    bounds = black_bounds(part, puzzle)
    return bounds is None or not bounds[0] <= blacks <= bounds[1]
