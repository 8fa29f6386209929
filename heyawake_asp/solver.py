"""Ground and solve a puzzle with clingo, and decode the answer sets into grids.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> result = solve(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
>>> result.status, result.unique, result.solutions
('solved', True, (('#.#',),))
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import re
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Generic, Literal, TypeAlias, TypeVar, cast

import clingo
import clingo.ast

from heyawake_asp.encodings import DEFAULT_ENCODING, EncodingSet, resolve_encoding
from heyawake_asp.errors import EncodingError
from heyawake_asp.facts import puzzle_facts, rooms_program
from heyawake_asp.grid import Grid, grid_from_black
from heyawake_asp.isolation import ChildFailed, ChildOverdue, Worker, lift_deadline
from heyawake_asp.puzzle import Cell, Puzzle, Room

__all__ = [
    "ISOLATION_GRACE_SECONDS",
    "MAX_MODELS",
    "MAX_THREADS",
    "QUICK_CONFLICTS",
    "QUICK_SECONDS",
    "Search",
    "SolveResult",
    "SolveStats",
    "Status",
    "check_encoding",
    "decode",
    "grounded_control",
    "in_child",
    "search",
    "solve",
]

T = TypeVar("T")
Status = Literal["solved", "unsatisfiable", "timeout"]
_LOG = logging.getLogger("heyawake_asp.clingo")
_POLL_SECONDS = 0.05
_BLACK_ATOM = re.compile(r"black\((\d+),(\d+)\)")
_SHOWN_CELLS: dict[Hashable, Cell | None] = {}
"""Each shown symbol's cell, by `_symbol_keys`; None for symbols other than ``black/2``."""
_SHOWN_CELLS_LIMIT = 1 << 16
"""Past this many remembered symbols (a few MB) the cache starts again."""
QUICK_CONFLICTS = 1000
"""Conflicts a search may take in the calling thread before it moves to the background."""
QUICK_SECONDS = 0.1
"""Seconds of enumerating models in the calling thread before the search moves to the background."""
_NO_SOLVE_LIMIT = "umax,umax"
Assumptions: TypeAlias = Sequence[int | tuple[clingo.Symbol, bool]]
"""What `search` takes as assumptions, as `clingo.Control.solve` does."""
ISOLATION_GRACE_SECONDS = 0.5
"""Seconds an isolated call may still be grounding past its timeout before its child is stopped."""
MAX_THREADS = 64
"""clingo's limit on parallel solver threads."""
MAX_MODELS = 2**31 - 2
"""The most solutions one call may ask for (one more is requested for uniqueness)."""
_PROBE = Puzzle(2, 2, (Room.rectangle(0, 0, 1, 0, 1), Room.rectangle(0, 1, 1, 1)))
_IRREGULAR_PROBE = Puzzle(
    2, 2, (Room(frozenset({(0, 0), (1, 0), (0, 1)}), 1), Room(frozenset({(1, 1)})))
)
_IRREGULAR = "irregular"
"""The program part grounded only for a puzzle with a room that is not a rectangle."""


