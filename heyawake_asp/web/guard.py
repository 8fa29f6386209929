"""The server answers only its own origin, and every answer says how a browser may use it.

The property defended: no page of another site drives the API or reads an
answer, and none frames the page.

- DNS rebinding: a foreign page may point its own name at 127.0.0.1 and
  call the server as its "same origin"; the browser then sends that name as
  ``Host``. So a request is answered only when its ``Host`` is the address
  its connection reached (ASGI's ``server``: listening on ``0.0.0.0``, the
  address the client dialled), ``localhost``, ``127.0.0.1`` or ``[::1]``,
  with the port it reached, or a name admitted by ``--allowed-host`` (any
  port: a reverse proxy's).
- Cross-site requests: a browser names the page that sends a request in
  ``Origin``; a request that may change or compute something (any method
  but GET and HEAD) is refused when its ``Origin`` is another site's.
- Framing and sniffing: every answer, errors and refusals too, carries a
  CSP that loads nothing from elsewhere and forbids framing, and
  ``nosniff``.

>>> local = (("127.0.0.1", 8000), frozenset())
>>> refusal("GET", {"host": "127.0.0.1:8000"}, *local) is None
True
>>> refusal("GET", {"host": "evil.example:8000"}, *local)
'Host: evil.example:8000 is not this server (start it with --allowed-host NAME to admit a name)'
>>> refusal("POST", {"host": "localhost:8000", "origin": "http://evil.example"}, *local)
'Origin: http://evil.example is another site'
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__: list[str] = []

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""Sent with every answer: nothing loaded from elsewhere, no framing, no sniffing, no cache."""
_ENCODED = [(name.lower().encode(), value.encode()) for name, value in HEADERS.items()]
_LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
_SAFE_METHODS = frozenset({"GET", "HEAD"})
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::([1-9][0-9]{0,4}))?")
"""``NAME[:PORT]``: a name or IPv4 address, or an IPv6 address in brackets; nothing else."""
_DEFAULT_PORTS = {"http": 80, "https": 443}


def refusal(
    method: str,
    headers: Mapping[str, str],
    served: tuple[str, int] | None,
    allowed_hosts: frozenset[str],
) -> str | None:
    """Why a request with ``headers`` to the server at ``served`` is refused, or None.

    ``allowed_hosts`` are lower-case names admitted besides the local ones.
    """
    host = headers.get("host", "")
    name, port = _split(host)
    if name is None or not _admitted(name, port, served, allowed_hosts):
        admit = "start it with --allowed-host NAME to admit a name"
        return f"Host: {host[:100] or '(none)'} is not this server ({admit})"
    origin = headers.get("origin")
    if method in _SAFE_METHODS or origin is None:
        return None
    try:
        parts = urllib.parse.urlsplit(origin)
        same = parts.netloc.lower() == host.lower() or (parts.hostname or "") in allowed_hosts
    except ValueError:  # not a URL (a bracket left open): not this site
        same = False
    return None if same else f"Origin: {origin[:100]} is another site"


def _split(host: str) -> tuple[str | None, int | None]:
    """A ``Host`` header's lower-case name (None: not ``NAME[:PORT]``) and port (None: none)."""
    found = _HOST.fullmatch(host)
    if found is None:
        return None, None
    name, port = found.group(1).lower(), found.group(2)
    return name.strip("[]"), None if port is None else int(port)


def _admitted(
    name: str, port: int | None, served: tuple[str, int] | None, allowed: frozenset[str]
) -> bool:
    """Whether ``name``:``port`` names this server (see the module's docstring)."""
    if name in allowed:
        return True
    if served is None:  # a Unix socket: only a proxy reaches it, with an admitted name
        return False
    served_host, served_port = served
    if (port or _DEFAULT_PORTS["http"]) != served_port:
        return False
    # Listening on "::", an IPv4 client's address comes as ::ffff:A.B.C.D.
    reached = served_host.lower().removeprefix("::ffff:")
    return name in _LOCAL_NAMES or name == reached


class Guard:
    """ASGI middleware: `refusal`'s 403 for requests from elsewhere; `HEADERS` on every answer."""

    def __init__(self, app: ASGIApp, allowed_hosts: frozenset[str]) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer an HTTP request, or refuse it; pass anything else (lifespan) on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *_ENCODED]}
            await send(message)

        headers = Headers(scope=scope)
        why = refusal(scope["method"], headers, scope.get("server"), self.allowed_hosts)
        if why is None:
            await self.app(scope, receive, send_with_headers)
            return
        await JSONResponse({"error": why}, 403)(scope, receive, send_with_headers)
