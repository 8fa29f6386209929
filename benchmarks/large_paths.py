"""Benchmark the paths and hints of large puzzles: the whole path, and ``heyawake hint`` along it.

For each puzzle: the path's steps, its seconds (wall and CPU, walked in a
process of its own), its slowest step (CPU) and hardest step, and the
programs ground afresh for a question that searched past the bound
(`Deducer._asked`; 0 expected: any is a heavy tail, which took minutes
before windows decided their cells first); then the whole
``heyawake hint`` command (a fresh process, start-up included, the
bytecode compiled as an installed package's is) from the partial grids the
path reaches at 0, 25, 50, 75 and 90% of its steps and just before its
three slowest steps (a hint asks cold what the path had asked before: the
worst hints come there): the median and the largest wall time. Usage, from
the repository root::

    python benchmarks/large_paths.py            # instances/large 30x30 to 45x31, cneil's 35x35s
    python benchmarks/large_paths.py PUZZLE ...
"""

from __future__ import annotations

import compileall
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path

import clingo

from heyawake_asp import grade, read_puzzle, walkthrough
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.walk import grid_of

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
FRACTIONS = (0.0, 0.25, 0.5, 0.75, 0.9)
DEFAULT = [
    *(ROOT / f"instances/large/{size}-s1.lp" for size in ("30x30", "36x20", "38x22", "40x25")),
    ROOT / "instances/large/35x35-s1.lp",
    ROOT / "instances/large/45x31-s1.lp",
    ROOT / "instances/large/45x31-s2.lp",
    *(ROOT / f"instances/large/45x31-p{seed}.lp" for seed in (1, 2, 3)),
    *(SHARED / f"public/cneil-puzzle{n}.lp" for n in (1, 4, 8)),
]


def hint_seconds(path: Path, grid: tuple[str, ...]) -> float:
    """Wall seconds of the whole ``heyawake hint`` command from ``grid``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as given:
        given.write("\n".join(grid) + "\n")
        given.flush()
        command = [sys.executable, "-m", "heyawake_asp", "hint", str(path), "--given", given.name]
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        return time.perf_counter() - start


@dataclass(frozen=True)
class Walked:
    """One puzzle's path as its own process walked it."""

    steps: int
    wall: float
    cpu: float
    slowest: float
    hardest: str
    renewed: int
    """Programs ground afresh for a question that searched past the bound (each doubling)."""
    hint_grids: list[list[str]]
    """The grids a hint is asked from: at `FRACTIONS` of the path, before its slowest steps."""


def walk_alone(path: Path) -> Walked:
    """The path of the puzzle at ``path``, walked in a fresh process, as every timing here is."""
    command = [sys.executable, __file__, "--walk", str(path)]
    found = subprocess.run(command, capture_output=True, check=True, text=True).stdout
    return Walked(**json.loads(found))


def _walk(path: Path) -> None:
    """Walk one puzzle here and print its `Walked` as JSON."""
    puzzle = read_puzzle(str(path))
    renew, renewed = Deducer._renew, [0]

    def counted(deducer: Deducer, control: clingo.Control) -> None:
        renewed[0] += 1
        renew(deducer, control)

    Deducer._renew = counted  # type: ignore[method-assign, assignment]
    wall, cpu = time.perf_counter(), time.process_time()
    ends = [cpu]  # the CPU clock at the start, then as each step is found
    walk = walkthrough(puzzle, on_step=lambda _: ends.append(time.process_time()))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    spent = [now - before for before, now in itertools.pairwise(ends)]
    graded = grade(walk)
    slowest = sorted(range(len(spent)), key=spent.__getitem__)[-3:]
    points = {int(len(walk.steps) * fraction) for fraction in FRACTIONS} | set(slowest)
    grids = [
        list(grid_of(puzzle, {c: b for step in walk.steps[:point] for c, b in step.cells}))
        for point in sorted(points)
    ]
    hardest = f"{graded.hardest_cost} ({graded.hardest_kind})"
    print(
        json.dumps(
            asdict(Walked(len(walk.steps), wall, cpu, max(spent), hardest, renewed[0], grids))
        )
    )


def main(paths: list[Path]) -> None:
    """Print one row per puzzle."""
    # An installed package's bytecode is compiled when pip installs it; a checkout's may not be
    # (PYTHONDONTWRITEBYTECODE), and each hint would compile every module again.
    compileall.compile_dir(ROOT / "heyawake_asp", quiet=1)
    columns = ["puzzle", "size", "steps", "path s (wall)", "path s (CPU)", "slowest step s"]
    columns += ["hardest", "ground afresh", "hint s median", "hint s max"]
    print("| " + " | ".join(columns) + " |")
    print("|---" * len(columns) + "|")
    for path in paths:
        puzzle = read_puzzle(str(path))
        walked = walk_alone(path)
        hints = [hint_seconds(path, tuple(grid)) for grid in walked.hint_grids]
        print(
            f"| {path.stem} | {puzzle.width}x{puzzle.height} | {walked.steps} | "
            f"{walked.wall:.1f} | {walked.cpu:.1f} | {walked.slowest:.1f} | {walked.hardest} | "
            f"{walked.renewed} | "
            f"{statistics.median(hints):.2f} | {max(hints):.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    if sys.argv[1:2] == ["--walk"]:
        _walk(Path(sys.argv[2]))
    else:
        main([Path(arg) for arg in sys.argv[1:]] or [p for p in DEFAULT if p.exists()])