@dataclass(frozen=True)
class SolveStats:
    """Where the time went and how large the problem was."""

    ground_seconds: float
    solve_seconds: float
    total_seconds: float
    atoms: int
    rules: int
    choices: int
    conflicts: int

    def as_dict(self) -> dict[str, float | int]:
        """The statistics as a plain dict (for JSON)."""
        return asdict(self)


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve call.

    ``status`` is ``"timeout"`` when the search stopped, without a solution,
    before it settled whether there is one: the time ran out, or a
    ``--solve-limit`` given in the options was reached. ``unique`` is
    ``None`` when uniqueness was not checked or was not settled.
    """

    status: Status
    solutions: tuple[Grid, ...]
    unique: bool | None
    stats: SolveStats


def solve(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet = DEFAULT_ENCODING,
    *,
    max_solutions: int = 1,
    check_unique: bool = True,
    timeout: float | None = None,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    options: Sequence[str] = (),
    isolate: bool | Worker = False,
) -> SolveResult:
    """Solve ``puzzle`` with an encoding set plus optional extra programs.

    Parameters
    ----------
    max_solutions
        How many solutions to return; 0 returns all.
    check_unique
        Ask clingo for one model more than returned to settle ``unique``.
    timeout
        Seconds for the whole call; clingo's search is interrupted when they
        run out (grounding cannot be, but is checked against the limit).
    threads
        Parallel solver threads.
    options
        More clingo command-line options, after those the encoding set declares.
    isolate
        Solve in a child process: the ``timeout`` then holds for grounding
        too (a child still grounding `ISOLATION_GRACE_SECONDS` after it is
        stopped, and the result is a timeout; once ground, the search stops
        itself and the solutions found come back), memory is capped below
        what the machine has free, and Ctrl-C stops the work at once. True
        starts a process for this call (a few milliseconds); a
        `heyawake_asp.isolation.Worker` keeps one for a batch.

    Raises
    ------
    EncodingError
        When the encoding cannot be found, fails to load or ground, or cannot
        handle this puzzle (e.g. irregular rooms for a rectangles-only set);
        when isolated, also when the child runs out of memory or dies.
    ValueError
        When ``max_solutions`` or ``threads`` is out of range.

    Notes
    -----
    Models are projected on ``black/2``, so one shading is counted once
    whatever auxiliary atoms an encoding has.
    """
    if isolate:
        start = time.perf_counter()
        call = functools.partial(
            _solve_here, puzzle, encoding, max_solutions, check_unique, timeout, threads, extra,
            options, lift_deadline,
        )  # fmt: skip
        result = in_child(call, timeout, isolate)
        spent = time.perf_counter() - start
        return result or SolveResult("timeout", (), None, SolveStats(0, 0, spent, 0, 0, 0, 0))
    return _solve_here(
        puzzle, encoding, max_solutions, check_unique, timeout, threads, extra, options, _nothing
    )


def _solve_here(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet,
    max_solutions: int,
    check_unique: bool,
    timeout: float | None,
    threads: int,
    extra: Sequence[str | Path],
    options: Sequence[str],
    grounded: Callable[[], None],
) -> SolveResult:
    """`solve` in this process; ``grounded`` is called once clingo has ground."""
    start = time.perf_counter()
    if not 0 <= max_solutions <= MAX_MODELS or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"max_solutions must be 0..{MAX_MODELS}, threads 1..{MAX_THREADS}")
    wanted = max_solutions + 1 if check_unique and max_solutions > 0 else max_solutions
    encodings = _as_encoding_set(encoding)
    quick = timeout is None and not _gives_option((*encodings.options, *options), "--solve-limit")
    control, ground_seconds = grounded_control(
        puzzle, encodings, models=wanted, threads=threads, extra=extra,
        options=(*options, f"--solve-limit={QUICK_CONFLICTS}") if quick else options,
    )  # fmt: skip
    grounded()
    deadline = None if timeout is None else start + timeout
    solve_start = time.perf_counter()
    convert = functools.partial(decode, puzzle=puzzle)
    if quick:  # as `search` does, with the limit set on the command line, not read and set
        found = _quick_search(control, convert, (), wanted)
    else:
        found = search(control, convert, deadline)
    models, outcome = found.values, found.result
    unsatisfiable = outcome is not None and bool(outcome.unsatisfiable)
    exhausted = outcome is not None and outcome.exhausted
    solve_seconds = time.perf_counter() - solve_start
    stats = _stats(control, ground_seconds, solve_seconds, time.perf_counter() - start, found.spent)
    return _result(models, unsatisfiable, exhausted, max_solutions, check_unique, stats)


def _gives_option(options: Sequence[str], name: str) -> bool:
    """Whether clingo command-line ``options`` give the option ``name``, e.g. ``--project``.

    clingo takes any start of an option's name that no other name shares
    (``--solve-lim=0``), and a name given twice is an error.
    """
    return any(
        len(given := option.split("=", 1)[0]) > 3 and name.startswith(given) for option in options
    )


def _nothing() -> None:
    """A callback that does nothing."""


def in_child(call: Callable[[], T], timeout: float | None, isolate: bool | Worker) -> T | None:
    """``call()`` run in a child process; None when it was stopped at the deadline.

    The child gets ``timeout`` and `ISOLATION_GRACE_SECONDS` (no limit
    without a timeout). ``isolate`` is a worker to run it, or True for a
    process of its own.

    Raises
    ------
    EncodingError
        When the child runs out of memory or dies.
    """
    limit = None if timeout is None else timeout + ISOLATION_GRACE_SECONDS
    try:
        if isinstance(isolate, Worker):
            return isolate.run(call, limit)
        with Worker() as worker:
            return worker.run(call, limit)
    except ChildOverdue:
        return None
    except ChildFailed as failure:
        raise EncodingError(str(failure)) from None


def grounded_control(
    puzzle: Puzzle,
    encoding: str | Path | EncodingSet = DEFAULT_ENCODING,
    *,
    models: int = 0,
    threads: int = 1,
    extra: Sequence[str | Path] = (),
    facts: str = "",
    options: Sequence[str] = (),
) -> tuple[clingo.Control, float]:
    """A clingo control with the encoding, extra programs and puzzle loaded and grounded.

    Parameters
    ----------
    models
        How many models a solve call computes; 0 computes all.
    facts
        More facts added after the puzzle's, e.g. for an analysis program in ``extra``.
    options
        More clingo command-line options, e.g. ``--enum-mode=cautious`` or ``--seed=N``.

    Returns
    -------
    tuple of clingo.Control and float
        The control, projecting on ``black/2``, and the seconds grounding took.
        ``room/1``, and ``in/3`` for the cells of rectangles, are in it only
        when the encoding or an extra program reads them (not ``facts``).

    Raises
    ------
    EncodingError
        As for `solve`.
    """
    encodings = _as_encoding_set(encoding)
    _check_applicable(encodings, puzzle)
    messages = _Messages()
    arguments = _arguments(models, threads, (*encodings.options, *options))
    with _clingo_errors(messages):
        control = clingo.Control(arguments, logger=messages, message_limit=50)
        rectangular = puzzle.is_rectangular
        program = _parsed(encodings, tuple(map(Path, extra)), messages)
        statements = program.rectangular if rectangular else program.whole
        with clingo.ast.ProgramBuilder(control) as builder:
            for statement in statements.statements:
                builder.add(statement)
        written = puzzle_facts(puzzle, room_list=statements.reads_room_list)
        control.add("base", [], "\n".join(filter(None, (written, facts))))
        start = time.perf_counter()
        control.ground(_program_parts(rectangular))
    return control, time.perf_counter() - start


def _program_parts(rectangular: bool) -> list[tuple[str, list[clingo.Symbol]]]:
    """The program parts to ground: ``base``, and ``irregular`` unless all rooms are rectangles."""
    if rectangular:
        return [("base", [])]
    return [("base", []), (_IRREGULAR, [])]


@dataclass(frozen=True)
class _Statements:
    """Parsed statements to hand to clingo, and whether they read ``room/1``.

    Python writes ``room/1`` only for statements that read it: each fact
    costs clasp a rule.
    """

    statements: list[clingo.ast.AST]
    reads_room_list: bool

    @classmethod
    def of(cls, statements: list[clingo.ast.AST]) -> _Statements:
        """The statements, with whether they read ``room/1``."""
        return cls(statements, any(_reads(statement, "room", 1) for statement in statements))


@dataclass(frozen=True)
class _Program:
    """Parsed statements: all of them, and those a puzzle of rectangles only needs."""

    whole: _Statements
    rectangular: _Statements


_PARSED: dict[tuple[tuple[str, int, int], ...], _Program] = {}
_PARSED_LIMIT = 32


def _parsed(encodings: EncodingSet, extra: tuple[Path, ...], messages: _Messages) -> _Program:
    """The statements of the encoding's and the extra programs, parsed once.

    The rooms program (`rooms_program`) comes first in either list when the
    statements read ``in/3``: each of its facts costs clasp a rule, so a
    set that needs no ``in/3`` for rectangles is spared them. Parsing costs
    about as much as grounding a small puzzle, so the parse is kept, keyed
    by the modification time and size of every file read (the given ones
    and all they include): an edited file is read again.
    """
    files = (*encodings.files, *extra)
    key = _versions((rooms_program(), *files))
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        rooms = _parse_files((rooms_program(),), messages)
        whole = _parse_files(files, messages)
        rectangular = _without_comments(_without_part(whole, _IRREGULAR))
        _PARSED[key] = _Program(
            _Statements.of(_with_rooms(rooms, whole)),
            _Statements.of(_with_rooms(rooms, rectangular)),
        )
    return _PARSED[key]


def _versions(paths: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    """Path, modification time and size of ``paths`` and of every file they include."""
    versions: dict[str, tuple[int, int]] = {}
    pending = [str(path) for path in paths]
    while pending:
        path = pending.pop()
        if path in versions or not os.path.isfile(path):
            continue
        status = os.stat(path)
        versions[path] = (status.st_mtime_ns, status.st_size)
        pending.extend(_included(path, *versions[path]))
    return tuple((path, *version) for path, version in versions.items())


@functools.lru_cache(maxsize=256)
def _included(path: str, *version: int) -> tuple[str, ...]:
    """The files ``path`` includes; its ``version`` (time and size) only keys the cache."""
    with open(path, encoding="utf-8", errors="replace") as file:
        names = re.findall(r'^\s*#include\s+"([^"]+)"\s*\.', file.read(), re.MULTILINE)
    return tuple(os.path.join(os.path.dirname(path), name) for name in names)


def _parse_files(files: Sequence[Path], messages: _Messages) -> list[clingo.ast.AST]:
    """The statements of ``files``, less comments and repeated ``#program`` lines."""
    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_files(
        [str(path) for path in files], statements.append, logger=messages, message_limit=50
    )
    return _without_comments(statements)


