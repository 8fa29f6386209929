"""The questions asked of a puzzle beside `solve`: how many solutions, which cells vary, why none.

Authors, the steps and the server ask them. Every answer is projected on
the shading, so one shading counts once.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
>>> count_solutions(strip, limit=10)
SolutionCount(count=4, exact=True)
>>> sorted(analyze(strip).varying)
[(0, 0), (4, 0)]
>>> explain(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),))).rooms
(0,)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from heyawake_asp.asp.bounds import bound_search, chosen_dense_rooms
from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import (
    DEFAULT_ENCODING,
    EncodingSet,
    analysis_program,
    assumable_numbers,
)
from heyawake_asp.asp.facts import candidate_clue_facts, known_black_facts
from heyawake_asp.asp.search import Alarm, search
from heyawake_asp.asp.shadings import find_shadings
from heyawake_asp.errors import OutOfTime
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.solver import solve

__all__ = [
    "Ambiguity",
    "ClueSwitch",
    "Explanation",
    "SolutionCount",
    "analysis_program",
    "analyze",
    "count_solutions",
    "explain",
    "other_solution",
]

Encoding: TypeAlias = str | Path | EncodingSet


@dataclass(frozen=True)
class SolutionCount:
    """How many shadings solve a puzzle: exactly ``count``, or at least ``count`` if not exact."""

    count: int
    exact: bool


@dataclass(frozen=True)
class Ambiguity:
    """Cells by what the solutions agree on; all empty when there is no solution."""

    black: frozenset[Cell]
    white: frozenset[Cell]
    varying: frozenset[Cell]

    @property
    def solvable(self) -> bool:
        """Whether the puzzle has a solution at all."""
        return bool(self.black or self.white or self.varying)


@dataclass(frozen=True)
class Explanation:
    """Why a puzzle has no solution.

    Attributes
    ----------
    satisfiable : bool
        The puzzle has a solution after all; nothing to explain.
    rooms : tuple of int
        Indices into ``Puzzle.rooms`` of a minimal set of clues that cannot all
        hold: dropping any one of them makes the rest satisfiable. Empty when
        the rooms alone, without any clue, admit no shading.
    most : int or None
        When ``rooms`` is one dense room (`heyawake_asp.asp.bounds`) whose clue
        exceeds what it can hold whatever the other clues: the most black
        cells it can hold.
    """

    satisfiable: bool
    rooms: tuple[int, ...]
    most: int | None = None

    @property
    def rooms_alone(self) -> bool:
        """Whether the room layout is contradictory whatever the clues."""
        return not self.satisfiable and not self.rooms


def count_solutions(
    puzzle: Puzzle,
    limit: int = 100,
    encoding: Encoding = DEFAULT_ENCODING,
    timeout: float | Deadline | None = None,
) -> SolutionCount:
    """Count the shadings that solve ``puzzle``, stopping once more than ``limit`` are found.

    Returns
    -------
    SolutionCount
        Exact when the search ended below the limit; otherwise ``limit + 1``.

    Raises
    ------
    OutOfTime
        After ``timeout`` seconds (or at that `Deadline`); ``partial`` is
        the `SolutionCount` so far (not exact).
    """
    deadline = as_deadline(timeout)
    found = find_shadings(puzzle, encoding, models=limit + 1, deadline=deadline)
    if not found.finished:
        raise OutOfTime(deadline.overdue_message(), SolutionCount(len(found.grids), False))
    return SolutionCount(len(found.grids), len(found.grids) <= limit)


def analyze(
    puzzle: Puzzle, encoding: Encoding = DEFAULT_ENCODING, timeout: float | Deadline | None = None
) -> Ambiguity:
    """The cells black in every solution, white in every one, and those that vary.

    Raises `OutOfTime` when ``timeout`` seconds pass first (or that `Deadline`).

    Notes
    -----
    Uses clingo's cautious consequences (true in all answer sets) and brave
    consequences (true in some) of ``black/2``: two solver calls, however
    many solutions there are.
    """
    cells = frozenset(puzzle.cells())
    deadline = as_deadline(timeout)
    always = _consequences(puzzle, encoding, "cautious", deadline)
    sometimes = _consequences(puzzle, encoding, "brave", deadline)
    if always is None or sometimes is None:
        return Ambiguity(frozenset(), frozenset(), frozenset())
    return Ambiguity(always, cells - sometimes, sometimes - always)


def _consequences(
    puzzle: Puzzle, encoding: Encoding, mode: str, deadline: Deadline
) -> frozenset[Cell] | None:
    """The black cells among the cautious or brave consequences; None when unsatisfiable.

    Raises `OutOfTime` past ``deadline``.
    """
    found = find_shadings(puzzle, encoding, models=0, deadline=deadline, consequences=mode)
    if not found.finished:
        raise OutOfTime(deadline.overdue_message())
    return frozenset(_black_cells(found.grids[-1])) if found.grids else None


def _black_cells(grid: Grid) -> list[Cell]:
    """The black cells of a grid."""
    return [(x, y) for y, row in enumerate(grid) for x, char in enumerate(row) if char == BLACK]


def other_solution(
    puzzle: Puzzle,
    grid: Sequence[str],
    encoding: Encoding = DEFAULT_ENCODING,
    timeout: float | Deadline | None = None,
) -> Grid | None:
    """A solution of ``puzzle`` other than ``grid``, or None when ``grid`` is the only one.

    Raises `OutOfTime` after ``timeout`` seconds (or at that `Deadline`).
    """
    control, _ = grounded_control(
        puzzle,
        encoding,
        models=1,
        extra=[analysis_program("other_shading")],
        facts=known_black_facts(grid),
    )
    found = search(control, lambda model: decode(model, puzzle), as_deadline(timeout)).in_time()
    return found.values[0] if found.values else None


def explain(
    puzzle: Puzzle, encoding: Encoding = DEFAULT_ENCODING, timeout: float | Deadline | None = None
) -> Explanation:
    """A minimal set of clues that cannot all hold together, when the puzzle has no solution.

    Raises `OutOfTime` when ``timeout`` seconds pass first (or that `Deadline`).

    Notes
    -----
    Each clue is made conditional on an assumption; clingo's unsatisfiable
    core names clues that conflict, and the core is then shrunk by deletion:
    a clue is dropped whenever the others still conflict without it. A
    puzzle with a dense room is first asked whether that room's clue alone
    exceeds the most it can hold; if not, each subset is tried by `solve`,
    which settles such rooms by maximising their black cells.
    """
    deadline = as_deadline(timeout)
    dense = chosen_dense_rooms(puzzle, encoding)
    if dense:
        return _explain_dense(puzzle, encoding, dense, deadline)
    switch = ClueSwitch(puzzle, encoding, timeout=deadline)
    core = switch.core(switch.clued)
    if core is None:
        return Explanation(True, ())
    for room in sorted(core):
        if room in core:
            smaller = switch.core(core - {room})
            core = core if smaller is None else smaller
    return Explanation(False, tuple(sorted(core)))


def _explain_dense(
    puzzle: Puzzle, encoding: Encoding, dense: Sequence[int], deadline: Deadline
) -> Explanation:
    """`explain` with dense rooms: one that cannot hold its clue alone, else by deletion.

    A room's bound search cut short by the ``deadline`` names no room; `_holds` then raises.
    """
    for room in dense:
        alone = bound_search(_with_clues_of(puzzle, {room}), encoding, models=1, deadline=deadline)
        if alone.short is not None:
            return Explanation(False, (room,), alone.short.most)
    clued = {i for i, room in enumerate(puzzle.rooms) if room.clue is not None}
    if _holds(puzzle, encoding, clued, deadline):
        return Explanation(True, ())
    for room in sorted(clued):
        if not _holds(puzzle, encoding, clued - {room}, deadline):
            clued -= {room}
    return Explanation(False, tuple(sorted(clued)))


def _holds(puzzle: Puzzle, encoding: Encoding, rooms: Collection[int], deadline: Deadline) -> bool:
    """Whether the puzzle with only the clues of ``rooms`` has a solution.

    Raises `OutOfTime` past ``deadline`` (not worth grounding then).
    """
    if deadline.passed:
        raise OutOfTime(deadline.overdue_message())
    solved = solve(_with_clues_of(puzzle, rooms), encoding, check_unique=False, timeout=deadline)
    return solved.status != "unsatisfiable"


def _with_clues_of(puzzle: Puzzle, rooms: Collection[int]) -> Puzzle:
    """``puzzle`` with only the clues of ``rooms`` (indices)."""
    return puzzle.with_clues(
        [room.clue if i in rooms else None for i, room in enumerate(puzzle.rooms)]
    )


class ClueSwitch:
    """A puzzle grounded once with each clue behind an assumption, to try subsets of clues.

    Parameters
    ----------
    puzzle
        The puzzle; its clues become switchable.
    encoding
        The encoding set.
    known
        When given, only shadings other than this one are models, so a
        subset of clues leaves the puzzle unique exactly when it has none.
    timeout
        Seconds from now (or a `Deadline`) after which every question
        raises `OutOfTime`; one timer serves them all.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        encoding: Encoding = DEFAULT_ENCODING,
        known: Grid | None = None,
        timeout: float | Deadline | None = None,
    ) -> None:
        programs = [assumable_numbers(puzzle.variant)]
        own = {i: [room.clue] for i, room in enumerate(puzzle.rooms) if room.clue is not None}
        facts = [candidate_clue_facts(own)]
        if known is not None:
            programs.append(analysis_program("other_shading"))
            facts.append(known_black_facts(known))
        blank = puzzle.with_clues([None] * len(puzzle.rooms))
        self._control, _ = grounded_control(
            blank, encoding, models=1, extra=programs, facts="\n".join(facts)
        )
        self.clued = frozenset(i for i, room in enumerate(puzzle.rooms) if room.clue is not None)
        self._room_of = {
            atom.literal: atom.symbol.arguments[0].number - 1
            for atom in self._control.symbolic_atoms.by_signature("use_clue", 2)
        }
        self._switches = sorted((room, literal) for literal, room in self._room_of.items())
        self._alarm = Alarm(as_deadline(timeout))

    def satisfiable(self, rooms: Collection[int]) -> bool:
        """Whether the puzzle has a model with only the clues of ``rooms`` (indices)."""
        return self.core(rooms) is None

    def core(self, rooms: Collection[int]) -> frozenset[int] | None:
        """None when the clues of ``rooms`` admit a model, else rooms whose clues conflict."""
        assumptions = [literal if room in rooms else -literal for room, literal in self._switches]
        outcome = self._alarm.search(self._control, lambda _: None, assumptions).in_time()
        if outcome.result is None or outcome.result.satisfiable:
            return None
        return frozenset(self._room_of[lit] for lit in outcome.core if lit in self._room_of)
