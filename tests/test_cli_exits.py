"""Exit statuses, error lines, time limits and output files of the ``heyawake`` command.

Each test is a careless or hostile use that once misbehaved.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from helpers import REPO

from heyawake_asp import Puzzle
from heyawake_asp.asp.encodings import EncodingSet
from heyawake_asp.cli import authoring as cli_authoring
from heyawake_asp.cli import common, main
from heyawake_asp.queries import SolutionCount, count_solutions
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.suite import discover, run_suite

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
# More black cells than a connected 14x14 room can hold: clingo cannot refute
# this quickly, so a short timeout always runs out.
SLOW = "width(14). height(14).\nroom(1,0,0,13,13,90).\n"
SHOWS_NOTHING = "#show.\n"


def run(*args: object) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def error_line(result: Result) -> str:
    """The one stderr line of a failed run: ``error: ...``, no traceback."""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    return lines[0]


def test_a_wrong_answer_is_never_shown_as_solved(tmp_path: Path) -> None:
    nothing = tmp_path / "nothing.lp"
    nothing.write_text(SHOWS_NOTHING)
    for flags in ([], ["--json"]):
        result = run("solve", "--encoding", nothing, *flags, EASY1)
        assert result.exit_code == 3, result.output
        assert "solved" not in result.stdout
        message = result.stdout if flags else error_line(result)
        assert "wrong answer: solution 1 fails the checker: rule 3:" in message


def test_render_checks_the_solution_it_draws(tmp_path: Path) -> None:
    nothing = tmp_path / "nothing.lp"
    nothing.write_text(SHOWS_NOTHING)
    result = run("render", "--solve", "--encoding", nothing, EASY1, "-o", tmp_path / "x.svg")
    assert result.exit_code == 3
    assert "wrong answer" in error_line(result)
    assert not (tmp_path / "x.svg").exists()


def test_render_dots_implies_solve(tmp_path: Path) -> None:
    plain, dotted = run("render", EASY1), run("render", "--dots", EASY1)
    assert plain.exit_code == dotted.exit_code == 0
    assert "<circle" not in plain.stdout and "<circle" in dotted.stdout


def _count_past_its_deadline(
    puzzle: Puzzle, limit: int, encoding: EncodingSet, timeout: Deadline
) -> SolutionCount:
    """`count_solutions` to a deadline already past (module level: the call is pickled)."""
    return count_solutions(puzzle, limit, encoding, Deadline(0.0))


def test_count_that_timed_out_exits_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW)
    monkeypatch.setattr(cli_authoring, "count_solutions", _count_past_its_deadline)
    result = run("count", "--timeout", "60", slow)
    assert result.exit_code == 1
    assert result.stdout == "at least 0 solutions (timed out)\n"


def test_the_reading_stops_at_its_deadline_though_one_stop_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def reading(_source: str) -> Puzzle:
        try:  # the timer's first ring comes here, and is dropped
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
            time.sleep(5)
        except BaseException:  # as Python drops an exception raised in a finaliser
            pass
        time.sleep(5)
        raise AssertionError("the reading went on past its deadline")

    before = signal.getsignal(signal.SIGALRM)
    monkeypatch.setattr(common, "read_puzzle", reading)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # held until the reading starts
    try:
        with pytest.raises(click.ClickException) as stopped:
            common.read_puzzle_echoing_warnings("big.txt", Deadline(0.0))
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
    assert stopped.value.message == "big.txt: stopped past the time limit of 0 s while reading"
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_authoring_errors_name_the_file() -> None:
    ring = "heyawake 3x3\naaa\naba\naaa\n"
    for command in ("count", "analyze", "explain"):
        result = CliRunner().invoke(main, [command, "--encoding", "thesis", "-"], input=ring)
        assert result.exit_code == 1
        assert error_line(result).startswith("error: -: encoding 'thesis' handles rectangular")


def test_generate_refuses_a_huge_size_at_once() -> None:
    result = run("generate", "--size", "100000x100000")  # before making any grid: no hang
    assert result.exit_code == 2 and result.stdout == ""
    assert "at most 2500" in error_line(result)


def test_generate_makes_an_output_directory_but_no_missing_folder_for_a_file(
    tmp_path: Path,
) -> None:
    made = run("generate", "--size", "4x4", "--seed", "1", "-o", f"{tmp_path}/new/dir/")
    assert made.exit_code == 0, made.output
    assert len(list((tmp_path / "new" / "dir").glob("4x4-s1.lp"))) == 1
    refused = run("generate", "--size", "4x4", "--seed", "1", "-o", tmp_path / "gone" / "p.lp")
    assert refused.exit_code == 2 and "no such folder" in error_line(refused)
    empty = run("generate", "--size", "4x4", "--seed", "1", "-o", "")
    assert (empty.exit_code, error_line(empty)) == (
        2,
        "error: --output: '': no such file (the name is empty)",
    )


def test_an_output_known_unwritable_before_any_work_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As docs/commands.md's exit statuses say: 2, where a write that fails midway is 1. (The
    tests run as root, whom no permission stops: `os.access` says no as for another user.)"""
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    result = run("convert", EASY1, "--to", "url", "-o", tmp_path / "p.url")
    assert (result.exit_code, error_line(result)) == (
        2,
        f"error: --output: {tmp_path / 'p.url'}: permission denied",
    )
    assert not (tmp_path / "p.url").exists()