def _with_rooms(
    rooms: list[clingo.ast.AST], statements: list[clingo.ast.AST]
) -> list[clingo.ast.AST]:
    """``statements`` after the rooms program's if any of them reads ``in/3``."""
    if any(_reads(statement, "in", 3) for statement in statements):
        return _without_comments([*rooms, *statements])
    return statements


def _reads(node: clingo.ast.AST, name: str, arity: int) -> bool:
    """Whether ``node`` or a node below it is an atom ``name/arity`` or shows that predicate."""
    if node.ast_type == clingo.ast.ASTType.Function:
        if node.name == name and len(node.arguments) == arity:
            return True
    elif node.ast_type == clingo.ast.ASTType.ShowSignature:
        return bool(node.name == name and node.arity == arity)
    for key in node.child_keys:
        child = getattr(node, key)
        children = [child] if isinstance(child, clingo.ast.AST) else child or ()
        if any(_reads(grandchild, name, arity) for grandchild in children):
            return True
    return False


def _without_comments(statements: list[clingo.ast.AST]) -> list[clingo.ast.AST]:
    """The statements less comments and ``#program`` lines that repeat the current part.

    A set's comments outnumber its rules, and each statement handed to
    clingo costs a call; what remains grounds exactly as the whole.
    """
    kept: list[clingo.ast.AST] = []
    part = ""
    for statement in statements:
        if statement.ast_type == clingo.ast.ASTType.Comment:
            continue
        if statement.ast_type == clingo.ast.ASTType.Program:
            if (text := str(statement)) == part:
                continue
            part = text
        kept.append(statement)
    return kept


