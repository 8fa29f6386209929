"""The web app (ASGI, on Starlette): the page, the shipped puzzles and the JSON API.

`WebApp` is it, for `heyawake serve` (`heyawake_asp.web.server`) or
any ASGI server (``uvicorn heyawake_asp.web:app``). Every answer passes the
`heyawake_asp.web.guard` (its own origin only; headers); each API request
is answered in a child (`heyawake_asp.web.runner`). Every failure is an
answer: a JSON error with a 4xx status for what the client sent, 500 for
our bug (its traceback in the server's log, never in the reply).

``/api/steps`` asked for JSON Lines (``Accept: application/x-ndjson``)
answers each step as it is found (`StepLines`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heyawake_asp.formats import MAX_INPUT_BYTES
from heyawake_asp.web.api import ENDPOINTS, Record, Reply
from heyawake_asp.web.content import Content
from heyawake_asp.web.guard import Guard
from heyawake_asp.web.runner import Answer, Runner
from heyawake_asp.web.settings import Settings

__all__ = ["WebApp"]

MAX_BODY_BYTES = MAX_INPUT_BYTES + 1000
"""The largest request body: a puzzle as large as a file may be, with a little JSON around it."""
LINES = "application/x-ndjson"
"""The media type of JSON Lines, as ``Accept`` asks for the steps streamed."""
_LINES_HEADERS = [(b"content-type", LINES.encode()), (b"x-accel-buffering", b"no")]
"""A stream's headers: no length (it is sent in chunks); a reverse proxy should not buffer it."""
Endpoint = Callable[[Request], Coroutine[Any, Any, ASGIApp]]


class _Refused(Exception):
    """A request refused before its body is read: the reply to send."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.body["error"])
        self.reply = reply


class WebApp:
    """The ASGI app, with the `Runner` of its requests (which a server closes as it stops)."""

    def __init__(self, settings: Settings, content: Content | None = None) -> None:
        self.settings = settings
        self.content = content or Content.load()
        self.runner = Runner(settings)
        routes = [
            Route("/api/instances", self._instances, methods=["GET"]),
            Route("/api/instances/{name:path}", self._instance, methods=["GET"]),
            *(
                Route(f"/api/{name}", self._api(name, STREAMED.get(name)), methods=["POST"])
                for name in ENDPOINTS
            ),
            Route("/", self._asset, methods=["GET"]),
            Route("/{name}", self._asset, methods=["GET"]),
        ]
        starlette = Starlette(
            routes=routes,
            exception_handlers={HTTPException: _http_error, Exception: _our_bug},
        )
        self.asgi: ASGIApp = Guard(starlette, settings.allowed_hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Serve one ASGI connection."""
        await self.asgi(scope, receive, send)

    async def _asset(self, request: Request) -> Response:
        """A file of the page, by name."""
        asset = self.content.assets.get(request.url.path)
        if asset is None:
            raise HTTPException(404)
        return Response(asset.data, media_type=asset.content_type)

    async def _instances(self, _request: Request) -> Response:
        """The names of the shipped puzzles, of those in the players' list, and their grades."""
        content = self.content
        listed = {"instances": list(content.instances), "players": list(content.players)}
        return _json(Reply(200, {**listed, "grades": content.grades}))

    async def _instance(self, request: Request) -> Response:
        """One shipped puzzle, by name."""
        name = request.path_params["name"]
        if name not in self.content.instances:
            raise HTTPException(404)
        return _json(Reply(200, {"name": name, "puzzle": self.content.instances[name]}))

    def _api(self, endpoint: str, streamed: Streamed | None) -> Endpoint:
        """The handler of ``/api/ENDPOINT``; asked for JSON Lines, ``streamed``'s when given."""

        async def handle(request: Request) -> ASGIApp:
            try:
                body = await _body(request)
            except _Refused as refused:
                return _json(refused.reply, {"Connection": "close"})
            except ClientDisconnect:
                return Response(status_code=400)  # no one to send it to
            client = request.client.host if request.client else "unknown"
            if streamed is not None and _accepts_lines(request):
                return streamed(self.runner, body, client)
            answer = await self.runner.answer(endpoint, body, client, request.receive)
            return _json(answer.reply, _retry(answer))

        return handle


