"""The ``heyawake`` command, driven through click's CliRunner.

Every solution the command prints is checked with the independent checker.
"""

from __future__ import annotations

import json
import re
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from helpers import REPO, STATS_KEYS, parse_text_grid, require_shared, shared_puzzles

from heyawake_asp import (
    Puzzle,
    PuzzleWarning,
    SolveResult,
    __version__,
    read_puzzle,
    resolve_encoding,
    solve,
    verify,
)
from heyawake_asp.asp.encodings import encodings_dir
from heyawake_asp.cli import main
from heyawake_asp.cli import solving as cli_solving
from heyawake_asp.formats import kth
from heyawake_asp.runtime.deadline import Deadline

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
EASY1_SOLUTION = ("#.#...", "...#..", ".#...#", "#.#...", "....#.", "#.#..#")
KEYS = ["puzzle", "width", "height", "status", "solutions", "unique", "stats"]
# A 5x1 strip of one room without a number: only the ends may be black.
STRIP = "width(5). height(1). room(1,0,0,4,0,-1).\n"
STRIP_SOLUTIONS = {(".....",), ("#....",), ("....#",), ("#...#",)}
# Two black cells in a 2x1 room would be adjacent.
UNSAT = "width(2). height(1). room(1,0,0,1,0,2).\n"
# More black cells than a connected 14x14 room can hold: clingo cannot refute
# this quickly, so a short timeout always runs out.
SLOW = "width(14). height(14).\nroom(1,0,0,13,13,90).\n"


def run(*args: object) -> Result:
    """Invoke the command; any exception other than SystemExit fails the test."""
    runner = CliRunner()
    return runner.invoke(main, [str(arg) for arg in args], catch_exceptions=False)


def write(directory: Path, name: str, text: str) -> Path:
    """Write ``text`` to ``directory/name`` and return the path."""
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def read_quietly(path: Path | str) -> Puzzle:
    """Read a puzzle, ignoring the reader's warnings (e.g. clue -2)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PuzzleWarning)
        return read_puzzle(path)


def json_lines(result: Result) -> list[dict[str, Any]]:
    """The JSON objects printed by ``solve --json``, one per line."""
    return [json.loads(line) for line in result.stdout.splitlines()]


def assert_checked(record: dict[str, Any], puzzle: Puzzle) -> None:
    """Every solution in a JSON record passes the independent checker."""
    for grid in record["solutions"]:
        assert verify(puzzle, grid) == [], grid


def assert_schema(record: dict[str, Any]) -> None:
    """Exactly the documented keys, in order; stats keys when present."""
    if record["status"] == "error":
        assert list(record) == [*KEYS, "error"]
        assert record["stats"] is None and record["solutions"] == []
        assert record["unique"] is None
        assert isinstance(record["error"], str) and record["error"]
    else:
        assert list(record) == KEYS
        assert list(record["stats"]) == STATS_KEYS
        for key in ("atoms", "rules", "choices", "conflicts"):
            assert isinstance(record["stats"][key], int) and record["stats"][key] >= 0
        for key in ("ground_seconds", "solve_seconds", "total_seconds"):
            assert isinstance(record["stats"][key], float) and record["stats"][key] >= 0


def one_line_error(result: Result) -> str:
    """The single stderr line of a failed run (no traceback)."""
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def usage_error(result: Result) -> str:
    """The single ``error:`` line of a usage error (exit 2), the only output."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    line = one_line_error(result)
    assert line.startswith("error: "), line
    return line


@pytest.fixture
def strip(tmp_path: Path) -> Path:
    """The 5x1 strip with exactly four solutions."""
    return write(tmp_path, "strip.lp", STRIP)


def strip_solutions(result: Result) -> list[tuple[str, ...]]:
    """The solutions of the single JSON line of a strip run, all checked."""
    assert result.exit_code == 0, result.output
    (record,) = json_lines(result)
    assert_schema(record)
    assert_checked(record, kth.read(STRIP, "strip.lp"))
    return [tuple(grid) for grid in record["solutions"]]


# --- solve, text output -------------------------------------------------------


