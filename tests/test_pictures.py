"""SVG pictures and the ``render``, ``convert`` and ``solve --svg`` commands."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import REPO, SHARED

from heyawake_asp import Puzzle, Room, read_puzzle, solve
from heyawake_asp.cli import main
from heyawake_asp.formats import json_format, kth, text, url
from heyawake_asp.render.steps import step_svgs
from heyawake_asp.render.svg import CELL, border_segments, render_svg
from heyawake_asp.steps import steps

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
URL = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k"
URL_SOLUTION = ("#.#..#", "...#..", ".#..#.", "#.#...", "...#.#", ".#....")
SVG = "{http://www.w3.org/2000/svg}"
RING = "heyawake 5x5\naaaaa\nabbca\nabdca\naeeea\naaaaa\na=0 b=1 e=2\n"


def run(*args: object, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin, catch_exceptions=False)


def parse(svg: str) -> ET.Element:
    """The root of an SVG document, which must be well-formed XML."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def black_rects(root: ET.Element) -> set[tuple[int, int]]:
    """The cells of the filled black squares, checking there is one per cell."""
    rects = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "black"]
    cells = {(int(r.get("x", "")), int(r.get("y", ""))) for r in rects}
    assert len(cells) == len(rects)
    return {((x - CELL // 2) // CELL, (y - CELL // 2) // CELL) for x, y in cells}


def unit_border_edges(root: ET.Element) -> set[tuple[int, int, int, int]]:
    """Every cell-side drawn as a thick room border, in grid coordinates."""
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "borders")
    edges = set()
    for line in group.iter(f"{SVG}line"):
        x1, y1, x2, y2 = (
            (int(line.get(k, "")) - CELL // 2) // CELL for k in ("x1", "y1", "x2", "y2")
        )
        assert x1 == x2 or y1 == y2
        for step in range(max(x2 - x1, y2 - y1)):
            if y1 == y2:
                edges.add((x1 + step, y1, x1 + step + 1, y1))
            else:
                edges.add((x1, y1 + step, x1, y1 + step + 1))
    return edges


def expected_edges(puzzle: Puzzle) -> set[tuple[int, int, int, int]]:
    """The cell sides inside the grid where two rooms meet."""
    edges = set()
    for x, y in puzzle.cells():
        if x > 0 and puzzle.room_index((x - 1, y)) != puzzle.room_index((x, y)):
            edges.add((x, y, x, y + 1))
        if y > 0 and puzzle.room_index((x, y - 1)) != puzzle.room_index((x, y)):
            edges.add((x, y, x + 1, y))
    return edges


def check_picture(svg: str, puzzle: Puzzle, grid: tuple[str, ...] | None) -> ET.Element:
    root = parse(svg)
    black = {(x, y) for y, row in enumerate(grid or ()) for x, c in enumerate(row) if c == "#"}
    assert black_rects(root) == black
    assert unit_border_edges(root) == expected_edges(puzzle)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert sorted(texts, key=str) == sorted(
        (r.clue_text for r in puzzle.rooms if r.clue_text is not None), key=str
    )
    assert root.get("viewBox") == f"0 0 {(puzzle.width + 1) * CELL} {(puzzle.height + 1) * CELL}"
    return root


def test_picture_of_the_url_puzzle_solved_with_dots() -> None:
    puzzle = url.read(URL, "u")
    root = check_picture(render_svg(puzzle, URL_SOLUTION, dots=True), puzzle, URL_SOLUTION)
    whites = sum(row.count(".") for row in URL_SOLUTION)
    assert len(list(root.iter(f"{SVG}circle"))) == whites  # the white clue cell r3c1 too
    assert_dots_clear_of_clues(root)


Box = tuple[float, float, float, float]
"""``(left, top, right, bottom)`` in SVG units."""


def clue_boxes(root: ET.Element) -> list[Box]:
    """Generous bounds of each clue's glyphs: 0.6 em a character, from 0.8 em above the baseline
    to just below it (digits and ``?`` have no descenders); the text is centred on its x."""
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "clues":
            continue
        assert group.get("text-anchor") == "middle"
        size = float(group.get("font-size", ""))
        for clue in group.iter(f"{SVG}text"):
            dy = clue.get("dy", "0")
            shift = float(dy[:-2]) * size if dy.endswith("em") else float(dy)
            baseline = float(clue.get("y", "")) + shift
            half = 0.6 * size * len(clue.text or "") / 2
            x = float(clue.get("x", ""))
            boxes.append((x - half, baseline - 0.8 * size, x + half, baseline + 0.05 * size))
    return boxes


def assert_dots_clear_of_clues(root: ET.Element) -> None:
    """No dot (a circle) overlaps a clue's glyphs."""
    for circle in root.iter(f"{SVG}circle"):
        cx, cy, r = (float(circle.get(k, "")) for k in ("cx", "cy", "r"))
        for left, top, right, bottom in clue_boxes(root):
            apart = cx + r < left or cx - r > right or cy + r < top or cy - r > bottom
            assert apart, f"dot at ({cx}, {cy}) over the clue in {(left, top, right, bottom)}"


def test_step_pictures_keep_dots_clear_of_clues() -> None:
    """Every step picture of a puzzle whose white cells hold clues 0, 1 and 2."""
    puzzle = read_puzzle(EASY1)
    walk = steps(puzzle)
    clued = [room.first_cell for room in puzzle.rooms if room.clue is not None]
    assert walk.status == "solved" and sum(walk.grid[y][x] == "." for x, y in clued) >= 3
    pictures = step_svgs(puzzle, walk)
    for svg in pictures:
        assert_dots_clear_of_clues(parse(svg))
    dots = len(list(parse(pictures[-1]).iter(f"{SVG}circle")))
    assert dots == "".join(walk.grid).count(".")  # every white cell, clues' cells too


def test_unsolved_picture_has_no_black_cells_and_no_dots() -> None:
    puzzle = read_puzzle(EASY1)
    root = check_picture(render_svg(puzzle), puzzle, None)
    assert not list(root.iter(f"{SVG}circle"))


def test_irregular_rooms_are_drawn() -> None:
    puzzle = text.read(RING, "ring.txt")
    check_picture(render_svg(puzzle), puzzle, None)
    assert (1, 1, 4, 1) in border_segments(puzzle)  # the ring's inner top edge, merged


def test_clue_on_a_black_cell_is_white() -> None:
    puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 1),))
    root = parse(render_svg(puzzle, ("#.",)))
    (clue,) = root.iter(f"{SVG}text")
    assert clue.get("fill") == "white" and clue.text == "1"


