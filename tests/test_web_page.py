"""The web page (``heyawake serve``) in a real browser: play, hints, checks, steps, loading.

Each test drives Chromium through Playwright and compares the board it reads (each cell's
data-state and data-highlight) with an oracle the page does not compute: a published
solution, the checker, the library's hint, or the API's answer fetched by the test. One
server and one browser serve the whole module; the puzzles are 6x6.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import TYPE_CHECKING

import pytest
from helpers import FIXTURE, REPO, SHARED, require_shared, step_of
from web_support import (
    CELL,
    URL,
    api,
    board,
    cell,
    known_of,
    marked,
    open_puzzle,
    press,
    release,
    says_reason,
    settle,
    state,
    status,
)

from heyawake_asp import read_puzzle, solve, verify
from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.oracles.checker import conflicts
from heyawake_asp.oracles.step_checker import check_step
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.steps import grade_puzzle, hint

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Response, Route

SIZE = re.compile(r"/(\d+)x(\d+)-s\d+\.lp$")
"""A shipped puzzle's size in its name (``easy/6x6-s1.lp``)."""


def clues(page: Page) -> list[tuple[float, float, str]]:
    """The clue numbers drawn on the board, with their positions."""
    found = page.eval_on_selector_all(
        "#board text.clue",
        "texts => texts.map(t => [+t.getAttribute('x'), +t.getAttribute('y'), t.textContent])",
    )
    return sorted((x, y, text) for x, y, text in found)


def sent(page: Page) -> Puzzle:
    """The puzzle the page sends to the API: the one in its address."""
    return read_puzzle_text(urllib.parse.unquote(page.url.split("#puzzle=", 1)[1]), "page")


def hint_by_hint(page: Page, most: int | None = None) -> int:
    """Press Hint until "Solved!" (or ``most`` hints shown), checking each hint shown.

    Returns how many hints were shown.
    Each hint the server sent is checked on its own (the step checker, and the grid it was
    asked from), and the board shows exactly it: the server's child kept for the player's
    hints goes on as a walk does, so its reasons may differ from a fresh `hint`'s.
    """
    puzzle = sent(page)
    shown = 0
    settles: set[tuple[tuple[int, int], bool]] = set()  # the shown hint's cells
    replies: list[Response] = []
    page.on("response", lambda response: replies.append(response))
    for _ in range(2 * puzzle.width * puzzle.height + 2):
        if status(page).startswith("Solved") or shown == most:
            return shown
        before = board(page)
        asked = len(replies)
        press(page, "Hint")
        after = board(page)
        hinted = [reply for reply in replies[asked:] if reply.url.endswith("/api/hint")]
        if after != before:  # the second press set exactly the hint's cells
            changed = known_of(after).items() - known_of(before).items()
            assert changed == settles and known_of(before).items() <= known_of(after).items()
            assert not hinted
            continue
        [reply] = hinted
        step = step_of(reply.json()["step"])
        known = known_of(before)
        assert check_step(puzzle, step) == [], step.text
        assert all(known.get(cell) == black for cell, black in step.reason.known)
        assert not any(cell in known for cell, _ in step.cells)
        reason = {cell for rule in step.reason.rules for cell in rule.cells}
        reason |= {cell for cell, _ in step.reason.known}
        assert marked(page, "reason") == reason
        assert marked(page, "new") == {cell for cell, _ in step.cells}
        assert says_reason(page, step.text), status(page)
        settles = set(step.cells)
        shown += 1
    raise AssertionError(f"not solved by hints: {status(page)!r}, {board(page)}")


@pytest.mark.slow  # about 8 s: the default run stays under 2 minutes
def test_hints_alone_solve_a_kth_puzzle_to_its_published_solution(
    page: Page, base: str, published: dict[str, list[str]]
) -> None:
    require_shared()
    path = SHARED / "kth" / "easy2.lp"
    open_puzzle(page, base, path.read_text())
    shown = hint_by_hint(page)
    assert shown > 5
    # Solved once the black cells are right: cells left open are white.
    assert [row.replace("?", ".") for row in board(page)] == published["easy2"]
    assert page.inner_text("#timer") and page.get_attribute("#timer", "data-running") == "false"


