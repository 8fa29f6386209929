"""The board in the browser (``heyawake serve``): the JSON API, the web app and the page.

`heyawake_asp.web.api` answers a request's body, in a child process;
`heyawake_asp.web.application` is the ASGI app serving it and the page in
``static/``; `heyawake_asp.web.server` runs the app for ``heyawake serve``.

``app`` is the app configured from the environment
(`heyawake_asp.web.settings`), for a production server::

    HEYAWAKE_ALLOWED_HOSTS=club.example uvicorn heyawake_asp.web:app --workers 4
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from heyawake_asp.web.application import WebApp

__all__ = ["app"]


def __getattr__(name: str) -> WebApp:
    """``app``, made on first use: importing the package reads no environment."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _app_from_env()


@functools.cache
def _app_from_env() -> WebApp:
    """The web app with the settings of the ``HEYAWAKE_*`` variables."""
    from heyawake_asp.web.application import WebApp
    from heyawake_asp.web.settings import Settings

    return WebApp(Settings.from_env(os.environ))
