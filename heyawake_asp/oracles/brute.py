"""Every solution of a small puzzle, by trying shadings with the independent checker.

The oracle `heyawake validate` and the tests compare encodings with. It
shares nothing with the ASP side: the candidates are every grid without two
black cells side by side (rule 1), and the checker judges each one.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> sorted(brute_force(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0),))))
[('#.#',), ('#..',), ('..#',), ('...',)]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from heyawake_asp.grid import Grid
from heyawake_asp.oracles.checker import is_valid
from heyawake_asp.puzzle import Puzzle, Room

__all__ = ["brute_force", "shadings"]


def shadings(width: int, height: int) -> Iterator[Grid]:
    """Every grid without two side-by-side black cells (rule 1), row by row."""
    rows = ["".join(r) for r in itertools.product(".#", repeat=width) if "##" not in "".join(r)]

    def extend(done: Grid) -> Iterator[Grid]:
        if len(done) == height:
            yield done
            return
        for row in rows:
            if not done or all(not (a == b == "#") for a, b in zip(done[-1], row, strict=True)):
                yield from extend((*done, row))

    return extend(())


@functools.cache
def connected_shadings(width: int, height: int) -> tuple[Grid, ...]:
    """The shadings the checker accepts for one unnumbered room filling the grid.

    Rules 1 and 2 do not depend on the rooms, and rules 3 and 5 cannot fail
    in a single unnumbered room, so every solution of every puzzle of this
    size is among these.
    """
    whole = Puzzle(width, height, (Room.rectangle(0, 0, width - 1, height - 1),))
    return tuple(grid for grid in shadings(width, height) if is_valid(whole, grid))


def brute_force(puzzle: Puzzle, within: Iterable[Grid] | None = None) -> set[Grid]:
    """Every solution: each candidate shading the checker accepts for ``puzzle``.

    ``within``, when given, replaces the candidates: it must hold every
    solution (those of the puzzle without numbers hold those with).
    """
    candidates = connected_shadings(puzzle.width, puzzle.height) if within is None else within
    return {grid for grid in candidates if is_valid(puzzle, grid)}
