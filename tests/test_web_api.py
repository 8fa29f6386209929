"""The web API's replies, each against an independent oracle (checker, brute force, published)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import IRREGULAR_PUZZLES, REPO, SHARED, require_shared
from hypothesis import given
from hypothesis import strategies as st

from heyawake_asp.formats import pzprv3, read_puzzle, read_puzzle_text, write_puzzle
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle, Room
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.solver import solve
from heyawake_asp.steps import BOUNDS, grade_puzzle
from heyawake_asp.web.api import ENDPOINTS, MAX_GENERATED_SIDE, Reply, answer

EASY = REPO / "instances" / "easy" / "6x6-s1.lp"
THREE = "heyawake 3x1\naaa\na=2\n"
"""One room of three cells in a row, clue 2: its one solution is ``#.#``."""


def ask(endpoint: str, **body: Any) -> Reply:
    return answer(endpoint, json.dumps(body).encode())


def ok(endpoint: str, **body: Any) -> dict[str, Any]:
    reply = ask(endpoint, **body)
    assert reply.status == 200, reply
    return reply.body


def cells(found: list[dict[str, int]]) -> set[tuple[int, int]]:
    return {(cell["x"], cell["y"]) for cell in found}


def settle(grid: list[str], settles: list[dict[str, Any]]) -> list[str]:
    rows = [list(row) for row in grid]
    for cell in settles:
        assert rows[cell["y"]][cell["x"]] == "?"
        rows[cell["y"]][cell["x"]] = "#" if cell["black"] else "."
    return ["".join(row) for row in rows]


def published_pair(published: dict[str, list[str]], name: str) -> tuple[str, list[str]]:
    require_shared()
    return (SHARED / "kth" / f"{name}.lp").read_text(), published[name]


def test_solve_answers_the_published_solution(published: dict[str, list[str]]) -> None:
    text, solution = published_pair(published, "easy1")
    record = ok("solve", puzzle=text)
    assert record["status"] == "solved" and record["unique"] is True
    assert record["solutions"] == [solution]


def test_hints_alone_reach_the_published_solution(published: dict[str, list[str]]) -> None:
    text, solution = published_pair(published, "easy1")
    puzzle = read_puzzle_text(text, "puzzle")
    grid = ["?" * puzzle.width] * puzzle.height
    while any("?" in row for row in grid):
        step = ok("hint", puzzle=text, grid=grid)["step"]
        grid = settle(grid, step["settles"])
        assert all(
            solution[cell["y"]][cell["x"]] == ("#" if cell["black"] else ".")
            for cell in step["known"]
        )
    assert grid == solution


def test_hints_name_the_rooms_as_the_puzzle_asked_about_names_them() -> None:
    """One puzzle as a file with room letters, then as a URL (rooms unnamed): the hints come
    from one kept process (`api._HINTS`), each naming rooms as its own text does."""
    url = write_puzzle(read_puzzle_text(THREE, "puzzle"), "url").strip()
    texts = [ok("hint", puzzle=text)["step"]["text"] for text in (THREE, url, THREE)]
    assert ["of room a (" in text for text in texts] == [True, False, True]
    assert "the room at r1c1" in texts[1]


def test_a_hint_on_a_wrong_cell_names_the_cell() -> None:
    record = ok("hint", puzzle=THREE, grid=[".??"])
    assert record["step"] is None and cells(record["conflict"]) == {(0, 0)}


def test_a_hint_on_a_puzzle_without_solution_names_its_rooms() -> None:
    record = ok("hint", puzzle="heyawake 2x1\naa\na=2\n")
    assert record["step"] is None and record["unsolvable"] == [1]


