"""The questions of one walk under one deadline: past it, a question raises `OutOfTime`.

At the deadline a timer thread interrupts the question clingo is working
on (clingo's searches run without their own deadline: a search with one
waits in slices, which costs more than many of a walk's small questions).

>>> from heyawake_asp.asp.control import grounded_control
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> control, _ = grounded_control(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),)))
>>> len(Clock(None).search(control, lambda model: None, []).values)  # .., #. and .#
3
>>> Clock(0.0).search(control, lambda model: None, [])
Traceback (most recent call last):
...
heyawake_asp.steps.clock.OutOfTime
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from typing import TypeVar

import clingo

from heyawake_asp.asp.search import Search, search

__all__ = ["Clock", "OutOfTime"]

T = TypeVar("T")


class OutOfTime(TimeoutError):
    """A question was still open at the deadline."""


class Clock:
    """Asks clingo questions until ``deadline`` (a `time.perf_counter` reading; None: never)."""

    def __init__(self, deadline: float | None) -> None:
        self._deadline = deadline
        self._solving: clingo.Control | None = None
        if deadline is not None:
            seconds = max(0.0, deadline - time.perf_counter())
            timer = threading.Timer(seconds, _interrupt, (weakref.ref(self),))
            timer.daemon = True
            timer.start()

    def search(
        self, control: clingo.Control, convert: Callable[[clingo.Model], T], assumed: list[int]
    ) -> Search[T]:
        """`heyawake_asp.asp.search.search` with ``assumed``, or `OutOfTime`."""
        # Set before the clock is read: an interrupt from then on stops this search.
        self._solving = control
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise OutOfTime
        found = search(control, convert, assumptions=assumed)
        self._solving = None
        if found.result is not None and found.result.interrupted:
            raise OutOfTime
        return found

    def interrupt(self) -> None:
        """Stop the question being asked, or the next one as it starts."""
        if self._solving is not None:
            self._solving.interrupt()


def _interrupt(clock: weakref.ref[Clock]) -> None:
    """`Clock.interrupt`, unless the clock is gone (its walk is over)."""
    alive = clock()
    if alive is not None:
        alive.interrupt()
