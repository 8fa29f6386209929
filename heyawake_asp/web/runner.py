"""Each API request answered in a child process, under its deadline, a memory cap and a turn.

A child is stopped whatever clingo is doing: at the deadline, when the
asker hangs up (the page dropped a request a newer one superseded; a
client that half-closes its side counts as gone, as the HTTP server sees
no difference), or when the server shuts down. Its turn then goes to the
next request.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import anyio
import anyio.to_thread
from starlette.types import Receive

from heyawake_asp.runtime.child import memory_cap
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, Worker
from heyawake_asp.web.api import SOURCE, Reply, answer
from heyawake_asp.web.settings import Settings
from heyawake_asp.web.turns import RETRY_AFTER_SECONDS, Busy, Turns

__all__ = ["Answer", "Runner"]

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
    _closing: bool = False

    def __post_init__(self) -> None:
        settings = self.settings
        self.turns = Turns(
            settings.jobs, settings.client_jobs, settings.queue, settings.client_queue
        )

    async def answer(self, endpoint: str, body: bytes, client: str, receive: Receive) -> Answer:
        """``endpoint``'s answer to ``body`` from ``client``, whose hang-up ``receive`` reports."""
        deadline = Deadline(self.settings.timeout)
        try:
            async with self.turns.turn(client, deadline):
                reply = await self._in_child(
                    functools.partial(answer, endpoint, body, deadline), deadline, receive
                )
        except Busy as busy:
            return Answer(Reply(busy.status, {"error": f"server: {busy}"}), RETRY_AFTER_SECONDS)
        return Answer(reply)

    async def _in_child(
        self, call: functools.partial[Reply], deadline: Deadline, receive: Receive
    ) -> Reply:
        """``call()`` in a fresh child, stopped if its asker hangs up or this task is cancelled."""
        gone = anyio.Event()
        with Worker(memory_cap(self.settings.jobs)) as worker:
            self._workers.add(worker)
            try:
                async with anyio.create_task_group() as group:
                    group.start_soon(_stop_on_hang_up, receive, worker, gone)
                    reply = await anyio.to_thread.run_sync(
                        _run, worker, call, deadline, abandon_on_cancel=True
                    )
                    group.cancel_scope.cancel()
            finally:
                worker.stop()  # a no-op once the call is done; ends it when this task is cancelled
                self._workers.discard(worker)
        if self._closing:
            return Reply(503, {"error": f"server: {_SHUTTING_DOWN}"})
        if gone.is_set():
            return Reply(400, {"error": f"server: {_HUNG_UP}"})
        return reply

    async def close(self) -> None:
        """Stop every child and refuse every request from now on (the server shuts down)."""
        self._closing = True
        self.turns.close(_SHUTTING_DOWN)
        for worker in list(self._workers):
            worker.stop()


async def _stop_on_hang_up(receive: Receive, worker: Worker, gone: anyio.Event) -> None:
    """Stop ``worker``'s call once the asker's stream ends, and set ``gone``.

    The body is read by then: what ``receive`` says next is that the
    connection ended, or (`heyawake_asp.web.server.HalfCloseProtocol`) that
    the asker closed its side.
    """
    await receive()
    gone.set()
    worker.stop()


def _run(worker: Worker, call: functools.partial[Reply], deadline: Deadline) -> Reply:
    """``call()`` in ``worker``'s child; a child stopped or failed is a 422 reply."""
    try:
        return worker.run(call, deadline)
    except ChildOverdue:
        return Reply(422, {"error": f"{SOURCE}: {deadline.overdue_message()}"})
    except ChildFailed as failure:
        return Reply(422, {"error": f"{SOURCE}: {failure}"})