def test_hint_and_steps_say_why_there_is_no_solution_in_explains_words() -> None:
    """``why``: the numbers that cannot all hold, as ``explain`` (and Compose) words them."""
    text = "https://puzz.link/p?akichi/4/4/06o1s08g22"  # its rooms have no names: first cells
    explained = ok("explain", puzzle=text)
    words = "these 2 clues cannot all hold: 2 in the room at r3c3, 2 in the room at r3c4"
    assert (explained["rooms"], explained["text"]) == ([3, 4], words)
    hinted, walked = ok("hint", puzzle=text), ok("steps", puzzle=text)
    assert (hinted["unsolvable"], walked["conflict"]) == (explained["rooms"], explained["rooms"])
    assert hinted["why"] == walked["why"] == explained["text"]
    assert ok("hint", puzzle=THREE)["why"] is None and ok("steps", puzzle=THREE)["why"] is None


def test_steps_end_at_the_published_solution_with_the_grade(
    published: dict[str, list[str]],
) -> None:
    text, solution = published_pair(published, "easy2")
    record = ok("steps", puzzle=text)
    assert record["status"] == "solved" and record["grid"] == solution
    grid = ["?" * len(solution[0])] * len(solution)
    for step in record["steps"]:
        grid = settle(grid, step["settles"])
    assert grid == solution
    assert record["grade"] == ok("grade", puzzle=text)
    assert record["grade"]["steps"] == len(record["steps"])


@pytest.mark.slow
def test_an_expert_grade_is_answered_once_the_score_passes_the_last_bound() -> None:
    path = REPO / "instances" / "hard" / "11x11-s4.lp"
    full = grade_puzzle(read_puzzle(str(path)))
    record = ok("grade", puzzle=path.read_text())
    assert full.label == record["grade"] == "expert" and record["status"] == "above"
    assert BOUNDS[-1] < record["score"] <= full.score and record["steps"] < full.steps


def test_a_grade_needs_a_solution() -> None:
    reply = ask("grade", puzzle="heyawake 2x1\naa\na=2\n")
    assert reply.status == 422 and reply.body["error"].startswith("puzzle: no solution")


@pytest.mark.parametrize("name", sorted(IRREGULAR_PUZZLES))
def test_analyze_shares_exactly_what_every_solution_shares(name: str) -> None:
    text = IRREGULAR_PUZZLES[name][0].replace("a=1 ", "").replace("a=3 ", "")
    puzzle = read_puzzle_text(text, "puzzle")
    solutions = brute_force(puzzle)
    record = ok("analyze", puzzle=text)
    every = [(x, y) for y in range(puzzle.height) for x in range(puzzle.width)]
    black = {cell for cell in every if all(grid[cell[1]][cell[0]] == "#" for grid in solutions)}
    white = {cell for cell in every if all(grid[cell[1]][cell[0]] == "." for grid in solutions)}
    assert cells(record["black"]) == black and cells(record["white"]) == white
    assert cells(record["varying"]) == set(every) - black - white
    assert record["status"] == {0: "none", 1: "unique"}.get(len(solutions), "several")
    assert (record["solutions"], record["more"]) == (len(solutions), False)


def test_analyze_counts_up_to_the_limit() -> None:
    text = "heyawake 4x3\naaaa\naaaa\naaaa\n"
    every = len(brute_force(read_puzzle_text(text, "puzzle")))
    assert every > 5
    assert (
        ok("analyze", puzzle=text, limit=5)["solutions"],
        ok("analyze", puzzle=text, limit=5)["more"],
    ) == (5, True)
    assert ok("analyze", puzzle=text, limit=every)["solutions"] == every
    assert ask("analyze", puzzle=text, limit=0).body == {
        "error": "$.limit: expected 1 to 10000, got 0"
    }


def test_explain_names_clues_that_clash_and_each_is_needed() -> None:
    text = "heyawake 4x2\naabb\nccdd\na=2 b=1 c=1 d=2\n"
    puzzle = read_puzzle_text(text, "puzzle")
    assert not brute_force(puzzle)
    record = ok("explain", puzzle=text)
    assert record["satisfiable"] is False and record["text"]
    named = [room - 1 for room in record["rooms"]]

    def only(clues: list[int]) -> Puzzle:
        rooms = (r if i in clues else Room(r.cells) for i, r in enumerate(puzzle.rooms))
        return Puzzle(puzzle.width, puzzle.height, tuple(rooms))

    assert not brute_force(only(named))  # the clues named clash on their own
    for dropped in named:  # and each is needed
        assert brute_force(only([room for room in named if room != dropped])), dropped
    assert ok("explain", puzzle=THREE) == {
        "puzzle": "puzzle",
        "satisfiable": True,
        "rooms": [],
        "most": None,
        "text": None,
    }


