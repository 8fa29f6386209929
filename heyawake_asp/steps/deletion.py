"""Deletion: shrink a set of parts that refutes something to a minimal one, in chunks.

`minimal_reason` shrinks a step's reason this way, asking the `Deducer`.

>>> shrink([1, 2, 3, 4], lambda parts: set(parts) if {2, 3} <= set(parts) else None)
[2, 3]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.model import Reason, Rule, Settled, row_major
from heyawake_asp.steps.pricing import parts_cost

if TYPE_CHECKING:
    from heyawake_asp.steps.engine import Deducer

__all__ = ["minimal_reason", "shrink"]

_DROP_FIRST = {"connected": 0, "clue": 1, "apart": 2, "run": 3, "adjacent": 4}
"""The order in which deletion tries to drop rules: the costliest first."""

Part = TypeVar("Part")


def shrink(
    parts: list[Part],
    refute: Callable[[list[Part]], set[Part] | None],
    hopeless: Callable[[list[Part]], bool] = lambda kept: False,
    needed: Callable[[list[Part]], Part | None] = lambda chunk: None,
) -> list[Part]:
    """A minimal sublist of ``parts`` that ``refute`` still refutes (it refutes ``parts``).

    ``refute`` answers None, or the parts its unsatisfiable core used.
    Parts are dropped in chunks, from one part on, doubled after a chunk
    goes and halved when it cannot, down to one part at a time (deletion):
    every part left has been tried alone. A kept part costs about one
    question where many parts go, not one per part after it (clingo's cores
    with connectivity name nearly every part asked). Deletion stops early,
    leaving parts that are not minimal, once ``hopeless`` holds of the
    parts tried alone and kept (they stay in every sublist it could end at).
    ``needed``, asked of a chunk that could not go, may name a part of it
    that cannot go either (the shading that kept the chunk breaks it and no
    other part): that part is kept at once, as if tried alone.
    """
    chunk, start, parts = 1, 0, list(parts)
    while start < len(parts):
        trial = parts[:start] + parts[start + chunk :]
        kept = refute(trial)
        if kept is not None:
            start = sum(part in kept for part in parts[:start])
            parts = [part for part in trial if part in kept]
            chunk *= 2
            continue
        lone = needed(parts[start : start + chunk]) if chunk > 1 else parts[start]
        if lone is None:
            chunk //= 2
            continue
        parts.remove(lone)
        parts.insert(start, lone)
        start += 1
        if hopeless(parts[:start]):
            break
    return parts


def minimal_reason(
    deducer: Deducer, reason: Reason, cell: Cell, black: bool, bound: int | None = None
) -> Reason:
    """Shrink a reason until dropping any one part lets ``cell`` take either colour.

    The costliest rules are tried first, and of each sort (and of the settled
    cells) the farthest from ``cell``: the parts tried last are the likeliest
    to stay, so the reason kept lies near the cell. The pairs inside a dense
    room the reason maximises are one part (`DenseClues.grouped`). Given a
    ``bound``, shrinking stops once the parts kept cost more: the reason
    returned then costs more than ``bound`` but need not be minimal.
    """
    reason = deducer.dense.grouped(reason)

    def nearness(part: Rule | Settled) -> int:
        return -min((abs(x - cell[0]) + abs(y - cell[1]) for x, y in _cells(part)), default=0)

    ordered = sorted(reason.rules, key=lambda rule: (_DROP_FIRST[rule.kind], nearness(rule)))
    current: list[Rule | Settled] = [*ordered, *sorted(reason.known, key=nearness)]
    shading: dict[Cell, bool] = {}

    def refute(parts: list[Rule | Settled]) -> set[Rule | Settled] | None:
        rules = [part for part in parts if isinstance(part, Rule)]
        known = dict(p for p in parts if not isinstance(p, Rule))
        # The shading is read only on the cells of the parts dropped (`needed`).
        asked = set(parts)
        dropped = (_cells(part) for part in current if part not in asked)
        shading.clear()
        shading.update((other, False) for cells in dropped for other in cells)
        found = deducer.core(rules, known, cell, black, cells_first=False, witness=shading)
        if found is None:
            # A local program leaves settled cells out of its grounding when no rule reads them.
            shading.update((other, known[other]) for other in shading if other in known)
            return None
        kept: set[Rule | Settled] = {*found.rules, *found.known}
        current[:] = [part for part in parts if part in kept]
        return kept

    def hopeless(kept: list[Rule | Settled]) -> bool:
        return bound is not None and parts_cost(kept) > bound

    def needed(chunk: list[Rule | Settled]) -> Rule | Settled | None:
        broken = [part for part in chunk if _may_break(deducer.puzzle, shading, part)]
        return broken[0] if len(broken) == 1 else None

    parts: list[Rule | Settled] = shrink(list(current), refute, hopeless, needed)
    rules = [part for part in parts if isinstance(part, Rule)]
    known = [part for part in parts if not isinstance(part, Rule)]
    return Reason(
        tuple(sorted(rules, key=lambda rule: (_DROP_FIRST[rule.kind], rule))),
        tuple(sorted(known, key=lambda settled: row_major(settled[0]))),
    )


def _cells(part: Rule | Settled) -> tuple[Cell, ...]:
    """The cells a rule instance or a settled cell reads."""
    return part.cells if isinstance(part, Rule) else (part[0],)


def _may_break(puzzle: Puzzle, shading: dict[Cell, bool], part: Rule | Settled) -> bool:
    """Whether a shading (True: black) may break a part; connectivity is not worked out."""
    if not isinstance(part, Rule):
        return shading[part[0]] != part[1]
    blacks = sum(shading[cell] for cell in part.cells)
    if part.kind == "adjacent":
        return blacks == 2
    if part.kind == "apart":
        return any(
            shading[cell] and shading.get(other, False)
            for cell in puzzle.rooms[part.room or 0].cells
            for other in neighbours(cell)
        )
    if part.kind == "clue":
        return blacks != puzzle.rooms[part.room or 0].clue
    return part.kind == "connected" or blacks == 0