def test_solve_text_draws_the_real_solution() -> None:
    result = run("solve", EASY1)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert any(char in result.stdout for char in "┏┓┗┛┃━")
    assert "█" in result.stdout
    assert re.fullmatch(r"solved, unique, \d+\.\d{3} s", lines[-1])
    puzzle = read_puzzle(EASY1)
    grid = parse_text_grid(lines[:-1], puzzle)
    assert grid == EASY1_SOLUTION
    assert verify(puzzle, grid) == []
    # Clues sit in each room's first cell, on a block when that cell is black.
    assert lines[1].startswith("┃█2█")


def test_solve_text_names_each_puzzle_of_a_batch(strip: Path) -> None:
    result = run("solve", EASY1, strip)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == str(EASY1)
    assert str(strip) in lines
    assert sum(line.startswith("solved, ") for line in lines) == 2


def test_stats_line(strip: Path) -> None:
    result = run("solve", "--stats", EASY1)
    assert result.exit_code == 0, result.output
    last = result.stdout.splitlines()[-1]
    assert "atoms" in last and "conflicts" in last
    match = re.search(r"(\d+) atoms, (\d+) rules, (\d+) choices, (\d+) conflicts", last)
    assert match, last
    (record,) = json_lines(run("solve", "--json", EASY1))
    # Grounding is deterministic: the same size either way.
    assert int(match.group(1)) == record["stats"]["atoms"]
    assert int(match.group(2)) == record["stats"]["rules"]
    assert "atoms" not in run("solve", EASY1).stdout


# --- solve --json ---------------------------------------------------------------


def test_json_batch_with_bad_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.lp"
    bad = write(tmp_path, "bad.lp", "width(3). foo.\n")
    unsat = write(tmp_path, "unsat.lp", UNSAT)
    order = [EASY1, missing, bad, unsat, EASY1]
    result = run("solve", "--json", *order)
    assert result.exit_code == 1
    assert "Traceback" not in result.stderr
    records = json_lines(result)
    assert [record["puzzle"] for record in records] == [str(path) for path in order]
    for record in records:
        assert_schema(record)
    assert [record["status"] for record in records] == [
        "solved",
        "error",
        "error",
        "unsatisfiable",
        "solved",
    ]
    easy = read_puzzle(EASY1)
    for record in (records[0], records[4]):
        assert (record["width"], record["height"]) == (6, 6)
        assert record["solutions"] == [list(EASY1_SOLUTION)]
        assert record["unique"] is True
        assert_checked(record, easy)
    assert str(missing) in records[1]["error"]
    assert records[1]["width"] is None and records[1]["height"] is None
    assert str(bad) in records[2]["error"] and ":1:" in records[2]["error"]
    assert records[3]["solutions"] == [] and records[3]["unique"] is None
    assert (records[3]["width"], records[3]["height"]) == (2, 1)


def test_json_batch_of_good_puzzles_exits_zero(strip: Path) -> None:
    result = run("solve", "--json", EASY1, strip)
    assert result.exit_code == 0, result.output
    records = json_lines(result)
    assert [record["status"] for record in records] == ["solved", "solved"]
    assert_checked(records[0], read_puzzle(EASY1))
    assert_checked(records[1], read_puzzle(strip))
    assert records[1]["unique"] is False


def test_unsatisfiable_alone_exits_one_in_text_mode(tmp_path: Path) -> None:
    result = run("solve", write(tmp_path, "unsat.lp", UNSAT))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1].startswith("unsatisfiable, ")
    assert "█" not in result.stdout


def test_all_kth_puzzles_match_published_solutions(published: dict[str, list[str]]) -> None:
    require_shared()
    paths = shared_puzzles("kth")
    assert len(paths) == 30
    result = run("solve", "--json", *paths)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.stderr
    records = json_lines(result)
    assert [record["puzzle"] for record in records] == [str(path) for path in paths]
    for path, record in zip(paths, records, strict=True):
        assert_schema(record)
        assert record["status"] == "solved", path
        assert record["unique"] is True, path
        assert record["solutions"] == [published[path.stem]], path
        assert_checked(record, read_quietly(path))