def test_suggest_gives_a_clue_that_makes_the_answer_unique() -> None:
    text = "heyawake 5x1\naaabb\nb=1\n"
    puzzle = read_puzzle_text(text, "puzzle")
    assert len(brute_force(puzzle)) > 1
    record = ok("suggest", puzzle=text)
    change = record["suggestion"]
    assert record["status"] == "several" and change["solutions"] == 1
    room = puzzle.room_index((change["x"], change["y"]))
    assert puzzle.rooms[room].first_cell == (change["x"], change["y"])
    clues = [change["clue"] if i == room else r.clue for i, r in enumerate(puzzle.rooms)]
    assert len(brute_force(puzzle.with_clues(clues))) == 1
    assert ok("suggest", puzzle=THREE) == {
        "puzzle": "puzzle",
        "status": "unique",
        "suggestion": None,
        "together": [],
        "split": None,
        "disputed": [],
    }


def test_check_on_a_solution_and_on_a_partial_grid() -> None:
    assert ok("check", puzzle=THREE, grid=["#.#"]) | {"violations": []} == {
        "puzzle": "puzzle",
        "violations": [],
        "complete": True,
        "solved": True,
    }
    record = ok("check", puzzle=THREE, grid=["##?"])
    assert [v["rule"] for v in record["violations"]] == [1]
    assert cells(record["violations"][0]["cells"]) == {(0, 0), (1, 0)}
    assert record["complete"] is False and record["solved"] is False
    short = ok("check", puzzle=THREE, grid=["..?"])["violations"]
    assert [(v["rule"], v["room"]) for v in short] == [(3, 1)]


def test_the_right_black_cells_are_solved_with_the_rest_unmarked(
    published: dict[str, list[str]],
) -> None:
    """As puzz.link judges a grid: unmarked cells count white; ``strict`` wants every mark."""
    text, solution = published_pair(published, "medium1")
    shading = [row.replace(".", "?") for row in solution]
    record = ok("check", puzzle=text, grid=shading)
    assert (record["violations"], record["complete"], record["solved"]) == ([], False, True)
    assert ok("check", puzzle=text, grid=shading, strict=True)["solved"] is False
    assert ok("check", puzzle=text, grid=solution, strict=True)["solved"] is True
    one_short = [shading[0].replace("#", "?", 1), *shading[1:]]
    assert ok("check", puzzle=text, grid=one_short)["solved"] is False
    refused = ask("check", puzzle=text, grid=shading, strict="yes")
    assert (refused.status, refused.body["error"]) == (400, "$.strict: expected true or false")


def test_open_cells_walled_in_are_a_conflict(published: dict[str, list[str]]) -> None:
    """KTH medium1 with r1c1, r1c3, r2c2 and r3c1 black: r1c2 and r2c1 are cut off."""
    text, solution = published_pair(published, "medium1")
    rows = [list("?" * len(row)) for row in solution]
    for x, y in [(0, 0), (2, 0), (1, 1), (0, 2)]:
        rows[y][x] = "#"
    record = ok("check", puzzle=text, grid=["".join(row) for row in rows])
    (violation,) = record["violations"]
    assert violation["rule"] == 2 and cells(violation["cells"]) == {(1, 0), (0, 1)}


@pytest.mark.parametrize("fmt", ["url", "text", "json", "kth", "pzprv3"])
def test_convert_writes_what_reads_back_the_same(fmt: str) -> None:
    puzzle = read_puzzle(EASY)
    text = ok("convert", puzzle=EASY.read_text(), to=fmt)["text"]
    again = read_puzzle_text(text, "converted")
    assert (again.width, again.height, set(again.rooms)) == (
        puzzle.width,
        puzzle.height,
        set(puzzle.rooms),
    )


