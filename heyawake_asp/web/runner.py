"""Each API request answered in a child process, under its deadline, a memory cap and a turn.

A child is stopped whatever clingo is doing: at the deadline, when the
asker hangs up (the page dropped a request a newer one superseded) or
closes its side, or when the server shuts down. Its turn then goes to the
next request; an asker that hangs up while waiting for a turn leaves the
queue.

`Runner.stream` answers ``steps`` step by step, each step as its child
finds it; its time limit is on the wait for each step, with a bound on
the whole walk (`heyawake_asp.runtime.deadline.Renewing`).

A client's hints go to the child that answered its last hint, kept
between them (one per client, `Settings.jobs` at most, the least recently
used ended first): it keeps the puzzle's programs and where its last hint
left off (`heyawake_asp.steps.Hints`), so that a player who takes each
hint gets the next as a walk gets its next step. A child stopped or
failed is not kept.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from starlette.types import Receive

from heyawake_asp.runtime.child import memory_cap
from heyawake_asp.runtime.deadline import Deadline, Renewing
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, Worker
from heyawake_asp.web.api import SOURCE, Record, Reply, answer, stream_steps
from heyawake_asp.web.settings import Settings
from heyawake_asp.web.turns import RETRY_AFTER_SECONDS, Busy, Turns

__all__: list[str] = []

_SHUTTING_DOWN = "stopped: the server is shutting down"
_HUNG_UP = "stopped: the client closed its side of the connection before the answer"


@dataclass(frozen=True)
class Answer:
    """A reply, and how many seconds to wait before asking again (None: no need to)."""

    reply: Reply
    retry_after: int | None = None


@dataclass
class Runner:
    """Runs the API's requests for one server process (see the module's docstring)."""

    settings: Settings
    turns: Turns = field(init=False)
    _workers: set[Worker] = field(default_factory=set)
    _hinting: OrderedDict[str, _Hinting] = field(default_factory=OrderedDict)  # idle, by client
    _closing: bool = False

    def __post_init__(self) -> None:
        settings = self.settings
        self.turns = Turns(
            settings.jobs, settings.client_jobs, settings.queue, settings.client_queue
        )

    async def answer(self, endpoint: str, body: bytes, client: str, receive: Receive) -> Answer:
        """``endpoint``'s answer to ``body`` from ``client``, whose hang-up ``receive`` reports.

        An asker that hangs up while its request waits for a turn leaves the
        queue; once its child runs, the child is stopped.
        """
        deadline = Deadline(self.settings.timeout)
        asker = _Asker(kept_for=client if endpoint == "hint" else None)
        async with anyio.create_task_group() as group:
            group.start_soon(_watch, receive, asker)
            answered = await self._answer(
                functools.partial(answer, endpoint, body, deadline), client, deadline, asker
            )
            group.cancel_scope.cancel()
        return answered

    @asynccontextmanager
    async def stream(
        self, body: bytes, client: str, receive: Receive
    ) -> AsyncIterator[MemoryObjectReceiveStream[Record | Answer]]:
        """The lines of ``steps``'s answer to ``body`` as they come, then the `Answer`.

        Each step's line (`heyawake_asp.web.api.stream_steps`) as its child
        finds it; last the answer, as `answer` gives it. The time limit
        is on each wait for a step, and `Settings.stream_limit` on the whole
        (`Renewing`, renewed here and in the child as a step comes). The
        child is stopped when the asker hangs up (``receive``), or when the
        block is left before the answer.
        """
        deadline = Renewing(self.settings.timeout, self.settings.stream_limit)
        lines, read = anyio.create_memory_object_stream[Record | Answer](math.inf)
        asker = _Asker()
        async with anyio.create_task_group() as group:
            group.start_soon(_watch, receive, asker)
            group.start_soon(self._walk, body, client, deadline, asker, lines)
            try:
                yield read
            finally:
                group.cancel_scope.cancel()

    async def _walk(
        self,
        body: bytes,
        client: str,
        deadline: Renewing,
        asker: _Asker,
        lines: MemoryObjectSendStream[Record | Answer],
    ) -> None:
        """Send each step's line into ``lines`` as the child reports it, then the answer."""

        def arrived(line: Record) -> None:  # in the thread that waits for the child
            deadline.renew()
            anyio.from_thread.run_sync(lines.send_nowait, line)

        async with lines:
            call = functools.partial(stream_steps, body, deadline)
            lines.send_nowait(await self._answer(call, client, deadline, asker, arrived))

    async def _answer(
        self,
        call: functools.partial[Reply],
        client: str,
        deadline: Deadline,
        asker: _Asker,
        on_report: Callable[[Any], None] | None = None,
    ) -> Answer:
        """``call()`` in a child once ``client`` has a turn; a refusal, or why it stopped."""
        reply = None
        try:
            with anyio.CancelScope() as asker.waiting:
                async with self.turns.turn(client, deadline):
                    reply = await self._in_child(call, deadline, asker, on_report)
        except Busy as busy:
            return Answer(Reply(busy.status, {"error": f"server: {busy}"}), RETRY_AFTER_SECONDS)
        if self._closing:
            return Answer(Reply(503, {"error": f"server: {_SHUTTING_DOWN}"}), RETRY_AFTER_SECONDS)
        if asker.gone or reply is None:
            return Answer(Reply(400, {"error": f"server: {_HUNG_UP}"}))
        return Answer(reply)

    async def _in_child(
        self,
        call: functools.partial[Reply],
        deadline: Deadline,
        asker: _Asker,
        on_report: Callable[[Any], None] | None,
    ) -> Reply:
        """``call()`` in a child, which ``asker`` stops on hang-up, as cancelling this.

        A fresh child, or for a hint the client's kept one (the module's docstring).
        """
        kept_for = asker.kept_for
        hinting = None if kept_for is None else self._hinting.pop(kept_for, None)
        if kept_for is not None and hinting is None:
            hinting = _Hinting(kept_for, Worker(memory_cap(self.settings.jobs)))
        worker = Worker(memory_cap(self.settings.jobs)) if hinting is None else hinting.worker
        run = functools.partial(_run, worker) if hinting is None else hinting.run
        self._workers.add(worker)
        asker.worker = worker
        keep = False
        try:
            if asker.gone:  # gone as the turn came: `_watch` saw no worker to stop
                worker.stop()
            reply = await anyio.to_thread.run_sync(
                run, call, deadline, on_report, abandon_on_cancel=True
            )
            keep = hinting is not None and reply.status == 200 and not asker.gone
            return reply
        finally:
            self._workers.discard(worker)
            if keep and hinting is not None and not self._closing:
                asker.worker = None  # a hang-up from now on has nothing of its own to stop
                self._keep(hinting)
            else:
                worker.stop()  # a no-op once the call is done; ends it when this task is cancelled
                (worker if hinting is None else hinting).close()

    def _keep(self, hinting: _Hinting) -> None:
        """Keep a client's hints' child for its next hint, the least recently used ended."""
        before = self._hinting.pop(hinting.client, None)  # a hint beside it had another child
        if before is not None:
            before.close()
        self._hinting[hinting.client] = hinting
        while len(self._hinting) > self.settings.jobs:
            self._hinting.popitem(last=False)[1].close()

    async def close(self) -> None:
        """Stop every child and refuse every request from now on (the server shuts down)."""
        self._closing = True
        self.turns.close(_SHUTTING_DOWN)
        for worker in list(self._workers):
            worker.stop()
        while self._hinting:
            self._hinting.popitem()[1].close()


