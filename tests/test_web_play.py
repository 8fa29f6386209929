"""Playing on the page as puzz.link players do, in a real browser: solved without dots, a
walled-in pocket caught, drags (mouse and touch), progress kept across a reload, pause, dots.

Oracles the page does not compute: published solutions, the API's checker answers fetched by
the test, the cells the test passed over.
"""

from __future__ import annotations

import dataclasses
import re
import urllib.parse
from typing import TYPE_CHECKING, Any, Literal

import pytest
from helpers import REPO, SHARED, require_shared, step_of
from web_support import (
    CELL,
    URL,
    api,
    board,
    cell,
    center,
    compose,
    drag,
    known_of,
    marked,
    open_puzzle,
    opened_page,
    press,
    settle,
    state,
    status,
)

from heyawake_asp import read_puzzle, solve
from heyawake_asp.formats import pzprv3, read_puzzle_text, write_puzzle
from heyawake_asp.formats.text import NAMES
from heyawake_asp.oracles.checker import conflicts
from heyawake_asp.oracles.step_checker import check_step
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.web.content import rules_table

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, FloatRect, Page, Response


def kth(name: str) -> str:
    require_shared()
    return (SHARED / "kth" / f"{name}.lp").read_text()


@pytest.mark.slow
def test_the_right_black_cells_solve_it_with_no_dots(
    page: Page, base: str, published: dict[str, list[str]]
) -> None:
    open_puzzle(page, base, kth("easy1"))
    blacks = [
        (x, y) for y, row in enumerate(published["easy1"]) for x, c in enumerate(row) if c == "#"
    ]
    for x, y in blacks[:-1]:
        page.click(cell(page, x, y))
    settle(page)
    assert not status(page).startswith("Solved")
    assert page.get_attribute("#timer", "data-running") == "true"
    page.click(cell(page, *blacks[-1]))
    settle(page)
    assert status(page).startswith("Solved in ")
    assert page.get_attribute("#timer", "data-running") == "false"
    assert all(
        row.replace("?", ".") == want
        for row, want in zip(board(page), published["easy1"], strict=True)
    )
    # Reloaded, the game is said to be solved, its clock stopped at the time it took.
    took = page.inner_text("#timer")
    page.reload()
    page.wait_for_selector(CELL)
    settle(page)
    assert status(page).startswith(f"Your 6×6 game solved in {took} ")
    assert page.get_attribute("#timer", "data-running") == "false"
    # Started over and undone: the solved grid and its time come back (the clock said 0:00).
    press(page, "Start over")
    assert board(page) == ["??????"] * 6
    assert page.get_attribute("#timer", "data-running") == "true"
    press(page, "Undo")
    settle(page)
    assert status(page) == f"Solved in {took}!"
    assert page.inner_text("#timer") == took
    assert page.get_attribute("#timer", "data-running") == "false"
    # Strict ticked now: the grid is judged again, its open (white) cells wanting their dots.
    page.get_by_label("strict").check()
    settle(page)
    whites = "".join(published["easy1"]).count(".")
    want = (
        f"No rule is broken so far; strict: solved once every cell is marked ({whites} cells open)."
    )
    assert status(page) == want


@pytest.mark.slow  # 36 clicks, 5 s
def test_strict_wants_every_white_cell_dotted(
    page: Page, base: str, published: dict[str, list[str]]
) -> None:
    open_puzzle(page, base, kth("easy1"))
    page.get_by_label("strict").check()
    solution = published["easy1"]
    for y, row in enumerate(solution):
        for x, char in enumerate(row):
            if char == "#":
                page.click(cell(page, x, y))
    settle(page)
    assert not status(page).startswith("Solved")
    last = None
    for y, row in enumerate(solution):
        for x, char in enumerate(row):
            if char == ".":
                page.click(cell(page, x, y), button="right")  # open -> dot
                last = (x, y)
    settle(page)
    assert last is not None and board(page) == solution
    assert status(page).startswith("Solved in ")


def test_h_asks_for_a_hint_as_the_button_does(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    replies: list[Response] = []
    page.on("response", lambda response: replies.append(response))
    page.focus("#board")
    page.keyboard.press("h")
    settle(page)
    [reply] = [reply for reply in replies if reply.url.endswith("/api/hint")]
    step = step_of(reply.json()["step"])
    assert check_step(read_puzzle_text(URL, "url"), step) == []
    page.keyboard.press("h")  # a second time: the hint's cells are set, as by the button
    settle(page)
    assert known_of(board(page)) == dict(step.cells)
    page.get_by_label("A puzz.link URL, or a puzzle in any format").press("h")  # typed: no hint
    settle(page)
    assert len([reply for reply in replies if reply.url.endswith("/api/hint")]) == 1


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_once_solved_no_room_is_kept_above_the_board_for_a_longer_sentence(
    browser: Browser, base: str
) -> None:
    """The sentence block keeps the height of a longer sentence while playing (the board
    does not jump); solved, it gave the short "Solved" some 170 px of blank above the board."""
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, URL)
        press(page, "Hint")  # a sentence and its legend
        [grid] = solve(read_puzzle_text(URL, "url")).solutions
        blacks = [(x, y) for y, row in enumerate(grid) for x, char in enumerate(row) if char == "#"]
        for x, y in blacks[:-1]:
            page.tap(cell(page, x, y))
        settle(page)
        kept = page.locator("#said").bounding_box()
        short = page.locator("#status").bounding_box()
        assert kept is not None and short is not None and kept["height"] > short["height"] + 20
        page.tap(cell(page, *blacks[-1]))
        settle(page)
        page.wait_for_timeout(100)  # the resize observer's frame
        assert status(page).startswith("Solved in ")
        said = page.locator("#said").bounding_box()
        short = page.locator("#status").bounding_box()
        assert said is not None and short is not None and said["height"] < short["height"] + 20
        press(page, "Steps")  # back from them, the sentence still says the game is solved
        page.wait_for_selector("#learn[data-done='true']")
        press(page, "Back to play")
        assert re.fullmatch(r"Back to your grid, solved in \d+:\d\d\.", status(page))


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_tap_leaves_no_cursor_frame_and_a_key_or_a_click_shows_it(
    browser: Browser, base: str
) -> None:
    """On a touch screen the keyboard's cursor had stayed framed on the last cell tapped."""
    cursor_shown = (
        "document.querySelector('#board .cursor').checkVisibility({visibilityProperty: true})"
    )
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, URL)
        page.tap(cell(page, 2, 2))
        settle(page)
        assert page.evaluate("document.activeElement.id") == "board"
        assert not page.evaluate(cursor_shown)
        page.keyboard.press("ArrowRight")  # a keyboard beside the touch screen: keys show it
        assert page.evaluate(cursor_shown)
    with opened_page(browser) as page:
        open_puzzle(page, base, URL)
        page.click(cell(page, 2, 2))  # a mouse: the cursor where the click was, for keys after
        settle(page)
        assert page.evaluate(cursor_shown)


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_cursors_cell_is_spoken_as_keys_move_and_mark_it(page: Page, base: str) -> None:
    """The cell and its state were only the focused board's changing name, which screen
    readers do not read again: a polite live region says them as keys move or mark it."""
    open_puzzle(page, base, URL)
    said = page.locator("#board-said")
    assert said.get_attribute("aria-live") == "polite"
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    assert said.text_content() == "r1c2: open"
    page.keyboard.press("x")
    assert said.text_content() == "r1c2: black"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("w")
    assert said.text_content() == "r2c1: white"
    page.click(cell(page, 4, 4))  # a click or a drag is seen: nothing spoken
    settle(page)
    press(page, "Steps")  # nor are the steps, which the sentence tells
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    assert said.text_content() == "r2c1: white"