def _without_part(statements: list[clingo.ast.AST], name: str) -> list[clingo.ast.AST]:
    """The statements outside every ``#program name.`` part, which will not be ground."""
    kept: list[clingo.ast.AST] = []
    inside = False
    for statement in statements:
        if statement.ast_type == clingo.ast.ASTType.Program:
            inside = statement.name == name
        if not inside:
            kept.append(statement)
    return kept


def check_encoding(encoding: str | Path | EncodingSet, extra: Sequence[str | Path] = ()) -> None:
    """Load and ground an encoding set and extra files on a tiny puzzle, to report errors early.

    The puzzle has an irregular room unless the set takes rectangles only,
    so that the ``irregular`` program part is ground too.

    Raises
    ------
    EncodingError
        When a program cannot be found, parsed or grounded.
    """
    encodings = _as_encoding_set(encoding)
    probe = _PROBE if encodings.requires_rectangles else _IRREGULAR_PROBE
    grounded_control(probe, encodings, models=1, extra=extra)


def _as_encoding_set(encoding: str | Path | EncodingSet) -> EncodingSet:
    """Resolve a name or path to an encoding set."""
    return encoding if isinstance(encoding, EncodingSet) else resolve_encoding(encoding)


def _check_applicable(encodings: EncodingSet, puzzle: Puzzle) -> None:
    """Refuse a puzzle with irregular rooms for a rectangles-only set."""
    if encodings.requires_rectangles and not puzzle.is_rectangular:
        number = next(i for i, room in enumerate(puzzle.rooms, 1) if not room.is_rectangle)
        raise EncodingError(
            f"encoding {encodings.name!r} handles rectangular rooms only, "
            f"and room {number} is not a rectangle"
        )


