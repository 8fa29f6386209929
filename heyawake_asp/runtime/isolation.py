"""Run calls in child processes, which can be stopped whatever they are doing.

clingo cannot interrupt grounding, and a large program can take minutes and
all the memory there is to ground. A child process can always be stopped: at
its deadline and `GRACE_SECONDS` (seconds given count from when the child
is handed the call: sending a large call takes time too; the grace lets a
call that keeps the deadline itself answer), on Ctrl-C, or by the memory
cap it sets itself. A `Worker` keeps one child for a batch of calls;
`run_each` runs calls side by side, each in a fresh child; `run` runs a
call in a worker, or in this process when there is none; `each_as_done`
yields outcomes as they come, for a caller that shows them as they do.

On Linux children are forked (`heyawake_asp.runtime.child`). Elsewhere the
platform's default start method is used, and a script that isolates calls
needs the ``__main__`` guard.

>>> import functools
>>> with Worker() as worker:
...     worker.run(functools.partial(pow, 2, 10), timeout=30.0)
1024
>>> list(run_each([functools.partial(pow, 2, n) for n in range(3)], timeout=None, jobs=2))
[1, 2, 4]
"""

from __future__ import annotations

import functools
import operator
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from typing import Any, TypeVar

from heyawake_asp.errors import OutOfTime
from heyawake_asp.runtime.child import Child, memory_cap, wait
from heyawake_asp.runtime.deadline import Deadline, as_deadline

__all__ = [
    "GRACE_SECONDS",
    "ChildFailed",
    "ChildOverdue",
    "Worker",
    "each_as_done",
    "in_order",
    "max_jobs",
    "run",
    "run_each",
]

T = TypeVar("T")
GRACE_SECONDS = 0.3
"""Seconds a call may run past its timeout (still grounding) before its child is stopped."""


class ChildFailed(Exception):
    """The child ended without a value: the call raised, ran out of memory or died."""


class ChildOverdue(ChildFailed):
    """The child was stopped at its time limit."""


