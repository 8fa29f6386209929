"""Prove an encoding set right on every small puzzle, or find the smallest puzzle where it is wrong.

Every shading the set gives must pass the independent checker (sound), every
valid shading must be among them (complete), and each must come once
(projection right): `heyawake_asp.validation.judge`, with brute force or, when the set
is compared with another one, the shadings of either set the checker
accepts. The puzzles are the small ones of `heyawake_asp.validation.samples`, then any
puzzles given; the first puzzle that fails is shrunk (`heyawake_asp.validation.shrink`).

>>> validation = validate("grow", max_cells=3)
>>> validation.ok, validation.puzzles, validation.shadings
(True, 40, 64)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from heyawake_asp.asp.encodings import EncodingSet, as_encoding_set
from heyawake_asp.errors import EncodingError
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.validation.judge import (
    Counterexample,
    Found,
    Judge,
    Runner,
    Verdict,
    answers,
)
from heyawake_asp.validation.samples import clue_variants, grid_sizes, tilings
from heyawake_asp.validation.shrink import shrink
from heyawake_asp.variants import HEYAWAKE, variant_named

__all__ = [
    "DEFAULT_MAX_CELLS",
    "Counterexample",
    "Found",
    "Validation",
    "answers",
    "check_irregular",
    "validate",
]

DEFAULT_MAX_CELLS = 12


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


def validate(
    encoding: str | Path | EncodingSet,
    *,
    against: str | Path | EncodingSet | None = None,
    max_cells: int = DEFAULT_MAX_CELLS,
    irregular: bool = False,
    variant: str = HEYAWAKE,
    seed: int = 0,
    extra: Sequence[str | Path] = (),
    puzzles: Iterable[Puzzle] = (),
    timeout: float | Deadline | None = None,
    run: Runner | None = None,
    on_puzzle: Callable[[Validation], None] | None = None,
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
    variant
        The small puzzles are of this variant (`heyawake_asp.variants`):
        tilings its rules refuse are left out.
    seed
        Seeds the sample of tilings and numbers beyond those tried exhaustively.
    extra
        More programs loaded with ``encoding`` (not with ``against``).
    puzzles
        Puzzles compared after the small ones.
    timeout
        Seconds for each clingo call, or one `Deadline` for them all.
    run
        Runs each call: ``run(call, where, deadline)``, by default
        ``call()``, which keeps the deadline itself. The command passes one
        that runs it in a child process, stopped at the deadline.
    on_puzzle
        Called after each puzzle with the outcome so far (a failing puzzle's
        counterexample not yet shrunk), so that a caller stopped keeps it.

    Raises
    ------
    EncodingError
        When a set cannot be found or fails on a puzzle (the message names
        the set and the puzzle as a URL), handles rectangles only and
        ``irregular`` is asked for, or a call passes ``timeout``.
    """
    sets = [(as_encoding_set(encoding), tuple(extra))]
    if against is not None:
        sets.append((as_encoding_set(against), ()))
    for encodings, _ in sets:
        if irregular:
            check_irregular(encodings)
    judge = Judge(sets, 0 if against is not None else max_cells, timeout, run)
    compared = shadings = 0
    samples = _Samples(max_cells, irregular, variant, random.Random(seed))
    for verdict in _verdicts(judge, samples, puzzles):
        compared += 1
        shadings += verdict.shadings
        found = verdict.counterexample
        if on_puzzle is not None:
            failure = None if found is None else verdict.puzzle
            on_puzzle(Validation(judge.names, compared, shadings, found, failure))
        if found is not None:
            _, counterexample = shrink(verdict.puzzle, judge.counterexample, irregular)
            return Validation(judge.names, compared, shadings, counterexample, verdict.puzzle)
    return Validation(judge.names, compared, shadings)


def check_irregular(encoding: EncodingSet) -> None:
    """Refuse a set that handles rectangles only, for a validation with ``irregular`` rooms.

    Raises
    ------
    EncodingError
        When the set handles rectangular rooms only.
    """
    if encoding.requires_rectangles:
        message = f"encoding {encoding.name!r} handles rectangular rooms only, not any shape"
        raise EncodingError(message)


@dataclass(frozen=True)
class _Samples:
    """Which small puzzles are judged: grids up to ``max_cells``, their rooms, their variant."""

    max_cells: int
    irregular: bool
    variant: str
    rng: random.Random


def _verdicts(judge: Judge, samples: _Samples, puzzles: Iterable[Puzzle]) -> Iterator[Verdict]:
    """Judge each small puzzle, then each one given (the caller stops at a failure)."""
    symmetric = variant_named(samples.variant).symmetric_rooms
    for width, height in grid_sizes(samples.max_cells):
        for rooms in tilings(width, height, samples.rng, irregular=samples.irregular):
            if symmetric and not all(room.is_symmetric for room in rooms):
                continue
            base = judge(Puzzle(width, height, rooms, variant=samples.variant))
            yield base
            for clues in clue_variants(rooms, sorted(base.valid), samples.rng):
                yield judge(base.puzzle.with_clues(clues), base.valid)
    for puzzle in puzzles:
        yield judge(puzzle)
