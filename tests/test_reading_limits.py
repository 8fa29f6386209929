"""Hostile input to the readers: capped size, regular files only, plain one-line errors, no hang.

A reader that is not linear in its input makes the 5 MB tests here run for
hours: they check rejection, and their running time is the guard.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import REPO

from heyawake_asp import PuzzleFormatError, PuzzleWarning
from heyawake_asp.asp.encodings import resolve_encoding
from heyawake_asp.cli import main
from heyawake_asp.errors import EncodingError
from heyawake_asp.formats import MAX_INPUT_BYTES, json_format, kth, read_puzzle, text, url
from heyawake_asp.formats.source import read_source
from heyawake_asp.grid import read_grid
from heyawake_asp.solver import solve

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
FIVE_MB = 5_000_000
READERS: dict[str, Callable[[str, str], Any]] = {
    "kth": kth.read,
    "url": url.read,
    "text": text.read,
    "json": json_format.read,
    "solution": read_grid,
}


def repeated(statement: str, ending: str) -> str:
    """``statement`` repeated to 5 MB, then ``ending`` (which makes the whole invalid)."""
    return statement * (FIVE_MB // len(statement)) + ending


LONG_LINES = {
    "kth": "x" * FIVE_MB,
    "url": "https://puzz.link/p?heyawake/" + "a" * FIVE_MB,
    "text": "heyawake 2x1 " + "a" * FIVE_MB,
    "json": '{"width": 2, "height": 1, "rooms": [' + "[0, 0], " * (FIVE_MB // 8) + "]}",
    "solution": "#." * (FIVE_MB // 2) + "?",
}
"""One line of 5 MB in each format, invalid only at its end or from its start."""

STATEMENTS = {
    "kth": "width(100). height(100).\n" + repeated("room(1,0,0,99,99,-1).\n", "room(1).\n"),
    "url": "heyawake/100/100/" + repeated("0", "g"),
    "text": "heyawake 1000x100\n" + repeated("a" * 1000 + "\n", "a=1\n"),
    "json": '{"width": 1000, "height": 1000, "rooms": ['
    + repeated('{"cells": [[0, 0]], "clue": null},\n', "]}"),
    "solution": repeated("#." * 500 + "\n", "#\n"),
}
"""5 MB of valid-looking statements in each format, as a whole invalid."""


@pytest.mark.parametrize("fmt", list(READERS))
@pytest.mark.parametrize("inputs", [LONG_LINES, STATEMENTS], ids=["long line", "statements"])
def test_five_megabytes_are_rejected_by_every_reader(fmt: str, inputs: dict[str, str]) -> None:
    with pytest.raises(PuzzleFormatError) as caught, warnings.catch_warnings():
        warnings.simplefilter("ignore", PuzzleWarning)
        READERS[fmt](inputs[fmt], "big")
    assert str(caught.value).startswith("big") and "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["big.lp", "big.json", "big.url", "big.txt", "big"])
def test_a_file_over_the_cap_is_refused_naming_the_cap(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"width(1). " * (MAX_INPUT_BYTES // 10) + b"x")
    with pytest.raises(PuzzleFormatError, match=r"big[.a-z]*: larger than 4 MB, the most"):
        read_puzzle(path)


def test_a_file_at_the_cap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.lp"
    path.write_text(EASY1.read_text().ljust(MAX_INPUT_BYTES), encoding="utf-8")
    assert read_puzzle(path) == read_puzzle(EASY1)


class EndlessZeros(io.RawIOBase):
    """A standard input that never ends (``- < /dev/zero``), counting what was read."""

    taken = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self.taken += len(buffer)
        return len(buffer)


def test_endless_standard_input_is_read_up_to_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    zeros = EndlessZeros()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(zeros)))
    with pytest.raises(PuzzleFormatError, match=r"^-: larger than 4 MB"):
        read_puzzle("-")
    assert zeros.taken <= 2 * MAX_INPUT_BYTES


def test_a_closed_standard_input_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(PuzzleFormatError, match=r"^-: no standard input \(it is closed\)$"):
        read_puzzle("-")


def _fifo(folder: Path) -> str:
    """A named pipe in ``folder``."""
    os.mkfifo(folder / "fifo")
    return str(folder / "fifo")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: "/dev/zero", r"^/dev/zero: not a regular file \(a character device\)$"),
        (lambda tmp: str(tmp), r": not a regular file \(a directory\)$"),
        (_fifo, r"fifo: not a regular .*FIFO"),
        (lambda tmp: "", r"^'': no such file \(the name is empty\)$"),
        (lambda tmp: str(tmp / "missing.txt"), r"missing.txt: no such file$"),
        (lambda tmp: str(tmp / "missing" / "x.lp"), r"x.lp: no such file$"),
        (lambda tmp: "a\0b", r"no such file \(the name holds a NUL byte\)$"),
    ],
    ids=["device", "directory", "fifo", "empty name", "missing", "missing folder", "nul"],
)
def test_what_is_not_a_regular_file_is_refused_before_reading(
    tmp_path: Path, make: Callable[[Path], str], message: str
) -> None:
    with pytest.raises(PuzzleFormatError, match=message) as caught:
        read_source(make(tmp_path))
    assert "Errno" not in str(caught.value)


def test_a_file_that_is_not_utf8_names_line_column_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("heyawake 2x1\nab # é\n".encode("latin-1"))
    with pytest.raises(PuzzleFormatError) as caught:
        read_puzzle(path)
    assert str(caught.value) == f"{path}:2:6: not UTF-8 text: byte 0xe9 at offset 18"


def run(*args: str, stdin: Any = None) -> tuple[int, str]:
    """Exit status and all output of the command."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "args",
    [
        ("check", str(EASY1), "/dev/zero"),
        ("convert", "/dev/zero", "--to", "url"),
        ("solve", "/dev/zero"),
        ("solve", ""),
        ("check", str(EASY1), "/nonexistent"),
    ],
)
def test_commands_refuse_special_and_missing_files_in_one_line(args: tuple[str, ...]) -> None:
    status, output = run(*args)
    assert status == 1 and output.count("\n") == 1, output
    assert "no such file" in output or "not a regular file" in output
    assert "Errno" not in output and "directory" not in output


