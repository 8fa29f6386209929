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

from heyawake_asp import EncodingError, Puzzle, Room, isolation, read_puzzle, solve, verify
from heyawake_asp.analysis import analyze, count_solutions, explain
from heyawake_asp.isolation import (
    Child,
    ChildFailed,
    ChildOverdue,
    Worker,
    lift_deadline,
    wait_for_children,
)

EASY = Path(__file__).resolve().parents[1] / "instances" / "easy" / "easy1.lp"
# clingo cannot interrupt grounding: on a 6x6 grid this join takes hours and keeps
# no atoms; on the 2x2 puzzle that checks an encoding, a moment.
SLOW_GROUNDING = "n(1..W**6) :- width(W).\n:- n(X), n(Y), n(Z), X + Y + Z < 0.\n"
GIB = 2**30


def _pid() -> int:
    return os.getpid()


def _fail() -> None:
    raise ValueError("no such thing")


class _Unpicklable(Exception):
    def __init__(self, code: int, text: str) -> None:
        super().__init__(f"{code}: {text}")


def _fail_strangely() -> None:
    raise _Unpicklable(7, "cannot be rebuilt from its message")


def _unsendable() -> object:
    return threading.Lock()


def _sigint_ignored() -> bool:
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def _lift_then_sleep() -> str:
    lift_deadline()
    time.sleep(1.0)
    return "done"


def _hog() -> bytearray:
    return bytearray(4 * GIB)


def _die() -> None:
    os._exit(3)


def _parent_pid() -> int:
    return os.getppid()


_CHILD_MAIN = isolation._child_main


def _start_slowly(*arguments: object) -> None:
    """A child that takes its time before its life proper begins (Ctrl-C's window)."""
    time.sleep(1.0)
    _CHILD_MAIN(*arguments)


@pytest.fixture
def slow_encoding(tmp_path: Path) -> Path:
    folder = tmp_path / "slow"
    folder.mkdir()
    (folder / "slow.lp").write_text(SLOW_GROUNDING)
    return folder


def _cli(*args: object) -> subprocess.Popen[str]:
    """``heyawake`` in a new session (its own process group), output captured."""
    command = [sys.executable, "-m", "heyawake_asp", *map(str, args)]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )


def _group_gone(group: int, seconds: float = 10) -> bool:
    """Whether every process of ``group`` has ended within ``seconds``."""
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    os.killpg(group, signal.SIGKILL)
    return False


def test_worker_returns_values_in_one_child_kept_between_calls() -> None:
    with Worker() as worker:
        first, second = worker.run(_pid, 30), worker.run(_pid, 30)
        assert worker.run(functools.partial(pow, 3, 4), None) == 81
        assert worker.run(functools.partial(pow, 2, 3), 1e9) == 8  # beyond poll()'s range
    assert first == second != os.getpid()


def test_a_call_that_raises_reraises_and_keeps_the_child() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        with pytest.raises(ValueError, match="no such thing"):
            worker.run(_fail, 30)
        assert worker.run(_pid, 30) == before


def test_what_cannot_travel_arrives_as_a_message_and_the_child_is_replaced() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        with pytest.raises(ChildFailed, match="_Unpicklable: 7: cannot be"):
            worker.run(_fail_strangely, 30)
        with pytest.raises(ChildFailed, match="result could not be sent back"):
            worker.run(_unsendable, 30)
        assert worker.run(_pid, 30) not in (before, os.getpid())


def test_overdue_call_is_stopped_and_the_next_call_gets_a_fresh_child() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        start = time.monotonic()
        with pytest.raises(ChildOverdue, match="time limit of 0.3 s"):
            worker.run(functools.partial(time.sleep, 60), 0.3)
        assert time.monotonic() - start < 10
        assert worker.run(_pid, 30) != before


def test_a_call_may_lift_its_deadline_once_past_the_part_that_cannot_stop() -> None:
    with Worker() as worker:
        assert worker.run(_lift_then_sleep, 0.3) == "done"
        with pytest.raises(ChildOverdue):
            worker.run(functools.partial(time.sleep, 1.0), 0.3)
    lift_deadline()  # in the parent: nothing to lift


def test_memory_cap_and_death_are_failures() -> None:
    with Worker(memory_limit=3 * GIB) as worker:
        with pytest.raises(ChildFailed, match="^out of memory$"):
            worker.run(_hog, 60)
        with pytest.raises(ChildFailed, match="exit code 3"):
            worker.run(_die, 60)
        assert worker.run(functools.partial(pow, 2, 3), 60) == 8


def test_a_child_that_died_between_calls_is_replaced() -> None:
    with Worker() as worker:
        before = worker.run(_pid, 30)
        os.kill(before, signal.SIGKILL)
        assert worker.run(_pid, 30) not in (before, os.getpid())


