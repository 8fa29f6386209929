"""Benchmark heyawake-asp: encodings, clingo options, CP-SAT and scaling.

Prints Markdown tables and writes them to ``docs/benchmarks.md``. Ratios are
measured in one run on one machine; compare them, not absolute times across
runs. Usage (from the repository root, with the package installed)::

    python benchmarks/run.py                 # everything, a few minutes
    python benchmarks/run.py --quick         # fewer repeats, smaller scale series

The real suites are read from ``../shared/`` beside the checkout (or
``--shared``); sections whose data is missing are skipped with a note.
CP-SAT is timed when ``ortools`` is installed (``pip install '.[bench]'``).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import importlib.util
import json
import multiprocessing
import os
import platform
import queue
import random
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from startup import fixed_cost_section, startup_section

from heyawake_asp import Puzzle, PuzzleWarning, Room, read_puzzle, solve, verify
from heyawake_asp.asp.encodings import DEFAULT_ENCODING
from heyawake_asp.authoring.generate import random_shading
from heyawake_asp.authoring.tiling import random_partition
from heyawake_asp.suite import SuiteEntry, SuiteRecord, discover, run_suite
from heyawake_asp.validation.validate import DEFAULT_MAX_CELLS

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SHARED = REPO.parent / "shared"
ENCODINGS = [
    DEFAULT_ENCODING,
    "reach",
    "reach_segments",
    "reach_crossed",
    "reach_redundant",
    "tree",
    "forest",
    "reach_rooms3",
]
CONFIGURATIONS = [
    [],
    ["--configuration=tweety"],
    ["--configuration=trendy"],
    ["--configuration=crafty"],
    ["--configuration=jumpy"],
    ["--heuristic=Vsids"],
    ["--sign-def=neg"],
    ["--lookahead=atom"],
]
BIG_PUBLIC = ("cneil-puzzle1", "cneil-puzzle4", "cneil-puzzle8")


def main(argv: Sequence[str] | None = None) -> None:
    """Run every section and write the report."""
    args = _arguments(argv)
    warnings.simplefilter("ignore", PuzzleWarning)
    sections = [_machine()]
    kth = (
        sorted(discover([args.shared / "kth"]), key=_order)
        if (args.shared / "kth").is_dir()
        else []
    )
    public = discover([args.shared / "public"]) if (args.shared / "public").is_dir() else []
    if not kth:
        sections.append(f"*No KTH suite at {args.shared / 'kth'}: its sections are skipped.*")
        sections.append(startup_section([]) + "\n\n" + _fresh(fixed_cost_section, []))
    else:
        sections.append(_fresh(_encodings_section, kth, public, args.repeat))
        sections.append(_fresh(_kth_total_section, kth, args.repeat))
        sections.append(_fresh(_options_section, kth, public, args.repeat))
        paths = [entry.path for entry in kth]
        sections.append(startup_section(paths) + "\n\n" + _fresh(fixed_cost_section, paths))
    sections.append(_validate_section())
    if public:
        sections.append(_fresh(_big_section, public, args.repeat))
    sections.append(_fresh(_cpsat_section, kth, public, args.cpsat_limit))
    sections.append(_fresh(_scale_section, args.sizes, args.repeat))
    report = "\n\n".join(sections) + "\n"
    print(report)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report, encoding="utf-8")


def _fresh(section: Callable[..., str], *args: Any) -> str:
    """Run one section in a fresh process: grounding large programs slows a process down."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        return pool.submit(section, *args).result()


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared data")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "benchmarks.md")
    parser.add_argument("--repeat", type=int, default=5, help="runs per puzzle (median)")
    parser.add_argument("--cpsat-limit", type=float, default=30.0, help="CP-SAT seconds cap")
    parser.add_argument("--quick", action="store_true", help="repeat 1, scale up to 50x50")
    args = parser.parse_args(argv)
    args.sizes = [10, 20, 35, 50] if args.quick else [10, 20, 35, 50, 70, 100]
    if args.quick:
        args.repeat = 1
    return args


def _order(entry: SuiteEntry) -> tuple[int, str]:
    """KTH classes in difficulty order."""
    return (["easy", "medium", "hard"].index(entry.klass), entry.name)