@pytest.mark.parametrize(
    "command", [["solve", "--svg"], ["analyze", "--svg"], ["steps", "--html"]], ids=" ".join
)
def test_a_picture_cannot_overwrite_the_puzzle_it_draws(tmp_path: Path, command: list[str]) -> None:
    puzzle = tmp_path / "p.lp"
    puzzle.write_text(EASY1.read_text())
    result = run(command[0], puzzle, command[1], puzzle)
    assert (result.exit_code, error_line(result)) == (
        2,
        f"error: {command[1]}: {puzzle}: is the puzzle itself",
    )
    assert puzzle.read_text() == EASY1.read_text()


@pytest.mark.parametrize("option", ["--csv", "--json", "--plot"])
def test_suite_refuses_an_output_in_a_missing_folder_before_running(
    tmp_path: Path, option: str
) -> None:
    result = run("suite", EASY1, option, tmp_path / "missing" / "x.svg")
    assert result.exit_code == 2 and result.stdout == ""
    assert "no such folder" in error_line(result)


def test_suite_output_to_a_full_device_keeps_the_run() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    result = run("suite", EASY1, "--csv", "/dev/full")
    assert result.exit_code == 1
    assert "easy1" in result.stdout  # the tables are printed
    assert error_line(result) == "error: /dev/full: cannot write: No space left on device"


@pytest.mark.slow  # six commands in processes of their own: some 5 s
@pytest.mark.parametrize(
    ("shell", "said"),
    [
        (">/dev/full", "error: -: cannot write: No space left on device\n"),
        (">&-", "error: -: cannot write: standard output is closed\n"),
    ],
    ids=["full", "closed"],
)
def test_an_unwritable_standard_output_is_one_line_not_a_traceback(shell: str, said: str) -> None:
    """Every command writes standard output; a full disk or a closed stream is exit status 1
    with one line (a traceback ended it, or the output was lost with status 0)."""
    puzzle = REPO / "instances" / "hard" / "11x11-s1.lp"
    for command in (f"solve {puzzle}", f"steps {puzzle}", "--help"):
        line = f"{sys.executable} -m heyawake_asp {command} {shell}; echo $? >&2"
        done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=120)
        assert done.stderr == f"{said}1\n", (command, done.stderr)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_reader_gone_ends_the_command_quietly() -> None:
    """``| head``: the rest of a long output has no reader; exit status 1, nothing said (a
    traceback said it). The steps of a 20x20 as JSON pass a pipe's buffer many times over."""
    puzzle = REPO / "instances" / "large" / "20x20-s1.lp"
    command = f"{sys.executable} -m heyawake_asp steps --json {puzzle}"
    line = f"{command} | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}} >&2"
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=120)
    assert done.stderr == "1\n"


def test_suite_caps_jobs(tmp_path: Path) -> None:
    result = run("suite", EASY1, "--jobs", "600")
    assert result.exit_code == 0, result.output
    assert "warning: --jobs 600" in result.stderr and "ERROR" not in result.stdout