# --- --count, --no-unique, --timeout, --threads ---------------------------------------


def test_count_zero_gives_all_solutions(strip: Path) -> None:
    solutions = strip_solutions(run("solve", "--json", "--count", "0", strip))
    assert len(solutions) == 4
    assert set(solutions) == STRIP_SOLUTIONS
    (record,) = json_lines(run("solve", "--json", "--count", "0", strip))
    assert record["unique"] is False


def test_count_zero_text_mode(strip: Path) -> None:
    result = run("solve", "--count", "0", strip)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line for line in lines if line.startswith("solution ")] == [
        f"solution {n}" for n in range(1, 5)
    ]
    assert lines[-1].startswith("solved, not unique, 4 solutions shown, ")
    puzzle = read_puzzle(strip)
    grids = set()
    for n in range(4):
        start = lines.index(f"solution {n + 1}") + 1
        grids.add(parse_text_grid(lines[start : start + 3], puzzle))
    assert grids == STRIP_SOLUTIONS


def test_count_two(strip: Path) -> None:
    result = run("solve", "--json", "--count", "2", strip)
    solutions = strip_solutions(result)
    assert len(solutions) == 2 and len(set(solutions)) == 2
    assert set(solutions) <= STRIP_SOLUTIONS
    assert json_lines(result)[0]["unique"] is False


def test_no_unique(strip: Path) -> None:
    result = run("solve", "--json", "--no-unique", strip)
    solutions = strip_solutions(result)
    assert len(solutions) == 1
    assert json_lines(result)[0]["unique"] is None
    text = run("solve", "--no-unique", strip)
    assert text.stdout.splitlines()[-1].startswith("solved, uniqueness not checked, ")
    every = run("solve", "--json", "--no-unique", "--count", "0", strip)
    assert set(strip_solutions(every)) == STRIP_SOLUTIONS
    assert json_lines(every)[0]["unique"] is None


def test_timeout_accepts_a_number() -> None:
    result = run("solve", "--json", "--timeout", "30", EASY1)
    assert result.exit_code == 0, result.output
    (record,) = json_lines(result)
    assert record["status"] == "solved" and record["unique"] is True
    assert_checked(record, read_puzzle(EASY1))
    assert run("solve", "--timeout", "2.5", EASY1).exit_code == 0


def _solve_past_its_deadline(puzzle: Puzzle, **options: Any) -> SolveResult:
    """`solve` to a deadline already past, whatever the command's."""
    return solve(puzzle, **{**options, "timeout": Deadline(0.0)})


def test_timeout_runs_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = write(tmp_path, "slow.lp", SLOW)
    monkeypatch.setattr(cli_solving, "solve", _solve_past_its_deadline)
    result = run("solve", "--json", "--timeout", "60", slow)
    assert result.exit_code == 1
    (record,) = json_lines(result)
    assert_schema(record)
    assert record["status"] == "timeout"
    assert record["solutions"] == [] and record["unique"] is None
    assert record["stats"]["total_seconds"] < 30  # a hang guard: unstopped, it runs on
    text = run("solve", "--timeout", "60", slow)
    assert text.exit_code == 1
    first, last = text.stdout.splitlines()  # no blank grid
    assert first == "no solution found: stopped past the time limit of 60 s"
    assert last.startswith("timeout, ")


@pytest.mark.parametrize(
    "args",
    [
        ["--timeout", "0"],
        ["--timeout", "-1"],
        ["--timeout", "soon"],
        ["--count", "-1"],
        ["--threads", "0"],
        ["--bogus"],
    ],
    ids=lambda args: " ".join(args),
)
def test_bad_option_values_are_usage_errors(strip: Path, args: list[str]) -> None:
    result = run("solve", *args, strip)
    usage_error(result)
    assert result.stdout == ""


def test_solve_needs_a_puzzle() -> None:
    usage_error(run("solve"))
    usage_error(run("frobnicate"))