def test_solve_refuses_endless_standard_input_in_one_line() -> None:
    with open("/dev/zero", "rb") as zeros:
        status, output = run("solve", "-", stdin=zeros)
    assert status == 1 and output == "error: -: larger than 4 MB, the most an input file may be\n"


def test_check_names_a_solution_that_is_not_utf8(tmp_path: Path) -> None:
    solution = tmp_path / "solution.txt"
    solution.write_bytes(b"#.\n.\xff\n")
    status, output = run("check", str(EASY1), str(solution))
    assert status == 1 and output.count("\n") == 1, output
    assert f"{solution}:2:2: not UTF-8 text: byte 0xff at offset 4" in output
    assert "codec" not in output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("heyawake 99999999x99999999\n", "t:1:1: grid 99999999x99999999 is too large"),
        ("heyawake 1001x1000\n", "t:1:1: grid 1001x1000 is too large: more than 1000000 cells"),
        ("  heyawake 0x99999999999999\n", "t:1:3: grid must be at least 1x1, got 0x999999999999."),
    ],
)
def test_a_text_header_too_large_says_so(content: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        text.read(content, "t")
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_url_grid_too_large_says_so() -> None:
    with pytest.raises(PuzzleFormatError, match=r"^u:1:10: grid 5000x5000 is too large"):
        url.read("heyawake/5000/5000/" + "0" * 100, "u")


def test_a_size_with_more_leading_zeros_than_python_converts_is_read() -> None:
    zeros = "0" * 5000
    assert text.read(f"heyawake {zeros}3x1\naaa\n", "t").width == 3
    assert url.read(f"heyawake/{zeros}2/1/0g", "u").width == 2


def test_a_last_url_skip_may_run_past_the_last_room() -> None:
    # pzprjs reads "h" (skip 2) for the one room left as the end of the numbers.
    assert url.read("heyawake/2/1/0h", "u") == url.read("heyawake/2/1/0g", "u")


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ('{"width": 1, "height": 1, "width": 2, "rooms": []}', "j: width: key given twice"),
        (
            '{"width": 1, "height": 1, "rooms": [{"cells": [[0, 0]], "clue": 1, "clue": 0}]}',
            "j: rooms[0].clue: key given twice",
        ),
        ('{"width": 5000, "height": 5000, "rooms": []}', "j: grid 5000x5000 is too large"),
    ],
)
def test_json_repeated_keys_and_large_grids_are_errors(document: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        json_format.read(document, "j")
    assert str(caught.value).startswith(message), str(caught.value)


def test_kth_builds_no_more_cells_than_overlapping_rooms_need() -> None:
    # 200,000 rooms of the whole 100x100 grid would be 2 * 10^9 cells.
    facts = "width(100). height(100).\n" + "room(1,0,0,99,99,-1).\n" * 200_000
    with pytest.raises(PuzzleFormatError, match=r"^p:3:1: cell r1c1 is in two rooms"):
        kth.read(facts, "p")


def test_kth_warns_once_for_every_clue_below_minus_one() -> None:
    facts = "width(3). height(1).\nroom(1,0,0,0,0,-2).\nroom(2,1,0,1,0,-1).\nroom(3,2,0,2,0,-5).\n"
    with pytest.warns(PuzzleWarning) as caught:
        puzzle = kth.read(facts, "p")
    assert [str(w.message) for w in caught] == [
        "p:2: clue -2 read as no number (and 1 more below -1)"
    ]
    assert all(room.clue is None for room in puzzle.rooms)


def test_kth_locates_facts_after_comments_and_blank_lines() -> None:
    facts = "% c\n\nwidth(2).   height(1).\n  % x\n   room(1,0,0,0,0,-1). room(2,0,0,1,0,-1).\n"
    with pytest.raises(PuzzleFormatError, match=r"^p:5:24: cell r1c1 is in two rooms"):
        kth.read(facts, "p")


def test_an_encoding_directory_holding_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "rules.lp").write_text("#show black/2.\n", encoding="utf-8")
    os.mkfifo(tmp_path / "waiting.lp")
    with pytest.raises(EncodingError, match=r"waiting.lp: not a regular file \(a FIFO\)$"):
        resolve_encoding(str(tmp_path))