def test_a_suite_read_error_is_printed_once(tmp_path: Path) -> None:
    broken = tmp_path / "broken1.lp"
    broken.write_text("width(2).")
    result = run("suite", broken, "--encoding", "grow", "--encoding", "reach")
    assert result.exit_code == 1
    assert result.stderr.count("missing height/1 fact") == 1


def test_a_suite_timeout_counts_as_the_limit(tmp_path: Path) -> None:
    slow = tmp_path / "slow1.lp"
    slow.write_text(SLOW)
    (record,) = run_suite(discover([slow]), ["grow"], timeout=0.5)
    assert (record.status, record.total_seconds) == ("timeout", 0.5)


def test_usage_errors_are_one_line() -> None:
    for args in (["solve"], ["solve", "--bogus", EASY1], ["frobnicate"], ["count", "--limit", "0"]):
        result = run(*args)
        assert result.exit_code == 2 and result.stdout == ""
        error_line(result)


def test_analyze_help_names_the_mark_it_draws() -> None:
    assert "▒" in run("analyze", "--help").stdout


@pytest.mark.slow
def test_timeout_covers_reading_and_grounding_a_large_grid(tmp_path: Path) -> None:
    # Read, ground and solved in seconds unstopped (grounding alone some 3 s on the 2-core
    # machine; 300x300 grounds in 0.7 s there): a second's limit stops it grounding.
    big = tmp_path / "big.lp"
    big.write_text("width(600). height(600).\nroom(1,0,0,599,599,-1).\n")
    # Reading takes about 0.5 s of the second: on a machine busy with other tests the limit
    # may pass while reading, which it covers too (said so, as an error of that puzzle).
    while_reading = f"{big}: stopped past the time limit of 1 s while reading"
    solved = run("solve", "--json", "--timeout", "1", big)
    record = json.loads(solved.stdout)
    assert solved.exit_code == 1
    if record["status"] == "error":
        assert record["error"] == while_reading
    else:
        assert record["status"] == "timeout"
        assert record["stats"]["ground_seconds"] is None  # stopped before grounding ended
    counted = run("count", "--timeout", "1", big)
    assert counted.exit_code == 1
    if counted.stdout:
        assert counted.stdout == "at least 0 solutions (timed out)\n"
    else:
        assert counted.stderr == f"error: {while_reading}\n"


SLOW_READERS = ("count", "steps", "hint", "grade")
"""Commands that read as solve does: stopped while reading in the slow run only."""


@pytest.mark.parametrize(
    "command",
    ["solve", *(pytest.param(name, marks=pytest.mark.slow) for name in SLOW_READERS)],
)
def test_timeout_stops_reading_a_million_rooms(tmp_path: Path, command: str) -> None:
    # A 1000x1000 grid of 1x1 rooms: every border drawn ('v': five walls), no numbers
    # ('z': 20 rooms skipped). Reading and building it takes longer than the limit.
    big = tmp_path / "big.url"
    big.write_text("https://puzz.link/p?heyawake/1000/1000/" + "v" * 399_600 + "z" * 50_000)
    result = run(command, "--timeout", "2", big)
    assert result.exit_code == 1
    assert error_line(result) == f"error: {big}: stopped past the time limit of 2 s while reading"


@pytest.mark.parametrize(
    "command",
    [
        ["convert", "--to", "json", "PUZZLE"],
        pytest.param(["render", "PUZZLE"], marks=pytest.mark.slow),
        pytest.param(["check", "PUZZLE", "SOLUTION"], marks=pytest.mark.slow),
    ],
    ids=lambda command: command[0],
)
def test_timeout_stops_the_reading_of_the_commands_that_only_read(
    tmp_path: Path, command: list[str]
) -> None:
    """convert, render (without --solve) and check read a 10^6-room puzzle for some 50 s and
    took no --timeout: they take it, as solve does, and stop reading at it."""
    big = tmp_path / "big.url"
    big.write_text("https://puzz.link/p?heyawake/1000/1000/" + "v" * 399_600 + "z" * 50_000)
    solution = tmp_path / "solution.txt"
    solution.write_text(("." * 1000 + "\n") * 1000)
    files = {"PUZZLE": big, "SOLUTION": solution}
    result = run(*(files.get(arg, arg) for arg in command), "--timeout", "1")
    assert result.exit_code == 1
    assert error_line(result) == f"error: {big}: stopped past the time limit of 1 s while reading"
    said = run(command[0], "--help").stdout
    assert ("Stop reading the puzzle after S" in said) is (command[0] != "render")  # no clingo


