"""`heyawake suite`: discovery, classes, tables, outputs and loud wrong answers."""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import SHARED, require_shared

from heyawake_asp.asp.encodings import DEFAULT_ENCODING
from heyawake_asp.cli import main
from heyawake_asp.errors import PuzzleWarning
from heyawake_asp.suite import SuiteRecord, discover, puzzle_class, run_suite, summarise

EASY = (Path(__file__).resolve().parents[1] / "instances" / "easy" / "easy1.lp").read_text()
# A unique 3x2 puzzle: row 1 must read "#.#" and row 0 stays white.
MEDIUM = "width(3). height(2). room(1,0,0,2,0,0). room(2,0,1,2,1,2).\n"
UNSAT = "width(2). height(1). room(1,0,0,1,0,2).\n"


def run(*args: object) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    """A suite with class folders and a flat file inside one of them."""
    for klass, text in (("easy", EASY), ("medium", MEDIUM)):
        folder = tmp_path / "suite" / klass
        folder.mkdir(parents=True)
        for number in (1, 2):
            (folder / f"{klass}{number}.lp").write_text(text)
    return tmp_path / "suite"


def test_class_is_first_folder_or_name_prefix(tmp_path: Path) -> None:
    assert puzzle_class(tmp_path / "easy" / "x.lp", tmp_path) == "easy"
    assert puzzle_class(tmp_path / "large" / "35" / "big1.lp", tmp_path) == "large"
    assert puzzle_class(tmp_path / "hard22.lp", tmp_path) == "hard"
    assert puzzle_class(tmp_path / "semiexp-p3.lp", None) == "semiexp-p"
    assert puzzle_class(tmp_path / "42.lp", None) == "42"


def test_discover_recurses_and_sorts_naturally(suite_dir: Path) -> None:
    (suite_dir / "easy" / "easy10.lp").write_text(EASY)
    (suite_dir / "notes.txt").write_text("not a puzzle")
    with pytest.warns(PuzzleWarning, match="notes.txt: skipped"):
        names = [(entry.klass, entry.name) for entry in discover([suite_dir])]
    assert names == [
        ("easy", "easy1"), ("easy", "easy2"), ("easy", "easy10"),
        ("medium", "medium1"), ("medium", "medium2"),
    ]  # fmt: skip


def test_flat_kth_folder_groups_by_name() -> None:
    require_shared()
    classes = {entry.klass for entry in discover([SHARED / "kth"])}
    assert classes == {"easy", "medium", "hard"}


def test_run_checks_every_answer_and_summarises(suite_dir: Path) -> None:
    records = run_suite(discover([suite_dir]), ["reach", "thesis"], repeat=2)
    assert len(records) == 8
    assert all(r.status == "solved" and r.checked == "ok" and r.unique for r in records)
    summaries = {(s.klass, s.encoding): s for s in summarise(records)}
    assert summaries["easy", "thesis"].count == 2
    # Classes of smaller puzzles come first: here "medium" (3x2) before "easy" (6x6).
    assert list(summaries)[0] == ("medium", "reach")


def test_suite_table_and_class_summary(suite_dir: Path) -> None:
    result = run("suite", suite_dir)
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[0].split()
    assert header[:4] == ["puzzle", "class", "size", "rooms"]
    assert "atoms" in header and "conflicts" in header and "checked" in header
    assert "median s" in result.stdout and "max s" in result.stdout
    assert result.stdout.count(" ok") == 4


def test_several_encodings_side_by_side_with_ratios(suite_dir: Path) -> None:
    result = run("suite", suite_dir, "--encoding", "reach", "--encoding", "thesis")
    assert result.exit_code == 0, result.output
    first_line = result.stdout.splitlines()[0]
    assert "reach s" in first_line and "thesis s" in first_line and "x first" in first_line
    assert "median x first" in result.stdout