class _Messages:
    """Collects clingo's messages, logging warnings as they come."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        """Receive one message from clingo."""
        if code == clingo.MessageCode.RuntimeError or "error:" in message:
            self.errors.append(message.strip())
        elif code == clingo.MessageCode.AtomUndefined:
            _LOG.info("%s", message.strip())
        else:
            _LOG.warning("%s", message.strip())


def _arguments(models: int, threads: int, options: Sequence[str]) -> list[str]:
    """The command line for clingo: up to ``models`` models (0: all), projected on shown atoms.

    Projection is on unless ``options`` (the set's or the caller's) choose a
    ``--project`` mode of their own, e.g. ``--project=no`` for a set whose
    shading fixes every other atom.
    """
    projection = [] if _gives_option(options, "--project") else ["--project"]
    arguments = [f"--models={models}", *projection, *options]
    if threads > 1:
        arguments.append(f"--parallel-mode={threads}")
    return arguments


@contextmanager
def _clingo_errors(messages: _Messages) -> Iterator[None]:
    """Turn clingo's RuntimeError into an EncodingError carrying its messages."""
    try:
        yield
    except RuntimeError as error:
        raise EncodingError("\n".join(messages.errors) or str(error)) from None


@dataclass(frozen=True)
class Search(Generic[T]):
    """What one search found.

    ``values`` holds each model as converted during the search, in order;
    ``result`` is clingo's, or None when the deadline passed first; ``core``
    holds the literals of the assumptions that made the problem
    unsatisfiable, when it is. ``spent`` counts the choices and conflicts of
    a quick start that was abandoned (clingo's statistics cover the last
    solve call only).
    """

    values: list[T]
    result: clingo.SolveResult | None
    core: tuple[int, ...] = ()
    spent: tuple[int, int] = (0, 0)