def test_a_big_unsolved_grid_is_not_drawn(tmp_path: Path) -> None:
    # Unsatisfiable at once: a 1x2 room cannot hold two black cells.
    big = tmp_path / "big.lp"
    big.write_text(
        "width(101). height(100).\nroom(1,0,0,0,1,2). room(2,0,2,0,99,-1). room(3,1,0,100,99,-1).\n"
    )
    result = run("solve", big)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "(the 101x100 grid is not drawn unsolved: more than 10000 cells)"
    )
    result = run("steps", big)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "(the 101x100 grid is not drawn unsettled: more than 10000 cells; --json has it)",
        "no solution: this clue cannot hold: 2 in the room at r1c1",
    ]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs /proc (Linux)")
def test_a_runaway_program_fails_its_check_on_the_tiny_puzzle_at_once(tmp_path: Path) -> None:
    # Without the check's own cap it would take the machine's memory first (minutes).
    hog = tmp_path / "hog.lp"
    hog.write_text("p(X,Y) :- X=1..100000, Y=1..100000.\n")
    start = time.monotonic()
    result = run("solve", "--extra", hog, EASY1)
    assert time.monotonic() - start < 60
    assert (result.exit_code, result.stdout) == (1, "")
    assert error_line(result) == "error: --extra: out of memory"


def test_an_empty_encoding_name_is_not_the_working_directory() -> None:
    result = run("solve", "--encoding", "", EASY1)
    assert result.exit_code == 2
    assert error_line(result) == "error: --encoding: an empty name is no encoding set"


@pytest.mark.parametrize("command", ["analyze", "explain"])
def test_analyze_and_explain_take_a_timeout(
    tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = tmp_path / "slow.lp"  # grounds for hours on a 6x6 grid
    slow.write_text("n(1..W**6) :- width(W).\n:- n(X), n(Y), n(Z), X + Y + Z < 0.\n")
    # Not probed first: on a loaded machine the probe's child may take the time limit itself.
    monkeypatch.setattr(cli_authoring, "check_programs", lambda *_, **__: None)
    start = time.monotonic()
    result = run(command, "--encoding", slow, "--timeout", "0.5", EASY1)
    assert time.monotonic() - start < 60  # a hang guard: unstopped, it grounds for hours
    assert (result.exit_code, result.stdout) == (1, "")
    assert error_line(result) == f"error: {EASY1}: stopped past the time limit of 0.5 s"


def test_generate_takes_a_timeout() -> None:
    result = run("generate", "--size", "30x30", "--seed", "3", "--timeout", "0.5")
    assert (result.exit_code, result.stdout) == (1, "")
    assert error_line(result) == "error: seed 3: stopped past the time limit of 0.5 s"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "error: --extra: /dev/zero: not a regular file (a character device)"),
        (b"\xc8\x01garbage", "not UTF-8 text"),
        (b"$$ ^^ ~~\n" * 100, "lexer error, unexpected $ (and 49 more errors)"),
    ],
)
def test_a_garbage_extra_program_is_one_error_line(
    tmp_path: Path, content: bytes | None, expected: str
) -> None:
    program = "/dev/zero"
    if content is not None:
        program = str(tmp_path / "garbage.lp")
        Path(program).write_bytes(content)
    result = run("solve", "--extra", program, EASY1)
    assert result.exit_code == 2
    assert expected in error_line(result)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["solve", "--bogus", "x"], "error: solve: no such option: --bogus"),
        (["solve", "--jsonn", "x"], "error: solve: no such option: --jsonn (did you mean --json?)"),
        (["check", "x"], "error: check: missing argument 'SOLUTION'"),
        (["solve", "x", "--count"], "error: --count: requires an argument"),
        (["nosuch"], "error: heyawake: no such command 'nosuch'"),
    ],
)
def test_a_usage_error_names_where_it_is(args: list[str], expected: str) -> None:
    result = CliRunner().invoke(main, args, prog_name="heyawake", catch_exceptions=False)
    assert result.exit_code == 2 and result.stdout == ""
    assert error_line(result) == expected
