"""Run instance suites: every puzzle through one or more encodings, each answer checked.

A puzzle's class is the first folder below the directory given (so
``instances/`` groups into ``easy``, ``medium``, ...), or, for files directly
in it or given one by one, the file name without its trailing number
(``../shared/kth/hard22.lp`` is in ``hard``).

>>> puzzle_class(Path("kth/hard22.lp"), Path("kth"))
'hard'
"""

from __future__ import annotations

import functools
import re
import statistics
import warnings
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import NamedTuple

from heyawake_asp.asp.control import check_encoding
from heyawake_asp.errors import HeyawakeError, PuzzleWarning, so_far
from heyawake_asp.formats import read_puzzle, sniff
from heyawake_asp.oracles.checker import verify
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, run_each
from heyawake_asp.solver import SolveResult, solve

__all__ = [
    "ClassSummary",
    "class_order",
    "SuiteEntry",
    "SuiteRecord",
    "discover",
    "run_suite",
    "summarise",
]

PUZZLE_SUFFIXES = (".lp", ".txt")
"""File endings that a directory search picks up as puzzles: KTH files, and
text-format puzzles (a ``.txt`` file holding anything else is skipped, with a
warning naming it). Not ``.json``: data folders hold JSON solutions; puzzles
in other formats are given as files."""
EXPECTATIONS = ("unique", "several", "none")
"""What a puzzle's header may say of its solutions: ``% expect: none`` (or ``#``)."""
_TRAILING_NUMBER = re.compile(r"[-_]?\d+$")
_HEADER_BYTES = 4096
"""How much of a file is read for its expectation: the comment lines at its top."""
_EXPECT = re.compile(r"[%#]\s*expect:\s*(\S*)")


