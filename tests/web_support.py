"""Driving the web page in a real browser: the server on a thread, Chromium, reading the board.

The browser tests skip, saying why, when Playwright is not installed or no Chromium binary
is found (``HEYAWAKE_CHROMIUM``, else ``chromium`` or ``chromium-browser`` on the PATH).
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.process
import os
import shutil
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest

from heyawake_asp.web.application import WebApp
from heyawake_asp.web.server import listen
from heyawake_asp.web.server import server as make_server
from heyawake_asp.web.settings import Settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

CELL = "#board rect.cell"
URL = "https://puzz.link/p?heyawake/6/6/888aaaofps1j0i03g1g"
"""instances/easy/6x6-s1.lp as a puzz.link URL."""


def chromium() -> str:
    """The Chromium binary to drive, or skip the calling test."""
    named = os.environ.get("HEYAWAKE_CHROMIUM")
    found = named or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip("no chromium binary (set HEYAWAKE_CHROMIUM, or put chromium on the PATH)")
    return found


def serve(app: WebApp | None = None, host: str = "127.0.0.1") -> Iterator[str]:
    """Run ``app`` (default: for one player, 20 s a request) under uvicorn on a thread, on a
    free port, as ``heyawake serve`` runs it, for the caller's scope; yield its base URL."""
    app = app or WebApp(Settings.local(20.0))
    listener = listen(host, 0)
    server = make_server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener.socket]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            thread.join(0.01)
        yield listener.url.rstrip("/")
    finally:
        server.should_exit = True
        thread.join(10)
        listener.socket.close()


def children() -> set[multiprocessing.process.BaseProcess]:
    """This process's children alive now (the servers' run here, on threads)."""
    return set(multiprocessing.active_children())


def eventually(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Whether ``condition()`` holds within ``seconds`` (a hang guard, far above the need)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def launch() -> Iterator[Browser]:
    """One headless Chromium for the caller's scope."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (the test extra has it)"
    )
    binary = chromium()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=binary, args=["--no-sandbox"], headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


def api(base: str, name: str, body: dict[str, Any]) -> Any:
    """The JSON reply of POST /api/NAME (for oracles the page does not compute)."""
    request = urllib.request.Request(
        f"{base}/api/{name}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.load(reply)


def open_puzzle(page: Page, base: str, text: str) -> None:
    """Open the page at ``#puzzle=`` ``text`` and wait for the board."""
    page.goto(f"{base}/#puzzle={urllib.parse.quote(text, safe='')}")
    page.wait_for_selector(CELL)
    settle(page)


def settle(page: Page) -> None:
    """Wait until no request of the page is in flight (and so its answer is shown)."""
    # A selector, not wait_for_function: the page's CSP forbids the eval that one needs.
    page.wait_for_selector("html[data-pending='0']", state="attached", timeout=20_000)


def press(page: Page, label: str) -> None:
    """Click the button labelled ``label`` and wait for its requests."""
    page.get_by_role("button", name=label, exact=True).click()
    settle(page)


def board(page: Page) -> list[str]:
    """The board as rows of ``#``, ``.``, ``?``, read from each cell's data-state."""
    cells = page.eval_on_selector_all(
        CELL, "cells => cells.map(c => [+c.dataset.x, +c.dataset.y, c.dataset.state])"
    )
    width = 1 + max(x for x, _, _ in cells)
    height = 1 + max(y for _, y, _ in cells)
    rows = [["?"] * width for _ in range(height)]
    chars = {"black": "#", "white": ".", "unknown": "?"}
    for x, y, state in cells:
        rows[y][x] = chars[state]
    return ["".join(row) for row in rows]


def marked(page: Page, name: str) -> set[tuple[int, int]]:
    """The cells whose data-highlight names ``name``."""
    cells = page.eval_on_selector_all(
        f'{CELL}[data-highlight~="{name}"]', "cells => cells.map(c => [+c.dataset.x, +c.dataset.y])"
    )
    return {(x, y) for x, y in cells}


def cell(page: Page, x: int, y: int) -> str:
    """The selector of the cell at ``x``, ``y``."""
    return f'{CELL}[data-x="{x}"][data-y="{y}"]'


def state(page: Page, x: int, y: int) -> str:
    """A cell's data-state."""
    value = page.get_attribute(cell(page, x, y), "data-state")
    assert value is not None
    return value


def status(page: Page) -> str:
    """The text of the page's one status element."""
    return page.locator("#status").inner_text()


def says_reason(page: Page, text: str, prefix: str = "") -> bool:
    """Whether the status says a step's sentence ``text`` after ``prefix``: whole, or for a
    long one summed up (its settled cells, then ``: from``) with the whole under it."""
    said = status(page)
    if text in said:
        return True
    summed = said.startswith(f"{prefix}{text.split(': ')[0]}: from ")
    return summed and page.text_content("#reason-text") == text


@contextmanager
def opened_page(browser: Browser, **options: Any) -> Iterator[Page]:
    """A page in a browser context of its own (``options``: Playwright's, such as ``viewport``);
    the test fails on any script error or console error that page, or another the test opens
    in its context, logs.

    (An error reply is logged by the browser as a failed load: tests ask for some.)
    """
    context = browser.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(f"pageerror: {error.error}"))
    context.on(
        "console",
        lambda message: (
            errors.append(f"console: {message.text}")
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    try:
        yield page
    finally:
        context.close()
    assert errors == []


def compose(page: Page, base: str, width: int, height: int) -> None:
    """Open the page in Compose on a new blank ``width`` x ``height`` grid."""
    page.goto(f"{base}/")
    settle(page)
    press(page, "Compose")
    page.get_by_label("Columns").fill(str(width))
    page.get_by_label("Rows").fill(str(height))
    press(page, "New")
    page.wait_for_selector(f"{CELL}[data-x='{width - 1}'][data-y='{height - 1}'][data-room]")
    page.wait_for_selector(f"{CELL}[data-x='{width}']", state="detached")


def center(page: Page, x: int, y: int) -> tuple[float, float]:
    """The page coordinates of the middle of the cell at ``x``, ``y``."""
    box = page.locator(cell(page, x, y)).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Page, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press the mouse on cell ``start``, move to cell ``end`` and release it there."""
    page.locator("#board").scroll_into_view_if_needed()
    page.mouse.move(*center(page, *start))
    page.mouse.down()
    page.mouse.move(*center(page, *end), steps=4)
    page.mouse.up()


def release(held: list[Route]) -> None:
    """Let requests held by a test's route go on (an aborted one may be gone already)."""
    for route in held:
        try:
            route.continue_()
        except Exception:  # noqa: BLE001 - any failure means: the request is gone
            pass


def known_of(rows: list[str]) -> dict[tuple[int, int], bool]:
    """The settled cells of a board, black True."""
    return {
        (x, y): char == "#"
        for y, row in enumerate(rows)
        for x, char in enumerate(row)
        if char != "?"
    }