def test_large_puzzle_picture(tmp_path: Path) -> None:
    puzzle = Puzzle(45, 31, (Room.rectangle(0, 0, 44, 30),))
    grid = tuple("#." * 22 + "#" if y % 2 == 0 else "." * 45 for y in range(31))
    root = check_picture(render_svg(puzzle, grid), puzzle, grid)
    assert root.get("width") == str(46 * CELL)


# --- the commands -------------------------------------------------------------------


def test_render_solve_writes_the_picture(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    result = run("render", URL, "--solve", "--dots", "-o", out)
    assert result.exit_code == 0, result.output
    check_picture(out.read_text(encoding="utf-8"), url.read(URL, "u"), URL_SOLUTION)


def test_render_solve_takes_an_encoding_and_a_timeout(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    result = run("render", URL, "--solve", "--encoding", "forest", "--timeout", 30, "-o", out)
    assert result.exit_code == 0, result.output
    check_picture(out.read_text(encoding="utf-8"), url.read(URL, "u"), URL_SOLUTION)
    # A set with no solution for any grid shows that --encoding reaches the solver.
    impossible = tmp_path / "impossible"
    impossible.mkdir()
    (impossible / "shading.lp").write_text(
        "{ black(X, Y) } :- width(W), height(H), X = 0..W - 1, Y = 0..H - 1.\n#show black/2.\n"
    )
    (impossible / "never.lp").write_text(":- width(_).\n")
    refused = run("render", URL, "--solve", "--encoding", impossible)
    assert refused.exit_code == 1 and "unsatisfiable, no solution to draw" in refused.stderr


def test_render_to_stdout_from_stdin() -> None:
    result = run("render", "-", stdin=RING)
    assert result.exit_code == 0, result.output
    check_picture(result.stdout, text.read(RING, "ring"), None)


def test_render_unsatisfiable_is_a_one_line_error(tmp_path: Path) -> None:
    unsat = tmp_path / "unsat.lp"
    unsat.write_text("width(2). height(1). room(1,0,0,1,0,2).\n", encoding="utf-8")
    result = run("render", unsat, "--solve", "-o", tmp_path / "x.svg")
    assert result.exit_code == 1
    assert result.stderr == f"error: {unsat}: unsatisfiable, no solution to draw\n"
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize(
    "command",
    [["render", URL, "--output"], ["convert", URL, "--to", "text", "-o"], ["solve", URL, "--svg"]],
    ids=lambda command: command[0],
)
def test_output_into_a_missing_folder_is_refused_up_front(
    tmp_path: Path, command: list[str]
) -> None:
    missing = tmp_path / "missing"
    result = run(*command, missing / "p.svg")
    assert (result.exit_code, result.stdout) == (2, "")
    option = "--svg" if command[0] == "solve" else "--output"
    assert result.stderr == f"error: {option}: {missing / 'p.svg'}: no such folder: {missing}\n"
    assert not missing.exists()


def test_render_to_a_full_device_is_a_one_line_error() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    result = run("render", URL, "-o", "/dev/full")
    assert result.exit_code == 1
    assert result.stderr == "error: /dev/full: cannot write: No space left on device\n"


def test_solve_svg(tmp_path: Path) -> None:
    out = tmp_path / "solved.svg"
    result = run("solve", URL, "--svg", out)
    assert result.exit_code == 0, result.output
    check_picture(out.read_text(encoding="utf-8"), url.read(URL, "u"), URL_SOLUTION)
    usage = run("solve", URL, EASY1, "--svg", out)
    assert usage.exit_code == 2 and "single PUZZLE" in usage.stderr


@pytest.mark.parametrize("fmt", ["url", "text", "json", "kth", "pzprv3"])
def test_convert_through_stdin_and_files(tmp_path: Path, fmt: str) -> None:
    puzzle = read_puzzle(EASY1)
    out = tmp_path / f"p.{ {'text': 'txt', 'kth': 'lp', 'pzprv3': 'txt'}.get(fmt, fmt) }"
    assert run("convert", EASY1, "--to", fmt, "-o", out).exit_code == 0
    again = run("convert", "-", "--to", "kth", stdin=out.read_text(encoding="utf-8"))
    assert again.exit_code == 0, again.output
    assert set(kth.read(again.stdout, "p.lp").rooms) == set(puzzle.rooms)
    assert set(read_puzzle(out).rooms) == set(puzzle.rooms)


def test_convert_url_round_trip_and_json_schema_keys() -> None:
    assert run("convert", URL, "--to", "url").stdout == URL + "\n"
    as_json = run("convert", URL, "--to", "json").stdout
    assert json_format.read(as_json, "p.json") == url.read(URL, "u")


def test_convert_irregular_to_kth_is_a_one_line_error() -> None:
    result = run("convert", "-", "--to", "kth", stdin=RING)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: -: cannot write kth: room a is not a rectangle: "
        "the KTH format holds rectangles only"
    )


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (
            ["convert", "heyawake/6/6/aa66", "--to", "text"],
            None,
            "heyawake/6/6/aa66:1:18: truncated URL",
        ),
        (["render", "-"], "heyawake 2x1\nab\nc=1\n", "-:3:1: no room named 'c'"),
        (["solve", "-"], "{]", "-:1:2: invalid JSON"),
        (["check", "-", "sol.txt"], "heyawake 1x1\n", "-: expected 1 rows, found 0"),
    ],
)
def test_reader_errors_are_one_line(args: list[str], stdin: str | None, message: str) -> None:
    result = run(*args, stdin=stdin)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    assert message in line