def search(
    control: clingo.Control,
    convert: Callable[[clingo.Model], T],
    deadline: float | None = None,
    assumptions: Assumptions = (),
) -> Search[T]:
    """Solve until clingo finishes or the deadline passes, converting each model found.

    ``assumptions`` are as `clingo.Control.solve` takes them: program
    literals the models must make true (negative: false), e.g. a
    `clingo.SymbolicAtom.literal`, or pairs of an atom and its truth value.

    Notes
    -----
    A model is valid only while ``convert`` runs, so ``convert`` must not
    keep it. Without a deadline the search first runs in this thread with a
    small budget, which settles most puzzles without the cost of starting a
    thread (Ctrl-C waits for that budget, well under a second); this is
    skipped when the control already has a solve limit of its own.
    Otherwise, or if that is not enough, the search runs in the background,
    polled, so that Ctrl-C and the deadline are seen within a fraction of a
    second.
    """
    settings = cast(clingo.Configuration, control.configuration.solve)
    if deadline is not None or str(settings.solve_limit) != _NO_SOLVE_LIMIT:
        return _polled_search(control, convert, deadline, assumptions)
    settings.solve_limit = str(QUICK_CONFLICTS)
    try:
        return _quick_search(control, convert, assumptions, int(str(settings.models)))
    finally:
        settings.solve_limit = _NO_SOLVE_LIMIT


def _quick_search(
    control: clingo.Control,
    convert: Callable[[clingo.Model], T],
    assumptions: Assumptions,
    models: int,
) -> Search[T]:
    """Search in this thread under the solve limit of `QUICK_CONFLICTS` conflicts already set.

    Enumerating stops at the first model found after `QUICK_SECONDS`, and
    ``models`` is how many the control asks for (0: all). When that did not
    settle the search, the limit is lifted and the search goes on polled.
    """
    values: list[T] = []
    core: list[int] = []
    stop = time.perf_counter() + QUICK_SECONDS

    def on_model(model: clingo.Model) -> bool:
        values.append(convert(model))
        return time.perf_counter() < stop

    result = control.solve(assumptions, on_model=on_model, on_core=core.extend)
    if result.exhausted or 0 < models <= len(values):
        return Search(values, result, tuple(core))
    choices, conflicts = _statistics(control, ("solving", "solvers"), ("choices", "conflicts"))
    cast(clingo.Configuration, control.configuration.solve).solve_limit = _NO_SOLVE_LIMIT
    polled = _polled_search(control, convert, None, assumptions)
    return replace(polled, spent=(choices, conflicts))


def _polled_search(
    control: clingo.Control,
    convert: Callable[[clingo.Model], T],
    deadline: float | None,
    assumptions: Assumptions,
) -> Search[T]:
    """Search in the background, polling for the deadline and Ctrl-C."""
    values: list[T] = []

    def on_model(model: clingo.Model) -> None:
        values.append(convert(model))

    with control.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
        while not handle.wait(_wait_slice(deadline)):
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                return Search(values, None)
        result: clingo.SolveResult = handle.get()
        return Search(values, result, tuple(handle.core()) if result.unsatisfiable else ())


def _wait_slice(deadline: float | None) -> float:
    """How long to block in one wait: short, so Ctrl-C and the deadline are seen."""
    if deadline is None:
        return _POLL_SECONDS
    return max(0.0, min(_POLL_SECONDS, deadline - time.perf_counter()))


def decode(model: clingo.Model, puzzle: Puzzle) -> Grid:
    """The grid whose black cells are the model's ``black/2`` atoms."""
    cells = _SHOWN_CELLS
    shown = model.symbols(shown=True)
    black = []
    for index, key in enumerate(_symbol_keys(shown)):
        cell = cells.get(key)
        if cell is None and key not in cells:
            cell = _remember_cell(key, shown[index])
        if cell is not None:
            black.append(cell)
    return grid_from_black(puzzle.width, puzzle.height, black)


