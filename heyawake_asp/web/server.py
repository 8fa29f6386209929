"""The local web app: the page's files, the shipped puzzles and the JSON API over HTTP.

Built on the standard library's threading HTTP server: one thread per
connection, and each API request answered in a fresh child process
(`heyawake_asp.runtime.isolation.Worker`) under the request's deadline and a
memory cap, at most `max_jobs` at once; more wait for their turn within
their own deadline. A child is stopped whatever clingo is doing, so a
request never holds the server past its time limit.

Safe by construction: the files served are read once, at start, from the
package's ``static/`` folder and the shipped ``instances/``, and looked up
by name; a request's text is only ever read as a puzzle (`heyawake_asp.web.api`).
"""

from __future__ import annotations

import functools
import json
import select
import socket
import sys
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from heyawake_asp.formats import MAX_INPUT_BYTES
from heyawake_asp.runtime.child import memory_cap
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.runtime.isolation import ChildFailed, ChildOverdue, Worker, max_jobs
from heyawake_asp.shipped import shipped_dir
from heyawake_asp.web.api import ENDPOINTS, SOURCE, Reply, answer

__all__ = ["MAX_BODY_BYTES", "App", "make_server"]

MAX_BODY_BYTES = MAX_INPUT_BYTES + 1000
"""The largest request body: a puzzle as large as a file may be, with a little JSON around it."""
_SLOW_CLIENT_SECONDS = 30
"""How long a connection may take to send its request before it is closed."""
_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
"""The content type of each kind of file the page is made of."""
_WATCH_SECONDS = 0.1
"""How often a request's connection is checked while its child works."""
_STATIC = Path(__file__).resolve().parent / "static"
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
}
"""Sent with every answer: the page loads nothing from elsewhere, and nothing is cached."""


def _never() -> bool:
    """No asker ever leaves: for calls from elsewhere than a connection."""
    return False


@dataclass(frozen=True)
class Asset:
    """A file served as it is."""

    content_type: str
    data: bytes


@dataclass(frozen=True)
class App:
    """What the server serves: the page's assets by URL path, the shipped puzzles by name."""

    assets: dict[str, Asset]
    instances: dict[str, str]
    timeout: float
    jobs: int

    @classmethod
    def load(cls, timeout: float, jobs: int | None = None) -> App:
        """The package's page and puzzles, each request given ``timeout`` seconds."""
        assets = {f"/{path.name}": _asset(path) for path in sorted(_STATIC.iterdir())}
        assets["/"] = assets["/index.html"]
        return cls(assets, _instances(), timeout, jobs or max_jobs())

    @functools.cached_property
    def turns(self) -> threading.BoundedSemaphore:
        """One per child that may run at once."""
        return threading.BoundedSemaphore(self.jobs)

    def reply(
        self, endpoint: str, body: bytes, deadline: Deadline, gone: Callable[[], bool] = _never
    ) -> Reply:
        """``endpoint``'s reply to ``body``, computed in a child when a turn comes up in time.

        The child is stopped as soon as ``gone()`` says the asker no longer waits
        (the page superseded the request): its turn goes to the next request.
        """
        if not self.turns.acquire(timeout=deadline.left()):
            busy = f"every worker busy until the time limit of {deadline.seconds:g} s"
            return Reply(503, {"error": f"server: {busy}"})
        done = threading.Event()
        try:
            with Worker(memory_cap(self.jobs)) as worker:
                threading.Thread(target=_stop_when, args=(gone, worker, done), daemon=True).start()
                return worker.run(functools.partial(answer, endpoint, body, deadline), deadline)
        except ChildOverdue:
            return Reply(422, {"error": f"{SOURCE}: {deadline.overdue_message()}"})
        except ChildFailed as failure:
            return Reply(422, {"error": f"{SOURCE}: {failure}"})
        finally:
            done.set()
            self.turns.release()


