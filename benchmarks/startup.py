"""Start-up: one ``heyawake`` command against Python starting clingo, as whole processes.

Each pair runs its two commands in turn, ``--runs`` times after a warm-up,
and reports the median of the per-pair ratios (A's wall time over B's): a
ratio holds while the machine's speed drifts, an absolute time does not.
The commands run with byte code written, as in a user's installation.
Then, in this process, what every ``solve`` call pays whatever the puzzle.
Usage (from the repository root, with the package installed)::

    python benchmarks/startup.py            # print the section
    python benchmarks/startup.py --write    # and put it in docs/benchmarks.md

`benchmarks/run.py` includes the section in its full report.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import clingo

from heyawake_asp import Puzzle, PuzzleWarning, Room, read_puzzle, resolve_encoding, solve
from heyawake_asp.asp.control import grounded_control
from heyawake_asp.asp.encodings import DEFAULT_ENCODING

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "benchmarks.md"
HEADING = "## Start-up of one command"
EASY1 = REPO / "instances" / "easy" / "easy1.lp"
PYTHON = sys.executable
HEYAWAKE = str(Path(sys.executable).with_name("heyawake"))
IMPORT_CLINGO = [PYTHON, "-c", "import clingo"]
PAIRS = [
    ("`heyawake solve easy1.lp`", [HEYAWAKE, "solve", str(EASY1)], 1.5),
    ("`heyawake --version`", [HEYAWAKE, "--version"], 1.2),
    ("`heyawake --help`", [HEYAWAKE, "--help"], 1.2),
    ("`python -c 'import click, clingo'`", [PYTHON, "-c", "import click, clingo"], None),
]
"""Each command timed against ``python -c 'import clingo'``, with its target ratio."""


def startup_section(kth: Sequence[Path], runs: int = 21) -> str:
    """The Markdown section: the paired ratios, then the KTH files in one call."""
    rows = []
    for name, command, target in PAIRS:
        mine, theirs, ratio = paired(command, IMPORT_CLINGO, runs)
        goal = f"{target}x" if target else "(click and clingo alone)"
        rows.append(f"| {name} | {mine:.3f} s | {theirs:.3f} s | {ratio:.2f}x | {goal} |")
    text = (
        f"{HEADING}\n\n"
        f"Whole processes, each against `python -c 'import clingo'` in the same "
        f"environment, in turn, {runs} times: medians of the wall times and of the "
        "per-pair ratios. The last row is the floor a click command over clingo "
        "starts from.\n\n"
        "| command | its median | `import clingo` median | median ratio | target |\n"
        "| --- | --- | --- | --- | --- |\n" + "\n".join(rows)
    )
    if kth:
        seconds = statistics.median(_seconds([HEYAWAKE, "solve", *map(str, kth)]) for _ in range(5))
        text += (
            f"\n\n`heyawake solve` on the {len(kth)} KTH files in one call: "
            f"{seconds:.3f} s wall time, median of 5 (target: under 1 s)."
        )
    return text


def fixed_cost_section(kth: Sequence[Path], repeat: int = 200) -> str:
    """What one ``solve`` call pays whatever the puzzle, against the KTH puzzles' median."""
    encoding = resolve_encoding(DEFAULT_ENCODING)
    arguments = ["--models=2", "--project", *encoding.options]
    tiny = Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0),))

    def loaded() -> None:
        control = clingo.Control(arguments)
        for path in encoding.files:
            control.load(str(path))

    parts = [
        ("`clingo.Control(...)`", lambda: clingo.Control(arguments)),
        ("the same, the set's files loaded", loaded),
        ("the same, ground on a 1x1 puzzle", lambda: grounded_control(tiny, encoding, models=2)),
        ("`solve` of a 1x1 puzzle (an `EncodingSet`)", lambda: solve(tiny, encoding)),
        ("`solve` of a 1x1 puzzle (the set by name)", lambda: solve(tiny)),
    ]
    rows = [f"| {name} | {_milliseconds(call, repeat):.2f} |" for name, call in parts]
    if kth:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PuzzleWarning)
            puzzles = [read_puzzle(path) for path in kth]
        median = statistics.median(
            _milliseconds(lambda p=puzzle: solve(p, encoding), repeat // 20) for puzzle in puzzles
        )
        rows.append(f"| `solve` of a KTH puzzle, the median over the {len(kth)} | {median:.2f} |")
    return (
        "### What every solve pays\n\n"
        f"In one process, the best of {repeat} calls each (default set, uniqueness "
        "proved; the best, as the machine's other load stretches a call past a "
        "scheduler slice): the fixed part of a puzzle's solve.\n\n"
        "| part | ms |\n| --- | --- |\n" + "\n".join(rows)
    )


def _milliseconds(call: Callable[[], object], repeat: int) -> float:
    """The fewest milliseconds ``call()`` took in ``repeat`` calls after one."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def paired(first: list[str], second: list[str], runs: int) -> tuple[float, float, float]:
    """Median seconds of each command and the median of their per-run ratios."""
    for command in (first, second):  # warm-up: byte code written, files cached
        _seconds(command)
    times = [(_seconds(first), _seconds(second)) for _ in range(runs)]
    return (
        statistics.median(a for a, _ in times),
        statistics.median(b for _, b in times),
        statistics.median(a / b for a, b in times),
    )


def _seconds(command: list[str]) -> float:
    """Wall seconds of one run of ``command``, its output discarded."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
    return time.perf_counter() - start


def write_section(section: str, path: Path = DOCS) -> None:
    """Put ``section`` in the report in place of its previous version (or at its end)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find(HEADING)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    else:
        end = text.find("\n## ", start + len(HEADING))
        text = text[:start] + section + ("\n" + text[end:] if end >= 0 else "\n")
    path.write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    """Print the section; with ``--write``, also put it in docs/benchmarks.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command per pair")
    parser.add_argument("--kth", type=Path, default=REPO.parent / "shared" / "kth")
    parser.add_argument("--write", action="store_true", help="update docs/benchmarks.md")
    args = parser.parse_args(argv)
    kth = sorted(args.kth.glob("*.lp"))
    section = startup_section(kth, args.runs) + "\n\n" + fixed_cost_section(kth)
    print(section)
    if args.write:
        write_section(section)


if __name__ == "__main__":
    main()
