"""Steps streamed: ``/api/steps`` as JSON Lines, each step as it is found, the time limit on
each wait for a step, hang-ups, and the page's Steps showing the steps as they come.

Oracles: the step checker (each step's reason), the checker (the grid reached), the grade
of the library's walk. What arrives before a walk ends is shown on any machine by holding
the walk (in the child forked for the request) before its fourth step until the test lets
it go on, not by the clock.
"""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from helpers import REPO, step_of
from web_support import (
    URL,
    board,
    children,
    eventually,
    marked,
    open_puzzle,
    serve,
    settle,
    status,
)

from heyawake_asp import verify
from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.oracles.step_checker import check_step
from heyawake_asp.runtime.deadline import Deadline, Renewing
from heyawake_asp.steps import Step, grade_puzzle
from heyawake_asp.steps.planner import Planner
from heyawake_asp.web import runner
from heyawake_asp.web.api import answer, stream_steps
from heyawake_asp.web.application import WebApp
from heyawake_asp.web.settings import Settings

if TYPE_CHECKING:
    from playwright.sync_api import Page

LINES = "application/x-ndjson"
HELD = 3
"""Steps a held walk finds before it waits for the test."""
PUZZLE = {"puzzle": URL}
"""The 6x6 (28 steps): a whole walk takes a fraction of a second."""


def checked(text: str, found: list[dict[str, Any]]) -> list[str]:
    """Check each step line, numbered in order, with the step checker; the grid they reach."""
    puzzle = read_puzzle_text(text, "puzzle")
    assert [line["number"] for line in found] == list(range(1, len(found) + 1))
    grid = [["?"] * puzzle.width for _ in range(puzzle.height)]
    for line in found:
        step = step_of(line["step"])
        assert check_step(puzzle, step) == [], step.text
        for (x, y), black in step.cells:
            assert grid[y][x] == "?", "a step settles nothing new"
            grid[y][x] = "#" if black else "."
    return ["".join(row) for row in grid]


@dataclass(frozen=True)
class Gate:
    """Holds the children that wait at it until it is opened (a file: a child may be killed
    while it waits, which would leave a lock shared with it taken)."""

    path: Path

    def wait(self) -> None:
        end = time.monotonic() + 60  # a hang guard, far above the need
        while not self.path.exists() and time.monotonic() < end:
            time.sleep(0.01)

    def open(self) -> None:
        self.path.touch()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Gate]:
    """Walks started from now in a child hold before their fourth step until the gate opens.

    Each child forked for a request counts its own steps (the count is copied as it forks).
    """
    gate = Gate(tmp_path / "open")
    next_step, here = Planner.next_step, os.getpid()
    taken = [0]

    def holding(planner: Planner) -> Step | None:
        if os.getpid() != here:  # in a child: the test's own walks go on
            taken[0] += 1
            if taken[0] == HELD + 1:
                gate.wait()
        return next_step(planner)

    monkeypatch.setattr(Planner, "next_step", holding)
    yield gate
    gate.open()


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    """A server with one worker: a turn not given back would keep every later request waiting."""
    for base in serve(WebApp(Settings.local(20.0, jobs=1))):
        yield int(base.rsplit(":", 1)[1])


