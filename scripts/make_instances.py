"""Regenerate the generated puzzles of ``instances/`` from their recorded seeds.

Run from the repository root: ``python scripts/make_instances.py``. Every
file is rewritten byte for byte from its seed (same heyawake-asp and clingo
versions); ``instances/easy/easy1.lp``, the 2014 thesis's puzzle, is not
touched. Each file's header comment records the command that makes it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from heyawake_asp.authoring.generate import (
    ClueDensity,
    Generated,
    RoomSize,
    generate,
    minimal_clues,
    write_generated,
)

INSTANCES = Path(__file__).resolve().parents[1] / "instances"


@dataclass(frozen=True)
class Batch:
    """Puzzles of one folder, size and kind: one file per seed, named WxH-sSEED.lp."""

    folder: str
    width: int
    height: int
    seeds: Sequence[int]
    clues: ClueDensity = "normal"
    rooms: RoomSize = "medium"
    numbered: float | None = None
    """Numbers left, as a share of the rooms, as published puzzles have them (named WxH-pSEED.lp).

    Generated with every room numbered, then numbers dropped in random order while
    the solution stays unique, down to this share (`published_like`).
    """


PUBLISHED_SHARE = 0.42
"""The share of rooms numbered in cneil's published 35x35s (116 of 272, 110 of 264).

`generate` prunes numbers to a minimal set (a quarter of the rooms at 45x31),
whose paths' hardest steps cost three to four times a published puzzle's.
"""


SUITE = [
    Batch("easy", 6, 6, range(1, 11)),
    Batch("medium", 9, 9, range(1, 11)),
    Batch("hard", 11, 11, range(1, 11), clues="sparse"),
    Batch("large", 20, 20, range(1, 4)),
    Batch("large", 35, 35, range(1, 3)),
    Batch("large", 50, 50, range(1, 4), clues="dense"),
    Batch("large", 100, 100, range(1, 2), clues="dense"),
    # The sizes between a published 35x35 and 45x31 (benchmarks/large_paths.py).
    *(Batch("large", w, h, (1,)) for w, h in ((30, 30), (36, 20), (38, 22), (40, 25))),
    Batch("large", 45, 31, (1,), clues="sparse", rooms="large"),
    # Rooms and clues as generate's defaults: its walk had a question run for minutes.
    Batch("large", 45, 31, (2,)),
    # Numbered as published puzzles are (no published 45x31 is at hand).
    Batch("large", 45, 31, (1, 2, 3), clues="dense", numbered=PUBLISHED_SHARE),
]


def published_like(made: Generated, share: float) -> tuple[Generated, tuple[str, ...]]:
    """``made`` (every room numbered) with numbers dropped down to ``share``, and its header."""
    order = [index for index, room in enumerate(made.puzzle.rooms) if room.clue is not None]
    random.Random(made.seed).shuffle(order)
    fewest = round(share * len(made.puzzle.rooms))
    puzzle = minimal_clues(made.puzzle, made.solution, order, fewest=fewest)
    thinned = replace(made, puzzle=puzzle)
    made_by, counted = thinned.header
    header = (
        f"{made_by},",
        f"then numbers dropped in random order (seed {made.seed}) while the solution stays unique,",
        f"down to {share:.0%} of the rooms, as in published puzzles (scripts/make_instances.py).",
        counted,
    )
    return thinned, header


def main() -> None:
    """Write every file of the suite, reporting each on stderr."""
    for batch in SUITE:
        for seed in batch.seeds:
            start = time.perf_counter()
            made = generate(batch.width, batch.height, seed, rooms=batch.rooms, clues=batch.clues)
            header, kind = None, "s"
            if batch.numbered is not None:
                (made, header), kind = published_like(made, batch.numbered), "p"
            path = INSTANCES / batch.folder / f"{batch.width}x{batch.height}-{kind}{seed}.lp"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_generated(made, "kth", header), encoding="utf-8")
            print(
                f"{path.relative_to(INSTANCES)}: {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
