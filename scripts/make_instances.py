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
from pathlib import Path

from heyawake_asp.authoring.generate import ClueDensity, generate, write_generated

INSTANCES = Path(__file__).resolve().parents[1] / "instances"

# (folder, size, clues, seeds): one file per seed, named SIZE-sSEED.lp.
SUITE: list[tuple[str, int, ClueDensity, Sequence[int]]] = [
    ("easy", 6, "normal", range(1, 11)),
    ("medium", 9, "normal", range(1, 11)),
    ("hard", 11, "sparse", range(1, 11)),
    ("large", 20, "normal", range(1, 4)),
    ("large", 35, "normal", range(1, 3)),
    ("large", 50, "dense", range(1, 4)),
    ("large", 100, "dense", range(1, 2)),
]


def main() -> None:
    """Write every file of the suite, reporting each on stderr."""
    for folder, size, clues, seeds in SUITE:
        for seed in seeds:
            start = time.perf_counter()
            made = generate(size, size, seed, clues=clues)
            path = INSTANCES / folder / f"{size}x{size}-s{seed}.lp"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_generated(made, "kth"), encoding="utf-8")
            print(
                f"{path.relative_to(INSTANCES)}: {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
