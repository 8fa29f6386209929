"""Run calls in child processes, which can be stopped whatever they are doing.

clingo cannot interrupt grounding, and a large program can take minutes and
all the memory there is to ground. A child process can always be stopped: at
its time limit (its ``timeout`` and `GRACE_SECONDS`, counted from when it
starts the call, so that a call keeping its own timeout answers in time), on
Ctrl-C, or by the memory cap it sets itself. A `Worker` keeps one child for a
batch of calls; `run_each` runs calls side by side, each in a fresh child.

On Linux children are forked, whatever multiprocessing's default start method
(``forkserver`` from Python 3.14): a fork starts in milliseconds and is this
process's own child, so it can die with it. Elsewhere the platform's default
is used, and a script that isolates calls needs the ``__main__`` guard.

>>> import functools
>>> with Worker() as worker:
...     worker.run(functools.partial(pow, 2, 10), timeout=30.0)
1024
>>> list(run_each([functools.partial(pow, 2, n) for n in range(3)], timeout=None, jobs=2))
[1, 2, 4]
"""

from __future__ import annotations

import ctypes
import math
import multiprocessing
import multiprocessing.connection
import multiprocessing.context
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Any, TypeVar

__all__ = ["GRACE_SECONDS", "ChildFailed", "ChildOverdue", "Worker", "run_each"]

T = TypeVar("T")
GRACE_SECONDS = 1.0
"""Seconds a call may run past its timeout (still grounding) before its child is stopped."""
_LONGEST_WAIT = 3600.0  # seconds one wait may block: the system's limit is far below 1e9
_MEMORY_HEADROOM = 0.9  # the share of the memory available that a child may take
_PR_SET_PDEATHSIG = 1
_SIGNAL_MASKS = hasattr(signal, "pthread_sigmask")  # not on Windows


class ChildFailed(Exception):
    """The child ended without a value: the call raised, ran out of memory or died."""


class ChildOverdue(ChildFailed):
    """The child was stopped at its time limit."""


class Worker:
    """Runs calls in a child process kept between calls, and replaced after one fails.

    Use it as a context manager, or `close` it, to end the child.
    """

    def __init__(self, memory_limit: int | None = None) -> None:
        """``memory_limit``: bytes each child may take; by default its share when it starts."""
        self._memory_limit = memory_limit
        self._child: _Child | None = None

    def run(self, call: Callable[[], T], timeout: float | None) -> T:
        """``call()`` (which must pickle) in the child; Ctrl-C here stops the child.

        Raises
        ------
        ChildOverdue
            When the call still ran `GRACE_SECONDS` past ``timeout``.
        ChildFailed
            When the child ran out of memory or died.
        Exception
            Whatever the call raised, when it can be passed between processes.
        """
        for _ in range(2):  # a kept child may have died since: then once more, in a fresh one
            child = self._take_child()
            try:
                child.submit(call, timeout)
                _wait([child])
                if child.kind == "died" and not child.started:
                    child.stop()
                    continue
                value = child.result()
            except BaseException:
                if child.kind == "error":  # the call raised: the child is fine
                    self._child = child
                else:
                    child.stop()
                raise
            self._child = child
            return value  # type: ignore[no-any-return]
        raise ChildFailed("the worker process died before it could start the call")

    def _take_child(self) -> _Child:
        """The kept child if it still runs, else a fresh one."""
        child, self._child = self._child, None
        if child is not None:
            if child.process.is_alive():
                return child
            child.stop()
        return _Child(_memory_cap() if self._memory_limit is None else self._memory_limit)

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
    calls: Sequence[Callable[[], T]], timeout: float | None, jobs: int = 1
) -> Generator[T | ChildFailed, None, None]:
    """Run each call in a fresh child, ``jobs`` at a time; yield the outcomes in order.

    An outcome is the call's value, or the `ChildFailed` (`ChildOverdue` at
    the time limit) of a call that raised, ran out of memory or died. A
    fresh child for each call: one that has ground a large program stays
    slower afterwards. Each child may take its share (``1 / jobs``) of the
    memory available when it starts. Leaving early (also on Ctrl-C) stops
    the children still running.
    """
    waiting = list(enumerate(calls))[::-1]
    running: dict[int, _Child] = {}
    finished: dict[int, Any] = {}
    try:
        for index in range(len(calls)):
            while index not in finished:
                while waiting and len(running) < jobs:
                    number, call = waiting.pop()
                    running[number] = _Child(_memory_cap(jobs))
                    running[number].submit(call, timeout)
                done = _wait(running.values())
                for number in [number for number, child in running.items() if child in done]:
                    finished[number] = _outcome_of(running.pop(number))
            yield finished.pop(index)
    finally:
        for child in running.values():
            child.stop()