def _stop_when(gone: Callable[[], bool], worker: Worker, done: threading.Event) -> None:
    """Stop ``worker``'s call once ``gone()``, checking every `_WATCH_SECONDS` until ``done``."""
    while not done.wait(_WATCH_SECONDS):
        if gone():
            worker.stop()
            return


def _asset(path: Path) -> Asset:
    """The file at ``path`` with its content type.

    The types are named here: a system's table may say ``text/plain`` for
    ``.js``, which no browser runs as a module.
    """
    return Asset(_CONTENT_TYPES.get(path.suffix, "application/octet-stream"), path.read_bytes())


def _instances() -> dict[str, str]:
    """The shipped puzzles (``easy/6x6-s1.lp``, ...), name to text, none when not shipped."""
    folder = shipped_dir("instances")
    if not folder.is_dir():
        return {}
    return {
        path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(folder.rglob("*.lp"))
    }


class _Handler(BaseHTTPRequestHandler):
    """Answers one connection's requests from the `App` the server holds."""

    server: _Server
    timeout = _SLOW_CLIENT_SECONDS
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        """An asset, the list of shipped puzzles or one of them."""
        app = self.server.app
        path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if path in app.assets:
            asset = app.assets[path]
            self._send(200, asset.content_type, asset.data)
        elif path == "/api/instances":
            self._json(Reply(200, {"instances": list(app.instances)}))
        elif path.startswith("/api/instances/") and path[15:] in app.instances:
            name = path[15:]
            self._json(Reply(200, {"name": name, "puzzle": app.instances[name]}))
        else:
            self._json(Reply(404, {"error": f"{path}: not found"}))

    def do_POST(self) -> None:
        """An API endpoint's reply to the JSON body."""
        deadline = Deadline(self.server.app.timeout)
        endpoint = self.path.removeprefix("/api/") if self.path.startswith("/api/") else None
        if endpoint not in ENDPOINTS:
            self._json(Reply(404, {"error": f"{self.path}: no such endpoint"}))
            return
        body = self._body()
        if body is not None:
            self._json(self.server.app.reply(endpoint, body, deadline, self._gone))

    def _gone(self) -> bool:
        """Whether the asker hung up: the connection reads as ended (or fails)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and not self.connection.recv(1, socket.MSG_PEEK)
        except OSError:
            return True

    def _body(self) -> bytes | None:
        """The request's body, or None when refused (the reply is sent, the connection closed)."""
        kind = self.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
        length = self.headers.get("Content-Length", "")
        refusal = None
        if kind != "application/json":
            refusal = Reply(415, {"error": "Content-Type: expected application/json"})
        elif not length.isdigit():
            refusal = Reply(411, {"error": "Content-Length: expected the body's length"})
        elif int(length) > MAX_BODY_BYTES:
            limit = f"{MAX_BODY_BYTES / 1_000_000:g} MB"
            refusal = Reply(413, {"error": f"$: larger than {limit}, the most a request may be"})
        if refusal is not None:
            self.close_connection = True
            self._json(refusal)
            return None
        return self.rfile.read(int(length))

    def _json(self, reply: Reply) -> None:
        """Send ``reply`` as JSON."""
        data = json.dumps(reply.body).encode()
        self._send(reply.status, "application/json", data)

    def _send(self, status: int, content_type: str, data: bytes) -> None:
        """Send a whole answer."""
        self.send_response(status, HTTPStatus(status).phrase)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in _HEADERS.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Log nothing: the server prints its address, the page shows the errors."""


class _Server(ThreadingHTTPServer):
    """A threading HTTP server holding the `App`; its threads end with the process."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing of a connection dropped or too slow to send; report anything else."""
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)

    def __init__(self, address: tuple[str, int], app: App) -> None:
        self.app = app
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)


def make_server(app: App, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for ``app`` on ``host``:``port`` (0: any free port, see ``server_address``)."""
    return _Server((host, port), app)