def stream(
    port: int, body: dict[str, Any], headers: dict[str, str] | None = None, endpoint: str = "steps"
) -> tuple[int, http.client.HTTPMessage, list[dict[str, Any]]]:
    """POST /api/ENDPOINT asking for JSON Lines: the status, the headers and every line read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        sent = {"Content-Type": "application/json", "Accept": LINES, **(headers or {})}
        connection.request("POST", f"/api/{endpoint}", json.dumps(body), sent)
        response = connection.getresponse()
        return response.status, response.headers, [json.loads(line) for line in response]
    finally:
        connection.close()


def post(port: int, endpoint: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The status and JSON reply of an ordinary request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(
            "POST", f"/api/{endpoint}", json.dumps(body), {"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_each_step_is_a_line_then_the_whole_answer(port: int) -> None:
    code, headers, lines = stream(port, PUZZLE)
    assert code == 200 and headers["Content-Type"] == LINES
    assert "chunked" in headers["Transfer-Encoding"] and "nosniff" in headers.values()
    *found, last = lines
    grid = checked(URL, found)
    puzzle = read_puzzle_text(URL, "puzzle")
    assert last["status"] == "solved" and last["grid"] == grid and verify(puzzle, grid) == []
    assert last["grade"]["grade"] == grade_puzzle(puzzle).label
    # The last line is the answer /api/steps gives whole, but for its steps: those streamed.
    whole = post(port, "steps", PUZZLE)[1]
    assert last == {key: value for key, value in whole.items() if key != "steps"}
    assert whole["steps"] == [line["step"] for line in found]


def test_errors_before_the_first_step_are_json_replies(port: int) -> None:
    for body, code, error in [
        ({}, 400, "$.puzzle: missing"),
        ({"puzzle": "not a puzzle"}, 422, "puzzle:1:1: "),
    ]:
        got, headers, lines = stream(port, body)
        assert (got, headers["Content-Type"]) == (code, "application/json")
        assert len(lines) == 1 and lines[0]["error"].startswith(error), lines
    # The stream passes the same guard as every request.
    got, _, lines = stream(port, PUZZLE, {"Origin": "http://evil.example"})
    assert got == 403 and lines[0]["error"].startswith("Origin: ")
    # A puzzle without a solution has no step: its answer is the one line.
    got, _, lines = stream(port, {"puzzle": "heyawake 2x1\naa\na=2\n"})
    assert got == 200 and [line["status"] for line in lines] == ["unsolvable"]
    assert "steps" not in lines[0] and lines[0]["conflict"]


def test_an_endpoint_that_is_not_streamed_answers_json_when_asked_for_lines(port: int) -> None:
    code, headers, lines = stream(port, PUZZLE, endpoint="hint")
    assert (code, headers["Content-Type"]) == (200, "application/json")
    [reply] = lines
    checked(URL, [{"number": 1, "step": reply["step"]}])  # the hint, checked


@pytest.fixture
def dying(monkeypatch: pytest.MonkeyPatch) -> None:
    """Walks started from now in a child die at their fourth step (exit status 1)."""
    next_step, here = Planner.next_step, os.getpid()
    taken = [0]

    def dies(planner: Planner) -> Step | None:
        taken[0] += 1
        if taken[0] > HELD and os.getpid() != here:
            os._exit(1)
        return next_step(planner)

    monkeypatch.setattr(Planner, "next_step", dies)


@pytest.mark.usefixtures("dying")
def test_an_error_after_the_first_step_is_the_last_line(port: int) -> None:
    code, _, lines = stream(port, PUZZLE)
    *found, last = lines
    assert code == 200 and len(found) == HELD
    checked(URL, found)
    assert last == {"error": "puzzle: the worker process died (exit code 1)"}


def test_the_first_steps_come_while_the_walk_goes_on_and_a_hang_up_stops_it(
    port: int, held: Gate
) -> None:
    """The asker is another process, as a browser is: a socket of this process would live on
    in the child forked for the request, and never hang up."""
    before = children()  # the server keeps a child for its client's hints
    asker = subprocess.Popen(
        [sys.executable, "-c", _ASKER, str(port)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert asker.stdout is not None
        found = [json.loads(asker.stdout.readline()) for _ in range(HELD)]
        checked(URL, found)
        assert children() - before  # held: the walk has not ended
        asker.kill()
        asker.wait()
        assert eventually(lambda: children() <= before)
        held.open()
        # Its turn (the one worker) goes to the next request.
        assert post(port, "check", {"puzzle": "heyawake 1x1\na\n"})[0] == 200
    finally:
        asker.kill()
        asker.communicate()


_ASKER = f"""
import http.client, json, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
headers = {{"Content-Type": "application/json", "Accept": "{LINES}"}}
connection.request("POST", "/api/steps", json.dumps({PUZZLE!r}), headers)
for line in connection.getresponse():
    print(line.decode().strip(), flush=True)
sys.stdin.read()
"""
"""Prints each line of a stream as it comes; waits, once the stream ends, until it is killed."""


# The time limit: on each wait for a step, and on the whole walk, with deadlines injected.


class _Begun(Renewing):
    """A walk's deadline that began long ago, its last wait just now; renewals counted."""

    def __init__(self, seconds: float, most: float = math.inf, ago: float = 1000.0) -> None:
        super().__init__(seconds, most, time.monotonic() - ago)
        super().renew()
        self.renewals: list[str] = []

    def renew(self) -> None:
        self.renewals.append("renewed")
        super().renew()


