"""Decide puzzles with a dense room: a big room whose clue may be at, or above, its maximum.

Branching cannot prove a tight upper bound on a big room's black cells: the
usual search runs for minutes on a 13x7 room at its maximum. Here those
rooms' clues are left out and their black cells maximised instead
(``encodings/analysis/dense_rooms.lp``) with clingo's core-guided
optimisation, which proves such bounds from small local cores. When every
dense room's optimum equals its clue, the optimal shadings are the
solutions (clingo enumerates them right after its proof, in the same solve
call, ``--opt-mode=optN``); when one falls short, there is none; when one
exceeds its clue, this mode decides nothing and the caller searches as usual.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> dense_rooms(Puzzle(7, 5, (Room.rectangle(0, 0, 6, 4, 12),)))
(0,)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo

from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import EncodingSet, analysis_program, as_encoding_set
from heyawake_asp.asp.search import search
from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import NEVER, Deadline
from heyawake_asp.variants import variant_named

__all__ = [
    "BOUND_OPTIONS",
    "bound_search",
    "chosen_dense_rooms",
    "dense_facts",
    "dense_rooms",
    "off_clue",
]

DENSE_CELLS = 20
"""Rooms smaller than this are left to the usual search, which settles them at once."""
DENSE_SHARE = 0.3
"""A clue below this share of its room's cells is left to the usual search: big rooms
hold about a third of their cells at most, and a clue well below that is easy to meet."""
BOUND_OPTIONS = ("--opt-strategy=usc", "--opt-usc-shrink=min,0", "--opt-mode=optN")
"""Core-guided optimisation with each core shrunk to a minimal one, however many
conflicts that takes (docs/encodings.md: far fewer stalls on rooms of 100 cells and
more), then the optimal models enumerated."""


@dataclass(frozen=True)
class RoomBound:
    """A room's clue and the most black cells it can hold (with the rooms before it at theirs)."""

    room: int
    clue: int
    most: int

    @property
    def short(self) -> bool:
        """Whether the room cannot hold its clue (else it can hold more)."""
        return self.most < self.clue


@dataclass(frozen=True)
class BoundSearch:
    """What the bound mode settled.

    ``decided`` is false when a dense room can hold more than its clue (the
    usual search must decide) or the deadline passed. Otherwise ``values``
    holds the solutions found, ``exhausted`` says whether they are all, and
    ``short`` names the room that cannot hold its clue when there is none.
    """

    values: list[Grid]
    decided: bool
    exhausted: bool
    short: RoomBound | None = None

    @property
    def unsatisfiable(self) -> bool:
        """Whether there is no solution: decided, and none found."""
        return self.decided and not self.values


def dense_rooms(puzzle: Puzzle) -> tuple[int, ...]:
    """Indices of the rooms whose clues the bound mode maximises, densest first.

    A room is dense when it has at least `DENSE_CELLS` cells and a clue of
    at least `DENSE_SHARE` of them; none is in a variant whose numbers do
    not count black cells.
    """
    if not variant_named(puzzle.variant).counts:
        return ()
    dense = [
        index
        for index, room in enumerate(puzzle.rooms)
        if room.clue is not None
        and len(room.cells) >= DENSE_CELLS
        and room.clue >= DENSE_SHARE * len(room.cells)
    ]
    return tuple(sorted(dense, key=lambda i: -_share(puzzle, i)))


def dense_facts(rooms: Sequence[int]) -> str:
    """``dense(R, P)`` for each of ``rooms`` (indices; R from 1), the first at the top priority."""
    return " ".join(f"dense({room + 1},{len(rooms) - k})." for k, room in enumerate(rooms))


def off_clue(
    puzzle: Puzzle, rooms: Sequence[int], cost: Sequence[int], asked: Collection[int] | None = None
) -> RoomBound | None:
    """The first of ``rooms`` (those ``asked``; None: all) whose most black cells is off its clue.

    ``cost`` is an optimal model's, one level per room of ``rooms`` (`dense_facts`):
    each the most black cells the room can hold, negated.
    """
    for room, level in zip(rooms, cost, strict=True):
        clue = puzzle.rooms[room].clue or 0
        if -level != clue and (asked is None or room in asked):
            return RoomBound(room, clue, -level)
    return None


def chosen_dense_rooms(puzzle: Puzzle, encoding: str | Path | EncodingSet) -> tuple[int, ...]:
    """The `dense_rooms` of ``puzzle``, or none when the set declares ``% dense-rooms: search``."""
    return dense_rooms(puzzle) if as_encoding_set(encoding).maximise_dense else ()


def bound_search(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet,
    *,
    dense: Sequence[int] | None = None,
    models: int,
    deadline: Deadline = NEVER,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    options: Sequence[str] = (),
    consequences: str | None = None,
) -> BoundSearch:
    """Settle ``puzzle`` by maximising the black cells of its ``dense`` rooms.

    Parameters
    ----------
    dense
        The rooms (indices) to maximise; by default `chosen_dense_rooms`.
        Without any, nothing is decided.
    models
        How many solutions to enumerate (0: all).
    options
        More clingo options.
    consequences
        ``"cautious"`` or ``"brave"``: enumerate the consequences of the
        solutions instead, each value a shading of them, the last one final.

    Notes
    -----
    One solve call (``--opt-mode=optN``): clingo proves the optimum, then
    enumerates the optimal models on the same cores, which a second call
    would prove again. It stops at the first optimal model whose levels
    differ from the clues.
    """
    dense = chosen_dense_rooms(puzzle, encoding) if dense is None else dense
    if not dense:
        return BoundSearch([], decided=False, exhausted=False)
    relaxed = puzzle.with_clues(
        [None if i in dense else room.clue for i, room in enumerate(puzzle.rooms)]
    )
    enumerate_mode = () if consequences is None else (f"--enum-mode={consequences}",)
    control, _ = grounded_control(
        relaxed,
        encoding,
        models=models,
        threads=threads,
        extra=[*extra, analysis_program("dense_rooms")],
        facts=dense_facts(dense),
        options=[*BOUND_OPTIONS, *enumerate_mode, *options],
    )

    def optimal(model: clingo.Model) -> tuple[RoomBound | None, Grid] | None:
        if not model.optimality_proven:
            return None
        return off_clue(puzzle, dense, model.cost), decode(model, puzzle)

    found = search(
        control, optimal, deadline, until=lambda value: value is not None and value[0] is not None
    )
    optima = [value for value in found.values if value is not None]
    if found.unsatisfiable:
        return BoundSearch([], decided=True, exhausted=True)
    if found.result is None or not optima:
        return BoundSearch([], decided=False, exhausted=False)
    off = optima[0][0]
    if off is not None:
        short = off if off.short else None
        return BoundSearch([], decided=off.short, exhausted=off.short, short=short)
    return BoundSearch([grid for _, grid in optima], decided=True, exhausted=found.exhausted)


def _share(puzzle: Puzzle, index: int) -> float:
    """A room's clue as a share of its cells."""
    room = puzzle.rooms[index]
    return (room.clue or 0) / len(room.cells)
