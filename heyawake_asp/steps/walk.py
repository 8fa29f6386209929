"""The library calls: the whole path of steps, the next step from a partial shading, a grade.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> strip = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
>>> walk = steps(strip)
>>> walk.status, walk.grid
('solved', ('#.#',))
>>> walk.steps[0].text
'r1c1 is black: from the clue of the room at r1c1 (clue 2) and r1c2/r1c3 not both black'
>>> hint(strip, read_partial("##?", "given", strip)).conflict
((1, 0),)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from heyawake_asp.errors import OutOfTime, PuzzleFormatError
from heyawake_asp.grid import Grid, colours, text_lines
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.queries import analyze, explain
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.solver import solve
from heyawake_asp.steps.deletion import Trial, shrink
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.model import Hint, Settled, Step, Walkthrough, row_major
from heyawake_asp.steps.planner import Planner

__all__ = ["Hints", "hint", "read_partial", "steps"]

UNSETTLED = "?"
"""An unsettled cell in a partial grid."""
_CELL_CHARS = {"#": True, "x": True, "X": True, "1": True, ".": False, "0": False}


def steps(
    puzzle: Puzzle,
    timeout: float | Deadline | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> Walkthrough:
    """Every step from the empty grid to the solution, each with its minimal reason.

    A puzzle with several solutions ends at the cells they all share
    (status ``several``); one without a solution has no steps, and
    ``conflict`` names clues that cannot all hold (status ``unsolvable``).
    ``on_step`` is given each step as it is found.

    Raises
    ------
    OutOfTime
        After ``timeout`` seconds (or at that `Deadline`); ``partial`` is the
        path of the steps found so far (status ``timeout``, `timed_out`).
    """
    deadline = as_deadline(timeout)
    found: list[Step] = []
    try:
        shared = _shared(puzzle, deadline)
        if shared is None:
            why = explain(puzzle, timeout=deadline)
            return Walkthrough("unsolvable", (), grid_of(puzzle, {}), why.rooms, why.most)
        planner = Planner(Deducer(puzzle, _anchor(shared), deadline), shared=shared)
        while (step := planner.next_step()) is not None:
            found.append(step)
            if on_step is not None:
                on_step(step)
    except OutOfTime as late:
        raise OutOfTime(deadline.overdue_message(), timed_out(puzzle, found)) from late
    solved = len(planner.known) == puzzle.cell_count
    return Walkthrough(
        "solved" if solved else "several", tuple(found), grid_of(puzzle, planner.known)
    )


def timed_out(puzzle: Puzzle, found: Sequence[Step] = ()) -> Walkthrough:
    """A path cut short by the time limit after the steps ``found``."""
    return cut_short(puzzle, found, "timeout")


def cut_short(
    puzzle: Puzzle, found: Sequence[Step], status: Literal["timeout", "interrupted"]
) -> Walkthrough:
    """A path stopped (at the time limit, or by Ctrl-C) after the steps ``found``."""
    settled = {cell: black for step in found for cell, black in step.cells}
    return Walkthrough(status, tuple(found), grid_of(puzzle, settled))


def hint(
    puzzle: Puzzle,
    given: Mapping[Cell, bool] | None = None,
    timeout: float | Deadline | None = None,
) -> Hint:
    """The next step from the ``given`` settled cells, or a minimal set of them that conflicts.

    Both are None when nothing is left to settle (or, for a puzzle with
    several solutions, nothing more can be), and when the puzzle has no
    solution: ``unsolvable`` then names clues that cannot all hold.
    Raises `OutOfTime` after ``timeout`` seconds (or at that `Deadline`).
    """
    return Hints(puzzle).next(given, timeout)


_REMEMBERED = 256
"""The grids whose hints `Hints` remembers: a grid asked again gets the same hint."""


class Hints:
    """One puzzle's hints, one after another, each a step as a walk would take it, sooner.

    The puzzle's programs are ground once, for every hint. A hint from a
    grid with every cell the last one settled (a player who takes each
    hint) goes on from it as a walk goes on to its next step: what the
    levels' instances forced is asked again only where cells were settled
    since. A grid asked again (the last ``_REMEMBERED``) gets the same hint:
    the programs keep what clingo learnt, so a grid's step asked afresh could
    have another reason (a costlier one for the empty grid after a wrong cell
    undone), each minimal; the first hint from the empty grid is the walk's
    first step.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._shared: dict[Cell, bool] | None = None
        self._deducer: Deducer | None = None
        self._planner: Planner | None = None  # the last hint's, from cells every solution shares
        self._asked: OrderedDict[frozenset[Settled], Hint] = OrderedDict()  # the latest last
        self._unsolvable: Hint | None = None

    def next(
        self, given: Mapping[Cell, bool] | None = None, timeout: float | Deadline | None = None
    ) -> Hint:
        """The next step from the ``given`` settled cells, or a conflict (`hint`)."""
        deadline = as_deadline(timeout)
        if deadline.passed:
            raise OutOfTime(deadline.overdue_message())
        known = dict(given or {})
        grid = frozenset(known.items())
        if grid not in self._asked:
            self._asked[grid] = self._next(known, deadline)
            if len(self._asked) > _REMEMBERED:
                self._asked.popitem(last=False)
        self._asked.move_to_end(grid)
        return self._asked[grid]

    def _next(self, known: dict[Cell, bool], deadline: Deadline) -> Hint:
        """`next`'s hint, the programs ground when first needed."""
        if self._unsolvable is not None:
            return self._unsolvable
        if self._deducer is None:
            shared = _shared(self.puzzle, deadline)
            if shared is None:
                why = explain(self.puzzle, timeout=deadline)
                self._unsolvable = Hint(None, None, why.rooms, why.most)
                return self._unsolvable
            self._shared = shared
            self._deducer = Deducer(self.puzzle, _anchor(shared), deadline)
        else:
            self._deducer.until(deadline)
        deducer, shared = self._deducer, self._shared
        assert shared is not None
        # Cells every solution shares cannot conflict; not asking leaves clingo as a walk finds it
        # (its cores, and so the reasons, depend on what it was asked), so that a hint from the
        # empty grid is a walk's first step.
        agreed = all(shared.get(cell) == black for cell, black in known.items())
        conflict = None if agreed else _conflict(deducer, known)
        if conflict is not None:
            return Hint(None, conflict)
        planner = self._planner
        if agreed and planner is not None and planner.known.items() <= known.items():
            # The last hint's grid and its step, or more: on from there, as a walk goes on.
            planner.settle(item for item in known.items() if item[0] not in planner.known)
        else:  # from cells some solution lacks, what the other solutions share is asked of clingo
            planner = Planner(deducer, known, shared if agreed else None)
        self._planner = planner if agreed else None
        return Hint(planner.next_step(), None)