def _outcome_of(child: _Child) -> Any:
    """The value of a child that answered or is overdue, else its failure; the child is stopped."""
    try:
        return child.result()
    except ChildFailed as failure:
        return failure
    except Exception as error:  # noqa: BLE001 - what the call raised is its outcome
        return ChildFailed(f"{type(error).__name__}: {error}")
    finally:
        child.stop()


class _Child:
    """A process running the calls sent to it, one at a time, with at most ``memory_limit`` bytes.

    It ignores Ctrl-C (the parent handles it by stopping the child) and dies
    with its parent where the system allows.
    """

    def __init__(self, memory_limit: int | None) -> None:
        context = _context()
        self.pipe, there = context.Pipe()
        self.process = context.Process(target=_child_main, args=(memory_limit, there), daemon=True)
        try:
            with _ctrl_c_held(context.get_start_method()):
                self.process.start()
        except BaseException:  # e.g. the Ctrl-C held back during the start
            self.stop()
            raise
        finally:
            there.close()
        self.timeout: float | None = None
        self.deadline = math.inf
        self.started = False
        self.kind: str | None = None
        """``value``, ``error``, ``failed`` or ``died`` once the outcome is in."""
        self.payload: Any = None

    def submit(self, call: Callable[[], Any], timeout: float | None) -> None:
        """Send ``call``, to be stopped `GRACE_SECONDS` past ``timeout`` after it starts."""
        self.timeout, self.deadline, self.started, self.kind = timeout, math.inf, False, None
        try:
            self.pipe.send(call)
        except (OSError, EOFError):
            self.kind = "died"

    def poll(self) -> bool:
        """Read what the child has sent so far; whether the outcome is in."""
        while self.kind is None and self.pipe.poll():
            try:
                kind, self.payload = self.pipe.recv()
            except (OSError, EOFError):
                kind = "died"
            if kind != "started":
                self.kind = kind
                continue
            self.started = True  # the time limit counts from here
            if self.timeout is not None:
                self.deadline = time.monotonic() + self.timeout + GRACE_SECONDS
        return self.kind is not None

    def result(self) -> Any:
        """The call's value; else raise its error, `ChildFailed` or (no outcome) `ChildOverdue`."""
        if self.kind == "value":
            return self.payload
        if self.kind == "error":
            raise self.payload
        if self.kind == "died":
            self.process.join()
            raise ChildFailed(_death(self.process.exitcode))
        if self.kind == "failed":
            raise ChildFailed(self.payload)
        raise ChildOverdue(f"stopped past the time limit of {self.timeout:g} s")

    def stop(self) -> None:
        """End the process (if it was started and still runs) and close the pipe."""
        if self.process.pid is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        self.pipe.close()


def _wait(children: Collection[_Child]) -> list[_Child]:
    """Block until some children have an outcome or are past their deadline; those children."""
    while True:
        left = min(child.deadline for child in children) - time.monotonic()
        pipes = [child.pipe for child in children]
        ready = multiprocessing.connection.wait(pipes, min(max(0.0, left), _LONGEST_WAIT))
        now = time.monotonic()
        done = [child for child in children if child.pipe in ready and child.poll()]
        done += [child for child in children if child not in done and now >= child.deadline]
        if done:
            return done


def _context() -> multiprocessing.context.ForkContext | multiprocessing.context.DefaultContext:
    """How children start: forked on Linux; elsewhere as multiprocessing's default says."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@contextmanager
def _ctrl_c_held(start_method: str) -> Iterator[None]:
    """Hold Ctrl-C back from this thread, and so from a child started meanwhile.

    The child ignores the signal before it unblocks it (`_child_main`), so
    Ctrl-C never kills it half started; here it arrives once the block ends.
    Helpers of the other start methods start first: inside the block the
    resource tracker would unblock the signal, a fork server keep it blocked.
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


def _memory_cap(share: int = 1) -> int | None:
    """Bytes a child may take: its ``share`` of the memory available now (None if unknown).

    Below what the system could hand out, so that a program grounding out of
    hand fails with MemoryError before the out-of-memory killer ends anything.
    """
    available = _available_memory()
    return None if available is None else int(available * _MEMORY_HEADROOM) // max(1, share)


def _child_main(memory_limit: int | None, pipe: multiprocessing.connection.Connection) -> None:
    """A child's life: leave Ctrl-C to the parent, die with it, cap memory, run calls."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _SIGNAL_MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with_parent()
    _limit_memory(memory_limit)
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
        return "failed", "out of memory"
    except Exception as error:  # noqa: BLE001 - handed to the parent to raise
        try:  # not every exception survives the way to the parent
            pickle.loads(pickle.dumps(error))
        except Exception:  # noqa: BLE001 - any failure means: send the message instead
            return "failed", f"{type(error).__name__}: {error}"
        return "error", error


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
