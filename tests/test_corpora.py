"""Corpora on several cores: ``grade``, ``steps`` and ``generate`` with ``--jobs``.

Each puzzle is walked (or made) in a child of its own, side by side; the
answers are checked against the published solutions, the checker and the
library run in this process, and come in the order given.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import REPO, SHARED

import heyawake_asp.cli.authoring as cli_authoring
import heyawake_asp.cli.corpora as corpora
import heyawake_asp.runtime.cluster as cluster
from heyawake_asp import read_puzzle, solve, verify
from heyawake_asp.authoring.generate import Generated, generate, write_generated
from heyawake_asp.cli import main, walks
from heyawake_asp.errors import GenerationError
from heyawake_asp.formats import kth
from heyawake_asp.runtime.isolation import ChildOverdue
from heyawake_asp.steps import grade, steps

KTH = ("easy2", "medium4", "easy4", "hard3", "easy9", "medium7")
"""KTH puzzles of all three classes, given out of order: the larger ones take longest."""
MISSING = "no-such-puzzle.lp"


def run(*args: object) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    return CliRunner().invoke(main, [str(arg) for arg in args], catch_exceptions=False)


@pytest.fixture
def corpus(published: dict[str, list[str]]) -> list[str]:
    """KTH puzzles (their published solutions are in ../shared) with a missing one among them."""
    paths = [str(SHARED / "kth" / f"{name}.lp") for name in KTH]
    return [*paths[:2], MISSING, *paths[2:]]


def _records(output: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``steps --json`` lines: the puzzles' records, and the step lines written as steps came.

    Each puzzle's step lines are numbered from 1, come before its record and are its steps.
    """
    records: list[dict[str, Any]] = []
    lines: dict[str, list[dict[str, Any]]] = {}
    for line in output.splitlines():
        found = json.loads(line)
        if "step" in found:
            assert found["puzzle"] not in [record["puzzle"] for record in records]
            lines.setdefault(found["puzzle"], []).append(found)
            continue
        records.append(found)
        had = lines.get(found["puzzle"], [])
        assert [line["number"] for line in had] == list(range(1, len(had) + 1))
        assert [line["step"] for line in had] == (found.get("steps") or [])
    return records, [line for had in lines.values() for line in had]


def _checked_records(output: str, corpus: list[str], published: dict[str, list[str]]) -> None:
    """``steps --json`` lines: one record per puzzle in the order given, after its step lines;
    each path ends at the published solution, every step settles its cells as it has them; the
    missing puzzle is an error."""
    records, lines = _records(output)
    assert [record["puzzle"] for record in records] == corpus
    assert lines  # the steps came as they were found
    for record in records:
        if record["puzzle"] == MISSING:
            assert record["status"] == "error" and "no such file" in record["error"]
            continue
        puzzle = read_puzzle(record["puzzle"])
        solution = published[Path(record["puzzle"]).stem]
        assert record["status"] == "solved" and record["grid"] == solution
        assert verify(puzzle, record["grid"]) == []
        for step in record["steps"]:
            for cell in step["settles"]:
                assert (solution[cell["y"]][cell["x"]] == "#") == cell["black"]


def test_steps_side_by_side_reach_the_published_solutions_in_the_order_given(
    published: dict[str, list[str]],
) -> None:
    corpus = [str(SHARED / "kth" / "easy2.lp"), MISSING, str(SHARED / "kth" / "easy4.lp")]
    result = run("steps", "--json", "--jobs", 2, *corpus)
    assert result.exit_code == 1  # the missing puzzle; the others go on
    _checked_records(result.stdout, corpus, published)


@pytest.mark.slow
def test_steps_side_by_side_are_the_steps_one_by_one(
    corpus: list[str], published: dict[str, list[str]]
) -> None:
    side_by_side = run("steps", "--json", "--jobs", 2, *corpus)
    assert side_by_side.exit_code == 1
    _checked_records(side_by_side.stdout, corpus, published)
    one_by_one = run("steps", "--json", "--jobs", 1, *corpus)
    assert _records(one_by_one.stdout)[0] == _records(side_by_side.stdout)[0]


