"""The runner: calls in child processes (values, errors, time, Ctrl-C, memory); the CLI on it."""

from __future__ import annotations

import functools
import json
import multiprocessing
import multiprocessing.process
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import heyawake_asp.runtime.child
from heyawake_asp import (
    EncodingError,
    OutOfTime,
    Puzzle,
    Room,
    SolveResult,
    read_puzzle,
    solve,
    verify,
)
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, resolve_encoding
from heyawake_asp.cli import main
from heyawake_asp.cli.common import HERE_MAX_CELLS, runs_here
from heyawake_asp.runtime import isolation
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.runtime.isolation import (
    GRACE_SECONDS,
    ChildFailed,
    ChildOverdue,
    Worker,
    each_as_done,
    run_each,
)
from heyawake_asp.steps import Step, Walkthrough, grade, steps

pytestmark = pytest.mark.usefixtures("ctrl_c_as_at_a_terminal")

EASY = Path(__file__).resolve().parents[1] / "instances" / "easy" / "easy1.lp"
# clingo cannot interrupt grounding: on a 6x6 grid this join takes hours and keeps
# no atoms; on the 2x2 puzzle that checks an encoding, a moment.
SLOW_GROUNDING = "n(1..W**6) :- width(W).\n:- n(X), n(Y), n(Z), X + Y + Z < 0.\n"
# Hostile programs that take long (a billion triples), or all the memory there is,
# to ground on any puzzle, the 2x2 probe that checks an encoding included.
SLOW_ON_ANY_PUZZLE = "p(1..600). :- p(X),p(Y),p(Z),X+Y+Z=-1.\n"
HOGGING_ON_ANY_PUZZLE = "p(X,Y) :- X=1..100000, Y=1..100000.\n"
GIB = 2**30
AT_ONCE = 20
"""Seconds within which a stop must end what runs (unstopped: a minute or hours).

A hang guard, far above the stop's own time even on a loaded machine.
"""


def _pid() -> int:
    return os.getpid()


def _fail() -> None:
    raise ValueError("no such thing")