def _machine() -> str:
    """Where and with what the numbers were taken."""
    cpu = platform.processor() or "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        models = [line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines()
                  if line.startswith("model name")]  # fmt: skip
        cpu = models[0] if models else cpu
    versions = ", ".join(
        f"{name} {_version(name)}" for name in ("heyawake-asp", "clingo", "ortools")
    )
    return (
        "# Benchmarks\n\n"
        f"Run {datetime.date.today()} on {cpu}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.system()}; {versions}.\n"
        "Times are wall-clock seconds, the median of the repeats per puzzle, single-threaded. "
        "This shared machine is noisy (the same run varies by up to 50%): compare ratios "
        "within one run, and regenerate with `python benchmarks/run.py`."
    )


def _version(name: str) -> str:
    """An installed distribution's version, or 'not installed'."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _encodings_section(kth: list[SuiteEntry], public: list[SuiteEntry], repeat: int) -> str:
    """Every encoding set per class; the thesis port on easy and medium only."""
    records = run_suite(kth + public, ENCODINGS, repeat=repeat, timeout=10)
    easy_medium = [e for e in kth if e.klass in ("easy", "medium")]
    records += run_suite(easy_medium, ["thesis"], repeat=1, timeout=120)
    names = [*ENCODINGS, "thesis"]
    rows = []
    for klass in _classes(records):
        base = _median_total(records, klass, names[0])
        for name in names:
            group = [r for r in records if r.klass == klass and r.encoding == name]
            if group:
                rows.append(_class_row(klass, name, group, base))
    return (
        "## Encoding sets per class (KTH suite and ../shared/public)\n\n"
        "Total seconds per puzzle (read, ground, solve and prove unique). "
        "`thesis` runs on easy and medium only (hard takes 10 s and more per puzzle). "
        "`settled` is yes when every puzzle was solved, checked and its uniqueness decided "
        "within the 10 s cap per run.\n\n"
        + _markdown(
            [
                "class",
                "encoding",
                "puzzles",
                "median s",
                "max s",
                "median atoms",
                "settled",
                f"x {DEFAULT_ENCODING}",
            ],
            rows,
        )  # fmt: skip
    )


def _classes(records: Sequence[SuiteRecord]) -> list[str]:
    """Classes in order of first appearance."""
    return list(dict.fromkeys(r.klass for r in records))


def _median_total(records: Sequence[SuiteRecord], klass: str, encoding: str) -> float:
    """The median total seconds of a class under an encoding."""
    return statistics.median(
        r.total_seconds for r in records if r.klass == klass and r.encoding == encoding
    )


def _class_row(klass: str, name: str, group: list[SuiteRecord], base: float) -> list[str]:
    """One summary row of a class under one encoding."""
    median = statistics.median(r.total_seconds for r in group)
    checked = all(r.checked == "ok" and r.status == "solved" and r.unique is not None
                  for r in group)  # fmt: skip
    return [
        klass,
        name,
        str(len(group)),
        f"{median:.4f}",
        f"{max(r.total_seconds for r in group):.4f}",
        str(int(statistics.median(r.atoms for r in group))),
        "yes" if checked else "NO",
        f"{median / base:.2f}x",
    ]


def _kth_total_section(kth: list[SuiteEntry], repeat: int) -> str:
    """All 30 KTH puzzles in one process with the default set, against the target.

    Runs ``3 * repeat`` times: a whole pass is short and the machine's load swings.
    """
    totals = []
    for _ in range(3 * repeat):
        start = time.perf_counter()
        for puzzle in map(read_puzzle, (entry.path for entry in kth)):
            result = solve(puzzle)
            assert result.unique and not verify(puzzle, result.solutions[0])
        totals.append(time.perf_counter() - start)
    return (
        "## The 30 KTH puzzles in one process (default set)\n\n"
        f"Read, solve, prove unique and check all {len(kth)}: "
        f"median {statistics.median(totals):.3f} s, "
        f"best {min(totals):.3f} s over {len(totals)} runs (target: under 0.15 s; the 2014 thesis "
        "reported 13 to 31 s for each hard puzzle)."
    )


def _options_section(kth: list[SuiteEntry], public: list[SuiteEntry], repeat: int) -> str:
    """Clingo options on the default set, on the hard class and the public set."""
    entries = [e for e in kth if e.klass == "hard"] + public
    rows = []
    for options in CONFIGURATIONS:
        records = run_suite(entries, [DEFAULT_ENCODING], repeat=repeat, options=options, timeout=10)
        totals = [r.total_seconds for r in records]
        conflicts = [r.conflicts for r in records]
        rows.append([
            " ".join(options) or "(clingo defaults)",
            f"{statistics.median(totals):.4f}",
            f"{max(totals):.4f}",
            f"{sum(totals):.3f}",
            str(int(statistics.median(conflicts))),
            str(max(conflicts)),
        ])  # fmt: skip
    return (
        "## clingo options with the default set (KTH hard and ../shared/public)\n\n"
        + _markdown(
            ["options", "median s", "max s", "sum s", "median conflicts", "max conflicts"], rows
        )  # fmt: skip
    )


def _validate_section() -> str:
    """``heyawake validate`` with its defaults on the default set, start-up included."""
    command = [str(Path(sys.executable).with_name("heyawake")), "validate", DEFAULT_ENCODING]
    start = time.perf_counter()
    done = subprocess.run([*command, "--json"], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    report = json.loads(done.stdout)
    return (
        "## Validating the default set\n\n"
        f"`heyawake validate {DEFAULT_ENCODING}` with its defaults (every grid of up to "
        f"{DEFAULT_MAX_CELLS} cells, rectangular rooms, seed 0): {report['puzzles']} puzzles "
        f"and {report['shadings']} shadings compared with brute force in {seconds:.1f} s wall "
        f"time, exit status {done.returncode} (target: under 60 s)."
    )


def _big_section(public: list[SuiteEntry], repeat: int) -> str:
    """The public set per puzzle with the default set: ground plus solve."""
    records = run_suite(public, [DEFAULT_ENCODING], repeat=repeat)
    rows = [
        [
            r.name,
            r.size,
            str(r.rooms),
            f"{r.ground_seconds:.4f}",
            f"{r.solve_seconds:.4f}",
            f"{r.ground_seconds + r.solve_seconds:.4f}",
            f"{r.total_seconds:.4f}",
            str(r.atoms),
            str(r.rules),
            _yes_no(r.unique),
            r.checked,
        ]  # fmt: skip
        for r in records
    ]
    return (
        "## ../shared/public per puzzle (default set)\n\n"
        "The three 35x35 grids are cneil-puzzle1, 4 and 8 (target: ground plus solve under "
        "0.05 s each; the fastest published figures are 0.11 to 0.21 s, Gurobi with lazy "
        "constraints). cneil-puzzle3 has two solutions.\n\n"
        + _markdown(
            [
                "puzzle",
                "size",
                "rooms",
                "ground s",
                "solve s",
                "ground+solve s",
                "total s",
                "atoms",
                "rules",
                "unique",
                "checked",
            ],
            rows,
        )  # fmt: skip
    )


def _yes_no(unique: bool | None) -> str:
    """The words yes, no or - for uniqueness."""
    return {True: "yes", False: "no", None: "-"}[unique]


def _cpsat_section(kth: list[SuiteEntry], public: list[SuiteEntry], limit: float) -> str:
    """heyawake-asp against the usual CP-SAT model, both proving uniqueness."""
    if importlib.util.find_spec("ortools") is None:
        return "## CP-SAT\n\n*ortools is not installed (`pip install '.[bench]'`): skipped.*"
    chosen = [e for e in kth if e.name in ("easy1", "medium1", "hard1", "hard5")]
    chosen += [e for e in public if e.name in ("semiexp-p1", "semiexp-p9", *BIG_PUBLIC)]
    rows = []
    for entry in chosen:
        puzzle = read_puzzle(entry.path)
        ours = solve(puzzle)
        assert all(not verify(puzzle, grid) for grid in ours.solutions)
        seconds = _capped(puzzle, limit)
        ratio = (
            f"{seconds / ours.stats.total_seconds:.0f}x"
            if seconds
            else f"> {limit / ours.stats.total_seconds:.0f}x"
        )
        shown = f"{seconds:.3f}" if seconds else f"> {limit:.0f}"
        rows.append([entry.name, f"{puzzle.width}x{puzzle.height}",
                     f"{ours.stats.total_seconds:.4f}", shown, ratio])  # fmt: skip
    return (
        "## Against OR-Tools CP-SAT\n\n"
        "The usual CP-SAT model (benchmarks/cpsat_model.py: a Boolean per cell, pair "
        "constraints, three-room windows, BFS-distance connectivity from a chosen root), "
        "one worker, solved twice to prove uniqueness, as heyawake-asp does. "
        f"CP-SAT runs are capped at {limit:.0f} s.\n\n"
        + _markdown(["puzzle", "size", "heyawake-asp s", "CP-SAT s", "CP-SAT / ours"], rows)
    )


def _capped(puzzle: Puzzle, limit: float) -> float | None:
    """CP-SAT's seconds on a puzzle in a child process; None after ``limit`` seconds."""
    results: multiprocessing.Queue[float] = multiprocessing.Queue()
    child = multiprocessing.Process(target=_cpsat_child, args=(puzzle, results))
    child.start()
    try:
        seconds = results.get(timeout=limit)
    except queue.Empty:
        child.kill()
        return None
    finally:
        child.join()
    return seconds


