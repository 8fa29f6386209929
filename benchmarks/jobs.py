"""Corpora on several cores: ``grade``, ``steps`` and ``generate`` with ``--jobs 1``, ``2`` and all.

Each corpus command runs as a whole process (start-up included), with each
job count in turn, ``--runs`` times; the table gives the median wall time
of each job count, the median of the per-round speed-ups (``--jobs 1``'s
time over this one's: ratios measured side by side in one run hold while
the machine's other load drifts, absolute times do not) and the median
of the processors the command kept busy (its and its children's CPU
seconds over its wall seconds): below the job count when other work
takes the processors. Usage (from the
repository root, with the package installed)::

    python benchmarks/jobs.py [--runs 5] [--shared ../shared]

The KTH suite is read from ``../shared/kth`` beside the checkout.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from heyawake_asp.runtime.isolation import max_jobs

REPO = Path(__file__).resolve().parents[1]


def corpora(shared: Path) -> dict[str, Callable[[int], list[str]]]:
    """Each corpus's name and its ``heyawake`` arguments in a round (generate: new seeds)."""
    kth = [str(path) for path in sorted((shared / "kth").glob("*.lp"))]
    return {
        f"`grade` of the {len(kth)} KTH puzzles": lambda _: ["grade", *kth],
        f"`steps --json` of the {len(kth)} KTH puzzles": lambda _: ["steps", "--json", *kth],
        "`generate --size 10x10 --count 8`": lambda round: [
            *("generate", "--size", "10x10", "--count", "8", "--seed", str(8 * round)),
        ],
    }


def job_counts() -> list[int]:
    """1, 2 and every processor this process may use (each once)."""
    return sorted({1, 2, max_jobs()})


def seconds(arguments: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``heyawake`` process and its children (it must succeed)."""
    command = [sys.executable, "-m", "heyawake_asp", *arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def rows(name: str, arguments: Callable[[int], list[str]], runs: int) -> list[str]:
    """The table's rows of one corpus: per job count, the median time, speed-up and cores used."""
    counts = job_counts()
    for jobs in counts:  # warm-up: byte code written, files cached
        seconds([*arguments(0), "--jobs", str(jobs)])
    times: dict[int, list[tuple[float, float]]] = {jobs: [] for jobs in counts}
    for round in range(1, runs + 1):
        for jobs in counts:
            times[jobs].append(seconds([*arguments(round), "--jobs", str(jobs)]))
    lines = []
    for jobs in counts:
        walls = [wall for wall, _ in times[jobs]]
        ratios = [one / this for (one, _), this in zip(times[1], walls, strict=True)]
        cores = statistics.median(cpu / wall for wall, cpu in times[jobs])
        label = f"{jobs} (all)" if jobs == max_jobs() else str(jobs)
        lines.append(
            f"| {name} | {label} | {statistics.median(walls):.2f} | "
            f"{statistics.median(ratios):.2f}x | {cores:.2f} |"
        )
    return lines


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of every job count")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    args = parser.parse_args()
    print(f"{os.cpu_count()} processors, {max_jobs()} for this process; {args.runs} rounds\n")
    print("| corpus | `--jobs` | median s | speed-up over `--jobs 1` | cores busy (CPU s / s) |")
    print("| --- | --- | --- | --- | --- |")
    for name, arguments in corpora(args.shared).items():
        print("\n".join(rows(name, arguments, args.runs)), flush=True)


if __name__ == "__main__":
    main()