class _Unpicklable(Exception):
    """An exception no pickler can send: it holds a lock.

    (Its own arguments alone are no test: once Dask is imported, tblib
    rebuilds exceptions whose ``__init__`` differs from their arguments.)
    """

    def __init__(self, code: int, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.guard = threading.Lock()


def _fail_strangely() -> None:
    raise _Unpicklable(7, "cannot be rebuilt from its message")


def _unsendable() -> object:
    return threading.Lock()


def _sigint_ignored() -> bool:
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN


def _hog() -> bytearray:
    return bytearray(4 * GIB)


def _die() -> None:
    os._exit(3)


def _parent_pid() -> int:
    return os.getppid()


def _address_space_limit() -> int:
    import resource

    return resource.getrlimit(resource.RLIMIT_AS)[0]


def _interval(seconds: float) -> tuple[float, float]:
    """When this call ran (a sleep of ``seconds``)."""
    start = time.monotonic()
    time.sleep(seconds)
    return start, time.monotonic()


_CHILD_MAIN = heyawake_asp.runtime.child._child_main


def _start_slowly(*arguments: Any) -> None:
    """A child that takes its time before its life proper begins (Ctrl-C's window)."""
    time.sleep(1.0)
    _CHILD_MAIN(*arguments)


def _program(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


@pytest.fixture
def slow_encoding(tmp_path: Path) -> Path:
    folder = tmp_path / "slow"
    folder.mkdir()
    _program(folder, "slow.lp", SLOW_GROUNDING)
    return folder


@contextmanager
def _cli(*args: object) -> Iterator[subprocess.Popen[str]]:
    """``heyawake`` in a new session (its own process group), output captured.

    Whatever the test finds, the group is killed on the way out: a slow
    encoding left running would run for hours.
    """
    command = [sys.executable, "-m", "heyawake_asp", *map(str, args)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        yield process
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def _ctrl_c(process: subprocess.Popen[str]) -> tuple[float, str, str]:
    """Ctrl-C at the terminal (SIGINT to the whole group): seconds until the end, the output."""
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    output, errors = process.communicate(timeout=30)
    return time.monotonic() - start, output, errors


def _run(*args: object) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


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


# --- Worker ---------------------------------------------------------------------


def test_worker_returns_values_in_one_child_kept_between_calls() -> None:
    with Worker() as worker:
        first, second = worker.run(_pid, 30), worker.run(_pid, 30)
        assert worker.run(functools.partial(pow, 3, 4), None) == 81
        assert worker.run(functools.partial(pow, 2, 3), 1e9) == 8  # beyond a wait's range
    assert first == second != os.getpid()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux")
def test_a_connection_the_parent_closes_is_closed_though_a_child_was_forked_beside_it() -> None:
    """A child forked while a connection is open lets go of it: once the parent closes its
    end, the other end reads the end of the stream (a server's idle keep-alive connection,
    closed while a hint's child was kept, had hung the browser's next request)."""
    ours, theirs = socket.socketpair()
    with Worker() as worker:
        assert worker.run(_pid, 30) != os.getpid()  # forked while the connection is open
        ours.close()
        theirs.settimeout(5)
        try:
            assert theirs.recv(1) == b""
        finally:
            theirs.close()


def _report_then_sleep(values: list[int], seconds: float, report: Callable[[int], None]) -> str:
    for value in values:
        report(value)
    time.sleep(seconds)
    return "done"


def test_reports_arrive_in_order_and_those_before_a_stop_are_kept() -> None:
    arrived: list[int] = []
    with Worker() as worker:
        call = functools.partial(_report_then_sleep, [1, 2, 3], 0.0)
        assert worker.run(call, 30, arrived.append) == "done" and arrived == [1, 2, 3]
        arrived.clear()
        with pytest.raises(ChildOverdue):
            worker.run(functools.partial(_report_then_sleep, [4, 5], 60.0), 0.5, arrived.append)
        assert arrived == [4, 5]
        assert worker.run(_pid, 30) != os.getpid()  # a call without reports, as before


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


def test_a_call_has_a_grace_past_its_timeout_then_is_stopped_for_a_fresh_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The grace lets a search that stops itself at the timeout answer with what it found
    # (a grace of seconds here, so that a loaded machine's slow start cannot use it up).
    with Worker() as worker:
        with monkeypatch.context() as patched:
            patched.setattr(isolation, "GRACE_SECONDS", 5.0)
            assert worker.run(functools.partial(_interval, 0.3), 0.1)
        before = worker.run(_pid, 30)
        start = time.monotonic()
        with pytest.raises(ChildOverdue, match="time limit of 0.1 s"):
            worker.run(functools.partial(time.sleep, 60), 0.1)
        assert GRACE_SECONDS < time.monotonic() - start < AT_ONCE
        assert worker.run(_pid, 30) != before


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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="children are forked on Linux")
def test_children_are_our_own_whatever_the_default_start_method() -> None:
    # Python 3.14 makes forkserver the default: its children outlive a killed parent.
    before = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("forkserver", force=True)
    try:
        with Worker() as worker:
            assert worker.run(_parent_pid, 30) == os.getpid()
    finally:
        multiprocessing.set_start_method(before, force=True)


def test_importing_leaves_the_default_start_method_free() -> None:
    # A script may still choose its start method after importing the package.
    code = (
        "import multiprocessing, sys\n"
        "sys.platform = 'darwin'  # where the default start method is used\n"
        "import heyawake_asp.runtime.isolation\n"
        "multiprocessing.set_start_method('spawn')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# --- Ctrl-C while a child starts ------------------------------------------------------


def _ctrl_c_to_children_after(seconds: float, signalled: list[int | None]) -> None:
    time.sleep(seconds)
    signalled.extend(child.pid for child in multiprocessing.active_children())
    for pid in signalled:
        os.kill(pid or 0, signal.SIGINT)  # before the child could ignore it


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
@pytest.mark.parametrize("method", [None, "spawn"])
def test_ctrl_c_cannot_kill_a_child_half_started(
    method: str | None, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # None: this platform's own choice (fork on Linux); spawn is the default elsewhere.
    if method is not None:
        monkeypatch.setattr(
            heyawake_asp.runtime.child, "_context", lambda: multiprocessing.get_context(method)
        )
    monkeypatch.setattr(heyawake_asp.runtime.child, "_child_main", _start_slowly)
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    signalled: list[int | None] = []
    threading.Thread(target=_ctrl_c_to_children_after, args=(0.3, signalled)).start()
    with Worker() as worker:
        assert worker.run(_pid, 30) in signalled  # the child that was sent Ctrl-C answers
    assert "KeyboardInterrupt" not in capfd.readouterr().err


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")
def test_a_ctrl_c_held_back_during_the_start_stops_the_child_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Ctrl-C arrives as the block ends: no child may be left behind.
    started = []
    start = multiprocessing.process.BaseProcess.start

    def start_then_ctrl_c(process: multiprocessing.process.BaseProcess) -> None:
        start(process)
        started.append(process)
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", start_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt), Worker() as worker:
        worker.run(_pid, 30)
    assert started and started[0].exitcode is not None


# --- run_each -------------------------------------------------------------------


def test_run_each_gives_outcomes_in_order_each_from_a_fresh_child() -> None:
    calls: list[Callable[[], object]] = [_pid, _fail, functools.partial(pow, 2, 5), _die, _pid]
    outcomes = list(run_each(calls, timeout=30, jobs=2))
    first, failed, value, died, last = outcomes
    assert value == 32 and len({first, last, os.getpid()}) == 3
    assert isinstance(failed, ChildFailed) and str(failed) == "ValueError: no such thing"
    assert isinstance(died, ChildFailed) and "exit code 3" in str(died)


@pytest.mark.slow
def test_run_each_stops_an_overdue_call_and_runs_jobs_side_by_side() -> None:
    calls: list[Callable[[], object]] = [functools.partial(time.sleep, 60), _pid]
    overdue, answered = run_each(calls, timeout=0.1, jobs=2)
    assert isinstance(overdue, ChildOverdue) and not isinstance(answered, ChildFailed)
    # A second each: long enough to overlap even when a loaded machine starts one child late.
    interval = functools.partial(_interval, 1.0)
    one, other = _intervals(run_each([interval] * 2, timeout=None, jobs=2))
    assert one[0] < other[1] and other[0] < one[1]  # the two ran at the same time
    one, other = _intervals(run_each([interval] * 2, timeout=None, jobs=1))
    assert one[1] <= other[0]


def _intervals(outcomes: Iterable[tuple[float, float] | ChildFailed]) -> list[tuple[float, float]]:
    """The intervals the calls answered (each must have answered)."""
    answered = list(outcomes)
    assert not any(isinstance(outcome, ChildFailed) for outcome in answered), answered
    return [outcome for outcome in answered if not isinstance(outcome, ChildFailed)]


def test_each_child_takes_its_share_of_the_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heyawake_asp.runtime.child, "_available_memory", lambda: 10 * GIB)
    [alone] = run_each([_address_space_limit], timeout=30, jobs=1)
    shares = list(run_each([_address_space_limit] * 2, timeout=30, jobs=2))
    assert alone == 9 * GIB and shares == [9 * GIB // 2] * 2


def test_each_as_done_takes_a_call_from_an_iterator_when_a_child_is_free() -> None:
    taken: list[int] = []

    def calls() -> Iterator[Callable[[], int]]:
        for power in range(3):
            taken.append(power)
            yield functools.partial(pow, 2, power)

    seen = [(list(taken), done) for done in each_as_done(calls(), timeout=30, jobs=1)]
    assert seen == [([0], (0, 1)), ([0, 1], (1, 2)), ([0, 1, 2], (2, 4))]


def test_leaving_run_each_early_stops_the_children() -> None:
    calls: list[Callable[[], object]] = [_pid, functools.partial(time.sleep, 60)]
    outcomes = run_each(calls, timeout=None, jobs=2)
    assert next(outcomes) != os.getpid()
    outcomes.close()
    assert not multiprocessing.active_children()


# --- the library's calls in a child -------------------------------------------------


def test_a_solve_in_a_child_answers_as_in_process_and_reraises_its_errors(tmp_path: Path) -> None:
    puzzle = read_puzzle(EASY)
    broken = _program(tmp_path, "broken.lp", "black(X, Y) :- .\n")
    with Worker() as worker:
        isolated = worker.run(functools.partial(solve, puzzle), 30)
        with pytest.raises(EncodingError, match="unsafe variables"):
            worker.run(functools.partial(solve, puzzle, broken), 30)
    assert isolated.solutions == solve(puzzle).solutions
    assert isolated.unique and not verify(puzzle, isolated.solutions[0])


def test_a_child_past_its_deadline_hands_back_its_out_of_time_with_the_result_so_far() -> None:
    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
    call = functools.partial(solve, puzzle, timeout=Deadline(0.0))
    with Worker() as worker, pytest.raises(OutOfTime) as late:
        worker.run(call, timeout=60)
    so_far = late.value.partial  # pickled back whole
    assert isinstance(so_far, SolveResult) and so_far.status == "timeout"
    assert str(late.value) == "stopped past the time limit of 0 s"


@pytest.mark.slow  # on the clock: a machine loaded past its cores may answer later than the grace
def test_a_search_stopped_by_its_timeout_answers_before_the_child_is_stopped() -> None:
    # One free room of 8x8: over a hundred thousand shadings, more than a second to list.
    puzzle = Puzzle(8, 8, (Room.rectangle(0, 0, 7, 7),))
    deadline = Deadline(1.0)  # one deadline for the search and the child, as the CLI has
    call = functools.partial(solve, puzzle, max_solutions=0, timeout=deadline)
    with Worker() as worker, pytest.raises(OutOfTime) as late:
        worker.run(call, timeout=deadline)
    so_far = late.value.partial  # pickled back whole, with the solutions found by then
    assert isinstance(so_far, SolveResult)
    assert not any(verify(puzzle, grid) for grid in so_far.solutions[:50])


# --- the command line ---------------------------------------------------------------


@pytest.mark.slow
def test_cli_timeout_stops_grounding_and_the_batch_goes_on(
    slow_encoding: Path, tmp_path: Path
) -> None:
    narrow = _program(tmp_path, "narrow.lp", "width(2). height(1). room(1,0,0,1,0,-1).\n")
    # Two seconds: the probe of the set, in a child, must end within them on a loaded machine.
    arguments = ["solve", "--json", "--timeout", "2", "--encoding", slow_encoding, EASY, narrow]
    with _cli(*arguments) as process:
        output, _ = process.communicate(timeout=60)
        assert _group_gone(process.pid)
    records = [json.loads(line) for line in output.splitlines()]
    assert [record["status"] for record in records] == ["timeout", "solved"]
    stopped = records[0]["stats"]  # stopped while grounding: only the total time is known
    assert [key for key, value in stopped.items() if value is not None] == ["total_seconds"]
    assert process.returncode == 1


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--extra"],
        pytest.param(["solve", "--encoding"], marks=pytest.mark.slow),
        pytest.param(["count", "--encoding"], marks=pytest.mark.slow),
    ],
    ids=" ".join,
)
def test_the_probe_check_of_a_users_program_stops_at_the_timeout(
    command: list[str], tmp_path: Path
) -> None:
    slow = _program(tmp_path, "slow.lp", SLOW_ON_ANY_PUZZLE)
    start = time.monotonic()
    result = _run(*command, slow, "--timeout", "1", EASY)
    assert time.monotonic() - start < 60  # a hang guard: unstopped, it grounds for hours
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: {command[1]}: stopped past the time limit of 1 s\n"


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_ctrl_c_stops_parent_and_child_at_once_and_quietly(slow_encoding: Path) -> None:
    # The terminal sends SIGINT to the whole foreground group: parent and child.
    with _cli("solve", "--encoding", slow_encoding, EASY) as process:
        time.sleep(3)
        seconds, _, errors = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    assert process.returncode == 130 and errors.strip() == ""


EASY_DONE = 5
"""Seconds after which a command given EASY and a 35x35 has started and graded or walked EASY
beside the other, even on a busy machine (half a second on an idle one)."""


@pytest.mark.slow
@pytest.mark.parametrize("large_first", [False, True], ids=["easy-first", "large-first"])
def test_ctrl_c_during_grade_prints_the_puzzles_graded_before(large_first: bool) -> None:
    # The 35x35 puzzle's path takes about a minute; the easy one's a fraction of a second.
    # Both are walked side by side (--jobs: every processor): given second, the easy one is
    # graded before its turn, and still printed.
    large = EASY.parents[1] / "large" / "35x35-s1.lp"
    with _cli("grade", *([large, EASY] if large_first else [EASY, large])) as process:
        time.sleep(EASY_DONE)
        seconds, output, errors = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    assert process.returncode == 130 and "Traceback" not in errors
    assert output.splitlines()[-1].split()[:2] == [str(EASY), "easy"]
    said = re.fullmatch(
        rf"interrupted: 1 of 2 puzzles graded; {re.escape(str(large))}: at least (\w+) "
        r"after (\d+) steps \(score at least ([0-9.]+)\)",
        errors.strip(),
    )
    assert said is not None, errors
    # What the first steps tell, walked again here: a score only grows along a path.
    walked: list[Step] = []

    def count(step: Step) -> None:
        walked.append(step)
        if len(walked) == int(said[2]):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        steps(read_puzzle(str(large)), on_step=count)
    so_far = grade(Walkthrough("interrupted", tuple(walked), ()))
    assert (so_far.label, f"{so_far.score:.1f}") == (said[1], said[3])


@pytest.mark.slow
def test_ctrl_c_during_steps_of_several_puzzles_prints_them_in_the_order_given() -> None:
    # Side by side, the easy puzzle's path is done before the 35x35 one's, given first.
    large = EASY.parents[1] / "large" / "35x35-s1.lp"
    with _cli("steps", "--json", large, EASY) as process:
        time.sleep(EASY_DONE)
        seconds, output, errors = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    assert process.returncode == 130 and errors.strip() == "interrupted: 1 of 2 puzzles walked"
    records = [json.loads(line) for line in output.splitlines()]
    cut, done = [record for record in records if "step" not in record]  # not the step lines
    assert (cut["puzzle"], cut["status"], done["puzzle"]) == (str(large), "interrupted", str(EASY))
    puzzle = read_puzzle(EASY)
    assert done["status"] == "solved" and verify(puzzle, done["grid"]) == []
    solution = solve(read_puzzle(large)).solutions[0]
    assert cut["steps"] and all(
        (solution[cell["y"]][cell["x"]] == "#") == cell["black"]
        for step in cut["steps"]
        for cell in step["settles"]
    )


def _progress_shown(terminal: int, seconds: float) -> str:
    """What the command drew on its terminal (stderr) until a progress bar past 0 %."""
    drawn, stop = b"", time.monotonic() + seconds
    while time.monotonic() < stop and not re.search(rb"walking .*\b([1-9][0-9]?)%", drawn):
        if select.select([terminal], [], [], 0.5)[0]:
            drawn += os.read(terminal, 4096)
    return drawn.decode(errors="replace")


def test_ctrl_c_during_steps_prints_the_steps_found_so_far() -> None:
    # The 35x35 puzzle's path takes about a minute; its first steps come within seconds.
    large = EASY.parents[1] / "large" / "35x35-s1.lp"
    terminal, stderr = pty.openpty()  # progress is drawn on a terminal only
    command = [sys.executable, "-m", "heyawake_asp", "steps", "--json", str(large)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=stderr, text=True, start_new_session=True
    )
    os.close(stderr)
    try:
        drawn = _progress_shown(terminal, 60)
        seconds, output, _ = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        os.close(terminal)
    assert "walking" in drawn and "%" in drawn
    assert process.returncode == 130
    *found, record = [json.loads(line) for line in output.splitlines()]
    assert record["status"] == "interrupted" and record["steps"]
    assert [line["step"] for line in found] == record["steps"]  # each written as it was found
    puzzle = read_puzzle(str(large))
    solution = solve(puzzle).solutions[0]
    assert verify(puzzle, solution) == []
    for step in record["steps"]:
        for cell in step["settles"]:
            assert (solution[cell["y"]][cell["x"]] == "#") == cell["black"]


@pytest.mark.slow
@pytest.mark.parametrize("command", [["solve", "--extra"], ["analyze", "--encoding"]], ids=" ".join)
def test_ctrl_c_stops_the_probe_check_of_a_users_program(
    command: list[str], tmp_path: Path
) -> None:
    with _cli(*command, _program(tmp_path, "slow.lp", SLOW_ON_ANY_PUZZLE), EASY) as process:
        time.sleep(3)
        seconds, _, errors = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    assert process.returncode == 130 and errors.strip() == ""


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started that still run (Linux)."""
    return [int(word) for word in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def test_only_the_default_set_on_a_small_puzzle_runs_without_a_child(tmp_path: Path) -> None:
    side = int(HERE_MAX_CELLS**0.5)
    small = Puzzle(side, side, (Room.rectangle(0, 0, side - 1, side - 1),))
    large = Puzzle(side + 1, side, (Room.rectangle(0, 0, side, side - 1),))
    default = resolve_encoding(DEFAULT_ENCODING)
    users_own = resolve_encoding(_program(tmp_path, f"{DEFAULT_ENCODING}.lp", SLOW_GROUNDING))
    assert runs_here(default, (), small)
    assert not runs_here(default, (), large)
    assert not runs_here(default, ("more.lp",), small)
    assert not runs_here(resolve_encoding("thesis"), (), small)  # grounds for minutes at 50x50
    assert users_own.files[0].name == f"{DEFAULT_ENCODING}.lp"  # a grow.lp of the user's own
    assert not runs_here(users_own, (), small)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_search_without_a_child_at_once_and_quietly(tmp_path: Path) -> None:
    # The default set on a small puzzle: no child; clingo's search sees Ctrl-C itself.
    slow = _program(tmp_path, "slow.lp", "width(14). height(14).\nroom(1,0,0,13,13,90).\n")
    with _cli("solve", EASY, slow) as process:
        time.sleep(3)
        assert process.poll() is None and _children(process.pid) == []
        seconds, output, errors = _ctrl_c(process)
        assert seconds < AT_ONCE and _group_gone(process.pid)
    assert process.returncode != 0 and "Traceback" not in errors
    assert "solved, unique" in output  # the puzzle solved before Ctrl-C is printed


@pytest.mark.slow
def test_the_child_dies_with_its_parent(slow_encoding: Path) -> None:
    with _cli("solve", "--encoding", slow_encoding, EASY) as process:
        time.sleep(3)
        process.kill()
        process.communicate(timeout=30)
        assert _group_gone(process.pid)


def _cli_with_400_mib_free(*args: object) -> subprocess.CompletedProcess[str]:
    """``heyawake`` run as if the machine had 400 MiB free: a hog reaches the cap in seconds."""
    script = (
        "import sys\n"
        "from heyawake_asp.runtime import child\n"
        "from heyawake_asp.cli import main\n"
        "child._available_memory = lambda: 400 * 2**20\n"
        "main(sys.argv[1:])\n"
    )
    command = [sys.executable, "-c", script, *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs MemAvailable")
@pytest.mark.parametrize("option", ["--extra", pytest.param("--encoding", marks=pytest.mark.slow)])
def test_the_memory_cap_turns_a_runaway_grounding_into_one_line(
    option: str, tmp_path: Path
) -> None:
    # The child's first clingo call runs out of memory: its first C++ exception, too.
    hog = _program(tmp_path, "hog.lp", HOGGING_ON_ANY_PUZZLE)
    done = _cli_with_400_mib_free("solve", option, hog, EASY)
    expected = f"error: {option}: out of memory\n"
    assert (done.returncode, done.stdout, done.stderr) == (1, "", expected)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs MemAvailable")
def test_a_puzzle_out_of_memory_is_its_record_and_the_batch_goes_on(tmp_path: Path) -> None:
    # Runaway on grids wider than two only: the 2x2 probe and the 2x1 puzzle are fine.
    wide = "p(X,Y) :- width(W), W > 2, X=1..100000, Y=1..100000.\n"
    narrow = _program(tmp_path, "narrow.lp", "width(2). height(1). room(1,0,0,1,0,1).\n")
    extra = _program(tmp_path, "wide.lp", wide)
    done = _cli_with_400_mib_free("solve", "--json", "--extra", extra, EASY, narrow)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(record["status"], record.get("error")) for record in records] == [
        ("error", f"{EASY}: out of memory"),
        ("solved", None),
    ]
    assert done.returncode == 1 and done.stderr == ""


def test_run_each_shares_memory_among_the_children_running_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shares: list[int] = []

    def recording_cap(share: int = 1) -> None:
        shares.append(share)

    monkeypatch.setattr(isolation, "memory_cap", recording_cap)
    calls = [functools.partial(pow, 2, n) for n in range(3)]
    assert list(run_each(calls[:1], timeout=None, jobs=600)) == [1]
    assert shares == [1]  # one call: the whole memory, not a 600th of it
    shares.clear()
    assert list(run_each(calls, timeout=None, jobs=600)) == [1, 2, 4]
    at_once = min(3, isolation.max_jobs())
    assert max(shares) == at_once and len(shares) == 3


def test_a_stop_while_the_child_starts_is_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hang-up that lands while the child forks (it has no process to kill yet) still stops
    the call: without it, the call would run to its end and answer."""
    from heyawake_asp.runtime import child as child_module

    worker = Worker()
    submit = child_module.Child.submit

    def stop_first(self: Any, *args: Any, **kwargs: Any) -> None:
        worker.stop()  # the process does not exist yet
        submit(self, *args, **kwargs)

    monkeypatch.setattr(child_module.Child, "submit", stop_first)
    with worker, pytest.raises(ChildFailed):
        worker.run(functools.partial(_sleep_then, 3.0, "answered"), timeout=60.0)


def _sleep_then(seconds: float, value: str) -> str:
    """``value``, after ``seconds``."""
    time.sleep(seconds)
    return value


def test_a_step_is_given_and_kept_before_a_ctrl_c_that_comes_between_lands() -> None:
    """Ctrl-C while a step is printed and kept lands after both (else `steps --json` cut short
    could print a step its last record lacks)."""
    from heyawake_asp.cli.walks import _ctrl_c_after

    done = []
    with pytest.raises(KeyboardInterrupt):
        with _ctrl_c_after():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.01)  # Python runs the handler at the next instructions
            done.append("kept")
    assert done == ["kept"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
