"""One child process that runs calls and can be stopped whatever it is doing.

The parent sends the child a call; the child answers ``("started", None)``
as it starts it, then, for a call that reports as it goes, ``("report",
value)`` for each value it reports, then the outcome: ``("value",
result)``, ``("error", exception)`` or ``("failed", reason)``, after which
it ends.
The child leaves Ctrl-C to its parent, dies with it on Linux, and caps its
own memory. `heyawake_asp.runtime.isolation` builds the public runner on it.

multiprocessing (and what the child alone needs) is imported when a child
starts: a command that needs no child does not pay for it.
"""

from __future__ import annotations

import functools
import os
import signal
import stat
import sys
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from heyawake_asp.runtime.deadline import NEVER, Deadline

if TYPE_CHECKING:
    import multiprocessing.connection
    import multiprocessing.context

__all__ = ["Child", "memory_cap", "with_memory_to_spare"]

T = TypeVar("T")
_LONGEST_WAIT = 3600.0  # seconds one wait may block: the system's limit is far below 1e9
_MEMORY_HEADROOM = 0.9  # the share of the memory available that a child may take
_PR_SET_PDEATHSIG = 1
_SIGNAL_MASKS = hasattr(signal, "pthread_sigmask")  # not on Windows


class Child:
    """A process running the calls sent to it, one at a time, with at most ``memory_limit`` bytes.

    On Linux it is forked, whatever multiprocessing's default start method
    (``forkserver`` from Python 3.14): a fork starts in milliseconds and is
    this process's own child, so it can die with it. Elsewhere the platform's
    default is used. It ignores Ctrl-C (the parent handles it by stopping
    the child). It starts with the first call sent, so that the caller
    holds it before there is a process to stop: Ctrl-C may reach Python
    late, once another thread took the signal.

    Attributes
    ----------
    process : multiprocessing.process.BaseProcess
        The child process.
    deadline : Deadline
        When the call sent last is past its time.
    started : bool
        Whether the child has started the call sent last.
    kind : str or None
        That call's outcome once it is in: ``value``, ``error``, ``failed`` or ``died``.
    payload : Any
        The call's value or exception, or why the child failed or died.
    on_report : callable or None
        Called with each value the call sent last reports, as it is read.
    """

    def __init__(self, memory_limit: int | None) -> None:
        self._context = _context()
        self._pipe, self._there = self._context.Pipe()
        self.process = self._context.Process(
            target=_child_main, args=(memory_limit, self._there), daemon=True
        )
        self.deadline = NEVER
        self.started = False
        self.kind: str | None = None
        self.payload: Any = None
        self.on_report: Callable[[Any], None] | None = None

    def submit(
        self,
        call: Callable[..., Any],
        deadline: Deadline,
        on_report: Callable[[Any], None] | None = None,
    ) -> None:
        """Send ``call``, which is past its time at ``deadline``.

        With ``on_report``, the child calls ``call(report)``, and each value
        it passes to ``report`` is handed to ``on_report`` here as it is read.
        """
        self.deadline, self.started, self.kind = deadline, False, None
        self.on_report = on_report
        if self.process.pid is None:
            self._start()
        try:
            self._pipe.send((call, on_report is not None))
        except (OSError, EOFError):
            self._died()

    def _start(self) -> None:
        """Start the process, stopped again if Ctrl-C comes meanwhile."""
        try:
            with _ctrl_c_held(self._context.get_start_method()):
                self.process.start()
        except BaseException:  # e.g. the Ctrl-C held back during the start
            self.stop()
            raise
        finally:
            self._there.close()

    def poll(self) -> bool:
        """Read what the child has sent so far; whether the outcome is in."""
        while self.kind is None and self._pipe.poll():
            try:
                kind, payload = self._pipe.recv()
            except (OSError, EOFError):
                self._died()
            else:
                if kind == "started":
                    self.started = True
                elif kind == "report":
                    if self.on_report is not None:
                        self.on_report(payload)
                else:
                    self.kind, self.payload = kind, payload
        return self.kind is not None

    def stop(self) -> None:
        """End the process (if it was started and still runs) and close the pipe."""
        if self.process.pid is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        self._pipe.close()
        self._there.close()

    def _died(self) -> None:
        """Take the child's death, and why, as the outcome."""
        self.process.join()
        if self.process.exitcode == -signal.SIGKILL:
            reason = "the worker process was killed (by the system: out of memory?)"
        else:
            reason = f"the worker process died (exit code {self.process.exitcode})"
        self.kind, self.payload = "died", reason