@pytest.mark.slow
def test_grade_side_by_side_is_the_librarys_grade_in_the_order_given(corpus: list[str]) -> None:
    side_by_side = run("grade", "--json", *corpus)  # every processor, by default
    assert side_by_side.exit_code == 1
    records = [json.loads(line) for line in side_by_side.stdout.splitlines()]
    assert [record["puzzle"] for record in records] == corpus
    for record in records:
        if record["puzzle"] == MISSING:
            assert (record["status"], record["grade"]) == ("error", None)
            continue
        walk = steps(read_puzzle(record["puzzle"]))  # in this process, one after the other
        assert (record["grade"], record["score"]) == (grade(walk).label, grade(walk).score)
    table = run("grade", "--jobs", 2, *corpus)
    rows = [line.split()[:2] for line in table.stdout.splitlines()[2:]]
    graded = [record for record in records if record["grade"] is not None]
    assert rows == [[record["puzzle"], record["grade"]] for record in graded]
    assert table.stderr == f"error: {MISSING}: no such file\n"


def test_each_puzzle_has_its_own_time_limit(
    corpus: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The second puzzle's limit is past when its child starts it (injected: no clock read).
    read = walks._read

    def past_for_the_second(source: str, timeout: float | None) -> Any:
        entry = read(source, timeout)
        return replace(entry, seconds=0.0) if source == corpus[1] else entry

    monkeypatch.setattr(walks, "_read", past_for_the_second)
    result = run("steps", "--json", "--jobs", 2, *corpus)
    statuses = [record["status"] for record in _records(result.stdout)[0]]
    assert statuses == ["solved", "timeout", "error", "solved", "solved", "solved", "solved"]
    assert result.exit_code == 1


def test_a_child_stopped_while_clingo_ground_keeps_the_steps_it_reported() -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "easy" / "easy1.lp"))
    found = steps(puzzle).steps[:3]
    entry = walks._Read("easy1.lp", puzzle, 1.0)
    walked = walks._walked(entry, ChildOverdue("stopped past the time limit of 1 s"), found)
    assert walked.walk is not None and walked.walk.status == "timeout"
    assert walked.walk.steps == found and walked.error == ""


def test_each_puzzle_is_read_when_a_child_is_free_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # One at a time: the second puzzle is read once the first's path is done; the one that
    # cannot be read, between them, is reported in its place.
    first, second = (str(REPO / "instances" / "easy" / name) for name in ("6x6-s1.lp", "6x6-s2.lp"))
    events: list[str] = []
    read = walks._read

    def noted(source: str, timeout: float | None) -> Any:
        events.append(f"read {source}")
        return read(source, timeout)

    monkeypatch.setattr(walks, "_read", noted)
    for walked in walks.walk_each(
        [first, MISSING, second], None, 1, None, "walking", lambda source, *_: events.append(source)
    ):
        events.append(f"gave {walked.source}")
    order = [event for number, event in enumerate(events) if event != events[number - 1]]
    assert order == [
        *(f"read {first}", first, f"gave {first}"),
        *(f"read {MISSING}", f"gave {MISSING}"),
        *(f"read {second}", second, f"gave {second}"),
    ]


def _ctrl_c_at_once(*_: object) -> Iterator[Any]:
    """As the calls' outcomes: Ctrl-C before any comes, and before any step."""
    raise KeyboardInterrupt
    yield  # a generator