def test_threads(strip: Path) -> None:
    result = run("solve", "--json", "--threads", "2", "--count", "0", strip)
    solutions = strip_solutions(result)
    assert sorted(solutions) == sorted(STRIP_SOLUTIONS)


def test_too_many_threads_is_a_usage_error(strip: Path) -> None:
    usage_error(run("solve", "--threads", "65", strip))


# --- encodings ----------------------------------------------------------------


def test_thesis_encoding() -> None:
    result = run("solve", "--json", "--encoding", "thesis", EASY1)
    assert result.exit_code == 0, result.output
    (record,) = json_lines(result)
    assert record["solutions"] == [list(EASY1_SOLUTION)] and record["unique"] is True
    assert_checked(record, read_puzzle(EASY1))


def test_unknown_encoding(strip: Path) -> None:
    line = usage_error(run("solve", "--encoding", "nope", strip))
    assert "nope" in line


def test_encoding_directory(tmp_path: Path) -> None:
    rules = tmp_path / "my_rules"
    rules.mkdir()
    for part in resolve_encoding("reach").parts:
        shutil.copy(part, rules / part.name)
    result = run("solve", "--json", "--encoding", rules, EASY1)
    assert result.exit_code == 0, result.output
    (record,) = json_lines(result)
    assert record["solutions"] == [list(EASY1_SOLUTION)] and record["unique"] is True
    assert_checked(record, read_puzzle(EASY1))


def test_empty_encoding_directory(tmp_path: Path, strip: Path) -> None:
    empty = tmp_path / "nothing"
    empty.mkdir()
    assert str(empty) in usage_error(run("solve", "--encoding", empty, strip))


def test_broken_encoding_file(tmp_path: Path, strip: Path) -> None:
    rules = tmp_path / "broken"
    rules.mkdir()
    for part in resolve_encoding("reach").parts:
        shutil.copy(part, rules / part.name)
    broken = write(rules, "zz_broken.lp", "black(X,Y) :- cell(X,Y\n")
    for spec in (rules, broken):
        result = run("solve", "--encoding", spec, strip)
        line = usage_error(result)
        assert str(broken) in line and "syntax error" in line
        assert result.stdout == ""


def test_extra_program_changes_the_answer(tmp_path: Path, strip: Path) -> None:
    extra = write(tmp_path, "no_corner.lp", ":- black(0,0).\n")
    solutions = strip_solutions(run("solve", "--json", "--count", "0", "--extra", extra, strip))
    assert len(solutions) == 2
    assert set(solutions) == {(".....",), ("....#",)}


def test_broken_or_missing_extra(tmp_path: Path, strip: Path) -> None:
    broken = write(tmp_path, "broken.lp", ":- black(0,0\n")
    assert str(broken) in usage_error(run("solve", "--extra", broken, strip))
    usage_error(run("solve", "--extra", tmp_path / "absent.lp", strip))


def test_encodings_command() -> None:
    result = run("encodings")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.startswith("grow (default): ") for line in lines)
    assert any(line.startswith("reach: ") for line in lines)
    assert any(line.startswith("thesis: ") for line in lines)
    assert not any(line.startswith("thesis (default)") for line in lines)
    for name in ("grow", "reach", "thesis"):
        for part in resolve_encoding(name).parts:
            assert f"    {part.relative_to(encodings_dir())}" in lines
    start = lines.index(next(line for line in lines if line.startswith("thesis: ")))
    assert "    rules/thesis_connected.lp" in lines[start:]
    assert "    rules/connectivity_reach.lp" in lines[:start]


