"""A clingo control with an encoding set and a puzzle's facts, loaded and ground.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> control, _ = grounded_control(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)), models=1)
>>> shown = []
>>> str(control.solve(on_model=lambda model: shown.extend(model.symbols(shown=True))))
'SAT'
>>> sorted(map(str, shown))
['black(0,0)', 'black(2,0)']
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import clingo

from heyawake_asp.asp.encodings import (
    DEFAULT_ENCODING,
    EncodingSet,
    as_encoding_set,
    encodings_dir,
    included_names,
    variant_program,
)
from heyawake_asp.asp.facts import puzzle_facts
from heyawake_asp.errors import EncodingError, PuzzleFormatError
from heyawake_asp.formats.source import read_source
from heyawake_asp.puzzle import Puzzle, Room
from heyawake_asp.variants import variant_named

__all__ = ["MAX_THREADS", "check_encoding", "ground_program", "grounded_control"]

MAX_THREADS = 64
"""clingo's limit on parallel solver threads."""
_LOGGER = "heyawake_asp.clingo"
"""The logger of clingo's messages other than errors (logging is imported for the first)."""
_PROBE = Puzzle(2, 2, (Room.rectangle(0, 0, 1, 0, 1), Room.rectangle(0, 1, 1, 1)))
_IRREGULAR_PROBE = Puzzle(
    2, 2, (Room(frozenset({(0, 0), (1, 0), (0, 1)}), 1), Room(frozenset({(1, 1)})))
)


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
    """A clingo control with the encoding, extra programs and puzzle loaded and ground.

    Parameters
    ----------
    models
        How many models a solve call computes; 0 computes all.
    extra
        More program files, loaded after the encoding's.
    facts
        More facts added after the puzzle's, e.g. for an analysis program in ``extra``.
    options
        More clingo command-line options, after those the encoding set declares.

    Returns
    -------
    tuple of clingo.Control and float
        The control and the seconds grounding took. Models are projected on
        the shown atoms (``--project``), so one shading is one model whatever
        auxiliary atoms an encoding has.

    Raises
    ------
    EncodingError
        When the encoding cannot be found, fails to load or ground, or cannot
        handle this puzzle (irregular rooms for a rectangles-only set).
    """
    encodings = as_encoding_set(encoding)
    _check_applicable(encodings, puzzle)
    return ground_program(
        _programs(encodings, puzzle, extra),
        "\n".join(filter(None, (puzzle_facts(puzzle), facts))),
        models=models,
        threads=threads,
        options=(*encodings.options, *options),
    )


def ground_program(
    files: Sequence[str | Path],
    facts: str,
    *,
    models: int = 0,
    threads: int = 1,
    options: Sequence[str] = (),
) -> tuple[clingo.Control, float]:
    """A clingo control with ``files`` and ``facts`` loaded and ground: every program's way in.

    `grounded_control` (a puzzle and an encoding set) and the steps engine's
    local and window programs (their own facts) come through here, with the
    same options (models projected on the shown atoms), messages and errors.

    Raises
    ------
    EncodingError
        When a file cannot be read, or clingo cannot parse or ground the program.
    """
    messages = _Messages()
    with _clingo_errors(messages):
        control = clingo.Control(
            _arguments(models, threads, options), logger=messages, message_limit=50
        )
        for path in files:
            _check_text(path)
            control.load(_loadable(path))
        control.add("base", [], facts)
        start = time.perf_counter()
        control.ground([("base", [])])
    return control, time.perf_counter() - start


def check_encoding(encoding: str | Path | EncodingSet, extra: Sequence[str | Path] = ()) -> None:
    """Load and ground an encoding set and extra files on a tiny puzzle, to report errors early.

    The puzzle has an irregular room unless the set takes rectangles only,
    so that the set's programs for irregular rooms are ground too.

    Raises
    ------
    EncodingError
        When a program cannot be found, parsed or ground.
    """
    encodings = as_encoding_set(encoding)
    probe = _PROBE if encodings.requires_rectangles else _IRREGULAR_PROBE
    grounded_control(probe, encodings, models=1, extra=extra)