def test_generate_to_a_grade() -> None:
    record = ok("generate", width=6, height=6, seed=2, grade="medium")
    puzzle = read_puzzle_text(record["puzzle"], "generated")
    assert record["grade"] == "medium" and grade_puzzle(puzzle).label == "medium"
    assert solve(puzzle, max_solutions=2).unique
    assert ask("generate", width=6, height=6, grade="hardest").status == 400


def test_convert_to_pzprv3_keeps_the_grid_and_reads_a_files_marks() -> None:
    grid = ["#?????", "?.????", *["??????"] * 4]
    written = ok("convert", puzzle=EASY.read_text(), to="pzprv3", grid=grid)["text"]
    assert pzprv3.read_marks(written, "w") == grid
    again = ok("convert", puzzle=written, to="url")
    assert again["marks"] == grid
    assert "marks" not in ok("convert", puzzle=EASY.read_text(), to="url")


def test_convert_answers_the_puzzles_title_and_author_beside_any_format() -> None:
    typed = "heyawake 2x1\ntitle: Two\nauthor: Bo\nab\n"
    for fmt in ("url", "text"):
        reply = ok("convert", puzzle=typed, to=fmt)
        assert (reply["title"], reply["author"]) == ("Two", "Bo")
    assert "title" not in ok("convert", puzzle=THREE, to="url")


def test_convert_draws_svg() -> None:
    svg = ok("convert", puzzle=THREE, to="svg")["text"]
    assert svg.startswith("<svg") and svg.count(">2<") == 1


def test_generate_makes_a_puzzle_with_one_solution() -> None:
    record = ok("generate", width=4, height=4, seed=5)
    puzzle = read_puzzle_text(record["puzzle"], "generated")
    assert (puzzle.width, puzzle.height, record["seed"]) == (4, 4, 5)
    assert len(brute_force(puzzle)) == 1
    assert ok("generate", width=4, height=4, seed=5) == record


@pytest.mark.parametrize(
    ("endpoint", "body", "status", "error"),
    [
        ("hint", b"", 400, "$:1:1: invalid JSON: Expecting value"),
        ("hint", b"\xff", 400, "$: the body is not UTF-8"),
        ("hint", b"[1]", 400, "$: expected a JSON object"),
        ("hint", b"[" * 100_000, 400, "$: JSON nested too deeply"),
        ("hint", b"{}", 400, "$.puzzle: missing"),
        ("hint", b'{"puzzle": 1}', 400, "$.puzzle: expected a string"),
        ("hint", b'{"puzzle": "garbage"}', 422, "puzzle:1:1: not a puzzle heyawake reads"),
        ("check", json.dumps({"puzzle": THREE, "grid": "#.#"}).encode(), 400, "$.grid: expected"),
        ("check", json.dumps({"puzzle": THREE, "grid": [1]}).encode(), 400, "$.grid[0]: expected"),
        (
            "check",
            json.dumps({"puzzle": THREE, "grid": ["#."]}).encode(),
            400,
            "$.grid[0]: 2 cells",
        ),
        ("check", json.dumps({"puzzle": THREE, "grid": ["#.x"]}).encode(), 400, "$.grid[0]: unexp"),
        ("check", json.dumps({"puzzle": THREE, "grid": []}).encode(), 400, "$.grid: 0 rows"),
        ("convert", json.dumps({"puzzle": THREE, "to": "png"}).encode(), 400, "$.to: unknown"),
        ("generate", b'{"width": 1, "height": 4}', 400, "$.width: expected 2 to"),
        ("generate", b'{"width": 4, "height": true}', 400, "$.height: expected an integer"),
        ("generate", b'{"width": 4, "height": 4, "seed": -1}', 400, "$.seed: expected 0 or more"),
        (
            "generate",
            json.dumps({"width": 4, "height": MAX_GENERATED_SIDE + 1}).encode(),
            400,
            "$.height: expected 2 to",
        ),
    ],
)
def test_bad_requests_get_one_line_errors(
    endpoint: str, body: bytes, status: int, error: str
) -> None:
    reply = answer(endpoint, body)
    assert reply.status == status and reply.body["error"].startswith(error), reply
    assert "\n" not in reply.body["error"]