# --- bad puzzle files -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "line"),
    [
        ("missing.lp", None, None),
        ("script.lp", "#script (python) import os #end.\n", 1),
        ("overlap.lp", "width(2). height(1).\nroom(1,0,0,1,0,-1).\nroom(2,1,0,1,0,-1).\n", 3),
        ("hole.lp", "width(2). height(1).\nroom(1,0,0,0,0,-1).\n", None),
        ("clue.lp", "width(2). height(1).\n\nroom(1,0,0,1,0,5).\n", 3),
        ("empty.lp", "", None),
    ],
    ids=["missing", "script", "overlap", "hole", "clue-too-large", "empty"],
)
def test_bad_puzzle_file(tmp_path: Path, name: str, text: str | None, line: int | None) -> None:
    path = tmp_path / name
    if text is not None:
        path.write_text(text, encoding="utf-8")
    result = run("solve", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    error = one_line_error(result)
    assert error.startswith("error: ")
    assert str(path) in error
    if line is not None:
        assert f"{path}:{line}:" in error
    # The same file in a batch: its own error line, the other puzzle still solved.
    batch = run("solve", "--json", path, EASY1)
    assert batch.exit_code == 1
    records = json_lines(batch)
    assert [record["status"] for record in records] == ["error", "solved"]
    assert str(path) in records[0]["error"]


def test_clue_below_minus_one_warns_and_solves(tmp_path: Path) -> None:
    path = write(tmp_path, "warn.lp", "width(3). height(1).\nroom(1,0,0,2,0,-2).\n")
    result = run("solve", "--json", "--count", "0", path)
    assert result.exit_code == 0, result.output
    warnings_ = result.stderr.splitlines()
    assert len(warnings_) == 1
    assert warnings_[0].startswith("warning: ")
    assert f"{path}:2" in warnings_[0]
    (record,) = json_lines(result)
    assert record["status"] == "solved"
    # Read as a room without a number: every connected shading is allowed.
    assert sorted(map(tuple, record["solutions"])) == sorted(
        [("...",), ("#..",), ("..#",), ("#.#",)]
    )
    assert_checked(record, read_quietly(path))


# --- check ----------------------------------------------------------------------


def test_check_correct_solution(tmp_path: Path) -> None:
    solution = write(tmp_path, "easy1.txt", "\n".join(EASY1_SOLUTION) + "\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 0, result.output
    assert "ok" in result.stdout


def test_readme_shows_a_solution_file_that_check_accepts(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "check instances/easy/easy1.lp my_solution.txt" in readme
    start = readme.index("```\n", readme.index("`my_solution.txt` is")) + len("```\n")
    example = readme[start : readme.index("```", start)]
    result = run("check", EASY1, write(tmp_path, "my_solution.txt", example))
    assert (result.exit_code, result.stdout) == (0, "ok: all five rules hold\n")


def test_check_reads_a_solution_saved_with_a_byte_order_mark(tmp_path: Path) -> None:
    solution = write(tmp_path, "easy1.txt", "\ufeff" + "\n".join(EASY1_SOLUTION) + "\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 0, result.output
    piped = CliRunner().invoke(main, ["check", str(EASY1), "-"], input=solution.read_text())
    assert piped.exit_code == 0, piped.output


def test_check_reads_the_solution_or_the_puzzle_from_stdin(tmp_path: Path) -> None:
    runner = CliRunner()
    rows = "\n".join(EASY1_SOLUTION) + "\n"
    piped = runner.invoke(main, ["check", str(EASY1), "-"], input=rows)
    assert piped.exit_code == 0 and "ok" in piped.stdout, piped.output
    wrong = runner.invoke(main, ["check", str(EASY1), "-"], input="......\n" * 6)
    assert wrong.exit_code == 1 and "rule 3" in wrong.stdout
    solution = write(tmp_path, "easy1.txt", rows)
    puzzle_piped = runner.invoke(main, ["check", "-", str(solution)], input=EASY1.read_text())
    assert puzzle_piped.exit_code == 0 and "ok" in puzzle_piped.stdout
    both = runner.invoke(main, ["check", "-", "-"], input=rows)
    assert both.exit_code == 2 and "cannot both be '-'" in both.output


@pytest.mark.parametrize("command", ["solve", "steps", "grade"])
def test_standard_input_is_read_once_among_many_puzzles(command: str) -> None:
    """``-`` twice had read standard input twice, the second time empty: "no puzzle in it"."""
    twice = CliRunner().invoke(main, [command, "-", str(EASY1), "-"], input=EASY1.read_text())
    assert twice.exit_code == 2
    assert twice.stderr == "error: PUZZLE: standard input ('-') can be read only once\n"


def test_check_accepts_x_and_1_and_spaces(tmp_path: Path) -> None:
    rows = [row.replace("#", "x") for row in EASY1_SOLUTION[:3]]
    rows += [row.replace("#", "1").replace(".", "0") for row in EASY1_SOLUTION[3:]]
    rows[0] = " ".join(rows[0])
    solution = write(tmp_path, "easy1.txt", "\n" + "\n\n".join(rows) + "\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 0, result.output
    assert "ok" in result.stdout


def test_check_wrong_solution(tmp_path: Path) -> None:
    rows = list(EASY1_SOLUTION)
    rows[0] = "##...."  # (1,0) black beside (0,0); (2,0) white keeps the clue 2 short
    assert verify(read_puzzle(EASY1), rows) != []
    solution = write(tmp_path, "wrong.txt", "\n".join(rows) + "\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 1
    assert "rule 1" in result.stdout
    assert "r1c1" in result.stdout and "r1c2" in result.stdout
    assert "ok" not in result.stdout


def test_check_all_white(tmp_path: Path) -> None:
    solution = write(tmp_path, "white.txt", "......\n" * 6)
    result = run("check", EASY1, solution)
    assert result.exit_code == 1
    assert "rule 3" in result.stdout


def test_check_wrong_size(tmp_path: Path) -> None:
    solution = write(tmp_path, "small.txt", "#.#..\n...#.\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 1
    one_line_error(result)


def test_check_wrong_size_names_the_file(tmp_path: Path) -> None:
    solution = write(tmp_path, "small.txt", "#.#..\n...#.\n")
    assert str(solution) in one_line_error(run("check", EASY1, solution))


def test_check_bad_character(tmp_path: Path) -> None:
    rows = list(EASY1_SOLUTION)
    rows[2] = ".#.?.#"
    solution = write(tmp_path, "bad.txt", "\n".join(rows) + "\n")
    result = run("check", EASY1, solution)
    assert result.exit_code == 1
    error = one_line_error(result)
    assert f"{solution}:3:4:" in error and "'?'" in error


def test_check_missing_files(tmp_path: Path) -> None:
    solution = write(tmp_path, "easy1.txt", "\n".join(EASY1_SOLUTION) + "\n")
    absent = tmp_path / "absent.txt"
    result = run("check", EASY1, absent)
    assert result.exit_code == 1
    assert str(absent) in one_line_error(result)
    result = run("check", tmp_path / "absent.lp", solution)
    assert result.exit_code == 1
    assert str(tmp_path / "absent.lp") in one_line_error(result)


# --- help and version -------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["solve"], ["check"], ["encodings"]], ids=str)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help(command: list[str], flag: str) -> None:
    result = run(*command, flag)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: ")
    assert result.stderr == ""


def test_solve_help_lists_options() -> None:
    text = run("solve", "--help").stdout
    for option in ("--json", "--count", "--no-unique", "--timeout", "--encoding", "--extra"):
        assert option in text
    for option in ("--threads", "--stats"):
        assert option in text


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"heyawake, version {__version__}"


def test_nan_timeout_is_a_usage_error(strip: Path) -> None:
    assert "not a number" in usage_error(run("solve", "--timeout", "nan", strip))


def test_bad_seconds_and_a_missing_extra_are_said_in_words(strip: Path) -> None:
    assert usage_error(run("solve", "--timeout", "abc", strip)) == (
        "error: --timeout: 'abc' is not a number of seconds"
    )
    assert usage_error(run("validate", "grow", "--time-limit", "-2")) == (
        "error: --time-limit: '-2' is not a number of seconds above 0, at most 1e9"
    )
    assert usage_error(run("solve", "--extra", "nosuch.lp", strip)) == (
        "error: --extra: nosuch.lp: no such file"
    )


def test_grounding_error_in_extra_is_reported_once_up_front(tmp_path: Path, strip: Path) -> None:
    unsafe = write(tmp_path, "unsafe.lp", "a(X).\n")
    result = run("solve", "--extra", unsafe, strip, strip)
    assert "unsafe" in usage_error(result)
    assert result.stdout == ""