def _check_applicable(encodings: EncodingSet, puzzle: Puzzle) -> None:
    """Refuse a puzzle with irregular rooms for a rectangles-only set."""
    if encodings.requires_rectangles and not puzzle.is_rectangular:
        index = next(i for i, room in enumerate(puzzle.rooms) if not room.is_rectangle)
        raise EncodingError(
            f"encoding {encodings.name!r} handles rectangular rooms only, "
            f"and {puzzle.room_name(index)} is not a rectangle"
        )


def _arguments(models: int, threads: int, options: Sequence[str]) -> list[str]:
    """The command line for clingo: ``models`` models (0: all), projected on the shown atoms."""
    arguments = [f"--models={models}", "--project", *options]
    if threads > 1:
        arguments.append(f"--parallel-mode={threads}")
    return arguments


def _programs(
    encodings: EncodingSet, puzzle: Puzzle, extra: Sequence[str | Path]
) -> tuple[str | Path, ...]:
    """The set's files, its irregular rooms' programs if needed, the variant's, ``extra``."""
    variant = variant_named(puzzle.variant)
    files, irregular = encodings.files, encodings.irregular
    if not variant.runs:
        files, irregular = encodings.without_run_rule()
    own = tuple(variant_program(name, encodings.variants) for name in variant.programs)
    return (*files, *(() if puzzle.is_rectangular else irregular), *own, *extra)


def _check_text(path: str | Path, seen: set[Path] | None = None) -> None:
    """Refuse a program or a file it includes that is not a sensible regular UTF-8 file.

    Checked before clingo reads them: clingo would read a device (a FIFO)
    forever, and a message quoting bytes that are not UTF-8 crashes its
    logger. An included file is looked for as clingo does: beside the file
    that includes it, else from here; one found nowhere is left to clingo.
    The package's own programs include only its own: not followed (every
    solve grounds them; a fifth of a small solve's time).
    """
    seen = set() if seen is None else seen
    where = os.path.abspath(path)
    included = _included_in(where, _stamp(path))
    if where.startswith(_shipped_programs()):
        return
    for name in included:
        found = next((p for p in (Path(path).parent / name, Path(name)) if p.exists()), None)
        if found is not None and (real := found.resolve()) not in seen:
            seen.add(real)
            _check_text(found, seen)


def _loadable(path: str | Path) -> str:
    """``path`` as clingo's loader takes it: UTF-8 text, else an `EncodingError` naming it."""
    name = str(path)
    if not name.isascii():
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:  # bytes no UTF-8 decodes, kept as lone surrogates
            shown = os.fsencode(name).decode("utf-8", "backslashreplace")
            raise EncodingError(f"{shown}: a file name that is not UTF-8 text") from None
    return name


@functools.cache
def _shipped_programs() -> str:
    """The folder of the package's programs, as an absolute path's prefix."""
    return os.path.join(os.path.abspath(encodings_dir()), "")


def _stamp(path: str | Path) -> tuple[int, int, int] | None:
    """What changes when the file at ``path`` does (None: no such file, as far as stat says)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


@functools.lru_cache(maxsize=1024)
def _included_in(path: str, _stamp: tuple[int, int, int] | None) -> tuple[str, ...]:
    """The files the program at ``path`` includes, once it is checked.

    Read again only when it changes (``_stamp``): every solve grounds the same few programs.
    """
    try:
        text = read_source(path)
    except PuzzleFormatError as error:
        raise EncodingError(str(error)) from None
    return tuple(included_names(text))


class _Messages:
    """Collects clingo's error messages, logging the others as they come."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        """Receive one message from clingo."""
        if code == clingo.MessageCode.RuntimeError or "error:" in message:
            self.errors.append(message.strip())
            return
        import logging

        level = logging.INFO if code == clingo.MessageCode.AtomUndefined else logging.WARNING
        logging.getLogger(_LOGGER).log(level, "%s", message.strip())


@contextmanager
def _clingo_errors(messages: _Messages) -> Iterator[None]:
    """Turn clingo's RuntimeError into an EncodingError carrying its messages."""
    try:
        yield
    except RuntimeError as error:
        raise EncodingError(_first_of(messages.errors) or str(error)) from None


def _first_of(errors: list[str]) -> str:
    """The first of clingo's error messages, with how many more there are (a garbage file: 50)."""
    more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
    return errors[0] + more if errors else ""
