"""The paths of steps of many puzzles, each walked in a child of its own: ``steps`` and ``grade``.

Every puzzle is read here first, each under its own ``--timeout`` (reading
counts against it), then walked in a child (`heyawake_asp.cli.corpora`),
side by side, with what is left of that limit; the paths come back in the
order the puzzles were given.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
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
    or for one puzzle the share of its cells settled. ``on_step`` is given
    each step as it comes, with its puzzle's source and its number in the
    path (on this machine only: a cluster sends a puzzle's steps with its
    path).

    On Ctrl-C, the paths done but not yet given and those under way, cut
    short after the steps found (status ``interrupted``; on this machine
    only: a cluster sends no steps before the whole path), in the order
    given; then KeyboardInterrupt.
    """
    entries = [_read(source, timeout) for source in sources]
    readable = [(entry, entry.puzzle) for entry in entries if entry.puzzle is not None]
    found: dict[int, list[Step]] = {number: [] for number in range(len(readable))}
    one = readable[0][1] if len(entries) == 1 and readable else None
    cells = None if one is None else one.cell_count
    held: dict[int, Walkthrough | ChildFailed] = {}
    with progress("walking" if one else label, cells or len(entries)) as advance:

        def arrived(number: int, step: Step) -> None:
            found[number].append(step)
            if on_step is not None:
                on_step(readable[number][0].source, len(found[number]), step)
            if one is not None:
                advance(len(step.cells))

        calls = [functools.partial(_walk, puzzle, entry.seconds) for entry, puzzle in readable]
        outcomes = each_in_order(calls, timeout, jobs, cluster, arrived, held)
        given = number = 0  # the entries given, the calls whose outcome was taken
        try:
            with closing(outcomes):
                for entry in entries:
                    if entry.puzzle is None:
                        walked = Walked(entry.source, None, None, entry.error)
                    else:
                        walked = _walked(entry, next(outcomes), found[number])
                        number += 1
                    given += 1
                    yield walked
                    advance(0 if one else 1)
        except KeyboardInterrupt:
            yield from _so_far(entries[given:], number, held, found)
            raise


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

    Those under way and without a step found yet are left out; the first
    entry read is call ``number``.
    """
    for entry in entries:
        if entry.puzzle is None:
            yield Walked(entry.source, None, None, entry.error)
            continue
        if number in held:
            yield _walked(entry, held[number], found[number])
        elif found[number]:
            walk = cut_short(entry.puzzle, found[number], "interrupted")
            yield Walked(entry.source, entry.puzzle, walk)
        number += 1
