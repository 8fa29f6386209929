"""Suggest what makes a puzzle with several solutions unique: a number, a few, or a room split.

A number for an unnumbered room (a hidden clue ``?`` counts as none), or
another number for a numbered one. The candidates come from a sample of
solutions: room R with N black cells in few of them is a clue that rules
out most of the sample. Each candidate is then counted exactly, the likeliest
first, until one leaves a single solution; when none does, the one that
leaves the fewest (at most `LIMIT`) is suggested. Then, from it, a second
and a third number chosen the same way (`MOST_NUMBERS`), and failing those
a room cut in two, each part numbered as one solution shades it.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(5, 1, (Room.rectangle(0, 0, 2, 0), Room.rectangle(3, 0, 4, 0, 1)))
>>> suggest(strip).change
ClueChange(room=0, cell=(0, 0), clue=0, solutions=1, more=False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

import clingo

from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, assumable_numbers
from heyawake_asp.asp.facts import candidate_clue_facts
from heyawake_asp.asp.search import Alarm, Search
from heyawake_asp.grid import BLACK, Grid
from heyawake_asp.puzzle import Cell, Puzzle, Room, parts, reachable
from heyawake_asp.queries import Encoding, SolutionCount, analyze, count_solutions
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.variants import variant_named

__all__ = ["LIMIT", "MOST_NUMBERS", "ClueChange", "ClueOptions", "Suggestion", "suggest"]

SAMPLE = 64
"""How many solutions are sampled to rank the candidate clues."""
LIMIT = 100
"""The most solutions a suggested change may leave."""
MOST_NUMBERS = 3
"""The most numbers suggested together, when no single one makes the answer unique."""

T = TypeVar("T")
Clues = Mapping[int, int]
"""A clue per numbered room: room index to number."""


@dataclass(frozen=True)
class ClueChange:
    """Give room ``room`` (an index into ``Puzzle.rooms``, first cell ``cell``) the number ``clue``.

    ``solutions`` is how many the puzzle then has: 1 when it becomes unique;
    with ``more``, it has more than that many (`LIMIT`), yet fewer than before.
    """

    room: int
    cell: Cell
    clue: int
    solutions: int
    more: bool = False


@dataclass(frozen=True)
class _Candidate:
    """Room ``room`` (an index) given the number ``clue``, before it is counted."""

    room: int
    clue: int


@dataclass(frozen=True)
class RoomSplit:
    """Cut room ``room`` (an index) into ``parts``, numbered ``clues``: the answer is unique."""

    room: int
    parts: tuple[frozenset[Cell], frozenset[Cell]]
    clues: tuple[int, int]


@dataclass(frozen=True)
class Suggestion:
    """What `suggest` found.

    ``status`` is ``unique`` (nothing to suggest), ``none`` (no solution to
    make unique) or ``several``; then ``change`` is the suggested clue: the one
    leaving the fewest solutions, or when each leaves more than `LIMIT`, a number
    for an unnumbered room that rules out the most sampled solutions (``more``);
    None when no single number leaves fewer solutions.
    When ``change`` leaves more than one, ``together`` holds numbers that
    make the answer unique together (two or three, ``change`` first, each
    counted with those before it), or is empty; when it is empty, ``split``
    is a room cut that does, if one was found. ``disputed`` are the cells
    the solutions shade differently.
    """

    status: Literal["unique", "several", "none"]
    change: ClueChange | None = None
    together: tuple[ClueChange, ...] = ()
    split: RoomSplit | None = None
    disputed: frozenset[Cell] = frozenset()

    @property
    def makes_unique(self) -> bool:
        """Whether the answer is unique, or becomes unique as suggested."""
        single = self.change is not None and self.change.solutions == 1
        return self.status == "unique" or single or bool(self.together) or self.split is not None


def suggest(
    puzzle: Puzzle, encoding: Encoding = DEFAULT_ENCODING, timeout: float | Deadline | None = None
) -> Suggestion:
    """One clue to set or change so that ``puzzle`` has a unique solution, or the fewest.

    Raises `OutOfTime` when ``timeout`` seconds pass first (or that `Deadline`).

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
    deadline = as_deadline(timeout)
    options = ClueOptions(puzzle, encoding, deadline)
    sample = options.solutions(options.clues, SAMPLE)
    if not sample.values:
        return Suggestion("none")
    if len(sample.values) == 1 and sample.exhausted:
        return Suggestion("unique")
    disputed = (
        _disputed(sample.values)
        if sample.exhausted
        else analyze(puzzle, encoding, deadline).varying
    )
    change = _best(puzzle, options, options.clues, sample)
    if change is not None and change.solutions == 1:
        return Suggestion("several", change, disputed=disputed)
    together = () if change is None else _together(puzzle, options, change)
    split = None
    if not together:
        split = _split(puzzle, encoding, deadline, sample.values[0], disputed)
    return Suggestion("several", change, together, split, disputed)