def test_the_child_leaves_ctrl_c_to_the_parent() -> None:
    with Worker() as worker:
        assert worker.run(_sigint_ignored, 30)
    assert not _sigint_ignored()


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
@pytest.mark.parametrize("method", [None, "spawn"])
def test_ctrl_c_cannot_kill_a_child_half_started(
    method: str | None, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # None: this platform's own choice (fork on Linux); spawn is the default elsewhere.
    import multiprocessing

    if method is not None:
        monkeypatch.setattr(isolation, "_context", lambda: multiprocessing.get_context(method))
    monkeypatch.setattr(isolation, "_child_main", _start_slowly)
    child: Child[int] = Child(None)
    try:
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
        time.sleep(0.3)
        os.kill(child.process.pid, signal.SIGINT)  # before the child could ignore it
        child.submit(_pid, 30)
        wait_for_children([child])
        assert child.poll() and child.outcome() == child.process.pid
    finally:
        child.stop()
    assert "KeyboardInterrupt" not in capfd.readouterr().err


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
def test_a_ctrl_c_held_back_during_the_start_stops_the_child_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Ctrl-C arrives as the block ends: no child may be left behind.
    started = []
    start = isolation.BaseProcess.start

    def start_then_ctrl_c(process: isolation.BaseProcess) -> None:
        start(process)
        started.append(process)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(isolation.BaseProcess, "start", start_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        Child(None)
    assert started and started[0].exitcode is not None


def test_importing_leaves_the_default_start_method_free() -> None:
    # A script may still choose its start method after importing the package.
    code = (
        "import multiprocessing, sys\n"
        "sys.platform = 'darwin'  # where the default start method is used\n"
        "import heyawake_asp.isolation\n"
        "multiprocessing.set_start_method('spawn')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux")
def test_children_are_our_own_whatever_the_default_start_method() -> None:
    # Python 3.14 makes forkserver the default: its children outlive a killed parent.
    import multiprocessing

    before = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("forkserver", force=True)
    try:
        with Worker() as worker:
            assert worker.run(_parent_pid, 30) == os.getpid()
    finally:
        multiprocessing.set_start_method(before, force=True)


def test_ctrl_c_stops_parent_and_child_at_once_and_quietly(slow_encoding: Path) -> None:
    # The terminal sends SIGINT to the whole foreground group: parent and child.
    process = _cli("solve", "--encoding", slow_encoding, EASY)
    time.sleep(3)
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    _, errors = process.communicate(timeout=30)
    assert time.monotonic() - start < 10
    assert process.returncode != 0 and "Traceback" not in errors
    assert _group_gone(process.pid)


def test_the_child_dies_with_its_parent(slow_encoding: Path) -> None:
    process = _cli("solve", "--encoding", slow_encoding, EASY)
    time.sleep(3)
    process.kill()
    process.communicate(timeout=30)
    assert _group_gone(process.pid)


def test_isolated_solve_answers_as_in_process_and_checks() -> None:
    puzzle = read_puzzle(EASY)
    with Worker() as worker:
        isolated = solve(puzzle, isolate=worker)
    assert isolated.solutions == solve(puzzle).solutions
    assert isolated.unique and not verify(puzzle, isolated.solutions[0])
    assert count_solutions(puzzle, isolate=True).count == 1


def test_isolated_analysis_answers_as_in_process() -> None:
    # Many solutions (the thesis's easy puzzle without its clues), and none at all.
    open_puzzle = read_puzzle(EASY).with_clues([None] * len(read_puzzle(EASY).rooms))
    clash = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),))
    with Worker() as worker:
        assert analyze(open_puzzle, isolate=worker) == analyze(open_puzzle)
        assert analyze(open_puzzle).varying
        assert explain(clash, isolate=worker) == explain(clash)
        assert not explain(clash).satisfiable


def test_a_search_stopped_by_its_timeout_keeps_what_it_found() -> None:
    # One free room of 8x8: over a hundred thousand shadings, more than a second to list.
    puzzle = Puzzle(8, 8, (Room.rectangle(0, 0, 7, 7),))
    result = solve(puzzle, max_solutions=0, timeout=1.0, isolate=True)
    assert result.status == "solved" and len(result.solutions) > 1000
    assert not any(verify(puzzle, grid) for grid in result.solutions[:50])


def test_isolated_timeout_holds_while_clingo_grounds(slow_encoding: Path) -> None:
    # In a separate interpreter, so that a regression fails here instead of hanging.
    script = (
        "from heyawake_asp import read_puzzle, solve\n"
        "from heyawake_asp.analysis import analyze, count_solutions, explain\n"
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
    process = _cli("solve", "--timeout", "0.5", "--encoding", slow_encoding, EASY)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 1 and "timeout" in output
    assert _group_gone(process.pid)
