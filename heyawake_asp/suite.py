"""Run instance suites: every puzzle through one or more encodings, each answer checked.

A puzzle's class is the first folder below the directory given (so
``instances/`` groups into ``easy``, ``medium``, ...), or, for files directly
in it or given one by one, the file name without its trailing number
(``../shared/kth/hard22.lp`` is in ``hard``).

>>> puzzle_class(Path("kth/hard22.lp"), Path("kth"))
'hard'
"""

from __future__ import annotations

import multiprocessing
import re
import signal
import statistics
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NamedTuple

from heyawake_asp.checker import verify
from heyawake_asp.errors import HeyawakeError, PuzzleWarning
from heyawake_asp.formats import read_puzzle
from heyawake_asp.solver import solve

__all__ = [
    "PUZZLE_SUFFIXES",
    "ClassSummary",
    "class_order",
    "SuiteEntry",
    "SuiteRecord",
    "discover",
    "puzzle_class",
    "run_suite",
    "summarise",
]

PUZZLE_SUFFIXES = (".lp",)
"""File endings that a directory search picks up as puzzles. Only KTH files:
data folders also hold JSON solutions; puzzles in other formats are given as files."""
_TRAILING_NUMBER = re.compile(r"[-_]?\d+$")


@dataclass(frozen=True)
class SuiteEntry:
    """One puzzle of a suite: its file, display name and class."""

    path: Path
    name: str
    klass: str


class _Task(NamedTuple):
    """One unit of suite work: a puzzle, an encoding and how to run it."""

    entry: SuiteEntry
    encoding: str
    repeat: int
    timeout: float | None
    options: tuple[str, ...]


@dataclass(frozen=True)
class SuiteRecord:
    """The result of one puzzle under one encoding (times are medians over repeats).

    ``checked`` is ``"ok"`` when every solution passed the independent
    checker, ``"WRONG"`` when one did not, and ``"-"`` when there was none.
    """

    path: str
    name: str
    klass: str
    encoding: str
    size: str
    cells: int
    rooms: int
    status: str
    ground_seconds: float
    solve_seconds: float
    total_seconds: float
    atoms: int
    rules: int
    conflicts: int
    unique: bool | None
    checked: str
    error: str = ""

    def as_dict(self) -> dict[str, object]:
        """The record as a plain dict (for CSV and JSON), ``klass`` named ``class``."""
        return {("class" if key == "klass" else key): value for key, value in asdict(self).items()}

    @property
    def failed(self) -> bool:
        """Whether this result makes the suite fail: wrong, unsolved or an error."""
        return self.checked == "WRONG" or self.status != "solved"


@dataclass(frozen=True)
class ClassSummary:
    """Count, median and maximum total time of one class under one encoding."""

    klass: str
    encoding: str
    count: int
    median_seconds: float
    max_seconds: float
    failures: int


def discover(paths: Iterable[str | Path]) -> list[SuiteEntry]:
    """The puzzles under the given files and directories, in a stable order.

    Raises
    ------
    HeyawakeError
        When a path does not exist.
    """
    entries: list[SuiteEntry] = []
    for given in map(Path, paths):
        if given.is_dir():
            found = sorted(p for p in given.rglob("*") if p.suffix in PUZZLE_SUFFIXES)
            entries.extend(_entry(path, given) for path in found)
        elif given.exists():
            entries.append(_entry(given, None))
        else:
            raise HeyawakeError(f"{given}: no such file or directory")
    return sorted(entries, key=lambda e: (e.klass, _natural_key(e.name)))


def puzzle_class(path: Path, root: Path | None) -> str:
    """The class of a puzzle found below ``root`` (``None``: given directly)."""
    if root is not None and path.parent != root:
        return path.relative_to(root).parts[0]
    return _TRAILING_NUMBER.sub("", path.stem) or path.stem


def run_suite(
    entries: Sequence[SuiteEntry],
    encodings: Sequence[str],
    *,
    repeat: int = 1,
    jobs: int = 1,
    timeout: float | None = None,
    options: Sequence[str] = (),
    on_record: Callable[[SuiteRecord], None] | None = None,
) -> list[SuiteRecord]:
    """Solve every entry with every encoding, checking each solution.

    Records come back in entry order, encodings in the order given;
    ``on_record`` sees each as it finishes (for progress). Every puzzle and
    encoding is solved in a fresh worker process, ``jobs`` at a time, and
    timed on its own.

    Notes
    -----
    On KeyboardInterrupt the pending work is cancelled and the exception
    propagates; the records already passed to ``on_record`` are complete.
    """
    tasks = [
        _Task(entry, encoding, repeat, timeout, tuple(options))
        for entry in entries
        for encoding in encodings
    ]
    records = []
    for record in _map(_run_task, tasks, jobs):
        if on_record is not None:
            on_record(record)
        records.append(record)
    return records


