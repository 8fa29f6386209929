"""A corpus on a Dask cluster (``--cluster``), in Dask's local mode: a scheduler and a worker here.

Skipped without the 'cluster' extra, which the 'test' extra installs (so CI runs these).
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import REPO, SHARED

from heyawake_asp import read_puzzle, verify
from heyawake_asp.authoring.generate import generate, write_generated
from heyawake_asp.cli import main
from heyawake_asp.runtime import cluster
from heyawake_asp.runtime.isolation import ChildFailed, in_order
from heyawake_asp.steps import grade, steps

distributed = pytest.importorskip("distributed", reason="the 'cluster' extra (dask's distributed)")

MISSING = "no-such-puzzle.lp"


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """A local Dask cluster: one worker of two threads, in this process (Dask's local mode)."""
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as local:
        yield local.scheduler_address


def run(*args: object, env: dict[str, str] | None = None) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    return CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)


def test_steps_on_the_cluster_reach_the_published_solutions_in_order(
    address: str, published: dict[str, list[str]]
) -> None:
    corpus = [str(SHARED / "kth" / name) for name in ("medium2.lp", "easy3.lp", "easy8.lp")]
    corpus.insert(1, MISSING)
    result = run("steps", "--json", "--cluster", address, *corpus)
    assert result.exit_code == 1  # the missing puzzle; the others go on
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["puzzle"] for record in records] == corpus
    assert records[1]["status"] == "error" and "no such file" in records[1]["error"]
    for record in records[:1] + records[2:]:
        solution = published[Path(record["puzzle"]).stem]
        assert record["status"] == "solved" and record["grid"] == solution
        assert verify(read_puzzle(record["puzzle"]), record["grid"]) == []
        for step in record["steps"]:
            for cell in step["settles"]:
                assert (solution[cell["y"]][cell["x"]] == "#") == cell["black"]


def test_grade_on_the_cluster_is_the_librarys_grade(address: str) -> None:
    corpus = [str(REPO / "instances" / "easy" / name) for name in ("6x6-s2.lp", "easy1.lp")]
    result = run("grade", "--json", *corpus, env={"HEYAWAKE_CLUSTER": address})
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 0 and [record["puzzle"] for record in records] == corpus
    for record in records:
        graded = grade(steps(read_puzzle(record["puzzle"])))
        assert (record["grade"], record["score"]) == (graded.label, graded.score)


def test_generate_on_the_cluster_writes_the_librarys_puzzles(address: str, tmp_path: Path) -> None:
    result = run("generate", "--size", "5x5", "--seed", 8, "--count", 2, "--cluster", address)
    assert result.exit_code == 0, result.output
    assert result.stdout == "".join(write_generated(generate(5, 5, seed=s)) + "\n" for s in (8, 9))


def os_pid() -> int:
    """The process's id (module-level: a call sent to the cluster pickles by reference)."""
    return os.getpid()


def _sleep_then(seconds: float, value: int) -> int:
    time.sleep(seconds)
    return value


def _fail() -> None:
    raise ValueError("no such thing")


def test_each_call_runs_in_a_child_and_a_failure_is_its_outcome(address: str) -> None:
    calls: list[Callable[[], Any]] = [functools.partial(_sleep_then, 0.5, 1), _fail, os_pid]
    with cluster.Cluster(address) as connected:
        first, failed, pid = in_order(connected.each_as_done(calls, timeout=30))
    assert first == 1 and pid != os.getpid()
    assert isinstance(failed, ChildFailed) and str(failed) == "ValueError: no such thing"


def test_leaving_early_stops_the_calls_under_way(address: str) -> None:
    calls: list[Callable[[], int]] = [os_pid, functools.partial(_sleep_then, 600, 0)]
    with cluster.Cluster(address) as connected:
        with closing(connected.each_as_done(calls, timeout=None)) as outcomes:
            assert next(in_order(outcomes)) != os.getpid()
            assert _within(30, lambda: len(multiprocessing.active_children()) == 1)
    # The task watches for the stop every WATCH_SECONDS.
    assert _within(10 * cluster.WATCH_SECONDS, lambda: not multiprocessing.active_children())


def _within(seconds: float, holds: Callable[[], bool]) -> bool:
    """Whether ``holds()`` comes true within ``seconds`` (a hang guard: asked every 0.1 s)."""
    stop = time.monotonic() + seconds
    while not holds() and time.monotonic() < stop:
        time.sleep(0.1)
    return holds()


def test_a_daemonic_worker_says_how_to_start_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    class Daemonic:
        daemon = True

    monkeypatch.setattr(multiprocessing, "current_process", Daemonic)
    outcome = cluster._in_child(os_pid, None, "unused")
    assert isinstance(outcome, ChildFailed) and "DASK_DISTRIBUTED__WORKER__DAEMON=False" in str(
        outcome
    )