def test_the_time_limit_is_on_each_wait_not_on_the_whole_walk() -> None:
    body = json.dumps(PUZZLE).encode()
    # A walk begun 1000 s ago, whose last step came just now, goes on under a 60 s limit...
    deadline = _Begun(60.0)
    found: list[Any] = []
    reply = stream_steps(body, deadline, lambda line: found.append((line, list(deadline.renewals))))
    assert reply.status == 200 and reply.body["status"] == "solved" and "steps" not in reply.body
    # ... each step renewing it before it is sent.
    assert [len(renewals) for _, renewals in found] == list(range(1, len(found) + 1))
    checked(URL, [line for line, _ in found])
    # A whole-walk limit of 60 s (the ordinary request's) stopped it long ago.
    whole = answer("steps", body, Deadline(60.0, time.monotonic() - 1000))
    assert (whole.body["status"], whole.body["steps"]) == ("timeout", [])


def test_the_walk_stops_at_its_bound_on_the_whole_however_often_renewed() -> None:
    deadline = _Begun(60.0, most=999.0)
    found: list[Any] = []
    reply = stream_steps(json.dumps(PUZZLE).encode(), deadline, found.append)
    assert (reply.status, reply.body["status"], found) == (200, "timeout", [])
    assert deadline.overdue_message() == "stopped past the time limit of 999 s in all"


