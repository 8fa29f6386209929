"""Calls in a child process: values, errors, deadlines, Ctrl-C, memory; and the solver on top."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from heyawake_asp import EncodingError, read_puzzle, solve, verify
from heyawake_asp.analysis import count_solutions
from heyawake_asp.isolation import ChildFailed, ChildOverdue, Worker

EASY = Path(__file__).resolve().parents[1] / "instances" / "easy" / "easy1.lp"
# clingo cannot interrupt grounding: on a 6x6 grid this join takes hours and keeps
# no atoms; on the 2x2 puzzle that checks an encoding, a moment.
SLOW_GROUNDING = "n(1..W**6) :- width(W).\n:- n(X), n(Y), n(Z), X + Y + Z < 0.\n"


def _pid() -> int:
    return os.getpid()


def _fail() -> None:
    raise ValueError("no such thing")


class _Unpicklable(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(f"{code}: {text}")


def _fail_strangely() -> None:
    raise _Unpicklable(7, "cannot be rebuilt from its message")


def _hog() -> bytearray:
    return bytearray(4 * 2**30)


def _die() -> None:
    os._exit(3)


@pytest.fixture
def slow_encoding(tmp_path: Path) -> Path:
    folder = tmp_path / "slow"
    folder.mkdir()
    (folder / "slow.lp").write_text(SLOW_GROUNDING)
    return folder


def test_worker_returns_values_in_one_child_kept_between_calls() -> None:
    with Worker() as worker:
        first, second = worker.run(_pid, 30), worker.run(_pid, 30)
        assert worker.run(functools.partial(pow, 3, 4), None) == 81
    assert first == second != os.getpid()


def test_a_call_that_raises_reraises_and_keeps_the_child() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        with pytest.raises(ValueError, match="no such thing"):
            worker.run(_fail, 30)
        assert worker.run(_pid, 30) == before


def test_an_error_that_cannot_travel_arrives_as_its_message() -> None:
    with Worker() as worker, pytest.raises(ChildFailed, match="_Unpicklable: 7: cannot be"):
        worker.run(_fail_strangely, 30)


def test_overdue_call_is_stopped_and_the_next_call_gets_a_fresh_child() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        start = time.monotonic()
        with pytest.raises(ChildOverdue, match="time limit of 0.3 s"):
            worker.run(functools.partial(time.sleep, 60), 0.3)
        assert time.monotonic() - start < 10
        assert worker.run(_pid, 30) != before


def test_memory_cap_and_death_are_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = {"SC_PAGE_SIZE": 4096, "SC_PHYS_PAGES": 3 * 2**30 // 4096}  # a 3 GiB machine
    monkeypatch.setattr("heyawake_asp.isolation.os.sysconf", pages.__getitem__)
    with Worker() as worker:
        with pytest.raises(ChildFailed, match="^out of memory$"):
            worker.run(_hog, 60)
        with pytest.raises(ChildFailed, match="exit code 3"):
            worker.run(_die, 60)
        assert worker.run(functools.partial(pow, 2, 3), 60) == 8


def test_a_child_that_died_between_calls_is_replaced() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        os.kill(before, signal.SIGKILL)
        time.sleep(0.2)
        assert worker.run(_pid, 30) not in (before, os.getpid())


def test_ctrl_c_stops_the_child_at_once() -> None:
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    with Worker() as worker:
        child_pid = worker.run(_pid, 30)
        timer.start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            worker.run(functools.partial(time.sleep, 60), None)
        assert time.monotonic() - start < 10
    with pytest.raises(ProcessLookupError):
        os.kill(child_pid, 0)


def test_isolated_solve_answers_as_in_process_and_checks() -> None:
    puzzle = read_puzzle(EASY)
    with Worker() as worker:
        isolated = solve(puzzle, isolate=worker)
    assert isolated.solutions == solve(puzzle).solutions
    assert isolated.unique and not verify(puzzle, isolated.solutions[0])
    assert count_solutions(puzzle, isolate=True).count == 1


def test_isolated_timeout_holds_while_clingo_grounds(slow_encoding: Path) -> None:
    # In a separate interpreter, so that a regression fails here instead of hanging.
    script = (
        "from heyawake_asp import read_puzzle, solve\n"
        "from heyawake_asp.analysis import count_solutions\n"
        f"puzzle, slow = read_puzzle({str(EASY)!r}), {str(slow_encoding)!r}\n"
        "result = solve(puzzle, slow, timeout=0.5, isolate=True)\n"
        "counted = count_solutions(puzzle, encoding=slow, timeout=0.5, isolate=True)\n"
        "print(result.status, len(result.solutions), result.stats.total_seconds >= 0.5,\n"
        "      counted.count, counted.exact)\n"
    )
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["timeout", "0", "True", "0", "False"]
    assert time.monotonic() - start < 30


def test_isolated_solve_reports_encoding_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.lp"
    broken.write_text("black(X, Y) :- .\n")
    with pytest.raises(EncodingError, match="unsafe variables"):
        solve(read_puzzle(EASY), broken, isolate=True)


def test_cli_timeout_stops_grounding(slow_encoding: Path) -> None:
    command = [sys.executable, "-m", "heyawake_asp", "solve", "--timeout", "0.5"]
    command += ["--encoding", str(slow_encoding), str(EASY)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "timeout" in done.stdout