def _best(
    puzzle: Puzzle,
    options: ClueOptions,
    clues: Clues,
    sample: Search[Grid],
    settled: frozenset[int] = frozenset(),
) -> ClueChange | None:
    """The first change to ``clues`` that makes the answer unique, else the one leaving fewest.

    ``sample`` holds solutions with ``clues``; the rooms ``settled`` keep their numbers.
    """
    tried: list[_Candidate] = []
    for tier in _tiers(puzzle, options, clues, sample):
        for candidate in tier:
            if candidate.room in settled:
                continue
            counted = options.count({**clues, candidate.room: candidate.clue}, 1)
            if counted.exact and counted.count == 1:
                return _change(puzzle, candidate, 1)
            tried += [candidate] if counted.count else []
    return _fewest(puzzle, options, clues, sample, tried)


def _together(puzzle: Puzzle, options: ClueOptions, first: ClueChange) -> tuple[ClueChange, ...]:
    """``first`` and up to `MOST_NUMBERS` in all that make the answer unique, each best in turn.

    Empty when no such numbers are found this way.
    """
    chosen = [first]
    clues = {**options.clues, first.room: first.clue}
    while len(chosen) < MOST_NUMBERS:
        sample = options.solutions(clues, SAMPLE)
        settled = frozenset(change.room for change in chosen)
        change = _best(puzzle, options, clues, sample, settled)
        if change is None:
            return ()
        chosen.append(change)
        clues[change.room] = change.clue
        if change.solutions == 1:
            return tuple(chosen)
    return ()


def _split(
    puzzle: Puzzle,
    encoding: Encoding,
    deadline: Deadline,
    solution: Grid,
    disputed: frozenset[Cell],
) -> RoomSplit | None:
    """A room with disputed cells cut straight in two, each part numbered as ``solution`` shades it.

    The rooms with the most disputed cells are tried first; the first cut that
    leaves a single solution is the answer.
    """
    by_dispute = sorted(
        range(len(puzzle.rooms)), key=lambda index: -len(puzzle.rooms[index].cells & disputed)
    )
    for index in by_dispute:
        room = puzzle.rooms[index]
        if not room.cells & disputed:
            break
        for halves in _cuts(room):
            first, second = (_number_in(puzzle, solution, half) for half in halves)
            clues = (first, second)
            rooms = [*puzzle.rooms[:index], *puzzle.rooms[index + 1 :]]
            rooms += [Room(part, clue) for part, clue in zip(halves, clues, strict=True)]
            counted = count_solutions(replace(puzzle, rooms=tuple(rooms)), 1, encoding, deadline)
            if counted.exact and counted.count == 1:
                return RoomSplit(index, halves, clues)
    return None


def _cuts(room: Room) -> Iterator[tuple[frozenset[Cell], frozenset[Cell]]]:
    """The room cut by each straight line across it into two connected parts."""
    x1, y1, x2, y2 = room.bounds
    lines = [(0, x) for x in range(x1 + 1, x2 + 1)] + [(1, y) for y in range(y1 + 1, y2 + 1)]
    for axis, at in lines:
        before = frozenset(cell for cell in room.cells if cell[axis] < at)
        after = room.cells - before
        if all(reachable(next(iter(part)), part) == part for part in (before, after)):
            yield before, after


def _disputed(solutions: Sequence[Grid]) -> frozenset[Cell]:
    """The cells that not every one of ``solutions`` shades the same."""
    first = solutions[0]
    return frozenset(
        (x, y)
        for y, row in enumerate(first)
        for x, char in enumerate(row)
        if any(other[y][x] != char for other in solutions[1:])
    )


def _tiers(
    puzzle: Puzzle, options: ClueOptions, clues: Clues, sample: Search[Grid]
) -> Iterator[list[_Candidate]]:
    """The candidate changes in three tiers, each made only when asked for.

    A number for an unnumbered room, then another number for a numbered
    one, each ranked by how many sampled solutions hold it (the fewest
    first, ties in reading order of the rooms); last, the numbers no
    sampled solution holds, where the sample was cut short.
    """
    held: Counter[_Candidate] = Counter()
    whole: set[int] = set()  # rooms whose sample holds every solution
    numbered = sorted(clues)
    for index, room in enumerate(puzzle.rooms):
        if index not in clues:
            held.update(
                _Candidate(index, _number_in(puzzle, grid, room.cells)) for grid in sample.values
            )
            whole |= {index} if sample.exhausted else set()
    yield _by_held(puzzle, held)
    for index in numbered:
        others = {other: clue for other, clue in clues.items() if other != index}
        relaxed = options.solutions(others, SAMPLE)
        cells = puzzle.rooms[index].cells
        counts = Counter(
            _Candidate(index, _number_in(puzzle, grid, cells)) for grid in relaxed.values
        )
        held.update({key: n for key, n in counts.items() if key.clue != clues[index]})
        whole |= {index} if relaxed.exhausted else set()
    yield _by_held(puzzle, Counter({key: held[key] for key in held if key.room in numbered}))
    yield [
        _Candidate(index, clue)
        for index, room in enumerate(puzzle.rooms)
        if index not in whole
        for clue in range(_most(puzzle, room) + 1)
        if clue != clues.get(index) and _Candidate(index, clue) not in held
    ]


