"""Run calls in a child process, which can be stopped whatever it is doing.

clingo cannot interrupt grounding, and a large program can take minutes and
all the memory there is to ground. A child process can always be stopped:
at a deadline, on Ctrl-C, or by the memory cap it sets itself. A `Worker`
keeps its child for the next call, so a batch pays for one process start.

A call's deadline counts from when the child starts it. The call may lift
its deadline (`lift_deadline`) once the part that cannot be interrupted is
over, e.g. when clingo has ground and the search keeps its own time.

On Linux children are forked, whatever multiprocessing's default start
method (``forkserver`` from Python 3.14): a fork starts in milliseconds and
is this process's own child, so it can die with it. A forkserver's child
outlives a killed parent. Elsewhere the platform's default is used, and a
script that isolates calls needs the ``if __name__ == "__main__":`` guard.

>>> import functools
>>> with Worker() as worker:
...     worker.run(functools.partial(pow, 2, 10), limit=30.0)
1024
"""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any, Generic, TypeVar

__all__ = [
    "Child",
    "ChildFailed",
    "ChildOverdue",
    "Worker",
    "lift_deadline",
    "memory_cap",
    "wait_for_children",
]

T = TypeVar("T")
OUT_OF_MEMORY = "out of memory"
_LONGEST_WAIT = 3600.0
"""Seconds one wait may block (the operating system's limit is far shorter than 1e9)."""
_MEMORY_HEADROOM = 0.9
"""The share of the memory available when a child starts that the child may take."""
_PR_SET_PDEATHSIG = 1
_SIGNAL_MASKS = hasattr(signal, "pthread_sigmask")
"""Whether signals can be held back from a thread (not on Windows)."""
_PIPE: multiprocessing.connection.Connection | None = None
"""In a child, the pipe to the parent (for `lift_deadline`); None in the parent."""


class ChildFailed(Exception):
    """The child ended without a value: it ran out of memory or died."""


class ChildOverdue(ChildFailed):
    """The child was stopped at its deadline."""


class Child(Generic[T]):
    """A process that runs the calls sent to it, one at a time, each with a deadline.

    The process ignores Ctrl-C (the parent handles it by stopping the
    child), dies with its parent where the system allows, and may use at
    most ``memory_limit`` bytes of address space (None: no cap).
    """

    def __init__(self, memory_limit: int | None) -> None:
        context = _context()
        self.pipe, there = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_child_main, args=(memory_limit, there), daemon=True
        )
        try:
            with _ctrl_c_held(context.get_start_method()):
                self.process.start()
        except BaseException:  # e.g. the Ctrl-C held back during the start
            self.stop()
            raise
        finally:
            there.close()
        self.started = time.monotonic()
        self.deadline: float | None = None
        self.running = False
        self._limit: float | None = None
        self._outcome: tuple[str, Any] | None = None

    def submit(self, call: Callable[[], T], limit: float | None) -> None:
        """Send ``call`` (which must pickle), to be stopped ``limit`` seconds after it starts."""
        self._outcome, self.running, self._limit = None, False, limit
        try:
            self.pipe.send(call)
        except (OSError, EOFError):
            self._outcome = ("died", None)
        self.started = time.monotonic()

    @property
    def outcome_kind(self) -> str | None:
        """``value``, ``error``, ``failed`` or ``died`` once the outcome is in; else None."""
        return None if self._outcome is None else self._outcome[0]

    def overdue(self, now: float) -> bool:
        """Whether the deadline has passed at ``now`` (a `time.monotonic` reading)."""
        return self.deadline is not None and now >= self.deadline

    def poll(self) -> bool:
        """Read what the child has sent so far; whether the outcome is in."""
        while self._outcome is None and self.pipe.poll():
            try:
                kind, payload = self.pipe.recv()
            except (OSError, EOFError):
                kind, payload = "died", None
            if kind == "started":
                self.running, self.started = True, time.monotonic()
                self.deadline = None if self._limit is None else self.started + self._limit
            elif kind == "lift":
                self.deadline = None
            else:
                self._outcome = (kind, payload)
        return self._outcome is not None

    def outcome(self) -> T:
        """The call's value, once `poll` says it is in.

        Raises
        ------
        ChildFailed
            When the child ran out of memory or died without an answer.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        assert self._outcome is not None, "poll() first"
        kind, payload = self._outcome
        if kind == "value":
            return payload  # type: ignore[no-any-return]
        if kind == "error":
            raise payload
        if kind == "died":
            self.process.join()
            raise ChildFailed(_death(self.process.exitcode))
        raise ChildFailed(payload)

    def stop(self) -> None:
        """End the process (if it was started and still runs) and close the pipe."""
        if self.process.pid is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        self.pipe.close()


def _context() -> multiprocessing.context.ForkContext | multiprocessing.context.DefaultContext:
    """How children start: forked on Linux; elsewhere as multiprocessing's default says."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@contextmanager