@dataclass(frozen=True)
class SuiteEntry:
    """One puzzle of a suite: its file, display name, class and, if its header says, expectation.

    ``expect`` is one of `EXPECTATIONS`, or None: the puzzle should be solved.
    """

    path: Path
    name: str
    klass: str
    expect: str | None = None


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
    expected: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The record as a plain dict (for CSV and JSON), ``klass`` named ``class``."""
        return {("class" if key == "klass" else key): value for key, value in asdict(self).items()}

    @property
    def outcome(self) -> str | None:
        """What was found, as an expectation says it (`EXPECTATIONS`); None: not decided."""
        if self.status == "unsatisfiable":
            return "none"
        if self.status == "solved" and self.unique is not None:
            return "unique" if self.unique else "several"
        return None

    @property
    def failed(self) -> bool:
        """Whether this result makes the suite fail: wrong, an error, or not as expected.

        Without an expectation, a puzzle is expected to be solved.
        """
        if self.checked == "WRONG":
            return True
        if self.expected is None:
            return self.status != "solved"
        return self.outcome != self.expected


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
            entries.extend(_entry(path, given) for path in found if _is_puzzle(path))
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
    encoding is solved in a fresh worker process, ``jobs`` at a time (no
    more than there are processors: `heyawake_asp.runtime.isolation.run_each`), and timed on
    its own, once the worker has loaded the encoding (untimed). A run that
    timed out is recorded with the time limit as its time.

    With a ``timeout``, a worker still busy past its runs' time limits (and
    a grace) is stopped and its puzzle recorded as a timeout: clingo cannot
    interrupt grounding, which on a large puzzle with a quadratic encoding
    can take minutes. Each worker may use its share (``1 / jobs``) of the
    memory free; a puzzle that needs more is recorded as an error.

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
    limit = None if timeout is None else timeout * max(1, repeat)
    calls = [functools.partial(_run_task, task) for task in tasks]
    records = []
    with closing(run_each(calls, limit, jobs)) as outcomes:
        for task, outcome in zip(tasks, outcomes, strict=True):
            record = outcome if isinstance(outcome, SuiteRecord) else _failed(task, outcome)
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
    return SuiteEntry(path, path.stem, puzzle_class(path, root), _expectation(path))


def _header(path: Path) -> str:
    """The start of the file (empty when it cannot be read: the run will say why).

    Only a regular file is opened: a FIFO's open waits for a writer, past any time limit.
    """
    if not path.is_file():
        return ""
    try:
        with path.open("rb") as file:
            return file.read(_HEADER_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _is_puzzle(path: Path) -> bool:
    """Whether a file found in a folder is a puzzle: a ``.lp`` file, or text in the text format.

    A ``.txt`` file that is not is skipped with a warning naming it.
    """
    if path.suffix != ".txt" or sniff(_header(path), "") == "text":
        return True
    warnings.warn(f"{path}: skipped: not a puzzle in the text format", PuzzleWarning, stacklevel=3)
    return False


def _expectation(path: Path) -> str | None:
    """What the comment lines at the top of the file expect (`EXPECTATIONS`), or None.

    An expectation none of those is warned of and ignored.
    """
    for line in _header(path).splitlines():
        if not line.lstrip().startswith(("%", "#")):
            break
        match = _EXPECT.match(line.strip())
        if match is None:
            continue
        if match.group(1) in EXPECTATIONS:
            return match.group(1)
        said = f"{path}: expect: {match.group(1)!r} is none of {', '.join(EXPECTATIONS)}; ignored"
        warnings.warn(said, PuzzleWarning, stacklevel=3)
    return None


def _error_record(
    entry: SuiteEntry, encoding: str, error: str, status: str = "error", seconds: float = 0.0
) -> SuiteRecord:
    """The record of a puzzle that could not be read or solved (after ``seconds``)."""
    return SuiteRecord(
        str(entry.path), entry.name, entry.klass, encoding, "?", 0, 0, status,
        0.0, 0.0, seconds, 0, 0, 0, None, "-", error, entry.expect,
    )  # fmt: skip


def _natural_key(name: str) -> tuple[str, int]:
    """Sort ``hard2`` before ``hard10``."""
    match = _TRAILING_NUMBER.search(name)
    number = int(re.sub(r"\D", "", match.group())) if match else -1
    return (name[: match.start()] if match else name, number)


def _failed(task: _Task, failure: ChildFailed) -> SuiteRecord:
    """The record of a worker stopped at its time limit (after ``timeout``) or failed."""
    if isinstance(failure, ChildOverdue):
        spent = task.timeout or 0.0  # a worker is overdue only with a timeout
        return _error_record(task.entry, task.encoding, str(failure), "timeout", spent)
    return _error_record(task.entry, task.encoding, str(failure))


def _run_task(task: _Task) -> SuiteRecord:
    """Solve one puzzle with one encoding ``repeat`` times; record the medians.

    The encoding is first loaded and ground on a tiny puzzle, untimed: a
    fresh worker's first solve would otherwise also pay for parsing the
    encoding and for warming the process (about 10 ms, three times a small
    puzzle's whole solve, and nearly the same for every encoding).
    """
    entry, encoding, repeat, timeout, options = task
    base = {"path": str(entry.path), "name": entry.name, "klass": entry.klass, "encoding": encoding}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PuzzleWarning)
            puzzle = read_puzzle(entry.path)
        check_encoding(encoding)
        runs = [
            so_far(solve, puzzle, encoding, timeout=timeout, options=options, statistics=True)
            for _ in range(max(1, repeat))
        ]
    except HeyawakeError as error:
        return _error_record(entry, encoding, str(error))
    first = runs[0]
    wrong = any(verify(puzzle, grid) for run in runs for grid in run.solutions)
    if timeout is not None:  # a run that timed out counts as the limit, not the time it overran
        runs = [_at_most(run, timeout) for run in runs]
    return SuiteRecord(
        **base,
        size=f"{puzzle.width}x{puzzle.height}",
        cells=puzzle.cell_count,
        rooms=len(puzzle.rooms),
        status=first.status,
        ground_seconds=statistics.median(run.stats.ground_seconds for run in runs),
        solve_seconds=statistics.median(run.stats.solve_seconds for run in runs),
        total_seconds=statistics.median(run.stats.total_seconds for run in runs),
        atoms=first.stats.atoms or 0,
        rules=first.stats.rules or 0,
        conflicts=first.stats.conflicts or 0,
        unique=first.unique,
        checked="WRONG" if wrong else ("ok" if first.solutions else "-"),
        expected=entry.expect,
    )


def _at_most(run: SolveResult, timeout: float) -> SolveResult:
    """A run that timed out recorded as taking the time limit."""
    if run.status != "timeout":
        return run
    return replace(run, stats=replace(run.stats, total_seconds=timeout))