def test_a_pocket_of_open_cells_is_marked_by_check(page: Page, base: str) -> None:
    """KTH medium1 with r1c1, r1c3, r2c2 and r3c1 black: r1c2 and r2c1 are cut off."""
    open_puzzle(page, base, kth("medium1"))
    for x, y in [(0, 0), (2, 0), (1, 1), (0, 2)]:
        page.click(cell(page, x, y))
    press(page, "Check")
    assert {(1, 0), (0, 1)} <= marked(page, "error")
    assert "separate groups" in page.inner_text("#messages")


@pytest.mark.slow
def test_a_drag_paints_every_cell_it_passes_as_one_move(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    drag(page, (0, 2), (5, 2))  # the first cell turns black: so does every cell passed
    settle(page)
    assert board(page)[2] == "######"
    drag(page, (1, 2), (1, 5))  # from a black cell: a white dot, down the column
    settle(page)
    assert [row[1] for row in board(page)[2:]] == ["."] * 4
    press(page, "Undo")
    assert board(page)[2] == "######" and board(page)[5] == "??????"
    press(page, "Undo")
    assert board(page) == ["??????"] * 6
    # Right button: the state before (open -> white dot) along the drag.
    page.mouse.move(*center(page, 0, 0))
    page.mouse.down(button="right")
    page.mouse.move(*center(page, 3, 0), steps=3)
    page.mouse.up(button="right")
    settle(page)
    assert board(page)[0] == "....??"


def test_a_touch_drag_paints_on_a_phone(browser: Browser, base: str) -> None:
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, URL)
        page.locator("#board").scroll_into_view_if_needed()
        touch = page.context.new_cdp_session(page)
        points = [center(page, x, 4) for x in range(4)]

        def send(kind: str, at: tuple[float, float] | None) -> None:
            where = [] if at is None else [{"x": at[0], "y": at[1], "id": 1}]
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": where})

        send("touchStart", points[0])
        for point in points[1:]:
            send("touchMove", point)
        send("touchEnd", None)
        settle(page)
        assert board(page)[4] == "####??"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_the_game_is_kept_across_a_reload_and_start_over_clears_it_undoably(
    page: Page, base: str
) -> None:
    open_puzzle(page, base, URL)
    page.click(cell(page, 0, 0))
    page.click(cell(page, 2, 0))
    page.click(cell(page, 2, 0))  # black, then a dot
    settle(page)
    kept = board(page)
    assert kept[0] == "#?.???"
    page.reload()
    page.wait_for_selector(CELL)
    settle(page)
    assert board(page) == kept
    assert "as you left it" in status(page)
    press(page, "Undo")  # the history came back too
    assert state(page, 2, 0) == "black"
    before = board(page)
    press(page, "Start over")
    assert board(page) == ["??????"] * 6
    page.reload()
    page.wait_for_selector(CELL)
    settle(page)
    assert board(page) == ["??????"] * 6
    press(page, "Undo")  # starting over is a move too: nothing is lost by a slip of the finger
    assert board(page) == before


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_bare_address_goes_on_with_the_last_game(page: Page, base: str) -> None:
    """A player who comes back to the page's plain address finds the game last opened, with its
    title, as they left it (the page had said "Load a puzzle to begin", the game kept unseen)."""
    puzzle = read_puzzle(str(REPO / "instances" / "easy" / "6x6-s1.lp"))
    open_puzzle(page, base, write_puzzle(dataclasses.replace(puzzle, title="A walk"), "text"))
    page.click(cell(page, 2, 3))  # black
    settle(page)
    page.goto(f"{base}/")
    page.wait_for_selector(CELL)
    settle(page)
    assert state(page, 2, 3) == "black"
    assert status(page).startswith("Your 6×6 game as you left it")
    assert page.locator("#credits").inner_text() == "“A walk”"


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_play_after_a_reload_in_compose_goes_on_with_the_last_game(page: Page, base: str) -> None:
    """Reloaded on a draft's address, Play said "Load a puzzle to begin", the game kept unseen."""
    open_puzzle(page, base, URL)
    page.click(cell(page, 0, 0))  # black
    settle(page)
    press(page, "Compose")
    page.get_by_label("Columns").fill("4")
    page.get_by_label("Rows").fill("4")
    press(page, "New")
    page.wait_for_selector(f"{CELL}[data-x='5']", state="detached")
    page.reload()
    page.wait_for_selector(CELL)
    settle(page)
    assert page.locator(f"{CELL}[data-x='5']").count() == 0  # the draft, in Compose
    press(page, "Play")
    page.wait_for_selector(f"{CELL}[data-x='5'][data-y='5']")
    settle(page)
    assert state(page, 0, 0) == "black"
    assert status(page).startswith("Your 6×6 game as you left it")


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_clock_goes_on_from_where_a_closed_tab_left_it(browser: Browser, base: str) -> None:
    """The page's clock is Playwright's: 2:05 pass in an instant, then the tab is closed."""
    context = browser.new_context()
    try:
        context.clock.install()
        page = context.new_page()
        open_puzzle(page, base, URL)
        page.click(cell(page, 0, 0))
        settle(page)
        context.clock.fast_forward(125_000)
        page.close()
        again = context.new_page()
        open_puzzle(again, base, URL)
        minutes, seconds = again.inner_text("#timer").split(":")
        assert 125 <= 60 * int(minutes) + int(seconds) < 600
        assert board(again)[0] == "#?????"
    finally:
        context.close()


@pytest.mark.slow  # some 4 s: the default run stays under 2 minutes
def test_a_hint_paints_its_cells_the_colour_they_will_take(page: Page, base: str) -> None:
    """A hint's cells are not set yet: its black cells show as a step's black cells do (the
    legend says so), not as white ones. medium/9x9-s3's first hint settles r3c9 black."""
    open_puzzle(page, base, (REPO / "instances" / "medium" / "9x9-s3.lp").read_text())
    replies: list[Response] = []
    page.on("response", lambda response: replies.append(response))
    press(page, "Hint")
    settle(page)
    [reply] = [reply for reply in replies if reply.url.endswith("/api/hint")]
    settles = reply.json()["step"]["settles"]
    assert any(c["black"] for c in settles), settles
    swatch = {
        item["rule"]: item["colour"]
        for item in page.eval_on_selector_all(
            "#legend li",
            """items => items.map(i => ({
                rule: i.dataset.rule, colour: getComputedStyle(i, '::before').backgroundColor
            }))""",
        )
    }
    for settled in settles:
        fill = page.eval_on_selector(
            cell(page, settled["x"], settled["y"]), "c => getComputedStyle(c).fill"
        )
        assert fill == swatch["new-black" if settled["black"] else "new-white"], settled
    assert_legend_names_the_colours_shown(page)
    # r3c9 holds its room's number: light on the dark cell, as on a shaded one (it was 2.4:1)
    number = page.locator("#board text.clue[data-new-black]")
    assert number.count() == 1
    ink = rgb(number.evaluate("t => getComputedStyle(t).fill"))
    assert contrast(ink, rgb(swatch["new-black"])) > 4.5


def test_pause_hides_the_board_and_holds_the_clock(page: Page, base: str) -> None:
    """Paused, nothing of the board shows: no cell, clue, dot nor cursor (a dot beside a clue
    had stayed), and the clock holds."""
    open_puzzle(page, base, URL)
    page.click(cell(page, 1, 1), click_count=2)  # white, with a dot
    page.focus("#board")  # the cursor shows on a focused board
    press(page, "Pause")
    assert page.get_attribute("#timer", "data-running") == "false"
    assert not page.locator(cell(page, 0, 0)).is_visible()
    shown = page.eval_on_selector_all(
        "#board *", "all => all.filter(e => getComputedStyle(e).visibility !== 'hidden').length"
    )
    assert shown == 0
    for _ in range(20):  # Tab goes round the page and never lands on the hidden board
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") != "board"
    assert page.get_by_role("button", name="Hint").is_disabled()
    assert page.get_by_role("button", name="Steps").is_disabled()  # the board stays hidden
    press(page, "Resume")
    assert page.get_attribute("#timer", "data-running") == "true"
    assert page.locator(cell(page, 0, 0)).is_visible()
    page.get_by_label("time", exact=True).uncheck()
    assert not page.locator("#timer").is_visible()