def wait(children: Collection[Child], grace: float) -> list[Child]:
    """Block until some of ``children`` have an outcome or are ``grace`` past their deadline.

    Returns
    -------
    list of Child
        Those children.
    """
    import multiprocessing.connection

    while True:
        stop = min(child.deadline.end for child in children) + grace
        pipes = [child._pipe for child in children]
        ready = multiprocessing.connection.wait(
            pipes, min(max(0.0, stop - time.monotonic()), _LONGEST_WAIT)
        )
        now = time.monotonic()
        done = [child for child in children if child._pipe in ready and child.poll()]
        done += [
            child for child in children if child not in done and now >= child.deadline.end + grace
        ]
        if done:
            return done


def memory_cap(share: int = 1) -> int | None:
    """Bytes a child may take: its ``share`` of the memory available now (None if unknown).

    Below what the system could hand out, so that a program grounding out of
    hand fails with MemoryError before the out-of-memory killer ends anything.
    """
    available = _available_memory()
    return None if available is None else int(available * _MEMORY_HEADROOM) // max(1, share)


def _context() -> multiprocessing.context.ForkContext | multiprocessing.context.DefaultContext:
    """How children start: forked on Linux; elsewhere as multiprocessing's default says."""
    import multiprocessing

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
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    if start_method == "forkserver":
        from multiprocessing import forkserver  # POSIX only, like this start method

        forkserver.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _child_main(memory_limit: int | None, pipe: multiprocessing.connection.Connection) -> None:
    """A child's life: leave Ctrl-C to the parent, die with it, cap memory, run calls."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _SIGNAL_MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _let_go_of_inherited_sockets(pipe.fileno())
    _die_with_parent()
    _prepare_to_run_out_of_memory()
    _cap_memory(memory_limit)
    while True:
        try:
            call, reports = pipe.recv()
        except EOFError:
            return
        pipe.send(("started", None))
        outcome = _outcome(functools.partial(call, _reporter(pipe)) if reports else call)
        try:
            pipe.send(outcome)
        except Exception as error:  # noqa: BLE001 - the value could not be sent
            outcome = ("failed", f"the result could not be sent back: {error}")
            pipe.send(outcome)
        if outcome[0] == "failed":
            return


def _reporter(pipe: multiprocessing.connection.Connection) -> Callable[[Any], None]:
    """What a call calls to report a value to the parent as it goes."""

    def report(value: Any) -> None:
        pipe.send(("report", value))

    return report


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """``("value", result)``, ``("error", exception)`` or ``("failed", reason)``."""
    import pickle

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


def _let_go_of_inherited_sockets(pipe: int) -> None:
    """Point the sockets this forked child inherited, but ``pipe`` and stdio, at /dev/null.

    A fork holds copies of its parent's sockets, and a connection stays open
    while any copy does: one the parent closes (a server's idle keep-alive
    connection, another child's pipe) would stay open for the other end, a
    browser that then sends its next request into it and waits for an answer
    that never comes. The numbers stay taken, so that the parent's socket
    objects copied here close nothing of the child's should they be collected.
    """
    if not sys.platform.startswith("linux"):  # children are forked only there
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for name in os.listdir("/proc/self/fd"):
            descriptor = int(name)
            if descriptor in (pipe, null) or descriptor <= 2:  # its own, and standard streams
                continue
            try:
                if stat.S_ISSOCK(os.fstat(descriptor).st_mode):
                    os.dup2(null, descriptor)
            except OSError:  # the listing's own descriptor, closed since
                continue
    finally:
        os.close(null)


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (elsewhere: nothing)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(1)


def _prepare_to_run_out_of_memory() -> None:
    """Have the C++ runtime set up this thread's exception state while memory is free.

    It does so at the thread's first C++ exception; when that is clingo's
    ``std::bad_alloc`` under the cap, it cannot, and the process dies
    ("cannot allocate memory for thread-local data") instead of raising
    MemoryError. An unknown option makes clingo throw one, and report it.
    """
    import clingo

    try:
        clingo.Control(["--no-such-option"])
    except RuntimeError:
        pass


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


def with_memory_to_spare(spare: int, call: Callable[[], T]) -> T:
    """``call()`` with this process's address space capped at its size now plus ``spare``.

    Linux only (elsewhere the call runs under the child's cap alone).
    """
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return call()
    lift = _cap_memory(used + spare)
    try:
        return call()
    finally:
        lift()


def _cap_memory(limit: int | None) -> Callable[[], None]:
    """Cap this process's address space at ``limit`` bytes, where the system allows it.

    Returns
    -------
    Callable
        What puts the cap back as it was.
    """
    if limit is None:
        return _nothing
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limits = [value for value in (soft, hard, limit) if value != resource.RLIM_INFINITY]
        resource.setrlimit(resource.RLIMIT_AS, (min(limits), hard))
    except (ImportError, AttributeError, OSError, ValueError):
        return _nothing
    return functools.partial(resource.setrlimit, resource.RLIMIT_AS, (soft, hard))


def _nothing() -> None:
    """Do nothing."""