class StepLines:
    """The steps of a walk as JSON Lines, each as it is found (`Runner.stream`).

    A line per step (``puzzle``, ``number``, ``step``), then the answer's
    record as ``/api/steps`` answers it whole, but without the steps. A refusal or an error before
    the first step is a JSON reply with its status, as for any request; an
    error after it is the last line (``{"error": ...}``).
    """

    def __init__(self, runner: Runner, body: bytes, client: str) -> None:
        self.runner = runner
        self.body = body
        self.client = client

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Send the lines as they come; the connection's end stops the walk."""
        async with self.runner.stream(self.body, self.client, receive) as lines:
            line = await lines.receive()
            if isinstance(line, Answer) and line.reply.status != 200:
                await _json(line.reply, _retry(line))(scope, receive, send)
                return
            await send({"type": "http.response.start", "status": 200, "headers": _LINES_HEADERS})
            while not isinstance(line, Answer):
                await send(_line(line, more=True))
                line = await lines.receive()
            await send(_line(line.reply.body, more=False))


Streamed = Callable[[Runner, bytes, str], ASGIApp]
"""What answers an endpoint as JSON Lines: from the runner, the request's body and its client."""
STREAMED: dict[str, Streamed] = {"steps": StepLines}
"""The endpoints that answer as JSON Lines when ``Accept`` asks for them (`LINES`)."""


def _line(record: Record, more: bool) -> Message:
    """``record`` as one line of JSON Lines, the last one of the body unless ``more``."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    return {"type": "http.response.body", "body": data, "more_body": more}


def _accepts_lines(request: Request) -> bool:
    """Whether the request's ``Accept`` names JSON Lines (`LINES`)."""
    ranges = request.headers.get("accept", "").split(",")
    return any(part.split(";", 1)[0].strip().lower() == LINES for part in ranges)


def _retry(answer: Answer) -> dict[str, str]:
    """The ``Retry-After`` header of ``answer``, if it has one."""
    return {} if answer.retry_after is None else {"Retry-After": str(answer.retry_after)}


async def _body(request: Request) -> bytes:
    """The request's JSON body, or `_Refused` (before reading it, or past `MAX_BODY_BYTES`).

    A body must come with its length and no ``Transfer-Encoding``: one that
    is chunked, even beside a ``Content-Length``, is refused unread.
    """
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    length = request.headers.get("content-length", "")
    if kind != "application/json":
        raise _Refused(Reply(415, {"error": "Content-Type: expected application/json"}))
    if "transfer-encoding" in request.headers or not length.isascii() or not length.isdigit():
        what = "expected the body's length, and no Transfer-Encoding"
        raise _Refused(Reply(411, {"error": f"Content-Length: {what}"}))
    too_large = Reply(
        413,
        {"error": f"$: larger than {MAX_BODY_BYTES / 1_000_000:g} MB, the most a request may be"},
    )
    if int(length) > MAX_BODY_BYTES:
        raise _Refused(too_large)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:  # the transport's framing guards this too
            raise _Refused(too_large)
    return bytes(body)


def _json(reply: Reply, headers: Mapping[str, str] | None = None) -> Response:
    """``reply`` as a JSON response."""
    return JSONResponse(reply.body, reply.status, headers)


async def _http_error(request: Request, error: Exception) -> Response:
    """A routing error (no such path, a method the path does not take) as JSON."""
    assert isinstance(error, HTTPException)
    path = request.url.path
    what = "not found" if error.status_code == 404 else error.detail.lower()
    return _json(Reply(error.status_code, {"error": f"{path}: {what}"}), error.headers)


async def _our_bug(request: Request, error: Exception) -> Response:
    """Anything else raised: a JSON 500; the traceback goes to the log (the server re-raises it)."""
    return _json(Reply(500, {"error": f"server: {request.url.path} failed (our bug: see the log)"}))
