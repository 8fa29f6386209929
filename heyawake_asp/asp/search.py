"""clingo searches stopped at a deadline, with every model converted as it is found.

clingo searches in the calling thread; at the deadline a timer thread
interrupts it (`Alarm`). Handing the search to clingo's own thread and
waiting for it in slices would cost more than many a small question.

>>> from heyawake_asp.asp.control import grounded_control
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> control, _ = grounded_control(Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),)))
>>> found = search(control, lambda model: len(model.symbols(shown=True)))
>>> sorted(found.values), found.result.exhausted
([0, 1, 1, 2], True)
>>> stopped = search(control, lambda model: 1, until=lambda value: True)
>>> stopped.values, stopped.exhausted, stopped.in_time() is stopped
([1], False, True)
>>> from heyawake_asp.runtime.deadline import Deadline
>>> search(control, lambda model: 1, Deadline(0.0)).in_time()
Traceback (most recent call last):
...
heyawake_asp.errors.OutOfTime: stopped past the time limit
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

import clingo

from heyawake_asp.errors import OutOfTime
from heyawake_asp.runtime.deadline import NEVER, Deadline

__all__ = ["Alarm", "Search", "search"]

T = TypeVar("T")
Assumptions: TypeAlias = Sequence[int | tuple[clingo.Symbol, bool]]
"""Assumptions as `clingo.Control.solve` takes them: literals, or atoms with a truth value."""


@dataclass(frozen=True)
class Search(Generic[T]):
    """What one search found.

    ``values`` holds each model as converted during the search, in order;
    ``result`` is clingo's, or None when the deadline passed first; ``core``
    holds the literals of the assumptions that made the problem
    unsatisfiable, when it is.
    """

    values: list[T]
    result: clingo.SolveResult | None
    core: tuple[int, ...] = ()

    @property
    def unsatisfiable(self) -> bool:
        """Whether clingo proved that there is no model."""
        return self.result is not None and bool(self.result.unsatisfiable)

    @property
    def exhausted(self) -> bool:
        """Whether clingo enumerated every model."""
        return self.result is not None and bool(self.result.exhausted)

    def in_time(self) -> Search[T]:
        """The search itself, or `OutOfTime` when the deadline passed first."""
        if self.result is None:
            raise OutOfTime
        return self


class Alarm:
    """Interrupts, at ``deadline``, the search running through it; one timer for many searches.

    A deadline renewed meanwhile (`heyawake_asp.runtime.deadline.Renewing`)
    moves the alarm: when it rings early it is set again for the time left.
    The timer set last is cancelled once the alarm is gone.
    """

    def __init__(self, deadline: Deadline) -> None:
        self._deadline = deadline
        self._solving: clingo.Control | None = None
        self._timer = _Timer()
        weakref.finalize(self, self._timer.cancel)  # holds the timer's slot, not the alarm
        self._set()

    def _set(self) -> None:
        """Ring at the deadline (in a timer thread, in place of the one before)."""
        left = self._deadline.left()
        if left < threading.TIMEOUT_MAX:  # else never reached (`NEVER`, or centuries away)
            timer = threading.Timer(left, _ring, (weakref.ref(self),))
            timer.daemon = True
            self._timer.cancel()
            self._timer.current = timer
            timer.start()

    def ring(self) -> None:
        """Interrupt the search at the deadline; set the alarm again if it was renewed."""
        if self._deadline.passed:
            self.interrupt()
        else:
            self._set()

    def search(
        self,
        control: clingo.Control,
        convert: Callable[[clingo.Model], T],
        assumptions: Assumptions = (),
        until: Callable[[T], bool] | None = None,
        last_only: bool = False,
    ) -> Search[T]:
        """Solve until clingo finishes or the deadline passes, converting each model found.

        The search also stops after the first model whose value satisfies
        ``until``. A model is valid only while ``convert`` runs: ``convert``
        must not keep it. Python sees Ctrl-C only in ``convert``. With
        ``last_only``, only the last model is converted (a cautious
        enumeration's answer: its models are not passed to Python one by one).
        """
        values: list[T] = []
        core: list[int] = []
        stopped = False

        def on_model(model: clingo.Model) -> bool:
            nonlocal stopped
            values.append(convert(model))
            stopped = until is not None and until(values[-1])
            return not stopped

        def on_last(model: clingo.Model) -> None:
            values.append(convert(model))

        # Set before the clock is read: an interrupt from then on stops this search (one
        # sent before clingo starts stops it as it starts).
        self._solving = control
        try:
            if self._deadline.passed:
                return Search(values, None)
            if last_only:
                result = control.solve(assumptions, on_last=on_last, on_core=core.extend)
            else:
                result = control.solve(assumptions, on_model=on_model, on_core=core.extend)
        except RuntimeError:
            # clasp may refuse an interrupt that lands while core-guided optimisation resets
            # its root level ("You must not mess with my root level!", once in CI on a dense
            # room's bound): past the deadline that is the interrupt's doing, before it not.
            if not self._deadline.passed:
                raise
            return Search(values, None)
        finally:
            self._solving = None
        if result.interrupted and not stopped:
            if not self._deadline.passed:  # an interrupt clingo kept from a search before
                return self.search(control, convert, assumptions, until, last_only)
            return Search(values, None)
        return Search(values, result, tuple(core))

    def interrupt(self) -> None:
        """Stop the search running, or the next one as it starts."""
        if self._solving is not None:
            self._solving.interrupt()


def search(
    control: clingo.Control,
    convert: Callable[[clingo.Model], T],
    deadline: Deadline = NEVER,
    assumptions: Assumptions = (),
    until: Callable[[T], bool] | None = None,
) -> Search[T]:
    """One search to ``deadline``, as `Alarm.search`."""
    return Alarm(deadline).search(control, convert, assumptions, until)


@dataclass
class _Timer:
    """An alarm's timer thread, the one set last (None: never set)."""

    current: threading.Timer | None = None

    def cancel(self) -> None:
        """Cancel it (nothing once it has rung)."""
        if self.current is not None:
            self.current.cancel()


def _ring(alarm: weakref.ref[Alarm]) -> None:
    """`Alarm.ring`, unless the alarm is gone."""
    alive = alarm()
    if alive is not None:
        alive.ring()