def _by_held(puzzle: Puzzle, held: Counter[_Candidate]) -> list[_Candidate]:
    """The changes of ``held``, the fewest sampled solutions first, ties in reading order."""

    def order(key: _Candidate) -> tuple[int, int, int, int]:
        x, y = puzzle.rooms[key.room].first_cell
        return held[key], y, x, key.clue

    return sorted(held, key=order)


def _fewest(
    puzzle: Puzzle,
    options: ClueOptions,
    clues: Clues,
    sample: Search[Grid],
    tried: list[_Candidate],
) -> ClueChange | None:
    """Of the ``tried`` changes to ``clues``, the first leaving the fewest, if fewer than before.

    Each is counted up to one fewer than the best so far, from `LIMIT`
    (from one fewer than the puzzle has, when the ``sample`` holds all).
    When each leaves more than `LIMIT`, one that narrows the answer (`_narrowing`).
    """
    bound = len(sample.values) - 1 if sample.exhausted else LIMIT
    best: ClueChange | None = None
    for candidate in tried:
        if bound < 2:  # none is unique, so none leaves fewer than 2
            break
        counted = options.count({**clues, candidate.room: candidate.clue}, bound)
        if counted.exact:
            best = _change(puzzle, candidate, counted.count)
            bound = counted.count - 1
    if sample.exhausted:
        return best
    if best is None:
        return _narrowing(puzzle, clues, sample, tried)
    if options.count(clues, best.solutions).exact:
        return None  # the puzzle itself has no more solutions than that
    return best


def _narrowing(
    puzzle: Puzzle, clues: Clues, sample: Search[Grid], tried: list[_Candidate]
) -> ClueChange | None:
    """The first of the ``tried`` numbers for an unnumbered room that a sampled solution breaks.

    Each leaves more than `LIMIT` solutions (`_fewest` counted none fewer), the
    likeliest first: the first rules out the most of the sample, and at least one
    solution, so the answer narrows. None when every sampled solution holds each.
    """
    for candidate in tried:
        cells = puzzle.rooms[candidate.room].cells
        if candidate.room not in clues and any(
            _number_in(puzzle, grid, cells) != candidate.clue for grid in sample.values
        ):
            return replace(_change(puzzle, candidate, LIMIT), more=True)
    return None


def _change(puzzle: Puzzle, candidate: _Candidate, solutions: int) -> ClueChange:
    """The ``candidate``, counted: it leaves ``solutions``."""
    room = candidate.room
    return ClueChange(room, puzzle.rooms[room].first_cell, candidate.clue, solutions)


def _most(puzzle: Puzzle, room: Room) -> int:
    """The largest number ``room`` may hold.

    Its most black cells: half a rectangle (rounded up), else all; a room's
    largest white area (akichi) is at most all its cells.
    """
    if not variant_named(puzzle.variant).counts or not room.is_rectangle:
        return len(room.cells)
    return (len(room.cells) + 1) // 2


def _number_in(puzzle: Puzzle, grid: Grid, cells: frozenset[Cell]) -> int:
    """The number a room of ``cells`` has in ``grid``, as ``puzzle``'s variant counts numbers.

    Its black cells; for akichi, its largest group of white cells joined inside it.
    """
    if variant_named(puzzle.variant).counts:
        return sum(grid[y][x] == BLACK for x, y in cells)
    white = [(x, y) for x, y in cells if grid[y][x] != BLACK]
    return max((len(part) for part in parts(white)), default=0)


class ClueOptions:
    """A puzzle grounded once with every number of every room behind an assumption.

    Each question takes the clues to hold (room index to number; rooms left
    out have none) and raises `OutOfTime` past the ``deadline``.
    """

    def __init__(self, puzzle: Puzzle, encoding: Encoding, deadline: Deadline) -> None:
        facts = candidate_clue_facts(
            {
                i: range(max(_most(puzzle, room), room.clue or 0) + 1)
                for i, room in enumerate(puzzle.rooms)
            }
        )
        blank = puzzle.with_clues([None] * len(puzzle.rooms))
        switch = assumable_numbers(puzzle.variant)
        self._control, _ = grounded_control(blank, encoding, extra=[switch], facts=facts)
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