@dataclass
class _Hinting:
    """A client's hints' worker, and the one thread that starts its child and asks it.

    Linux ends a child when the thread that started it ends (the child dies
    with its parent: `heyawake_asp.runtime.child`), and anyio ends threads
    left idle: a child kept between requests is started from a thread of
    its own, which lives as long as the worker.
    """

    client: str
    worker: Worker
    thread: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1))

    def run(
        self,
        call: functools.partial[Reply],
        deadline: Deadline,
        on_report: Callable[[Any], None] | None,
    ) -> Reply:
        """`_run` in the worker, from the worker's own thread."""
        return self.thread.submit(_run, self.worker, call, deadline, on_report).result()

    def close(self) -> None:
        """End the worker's child, then its thread."""
        self.worker.close()
        self.thread.shutdown(wait=False)


@dataclass
class _Asker:
    """The client of one request: whether it went, and what to stop when it does."""

    gone: bool = False
    waiting: anyio.CancelScope | None = None
    worker: Worker | None = None
    kept_for: str | None = None  # the client whose hints' child answers it (`Runner._keep`)


async def _watch(receive: Receive, asker: _Asker) -> None:
    """Once the asker's stream ends, stop its child, or its wait for a turn.

    The body is read by then: what ``receive`` says next is that the
    connection ended, or (`heyawake_asp.web.server.HalfCloseProtocol`) that
    the asker closed its side.
    """
    await receive()
    asker.gone = True
    if asker.worker is not None:
        asker.worker.stop()
    elif asker.waiting is not None:
        asker.waiting.cancel()


def _run(
    worker: Worker,
    call: functools.partial[Reply],
    deadline: Deadline,
    on_report: Callable[[Any], None] | None,
) -> Reply:
    """``call()`` in ``worker``'s child; a child stopped or failed is a 422 reply."""
    try:
        return worker.run(call, deadline, on_report)
    except ChildOverdue:
        return Reply(422, {"error": f"{SOURCE}: {deadline.overdue_message()}"})
    except ChildFailed as failure:
        return Reply(422, {"error": f"{SOURCE}: {failure}"})