def test_interrupted_run_reports_what_finished(
    suite_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C after three runs: the second puzzle has its first encoding's only.
    from heyawake_asp.cli import suites

    def interrupted(
        *arguments: Any, on_record: Callable[[SuiteRecord], None], **options: Any
    ) -> list[SuiteRecord]:
        finished: list[SuiteRecord] = []

        def stop_after_three(record: SuiteRecord) -> None:
            on_record(record)
            finished.append(record)
            if len(finished) == 3:
                raise KeyboardInterrupt

        return run_suite(*arguments, on_record=stop_after_three, **options)

    monkeypatch.setattr(suites, "run_suite", interrupted)
    result = run("suite", suite_dir, "--encoding", DEFAULT_ENCODING, "--encoding", "reach")
    assert result.exit_code == 130
    assert "interrupted: 3 of 8 runs finished" in result.output
    rows = {line.split(" ", 1)[0]: line for line in result.stdout.splitlines()}
    assert "not run" not in rows["easy1"] and "not run" in rows["easy2"]


def _record(name: str, encoding: str, status: str, seconds: float) -> SuiteRecord:
    return SuiteRecord(
        name, name, "hard", encoding, "9x9", 81, 20, status,
        0.0, 0.0, seconds, 10, 10, 0, None, "ok" if status == "solved" else "-",
    )  # fmt: skip


def test_a_run_stopped_at_its_time_limit_gives_a_bound_not_a_ratio() -> None:
    from heyawake_asp.render.report import class_table, puzzle_table

    records = [
        _record("a", "fast", "solved", 1.0),
        _record("a", "slow", "timeout", 10.0),  # at least 10 times slower
        _record("b", "fast", "solved", 2.0),
        _record("b", "slow", "solved", 4.0),
        _record("c", "fast", "timeout", 10.0),
        _record("c", "slow", "timeout", 10.0),  # no ratio at all
    ]
    rows = {
        line.split(" ", 1)[0]: line for line in puzzle_table(records, ["fast", "slow"]).split("\n")
    }
    assert (
        rows["a"].endswith(">10.00x") and rows["b"].endswith(" 2.00x") and rows["c"].endswith("-")
    )
    classes = class_table(summarise(records), records, ["fast", "slow"])
    assert [line.split()[-1] for line in classes.split("\n")[2:]] == ["1.00x", ">6.00x"]


def test_wrong_answers_are_loud_and_fail(suite_dir: Path, tmp_path: Path) -> None:
    # An encoding without rule 1 (and without the others) happily shades
    # adjacent cells: the checker must catch it.
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "shading.lp").write_text(
        "{ black(X, Y) } :- width(W), height(H), X = 0..W - 1, Y = 0..H - 1.\n"
        "#show black/2.\n:- not black(1, 0).\n"
    )
    result = run("suite", suite_dir, "--encoding", broken)
    assert result.exit_code == 3
    assert "WRONG ANSWER" in result.stderr
    assert "WRONG!" in result.stdout


def test_unsolved_puzzle_fails_the_suite(tmp_path: Path) -> None:
    (tmp_path / "bad1.lp").write_text(UNSAT)
    (tmp_path / "broken1.lp").write_text("width(2).")
    result = run("suite", tmp_path)
    assert result.exit_code == 1
    assert "UNSATISFIABLE" in result.stdout and "ERROR" in result.stdout
    assert "broken1.lp: missing height/1 fact" in result.stderr