def _symbol_keys(symbols: Sequence[clingo.Symbol]) -> list[Hashable]:
    """Keys that tell the symbols apart: clingo's own codes where they can be read.

    Hashing a `clingo.Symbol` costs a call into clingo (about a microsecond);
    the 64-bit code clingo keeps for each symbol is a plain int, read from the
    private array behind the sequence. Should that change, the symbols are
    the keys.
    """
    codes = getattr(symbols, "_p_symbols", None)
    return list(codes) if codes is not None else list(symbols)


def _remember_cell(key: Hashable, symbol: clingo.Symbol) -> Cell | None:
    """Read a shown symbol's cell from its text, once per process.

    Reading a symbol's text costs two calls into clingo, looking its key up
    in a dict none: clingo keeps every symbol for the life of the process,
    so the same atom has the same code in every control and the cache stays
    valid.
    """
    if len(_SHOWN_CELLS) >= _SHOWN_CELLS_LIMIT:
        _SHOWN_CELLS.clear()
    match = _BLACK_ATOM.fullmatch(str(symbol))
    cell = (int(match[1]), int(match[2])) if match else None
    _SHOWN_CELLS[key] = cell
    return cell


def _stats(
    control: clingo.Control,
    ground_seconds: float,
    solve_seconds: float,
    total: float,
    spent: tuple[int, int],
) -> SolveStats:
    """The statistics of the last solve call, plus the choices and conflicts ``spent`` before it."""
    atoms, rules = _statistics(control, ("problem", "lp"), ("atoms", "rules"))
    choices, conflicts = _statistics(control, ("solving", "solvers"), ("choices", "conflicts"))
    return SolveStats(
        ground_seconds=ground_seconds,
        solve_seconds=solve_seconds,
        total_seconds=total,
        atoms=atoms,
        rules=rules,
        choices=spent[0] + choices,
        conflicts=spent[1] + conflicts,
    )


def _statistics(control: clingo.Control, group: Sequence[str], names: Sequence[str]) -> list[int]:
    """Entries ``names`` of a group of the statistics of clingo's last solve; 0 for those absent.

    ``Control.statistics`` converts the whole tree (about a hundred entries)
    to dicts, which costs as much as solving a small puzzle, and clingo's
    lazy `StatisticsMap` (handed out for user statistics only) asks whether
    a key exists before each read. Here only the entries asked for are read,
    through clingo's C functions, reached by two of clingo's private names.
    Should they change, the full conversion is used.
    """
    try:
        internal = importlib.import_module("clingo._internal")
        call, library = internal._c_call, internal._lib
        tree = call("clingo_statistics_t*", library.clingo_control_statistics, control._rep)
        root = call("uint64_t", library.clingo_statistics_root, tree)
    except (ImportError, AttributeError, TypeError):
        node = functools.reduce(lambda node, name: node.get(name, {}), group, control.statistics)
        return [int(node.get(name, 0)) for name in names]

    def at(key: int, name: str) -> int:
        return int(call("uint64_t", library.clingo_statistics_map_at, tree, key, name.encode()))

    def value(parent: int, name: str) -> int:
        try:
            return int(call("double", library.clingo_statistics_value_get, tree, at(parent, name)))
        except RuntimeError:
            return 0

    try:
        parent = functools.reduce(at, group, root)
    except RuntimeError:
        return [0] * len(names)
    return [value(parent, name) for name in names]


def _result(
    models: list[Grid],
    unsatisfiable: bool,
    exhausted: bool,
    max_solutions: int,
    check_unique: bool,
    stats: SolveStats,
) -> SolveResult:
    """Interpret the collected models as a status, solutions and uniqueness."""
    if not models:
        status: Status = "unsatisfiable" if unsatisfiable else "timeout"
        return SolveResult(status, (), None, stats)
    solutions = tuple(models if max_solutions == 0 else models[:max_solutions])
    unique: bool | None = None
    if check_unique and len(models) > 1:
        unique = False
    elif check_unique and exhausted:
        unique = True
    return SolveResult("solved", solutions, unique, stats)
