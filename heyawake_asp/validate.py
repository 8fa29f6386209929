"""Prove an encoding set right on every small puzzle, or find the smallest puzzle where it is wrong.

Every shading the set gives must pass the independent checker (sound), every
valid shading must be among them (complete), and each must come once
(projection right). The valid shadings are found by brute force
(`heyawake_asp.brute`), or, when the set is compared with another one, are
those of either set the checker accepts. The puzzles are the small ones of
`heyawake_asp.samples`, then any puzzles given; the first puzzle that
fails is shrunk (`heyawake_asp.shrink`).

>>> validation = validate("grow", max_cells=3)
>>> validation.ok, validation.puzzles, validation.shadings
(True, 40, 64)
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from heyawake_asp.brute import brute_force
from heyawake_asp.checker import is_valid, verify
from heyawake_asp.control import grounded_control
from heyawake_asp.decode import decode
from heyawake_asp.encodings import EncodingSet, resolve_encoding
from heyawake_asp.errors import EncodingError
from heyawake_asp.formats import text, write_puzzle
from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.samples import clue_variants, grid_sizes, tilings
from heyawake_asp.search import search
from heyawake_asp.shrink import shrink

__all__ = [
    "DEFAULT_MAX_CELLS",
    "Counterexample",
    "Found",
    "Problem",
    "Runner",
    "Validation",
    "answers",
    "validate",
]

DEFAULT_MAX_CELLS = 12
Problem = Literal["unsound", "incomplete", "duplicate"]
Found = tuple[Grid, ...]
"""The shadings of an encoding's answer sets, in order, repeats kept."""
Runner = Callable[[Callable[[], Found], str], Found]
"""How each clingo call is run: given the call and a one-line name of it for errors."""


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


@dataclass(frozen=True)
class Validation:
    """What a validation compared, and the counterexample it found, if any.

    ``encodings`` names the sets compared: one (with brute force) or two.
    ``first_failure`` is the puzzle that failed first, before shrinking.
    """

    encodings: tuple[str, ...]
    puzzles: int
    shadings: int
    counterexample: Counterexample | None = None
    first_failure: Puzzle | None = None

    @property
    def ok(self) -> bool:
        """Whether every puzzle passed."""
        return self.counterexample is None

    def as_dict(self) -> dict[str, Any]:
        """The outcome for JSON, as ``heyawake validate --json`` prints it."""
        found = self.counterexample
        return {
            "ok": self.ok,
            "puzzles": self.puzzles,
            "shadings": self.shadings,
            "counterexample": None if found is None else found.as_dict(),
        }


def answers(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet,
    extra: Sequence[str | Path] = (),
    timeout: float | None = None,
) -> Found:
    """The shading of every answer set, in the order found, repeats kept.

    Loaded, projected and decoded as `heyawake_asp.solver.solve` does.

    Raises
    ------
    EncodingError
        As `solve`; and when the search has not ended after ``timeout`` seconds.
    """
    start = time.perf_counter()
    control, _ = grounded_control(puzzle, encoding, extra=extra)
    deadline = None if timeout is None else start + timeout
    found = search(control, functools.partial(decode, puzzle=puzzle), deadline)
    if found.result is None:
        raise EncodingError(f"stopped past the time limit of {timeout:g} s")
    return tuple(found.values)


def validate(
    encoding: str | Path | EncodingSet,
    *,
    against: str | Path | EncodingSet | None = None,
    max_cells: int = DEFAULT_MAX_CELLS,
    irregular: bool = False,
    seed: int = 0,
    extra: Sequence[str | Path] = (),
    puzzles: Iterable[Puzzle] = (),
    timeout: float | None = None,
    run: Runner | None = None,
) -> Validation:
    """Compare an encoding set's answers with brute force, or with another set's.

    Parameters
    ----------
    against
        Compare with this set instead of brute force (no puzzle is then too
        large to compare).
    max_cells
        The largest grid tried, in cells; puzzles given up to that size are
        brute-forced too, larger ones only checked for unsound and repeated
        shadings (unless compared ``against`` a set).
    irregular
        Rooms of any connected shape, not only rectangles.
    seed
        Seeds the sample of tilings and numbers beyond those tried exhaustively.
    extra
        More programs loaded with ``encoding`` (not with ``against``).
    puzzles
        Puzzles compared after the small ones.
    timeout
        Seconds for each clingo call.
    run
        Runs each call: ``run(call, where)``, by default ``call()``. The
        command passes one that runs it in a child process.

    Raises
    ------
    EncodingError
        When a set cannot be found or fails on a puzzle (the message names
        the set and the puzzle as a URL), handles rectangles only and
        ``irregular`` is asked for, or a call passes ``timeout``.
    """
    sets = [(_resolved(encoding), tuple(extra))]
    if against is not None:
        sets.append((_resolved(against), ()))
    for encodings, _ in sets:
        if irregular and encodings.requires_rectangles:
            raise EncodingError(f"encoding {encodings.name!r} handles rectangular rooms only")
    judge = _Judge(sets, 0 if against is not None else max_cells, timeout, run or _direct)
    compared = shadings = 0
    for verdict in _verdicts(judge, max_cells, irregular, random.Random(seed), puzzles):
        compared += 1
        shadings += verdict.shadings
        if verdict.counterexample is not None:
            _, counterexample = shrink(verdict.puzzle, judge.counterexample, irregular)
            return Validation(judge.names, compared, shadings, counterexample, verdict.puzzle)
    return Validation(judge.names, compared, shadings)