def _cpsat_child(puzzle: Puzzle, results: multiprocessing.Queue[float]) -> None:
    """Solve with CP-SAT, check the answers, report the seconds."""
    from cpsat_model import solve_cpsat

    solutions, seconds = solve_cpsat(puzzle)
    assert solutions and all(not verify(puzzle, grid) for grid in solutions)
    results.put(seconds)


def _scale_section(sizes: list[int], repeat: int) -> str:
    """Ground size and time against the number of cells, planted puzzles."""
    rows = []
    for size in sizes:
        puzzle = _planted(size, seed=size)
        runs = [
            solve(puzzle, max_solutions=1, statistics=True) for _ in range(max(1, min(repeat, 3)))
        ]
        first = runs[0]
        assert first.solutions and not verify(puzzle, first.solutions[0])
        rows.append([
            f"{size}x{size}", str(puzzle.cell_count), str(len(puzzle.rooms)),
            str(first.stats.atoms), f"{first.stats.atoms / puzzle.cell_count:.1f}",
            str(first.stats.rules), f"{first.stats.rules / puzzle.cell_count:.1f}",
            f"{statistics.median(r.stats.ground_seconds for r in runs):.3f}",
            f"{statistics.median(r.stats.solve_seconds for r in runs):.3f}",
            f"{statistics.median(r.stats.total_seconds for r in runs):.3f}",
            _yes_no(first.unique),
        ])  # fmt: skip
    large = REPO / "instances" / "large" / "100x100-s1.lp"
    note = ""
    if large.exists():
        result = solve(read_puzzle(large))
        note = (
            f"\n\nThe generated unique 100x100 puzzle `instances/large/100x100-s1.lp`: "
            f"{result.stats.total_seconds:.2f} s in all, unique {result.unique} "
            "(target: under 2 s)."
        )
    return (
        "## Scale series\n\n"
        "Planted puzzles: a random rectangular partition, a random valid shading found by "
        "clingo, every room numbered with its count (not necessarily unique). Atoms and rules "
        "per cell stay flat: the ground program is linear in the number of cells.\n\n"
        + _markdown(
            [
                "size",
                "cells",
                "rooms",
                "atoms",
                "atoms/cell",
                "rules",
                "rules/cell",
                "ground s",
                "solve s",
                "total s",
                "unique",
            ],
            rows,
        )  # fmt: skip
        + note
    )


def _planted(size: int, seed: int) -> Puzzle:
    """A size x size puzzle whose clues come from a random valid shading."""
    rects = random_partition(size, size, random.Random(seed))
    blank = Puzzle(size, size, tuple(Room.rectangle(*rect) for rect in rects))
    grid = random_shading(blank, seed)
    assert grid is not None
    counts = [sum(grid[y][x] == "#" for x, y in room.cells) for room in blank.rooms]
    return blank.with_clues(counts)


def _markdown(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table."""
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join(f"| {' | '.join(line)} |" for line in lines)


if __name__ == "__main__":
    main()