def _ctrl_c_held(start_method: str) -> Iterator[None]:
    """Hold Ctrl-C back from this thread, and so from a child started meanwhile.

    The child starts with the signal blocked, ignores it, then unblocks it
    (`_child_main`): Ctrl-C can never kill it half started. Here, a Ctrl-C
    that came meanwhile arrives once the block ends. Helper processes of
    the other start methods are started first: inside the block the
    resource tracker would unblock the signal and a fork server keep it
    blocked for good.
    """
    if not _SIGNAL_MASKS:
        yield
        return
    if start_method != "fork":
        resource_tracker.ensure_running()
    if start_method == "forkserver":
        from multiprocessing import forkserver  # POSIX only, like this start method

        forkserver.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def wait_for_children(children: Collection[Child[Any]]) -> list[Child[Any]]:
    """Block until some child has an outcome or passes its deadline; those children."""
    while True:
        now = time.monotonic()
        left = [child.deadline - now for child in children if child.deadline is not None]
        timeout = min(max(0.0, min(left, default=_LONGEST_WAIT)), _LONGEST_WAIT)
        ready = multiprocessing.connection.wait([child.pipe for child in children], timeout)
        now = time.monotonic()
        done = [child for child in children if child.pipe in ready and child.poll()]
        done += [child for child in children if child not in done and child.overdue(now)]
        if done:
            return done


def lift_deadline() -> None:
    """In a child, tell the parent that the running call may now take its time; else nothing."""
    if _PIPE is not None:
        _PIPE.send(("lift", None))


def memory_cap(share: int = 1) -> int | None:
    """Bytes a child may take: its ``share`` of the memory available now (None if unknown).

    Below what the system could still hand out, so that a program grounding
    out of hand fails with MemoryError before the system's out-of-memory
    killer ends it (or something else).
    """
    available = _available_memory()
    return None if available is None else int(available * _MEMORY_HEADROOM) // max(1, share)


class Worker:
    """Runs calls in a child process kept between calls, and replaced after one fails.

    Use it as a context manager, or `close` it, to end the child.
    """

    def __init__(self, memory_limit: int | None = None) -> None:
        """``memory_limit``: bytes each child may take; by default `memory_cap` when it starts."""
        self._memory_limit = memory_limit
        self._child: Child[Any] | None = None

    def run(self, call: Callable[[], T], limit: float | None) -> T:
        """``call()`` in the child, stopped ``limit`` seconds after it starts; Ctrl-C stops it.

        Raises
        ------
        ChildOverdue
            When the deadline passed first.
        ChildFailed
            When the child ran out of memory or died.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        for _ in range(2):
            value = self._run_in(self._take_child(), call, limit)
            if value is not _NOT_STARTED:
                return value  # type: ignore[no-any-return]
        raise ChildFailed("the worker process died before it could start the call")

    def _run_in(self, child: Child[Any], call: Callable[[], Any], limit: float | None) -> Any:
        """Run ``call`` in ``child``; `_NOT_STARTED` when the child died before starting it.

        The child is kept for the next call only when it answered: a value,
        or an error the call raised.
        """
        try:
            child.submit(call, limit)
            wait_for_children([child])
            if not child.poll():
                raise ChildOverdue(f"stopped after the time limit of {limit:g} s")
            if child.outcome_kind == "died" and not child.running:
                child.stop()
                return _NOT_STARTED
            value = child.outcome()
        except BaseException as error:
            if child.outcome_kind == "error" and not isinstance(error, KeyboardInterrupt):
                self._child = child
            else:
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
        limit = memory_cap() if self._memory_limit is None else self._memory_limit
        return Child(limit)

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


_NOT_STARTED = object()


def _child_main(memory_limit: int | None, pipe: multiprocessing.connection.Connection) -> None:
    """A child's life: leave Ctrl-C to the parent, die with it, cap memory, run calls."""
    global _PIPE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _SIGNAL_MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with_parent()
    _limit_memory(memory_limit)
    _PIPE = pipe
    while True:
        try:
            call = pipe.recv()
        except EOFError:
            return
        pipe.send(("started", None))
        outcome = _outcome(call)
        try:
            pipe.send(outcome)
        except Exception as error:  # noqa: BLE001 - the value could not be sent
            outcome = ("failed", f"the result could not be sent back: {error}")
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


def _death(exitcode: int | None) -> str:
    """Why a child died, from its exit code."""
    if exitcode == -signal.SIGKILL:
        return "the worker process was killed (by the system: out of memory?)"
    return f"the worker process died (exit code {exitcode})"


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (elsewhere: nothing)."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(1)


def _available_memory() -> int | None:
    """Bytes of memory available: MemAvailable on Linux, else all physical memory."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return None


def _limit_memory(limit: int | None) -> None:
    """Cap this process's address space at ``limit`` bytes, where the system allows it."""
    if limit is None:
        return
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limits = [value for value in (soft, hard, limit) if value != resource.RLIM_INFINITY]
        resource.setrlimit(resource.RLIMIT_AS, (min(limits), hard))
    except (ImportError, AttributeError, OSError, ValueError):
        return