def test_past_the_deadline_the_error_says_so() -> None:
    reply = answer("hint", json.dumps({"puzzle": THREE}).encode(), Deadline(0.0))
    assert reply == Reply(422, {"error": "puzzle: stopped past the time limit of 0 s"})


def test_past_the_deadline_solve_and_steps_answer_what_they_found() -> None:
    for endpoint in ("solve", "steps"):
        reply = answer(endpoint, json.dumps({"puzzle": THREE}).encode(), Deadline(0.0))
        assert (reply.status, reply.body["status"]) == (200, "timeout")


@pytest.mark.parametrize(
    ("endpoint", "body", "key"),
    [
        ("generate", {"width": 5, "height": 5, "variant": "ayeheya"}, "variant"),
        ("solve", {"puzzle": THREE, "grid": ["#.#"]}, "grid"),
        ("check", {"puzzle": THREE, "grid": ["#.#"], "Strict": True}, "Strict"),
        ("steps", {"puzzle": THREE, "line\nbreak": 1}, "line\nbreak"),
    ],
)
def test_a_key_the_endpoint_does_not_take_is_refused_not_ignored(
    endpoint: str, body: dict[str, Any], key: str
) -> None:
    """A misspelt or misplaced key was ignored: `generate` with ``variant`` made a plain puzzle."""
    reply = ask(endpoint, **body)
    assert reply.status == 400
    message = reply.body["error"]
    assert message.startswith(f"$: unknown key {key!r} (/api/{endpoint} takes ")
    assert "\n" not in message


def test_a_grid_to_a_format_that_holds_none_is_refused() -> None:
    reply = ask("convert", puzzle=THREE, to="url", grid=["#.#"])
    assert (reply.status, reply.body["error"]) == (
        400,
        "$.grid: a grid goes into pzprv3 or svg, not url",
    )
    assert ok("convert", puzzle=THREE, to="svg", grid=["#.#"])["text"].startswith("<svg")


def test_each_key_an_endpoint_takes_is_in_the_docs() -> None:
    """The JSON API's table in docs/web.md names every key each endpoint takes."""
    table = (REPO / "docs" / "web.md").read_text().split("## The JSON API", 1)[1]
    for name, endpoint in ENDPOINTS.items():
        [row] = [line for line in table.splitlines() if line.startswith(f"| `/api/{name}` |")]
        documented = row.split("|")[2]
        named = {key for key in endpoint.keys if f"`{key}`" in documented}
        assert named == set(endpoint.keys), (name, documented)


@given(endpoint=st.sampled_from(sorted(ENDPOINTS)), body=st.binary(max_size=200))
def test_any_body_gets_a_reply(endpoint: str, body: bytes) -> None:
    reply = answer(endpoint, body)
    assert reply.status == 200 or set(reply.body) == {"error"}


@given(
    grid=st.lists(st.text(alphabet="#.?", min_size=4, max_size=4), min_size=4, max_size=4),
)
def test_check_agrees_with_the_checker(grid: list[str]) -> None:
    text = IRREGULAR_PUZZLES["l-shapes"][0]
    puzzle: Puzzle = read_puzzle_text(text, "puzzle")
    record = ok("check", puzzle=text, grid=grid)
    if record["complete"]:
        assert [v["message"] for v in record["violations"]] == [
            v.message for v in verify(puzzle, grid)
        ]
        assert record["solved"] == (not verify(puzzle, grid))
    else:  # solved when the open cells, as white, break no rule
        assert record["solved"] == (not verify(puzzle, [row.replace("?", ".") for row in grid]))


def test_every_endpoint_is_tested() -> None:
    tested = Path(__file__).read_text()
    assert all(f'"{name}"' in tested for name in ENDPOINTS)