def _conflict(deducer: Deducer, known: Mapping[Cell, bool]) -> tuple[Cell, ...] | None:
    """A minimal set of the ``known`` cells that no solution shares, or None when some does."""

    def refute(parts: list[Settled], _dropped: list[Settled]) -> Trial[Settled]:
        refuted = deducer.refuted(deducer.rules, dict(parts))
        if refuted is None:
            return Trial(None)
        return Trial({(c, b) for c, b in parts if refuted.uses_cell(c, b)})

    everything = sorted(known.items(), key=lambda item: row_major(item[0]))
    if refute(everything, []).kept is None:
        return None
    return tuple(cell for cell, _ in shrink(everything, refute))


def _shared(puzzle: Puzzle, deadline: Deadline) -> dict[Cell, bool] | None:
    """The colour of each cell every solution shares (True: black); None when there is none.

    A puzzle with one solution, as most have, shares all of it: one search
    finds it and proves it alone, where `analyze` asks clingo twice.
    """
    try:
        found = solve(puzzle, timeout=deadline)
    except OutOfTime:  # a hint past its deadline found nothing: no partial solve of its own
        raise OutOfTime(deadline.overdue_message()) from None
    if found.status == "unsatisfiable":
        return None
    if found.unique:
        [grid] = found.solutions
        return colours(grid)
    ambiguity = analyze(puzzle, timeout=deadline)
    if not ambiguity.solvable:
        return None
    return {**dict.fromkeys(ambiguity.black, True), **dict.fromkeys(ambiguity.white, False)}


def _anchor(shared: Mapping[Cell, bool]) -> Cell | None:
    """The first cell white in every solution, to measure connectivity from (`Deducer`)."""
    return min((cell for cell, black in shared.items() if not black), key=row_major, default=None)


def grid_of(puzzle: Puzzle, known: Mapping[Cell, bool]) -> Grid:
    """Rows of ``#`` black, ``.`` white and ``?`` unsettled."""
    return tuple(
        "".join(
            UNSETTLED if (x, y) not in known else "#" if known[(x, y)] else "."
            for x in range(puzzle.width)
        )
        for y in range(puzzle.height)
    )


def read_partial(text: str, source: str, puzzle: Puzzle) -> dict[Cell, bool]:
    """The settled cells of a partial grid: rows of ``#`` black, ``.`` white, ``?``/blank unknown.

    A row may stop early (the rest is unknown); blank lines are rows with
    nothing settled.

    Raises
    ------
    PuzzleFormatError
        On a character that is none of these, or a cell outside the puzzle's grid.
    """
    known: dict[Cell, bool] = {}
    for y, line in enumerate(text_lines(text)):
        for x, char in enumerate(line):
            if char in _CELL_CHARS:
                if not puzzle.contains((x, y)):
                    raise PuzzleFormatError(
                        source,
                        f"cell outside the {puzzle.width}x{puzzle.height} grid",
                        y + 1,
                        x + 1,
                    )
                known[(x, y)] = _CELL_CHARS[char]
            elif char not in (UNSETTLED, " ", "\t"):
                raise PuzzleFormatError(
                    source, f"unexpected character {char!r} (use '#', '.' or '?')", y + 1, x + 1
                )
    return known
