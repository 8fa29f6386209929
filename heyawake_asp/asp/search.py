"""One clingo search, stopped at a deadline, with every model converted as it is found.

>>> from heyawake_asp.asp.control import grounded_control
>>> from heyawake_asp.puzzle import Puzzle, Room
>>> control, _ = grounded_control(Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),)))
>>> found = search(control, lambda model: len(model.symbols(shown=True)))
>>> sorted(found.values), found.result.exhausted
([0, 1, 1, 2], True)
>>> stopped = search(control, lambda model: 1, until=lambda value: True)
>>> stopped.values, stopped.exhausted
([1], False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

import clingo

__all__ = ["Assumptions", "Search", "search"]

T = TypeVar("T")
Assumptions: TypeAlias = Sequence[int | tuple[clingo.Symbol, bool]]
"""Assumptions as `clingo.Control.solve` takes them: literals, or atoms with a truth value."""
_POLL_SECONDS = 0.05
"""How long one wait blocks: short, so that Ctrl-C and the deadline are seen at once."""


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


def search(
    control: clingo.Control,
    convert: Callable[[clingo.Model], T],
    deadline: float | None = None,
    assumptions: Assumptions = (),
    until: Callable[[T], bool] | None = None,
) -> Search[T]:
    """Solve until clingo finishes or the deadline passes, converting each model found.

    ``deadline`` is a `time.perf_counter` reading (None: no limit); the
    search also stops after the first model whose value satisfies ``until``.

    Notes
    -----
    Without a deadline clingo searches in this thread, where Python sees
    Ctrl-C (KeyboardInterrupt) only in ``convert``, at a model. With one, it
    searches in its background thread while this one waits in short slices,
    watching the clock and Ctrl-C; leaving cancels the search. Handing the
    search to that thread and back costs more than a small puzzle's whole
    search, hence the two ways. A model is valid only while ``convert`` runs: ``convert`` must
    not keep it.
    """
    values: list[T] = []

    def on_model(model: clingo.Model) -> bool:
        values.append(convert(model))
        return until is None or not until(values[-1])

    if deadline is None:
        core: list[int] = []
        result = control.solve(assumptions, on_model=on_model, on_core=core.extend)
        return Search(values, result, tuple(core))
    with control.solve(assumptions, on_model=on_model, async_=True) as handle:
        while not handle.wait(_wait_slice(deadline)):
            if time.perf_counter() >= deadline:
                handle.cancel()
                return Search(values, None)
        result = handle.get()
        return Search(values, result, tuple(handle.core()) if result.unsatisfiable else ())


def _wait_slice(deadline: float) -> float:
    """How long to block in one wait: `_POLL_SECONDS`, or less if the deadline comes sooner."""
    return max(0.0, min(_POLL_SECONDS, deadline - time.perf_counter()))
