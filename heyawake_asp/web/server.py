"""Running the web app for ``heyawake serve``: uvicorn on a socket bound first.

The socket is bound before the server starts, so that the command can
print the address (port 0 takes any free one) and a port already taken is
an error it words itself. Ctrl-C stops every child at once (the requests
running get a 503, those waiting too) and ends the server within a second.

A client that closes its sending side once its request is sent (a
half-close) cannot be told from one that hung up: both send the end of
their stream. uvicorn closes such a connection at once; `HalfCloseProtocol`
(``serve`` uses it; ``uvicorn.Config(http=HalfCloseProtocol)`` elsewhere)
keeps it open for the answer instead: the request's child is stopped, as
for a hang-up, and the answer says so, which a half-closed client reads and
a gone one never sees.
"""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from heyawake_asp.web.application import WebApp

__all__ = ["listen", "serve", "server"]

_BACKLOG = 2048
"""Connections the system holds until they are accepted: many clients arriving at once."""
_GRACE_SECONDS = 1
"""How long the server waits for its last answers when it stops (its children are stopped)."""
_MOST_CONNECTIONS = 1000
"""Connections (and requests) at once; more get uvicorn's 503: slow clients cost memory."""


@dataclass(frozen=True)
class Listener:
    """A listening socket and the address it is bound to."""

    socket: socket.socket
    host: str
    port: int

    @property
    def url(self) -> str:
        """``http://HOST:PORT/`` (an IPv6 host in brackets)."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/"


def listen(host: str, port: int) -> Listener:
    """A socket listening on ``host``:``port`` (0: any free port).

    Raises
    ------
    OSError
        When the address cannot be listened on (taken, not this machine's).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(_BACKLOG)
    except OSError:
        sock.close()
        raise
    bound_host, bound_port = sock.getsockname()[:2]
    return Listener(sock, str(bound_host), int(bound_port))


class HalfCloseProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, answering a client that half-closes after its request."""

    def eof_received(self) -> bool | None:  # type: ignore[override]  # asyncio allows True
        """Keep the connection open for the answer when the request is whole.

        The request sees its asker go (its next ``receive`` returns) and
        answers why it stopped; the connection closes after the answer.
        """
        cycle = self.cycle
        if cycle is None or cycle.response_complete or self.conn.their_state is not h11.DONE:
            return None  # nothing to answer: close, as uvicorn does
        cycle.keep_alive = False
        cycle.message_event.set()
        return True


class _Server(uvicorn.Server):
    """uvicorn's server, stopping the app's children as it begins to shut down."""

    def __init__(self, config: uvicorn.Config, app: WebApp) -> None:
        super().__init__(config)
        self.web_app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Stop the children first: the requests in flight end at once, with an answer."""
        await self.web_app.runner.close()
        await super().shutdown(sockets)


def server(app: WebApp, verbose: bool = False) -> uvicorn.Server:
    """The uvicorn server of ``heyawake serve`` for ``app`` (not started).

    With ``verbose``, a line per request on standard error (uvicorn's access log).
    """
    config = uvicorn.Config(
        app,
        log_level="error",  # errors only: what a client sends wrong is its answer, not ours
        access_log=verbose,
        server_header=False,
        timeout_graceful_shutdown=_GRACE_SECONDS,
        http=HalfCloseProtocol,
        limit_concurrency=_MOST_CONNECTIONS,
    )
    if verbose:  # the access log alone, without uvicorn's lines on starting and stopping
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    return _Server(config, app)


def serve(app: WebApp, listener: Listener, verbose: bool = False) -> None:
    """Serve ``app`` on ``listener`` until Ctrl-C (raised here as `KeyboardInterrupt`)."""
    server(app, verbose).run(sockets=[listener.socket])
