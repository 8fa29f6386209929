"""Judge the answers of one or two encoding sets on one puzzle, with the independent checker.

The valid shadings are found by brute force (`heyawake_asp.oracles.brute`) on a
puzzle small enough, and are also those of the sets' shadings the checker
accepts. A set is wrong on the puzzle when it gives an invalid shading
(unsound), misses a valid one (incomplete) or gives one twice (duplicate).

>>> from heyawake_asp.asp.encodings import resolve_encoding
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> judge = Judge([(resolve_encoding("grow"), ())], brute_force_cells=12)
>>> verdict = judge(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0),)))
>>> verdict.shadings, verdict.counterexample
(4, None)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.decode import decode
from heyawake_asp.asp.encodings import EncodingSet
from heyawake_asp.asp.search import search
from heyawake_asp.errors import EncodingError
from heyawake_asp.formats import text, write_puzzle
from heyawake_asp.grid import Grid
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.oracles.checker import is_valid, verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import Deadline, as_deadline

__all__ = ["Counterexample", "Judge", "answers"]

Problem = Literal["unsound", "incomplete", "duplicate"]
Found = tuple[Grid, ...]
"""The shadings of an encoding's answer sets, in order, repeats kept."""
Runner = Callable[[Callable[[], Found], str, Deadline], Found]
"""How each clingo call is run: given the call, a one-line name of it for errors, its deadline."""


@dataclass(frozen=True)
class Counterexample:
    """A puzzle and a shading on which an encoding set is wrong.

    ``problem`` is ``unsound`` (the set gives ``shading``, which breaks the
    ``rules`` listed), ``incomplete`` (the set misses ``shading``, a valid
    one) or ``duplicate`` (the set gives ``shading`` more than once);
    ``encoding`` names the set at fault.
    """

    puzzle: Puzzle
    shading: Grid
    problem: Problem
    encoding: str
    rules: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The counterexample for JSON: the puzzle in the text format, the shading as rows."""
        return {
            "puzzle": text.write(self.puzzle),
            "shading": list(self.shading),
            "problem": self.problem,
            "rules": list(self.rules),
            "encoding": self.encoding,
        }


def answers(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet,
    extra: Sequence[str | Path] = (),
    timeout: float | Deadline | None = None,
) -> Found:
    """The shading of every answer set, in the order found, repeats kept.

    Loaded, projected and decoded as `heyawake_asp.solver.solve` does.

    Raises
    ------
    EncodingError
        As `solve`; and when the search has not ended after ``timeout`` seconds
        (or at that `Deadline`).
    """
    deadline = as_deadline(timeout)
    control, _ = grounded_control(puzzle, encoding, extra=extra)
    found = search(control, functools.partial(decode, puzzle=puzzle), deadline)
    if found.result is None:
        raise EncodingError(deadline.overdue_message())
    return tuple(found.values)


@dataclass(frozen=True)
class Verdict:
    """One puzzle judged: every valid shading known, how many shadings, what is wrong."""

    puzzle: Puzzle
    valid: frozenset[Grid]
    shadings: int
    counterexample: Counterexample | None


class Judge:
    """Runs one or two sets on a puzzle and judges their answers.

    ``sets`` pairs each set with its extra programs; puzzles of up to
    ``brute_force_cells`` cells are brute-forced. ``timeout`` is seconds
    for each clingo call, or one `Deadline` for them all; ``run(call,
    where, deadline)`` runs each call (by default here) and stops it at the
    deadline the call keeps. ``names`` labels the sets: their names (a
    user's set by its path).
    """

    def __init__(
        self,
        sets: list[tuple[EncodingSet, tuple[str | Path, ...]]],
        brute_force_cells: int,
        timeout: float | Deadline | None = None,
        run: Runner | None = None,
    ) -> None:
        self.sets = sets
        self.names = tuple(encodings.name for encodings, _ in sets)
        self.brute_force_cells = brute_force_cells
        self.timeout = timeout
        self.run = run or _direct

    def __call__(self, puzzle: Puzzle, within: Iterable[Grid] | None = None) -> Verdict:
        """Judge ``puzzle``; ``within`` holds every solution it may have, when known."""
        found = [
            (name, self._answers(puzzle, name, encodings, extra))
            for name, (encodings, extra) in zip(self.names, self.sets, strict=True)
        ]
        given = {grid for _, shadings in found for grid in shadings}
        valid = (
            brute_force(puzzle, within) if puzzle.cell_count <= self.brute_force_cells else set()
        )
        valid |= {grid for grid in given - valid if is_valid(puzzle, grid)}
        problems = (_problem(puzzle, name, shadings, valid) for name, shadings in found)
        counterexample = next((problem for problem in problems if problem), None)
        return Verdict(puzzle, frozenset(valid), len(valid | given), counterexample)

    def counterexample(self, puzzle: Puzzle) -> Counterexample | None:
        """What is wrong on ``puzzle``, if anything."""
        return self(puzzle).counterexample

    def _answers(
        self, puzzle: Puzzle, name: str, encodings: EncodingSet, extra: tuple[str | Path, ...]
    ) -> Found:
        """One set's answers, through the runner; errors name the set and the puzzle."""
        where = f"{name} on {write_puzzle(puzzle, 'url').strip()}"
        deadline = as_deadline(self.timeout)  # seconds count from here, for the call and its runner
        call = functools.partial(answers, puzzle, encodings, extra, deadline)
        try:
            return self.run(call, where, deadline)
        except EncodingError as error:
            raise EncodingError(f"{where}: {error}") from None


def _problem(puzzle: Puzzle, name: str, shadings: Found, valid: set[Grid]) -> Counterexample | None:
    """The first thing wrong with one set's answers: an invalid shading, a missed one, a repeat."""
    unsound = sorted(set(shadings) - valid)
    if unsound:
        rules = tuple(sorted({violation.rule for violation in verify(puzzle, unsound[0])}))
        return Counterexample(puzzle, unsound[0], "unsound", name, rules)
    missed = sorted(valid - set(shadings))
    if missed:
        return Counterexample(puzzle, missed[0], "incomplete", name)
    repeated = sorted(grid for grid, times in Counter(shadings).items() if times > 1)
    if repeated:
        return Counterexample(puzzle, repeated[0], "duplicate", name)
    return None


def _direct(call: Callable[[], Found], _where: str, _deadline: Deadline) -> Found:
    """Run a call here (it keeps its deadline itself)."""
    return call()
