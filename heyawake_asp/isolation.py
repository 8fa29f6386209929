"""Run calls in a child process, which can be stopped whatever it is doing.

clingo cannot interrupt grounding, and a large program can take minutes and
all the memory there is to ground. A child process can always be stopped:
at a deadline, on Ctrl-C, or by the memory cap it sets itself. A `Worker`
keeps its child for the next call, so a batch pays for one process start.

>>> import functools
>>> with Worker() as worker:
...     worker.run(functools.partial(pow, 2, 10), limit=30.0)
1024
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import time
from collections.abc import Callable, Collection
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any, Generic, TypeVar

__all__ = ["Child", "ChildFailed", "ChildOverdue", "Worker", "wait_for_children"]

T = TypeVar("T")
OUT_OF_MEMORY = "out of memory"


class ChildFailed(Exception):
    """The child ended without a value: it ran out of memory or died."""


class ChildOverdue(ChildFailed):
    """The child was stopped at its deadline."""


class Child(Generic[T]):
    """A process that runs the calls sent to it, one at a time, each with a deadline.

    The process ignores Ctrl-C (the parent handles it by stopping the
    child) and may use at most ``1 / memory_share`` of the machine's memory,
    where the system allows such a cap.
    """

    def __init__(self, memory_share: int = 1) -> None:
        self.pipe, there = multiprocessing.Pipe()
        self.process: BaseProcess = multiprocessing.Process(
            target=_child_main, args=(memory_share, there), daemon=True
        )
        self.process.start()
        there.close()
        self.started = time.monotonic()
        self.deadline: float | None = None

    def submit(self, call: Callable[[], T], limit: float | None) -> None:
        """Send ``call`` (which must pickle), to be stopped ``limit`` seconds from now."""
        self.pipe.send(call)
        self.started = time.monotonic()
        self.deadline = None if limit is None else self.started + limit

    def overdue(self, now: float) -> bool:
        """Whether the deadline has passed at ``now`` (a `time.monotonic` reading)."""
        return self.deadline is not None and now >= self.deadline

    def has_outcome(self) -> bool:
        """Whether the outcome (or the end of a dead child) is there to read."""
        return self.pipe.poll()

    def outcome(self) -> T:
        """The call's value, once `has_outcome`.

        Raises
        ------
        ChildFailed
            When the child ran out of memory or died without an answer; the
            child is stopped.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        try:
            kind, payload = self.pipe.recv()
        except EOFError:
            self.process.join()
            raise ChildFailed(
                f"the worker process died (exit code {self.process.exitcode})"
            ) from None
        if kind == "value":
            return payload  # type: ignore[no-any-return]
        if kind == "error":
            raise payload
        self.stop()
        raise ChildFailed(payload)

    def stop(self) -> None:
        """End the process (if it still runs) and close the pipe."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.pipe.close()


def wait_for_children(children: Collection[Child[Any]]) -> list[Child[Any]]:
    """Block until some child has an outcome or passes its deadline; those children."""
    deadlines = [child.deadline for child in children if child.deadline is not None]
    timeout = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
    ready = multiprocessing.connection.wait([child.pipe for child in children], timeout)
    now = time.monotonic()
    return [child for child in children if child.pipe in ready or child.overdue(now)]


class Worker:
    """Runs calls in a child process kept between calls, and replaced after one is stopped.

    Use it as a context manager, or `close` it, to end the child.
    """

    def __init__(self, memory_share: int = 1) -> None:
        self._memory_share = memory_share
        self._child: Child[Any] | None = None

    def run(self, call: Callable[[], T], limit: float | None) -> T:
        """``call()`` in the child, stopped after ``limit`` seconds; Ctrl-C stops it at once.

        Raises
        ------
        ChildOverdue
            When the deadline passed first.
        ChildFailed
            When the child ran out of memory or died.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        child: Child[T] = self._take_child()
        try:
            child.submit(call, limit)
            while not wait_for_children([child]):
                pass
            if not child.has_outcome():
                raise ChildOverdue(f"stopped after the time limit of {limit:g} s")
            value = child.outcome()
        except Exception as error:
            if isinstance(error, ChildFailed):
                child.stop()
            else:
                self._child = child
            raise
        except BaseException:
            child.stop()
            raise
        self._child = child
        return value

    def _take_child(self) -> Child[Any]:
        """The kept child if it still runs, else a fresh one."""
        child, self._child = self._child, None
        if child is not None and child.process.is_alive():
            return child
        if child is not None:
            child.stop()
        return Child(self._memory_share)

    def close(self) -> None:
        """End the child, if there is one."""
        if self._child is not None:
            self._child.stop()
            self._child = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _child_main(memory_share: int, pipe: multiprocessing.connection.Connection) -> None:
    """A child's life: leave Ctrl-C to the parent, cap memory, run calls until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _limit_memory(memory_share)
    while True:
        try:
            call = pipe.recv()
        except EOFError:
            return
        outcome = _outcome(call)
        pipe.send(outcome)
        if outcome[0] == "failed":
            return


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """``("value", result)``, ``("error", exception)`` or ``("failed", reason)``."""
    try:
        return "value", call()
    except MemoryError:
        return "failed", OUT_OF_MEMORY
    except Exception as error:  # noqa: BLE001 - handed to the parent to raise
        if _passable(error):
            return "error", error
        return "failed", f"{type(error).__name__}: {error}"


def _passable(error: Exception) -> bool:
    """Whether ``error`` survives being sent to the parent (not every exception unpickles)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001 - any failure means: send the message instead
        return False
    return True


def _limit_memory(share: int) -> None:
    """Let this process use at most ``1 / share`` of physical memory, where the system allows it."""
    try:
        import resource

        allowed = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // max(1, share)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limits = [limit for limit in (soft, hard, allowed) if limit != resource.RLIM_INFINITY]
        resource.setrlimit(resource.RLIMIT_AS, (min(limits), hard))
    except (ImportError, AttributeError, OSError, ValueError):
        return
