"""Benchmark ``heyawake generate --grade``: seconds to a puzzle of each grade, per size.

Prints a Markdown table: per size and grade, how many seeds reached the
grade, the median and the longest time of those that did, the median
attempt that did, and how many ran out of attempts, or out of time.
Usage, from the repository root::

    python benchmarks/generate_grade.py                      # 6x6, 10x10, 15x15; 3 seeds
    python benchmarks/generate_grade.py --sizes 6 10 --seeds 5 --timeout 60
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import cast

from heyawake_asp.authoring.graded import MAX_GRADED_ATTEMPTS, Level, generate_graded
from heyawake_asp.errors import GenerationError
from heyawake_asp.steps import LABELS


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 10, 15])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per seed")
    args = parser.parse_args()
    print(f"{args.seeds} seeds per row, at most {MAX_GRADED_ATTEMPTS} attempts and "
          f"{args.timeout:g} s each.\n")  # fmt: skip
    columns = ("size", "grade", "reached", "median s", "max s", "median attempt", "out of")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for side in args.sizes:
        for label in LABELS:
            times: list[float] = []
            attempts: list[int] = []
            out_of_attempts = out_of_time = 0
            for seed in range(args.seeds):
                start = time.perf_counter()
                try:
                    made = generate_graded(
                        side, side, cast(Level, label), seed, timeout=args.timeout
                    )
                except GenerationError:
                    out_of_attempts += 1
                    continue
                except TimeoutError:
                    out_of_time += 1
                    continue
                times.append(time.perf_counter() - start)
                attempts.append(made.attempts)
            row = f"| {side}x{side} | {label} | {len(times)}/{args.seeds} |"
            if times:
                row += f" {statistics.median(times):.2f} | {max(times):.2f} |"
                row += f" {statistics.median_low(attempts)} |"
            else:
                row += " - | - | - |"
            print(f"{row} {out_of_attempts} attempts, {out_of_time} time |", flush=True)


if __name__ == "__main__":
    main()