def test_hidden_clue_is_kept_by_convert_and_drawn() -> None:
    result = run("convert", "heyawake/2/1/g.g", "--to", "text")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "heyawake 2x1\nab\na=?\n"
    puzzle = url.read("heyawake/2/1/g.g", "u")
    check_picture(render_svg(puzzle), puzzle, None)
    assert ">?</text>" in render_svg(puzzle)


def test_hidden_clue_to_kth_warns_on_stderr() -> None:
    result = run("convert", "heyawake/2/1/g.g", "--to", "kth")
    assert result.exit_code == 0
    assert result.stderr.startswith("warning: KTH cannot hold a hidden clue '?'")
    assert "room(1,0,0,0,0,-1)." in result.stdout


@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
def test_big_real_puzzle_picture(tmp_path: Path) -> None:
    path = SHARED / "public" / "cneil-puzzle1.lp"
    if not path.is_file():
        pytest.skip("../shared not found: the real puzzle suites are not available")
    puzzle = read_puzzle(path)
    grid = solve(puzzle, check_unique=False).solutions[0]
    check_picture(render_svg(puzzle, grid), puzzle, grid)


@pytest.mark.parametrize("command", [("render",), ("convert", "--to", "kth")])
def test_render_and_convert_refuse_to_overwrite_the_puzzle(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    puzzle = tmp_path / "e1.lp"
    puzzle.write_text(EASY1.read_text())
    result = run(command[0], puzzle, *command[1:], "-o", puzzle)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: --output: {puzzle}: is the puzzle itself"
    assert puzzle.read_text() == EASY1.read_text()


def test_convert_takes_the_format_from_the_output_name_and_refuses_another(
    tmp_path: Path,
) -> None:
    for name in ("p.json", "p.txt", "p.url", "p.lp"):
        assert run("convert", EASY1, "-o", tmp_path / name).exit_code == 0
        assert set(read_puzzle(tmp_path / name).rooms) == set(read_puzzle(EASY1).rooms)
    clash = run("convert", EASY1, "--to", "text", "-o", tmp_path / "q.lp")
    assert clash.exit_code == 2 and not (tmp_path / "q.lp").exists()
    assert clash.stderr.strip().endswith("q.lp: a .lp file is read as kth, not text")
    unnamed = run("convert", EASY1)
    assert unnamed.exit_code == 2 and "--to" in unnamed.stderr
