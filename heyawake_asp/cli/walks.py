"""The paths of steps of puzzles, each walked in a child of its own: ``steps`` and ``grade``.

Each puzzle is read here as a child is free to walk it, under its own
``--timeout`` (reading counts against it), then walked in the child
(`heyawake_asp.cli.corpora`), side by side, with what is left of that
limit; the paths come back in the order the puzzles were given.
"""

from __future__ import annotations

import functools
import signal
import threading
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass

import click

from heyawake_asp.cli.common import progress, read_puzzle_or_fail
from heyawake_asp.cli.corpora import each_in_order
from heyawake_asp.errors import so_far
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.runtime.deadline import as_deadline
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue
from heyawake_asp.steps import Step, Walkthrough, cut_short, steps, timed_out

__all__: list[str] = []


@dataclass(frozen=True)
class Walked:
    """One puzzle's path as a command reports it; without one (``walk`` None), ``error`` says why.

    ``puzzle`` is None when the source could not be read.
    """

    source: str
    puzzle: Puzzle | None
    walk: Walkthrough | None
    error: str = ""


@dataclass(frozen=True)
class _Read:
    """A source read (or not: ``puzzle`` None) with the seconds left of its limit (None: none)."""

    source: str
    puzzle: Puzzle | None
    seconds: float | None
    error: str = ""


class _Reader:
    """The sources, each read when first asked for; as an iterator, the walks of those read.

    `entry` reads up to the one asked for. Iterated (by `each_in_order`, as
    children free), it reads on to the next puzzle that can be read and
    gives the call that walks it; `walked` holds their entries, by call.
    """

    def __init__(self, sources: Sequence[str], timeout: float | None) -> None:
        self._sources, self._timeout = sources, timeout
        self.entries: list[_Read] = []
        self.walked: list[_Read] = []
        self._taken = 0

    def entry(self, number: int) -> _Read:
        """Source ``number`` read (now, if not yet)."""
        while len(self.entries) <= number:
            self.entries.append(_read(self._sources[len(self.entries)], self._timeout))
        return self.entries[number]

    def __iter__(self) -> _Reader:
        return self

    def __next__(self) -> Callable[..., Walkthrough]:
        while self._taken < len(self._sources):
            entry = self.entry(self._taken)
            self._taken += 1
            if entry.puzzle is not None:
                self.walked.append(entry)
                return functools.partial(_walk, entry.puzzle, entry.seconds)
        raise StopIteration

    def __length_hint__(self) -> int:
        """At most as many calls left as sources (for each child's share of the memory)."""
        return len(self._sources) - self._taken


def walk_each(
    sources: Sequence[str],
    timeout: float | None,
    jobs: int,
    cluster: str | None,
    label: str,
    on_step: Callable[[str, int, Step], None] | None = None,
) -> Iterator[Walked]:
    """Each source's path of steps, in the order given.

    A path cut at the time limit holds the steps found by then (status
    ``timeout``). Progress on a terminal, under ``label``: the puzzles done,
    or for one puzzle the share of its cells settled; it ends before the
    last path is given. ``on_step`` is given each step as it comes, with its
    puzzle's source and its number in the path (on this machine only: a
    cluster sends a puzzle's steps with its path).

    On Ctrl-C, the paths done but not yet given and those under way, cut
    short after the steps found (status ``interrupted``; on this machine
    only: a cluster sends no steps before the whole path), in the order
    given (`_so_far`); then KeyboardInterrupt.
    """
    reader = _Reader(sources, timeout)
    one = reader.entry(0).puzzle if len(sources) == 1 else None
    found: defaultdict[int, list[Step]] = defaultdict(list)
    held: dict[int, Walkthrough | ChildFailed] = {}
    bar = ExitStack()
    shown = progress("walking" if one else label, len(sources) if one is None else one.cell_count)
    advance = bar.enter_context(shown)

    def arrived(number: int, step: Step) -> None:
        with _ctrl_c_after():  # a step is both given on and kept for a path cut short, or neither
            if on_step is not None:
                on_step(reader.walked[number].source, len(found[number]) + 1, step)
            found[number].append(step)
        if one is not None:
            advance(len(step.cells))

    outcomes = each_in_order(reader, timeout, jobs, cluster, arrived, held)
    given = number = 0  # the entries given, the calls whose outcome was taken
    try:
        with bar, closing(outcomes):
            for given in range(len(sources)):
                entry = reader.entry(given)
                if entry.puzzle is None:
                    walked = Walked(entry.source, None, None, entry.error)
                else:
                    walked = _walked(entry, next(outcomes), found[number])
                    number += 1
                advance(0 if one else 1)
                if given == len(sources) - 1:
                    bar.close()  # done before the last path is shown
                yield walked
    except KeyboardInterrupt:
        yield from _so_far(reader.entries[given:], number, held, found)
        raise


@contextmanager
def _ctrl_c_after() -> Iterator[None]:
    """Hold a Ctrl-C that comes in the block until it ends (in the main thread, where it lands)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        signal.raise_signal(signal.SIGINT)  # as if it came now


def _read(source: str, timeout: float | None) -> _Read:
    """The source read within its time limit, and the seconds left of it; or why it cannot be."""
    deadline = as_deadline(timeout)
    try:
        puzzle = read_puzzle_or_fail(source, deadline, explaining=True)
    except click.ClickException as error:
        return _Read(source, None, None, error.message)
    return _Read(source, puzzle, None if timeout is None else deadline.left())


def _walk(
    puzzle: Puzzle, seconds: float | None, report: Callable[[Step], None] | None = None
) -> Walkthrough:
    """In a child: the path, each step reported as it is found; past the time, the path so far."""
    return so_far(steps, puzzle, as_deadline(seconds), report)


def _walked(entry: _Read, outcome: Walkthrough | ChildFailed, found: Sequence[Step]) -> Walked:
    """What a child's outcome says of the puzzle: its path, or why it has none.

    A child stopped at the time limit while clingo ground: the steps ``found`` before.
    """
    assert entry.puzzle is not None  # only the puzzles read are walked
    if isinstance(outcome, ChildOverdue):
        return Walked(entry.source, entry.puzzle, timed_out(entry.puzzle, found))
    if isinstance(outcome, ChildFailed):
        return Walked(entry.source, entry.puzzle, None, f"{entry.source}: {outcome}")
    return Walked(entry.source, entry.puzzle, outcome)


def _so_far(
    entries: Sequence[_Read],
    number: int,
    held: dict[int, Walkthrough | ChildFailed],
    found: dict[int, list[Step]],
) -> Iterator[Walked]:
    """After Ctrl-C, of the ``entries`` not given yet: those unread, done, or under way (cut short).

    The first entry walked is call ``number``, whose turn it was: under way
    (the calls start in order), it is cut short even before a step. A later
    one without a step found yet is left out: it may not have started.
    """
    turn = number
    for entry in entries:
        if entry.puzzle is None:
            yield Walked(entry.source, None, None, entry.error)
            continue
        if number in held:
            yield _walked(entry, held[number], found[number])
        elif found[number] or number == turn:
            walk = cut_short(entry.puzzle, found[number], "interrupted")
            yield Walked(entry.source, entry.puzzle, walk)
        number += 1