def test_ctrl_c_before_a_step_shows_the_path_whose_turn_it_was(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(walks, "each_in_order", _ctrl_c_at_once)
    easy = [str(REPO / "instances" / "easy" / name) for name in ("6x6-s1.lp", "6x6-s2.lp")]
    cells = read_puzzle(easy[0]).cell_count
    one = run("steps", "--html", tmp_path / "steps.html", easy[0])
    assert (one.exit_code, one.stderr.strip()) == (130, "")
    ending = f"interrupted after 0 steps: {cells} cells ('?') not settled"
    assert one.stdout.splitlines()[-1] == ending
    assert "interrupted after 0 steps" in (tmp_path / "steps.html").read_text()
    several = run("steps", "--json", *easy)  # the second one may not have started: left out
    assert several.exit_code == 130
    assert several.stderr.strip() == "interrupted: 0 of 2 puzzles walked"
    [record] = [json.loads(line) for line in several.stdout.splitlines()]
    assert (record["puzzle"], record["status"], record["steps"]) == (easy[0], "interrupted", [])


def test_generate_side_by_side_writes_the_librarys_puzzles_in_seed_order(tmp_path: Path) -> None:
    made = run("generate", "--size", "6x6", "--seed", 5, "--count", 3, "--jobs", 2, "-o", tmp_path)
    assert made.exit_code == 0, made.output
    seeds = [int(seed) for seed in re.findall(r"^\[\d/3\] seed (\d+):", made.stderr, re.M)]
    assert seeds == [5, 6, 7]
    for seed in seeds:
        text = (tmp_path / f"6x6-s{seed}.lp").read_text()
        assert text == write_generated(generate(6, 6, seed=seed))
        puzzle = kth.read(text, "made")
        answer = solve(puzzle)
        assert answer.unique is True and verify(puzzle, answer.solutions[0]) == []


def _failing_at_seed_2(width: int, height: int, seed: int, **options: Any) -> Generated:
    """`generate`, but no puzzle for seed 2."""
    if seed == 2:
        raise GenerationError("no unique 5x5 puzzle found in 30 attempts (seed 2)")
    return generate(width, height, seed, **options)


def test_a_seed_that_fails_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_authoring, "generate", _failing_at_seed_2)
    result = run("generate", "--size", "5x5", "--seed", 1, "--count", 3, "-o", tmp_path)
    assert result.exit_code == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["5x5-s1.lp", "5x5-s3.lp"]
    lines = result.stderr.splitlines()
    assert lines[0].startswith("[1/3] seed 1: ") and lines[2].startswith("[3/3] seed 3: ")
    assert lines[1] == "error: no unique 5x5 puzzle found in 30 attempts (seed 2)"


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        (["--jobs", "2", "--cluster", "tcp://127.0.0.1:1"], "error: --cluster: not with --jobs"),
        (["--cluster", "tcp://127.0.0.1:1", "--jobs", "2"], "error: --cluster: not with --jobs"),
        (["--jobs", "0"], "error: --jobs: 0 is not in the range x>=1"),
    ],
)
def test_jobs_and_cluster_are_checked_before_any_work(arguments: list[str], error: str) -> None:
    result = run("grade", *arguments, MISSING)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(error)


def test_a_cluster_without_the_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    monkeypatch.setenv(corpora.CLUSTER_VARIABLE, "tcp://127.0.0.1:1")
    result = run("steps", MISSING)
    assert (result.exit_code, result.stdout) == (2, "")
    needs = "needs dask's distributed: the 'cluster' extra: pip install 'heyawake-asp[cluster]'"
    assert result.stderr == f"error: --cluster: {needs}\n"
    with pytest.raises(cluster.ClusterUnavailable) as raised:  # the library says the same
        cluster.Cluster("tcp://127.0.0.1:1")
    assert str(raised.value) == needs


def test_an_empty_cluster_address_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(corpora.CLUSTER_VARIABLE, "tcp://127.0.0.1:1")
    result = run("grade", "--cluster", "", MISSING)
    assert (result.exit_code, result.stderr) == (1, f"error: {MISSING}: no such file\n")


def test_a_scheduler_that_does_not_answer_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed", reason="the 'cluster' extra (dask's distributed)")
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 0.2)
    result = run("generate", "--size", "4x4", "--cluster", "tcp://127.0.0.1:1")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(
        "error: --cluster: no Dask scheduler answers at tcp://127.0.0.1:1: "
    )
    assert len(result.stderr.splitlines()) == 1
