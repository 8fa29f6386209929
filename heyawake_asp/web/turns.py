"""Turns to run a child: at most ``jobs`` at once, fair between clients, a bounded queue.

A request takes a turn before its child starts and gives it back when the
child ends. When every turn is taken it waits, first come first served, in
a queue of at most ``queue`` requests, until its deadline; one client
(an address) runs at most ``client_jobs`` children at once and waits with
at most ``client_queue`` requests, so that no client takes every worker or
the whole queue. A request that cannot wait is refused at once (`Busy`).

Runs on one event loop: nothing here needs a lock.

>>> import asyncio
>>> from heyawake_asp.runtime.deadline import Deadline
>>> turns = Turns(jobs=1, client_jobs=1, queue=1, client_queue=1)
>>> async def two_at_once() -> str:
...     async with turns.turn("a", Deadline(5)):
...         try:
...             async with turns.turn("a", Deadline(0.01)):
...                 return "second ran"
...         except Busy as busy:
...             return f"{busy.status}: {busy}"
>>> asyncio.run(two_at_once())
'503: every worker busy until the time limit of 0.01 s'
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from heyawake_asp.runtime.deadline import Deadline

__all__: list[str] = []

RETRY_AFTER_SECONDS = 1
"""What a refusal asks the client to wait before it asks again (``Retry-After``)."""


class Busy(Exception):
    """No turn for the request: ``status`` 503 (the server is full) or 429 (its client is)."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


@dataclass
class _Waiter:
    """A request waiting in the queue: its client, and the future that grants its turn."""

    client: str
    granted: asyncio.Future[None]


@dataclass
class Turns:
    """The turns of one server process (see the module's docstring)."""

    jobs: int
    client_jobs: int
    queue: int
    client_queue: int
    _running: Counter[str] = field(default_factory=Counter)
    _waiting: list[_Waiter] = field(default_factory=list)
    _closed: str | None = None

    @asynccontextmanager
    async def turn(self, client: str, deadline: Deadline) -> AsyncIterator[None]:
        """Hold a turn for ``client`` in the block, once one comes up before ``deadline``.

        Raises
        ------
        Busy
            When the queue, or the client's share of it, is full, or the
            deadline passes before a turn comes up.
        """
        await self._take(client, deadline)
        try:
            yield
        finally:
            self._running[client] -= 1
            self._grant()

    async def _take(self, client: str, deadline: Deadline) -> None:
        """Take a turn for ``client``, waiting for one in the queue if need be."""
        if self._closed is not None:
            raise Busy(503, self._closed)
        if not self._waiting and self._free_for(client):
            self._running[client] += 1
            return
        if len(self._waiting) >= self.queue:
            raise Busy(503, f"every worker busy and {self.queue} requests waiting")
        if sum(waiter.client == client for waiter in self._waiting) >= self.client_queue:
            raise Busy(429, f"{self.client_queue} requests of this client waiting already")
        waiter = _Waiter(client, asyncio.get_running_loop().create_future())
        self._waiting.append(waiter)
        self._grant()
        try:
            await asyncio.wait_for(asyncio.shield(waiter.granted), deadline.left())
        except BaseException as ended:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            else:  # granted just as the wait ended: hand the turn on
                self._running[client] -= 1
                self._grant()
            if isinstance(ended, asyncio.TimeoutError):
                busy = f"every worker busy until the time limit of {deadline.seconds:g} s"
                raise Busy(503, busy) from None
            raise

    def close(self, why: str) -> None:
        """Refuse the requests waiting and every later one, saying ``why`` (a 503)."""
        self._closed = why
        for waiter in self._waiting:
            if not waiter.granted.done():
                waiter.granted.set_exception(Busy(503, why))

    def _free_for(self, client: str) -> bool:
        """Whether ``client`` may start a child now."""
        return sum(self._running.values()) < self.jobs and self._running[client] < self.client_jobs

    def _grant(self) -> None:
        """Give free turns to the waiting requests, first come first served within the caps."""
        for waiter in list(self._waiting):
            if not waiter.granted.done() and self._free_for(waiter.client):
                self._waiting.remove(waiter)
                self._running[waiter.client] += 1
                waiter.granted.set_result(None)