@pytest.mark.parametrize("where", ["extra", "encoding"])
def test_a_program_whose_file_name_is_not_utf8_is_refused_by_name(
    tmp_path: Path, where: str
) -> None:
    """clingo takes file names as UTF-8 text: one that is not (a byte 0xfe) raised
    UnicodeEncodeError, a traceback; it is refused naming the file, its byte escaped."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "rules.lp").write_text("#show black/2.\n", encoding="utf-8")
    odd = Path(os.fsdecode(bytes(folder / "odd") + b"\xfe.lp"))
    odd.write_text("black(0,0) :- black(0,0).\n", encoding="utf-8")
    puzzle = read_puzzle(REPO / "instances" / "easy" / "6x6-s1.lp")
    asked = {"extra": [odd]} if where == "extra" else {"encoding": str(folder)}
    with pytest.raises(EncodingError, match=r"odd\\xfe\.lp: a file name that is not UTF-8"):
        solve(puzzle, **asked)


def test_a_program_named_in_utf8_in_a_folder_that_is_not_is_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """clingo is given the name as typed: only that must be UTF-8, not the folder around it."""
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/odd\xfe"))
    folder.mkdir()
    (folder / "extra.lp").write_text("% nothing\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    puzzle = read_puzzle(REPO / "instances" / "easy" / "6x6-s1.lp")
    assert solve(puzzle, extra=["extra.lp"]).status == "solved"


@pytest.mark.slow  # each a solve in a child: some 2 s
@pytest.mark.parametrize("kind", ["fifo", "not utf-8"])
def test_a_file_an_extra_program_includes_is_checked_as_the_program_is(
    tmp_path: Path, kind: str
) -> None:
    """clingo read an included FIFO forever, and its logger crashed (a traceback, "PANIC") on a
    message quoting an included file's bytes that are not UTF-8: both are refused first."""
    included = tmp_path / "sub" / "included.lp"
    included.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(included)
    else:
        included.write_bytes(b"\x8b\xff not text\n")
    (tmp_path / "outer.lp").write_text('#include "inner.lp".\n', encoding="utf-8")
    (tmp_path / "inner.lp").write_text('#include "sub/included.lp".\n', encoding="utf-8")
    puzzle = str(REPO / "instances" / "easy" / "6x6-s1.lp")
    ran = CliRunner().invoke(main, ["solve", puzzle, "--extra", str(tmp_path / "outer.lp")])
    assert ran.exit_code == 2
    said = "not a regular file (a FIFO)" if kind == "fifo" else "not UTF-8 text"
    assert ran.stderr.startswith(f"error: --extra: {included}") and said in ran.stderr
    assert ran.stderr.count("\n") == 1