def test_a_dot_is_small_and_centred_or_top_left_of_a_clue_and_may_be_hidden(
    page: Page, base: str
) -> None:
    open_puzzle(page, base, URL)
    clue = page.locator("#board text.clue").first
    x = int(float(clue.get_attribute("x") or 0) // 40)
    y = int(float(clue.get_attribute("y") or 0) // 40)
    page.click(cell(page, x, y), button="right")  # a dot in the clue's cell
    dot = page.locator("#board circle.dot[visibility='visible']")
    assert dot.count() == 1
    box, text = dot.bounding_box(), clue.bounding_box()
    assert box is not None and text is not None
    # Beside the number, above and left of it: never where a decimal point sits.
    assert box["x"] + box["width"] <= text["x"] and box["y"] < text["y"] + text["height"] / 2
    clues = page.eval_on_selector_all(
        "#board text.clue", "texts => texts.map(t => [+t.getAttribute('x'), +t.getAttribute('y')])"
    )
    taken = {(int(cx // 40), int(cy // 40)) for cx, cy in clues}
    free = next((cx, cy) for cy in range(6) for cx in range(6) if (cx, cy) not in taken)
    page.click(cell(page, *free), button="right")
    plain = page.locator("#board circle.dot[visibility='visible']").nth(1).bounding_box()
    square = page.locator(cell(page, *free)).bounding_box()
    assert plain is not None and square is not None
    assert abs(plain["x"] + plain["width"] / 2 - square["x"] - square["width"] / 2) < 1
    assert abs(plain["y"] + plain["height"] / 2 - square["y"] - square["height"] / 2) < 1
    assert plain["width"] < square["width"] / 6  # small
    page.get_by_label("dots").uncheck()
    assert dot.count() == 0 and state(page, x, y) == "white"


def test_after_undo_the_sentence_no_longer_speaks_of_the_undone_grid(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    page.click(cell(page, 4, 4))
    page.click(cell(page, 5, 4))
    press(page, "Check")
    assert status(page).startswith("Rule broken: ")
    press(page, "Undo")
    assert not status(page).startswith("Rule broken") and marked(page, "error") == set()
    assert status(page) == "1 of 36 cells marked."


PZPRV3 = (
    "pzprv3/heyawake/6/6/8/0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /5 5 5 6 6 3 /"
    "5 5 5 6 6 7 /2 2 . 2 . 2 /"
    + ". . . . . . /" * 5
    + "# + # . . . /. . . # . . /"
    + ". . . . . . /" * 4
).replace("/", "\n")
"""pzprjs's sample puzzle (test/script/heyawake.js) saved on puzz.link with a few cells marked."""


def test_a_puzz_link_file_opens_with_its_shading_and_saves_back(
    page: Page, base: str, tmp_path: Path
) -> None:
    page.goto(f"{base}/")
    settle(page)
    path = tmp_path / "heyawake.txt"
    path.write_text(PZPRV3)
    page.set_input_files("#puzzle-file", str(path))
    page.wait_for_selector(CELL)
    settle(page)
    assert board(page)[:2] == ["#.#???", "???#??"]
    page.click(cell(page, 5, 5))  # black
    settle(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Save", exact=True).click()
    saved = download.value.path().read_text()
    puzzle = pzprv3.read(saved, "saved")
    assert same_rooms(puzzle, pzprv3.read(PZPRV3, "sample"))
    assert pzprv3.read_marks(saved, "saved") == board(page)
    assert board(page)[5] == "?????#"


def same_rooms(a: Puzzle, b: Puzzle) -> bool:
    return {(r.cells, r.clue) for r in a.rooms} == {(r.cells, r.clue) for r in b.rooms}


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_45x31_fits_the_screen_and_zooms_on_a_phone(browser: Browser, base: str) -> None:
    """No sideways scroll of the page at 1280x800 nor at 390x844; zoomed, the frame pans."""
    rows = ["".join(NAMES[x // 5 + 9 * (y // 4)] for x in range(45)) for y in range(31)]
    text = "heyawake 45x31\n" + "\n".join(rows) + "\n"
    for width, height in ((1280, 800), (390, 844)):
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            page.goto(f"{base}/#puzzle={urllib.parse.quote(text, safe='')}")
            page.wait_for_selector(f"{CELL}[data-x='44'][data-y='30']", state="attached")
            settle(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            before = page.locator(cell(page, 0, 0)).bounding_box()
            for _ in range(3):
                page.get_by_role("button", name="Zoom in").click()
            after = page.locator(cell(page, 0, 0)).bounding_box()
            assert before is not None and after is not None
            assert after["width"] > 3 * before["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            frame = page.locator("#board-frame")
            assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
            page.get_by_role("button", name="Fit").click()
            fitted = page.locator(cell(page, 0, 0)).bounding_box()
            assert fitted is not None and abs(fitted["width"] - before["width"]) < 0.5


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_two_fingers_pan_a_zoomed_board_and_paint_nothing(browser: Browser, base: str) -> None:
    """On a phone, a 30x30 zoomed in: a finger down on a cell, then a second, both moved up
    and left, pan the frame with them; the first finger's cell is as it was, and no move is
    kept (Undo stays off). Two fingers spreading zoom in. One finger alone still paints."""
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, (REPO / "instances" / "large" / "30x30-s1.lp").read_text())
        for _ in range(2):
            page.get_by_role("button", name="Zoom in").click()
        frame = page.locator("#board-frame")
        frame.evaluate("f => f.scrollTo(0, 0)")  # r3c3 in view, room to scroll on
        before = frame.evaluate(SCROLLED)
        x, y = center(page, 2, 2)
        cdp = page.context.new_cdp_session(page)

        def touch(
            kind: str, points: list[tuple[float, float]], ids: list[int] | None = None
        ) -> None:
            """Fingers ``ids`` (default 0, 1, ...) at ``points``; a touchEnd lifts those given."""
            named = ids or list(range(len(points)))
            fingers = [
                {"x": px, "y": py, "id": i} for i, (px, py) in zip(named, points, strict=True)
            ]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": fingers})

        touch("touchStart", [(x, y)])
        touch("touchStart", [(x, y), (x + 60, y + 20)])
        for step in range(1, 6):  # up and left: the board follows, the frame scrolls on
            shift = 16 * step
            touch("touchMove", [(x - shift, y - shift), (x + 60 - shift, y + 20 - shift)])
        # One finger lifted and put down again further off: the pan goes on from there.
        touch("touchEnd", [(x - 20, y - 60)], [1])
        zoomed, held = frame.get_attribute("data-zoom"), frame.evaluate(SCROLLED)
        touch("touchStart", [(x - 80, y - 80), (x - 20, y + 60)], [0, 2])
        touch("touchMove", [(x - 81, y - 80), (x - 20, y + 60)], [0, 2])
        page.evaluate("() => new Promise(requestAnimationFrame)")
        assert frame.get_attribute("data-zoom") == zoomed
        assert all(abs(a - b) <= 1 for a, b in zip(frame.evaluate(SCROLLED), held, strict=True))
        touch("touchEnd", [])
        after = frame.evaluate(SCROLLED)
        assert after[0] >= before[0] + 60 and after[1] >= before[1] + 60, (before, after)
        assert state(page, 2, 2) == "unknown" and page.locator("#undo").is_disabled()
        level = float(frame.get_attribute("data-zoom") or 1)
        x, y = center(page, 4, 4)
        touch("touchStart", [(x, y)])
        touch("touchStart", [(x, y), (x + 40, y)])
        touch("touchMove", [(x - 30, y), (x + 70, y)])  # spread: 40 px apart, then 100
        touch("touchEnd", [])
        assert float(frame.get_attribute("data-zoom") or 1) > 2 * level
        assert state(page, 4, 4) == "unknown"
        page.locator(cell(page, 3, 3)).tap()
        assert state(page, 3, 3) == "black" and page.locator("#undo").is_enabled()


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_step_too_small_to_read_is_zoomed_to(browser: Browser, base: str) -> None:
    """A hint's cells and then steps' are zoomed to a readable size, within the board's frame
    and the window: on a 45x31 at 1280x800 (cells some 12 px: its width bounds it) and on a
    phone (8 px), on a 35x35 at 1280x800 (11 px: the window's height bounds it). Fit by the
    player sticks: the next steps are not zoomed. Back to play, the board is zoomed and
    scrolled as the player left it. An 11x11's cells, large enough, are not zoomed."""
    cases = [("45x31-p1", 1280, 800), ("45x31-p1", 390, 844), ("35x35-s1", 1280, 800)]
    for name, width, height in cases:
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            open_puzzle(page, base, (REPO / "instances" / "large" / f"{name}.lp").read_text())
            assert cell_side(page, 0, 0) < 16
            press(page, "Hint")
            page.locator(f'{CELL}[data-highlight~="new"]').first.wait_for()
            assert_new_cells_readable(page, height)
            if name != "45x31-p1" or width < 1000:
                continue
            frame = page.locator("#board-frame")
            left_as = (frame.get_attribute("data-zoom"), frame.evaluate(SCROLLED))
            assert left_as[0] is not None  # the hint zoomed in
            # The walk goes on meanwhile (some 15 s): steps are taken as they come, not settled.
            page.get_by_role("button", name="Steps", exact=True).click()
            for _ in range(600):  # polled: the page's CSP forbids wait_for_function's eval
                if int(page.locator("#slider").get_attribute("max") or 0) >= 40:
                    break
                page.wait_for_timeout(100)
            page.locator("#slider").fill("30")
            for _ in range(3):
                page.get_by_role("button", name="Next", exact=True).click()
                assert_new_cells_readable(page, height)
            page.get_by_role("button", name="Fit").click()
            for _ in range(2):
                page.get_by_role("button", name="Next", exact=True).click()
                assert page.locator("#board-frame").get_attribute("data-zoom") is None
            page.keyboard.press("Escape")  # leaves Steps, as Back to play does
            page.locator("#learn").wait_for(state="hidden")
            assert (frame.get_attribute("data-zoom"), frame.evaluate(SCROLLED)) == left_as
            open_puzzle(page, base, (REPO / "instances" / "hard" / "11x11-s1.lp").read_text())
            press(page, "Hint")
            page.locator(f'{CELL}[data-highlight~="new"]').first.wait_for()
            assert page.locator("#board-frame").get_attribute("data-zoom") is None


SCROLLED = "f => [Math.round(f.scrollLeft), Math.round(f.scrollTop)]"
"""Where the board's frame is scrolled to (a zoomed board pans in it)."""


def cell_side(page: Page, x: int, y: int) -> float:
    box = page.locator(cell(page, x, y)).bounding_box()
    assert box is not None
    return box["width"]


def assert_new_cells_readable(page: Page, height: int) -> None:
    """The step's new cells are some 24 px wide, inside the board's frame and in the window."""
    frame = page.locator("#board-frame").bounding_box()
    new = page.locator(f'{CELL}[data-highlight~="new"]')
    assert frame is not None and new.count() > 0
    for index in range(new.count()):
        box = new.nth(index).bounding_box()
        assert box is not None and box["width"] >= 23, box
        assert (
            frame["x"] - 1 <= box["x"]
            and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
        )
        assert (
            frame["y"] - 1 <= box["y"]
            and box["y"] + box["height"] <= frame["y"] + frame["height"] + 1
        )
        assert in_view(box, height)


LAPTOPS = ((1366, 768), (1920, 1080))
"""Common laptop and desktop windows (width, height), where the board was cut at the bottom: the
shortest and the largest (1280x800, between them, is the other tests' window)."""


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_whole_board_is_in_the_window_as_a_puzzle_or_a_draft_opens(
    browser: Browser, base: str
) -> None:
    """At common laptop sizes, the top and the bottom row of shipped puzzles from 9x9 to
    45x31, of the last one's Steps, of 11x11-s1's longest step and of a 10x10 draft in Compose
    are on screen, the cells no smaller than the window's height allows."""
    names = ("medium/9x9-s1.lp", "hard/11x11-s1.lp", "large/20x20-s1.lp", "large/45x31-p1.lp")
    for width, height in LAPTOPS:
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            for name in names:
                puzzle = read_puzzle(str(REPO / "instances" / name))
                open_puzzle(page, base, (REPO / "instances" / name).read_text())
                assert_board_in_view(page, puzzle.width, puzzle.height, height)
            # The 45x31's steps: their controls above the board as they open, its walk going on.
            page.get_by_role("button", name="Steps", exact=True).click()
            page.wait_for_selector("#learn", state="visible")
            assert_board_in_view(page, puzzle.width, puzzle.height, height)
            press(page, "Back to play")
            assert_board_in_view(page, puzzle.width, puzzle.height, height)
            # A long step: its sentence and legend above the board, some lines each.
            open_puzzle(page, base, (REPO / "instances" / "hard" / "11x11-s1.lp").read_text())
            press(page, "Steps")
            page.locator("#slider").fill(str(LONGEST_STEP))
            settle(page)
            assert page.inner_text("#position").startswith(f"Step {LONGEST_STEP} of ")
            assert_board_in_view(page, 11, 11, height)
            press(page, "Back to play")
            compose(page, base, 10, 10)
            assert_board_in_view(page, 10, 10, height)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_on_a_phone_held_sideways_a_hints_legend_comes_into_view(
    browser: Browser, base: str
) -> None:
    """At 844x390 a hint's sentence was brought into view, its legend (what the board's colours
    mean) left below the window; now both are in view."""
    with opened_page(
        browser, viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, (REPO / "instances" / "hard" / "11x11-s1.lp").read_text())
        press(page, "Hint")
        page.wait_for_timeout(100)  # the scroll's frame
        for part in ("#status", "#legend"):
            assert in_view(page.locator(part).bounding_box(), 390), part


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_phone_held_sideways_shows_the_board_beside_the_controls(
    browser: Browser, base: str
) -> None:
    """At 844x390 (a phone on its side) the whole board of a puzzle just opened is on screen,
    where it had been below the controls, out of view; in Steps the board, the step's sentence
    and Next are on screen together, step after step. Before any puzzle, no empty column is
    kept for the board: the status starts at the left and the puzzle box is on screen."""
    with opened_page(
        browser, viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    ) as page:
        page.goto(base)
        status = page.locator("#status").bounding_box()
        assert status is not None and status["x"] < 100, status
        assert in_view(
            page.get_by_label("A puzz.link URL, or a puzzle in any format").bounding_box(), 390
        )
        for name in ("easy/6x6-s1.lp", "hard/11x11-s1.lp"):
            puzzle = read_puzzle(str(REPO / "instances" / name))
            open_puzzle(page, base, (REPO / "instances" / name).read_text())
            assert_board_in_view(page, puzzle.width, puzzle.height, 390)
        press(page, "Steps")
        page.wait_for_selector("#learn[data-done='true']")
        for _ in range(3):
            press(page, "Next")
            assert_step_in_view(page, 390)
            assert_board_in_view(page, 11, 11, 390)


@pytest.mark.slow  # some 4 s: the default run stays under 2 minutes
def test_the_clock_is_in_view_with_the_board_on_a_phone(browser: Browser, base: str) -> None:
    """At 390x844 the clock sits above the board, in view with it (it was below every
    control, out of view); held sideways, in view beside it; neither Compose nor Steps
    shows it."""
    puzzle = (REPO / "instances" / "hard" / "11x11-s1.lp").read_text()
    with opened_page(
        browser, viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, puzzle)
        assert in_view(page.locator("#timer").bounding_box(), 390)
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, puzzle)
        clock = page.locator("#timer").bounding_box()
        frame = page.locator("#board-frame").bounding_box()
        assert in_view(clock, 844) and frame is not None and clock is not None
        assert clock["y"] + clock["height"] <= frame["y"]
        page.get_by_label("time", exact=True).uncheck()  # the player's choice still hides it
        assert page.locator("#timer").is_hidden()
        page.get_by_label("time", exact=True).check()
        press(page, "Compose")
        assert page.locator("#timer").is_hidden()
        press(page, "Play")
        assert page.locator("#timer").is_visible()
        press(page, "Steps")
        assert page.locator("#timer").is_hidden()


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_first_visit_on_a_phone_shows_where_to_load_a_puzzle(browser: Browser, base: str) -> None:
    """At 360x740 with no puzzle yet, the puzzle box is on screen (not below an empty board and
    a game's disabled controls); once a puzzle loads, its whole board and the controls are."""
    with opened_page(
        browser, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    ) as page:
        page.goto(base)
        box = page.get_by_label("A puzz.link URL, or a puzzle in any format")
        assert in_view(box.bounding_box(), 740)
        assert not page.locator("#board").is_visible() and not page.locator("#hint").is_visible()
        box.fill((REPO / "instances" / "medium" / "9x9-s1.lp").read_text())
        press(page, "Load")
        page.wait_for_selector(CELL)
        page.evaluate("window.scrollTo(0, 0)")
        assert page.locator("#hint").is_visible()
        assert_board_in_view(page, 9, 9, 740)


@pytest.mark.slow  # some 4 s: the default run stays under 2 minutes
def test_the_board_keeps_its_place_and_size_through_a_hint_and_a_grade(
    page: Page, base: str
) -> None:
    """At 1280x800 the first hint (two lines and a legend) and a grade leave the board where
    and as large as it opened (it had moved down some 50 px and shrunk)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_puzzle(page, base, (REPO / "instances" / "medium" / "9x9-s1.lp").read_text())
    page.evaluate("window.scrollTo(0, 0)")
    opened = page.locator(cell(page, 8, 8)).bounding_box()
    assert opened is not None
    for button in ("Hint", "Grade"):
        press(page, button)
        settle(page)
        page.evaluate("window.scrollTo(0, 0)")
        now = page.locator(cell(page, 8, 8)).bounding_box()
        assert now is not None
        assert all(abs(now[side] - opened[side]) < 1 for side in ("x", "y", "width")), button


@pytest.mark.slow  # some 5 s: the default run stays under 2 minutes
def test_after_a_long_step_the_board_takes_its_size_back(browser: Browser, base: str) -> None:
    """On a phone, medium/9x9-s2's step 6 (eight lines of sentence, seven of legend) leaves the
    board at its least; the shorter steps after it give the board its width back (it stayed at
    192 px under a band of blank lines). At 1280x800 the board of Steps' start, the grade above
    it, is whole in the window."""
    text = (REPO / "instances" / "medium" / "9x9-s2.lp").read_text()
    for width, height in ((390, 844), (1280, 800)):
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            open_in_steps(page, base, text)
            page.evaluate("window.scrollTo(0, 0)")
            assert_board_in_view(page, 9, 9, height)
            if width > 400:
                continue
            for _ in range(6):
                press(page, "Next")
            for _ in range(3):
                press(page, "Next")
            assert board_fills_its_width(page, 9, 9)


@pytest.mark.slow  # some 5 s: the default run stays under 2 minutes
def test_on_a_phone_the_board_comes_first_as_wide_as_the_screen(
    browser: Browser, base: str
) -> None:
    """At 360x740 a 9x9 opens as wide as its column (the controls' rows above it had held it to
    three quarters), with play's first row of controls under it, on screen; in Compose a new
    draft's whole board and the tools to draw it are on screen (it had opened below them)."""
    with opened_page(
        browser, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, (REPO / "instances" / "medium" / "9x9-s3.lp").read_text())
        page.evaluate("window.scrollTo(0, 0)")
        assert board_fills_its_width(page, 9, 9)
        assert_board_in_view(page, 9, 9, 740)
        for button in ("Check", "Hint", "Undo"):
            assert in_view(page.get_by_role("button", name=button, exact=True).bounding_box(), 740)
        compose(page, base, 7, 7)
        page.evaluate("window.scrollTo(0, 0)")
        assert_board_in_view(page, 7, 7, 740)
        assert in_view(page.get_by_label("Paint").bounding_box(), 740)
        assert in_view(page.get_by_label("Number").bounding_box(), 740)


@pytest.mark.slow  # some 5 s: the default run stays under 2 minutes
def test_on_a_phone_a_button_tapped_stays_under_the_finger_as_sentences_grow(
    browser: Browser, base: str
) -> None:
    """At 390x844 the sentence lies above the board: each hint's, longer than the last, had
    pushed the board and Hint down, and a second tap in the same place shaded a cell. Now the
    page scrolls with the growth: Hint stays where it was tapped, and the taps set the hints;
    a cell tapped stays put too, the sentence scrolled out of view above."""
    with opened_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as page:
        open_puzzle(page, base, (REPO / "instances" / "hard" / "11x11-s1.lp").read_text())
        page.evaluate("window.scrollTo(0, 0)")
        hint = page.get_by_role("button", name="Hint", exact=True)
        box = hint.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for _ in range(6):
            page.touchscreen.tap(x, y)
            settle(page)
            page.wait_for_timeout(100)  # a frame: the page keeps the button in place as it lays out
            now = hint.bounding_box()
            assert now is not None and abs(now["y"] - box["y"]) < 1, (now, box)
        # Three hints shown and set, no cell shaded by a tap: every cell marked is the solution's.
        solution = solve(read_puzzle(str(REPO / "instances" / "hard" / "11x11-s1.lp")))
        set_cells = [
            (char, solution.solutions[0][row][column])
            for row, chars in enumerate(board(page))
            for column, char in enumerate(chars)
            if char != "?"
        ]
        assert len(set_cells) >= 3 and all(char == right for char, right in set_cells), set_cells
        # Scrolled past the sentence after a hint: a cell tapped (the legend goes, the block
        # shrinks) stays under the finger too, where the page had jumped up by the sentence.
        hint.tap()
        settle(page)
        page.evaluate("window.scrollBy(0, 250)")
        page.wait_for_timeout(100)
        target = page.locator(cell(page, 10, 10))
        before = target.bounding_box()
        assert before is not None and page.locator("#status").bounding_box()["y"] < 0  # type: ignore[index]
        target.tap()
        settle(page)
        page.wait_for_timeout(100)
        after = target.bounding_box()
        assert after is not None and abs(after["y"] - before["y"]) < 1, (after, before)


LONGEST_STEP = 58
"""hard/11x11-s1's step with the longest sentence (11 runs, 12 pairs: a legend of four lines)."""


def assert_board_in_view(page: Page, width: int, height: int, window: int) -> None:
    """The first and last cells of a ``width`` x ``height`` board lie in a ``window`` high
    view; the board as wide as its frame, or as tall as the window leaves it but for 8rem."""
    last = page.locator(cell(page, width - 1, height - 1)).bounding_box()
    first = page.locator(cell(page, 0, 0)).bounding_box()
    assert first is not None and last is not None
    assert first["y"] >= 0 and last["y"] + last["height"] <= window + 1, (width, last, window)
    wide = board_fills_its_width(page, width, height)
    assert wide or last["y"] + last["height"] >= window - 8 * 16, (width, last)


def open_in_steps(page: Page, base: str, text: str) -> None:
    """Open the puzzle ``text``, then its Steps, every step found."""
    open_puzzle(page, base, text)
    press(page, "Steps")
    page.wait_for_selector("#learn[data-done='true']")


def board_fills_its_width(page: Page, width: int, height: int) -> bool:
    """Whether a ``width`` x ``height`` board's cells span 90% of its frame's width or more."""
    first = page.locator(cell(page, 0, 0)).bounding_box()
    last = page.locator(cell(page, width - 1, height - 1)).bounding_box()
    frame = page.locator("#board-frame").bounding_box()
    assert first is not None and last is not None and frame is not None
    return last["x"] + last["width"] - first["x"] >= 0.9 * frame["width"]


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_on_a_phone_a_puzzle_opened_below_the_board_comes_into_view(
    browser: Browser, base: str
) -> None:
    """At 390x844 the panel to open a puzzle lies below the board: Open brings the game's
    sentence and the board's top row into view; a Load that fails shows its error under the
    Load button, the box to mend in view (the page had jumped up to the sentence, the board
    between it and the box)."""
    with opened_page(browser, viewport={"width": 390, "height": 844}, has_touch=True) as page:
        page.goto(f"{base}/")
        settle(page)
        picker = page.get_by_label("Or a shipped puzzle")
        picker.scroll_into_view_if_needed()
        picker.select_option("hard/11x11-s1.lp")
        press(page, "Open")
        page.wait_for_selector(f"{CELL}[data-x='10'][data-y='10']")
        assert in_view(page.locator("#status").bounding_box(), 844)
        assert status(page).startswith("An 11×11 puzzle with ")
        assert in_view(page.locator(cell(page, 0, 0)).bounding_box(), 844)
        box = page.get_by_label("A puzz.link URL, or a puzzle in any format")
        box.scroll_into_view_if_needed()
        box.fill("hello, this is not a puzzle")
        press(page, "Load")
        assert status(page).startswith("error: ")
        note = page.locator("#load-error")
        assert note.is_visible() and note.text_content() == status(page)
        assert in_view(note.bounding_box(), 844) and in_view(box.bounding_box(), 844)
        assert page.locator(CELL).count() == 121  # the game loaded before is left as it was
        box.fill((REPO / "instances" / "medium" / "9x9-s3.lp").read_text())
        assert not note.is_visible()  # the text mended: the error was the old text's
        press(page, "Load")
        assert in_view(page.locator("#status").bounding_box(), 844)


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_on_a_phone_a_link_and_an_export_come_into_view(browser: Browser, base: str) -> None:
    """At 390x844 both lie below the board: the page said where and scrolled nothing."""
    with opened_page(browser, viewport={"width": 390, "height": 844}, has_touch=True) as page:
        open_puzzle(page, base, URL)
        page.evaluate("window.scrollTo(0, 0)")
        press(page, "Link")
        assert in_view(page.locator("#progress-line").bounding_box(), 844)
        assert "Puzzle box" in status(page)
        page.evaluate("window.scrollTo(0, 0)")
        press(page, "Compose")
        page.evaluate("window.scrollTo(0, 0)")
        press(page, "Export")
        panel = page.locator("#export-panel").bounding_box()
        assert panel is not None and 0 <= panel["y"] < 844, panel


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_help_on_a_touch_screen_speaks_of_taps_not_keys(browser: Browser, base: str) -> None:
    for touch in (True, False):
        with opened_page(
            browser, viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch
        ) as page:
            open_puzzle(page, base, URL)
            help_text = page.inner_text("#play-keys")
            assert "tap a cell" in help_text
            assert ("right-click" in help_text) is not touch
            assert ("Keys: arrows move" in help_text) is not touch


PLAY_MARKS = (
    None,
    "reason",
    "new",
    "error",
    "conflict",
    *(f"reason rule-{kind}" for kind in [*rules_table()["rules"], "known"]),
)
"""Every mark the board draws over a cell in play (a reason's cells: by the kind of rule)."""
COMPOSE_MARKS = (None, "selected", "merge-from", "suggest", "clash")
"""Every mark the board draws over a decided cell in Compose (``disputed`` marks open ones)."""


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_shaded_cells_are_the_ink_on_the_board_in_either_scheme(
    browser: Browser, base: str, scheme: Literal["light", "dark"]
) -> None:
    """The page follows the system's scheme; the board reads alike in both: open and white
    cells the paper, shaded cells dark as the walls and dots are, under every mark and in
    Compose too, so that dark mode never shows black cells light."""
    with opened_page(browser, color_scheme=scheme) as page:
        open_puzzle(page, base, URL)
        page.click(cell(page, 0, 1))  # black
        page.click(cell(page, 1, 1), click_count=2)  # white, with a dot
        settle(page)
        assert (state(page, 0, 1), state(page, 1, 1)) == ("black", "white")
        paper = rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        assert (luminance(paper) < 0.1) == (scheme == "dark")
        pressed = page.locator(".modes button[aria-pressed='true']")  # Play: was 2.1:1 in dark
        colours = pressed.evaluate(
            "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
        )
        assert contrast(rgb(colours[0]), rgb(colours[1])) > 4.5, colours

        def fill(x: int, y: int) -> tuple[int, int, int]:
            return rgb(page.locator(cell(page, x, y)).evaluate("c => getComputedStyle(c).fill"))

        def mark(highlight: str | None, mode: str | None = None) -> None:
            page.eval_on_selector_all(
                CELL,
                """(cells, [highlight, mode]) => {
                  for (const c of cells) {
                    if (highlight) c.setAttribute("data-highlight", highlight);
                    else c.removeAttribute("data-highlight");
                  }
                  const board = document.getElementById("board");
                  if (mode) board.dataset.mode = mode;
                  else delete board.dataset.mode;
                }""",
                [highlight, mode],
            )

        shaded, dotted, open_cell = fill(0, 1), fill(1, 1), fill(2, 1)
        ink = rgb(page.locator("#board .walls").evaluate("w => getComputedStyle(w).stroke"))
        dot = rgb(
            page.locator("#board .dot[visibility='visible']").evaluate(
                "d => getComputedStyle(d).fill"
            )
        )
        assert luminance(shaded) < 0.05 and luminance(open_cell) > 0.5 and dotted == open_cell
        assert contrast(shaded, open_cell) > 7 and contrast(shaded, ink) < 1.3
        assert contrast(dot, dotted) > 7
        # The frame lies on the paper, its outer half too (past the cells: dark on a dark page).
        frame = rgb(page.locator("#board .frame").evaluate("f => getComputedStyle(f).stroke"))
        under = page.evaluate(
            """() => {
              const board = document.getElementById("board"), box = board.viewBox.baseVal;
              const paper = board.querySelector(".paper");
              const whole = paper && paper.width.baseVal.value >= box.width
                && paper.height.baseVal.value >= box.height && paper === board.firstElementChild;
              return whole ? getComputedStyle(paper).fill : null;
            }"""
        )
        assert under is not None and rgb(under) == open_cell and contrast(frame, open_cell) > 7
        for mode, marks in ((None, PLAY_MARKS), ("compose", COMPOSE_MARKS)):
            for highlight in marks:  # shaded cells stay the darker, under any mark
                mark(highlight, mode)
                assert luminance(fill(0, 1)) < luminance(fill(2, 1)), (mode, highlight)
                assert contrast(fill(0, 1), fill(2, 1)) > 2, (mode, highlight)


def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue of a CSS ``rgb(r, g, b)`` colour."""
    red, green, blue = (int(part) for part in colour[colour.index("(") + 1 : -1].split(",")[:3])
    return red, green, blue


def luminance(colour: tuple[int, int, int]) -> float:
    """The relative luminance (0 to 1) of an sRGB colour, as WCAG defines it."""
    linear = [
        part / 12.92 if part <= 0.04045 else ((part + 0.055) / 1.055) ** 2.4
        for part in (channel / 255 for channel in colour)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_picture_of_the_board_with_or_without_the_shading(page: Page, base: str) -> None:
    open_puzzle(page, base, URL)
    for x, y in [(0, 1), (2, 1), (4, 5)]:
        page.click(cell(page, x, y))
    settle(page)
    with page.expect_download() as svg:
        page.get_by_role("button", name="SVG", exact=True).click()
    drawn = svg.value.path().read_text()
    assert drawn.startswith("<svg") and drawn.count('class="black"') == 3
    page.get_by_label("with my shading").uncheck()
    with page.expect_download() as blank:
        page.get_by_role("button", name="SVG", exact=True).click()
    assert blank.value.path().read_text().count('class="black"') == 0
    with page.expect_download() as picture:
        page.get_by_role("button", name="PNG", exact=True).click()
    data = picture.value.path().read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width == height > 100  # the 6x6 board, square


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_steps_sentence_and_controls_are_on_screen_together(browser: Browser, base: str) -> None:
    """At 1280x800 and on a phone: the grade in view once the walk ends; Next, and a click on
    one of the hardest steps (below the board), bring the step's sentence, the controls and
    the step's new cells into view; the hardest steps are named in a player's words. The
    hardest, whose sentence and legend are long, shows with the whole board, on a phone too."""
    text = (REPO / "instances" / "hard" / "11x11-s1.lp").read_text()
    for width, height in ((1280, 800), (390, 844)):
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            open_in_steps(page, base, text)
            assert in_view(page.locator("#learn-grade").bounding_box(), height), width
            for _ in range(3):
                press(page, "Next")
                assert_step_in_view(page, height)
            hardest = page.locator("#hardest button").first
            words = hardest.inner_text()
            assert "(difficulty " in words and ", cost" not in words
            hardest.click()  # scrolled to first, below the board
            assert_step_in_view(page, height)
            page.locator("#slider").fill(str(LONGEST_STEP - 1))
            page.evaluate("window.scrollTo(0, 0)")
            press(page, "Next")
            assert page.inner_text("#position").startswith(f"Step {LONGEST_STEP} of ")
            assert_step_in_view(page, height)
            for corner in ((0, 0), (10, 10)):
                assert in_view(page.locator(cell(page, *corner)).bounding_box(), height), corner


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_the_board_and_next_stay_put_as_sentences_change(browser: Browser, base: str) -> None:
    """At 1280x800 and on a phone: the first tap after a puzzle opens (its sentence shorter
    than the opening one) moves the board not at all; from step to step Next stays where it
    is and the board never moves up (a shorter sentence than the last had pulled it up); a
    jump back to the start shows the board where it was at the start (no gap kept)."""
    text = (REPO / "instances" / "easy" / "6x6-s1.lp").read_text()
    for width, height in ((1280, 800), (360, 740)):
        with opened_page(browser, viewport={"width": width, "height": height}) as page:
            open_puzzle(page, base, text)
            before = top(page, "#board")
            page.locator(cell(page, 5, 5)).click()
            settle(page)
            assert state(page, 5, 5) == "black" and top(page, "#board") == before, width
            press(page, "Steps")
            page.wait_for_selector("#learn[data-done='true']")
            start = top(page, "#board")
            nexts, boards, lines = set(), [], set()
            for _ in range(12):
                press(page, "Next")
                nexts.add(top(page, "#next"))
                boards.append(top(page, "#board"))
                lines.add(page.locator("#status").evaluate("s => s.offsetHeight"))
            assert len(nexts) == 1 and boards == sorted(boards), width
            assert len(lines) > 1  # the sentences do differ in height
            press(page, "First")  # a jump: the page laid out afresh, no gap kept from step 3
            assert top(page, "#board") == start < boards[-1], width


@pytest.mark.slow  # some 2 s: the default run stays under 2 minutes
def test_escape_leaves_steps_as_they_open(page: Page, base: str) -> None:
    """Steps open with the slider focused: Escape leaves them there too (it did only once a
    button had been clicked), and the arrow keys walk the steps one at a time. Back to play,
    the board has the keys."""
    open_in_steps(page, base, (REPO / "instances" / "easy" / "6x6-s1.lp").read_text())
    assert page.evaluate("document.activeElement.id") == "slider"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#position").startswith("Step 2 of ")
    page.keyboard.press("Escape")
    page.locator("#learn").wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "board"  # the keys play again
    page.keyboard.press("x")
    assert state(page, 0, 0) == "black"


def top(page: Page, selector: str) -> float:
    """Where the element at ``selector`` starts, from the top of the page (scrolled or not)."""
    return float(page.locator(selector).evaluate("e => e.getBoundingClientRect().top + scrollY"))


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_hint_below_the_window_is_scrolled_into_view(browser: Browser, base: str) -> None:
    """At 1280x800 and on a phone, scrolled to the top of a 20x20 whose open cells are its
    bottom rows: Hint brings the hint's cells and its sentence into view; with a wrong cell
    in the bottom row, that cell (or the rule it breaks) and the sentence naming it; with no
    solution (a bottom room of two cells side by side numbered 2), that room and the sentence."""
    path = REPO / "instances" / "large" / "20x20-s1.lp"
    text = path.read_text()
    (solution,) = solve(read_puzzle(str(path))).solutions
    rows = ["".join("x" if char == "#" else "o" for char in row) for row in solution]
    open_bottom = rows[:15] + ["_" * len(rows[0])] * (len(rows) - 15)
    wrong = "x" if rows[-1][3] == "o" else "o"
    wrong_bottom = rows[:-1] + [rows[-1][:3] + wrong + rows[-1][4:]]
    assert "room(124,11,19,12,19,-1)." in text
    unsolvable = text.replace("room(124,11,19,12,19,-1).", "room(124,11,19,12,19,2).")
    broken = conflicts(
        read_puzzle(str(path)), [row.replace("x", "#").replace("o", ".") for row in wrong_bottom]
    )
    cases = [
        (text, f"&grid={'/'.join(open_bottom)}", "new"),
        (text, f"&grid={'/'.join(wrong_bottom)}", "error" if broken else "conflict"),
        (unsolvable, "", "conflict"),
    ]
    for puzzle, grid, mark in cases:
        for width, height in ((1280, 800), (390, 844)):
            with opened_page(browser, viewport={"width": width, "height": height}) as page:
                page.goto(f"{base}/#puzzle={urllib.parse.quote(puzzle, safe='')}{grid}")
                page.wait_for_selector(CELL)
                settle(page)
                page.evaluate("window.scrollTo(0, 0)")
                press(page, "Hint")
                marked = page.locator(f'{CELL}[data-highlight~="{mark}"]')
                marked.first.wait_for()
                ys = {
                    int(marked.nth(i).get_attribute("data-y") or 0) for i in range(marked.count())
                }
                assert min(ys) >= 15, ys
                for index in range(marked.count()):
                    assert in_view(marked.nth(index).bounding_box(), height), (mark, width, index)
                assert in_view(page.locator("#status").bounding_box(), height), (mark, width)


def in_view(box: FloatRect | None, height: int) -> bool:
    """Whether ``box`` lies in a viewport ``height`` high (to a pixel: scrolls are fractional)."""
    return box is not None and -1 <= box["y"] and box["y"] + box["height"] <= height + 1


def assert_step_in_view(page: Page, height: int) -> None:
    """The step's sentence, the controls (Next) and the step's new cells are all in view."""
    new = page.locator(f'{CELL}[data-highlight~="new"]')
    assert new.count() > 0
    for selector in ("#status", "#next"):
        assert in_view(page.locator(selector).bounding_box(), height), selector
    for index in range(new.count()):
        assert in_view(new.nth(index).bounding_box(), height), f"new cell {index}"


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_link_carries_the_players_grid_to_another_browser(browser: Browser, base: str) -> None:
    with opened_page(browser) as page:
        open_puzzle(page, base, URL)
        page.click(cell(page, 0, 0))
        page.click(cell(page, 3, 2), button="right")
        settle(page)
        grid = board(page)
        press(page, "Link")
        link = page.get_attribute("#progress-link", "href")
        assert link is not None and link.startswith(f"{base}/#puzzle=")
    with opened_page(browser) as page:  # no storage of the first
        page.goto(link)
        page.wait_for_selector(CELL)
        settle(page)
        assert board(page) == grid


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_a_long_reason_is_summed_up_its_cells_coloured_by_rule(page: Page, base: str) -> None:
    """The longest step of hard/11x11-s1 (seven runs, seven pairs, ...): a one-line summary,
    the whole sentence on demand, each rule's cells marked by its kind, a legend."""
    text = (REPO / "instances" / "hard" / "11x11-s1.lp").read_text()
    open_puzzle(page, base, text)
    steps = api(base, "steps", {"puzzle": sent_url(page)})["steps"]
    index, step = max(enumerate(steps, 1), key=lambda found: len(found[1]["text"]))
    assert len(step["text"]) > 140
    press(page, "Steps")
    page.locator("#slider").fill(str(index))
    settle(page)
    head = step["text"].split(": ")[0]
    said = status(page)
    assert said.startswith(f"Step {index}: {head}: from ") and len(said) < len(step["text"])
    block = page.locator("#said")
    closed = block.evaluate("s => s.offsetHeight")
    page.locator("#reason-details summary").click()
    assert page.inner_text("#reason-text") == step["text"]
    assert block.evaluate("s => s.offsetHeight") > closed
    page.locator("#reason-details summary").click()  # closed again: no gap kept in its place
    assert block.evaluate("s => s.offsetHeight") == closed
    page.locator("#reason-details summary").click()
    for kind in {rule["kind"] for rule in step["rules"]}:
        cells = {
            (c["x"], c["y"])
            for rule in step["rules"]
            if rule["kind"] == kind
            for c in rule["cells"]
        }
        assert marked(page, f"rule-{kind}") == cells, kind
    assert_each_run_and_pair_is_a_line_of_its_own(page, step["rules"])
    assert_legend_names_the_colours_shown(page)
    assert_lines_stop_short_of_the_clues(page)
    for earlier in range(1, 13):  # some steps' rules lie under the step's own cells
        page.locator("#slider").fill(str(earlier))
        settle(page)
        assert_legend_names_the_colours_shown(page)
    press(page, "First")  # the start: no reason, so no details and no legend
    assert not page.locator("#reason-details").is_visible()
    assert not page.locator("#legend").is_visible()


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_a_pair_of_mirror_cells_is_a_line_between_them(page: Page, base: str) -> None:
    """Ayeheya's steps cite mirror cells that the step's own colours often cover: the legend
    named no mirror pair while the sentence did. Each pair is drawn as a line now."""
    ayeheya = "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk2k"
    open_puzzle(page, base, ayeheya)
    steps = api(base, "steps", {"puzzle": ayeheya})["steps"]
    index, step = next(
        (i, s) for i, s in enumerate(steps, 1) if any(r["kind"] == "mirror" for r in s["rules"])
    )
    press(page, "Steps")
    page.locator("#slider").fill(str(index))
    settle(page)
    left, size = (float(page.get_attribute(cell(page, 0, 0), name) or 0) for name in ("x", "width"))
    drawn = page.eval_on_selector_all(
        "#board .instance[data-rule='mirror']",
        "lines => lines.map(line => ['x1', 'y1', 'x2', 'y2'].map(a => +line.getAttribute(a)))",
    )

    def at(x: float, y: float) -> tuple[int, int]:
        return int((x - left) // size), int((y - left) // size)

    pairs = {
        frozenset((c["x"], c["y"]) for c in r["cells"])
        for r in step["rules"]
        if r["kind"] == "mirror"
    }
    assert {frozenset({at(x1, y1), at(x2, y2)}) for x1, y1, x2, y2 in drawn} == pairs
    assert "pairs of mirror cells (a line each)" in page.inner_text("#legend")
    assert_legend_names_the_colours_shown(page)


def assert_each_run_and_pair_is_a_line_of_its_own(page: Page, rules: list[dict[str, Any]]) -> None:
    """Each run and each pair of neighbours of a reason is one line, from its first cell to its
    last (read off the SVG's coordinates), and no two lines lie over one another."""
    left, size = (float(page.get_attribute(cell(page, 0, 0), name) or 0) for name in ("x", "width"))
    drawn = page.eval_on_selector_all(
        "#board .instance",
        """lines => lines.map(
            line => [line.dataset.rule, ...["x1", "y1", "x2", "y2"].map(a => +line.getAttribute(a))]
        )""",
    )

    def at(x: float, y: float) -> tuple[int, int]:
        return int((x - left) // size), int((y - left) // size)

    lines = sorted((kind, at(x1, y1), at(x2, y2)) for kind, x1, y1, x2, y2 in drawn)

    def ends(rule: dict[str, Any]) -> tuple[str, tuple[int, int], tuple[int, int]]:
        cells = sorted((c["x"], c["y"]) for c in rule["cells"])
        return rule["kind"], cells[0], cells[-1]

    wanted = sorted(ends(rule) for rule in rules if rule["kind"] in ("run", "adjacent"))
    assert lines == wanted and wanted
    for i, (_, ax1, ay1, ax2, ay2) in enumerate(drawn):
        for _, bx1, by1, bx2, by2 in drawn[i + 1 :]:
            along_row = ay1 == ay2 == by1 == by2 and max(ax1, bx1) <= min(ax2, bx2)
            along_column = ax1 == ax2 == bx1 == bx2 and max(ay1, by1) <= min(ay2, by2)
            assert not along_row and not along_column, "two lines over one another"


def assert_lines_stop_short_of_the_clues(page: Page) -> None:
    """Every clue's digits lie in a gap of the mask the lines are drawn through (a line across
    a clue's cell had run through its number), and some line crosses a clue's cell here."""
    clues, gaps, lines = page.evaluate(
        """() => {
            const box = (node) => {
                const b = node.getBBox();
                return [b.x, b.y, b.x + b.width, b.y + b.height];
            };
            const layer = document.querySelector("#board g.lines");
            const id = (layer.getAttribute("mask") || "").match(/^url\\(#(.+)\\)$/)?.[1];
            const mask = id ? document.getElementById(id) : null;
            return [
                [...document.querySelectorAll("#board text.clue")].map(box),
                mask ? [...mask.querySelectorAll("rect[fill='black']")].map(box) : [],
                [...layer.querySelectorAll("line")].map(box),
            ];
        }"""
    )

    def within(inner: list[float], outer: list[float]) -> bool:
        return all(outer[i] <= inner[i] for i in (0, 1)) and all(
            inner[i] <= outer[i] for i in (2, 3)
        )

    def meet(a: list[float], b: list[float]) -> bool:
        return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]

    assert clues and all(any(within(clue, gap) for gap in gaps) for clue in clues)
    assert any(meet(line, clue) for line in lines for clue in clues)


def assert_legend_names_the_colours_shown(page: Page) -> None:
    """The legend has one entry for each colour the browser paints the highlighted cells
    with, and one for each kind of rule drawn as lines (its cells' colour, which other
    kinds may paint over), its swatch that colour, and no other entry."""
    painted = page.eval_on_selector_all(
        "#board .cell[data-highlight]", "cells => cells.map(c => getComputedStyle(c).fill)"
    ) + page.eval_on_selector_all(
        "#board .instance",
        """lines => lines.map(line => {
            const probe = document.createElement("i");
            probe.style.background = `var(--rule-${line.dataset.rule})`;
            document.body.append(probe);
            const colour = getComputedStyle(probe).backgroundColor;
            probe.remove();
            return colour;
        })""",
    )
    swatches = page.eval_on_selector_all(
        "#legend li", "items => items.map(i => getComputedStyle(i, '::before').backgroundColor)"
    )
    assert len(swatches) == len(set(swatches)) and set(swatches) == set(painted), status(page)


def sent_url(page: Page) -> str:
    """The puzzle the page sends to the API: the one in its address."""
    return urllib.parse.unquote(page.url.split("#puzzle=", 1)[1])
