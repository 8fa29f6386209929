"""Suggest one clue that makes a puzzle with several solutions unique.

A number for an unnumbered room (a hidden clue ``?`` counts as none), or
another number for a numbered one. The candidates come from a sample of
solutions: room R with N black cells in few of them is a clue that rules
out most of the sample. Each candidate is then counted exactly, the likeliest
first, until one leaves a single solution; when none does, the one that
leaves the fewest (at most `LIMIT`) is suggested.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 2, 0), Room.rectangle(3, 0, 4, 0, 1)))
>>> suggest(strip)
Suggestion(status='several', change=ClueChange(room=0, cell=(0, 0), clue=0, solutions=1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeVar

import clingo

from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, analysis_program
from heyawake_asp.asp.facts import candidate_clue_facts
from heyawake_asp.asp.search import Alarm, Search
from heyawake_asp.authoring.analysis import Encoding, SolutionCount
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Puzzle, Room
from heyawake_asp.runtime.deadline import Deadline, as_deadline

__all__ = ["LIMIT", "SAMPLE", "ClueChange", "ClueOptions", "Suggestion", "suggest"]

SAMPLE = 64
"""How many solutions are sampled to rank the candidate clues."""
LIMIT = 100
"""The most solutions a suggested change may leave."""

T = TypeVar("T")
Clues = Mapping[int, int]
"""A clue per numbered room: room index to number."""


@dataclass(frozen=True)
class ClueChange:
    """Give room ``room`` (an index into ``Puzzle.rooms``, first cell ``cell``) the number ``clue``.

    ``solutions`` is how many the puzzle then has: 1 when it becomes unique.
    """

    room: int
    cell: Cell
    clue: int
    solutions: int


@dataclass(frozen=True)
class _Candidate:
    """Room ``room`` (an index) given the number ``clue``, before it is counted."""

    room: int
    clue: int


@dataclass(frozen=True)
class Suggestion:
    """What `suggest` found.

    ``status`` is ``unique`` (nothing to suggest), ``none`` (no solution to
    make unique) or ``several``; then ``change`` is the suggested clue, or
    None when no single number leaves fewer solutions (at most `LIMIT`).
    """

    status: Literal["unique", "several", "none"]
    change: ClueChange | None = None


def suggest(
    puzzle: Puzzle, encoding: Encoding = DEFAULT_ENCODING, timeout: float | Deadline | None = None
) -> Suggestion:
    """One clue to set or change so that ``puzzle`` has a unique solution, or the fewest.

    Raises
    ------
    TimeoutError
        When ``timeout`` seconds pass first (or that `Deadline`).

    Notes
    -----
    Up to `SAMPLE` solutions are enumerated. For an unnumbered room, the
    number of sampled solutions with N black cells in it ranks the clue N:
    a clue that fewer hold leaves fewer solutions. Those candidates are
    counted first, up to 2, stopping at one that leaves a single solution;
    then another number for each numbered room, ranked the same way from a
    sample without its clue; then the numbers no sample holds. Failing a
    unique one, each candidate is counted up to one fewer than the best so
    far. One grounding serves every count (`ClueOptions`).
    """
    options = ClueOptions(puzzle, encoding, as_deadline(timeout))
    sample = options.solutions(options.clues, SAMPLE)
    if not sample.values:
        return Suggestion("none")
    if len(sample.values) == 1 and sample.exhausted:
        return Suggestion("unique")
    tried: list[_Candidate] = []
    for tier in _tiers(puzzle, options, sample):
        for candidate in tier:
            counted = options.count({**options.clues, candidate.room: candidate.clue}, 1)
            if counted.exact and counted.count == 1:
                return Suggestion("several", _change(puzzle, candidate, 1))
            tried += [candidate] if counted.count else []
    return Suggestion("several", _fewest(puzzle, options, sample, tried))


def _tiers(
    puzzle: Puzzle, options: ClueOptions, sample: Search[Grid]
) -> Iterator[list[_Candidate]]:
    """The candidate changes in three tiers, each made only when asked for.

    A number for an unnumbered room, then another number for a numbered
    one, each ranked by how many sampled solutions hold it (the fewest
    first, ties in reading order of the rooms); last, the numbers no
    sampled solution holds, where the sample was cut short.
    """
    held: Counter[_Candidate] = Counter()
    whole: set[int] = set()  # rooms whose sample holds every solution
    numbered = [index for index, room in enumerate(puzzle.rooms) if room.clue is not None]
    for index, room in enumerate(puzzle.rooms):
        if room.clue is None:
            held.update(_Candidate(index, _black_in(grid, room.cells)) for grid in sample.values)
            whole |= {index} if sample.exhausted else set()
    yield _by_held(puzzle, held)
    for index in numbered:
        others = {other: clue for other, clue in options.clues.items() if other != index}
        relaxed = options.solutions(others, SAMPLE)
        cells = puzzle.rooms[index].cells
        counts = Counter(_Candidate(index, _black_in(grid, cells)) for grid in relaxed.values)
        held.update({key: n for key, n in counts.items() if key.clue != puzzle.rooms[index].clue})
        whole |= {index} if relaxed.exhausted else set()
    yield _by_held(puzzle, Counter({key: held[key] for key in held if key.room in numbered}))
    yield [
        _Candidate(index, clue)
        for index, room in enumerate(puzzle.rooms)
        if index not in whole
        for clue in range(_most(room) + 1)
        if clue != room.clue and _Candidate(index, clue) not in held
    ]


def _by_held(puzzle: Puzzle, held: Counter[_Candidate]) -> list[_Candidate]:
    """The changes of ``held``, the fewest sampled solutions first, ties in reading order."""

    def order(key: _Candidate) -> tuple[int, int, int, int]:
        x, y = puzzle.rooms[key.room].first_cell
        return held[key], y, x, key.clue

    return sorted(held, key=order)


def _fewest(
    puzzle: Puzzle, options: ClueOptions, sample: Search[Grid], tried: list[_Candidate]
) -> ClueChange | None:
    """Of the ``tried`` changes, the first that leaves the fewest solutions, if fewer than before.

    Each is counted up to one fewer than the best so far, from `LIMIT`
    (from one fewer than the puzzle has, when the ``sample`` holds all).
    """
    bound = len(sample.values) - 1 if sample.exhausted else LIMIT
    best: ClueChange | None = None
    for candidate in tried:
        if bound < 2:  # none is unique, so none leaves fewer than 2
            break
        counted = options.count({**options.clues, candidate.room: candidate.clue}, bound)
        if counted.exact:
            best = _change(puzzle, candidate, counted.count)
            bound = counted.count - 1
    if best is not None and not sample.exhausted:
        if options.count(options.clues, best.solutions).exact:
            return None  # the puzzle itself has no more solutions than that
    return best


def _change(puzzle: Puzzle, candidate: _Candidate, solutions: int) -> ClueChange:
    """The ``candidate``, counted: it leaves ``solutions``."""
    room = candidate.room
    return ClueChange(room, puzzle.rooms[room].first_cell, candidate.clue, solutions)


def _most(room: Room) -> int:
    """At most how many black cells ``room`` holds: half a rectangle (rounded up), else all."""
    return (len(room.cells) + 1) // 2 if room.is_rectangle else len(room.cells)


def _black_in(grid: Grid, cells: frozenset[Cell]) -> int:
    """How many of ``cells`` are black in ``grid``."""
    return sum(grid[y][x] == BLACK for x, y in cells)


class ClueOptions:
    """A puzzle grounded once with every number of every room behind an assumption.

    Each question takes the clues to hold (room index to number; rooms left
    out have none) and raises `TimeoutError` past the ``deadline``.
    """

    def __init__(self, puzzle: Puzzle, encoding: Encoding, deadline: Deadline) -> None:
        facts = candidate_clue_facts(
            {i: range(max(_most(room), room.clue or 0) + 1) for i, room in enumerate(puzzle.rooms)}
        )
        blank = puzzle.with_clues([None] * len(puzzle.rooms))
        self._control, _ = grounded_control(
            blank, encoding, extra=[analysis_program("assumable_clues")], facts=facts
        )
        self.clues: Clues = {
            index: room.clue for index, room in enumerate(puzzle.rooms) if room.clue is not None
        }
        self._switches = {
            (atom.symbol.arguments[0].number - 1, atom.symbol.arguments[1].number): atom.literal
            for atom in self._control.symbolic_atoms.by_signature("use_clue", 2)
        }
        self._blank = blank
        self._alarm = Alarm(deadline)

    def solutions(self, clues: Clues, limit: int) -> Search[Grid]:
        """Up to ``limit`` solutions with ``clues``."""
        return self._search(clues, limit, lambda model: decode(model, self._blank))

    def count(self, clues: Clues, limit: int) -> SolutionCount:
        """The solutions with ``clues``, counted as `count_solutions` counts them."""
        found = self._search(clues, limit + 1, lambda _: None)
        return SolutionCount(len(found.values), found.exhausted and len(found.values) <= limit)

    def _search(self, clues: Clues, models: int, convert: Callable[[clingo.Model], T]) -> Search[T]:
        """One search for up to ``models`` models with ``clues``."""
        self._control.configuration.solve.models = str(models)  # type: ignore[union-attr]
        assumptions = [
            literal if clues.get(room) == clue else -literal
            for (room, clue), literal in self._switches.items()
        ]
        return self._alarm.search(self._control, convert, assumptions).in_time()