@pytest.mark.slow  # a suite in a process of its own: some 2 s
def test_a_fifo_in_the_folder_is_an_error_row_not_a_wait(tmp_path: Path) -> None:
    """A FIFO named like a puzzle is refused when read, as every command refuses one: the
    suite had opened it for its header and waited for a writer, past any time limit."""
    (tmp_path / "bad1.lp").write_text(UNSAT)
    os.mkfifo(tmp_path / "waiting.lp")
    command = [sys.executable, "-m", "heyawake_asp", "suite", str(tmp_path), "--timeout", "5"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "ERROR" in done.stdout
    assert "waiting.lp: not a regular file (a FIFO)" in done.stderr


def test_csv_and_json_outputs(suite_dir: Path, tmp_path: Path) -> None:
    out_csv, out_json = tmp_path / "r.csv", tmp_path / "r.json"
    result = run("suite", suite_dir, "--jobs", "2", "--csv", out_csv, "--json", out_json)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 4 and {row["class"] for row in rows} == {"easy", "medium"}
    assert all(row["checked"] == "ok" and float(row["total_seconds"]) > 0 for row in rows)
    assert json.loads(out_json.read_text())[0]["encoding"] == DEFAULT_ENCODING


def test_plot_or_a_clear_message(suite_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "times.svg"
    result = run("suite", suite_dir, "--plot", target)
    if importlib.util.find_spec("matplotlib") is None:
        assert result.exit_code == 2
        assert "pip install 'heyawake-asp[plot]'" in result.stderr
    else:
        assert result.exit_code == 0, result.output
        assert target.read_text().lstrip().startswith("<?xml")


def test_bad_arguments(tmp_path: Path) -> None:
    assert run("suite", tmp_path / "missing").exit_code == 2
    assert "no puzzle files" in run("suite", tmp_path).stderr
    assert run("suite", tmp_path, "--encoding", "nope").exit_code == 2
    assert run("suite", tmp_path, "--plot", tmp_path / "x.pdf").exit_code == 2


@pytest.mark.slow
def test_worker_still_grounding_past_the_time_limit_is_stopped(tmp_path: Path) -> None:
    # clingo cannot interrupt grounding: this join takes minutes and keeps no atoms.
    slow = tmp_path / "slow"
    slow.mkdir()
    (slow / "slow.lp").write_text(
        "n(1..30000).\n:- n(X), n(Y), n(Z), X + Y + Z < 0.\n{ black(X, Y) } :- in(R, X, Y).\n"
    )
    (tmp_path / "easy1.lp").write_text(EASY)
    (tmp_path / "easy2.lp").write_text(EASY)
    entries = discover([tmp_path / "easy1.lp", tmp_path / "easy2.lp"])
    # Two seconds: each easy puzzle's child must read and solve it within them on a loaded machine.
    records = run_suite(entries, [str(slow), DEFAULT_ENCODING], timeout=2, jobs=2)
    assert [(r.name, r.encoding, r.status) for r in records] == [
        ("easy1", str(slow), "timeout"),
        ("easy1", DEFAULT_ENCODING, "solved"),
        ("easy2", str(slow), "timeout"),
        ("easy2", DEFAULT_ENCODING, "solved"),
    ]
    assert "time limit" in records[0].error and records[0].total_seconds == 2


def _die(_task: object) -> None:
    """A worker's task that ends its process (module level: calls are pickled)."""
    os._exit(3)


def _boom(_task: object) -> None:
    """A worker's task that fails in a way nobody planned for."""
    raise RuntimeError("something unexpected")


def _hog(_task: object) -> bytearray:
    """A worker's task that asks for 4 GiB at once."""
    return bytearray(4 * 2**30)


def _record_of(
    task: Callable[[object], object], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> SuiteRecord:
    """The suite's record of one puzzle whose worker runs ``task`` instead of solving."""
    (folder / "easy1.lp").write_text(EASY)
    monkeypatch.setattr("heyawake_asp.suite._run_task", task)
    [record] = run_suite(discover([folder]), [DEFAULT_ENCODING])
    return record


def test_worker_that_dies_is_recorded_as_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record_of(_die, tmp_path, monkeypatch)
    assert record.status == "error" and "exit code 3" in record.error


def test_unexpected_error_in_a_worker_is_that_puzzles_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record_of(_boom, tmp_path, monkeypatch)
    assert (record.status, record.error) == ("error", "RuntimeError: something unexpected")


def test_worker_past_its_memory_share_is_recorded_as_out_of_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # clingo turns its own allocation failures into MemoryError too (bad_alloc).
    monkeypatch.setattr("heyawake_asp.runtime.child._available_memory", lambda: 3 * 2**30)
    record = _record_of(_hog, tmp_path, monkeypatch)
    assert (record.status, record.error) == ("error", "out of memory")


UNIQUE = "heyawake 3x1\naaa\na=2\n"
"""One room of three cells, clue 2: one solution (``#.#``)."""
NONE = "heyawake 2x1\naa\na=2\n"
"""Two cells side by side, both black: no solution."""


@pytest.mark.parametrize(
    ("header", "text", "status"),
    [
        ("# expect: none\n", NONE, 0),
        ("# expect: unique\n", UNIQUE, 0),
        ("# expect: several\n", UNIQUE, 1),
        ("# expect: none\n", UNIQUE, 1),
        ("", NONE, 1),
    ],
    ids=["none-met", "unique-met", "several-unmet", "none-unmet", "no-expectation"],
)
def test_a_puzzle_may_expect_its_outcome(
    tmp_path: Path, header: str, text: str, status: int
) -> None:
    (tmp_path / "p.txt").write_text(header + text)
    result = run("suite", tmp_path)
    assert result.exit_code == status, result.output
    (record,) = run_suite(discover([tmp_path]), [DEFAULT_ENCODING])
    assert record.failed == bool(status)


def test_a_txt_file_that_is_no_puzzle_is_named_as_skipped(tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_text(UNIQUE)
    (tmp_path / "notes.txt").write_text("solved by hand\n")
    (tmp_path / "odd.txt").write_text("# expect: maybe\n" + UNIQUE)
    result = run("suite", tmp_path)
    assert result.exit_code == 0, result.output
    assert f"warning: {tmp_path / 'notes.txt'}: skipped: not a puzzle" in result.stderr
    assert "expect: 'maybe' is none of unique, several, none; ignored" in result.stderr
    with pytest.warns(PuzzleWarning, match="skipped"), pytest.warns(PuzzleWarning, match="maybe"):
        assert sorted(entry.name for entry in discover([tmp_path])) == ["odd", "p"]


DENSE = Path(__file__).resolve().parents[1] / "instances" / "dense"


def test_every_dense_puzzle_says_what_it_expects() -> None:
    entries = discover([DENSE])
    assert {entry.expect for entry in entries} == {"unique", "several", "none"}


@pytest.mark.slow
def test_the_dense_puzzles_meet_their_expectations() -> None:
    records = run_suite(discover([DENSE]), [DEFAULT_ENCODING], jobs=2)
    assert [record.name for record in records if record.failed] == []
