"""The server's turns: at most ``jobs`` children, fair between clients, a bounded queue.

Deadlines are injected: one far off where a request must wait its turn, one
already passed where it must give up; no test reads the clock to pass.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.web.settings import Settings
from heyawake_asp.web.turns import Busy, Turns

LONG = Deadline(3600.0)
PASSED = Deadline(0.0)


def turns(jobs: int = 1, client_jobs: int = 1, queue: int = 4, client_queue: int = 4) -> Turns:
    return Turns(jobs, client_jobs, queue, client_queue)


def scene(box: Turns) -> tuple[Turns, asyncio.Event, list[str]]:
    """``box``, an event that releases the turns held, and the log of who took one."""
    return box, asyncio.Event(), []


async def hold(turns: Turns, client: str, release: asyncio.Event, log: list[str]) -> None:
    """Take a turn for ``client``, note it in ``log``, keep it until ``release``."""
    async with turns.turn(client, LONG):
        log.append(client)
        await release.wait()


async def settle() -> None:
    """Let every task that can run, run."""
    for _ in range(10):
        await asyncio.sleep(0)


def test_no_more_than_jobs_run_and_the_next_waits_its_turn() -> None:
    async def scenario() -> list[str]:
        box, release, log = scene(turns(jobs=2, client_jobs=2))
        tasks = [asyncio.create_task(hold(box, "a", release, log)) for _ in range(3)]
        await settle()
        assert log == ["a", "a"]
        release.set()
        await asyncio.gather(*tasks)
        return log

    assert asyncio.run(scenario()) == ["a", "a", "a"]


def test_a_client_at_its_cap_leaves_the_free_worker_to_another() -> None:
    """a fills its share; b, who came later, runs before a's second request."""

    async def scenario() -> list[str]:
        box, release, log = scene(turns(jobs=2, client_jobs=1))
        first = asyncio.create_task(hold(box, "a", release, log))
        await settle()
        second = asyncio.create_task(hold(box, "a", release, log))
        await settle()
        other = asyncio.create_task(hold(box, "b", release, log))
        await settle()
        assert log == ["a", "b"]
        release.set()
        await asyncio.gather(first, second, other)
        return log

    assert asyncio.run(scenario()) == ["a", "b", "a"]


def test_a_full_share_is_a_429_and_a_full_queue_a_503() -> None:
    async def refused(box: Turns, client: str) -> int:
        with pytest.raises(Busy) as refusal:
            async with box.turn(client, LONG):
                pass
        return refusal.value.status

    async def scenario() -> list[int]:
        box, release, log = scene(turns(queue=2, client_queue=1))
        tasks = [asyncio.create_task(hold(box, "a", release, log)) for _ in range(2)]
        await settle()  # a runs one, and waits with one: its share of the queue
        statuses = [await refused(box, "a")]
        tasks.append(asyncio.create_task(hold(box, "b", release, log)))
        await settle()  # the queue is full
        statuses.append(await refused(box, "c"))
        release.set()
        await asyncio.gather(*tasks)
        return statuses

    assert asyncio.run(scenario()) == [429, 503]


def test_a_request_that_waits_past_its_deadline_is_a_503_and_leaves_the_queue() -> None:
    async def scenario() -> str:
        box, release, log = scene(turns())
        running = asyncio.create_task(hold(box, "a", release, log))
        await settle()
        with pytest.raises(Busy) as refused:
            async with box.turn("b", PASSED):
                pass
        release.set()
        await running
        async with box.turn("b", PASSED):  # the turn it did not take is free again
            pass
        return f"{refused.value.status}: {refused.value}"

    assert asyncio.run(scenario()) == "503: every worker busy until the time limit of 0 s"


def test_a_waiting_request_cancelled_gives_its_place_up() -> None:
    """The asker hung up while waiting: the next request gets the turn."""

    async def scenario() -> list[str]:
        box, release, log = scene(turns())
        running = asyncio.create_task(hold(box, "a", release, log))
        await settle()
        gone = asyncio.create_task(hold(box, "gone", release, log))
        later = asyncio.create_task(hold(box, "b", release, log))
        await settle()
        gone.cancel()
        release.set()
        await asyncio.gather(running, later)
        return log

    assert asyncio.run(scenario()) == ["a", "b"]


def test_closing_refuses_the_waiting_and_later_requests() -> None:
    async def scenario() -> list[int]:
        box, release, log = scene(turns())
        running = asyncio.create_task(hold(box, "a", release, log))
        await settle()
        waiting = asyncio.create_task(hold(box, "b", release, log))
        await settle()
        box.close("stopped: the server is shutting down")
        statuses = []
        try:
            await waiting
        except Busy as refused:
            statuses.append(refused.status)
        try:
            async with box.turn("c", LONG):
                pass
        except Busy as refused:
            statuses.append(refused.status)
        release.set()
        await running
        return statuses

    assert asyncio.run(scenario()) == [503, 503]


def test_settings_share_the_queue_as_the_workers() -> None:
    hosted = Settings.from_env({"HEYAWAKE_JOBS": "4"})
    assert (hosted.client_jobs, hosted.queue, hosted.client_queue) == (2, 64, 32)
    local = Settings.local(10.0, jobs=2)
    assert (local.client_jobs, local.client_queue) == (2, local.queue)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("HEYAWAKE_TIMEOUT", "0"),
        ("HEYAWAKE_TIMEOUT", "inf"),
        ("HEYAWAKE_JOBS", "1.5"),
        ("HEYAWAKE_CLIENT_JOBS", "-1"),
        ("HEYAWAKE_TIMEOUT", "nan"),
    ],
)
def test_a_variable_that_does_not_read_names_itself(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=f"^{name}: expected .* got '{value}'$"):
        Settings.from_env({name: value})


def test_the_package_app_stays_the_app_however_often_it_is_looked_up() -> None:
    """uvicorn looks ``heyawake_asp.web:app`` up twice with one worker; the second lookup once
    found the submodule of the same name (every request then a 500)."""
    code = (
        "import heyawake_asp.web as web\n"
        "first, second = web.app, web.app\n"
        "from heyawake_asp.web.application import WebApp\n"
        "assert first is second and isinstance(web.app, WebApp), (first, second, web.app)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
