"""Run calls on a Dask cluster, each in a fresh child process on a worker, under its limits.

For a corpus that outgrows one machine: each call is a task sent to the
Dask scheduler at an address (``distributed``, the 'cluster' extra), and
the worker that takes it runs it as `heyawake_asp.runtime.isolation` runs
a call here: in a child of its own that can be stopped while clingo
grounds, at the call's time limit (counted on the worker, from when its
child is handed the call), with its share of the worker's memory (one over
the worker's threads, each of which runs a task at once).

Dask does not stop a task that runs: leaving early (Ctrl-C) sets a Dask
`Event` that each task watches, and a task that sees it stops its child.
The workers need this package installed (calls pickle by reference) and,
to start children, to be no daemonic processes: ``dask worker`` starts
them so unless ``DASK_DISTRIBUTED__WORKER__DAEMON=False`` is set.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import threading
import uuid
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from heyawake_asp.runtime.child import memory_cap
from heyawake_asp.runtime.isolation import ChildFailed, Worker, as_outcome

__all__ = ["CLUSTER_EXTRA", "Cluster", "ClusterUnavailable", "require_extra"]

T = TypeVar("T")
CLUSTER_EXTRA = "the 'cluster' extra: pip install 'heyawake-asp[cluster]'"
CONNECT_SECONDS = 10.0
"""How long to try to reach the scheduler before giving up."""
WATCH_SECONDS = 1.0
"""How often a task asks the scheduler whether the run was stopped."""
DAEMONIC = (
    "this Dask worker is a daemonic process, which cannot start the child a puzzle runs in: "
    "start the workers with DASK_DISTRIBUTED__WORKER__DAEMON=False"
)


class ClusterUnavailable(Exception):
    """No cluster to run on: the 'cluster' extra is not installed, or no scheduler answers."""


def require_extra() -> None:
    """Raise `ClusterUnavailable`, saying how to install it, when the 'cluster' extra is missing."""
    if importlib.util.find_spec("distributed") is None:
        raise ClusterUnavailable(f"needs dask's distributed: {CLUSTER_EXTRA}")


class Cluster:
    """A connection to the Dask scheduler at ``address`` (``tcp://host:8786``).

    Use it as a context manager, or `close` it.

    Raises
    ------
    ClusterUnavailable
        When ``distributed`` is not installed, or no scheduler answers
        within `CONNECT_SECONDS`.
    """

    def __init__(self, address: str) -> None:
        require_extra()
        import distributed

        try:
            self._client = distributed.Client(
                address, timeout=CONNECT_SECONDS, set_as_default=False
            )
        except Exception as error:  # noqa: BLE001 - a bad address or an unreachable one
            why = str(error) or type(error).__name__
            raise ClusterUnavailable(f"no Dask scheduler answers at {address}: {why}") from None
        self._distributed = distributed

    def each_as_done(
        self, calls: Iterable[Callable[[], T]], timeout: float | None
    ) -> Generator[tuple[int, T | ChildFailed], None, None]:
        """Run each call on the cluster; yield ``(index, outcome)`` as each ends.

        An outcome is as `heyawake_asp.runtime.isolation.each_as_done` says:
        the call's value or the `ChildFailed` it ended with (also a task the
        cluster lost). ``timeout`` is seconds for each call from when its
        child on the worker is handed it. Leaving early stops the calls.
        """
        stop = self._distributed.Event(f"heyawake-stop-{uuid.uuid4().hex}", self._client)
        futures = [
            self._client.submit(_in_child, call, timeout, stop.name, pure=False) for call in calls
        ]
        numbers = {future.key: number for number, future in enumerate(futures)}
        try:
            for future in self._distributed.as_completed(futures, loop=self._client.loop):
                yield numbers[future.key], as_outcome(future.result)
        finally:
            stop.set()
            self._client.cancel(futures)

    def close(self) -> None:
        """Leave the scheduler."""
        self._client.close(timeout=CONNECT_SECONDS)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _in_child(call: Callable[[], T], timeout: float | None, stop_name: str) -> T | ChildFailed:
    """On a worker: ``call()`` in a fresh child, until the run named ``stop_name`` stops."""
    import distributed

    if multiprocessing.current_process().daemon:
        return ChildFailed(DAEMONIC)
    at_once = distributed.get_worker().state.nthreads
    stop = distributed.Event(stop_name, distributed.get_client())
    with Worker(memory_cap(at_once)) as worker, _stopped_by(stop, worker):
        return as_outcome(lambda: worker.run(call, timeout))


@contextmanager
def _stopped_by(stop: Any, worker: Worker) -> Iterator[None]:
    """Stop the worker's call when the Dask event ``stop`` is set while the block runs."""
    over = threading.Event()

    def watch() -> None:
        while not over.is_set():
            if stop.wait(WATCH_SECONDS):
                worker.stop()
                return

    threading.Thread(target=watch, name="heyawake-stop-watch", daemon=True).start()
    try:
        yield
    finally:
        over.set()