class Worker:
    """Runs calls in a child process kept between calls, and replaced after one fails.

    Use it as a context manager, or `close` it, to end the child; `stop`
    ends a call from another thread.
    """

    def __init__(self, memory_limit: int | None = None) -> None:
        """``memory_limit``: bytes each child may take; by default its share when it starts."""
        self._memory_limit = memory_limit
        self._child: Child | None = None
        self._running: Child | None = None
        self._stopped = False

    def run(
        self,
        call: Callable[..., T],
        timeout: float | Deadline | None,
        on_report: Callable[[Any], None] | None = None,
    ) -> T:
        """``call()`` (which must pickle) in the child; Ctrl-C here stops the child.

        With ``on_report``, ``call(report)``: each value the call passes to
        ``report`` is handed to ``on_report`` here as it comes (so that what
        a call found before it was stopped is not lost).

        Raises
        ------
        ChildOverdue
            When the call still ran `GRACE_SECONDS` past ``timeout`` seconds
            from now (or that `Deadline`; a `Renewing` one renewed meanwhile,
            by ``on_report`` say, as renewed).
        ChildFailed
            When the child ran out of memory or died.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        deadline = as_deadline(timeout)
        for _ in range(2):  # a kept child may have died since: then once more, in a fresh one
            if self._stopped:
                raise ChildFailed("stopped")
            child = self._running = self._take_child()
            try:
                child.submit(call, deadline, on_report)
                if self._stopped:  # stopped while the child started: `stop` saw no process
                    child.process.kill()
                wait([child], GRACE_SECONDS)
                if child.kind == "died" and not child.started:
                    child.stop()
                    continue
                value = _result(child)
            except BaseException:
                if child.kind == "error":  # the call raised: the child is fine
                    self._child = child
                else:
                    child.stop()
                raise
            finally:
                self._running = None
            self._child = child
            return value  # type: ignore[no-any-return]
        raise ChildFailed("the worker process died before it could start the call")

    def stop(self) -> None:
        """End the call running now, from any thread: its `run` raises `ChildFailed`."""
        self._stopped = True
        child = self._running
        if child is not None and child.process.pid is not None:
            child.process.kill()

    def _take_child(self) -> Child:
        """The kept child if it still runs, else a fresh one."""
        child, self._child = self._child, None
        if child is not None:
            if child.process.is_alive():
                return child
            child.stop()
        return Child(memory_cap() if self._memory_limit is None else self._memory_limit)

    def close(self) -> None:
        """End the child, if there is one."""
        if self._child is not None:
            self._child.stop()
            self._child = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def run_each(
    calls: Sequence[Callable[[], T]], timeout: float | Deadline | None, jobs: int = 1
) -> Generator[T | ChildFailed, None, None]:
    """Run each call in a fresh child, ``jobs`` at a time; yield the outcomes in order.

    As `each_as_done`, which says what an outcome is, in the order of the
    calls. Leaving early (also on Ctrl-C) stops the children still running.
    """
    with closing(each_as_done(calls, timeout, jobs)) as done:
        yield from in_order(done)


def each_as_done(
    calls: Iterable[Callable[..., T]],
    timeout: float | Deadline | None,
    jobs: int = 1,
    on_report: Callable[[int, Any], None] | None = None,
) -> Generator[tuple[int, T | ChildFailed], None, None]:
    """Run each call in a fresh child, ``jobs`` at a time; yield ``(index, outcome)`` as each ends.

    ``timeout`` is seconds for each call from when its child is handed it,
    or one `Deadline` for them all. With ``on_report``, each call is called
    ``call(report)``, and each value it reports reaches ``on_report(index,
    value)`` here as it comes (`Worker.run`).

    No more than `max_jobs` children run at once: more would only share the
    processors and so slow each call down (and each takes memory). A call is
    taken from ``calls`` when a child is free for it: an iterator is read
    lazily (its `operator.length_hint`, else ``jobs``, counts the calls left,
    for the memory shares below).

    An outcome is the call's value, or the `ChildFailed` (`ChildOverdue` at
    the time limit) of a call that raised, ran out of memory or died. A
    fresh child for each call: one that has ground a large program stays
    slower afterwards. Each child may take its share of the memory
    available when it starts: one over the number of children that run at
    once (``jobs``, or fewer when fewer calls are left). Leaving early (also
    on Ctrl-C) stops the children still running.
    """
    jobs = min(jobs, max_jobs())
    waiting, started = iter(calls), 0
    running: dict[int, Child] = {}
    try:
        while True:
            while len(running) < jobs and (call := next(waiting, None)) is not None:
                at_once = min(jobs, len(running) + 1 + operator.length_hint(waiting, jobs))
                report = None if on_report is None else functools.partial(on_report, started)
                running[started] = Child(memory_cap(at_once))
                running[started].submit(call, as_deadline(timeout), report)
                started += 1
            if not running:
                return
            done = wait(running.values(), GRACE_SECONDS)
            for number in [number for number, child in running.items() if child in done]:
                yield number, _outcome(running.pop(number))
    finally:
        for child in running.values():
            child.stop()


def in_order(
    done: Iterable[tuple[int, T]], held: dict[int, T] | None = None
) -> Generator[T, None, None]:
    """The values of ``(index, value)`` pairs that come in any order, in index order from 0.

    A value that comes before its turn waits in ``held`` (by index): there a
    caller that stops early, on Ctrl-C say, still finds it.

    >>> list(in_order([(1, "b"), (0, "a"), (2, "c")]))
    ['a', 'b', 'c']
    """
    held = {} if held is None else held
    turn = 0
    for index, value in done:
        held[index] = value
        while turn in held:
            yield held.pop(turn)
            turn += 1


def as_outcome(call: Callable[[], T]) -> T | ChildFailed:
    """``call()``'s value, else the `ChildFailed` it failed with (not raised).

    What else the call raised is the `ChildFailed` ``TYPE: MESSAGE``.
    """
    try:
        return call()
    except ChildFailed as failure:
        return failure
    except Exception as error:  # noqa: BLE001 - what the call raised is its outcome
        return ChildFailed(f"{type(error).__name__}: {error}")


def max_jobs() -> int:
    """How many children may run at once: the processors this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)


def run(
    call: Callable[..., T],
    worker: Worker | None,
    deadline: Deadline,
    on_report: Callable[[Any], None] | None = None,
) -> T:
    """``call()`` in the worker's child, or in this process with no worker.

    With ``on_report``, ``call(on_report)`` in effect (`Worker.run`).

    In this process Ctrl-C ends the process at once (`_ctrl_c_ends_the_process`),
    as it ends a child: clingo's search never lets Python see it.

    Raises
    ------
    OutOfTime
        When the time is up before the call (then not started).
    ChildOverdue, ChildFailed, Exception
        As `Worker.run`; or what the call raised.
    """
    if deadline.passed:
        raise OutOfTime(deadline.overdue_message())
    if worker is not None:
        return worker.run(call, deadline, on_report)
    with _ctrl_c_ends_the_process():
        return call() if on_report is None else call(on_report)


@contextmanager
def _ctrl_c_ends_the_process() -> Iterator[None]:
    """Let Ctrl-C end this process at once in the block, as it would end a child.

    What was printed is flushed first; the exit status is that of a process
    ended by SIGINT (130 in a shell, which then stops its loop too).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:  # None: closed by the caller
            stream.flush()
    before = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _result(child: Child) -> Any:
    """The call's value; else raise its error, `ChildFailed` or (no outcome) `ChildOverdue`."""
    if child.kind == "value":
        return child.payload
    if child.kind == "error":
        raise child.payload
    if child.kind is not None:
        raise ChildFailed(child.payload)
    raise ChildOverdue(child.deadline.overdue_message())


def _outcome(child: Child) -> Any:
    """The call's value, else the `ChildFailed` it ended with (not raised); the child is stopped."""
    try:
        return as_outcome(functools.partial(_result, child))
    finally:
        child.stop()
