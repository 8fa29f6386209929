"""Regenerate the generated puzzles of ``instances/`` from their recorded seeds.

Run from the repository root: ``python scripts/make_instances.py``. Every
file is rewritten byte for byte from its seed (same heyawake-asp and clingo
versions); ``instances/easy/easy1.lp``, the 2014 thesis's puzzle, is not
touched. Each file's header comment records the command that makes it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from heyawake_asp.authoring.generate import ClueDensity, RoomSize, generate, write_generated

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
]


def main() -> None:
    """Write every file of the suite, reporting each on stderr."""
    for batch in SUITE:
        for seed in batch.seeds:
            start = time.perf_counter()
            made = generate(batch.width, batch.height, seed, rooms=batch.rooms, clues=batch.clues)
            path = INSTANCES / batch.folder / f"{batch.width}x{batch.height}-s{seed}.lp"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_generated(made, "kth"), encoding="utf-8")
            print(
                f"{path.relative_to(INSTANCES)}: {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