@pytest.mark.slow  # about 4 s: the default run stays under 2 minutes
def test_each_hint_from_a_players_grid_marks_exactly_its_reason(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    answer = solve(sent(page)).solutions[0]
    # Cells a player settled rightly, off the hints' path: the hints read them as known.
    for x, y in ((0, 5), (1, 5), (2, 5), (5, 5), (4, 3)):
        for _ in range(1 if answer[y][x] == "#" else 2):
            page.click(cell(page, x, y))
    settle(page)
    assert hint_by_hint(page, most=4) == 4


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_a_wrong_cell_is_a_conflict_and_check_marks_adjacent_blacks(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    solution = read_puzzle_text(URL, "url")
    answer = api(base, "solve", {"puzzle": URL})["solutions"][0]
    assert verify(solution, answer) == []
    # Black where the solution is white, breaking no rule by itself (else Hint names the rule).
    x, y = next(
        (x, y)
        for y, row in enumerate(answer)
        for x, char in enumerate(row)
        if char == "." and not conflicts(solution, _with_black(len(answer), len(row), x, y))
    )
    page.click(cell(page, x, y))
    settle(page)
    press(page, "Hint")
    assert (x, y) in marked(page, "conflict")
    assert marked(page, "conflict") <= {(x, y)} | {
        (cx, cy) for cy, row in enumerate(board(page)) for cx, char in enumerate(row) if char != "?"
    }
    assert "cannot" in status(page) and f"r{y + 1}c{x + 1}" in status(page)
    # Two black cells side by side: Check marks both and names rule 1.
    page.click(cell(page, 4, 4))
    page.click(cell(page, 5, 4))
    press(page, "Check")
    assert {(4, 4), (5, 4)} <= marked(page, "error")
    # The page numbers no rule: none is named by its number.
    assert page.inner_text("#messages") == "Black cells r5c5 and r5c6 are adjacent"
    assert status(page) == "Rule broken: black cells r5c5 and r5c6 are adjacent."
    # Hint on that grid names the broken rule as Check does, not a cell no solution has.
    press(page, "Hint")
    assert status(page) == "Rule broken: black cells r5c5 and r5c6 are adjacent."
    assert {(4, 4), (5, 4)} <= marked(page, "error") and marked(page, "conflict") == set()
    # A room over its clue: Check marks the whole room (rule 3).
    puzzle = sent(page)
    zero = next(
        r
        for r in puzzle.rooms
        if r.clue == 0 and all(state(page, *c) == "unknown" for c in r.cells)
    )
    page.click(cell(page, *min(zero.cells)))
    press(page, "Check")
    assert set(zero.cells) <= marked(page, "error")
    messages = page.inner_text("#messages").splitlines()
    assert len(messages) == 2 and f"clue is {zero.clue}" in messages[1]
    assert not any(re.search(r"\brule \d", line) for line in messages)
    assert status(page).endswith("; 1 more marked and listed below the board.")


def _with_black(height: int, width: int, x: int, y: int) -> list[str]:
    """An open ``width`` x ``height`` grid but for one black cell at ``x``, ``y``."""
    return [
        "".join("#" if (cx, cy) == (x, y) else "?" for cx in range(width)) for cy in range(height)
    ]


@pytest.mark.slow
def test_auto_check_marks_a_broken_rule_after_a_move(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    page.get_by_label("auto-check").check()
    settle(page)
    page.click(cell(page, 2, 4))
    settle(page)
    assert marked(page, "error") == set()
    page.click(cell(page, 2, 5))
    settle(page)
    assert {(2, 4), (2, 5)} <= marked(page, "error")


def test_the_readers_warning_is_shown_with_the_loaded_puzzle(page: Page, base: str) -> None:
    text = (REPO / "instances" / "easy" / "easy1.lp").read_text()
    page.goto(f"{base}/")
    settle(page)
    text = text.replace("room(1,0,0,3,0,2)", "room(1,0,0,3,0,-2)")
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill(text)
    press(page, "Load")
    assert page.locator(CELL).count() == 36
    assert "Read with warnings: puzzle:5: clue -2 read as no number." in status(page)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_url_loads_from_the_text_area_and_its_address_reopens_it(
    page: Page, base: str, browser: Browser
) -> None:
    page.goto(f"{base}/")
    settle(page)
    generated = api(base, "generate", {"width": 5, "height": 4, "seed": 7})["puzzle"]
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill(generated)
    press(page, "Load")
    assert page.locator(CELL).count() == 20
    puzzle = read_puzzle_text(generated, "url")
    # The clues sit in their rooms' first cells in reading order.
    firsts = {
        min(room.cells, key=lambda c: (c[1], c[0])): room.clue
        for room in puzzle.rooms
        if room.clue is not None
    }
    drawn = clues(page)
    assert len(drawn) == len(firsts)
    assert sorted(text for _, _, text in drawn) == sorted(str(clue) for clue in firsts.values())
    address = page.url
    assert urllib.parse.unquote(address.split("#puzzle=", 1)[1]) == generated
    fresh = browser.new_page()
    try:
        fresh.goto(address)
        fresh.wait_for_selector(CELL)
        settle(fresh)
        assert fresh.locator(CELL).count() == 20
        assert clues(fresh) == drawn
        assert board(fresh) == ["?????"] * 4
    finally:
        fresh.close()


def test_errors_are_shown_with_the_servers_message(page: Page, base: str) -> None:
    page.goto(f"{base}/")
    settle(page)
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill("not a puzzle")
    press(page, "Load")
    text = status(page)
    assert text.startswith("error: puzzle:1:1:"), text


def moves_out_of_use(page: Page) -> set[str]:
    """The Steps moves marked out of use (aria-disabled: still focusable, as a toolbar's are)."""
    moves = page.locator("#learn .toolbar button[aria-disabled='true']")
    return set(moves.all_inner_texts())


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_steps_walk_forward_and_back_as_the_api_path(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    path = api(base, "steps", {"puzzle": URL})
    steps = path["steps"]
    grids = [["?" * 6] * 6]
    for step in steps:
        rows = [list(row) for row in grids[-1]]
        for settled in step["settles"]:
            rows[settled["y"]][settled["x"]] = "#" if settled["black"] else "."
        grids.append(["".join(row) for row in rows])
    assert grids[-1] == path["grid"]

    def shows(index: int) -> None:
        assert board(page) == grids[index], index
        if index == 0:
            assert marked(page, "reason") == set()
            return
        step = steps[index - 1]
        reason = {(c["x"], c["y"]) for rule in step["rules"] for c in rule["cells"]}
        reason |= {(c["x"], c["y"]) for c in step["known"]}
        assert marked(page, "reason") == reason
        assert marked(page, "new") == {(c["x"], c["y"]) for c in step["settles"]}
        assert says_reason(page, step["text"], f"Step {index}: "), status(page)

    assert page.get_attribute("#timer", "data-running") == "true"
    press(page, "Steps")
    shows(0)
    assert page.get_attribute("#timer", "data-running") == "false"  # the path shows the answer
    held = page.inner_text("#timer")
    for index in (1, 2, 3):
        press(page, "Next")
        shows(index)
    press(page, "Previous")
    shows(2)
    press(page, "Last")
    shows(len(steps))
    assert verify(read_puzzle_text(URL, "url"), board(page)) == []
    assert moves_out_of_use(page) == {"Next", "Last"}  # at an end, its moves say they do nothing
    press(page, "First")
    shows(0)
    assert moves_out_of_use(page) == {"First", "Previous"}
    page.get_by_label("Step", exact=True).fill("5")
    shows(5)
    page.keyboard.press("ArrowRight")  # the slider has the focus: it moves one step
    shows(6)
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    shows(4)
    # The grade, and the hardest steps each a button to its place in the path.
    assert f"Grade: {grade_puzzle(read_puzzle_text(URL, 'url')).label}" in page.inner_text(
        "#learn-grade"
    )
    hardest = max(steps, key=lambda step: step["cost"])
    first = page.locator("#hardest button").first
    assert f"(difficulty {hardest['cost']})" in first.inner_text()
    first.click()
    shows(steps.index(hardest) + 1)
    assert page.inner_text("#timer") == held
    press(page, "Back to play")
    assert board(page) == ["?" * 6] * 6
    assert page.get_attribute("#timer", "data-running") == "true"


@pytest.mark.slow  # about 4 s: the default run stays under 2 minutes
def test_the_clock_holds_while_composing(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    assert page.get_attribute("#timer", "data-running") == "true"
    press(page, "Compose")
    assert page.get_attribute("#timer", "data-running") == "false"
    held = page.inner_text("#timer")
    page.wait_for_timeout(1500)
    assert page.inner_text("#timer") == held
    press(page, "Play")
    assert page.get_attribute("#timer", "data-running") == "true"


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_clicks_right_clicks_keys_undo_and_redo(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    target = cell(page, 3, 4)
    cycle = []
    for _ in range(3):
        page.click(target)
        cycle.append(state(page, 3, 4))
    assert cycle == ["black", "white", "unknown"]
    page.click(target, button="right")
    assert state(page, 3, 4) == "white"
    page.click(target, button="right")
    assert state(page, 3, 4) == "black"
    press(page, "Undo")
    assert state(page, 3, 4) == "white"
    page.keyboard.press("Control+z")
    assert state(page, 3, 4) == "unknown"
    press(page, "Redo")
    assert state(page, 3, 4) == "white"
    page.keyboard.press("Control+y")
    assert state(page, 3, 4) == "black"
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+z")
    assert state(page, 3, 4) == "black"
    # The keyboard: the cursor starts where the last click was.
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("x")
    assert state(page, 4, 5) == "black"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("w")
    assert state(page, 4, 4) == "white"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Backspace")
    assert state(page, 4, 5) == "unknown"
    page.keyboard.press("Space")
    assert state(page, 4, 5) == "black"
    settle(page)


@pytest.mark.slow
def test_solve_reveals_the_checked_solution_and_grade_names_the_grade(
    page: Page, base: str
) -> None:
    open_puzzle(page, base, URL)
    puzzle = read_puzzle_text(URL, "url")
    press(page, "Solve")
    assert verify(puzzle, board(page)) == []
    assert "only one" in status(page)
    press(page, "Grade")
    graded = grade_puzzle(puzzle)
    assert f"Grade: {graded.label}" in status(page) and str(graded.score) in status(page)


@pytest.mark.slow
def test_a_graded_puzzle_not_found_in_time_says_what_to_change(page: Page, base: str) -> None:
    """Generate with a grade past the server's limit says what to try, not only that time ran
    out (the server's answer stands in for a search of seconds: a 10x10 easy takes 9 s)."""
    page.goto(base)
    settle(page)
    page.route(
        "**/api/generate",
        lambda route: route.fulfill(
            status=422,
            content_type="application/json",
            body=json.dumps({"error": "puzzle: stopped past the time limit of 10 s"}),
        ),
    )
    page.get_by_label("Width").fill("12")
    page.get_by_label("Height").fill("10")
    page.get_by_label("Grade").select_option("easy")
    press(page, "Generate")
    assert status(page) == (
        "error: no easy puzzle 12×10 was found within the time limit: try a smaller grid, "
        "another seed, or any grade"
    )


@pytest.mark.slow
def test_steps_opened_while_grade_is_asked_keep_their_sentence(page: Page, base: str) -> None:
    """A grade's answer that comes after Steps opened does not speak over the steps (it had
    said the grade while the steps' own line said the grade would come)."""
    open_puzzle(page, base, URL)
    held: list[Route] = []
    page.route("**/api/grade", lambda route: held.append(route))
    page.get_by_role("button", name="Grade", exact=True).click()
    for _ in range(250):
        if held:
            break
        page.wait_for_timeout(20)
    assert held
    page.get_by_role("button", name="Steps", exact=True).click()
    page.wait_for_selector("#learn[data-done='true']")
    said = status(page)
    page.unroute("**/api/grade")
    release(held)
    settle(page)
    page.wait_for_timeout(200)
    assert status(page) == said and not said.startswith("Grade:")


@pytest.mark.slow
def test_a_slow_request_shows_working_and_a_newer_one_supersedes_it(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    held = []
    page.route("**/api/hint", lambda route: held.append(route))
    page.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_selector("#working", state="visible", timeout=5000)
    assert page.get_attribute("main", "aria-busy") == "true"
    page.click(cell(page, 0, 5))  # a move supersedes the hint in flight: its answer is ignored
    page.unroute("**/api/hint")
    release(held)
    settle(page)
    page.wait_for_selector("#working", state="hidden", timeout=5000)
    assert marked(page, "reason") == set() and marked(page, "new") == set()
    assert (
        json.loads(page.evaluate("JSON.stringify(document.documentElement.dataset)"))["pending"]
        == "0"
    )


@pytest.mark.slow
def test_a_file_a_shipped_puzzle_and_a_generated_one_load(page: Page, base: str) -> None:
    page.goto(f"{base}/")
    settle(page)
    expected = read_puzzle(REPO / "instances" / "easy" / "6x6-s3.lp")
    # A file, read in the page and sent as text.
    page.get_by_label("Or open a file").set_input_files(REPO / "instances" / "easy" / "6x6-s3.lp")
    page.wait_for_selector(CELL)
    settle(page)
    assert set(sent(page).rooms) == set(expected.rooms)
    assert page.locator(CELL).count() == 36
    assert page.get_attribute("#timer", "data-running") == "true"
    # A shipped puzzle, from the players' list the server sends: real puzzles, no fixture, not
    # even one with a single solution (each says so in its header).
    offered = set(
        page.eval_on_selector_all("#instance option", "options => options.map(o => o.value)")
    )
    assert {"easy/6x6-s1.lp", "easy/easy1.lp", "medium/9x9-s2.lp", "hard/11x11-s1.lp"} <= offered
    assert "dense/10x10-corner-unique.lp" not in offered  # a fixture, with one solution
    folder = REPO / "instances"
    fixtures = {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*.lp")
        if FIXTURE.search(path.read_text())
    }
    assert "dense/10x10-corner-unique.lp" in fixtures and not fixtures & offered
    # Grouped by grade, easiest first (a folder's name says a size, not how hard): easy/6x6-s2
    # walks as hard, and the list opens on an easy puzzle.
    groups = page.eval_on_selector_all(
        "#instance optgroup", "gs => gs.map(g => [g.label, [...g.children].map(o => o.value)])"
    )
    assert [label for label, _ in groups] == ["easy", "medium", "hard", "expert", "large"]
    sizes = [  # smaller first in each group: by cells, "9x9" before "11x11", 36x20 before 35x35
        [
            (int(found[1]) * int(found[2]), int(found[1]))
            for v in values
            if (found := SIZE.search(v))
        ]
        for _, values in groups
    ]
    assert all(group == sorted(group) for group in sizes) and any(len(set(g)) > 1 for g in sizes)
    grouped = {value: label for label, values in groups for value in values}
    six = (REPO / "instances" / "easy" / "6x6-s2.lp").read_text()
    assert grouped["easy/6x6-s2.lp"] == api(base, "grade", {"puzzle": six})["grade"] == "hard"
    assert grouped[page.input_value("#instance")] == "easy"
    # Each option names its grade too: the closed list shows an option, not its group.
    texts = dict(
        page.eval_on_selector_all(
            "#instance option", "options => options.map(o => [o.value, o.textContent])"
        )
    )
    assert texts["easy/6x6-s2.lp"] == "6×6, seed 2 (hard)"
    grades = {"easy", "medium", "hard", "expert"}  # the large puzzles are grouped by folder
    assert all(
        texts[value].endswith(f" ({label})") == (label in grades)
        for value, label in grouped.items()
    )
    page.get_by_label("Or a shipped puzzle").select_option("medium/9x9-s2.lp")
    # Until the puzzle comes, the sentence says it is on its way, not the puzzle before's words.
    held: list[Route] = []
    page.route("**/api/instances/medium/9x9-s2.lp", lambda route: held.append(route))
    page.get_by_role("button", name="Open", exact=True).click()
    for _ in range(250):  # the request held, or the test fails in 5 s (not hangs)
        if held:
            break
        page.wait_for_timeout(20)
    assert held
    assert status(page) == f"Opening 9×9, seed 2 ({grouped['medium/9x9-s2.lp']})…"
    page.unroute("**/api/instances/medium/9x9-s2.lp")
    release(held)
    settle(page)
    shipped = read_puzzle(REPO / "instances" / "medium" / "9x9-s2.lp")
    assert set(sent(page).rooms) == set(shipped.rooms)
    assert page.locator(CELL).count() == 81
    page.reload()  # the list shows the puzzle opened from it, not its first again
    page.wait_for_selector(CELL)
    page.wait_for_selector("#instance optgroup", state="attached")
    assert page.input_value("#instance") == "medium/9x9-s2.lp"
    # A generated puzzle: the server's own for that size and seed.
    page.get_by_label("Width").fill("5")
    page.get_by_label("Height").fill("7")
    page.get_by_label("Seed").fill("3")
    page.route("**/api/generate", lambda route: held.append(route))
    page.get_by_role("button", name="Generate", exact=True).click()
    for _ in range(250):
        if len(held) == 2:
            break
        page.wait_for_timeout(20)
    assert len(held) == 2
    assert status(page) == "Generating a 5×7 puzzle…"  # a large one takes seconds
    page.unroute("**/api/generate")
    release(held[1:])
    settle(page)
    made = api(base, "generate", {"width": 5, "height": 7, "seed": 3})["puzzle"]
    assert urllib.parse.unquote(page.url.split("#puzzle=", 1)[1]) == made
    assert page.locator(CELL).count() == 35
    page.reload()  # a puzzle from elsewhere in play: the list shows its first again
    page.wait_for_selector(CELL)
    page.wait_for_selector("#instance optgroup", state="attached")
    first = page.eval_on_selector("#instance option", "option => option.value")
    assert page.input_value("#instance") == first != "medium/9x9-s2.lp"


def test_a_puzzle_without_a_solution_or_with_several_says_so(page: Page, base: str) -> None:
    path = REPO / "instances" / "dense" / "8x6-corner-over.lp"
    open_puzzle(page, base, path.read_text())
    press(page, "Hint")
    expected = hint(sent(page), {}, timeout=20)
    assert expected.step is None and expected.unsolvable
    rooms = [sent(page).rooms[index] for index in expected.unsolvable]
    assert marked(page, "conflict") == {c for room in rooms for c in room.cells}
    assert "no solution" in status(page)
    press(page, "Solve")
    assert status(page) == "This puzzle has no solution."
    # Several solutions: Solve shows one, and says it is not the only one.
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill("heyawake 2x2\naa\naa\n")
    press(page, "Load")
    press(page, "Solve")
    assert verify(sent(page), board(page)) == []
    assert "more than one" in status(page)
    press(page, "Grade")  # graded on the cells the solutions share, and says so
    assert api(base, "grade", {"puzzle": "heyawake 2x2\naa\naa\n"})["status"] == "several"
    assert "several solutions" in status(page) and "not a fair puzzle" in status(page)


SEVERAL = "https://puzz.link/p?heyawake/6/6/888aaaofps1j0i0.g1g"
"""The 6x6 of `URL` with one number hidden: several solutions, which share some cells."""


@pytest.mark.slow
def test_steps_grade_a_puzzle_with_several_solutions_as_grade_does(page: Page, base: str) -> None:
    open_puzzle(page, base, SEVERAL)
    assert api(base, "grade", {"puzzle": SEVERAL})["status"] == "several"
    press(page, "Grade")
    graded = status(page)
    assert "of the cells all its solutions share only" in graded and "not a fair puzzle" in graded
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")
    assert page.inner_text("#learn-grade") == graded  # one wording for both


SEVERAL_EXPERT = "https://puzz.link/p?heyawake/8/8/omcj4p69icf07v0fvgvs7js00h1g1j1i0m"
"""An 8x8 with several solutions whose walk to the cells they share passes the expert bound."""


@pytest.mark.slow
def test_a_grade_stopped_past_expert_still_says_several_solutions(page: Page, base: str) -> None:
    graded = api(base, "grade", {"puzzle": SEVERAL_EXPERT})
    assert graded["status"] == "above" and graded["grade"] == "expert"
    assert api(base, "solve", {"puzzle": SEVERAL_EXPERT})["unique"] is False
    open_puzzle(page, base, SEVERAL_EXPERT)
    press(page, "Grade")
    said = status(page)
    assert said.startswith("Grade: expert (score at least ") and "not a fair puzzle" in said


NO_SOLUTION = [
    "https://puzz.link/p?heyawake/8/6/0g41082ag001g00vscl",  # a number its room cannot hold
    "https://puzz.link/p?akichi/4/4/06o1s08g22",  # two numbers that cannot both hold
]


@pytest.mark.parametrize("url", NO_SOLUTION)
def test_hint_and_steps_name_the_numbers_of_a_puzzle_without_a_solution(
    page: Page, base: str, url: str
) -> None:
    """In Compose's words (explain's, fetched by the test): each room by its first cell and
    its number, never by the API's room numbers; the steps do not read as stuck."""
    why = api(base, "explain", {"puzzle": url})
    assert not why["satisfiable"] and "the room at r" in why["text"]
    said = f"This puzzle has no solution: {why['text']}."
    open_puzzle(page, base, url)
    rooms = {cell for room in why["rooms"] for cell in sent(page).rooms[room - 1].cells}
    press(page, "Hint")
    assert status(page) == said and marked(page, "conflict") == rooms
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")
    assert status(page) == said and marked(page, "conflict") == rooms


MOVES = ("first", "previous", "next", "last")


@pytest.mark.slow
def test_steps_of_a_puzzle_without_a_solution_say_why_once_and_count_nothing(
    page: Page, base: str
) -> None:
    """No step comes before the contradiction: no "Step 0 of 0"; the numbers that cannot all
    hold (explain's words, fetched by the test) are named in the status alone."""
    url = NO_SOLUTION[1]
    why = api(base, "explain", {"puzzle": url})["text"]
    assert api(base, "steps", {"puzzle": url})["steps"] == []
    open_puzzle(page, base, url)
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")
    learn = page.inner_text("#learn")
    assert status(page) == f"This puzzle has no solution: {why}."
    assert page.is_hidden("#position") and page.is_hidden("#slider")
    for move in MOVES:  # nothing to move through
        assert page.is_hidden(f"#{move}"), move
    assert "Step 0" not in learn and why not in learn
    assert page.inner_text("#learn-grade") == "No grade: a puzzle without a solution has none."
    # Another puzzle's walk counts its steps again.
    open_puzzle(page, base, URL)
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")
    assert page.is_visible("#position") and page.inner_text("#position").startswith("Step 0 of ")
    assert all(page.is_visible(f"#{move}") for move in MOVES)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_sentences_end_before_the_next_begins(page: Page, base: str) -> None:
    """A step's reason has no full stop of its own: the page ends it before what follows."""
    page.goto(f"{base}/")
    settle(page)
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill("heyawake 2x2\naa\naa\n")
    press(page, "Load")
    assert status(page).startswith("A 2×2 puzzle with 1 room: "), status(page)
    open_puzzle(page, base, URL)
    press(page, "Hint")
    assert re.search(r"[^.]\. Press Hint again to set (it|them)\.$", status(page)), status(page)
    press(page, "Hint")
    assert status(page).startswith("Applied: ") and status(page).endswith("."), status(page)
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")
    press(page, "Last")
    assert re.search(r"[^.]\. That solves it\.$", status(page)), status(page)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_new_address_loads_its_puzzle(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    page.click(cell(page, 0, 0))
    other = api(base, "generate", {"width": 4, "height": 4, "seed": 2})["puzzle"]
    page.goto(f"{base}/#puzzle={urllib.parse.quote(other, safe='')}")  # a hashchange
    page.wait_for_selector(f"{CELL}[data-x='3'][data-y='3']")
    page.wait_for_selector(f"{CELL}[data-x='4']", state="detached")
    settle(page)
    assert board(page) == ["????"] * 4
    assert sent(page).width == 4
    page.go_back()  # the first puzzle again, as the player left it
    page.wait_for_selector(f"{CELL}[data-x='5']")
    settle(page)
    assert board(page) == ["#?????"] + ["??????"] * 5


@pytest.mark.slow  # two pages' loads: the default run stays under 2 minutes
def test_a_new_address_followed_while_composing_or_from_a_draft_loads_its_puzzle(
    page: Page, base: str
) -> None:
    other = api(base, "generate", {"width": 4, "height": 4, "seed": 2})["puzzle"]
    link = f"#puzzle={urllib.parse.quote(other, safe='')}"
    open_puzzle(page, base, URL)
    press(page, "Compose")
    page.evaluate("link => { location.hash = link; }", link)  # followed while composing
    page.wait_for_selector(f"{CELL}[data-x='4']", state="detached")
    settle(page)
    assert board(page) == ["????"] * 4 and sent(page).width == 4
    assert page.evaluate("location.hash") == link
    draft = urllib.parse.quote(URL, safe="")
    page.goto("about:blank")
    page.goto(f"{base}/#draft={draft}")  # a page opened on a draft, nothing played yet
    page.wait_for_selector("#mode-compose[aria-pressed='true']")
    page.evaluate("link => { location.hash = link; }", link)
    page.wait_for_selector("#mode-play[aria-pressed='true']")
    page.wait_for_selector(f"{CELL}[data-x='3'][data-y='3']")
    settle(page)
    assert board(page) == ["????"] * 4 and "error" not in status(page)