def summarise(records: Sequence[SuiteRecord]) -> list[ClassSummary]:
    """Per class and encoding: how many, median and max total seconds, failures.

    Classes come smallest first (by median cell count), encodings as run.
    """
    groups: dict[tuple[str, str], list[SuiteRecord]] = {}
    for record in sorted(records, key=class_order(records)):
        groups.setdefault((record.klass, record.encoding), []).append(record)
    return [
        ClassSummary(
            klass,
            encoding,
            len(group),
            statistics.median(r.total_seconds for r in group),
            max(r.total_seconds for r in group),
            sum(r.failed for r in group),
        )
        for (klass, encoding), group in groups.items()
    ]


def class_order(records: Sequence[SuiteRecord]) -> Callable[[SuiteRecord], tuple[float, str]]:
    """A sort key putting classes of smaller puzzles first (``easy`` before ``hard``)."""
    cells: dict[str, list[int]] = {}
    for record in records:
        cells.setdefault(record.klass, []).append(record.cells)
    median = {klass: statistics.median(values) for klass, values in cells.items()}
    return lambda record: (median[record.klass], record.klass)


def _entry(path: Path, root: Path | None) -> SuiteEntry:
    """The suite entry for one puzzle file."""
    return SuiteEntry(path, path.stem, puzzle_class(path, root))


def _error_record(entry: SuiteEntry, encoding: str, error: str) -> SuiteRecord:
    """The record of a puzzle that could not be read or solved."""
    return SuiteRecord(
        str(entry.path), entry.name, entry.klass, encoding, "?", 0, 0, "error",
        0.0, 0.0, 0.0, 0, 0, 0, None, "-", error,
    )  # fmt: skip


def _natural_key(name: str) -> tuple[str, int]:
    """Sort ``hard2`` before ``hard10``."""
    match = _TRAILING_NUMBER.search(name)
    number = int(re.sub(r"\D", "", match.group())) if match else -1
    return (name[: match.start()] if match else name, number)


def _map(
    function: Callable[[_Task], SuiteRecord], tasks: list[_Task], jobs: int
) -> Iterator[SuiteRecord]:
    """Apply ``function`` to the tasks in order, in ``jobs`` worker processes."""
    # Each task gets a fresh worker: a process that has ground a large program
    # stays slower afterwards, which would skew the comparison of later runs.
    # Leaving the block terminates the workers, also on Ctrl-C in the parent;
    # they ignore SIGINT themselves, so only the parent reports it.
    with multiprocessing.Pool(jobs, _ignore_interrupts, maxtasksperchild=1) as pool:
        yield from pool.imap(function, tasks)


def _ignore_interrupts() -> None:
    """Let a worker process leave Ctrl-C to its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_task(task: _Task) -> SuiteRecord:
    """Solve one puzzle with one encoding ``repeat`` times; record the medians."""
    entry, encoding, repeat, timeout, options = task
    base = {"path": str(entry.path), "name": entry.name, "klass": entry.klass, "encoding": encoding}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PuzzleWarning)
            puzzle = read_puzzle(entry.path)
        runs = [
            solve(puzzle, encoding, timeout=timeout, options=options) for _ in range(max(1, repeat))
        ]
    except HeyawakeError as error:
        return _error_record(entry, encoding, str(error))
    first = runs[0]
    wrong = any(verify(puzzle, grid) for run in runs for grid in run.solutions)
    return SuiteRecord(
        **base,
        size=f"{puzzle.width}x{puzzle.height}",
        cells=puzzle.cell_count,
        rooms=len(puzzle.rooms),
        status=first.status,
        ground_seconds=statistics.median(run.stats.ground_seconds for run in runs),
        solve_seconds=statistics.median(run.stats.solve_seconds for run in runs),
        total_seconds=statistics.median(run.stats.total_seconds for run in runs),
        atoms=first.stats.atoms,
        rules=first.stats.rules,
        conflicts=first.stats.conflicts,
        unique=first.unique,
        checked="WRONG" if wrong else ("ok" if first.solutions else "-"),
    )
