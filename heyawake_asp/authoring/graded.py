"""Generate a puzzle of a given grade: attempts at `generate` until one grades as asked.

Each attempt draws a seed from the one given and a room size and clue
density from a ladder, easiest first: large rooms with every room numbered
tend to make easy puzzles, small rooms with few clues hard ones. The first
attempt starts on the grade's rung; an attempt that grades too easy moves
one rung up, too hard one down, so the ladder fits any grid size. The
grade is `heyawake_asp.steps.grade` of the puzzle's path of steps.

>>> made = generate_graded(6, 6, "easy", seed=1)
>>> made.grade.label, made == generate_graded(6, 6, "easy", seed=1)
('easy', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from heyawake_asp.asp.encodings import DEFAULT_ENCODING
from heyawake_asp.authoring.generate import ClueDensity, Generated, generate
from heyawake_asp.authoring.tiling import RoomSize
from heyawake_asp.errors import GenerationError
from heyawake_asp.queries import Encoding
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.steps import BOUNDS, LABELS, Grade, grade_puzzle

__all__ = ["MAX_GRADED_ATTEMPTS", "START", "Graded", "Level", "generate_graded"]

Level = Literal["easy", "medium", "hard", "expert"]
MAX_GRADED_ATTEMPTS = 30
"""Attempts before `generate_graded` gives up on a grade (6x6 is never expert)."""
LADDER: tuple[tuple[RoomSize, ClueDensity], ...] = (
    ("large", "dense"),
    ("medium", "dense"),
    ("small", "dense"),
    ("large", "normal"),
    ("large", "sparse"),
    ("medium", "normal"),
    ("small", "normal"),
    ("medium", "sparse"),
    ("small", "sparse"),
)
"""Room sizes and clue densities, from those that made the easiest puzzles to the hardest."""
START: dict[Level, int] = {"easy": 0, "medium": 2, "hard": 4, "expert": 8}
"""The rung of `LADDER` each grade starts on (measured on 6x6 and 10x10)."""


@dataclass(frozen=True)
class Graded:
    """A generated puzzle of the grade asked, and how it was found.

    ``generated`` is `generate`'s answer for the attempt that gave the
    grade: its seed, rooms and clues make the same puzzle again alone.
    """

    generated: Generated
    grade: Grade
    seed: int
    attempts: int

    @property
    def header(self) -> tuple[str, ...]:
        """`Generated.header`, and a line with the grade and the command asked for."""
        made = self.generated.puzzle
        return (
            *self.generated.header,
            f"Graded {self.grade.label} (score {self.grade.score_text}): heyawake generate "
            f"--size {made.width}x{made.height} --seed {self.seed} --grade {self.grade.label}, "
            f"attempt {self.attempts}.",
        )


def generate_graded(
    width: int,
    height: int,
    level: Level,
    seed: int = 0,
    *,
    encoding: Encoding = DEFAULT_ENCODING,
    timeout: float | Deadline | None = None,
) -> Graded:
    """A puzzle with exactly one solution whose grade is ``level``; the same seed, the same one.

    Raises
    ------
    GenerationError
        When `MAX_GRADED_ATTEMPTS` attempts give no puzzle of that grade.
    OutOfTime
        When ``timeout`` seconds pass first (or that `Deadline`).
    """
    deadline = as_deadline(timeout)
    rng = random.Random(seed)
    rung = START[level]
    for attempt in range(1, MAX_GRADED_ATTEMPTS + 1):
        rooms, clues = LADDER[rung]
        try:
            made = generate(
                width, height, rng.randrange(2**31), rooms=rooms, clues=clues,
                encoding=encoding, timeout=deadline,
            )  # fmt: skip
        except GenerationError:  # these rooms make no unique puzzle here; the next may
            rung = (rung + 1) % len(LADDER)
            continue
        # The walk stops once the score passes the grade's bound: harder than asked (or expert).
        bound = BOUNDS[min(LABELS.index(level), len(BOUNDS) - 1)]
        graded = grade_puzzle(made.puzzle, deadline, stop_above=bound)
        if graded.label == level:
            return Graded(made, graded, seed, attempt)
        harder = LABELS.index(graded.label) < LABELS.index(level)
        rung = min(max(rung + (1 if harder else -1), 0), len(LADDER) - 1)
    raise GenerationError(
        f"no {level} {width}x{height} puzzle found in {MAX_GRADED_ATTEMPTS} attempts (seed {seed})"
    )