def test_the_server_renews_the_wait_as_each_step_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its watchdog, which stops the child, waits for each step, not for the whole walk."""
    made: list[_Begun] = []

    def begun(seconds: float, most: float) -> _Begun:
        made.append(_Begun(seconds, most))
        return made[-1]

    monkeypatch.setattr(runner, "Renewing", begun)
    settings = Settings(60.0, 1, 1, stream_limit=5000.0)
    for base in serve(WebApp(settings)):
        code, _, lines = stream(int(base.rsplit(":", 1)[1]), PUZZLE)
        *found, last = lines
        assert code == 200 and last["status"] == "solved"
        assert len(made) == 1 and len(made[0].renewals) == len(found)


# The page.


@pytest.mark.slow  # the page's steps streamed: the API's are in the default run
def test_steps_show_as_they_come_the_grade_when_the_walk_ends(
    page: Page, base: str, held: Gate
) -> None:
    before = children()  # the server keeps a child for its client's hints
    puzzle = read_puzzle_text(URL, "url")
    open_puzzle(page, base, URL)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector(f"#learn[data-found='{HELD}']")
    # The walk is held after its third step: those shown came before it ended.
    assert page.get_attribute("#learn", "data-done") == "false"
    assert page.inner_text("#position") == f"Step 0 of {HELD} so far"
    assert page.inner_text("#learn-grade") == "Grade: once every step is found."
    page.get_by_role("button", name="Last", exact=True).click()  # the last step found so far
    assert re.search(r"[^.]\. More steps are being found…$", status(page)), status(page)
    page.get_by_role("button", name="First", exact=True).click()
    page.get_by_role("button", name="Next", exact=True).click()
    first = board(page)
    assert sum(row.count("?") for row in first) < puzzle.width * puzzle.height
    assert marked(page, "new") == {
        (x, y) for y, row in enumerate(first) for x, char in enumerate(row) if char != "?"
    }
    # Leaving Steps drops the stream: its child is stopped (the page's request aborted).
    page.get_by_role("button", name="Back to play", exact=True).click()
    assert eventually(lambda: children() <= before)
    settle(page)
    # Again, to the end: every step, then the grade.
    held.open()
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector("#learn[data-done='true']")
    settle(page)
    found = int(page.get_attribute("#learn", "data-found") or 0)
    graded = grade_puzzle(puzzle)
    assert found == graded.steps and page.inner_text("#position") == f"Step 0 of {found}"
    assert f"Grade: {graded.label}" in page.inner_text("#learn-grade")
    page.get_by_role("button", name="Last", exact=True).click()
    assert verify(puzzle, board(page)) == [] and status(page).endswith(". That solves it.")


@pytest.mark.slow  # a 35x35's walk takes half a minute: its first step comes within seconds
def test_a_large_puzzles_first_step_shows_long_before_its_walk_ends(page: Page, base: str) -> None:
    text = (REPO / "instances" / "large" / "35x35-s1.lp").read_text()
    open_puzzle(page, base, text)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector("#learn[data-found]:not([data-found='0'])", timeout=20_000)
    assert page.get_attribute("#learn", "data-done") == "false"
    assert "press Next" in status(page)
    page.get_by_role("button", name="Back to play", exact=True).click()
    settle(page)


@pytest.mark.slow  # the page's steps streamed: the API's are in the default run
def test_a_failed_load_while_the_steps_come_closes_them_and_its_error_stays(
    page: Page, base: str, held: Gate
) -> None:
    before = children()  # the server keeps a child for its client's hints
    open_puzzle(page, base, URL)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector(f"#learn[data-found='{HELD}']")
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill("heyawake 3x3\nabc\n")
    page.get_by_role("button", name="Load", exact=True).click()
    settle(page)
    # The walk is stopped and Steps closed: nothing left saying more steps are coming.
    assert eventually(lambda: children() <= before)
    assert page.locator("#learn").is_hidden() and page.locator("#learn-more").is_hidden()
    assert status(page).startswith("error: puzzle:"), status(page)
    assert board(page) == ["?" * 6] * 6  # the puzzle in play, as the player left it
    assert page.get_by_role("button", name="Steps", exact=True).is_enabled()


@pytest.mark.slow  # the page's steps streamed: the API's are in the default run
def test_back_to_play_leaves_the_steps_and_never_walks_again(
    page: Page, base: str, held: Gate
) -> None:
    before = children()  # the server keeps a child for its client's hints
    walks: list[str | None] = []
    page.on("request", lambda request: walks.extend(_walk(request.url, "sent")))
    open_puzzle(page, base, URL)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector(f"#learn[data-found='{HELD}']")
    # Learning, play's controls give their row to the board: one way back, Back to play.
    assert page.locator("#play-controls").is_hidden()
    page.get_by_role("button", name="Back to play", exact=True).click()
    settle(page)
    assert page.locator("#learn").is_hidden() and status(page) == "Back to your grid."
    assert eventually(lambda: children() <= before)
    assert len(walks) == 1
    assert page.get_by_role("button", name="Steps", exact=True).is_enabled()


def _walk(url: str, event: str | None) -> list[str | None]:
    """``[event]`` for a request to ``/api/steps`` (a walk), else nothing."""
    return [event] if "/api/steps" in url else []


@pytest.mark.slow  # the page's steps streamed: the API's are in the default run
def test_a_walk_read_to_its_end_is_a_request_finished_not_failed(page: Page, base: str) -> None:
    ended: list[str | None] = []  # how the stream's request ended: "finished", or the failure
    page.on("requestfinished", lambda request: ended.extend(_walk(request.url, "finished")))
    page.on("requestfailed", lambda request: ended.extend(_walk(request.url, request.failure)))
    open_puzzle(page, base, URL)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector("#learn[data-done='true']")
    settle(page)
    for _ in range(200):  # a hang guard: the browser reports the request's end as it comes
        if ended:
            break
        page.wait_for_timeout(50)
    # Chromium reports a stream the page aborts as failed (net::ERR_ABORTED), and a no-store
    # one read only through its body's reader too, even once read to its end.
    assert ended == ["finished"]


@pytest.mark.slow  # the page's steps streamed: the API's are in the default run
@pytest.mark.usefixtures("dying")
def test_a_walk_that_fails_midway_says_so_and_has_no_grade(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector("#learn[data-done='true']")
    died = "puzzle: the worker process died (exit code 1)"
    assert status(page) == f"error: {died}"
    assert page.inner_text("#learn-grade") == f"No grade: {died}."
    assert page.inner_text("#position") == f"Step 0 of {HELD}"
    page.get_by_role("button", name="Last", exact=True).click()
    assert status(page).endswith(f". The steps stop here: {died}."), status(page)