def _resolved(encoding: str | Path | EncodingSet) -> EncodingSet:
    """The set a name or path stands for (a set is taken as it is)."""
    return encoding if isinstance(encoding, EncodingSet) else resolve_encoding(encoding)


@dataclass(frozen=True)
class _Verdict:
    """One puzzle judged: every valid shading known, how many shadings, what is wrong."""

    puzzle: Puzzle
    valid: frozenset[Grid]
    shadings: int
    counterexample: Counterexample | None


class _Judge:
    """Runs the sets on a puzzle and judges their answers."""

    def __init__(
        self,
        sets: list[tuple[EncodingSet, tuple[str | Path, ...]]],
        brute_force_cells: int,
        timeout: float | None,
        run: Runner,
    ) -> None:
        self.sets = sets
        names = [encodings.name for encodings, _ in sets]
        if len(set(names)) < len(names):  # e.g. a copy of grow against grow: name them by path
            names = [str(encodings.files[0]) for encodings, _ in sets]
        self.names = tuple(names)
        self.brute_force_cells = brute_force_cells
        self.timeout = timeout
        self.run = run

    def __call__(self, puzzle: Puzzle, within: Iterable[Grid] | None = None) -> _Verdict:
        """Judge ``puzzle``; ``within`` holds every solution it may have, when known."""
        found = [
            (name, self._answers(puzzle, encodings, extra))
            for name, (encodings, extra) in zip(self.names, self.sets, strict=True)
        ]
        given = {grid for _, shadings in found for grid in shadings}
        valid = (
            brute_force(puzzle, within) if puzzle.cell_count <= self.brute_force_cells else set()
        )
        valid |= {grid for grid in given - valid if is_valid(puzzle, grid)}
        problems = (_problem(puzzle, name, shadings, valid) for name, shadings in found)
        counterexample = next((problem for problem in problems if problem), None)
        return _Verdict(puzzle, frozenset(valid), len(valid | given), counterexample)

    def counterexample(self, puzzle: Puzzle) -> Counterexample | None:
        """What is wrong on ``puzzle``, if anything."""
        return self(puzzle).counterexample

    def _answers(
        self, puzzle: Puzzle, encodings: EncodingSet, extra: tuple[str | Path, ...]
    ) -> Found:
        """One set's answers, through the runner; errors name the set and the puzzle."""
        where = f"{encodings.name} on {write_puzzle(puzzle, 'url').strip()}"
        call = functools.partial(answers, puzzle, encodings, extra, self.timeout)
        try:
            return self.run(call, where)
        except EncodingError as error:
            raise EncodingError(f"{where}: {error}") from None


def _verdicts(
    judge: _Judge, max_cells: int, irregular: bool, rng: random.Random, puzzles: Iterable[Puzzle]
) -> Iterator[_Verdict]:
    """Judge each small puzzle, then each one given (the caller stops at a failure)."""
    for width, height in grid_sizes(max_cells):
        for rooms in tilings(width, height, rng, irregular=irregular):
            base = judge(Puzzle(width, height, rooms))
            yield base
            for clues in clue_variants(rooms, sorted(base.valid), rng):
                yield judge(base.puzzle.with_clues(clues), base.valid)
    for puzzle in puzzles:
        yield judge(puzzle)


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


def _direct(call: Callable[[], Found], _where: str) -> Found:
    """Run a call here."""
    return call()
