"""The page's Compose mode in a real browser: drawing rooms, numbers, the live analysis.

Each test draws or opens a draft, then reads it back from where the page keeps it (the
address's ``#draft=`` puzz.link URL, read by the library) and from the board's cells
(data-room, data-highlight), and compares with oracles the page does not compute: the rooms
the test drew, brute force over every shading, the solver, the library's explanation.
"""

from __future__ import annotations

import itertools
import random
import re
import urllib.error
import urllib.parse
from typing import TYPE_CHECKING

import pytest
from web_support import (
    CELL,
    URL,
    api,
    board,
    cell,
    compose,
    drag,
    marked,
    open_puzzle,
    opened_page,
    press,
    release,
    settle,
    status,
)

from heyawake_asp import solve, verify
from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.formats import url as url_format
from heyawake_asp.formats.regions import regions
from heyawake_asp.oracles.brute import brute_force
from heyawake_asp.puzzle import Cell, Puzzle, Room
from heyawake_asp.queries import explain
from heyawake_asp.steps import grade_puzzle
from heyawake_asp.variants import VARIANTS
from heyawake_asp.web.content import rules_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

RoomKey = tuple[frozenset[Cell], str | None]
"""A room as the tests compare them: its cells and its clue's text ("?" hidden)."""


def open_draft(page: Page, base: str, puzzle: Puzzle) -> None:
    """Open the page at ``#draft=`` and ``puzzle``'s puzz.link URL, its analysis done."""
    page.goto(f"{base}/#draft={urllib.parse.quote(url_format.write(puzzle), safe='')}")
    page.wait_for_selector(f"{CELL}[data-room]")
    settle(page)


def address(page: Page) -> str:
    """The draft's puzz.link URL, as the page's address keeps it."""
    href: str = page.evaluate("location.href")  # page.url lags behind history.replaceState
    return urllib.parse.unquote(href.split("#draft=", 1)[1].split("&", 1)[0])


def draft(page: Page) -> Puzzle:
    """The draft, read by the library from the page's address."""
    return read_puzzle_text(address(page), "address")


def rooms(puzzle: Puzzle) -> set[RoomKey]:
    return {(room.cells, room.clue_text) for room in puzzle.rooms}


def rectangle(x1: int, y1: int, x2: int, y2: int) -> frozenset[Cell]:
    return frozenset((x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1))


def drawn_rooms(page: Page) -> dict[int, frozenset[Cell]]:
    """The cells of each data-room the board shows."""
    found = page.eval_on_selector_all(
        CELL, "cells => cells.map(c => [+c.dataset.x, +c.dataset.y, +c.dataset.room])"
    )
    by_room: dict[int, set[Cell]] = {}
    for x, y, room in found:
        by_room.setdefault(room, set()).add((x, y))
    return {room: frozenset(cells) for room, cells in by_room.items()}


def analysis(page: Page) -> str:
    return page.locator("#analysis").inner_text()


def choose(page: Page, tool: str) -> None:
    page.get_by_label(tool, exact=True).check()


def click(page: Page, x: int, y: int) -> None:
    page.click(cell(page, x, y))


@pytest.mark.slow  # several seconds: the default run stays under 2 minutes
def test_drawn_rectangles_and_typed_numbers_are_the_draft(page: Page, base: str) -> None:
    compose(page, base, 4, 4)
    drag(page, (0, 0), (1, 1))
    drag(page, (3, 3), (2, 0))  # any two corners
    drag(page, (0, 2), (0, 3))
    settle(page)
    # A double click makes a cell a room of its own (a drag needs two cells); Undo takes it back.
    before = rooms(draft(page))
    page.dblclick(cell(page, 1, 3))
    settle(page)
    assert (rectangle(1, 3, 1, 3), None) in rooms(draft(page))
    assert status(page) == "r4c2 is a room of its own now."
    press(page, "Undo")
    assert rooms(draft(page)) == before
    # Numbers: keys (two digits make one number; ? hides it; Backspace clears), the field;
    # a click or the arrow keys select a room.
    click(page, 2, 1)
    page.keyboard.type("12")  # 12 is more than 8 cells can hold: the 2 begins a new number
    assert page.input_value("#room-clue") == "2"
    assert status(page) == (  # said, not silent
        "Not 12: the room at r1c3 has 8 cells: its number can be at most 4. "
        "The 2 begins a new number."
    )
    page.keyboard.press("Backspace")
    page.keyboard.type("3")
    page.keyboard.press("ArrowLeft")  # the cursor to (1, 1): its room is selected
    page.keyboard.type("?")
    page.keyboard.type("9")  # a 2x2 room holds at most 2 black cells: said in an author's words
    assert status(page) == "error: the room at r1c1 has 4 cells: its number can be at most 2"
    assert page.input_value("#room-clue") == "?"
    page.get_by_label("Number", exact=True).fill("9")  # refused in the field too: it shows "?"
    page.get_by_label("Number", exact=True).press("Enter")
    assert status(page).startswith("error: the room at r1c1 has 4 cells")
    assert page.input_value("#room-clue") == "?"
    click(page, 1, 3)  # a room without a number: Backspace changes nothing, yet the error is stale
    page.keyboard.type("5")
    assert status(page) == "error: the room at r3c2 has 2 cells: its number can be at most 1"
    page.keyboard.press("Backspace")
    assert status(page) == "The room at r3c2 has no number."
    click(page, 0, 3)
    page.get_by_label("Number", exact=True).fill("1")
    page.get_by_label("Number", exact=True).press("Enter")
    settle(page)
    expected: set[RoomKey] = {
        (rectangle(0, 0, 1, 1), "?"),
        (rectangle(2, 0, 3, 3), "3"),
        (rectangle(0, 2, 0, 3), "1"),
        (rectangle(1, 2, 1, 3), None),
    }
    puzzle = draft(page)
    assert rooms(puzzle) == expected
    # The board numbers the rooms as the draft does (reading order of first cells).
    assert drawn_rooms(page) == {index: room.cells for index, room in enumerate(puzzle.rooms)}
    assert sorted(page.locator("#board text.clue").all_text_contents()) == ["1", "3", "?"]
    # Export: the server's puzz.link URL is the address's, and the JSON holds the same rooms.
    press(page, "Export")
    exported = page.input_value("#export-url")
    assert exported == address(page)
    assert rooms(read_puzzle_text(exported, "export")) == expected
    json_text = page.get_attribute("#download-json", "data-text")
    assert json_text is not None and rooms(read_puzzle_text(json_text, "json")) == expected
    assert (page.get_attribute("#download-json", "href") or "").startswith("blob:")
    # The URL downloads as text (a ".url" file is a Windows shortcut, which it is not).
    assert page.get_attribute("#download-url", "download") == "draft-url.txt"
    url_text = page.get_attribute("#download-url", "data-text")
    assert url_text is not None and rooms(read_puzzle_text(url_text, "url")) == expected
    assert "<svg" in (page.get_attribute("#download-svg", "data-text") or "")
    text = page.input_value("#export-text")
    assert rooms(read_puzzle_text(text, "text")) == expected


def test_live_status_and_shared_cells_match_brute_force(page: Page, base: str) -> None:
    generated = read_puzzle_text(
        api(base, "generate", {"width": 4, "height": 4, "seed": 2})["puzzle"], "g"
    )
    clued = [index for index, room in enumerate(generated.rooms) if room.clue is not None]
    fewer = generated.with_clues(
        [None if index == clued[0] else room.clue for index, room in enumerate(generated.rooms)]
    )
    for puzzle in (generated, fewer):
        open_draft(page, base, puzzle)
        assert draft(page) == puzzle
        solutions = brute_force(puzzle)
        count = len(solutions)
        text = analysis(page)
        if count == 0:
            assert text.startswith("no solution")
        elif count == 1:
            assert text.startswith("unique; grade: ")
        elif count > 100:
            assert text == "several (more than 100 solutions)"
        else:
            assert text == f"several ({count} solutions)"
        cells = [(x, y) for y in range(puzzle.height) for x in range(puzzle.width)]
        shared = {c for c in cells if len({grid[c[1]][c[0]] for grid in solutions}) == 1}
        first = next(iter(solutions))
        assert marked(page, "forced-black") == {(x, y) for x, y in shared if first[y][x] == "#"}
        assert marked(page, "forced-white") == {(x, y) for x, y in shared if first[y][x] == "."}
        assert page.get_by_role("button", name="Suggest").is_enabled() == (count > 1)


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_no_solution_highlights_the_rooms_that_clash(page: Page, base: str) -> None:
    # Two one-cell rooms side by side, each wanting its cell black; a third clue that fits.
    puzzle = Puzzle(
        3,
        3,
        (
            Room.rectangle(0, 0, 0, 0, 1),
            Room.rectangle(1, 0, 1, 0, 1),
            Room.rectangle(2, 0, 2, 2, 1),
            Room.rectangle(0, 1, 1, 2),
        ),
    )
    open_draft(page, base, puzzle)
    assert brute_force(puzzle) == set()
    why = explain(draft(page), timeout=20)
    assert not why.satisfiable
    assert (
        brute_force(
            draft(page).with_clues(
                [
                    room.clue if index in why.rooms else None
                    for index, room in enumerate(draft(page).rooms)
                ]
            )
        )
        == set()
    )
    assert marked(page, "clash") == {
        c for index in why.rooms for c in draft(page).rooms[index].cells
    }
    assert marked(page, "clash") == {(0, 0), (1, 0)}
    assert analysis(page).startswith("no solution: ")
    # A number larger than its room: refused, in the author's words.
    click(page, 0, 0)
    page.keyboard.type("2")
    settle(page)
    assert status(page) == "error: the room at r1c1 has 1 cell: its number can be at most 1"
    assert draft(page).rooms[0].clue == 1
    # A room made smaller than its number: the analysis says so in the same words, marks it.
    open_draft(page, base, Puzzle(3, 1, (Room(frozenset({(0, 0), (1, 0), (2, 0)}), 2),)))
    page.get_by_label("Columns").fill("1")
    press(page, "Resize")
    assert analysis(page) == "error: the room at r1c1 has 1 cell: its number can be at most 1"
    assert marked(page, "clash") == {(0, 0)}


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_suggest_and_apply_make_the_draft_unique(page: Page, base: str) -> None:
    generated = read_puzzle_text(
        api(base, "generate", {"width": 5, "height": 5, "seed": 4})["puzzle"], "g"
    )
    open_draft(page, base, generated.with_clues([None] * len(generated.rooms)))
    assert analysis(page).startswith("several")
    before = draft(page)
    press(page, "Suggest")
    said = re.search(
        r"set the room at r\d+c\d+ \(marked\) to (\d+): (unique|leaves (\d+) solutions)",
        status(page),
    )
    sets = re.findall(r"the room at r(\d+)c(\d+) to (\d+)", status(page))
    assert said or "together do" in status(page), status(page)
    suggested = marked(page, "suggest")
    assert draft_legend(page) == {"disputed", "suggest"}
    if said:
        room = next(index for index, r in enumerate(before.rooms) if r.cells == suggested)
        clues = {room: int(said[1])}
    else:
        clues = {before.room_index((int(c) - 1, int(r) - 1)): int(n) for r, c, n in sets}
        assert suggested == set().union(*(before.rooms[room].cells for room in clues))
    press(page, "Apply")
    after = draft(page)
    assert [r.clue for r in after.rooms] == [
        clues.get(index, r.clue) for index, r in enumerate(before.rooms)
    ]
    result = solve(after, max_solutions=2)
    if not said or said[2] == "unique":
        assert len(result.solutions) == 1 and result.unique
        assert analysis(page).startswith("unique")
        assert draft_legend(page) == {"shared", "selected"}  # the room just set
        page.keyboard.press("Escape")
        assert draft_legend(page) == {"shared"}
        click(page, 0, 0)
        assert draft_legend(page) == {"shared", "selected"}
    else:
        assert len(result.solutions) == 2
        assert analysis(page).startswith("several")


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_suggest_narrows_a_draft_missing_many_numbers(page: Page, base: str) -> None:
    """Each single number leaves more than 100 solutions: one that rules some out is set, where
    the author met a dead end ("Nothing suggested makes this draft unique")."""
    made = read_puzzle_text(
        api(base, "generate", {"width": 12, "height": 12, "seed": 5})["puzzle"], "g"
    )
    cleared = [i for i, room in enumerate(made.rooms) if room.clue is not None][:6]
    draft_puzzle = made.with_clues(
        [None if i in cleared else r.clue for i, r in enumerate(made.rooms)]
    )
    open_draft(page, base, draft_puzzle)
    press(page, "Suggest")
    said = re.match(
        r"Suggestion: set the room at r(\d+)c(\d+) \(marked\) to (\d+): leaves more than 100 "
        r"solutions, yet fewer than now",
        status(page),
    )
    assert said, status(page)
    room = next(r for r in draft(page).rooms if r.cells == marked(page, "suggest"))
    assert room.clue is None and room.first_cell == (int(said[2]) - 1, int(said[1]) - 1)
    # Some solution of the draft holds another number there (the solver's, checked).
    clue = int(said[3])
    assert any(
        sum(grid[y][x] == "#" for x, y in room.cells) != clue and not verify(draft_puzzle, grid)
        for grid in solve(draft_puzzle, max_solutions=64).solutions
    )
    press(page, "Apply")
    assert next(r for r in draft(page).rooms if r.cells == room.cells).clue == clue


def draft_legend(page: Page) -> set[str]:
    """The marks the draft's legend names, after checking that its swatches are the colours
    its cells show (their fill where not the plain cell's, a marked black cell's aside, and
    their dots'), one entry each."""
    settle(page)
    entries = page.eval_on_selector_all(
        "#draft-legend li",
        "items => items.map(i => [i.dataset.mark, getComputedStyle(i, '::before').background"
        "Color])",
    )
    shown = page.evaluate(
        """() => {
            const fill = (node) => getComputedStyle(node).fill;
            const plain = fill(document.querySelector("#board .paper"));
            // A marked black cell takes a darker shade of its mark's colour: not a mark of its own.
            const cells = [...document.querySelectorAll("#board .cell")]
                .filter(c => c.dataset.state !== "black" || c.dataset.highlight === "forced-black")
                .map(fill);
            const dots = [...document.querySelectorAll("#board .dot")]
                .filter(dot => dot.getAttribute("visibility") === "visible").map(fill);
            return [...cells.filter(colour => colour !== plain), ...dots];
        }"""
    )
    swatches = [colour for _, colour in entries]
    assert len(swatches) == len(set(swatches)) and set(swatches) == set(shown), entries
    return {mark for mark, _ in entries}


def disputed(puzzle: Puzzle) -> set[Cell]:
    """The cells the solutions shade differently, by brute force."""
    solutions = sorted(brute_force(puzzle))
    return {
        cell for cell in puzzle.cells() if len({grid[cell[1]][cell[0]] for grid in solutions}) > 1
    }


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        pytest.param(
            "heyawake 3x2\nabb\nabb\n",
            "No single number makes this draft unique; 2 together do",
            marks=pytest.mark.slow,  # about 2.5 s: the default run stays under 2 minutes
        ),
        pytest.param(
            "heyawake 3x2\nabc\nabc\n",
            "No number makes this draft unique; cutting the room at r1c1",
            marks=pytest.mark.slow,  # about 3 s: the default run stays under 2 minutes
        ),
    ],
)
def test_when_no_single_number_does_apply_sets_several_or_cuts_a_room(
    page: Page, base: str, typed: str, says: str
) -> None:
    puzzle = read_puzzle_text(typed, "typed")
    open_draft(page, base, puzzle)
    press(page, "Suggest")
    settle(page)
    assert status(page).startswith(says), status(page)
    assert marked(page, "disputed") == disputed(puzzle)
    press(page, "Apply")
    settle(page)
    after = draft(page)
    assert len(brute_force(after)) == 1
    assert analysis(page).startswith("unique")
    press(page, "Undo")  # one edit
    assert rooms(draft(page)) == rooms(puzzle)


@pytest.mark.slow  # about 8 s: the default run stays under 2 minutes
def test_undo_redo_and_the_address_restore_the_draft(
    page: Page, base: str, browser: Browser
) -> None:
    compose(page, base, 3, 2)
    seen = [address(page)]
    drag(page, (0, 0), (0, 1))
    seen.append(address(page))
    click(page, 2, 0)
    page.keyboard.type("2")
    seen.append(address(page))
    drag(page, (1, 1), (2, 1))
    seen.append(address(page))
    assert len(set(seen)) == 4
    press(page, "Undo")
    assert address(page) == seen[2]
    page.keyboard.press("Control+z")
    assert address(page) == seen[1]
    press(page, "Redo")
    assert address(page) == seen[2]
    page.keyboard.press("Control+y")
    assert address(page) == seen[3]
    assert page.get_by_role("button", name="Redo").is_disabled()
    settle(page)
    expected = drawn_rooms(page)
    fresh = browser.new_page()
    try:
        fresh.goto(page.url)
        fresh.wait_for_selector(f"{CELL}[data-room]")
        settle(fresh)
        assert fresh.get_attribute("#mode-compose", "aria-pressed") == "true"
        assert drawn_rooms(fresh) == expected
        assert rooms(draft(fresh)) == rooms(draft(page))
        assert analysis(fresh) == analysis(page)
    finally:
        fresh.close()


@pytest.mark.slow  # about 4 s: the default run stays under 2 minutes
def test_merge_and_paint_make_irregular_rooms(page: Page, base: str) -> None:
    compose(page, base, 3, 3)
    for x in range(3):
        drag(page, (x, 0), (x, 2))
    settle(page)
    assert rooms(draft(page)) == {(rectangle(x, 0, x, 2), None) for x in range(3)}
    choose(page, "Merge")
    click(page, 0, 0)
    click(page, 1, 2)
    settle(page)
    assert rooms(draft(page)) == {(rectangle(0, 0, 1, 2), None), (rectangle(2, 0, 2, 2), None)}
    choose(page, "Paint")
    page.keyboard.press("Escape")  # lets go of the merged room
    click(page, 2, 2)  # selects the right column
    page.keyboard.type("2")
    drag(page, (2, 0), (0, 0))  # paints (1, 0) and (0, 0) into it
    settle(page)
    left = frozenset({(0, 1), (0, 2), (1, 1), (1, 2)})
    assert rooms(draft(page)) == {
        (left, None),
        (rectangle(0, 0, 2, 0) | rectangle(2, 0, 2, 2), "2"),
    }
    press(page, "Undo")  # the whole stroke was one edit
    assert rooms(draft(page)) == {(rectangle(0, 0, 1, 2), None), (rectangle(2, 0, 2, 2), "2")}
    # Resize keeps what fits; the new cells make one room.
    page.get_by_label("Columns").fill("4")
    page.get_by_label("Rows").fill("2")
    press(page, "Resize")
    assert rooms(draft(page)) == {
        (rectangle(0, 0, 1, 1), None),
        (rectangle(2, 0, 2, 1), "2"),
        (rectangle(3, 0, 3, 1), None),
    }
    assert status(page) == "The grid is 4×2 now: the new cells are one room, without a number."


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_rotate_and_flip_turn_the_draft(page: Page, base: str) -> None:
    """Against the rooms turned by the test: a quarter clockwise takes (x, y) to (h-1-y, x)."""
    ell = frozenset({(0, 0), (0, 1), (1, 1)})
    puzzle = Puzzle(3, 2, (Room(ell, 1), Room(frozenset({(1, 0), (2, 0), (2, 1)}), 2)))
    open_draft(page, base, puzzle)
    press(page, "Rotate")
    turned = {(frozenset((1 - y, x) for x, y in cells), clue) for cells, clue in rooms(puzzle)}
    assert (draft(page).width, draft(page).height, rooms(draft(page))) == (2, 3, turned)
    press(page, "Flip")
    flipped = {(frozenset((1 - x, y) for x, y in cells), clue) for cells, clue in turned}
    assert rooms(draft(page)) == flipped


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_the_sentence_follows_the_draft(page: Page, base: str) -> None:
    compose(page, base, 6, 6)
    assert status(page).startswith("A new 6×6 grid, one room")
    drag(page, (0, 0), (1, 1))
    drag(page, (2, 0), (3, 1))
    settle(page)
    assert status(page) == "A 6×6 draft: 3 rooms, 0 with a number."
    press(page, "Undo")
    assert status(page) == "A 6×6 draft: 2 rooms, 0 with a number."
    # A draft opened from its address: no sentence from before it.
    open_draft(page, base, Puzzle(2, 1, (Room(frozenset({(0, 0), (1, 0)}), 1),)))
    assert status(page) == "A 2×1 draft: 1 room, 1 with a number."


def test_the_most_a_room_can_hold_is_its_largest_set_of_cells_apart(page: Page, base: str) -> None:
    """The page's bound on a room's number against brute force over every set of its cells."""
    page.goto(f"{base}/")
    settle(page)
    rng = random.Random(7)
    for _ in range(30):
        room = [[int(rng.random() < 0.6) for _ in range(4)] for _ in range(3)]
        cells = [(x, y) for y in range(3) for x in range(4) if room[y][x] == 1]
        apart = max(
            len(chosen)
            for size in range(len(cells) + 1)
            for chosen in itertools.combinations(cells, size)
            if not any(
                abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                for a, b in itertools.combinations(chosen, 2)
            )
        )
        most = page.evaluate(
            "room => import('/draft.js').then(draft => draft.mostBlack({room}, 1))", room
        )
        assert most == apart, room


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
@pytest.mark.parametrize("moves", [1, 0])
def test_compose_from_a_puzzle_not_yet_solved_hides_the_solution_until_asked(
    page: Page, base: str, moves: int
) -> None:
    """Opened at once on a puzzle just loaded, Compose had drawn its whole solution."""
    open_puzzle(page, base, URL)
    if moves:
        page.click(cell(page, 0, 0))
        settle(page)
    press(page, "Compose")
    assert page.get_attribute("#analysis", "data-status") == "unique"
    assert board(page) == ["??????"] * 6
    page.get_by_label("shared cells").check()
    assert board(page) == list(solve(read_puzzle_text(URL, "url")).solutions[0])
    page.get_by_label("shared cells").uncheck()
    press(page, "New")  # the author's own draft: its shared cells are shown again
    assert page.get_by_label("shared cells").is_checked()


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_a_draft_its_rules_refuse_is_not_played_and_its_room_is_named(
    page: Page, base: str
) -> None:
    """An L-shaped room under ayeheya's rules (rooms symmetric): Play this draft had left the
    Play view without a board or controls, only the error; the legend called the room's shape
    a clash of numbers."""
    ell = frozenset({(0, 0), (0, 1), (1, 1)})
    open_draft(page, base, Puzzle(2, 2, (Room(ell, 1), Room(frozenset({(1, 0)})))))
    page.get_by_label("Rules", exact=True).select_option("ayeheya")
    settle(page)
    assert page.get_attribute("#analysis", "data-status") == "error"
    assert "rooms whose numbers" not in page.inner_text("#draft-legend")
    press(page, "Play this draft")
    assert page.locator("#compose-controls").is_visible()  # still composing the draft
    assert page.locator(CELL).count() == 4
    assert status(page).startswith("error: ") and "symmetric" in status(page)


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_compose_from_a_paused_game_shows_its_board_and_takes_clicks(page: Page, base: str) -> None:
    """The paused game's board stayed hidden in Compose, and took no click."""
    open_puzzle(page, base, URL)
    press(page, "Pause")
    press(page, "Compose")
    settle(page)
    assert page.locator(cell(page, 0, 0)).is_visible()
    page.click(cell(page, 0, 0), timeout=5_000)  # selects its room
    assert (0, 0) in marked(page, "selected")
    assert status(page) != "Back to your grid."


def test_an_irregular_room_exports_every_format_but_kth(page: Page, base: str) -> None:
    """Each format on its own: KTH holds rectangles only and says so; the rest export."""
    ell = frozenset({(0, 0), (0, 1), (1, 1)})
    puzzle = Puzzle(2, 2, (Room(ell, 1), Room(frozenset({(1, 0)}))))
    open_draft(page, base, puzzle)
    press(page, "Export")
    url = page.input_value("#export-url")
    assert rooms(read_puzzle_text(url, "export")) == rooms(puzzle)
    for fmt in ("text", "json"):
        text = page.get_attribute(f"#download-{fmt}", "data-text") or ""
        assert rooms(read_puzzle_text(text, fmt)) == rooms(puzzle)
    assert "<svg" in (page.get_attribute("#download-svg", "data-text") or "")
    kth = page.locator("#download-kth")
    assert kth.get_attribute("href") is None and "not possible" in kth.inner_text()
    assert "KTH" in status(page) and "rectangle" in status(page)


@pytest.mark.slow  # about 5 s: the default run stays under 2 minutes
def test_a_title_and_an_author_are_kept_in_the_address_the_exports_and_the_game(
    page: Page, base: str, browser: Browser
) -> None:
    compose(page, base, 2, 1)
    page.get_by_label("Title").fill("  Nº 1 & #2 ")
    page.get_by_label("Author").fill("Ana Ö.")
    press(page, "Export")
    settle(page)
    for fmt in ("text", "json"):
        exported = read_puzzle_text(page.get_attribute(f"#download-{fmt}", "data-text") or "", fmt)
        assert exported.credits == {"title": "Nº 1 & #2", "author": "Ana Ö."}, fmt
    fresh = browser.new_page()  # the address keeps them
    try:
        fresh.goto(page.evaluate("location.href"))
        fresh.wait_for_selector(f"{CELL}[data-room]")
        assert fresh.get_by_label("Title").input_value() == "Nº 1 & #2"
        assert fresh.get_by_label("Author").input_value() == "Ana Ö."
    finally:
        fresh.close()
    press(page, "Play this draft")
    page.wait_for_selector("#credits:not([hidden])")
    assert page.locator("#credits").inner_text() == "“Nº 1 & #2” by Ana Ö."
    press(page, "Link")  # the game's address and its link with the grid keep them too
    for address in (page.evaluate("location.href"), page.get_attribute("#progress-link", "href")):
        fresh = browser.new_page()
        try:
            fresh.goto(address or "")
            fresh.wait_for_selector("#credits:not([hidden])")
            assert fresh.locator("#credits").inner_text() == "“Nº 1 & #2” by Ana Ö.", address
        finally:
            fresh.close()
    press(page, "Compose")  # a loaded file's credits fill the fields, none clears them
    assert page.locator("#credits").is_hidden()  # the game's caption: Compose has its fields
    page.fill("#puzzle-text", "heyawake 2x1\nauthor: Bo\nab\n")
    press(page, "Load")
    settle(page)
    assert page.get_by_label("Title").input_value() == ""
    assert page.get_by_label("Author").input_value() == "Bo"


@pytest.mark.slow  # some 5 s: the default run stays under 2 minutes
def test_a_draft_is_kept_in_the_browser_and_played_it_stays_the_authors(
    browser: Browser, base: str
) -> None:
    """A draft's tab closed, the bare address opens Compose on it again (it had said "Load a
    puzzle to begin": the draft lived only in its address). Played, then the page reloaded,
    Compose goes on with the author's draft, not a copy of the puzzle in play with its
    solution hidden; another game's copy is not taken for it."""
    with opened_page(browser) as page:
        compose(page, base, 4, 2)
        page.get_by_label("Title").fill("Mine")
        drag(page, (0, 0), (1, 1))
        settle(page)
        made = rooms(draft(page))
        assert len(made) == 2
        again = page.context.new_page()
        page.close()
        again.goto(f"{base}/")
        again.wait_for_selector(f"{CELL}[data-room]")
        assert again.get_attribute("#mode-compose", "aria-pressed") == "true"
        assert rooms(draft(again)) == made
        assert again.get_by_label("Title").input_value() == "Mine"
        press(again, "Play this draft")
        again.wait_for_selector("#credits:not([hidden])")
        again.reload()
        again.wait_for_selector("#credits:not([hidden])")
        press(again, "Compose")
        again.wait_for_selector(f"{CELL}[data-room]")
        assert "copy" not in status(again)
        assert again.get_by_label("shared cells").is_checked()
        assert rooms(draft(again)) == made
        assert again.get_by_label("Title").input_value() == "Mine"
        # Another game's copy is not the author's draft: the bare address opens the game, not
        # its copy with the solution shown; composed again, its solution stays hidden.
        open_puzzle(again, base, URL)
        again.reload()  # the page's own draft, in its memory, would be composed again
        again.wait_for_selector(CELL)
        press(again, "Compose")
        assert "copy" in status(again)
        again.goto(f"{base}/")
        again.wait_for_selector(CELL)
        assert again.get_attribute("#mode-play", "aria-pressed") == "true"
        assert "6×6" in status(again)
        press(again, "Compose")
        assert "copy" in status(again)
        assert not again.get_by_label("shared cells").is_checked()
        # The author's draft is one Undo behind the copy (an edit of the copy had replaced it
        # for good).
        assert status(again).endswith(" Undo goes back to your draft.")
        drag(again, (0, 0), (5, 5))  # an edit: the copy is one room now, and kept
        settle(again)
        assert len(rooms(draft(again))) == 1
        again.reload()
        again.wait_for_selector(f"{CELL}[data-room]")
        press(again, "Undo")
        press(again, "Undo")
        assert rooms(draft(again)) == made


@pytest.mark.slow
def test_undo_and_redo_go_on_after_the_page_is_reloaded(browser: Browser, base: str) -> None:
    """The draft's history is kept with it: reloaded, from the bare address, and in Compose
    again after Play this draft, Undo and Redo go back over the edits made before."""
    with opened_page(browser) as page:
        compose(page, base, 4, 2)
        drag(page, (0, 0), (0, 1))
        settle(page)
        first = rooms(draft(page))
        drag(page, (1, 0), (1, 1))
        settle(page)
        second = rooms(draft(page))
        assert len(first) == 2 and len(second) == 3
        press(page, "Undo")
        assert rooms(draft(page)) == first
        page.reload()
        page.wait_for_selector(f"{CELL}[data-room]")
        assert rooms(draft(page)) == first
        press(page, "Redo")  # what was undone before the reload is redone
        assert rooms(draft(page)) == second
        page.goto(f"{base}/")  # the bare address: the draft last edited, and its history
        page.wait_for_selector(f"{CELL}[data-room]")
        assert rooms(draft(page)) == second
        press(page, "Undo")
        assert rooms(draft(page)) == first
        # Another draft's address, and a history that does not read, get none.
        other = page.context.new_page()
        two = url_format.write(Puzzle(2, 2, (Room.rectangle(0, 0, 1, 1),))).strip()
        other.goto(f"{base}/#draft={urllib.parse.quote(two, safe='')}")
        other.wait_for_selector(f"{CELL}[data-room]")
        assert other.get_by_role("button", name="Undo", exact=True).is_disabled()
        other.evaluate(
            "key => localStorage.setItem(key, JSON.stringify({...JSON.parse("
            "localStorage.getItem(key)), done: ['nonsense']}))",
            "heyawake:draft",
        )
        other.reload()
        other.wait_for_selector(f"{CELL}[data-room]")
        assert other.get_by_role("button", name="Undo", exact=True).is_disabled()
        other.close()
        page.reload()  # the other draft is the one kept now: this one's history is not its
        page.wait_for_selector(f"{CELL}[data-room]")
        assert rooms(draft(page)) == first
        assert page.get_by_role("button", name="Undo", exact=True).is_disabled()
        drag(page, (1, 0), (1, 1))  # an edit keeps this draft again, with a history of one
        settle(page)
        press(page, "Undo")
        press(page, "Play this draft")
        page.wait_for_selector(f"{CELL}:not([data-room])")
        page.reload()
        page.wait_for_selector(CELL)
        press(page, "Compose")
        page.wait_for_selector(f"{CELL}[data-room]")
        assert rooms(draft(page)) == first
        press(page, "Redo")
        assert rooms(draft(page)) == second
        press(page, "Undo")
        assert rooms(draft(page)) == first
        assert page.get_by_role("button", name="Undo", exact=True).is_disabled()


@pytest.mark.slow
def test_generate_load_and_play_this_draft(page: Page, base: str) -> None:
    compose(page, base, 2, 2)
    page.get_by_label("Width").fill("5")
    page.get_by_label("Height").fill("4")
    page.get_by_label("Seed").fill("3")
    press(page, "Generate")
    made = api(base, "generate", {"width": 5, "height": 4, "seed": 3})["puzzle"]
    assert rooms(draft(page)) == rooms(read_puzzle_text(made, "generated"))
    page.get_by_label("A puzz.link URL, or a puzzle in any format").fill("heyawake 3x1\naab\nb=0\n")
    press(page, "Load")
    assert rooms(draft(page)) == {(rectangle(0, 0, 1, 0), None), (rectangle(2, 0, 2, 0), "0")}
    press(page, "Play this draft")
    page.wait_for_selector(f"{CELL}[data-x='2']:not([data-room])")
    settle(page)
    assert page.get_attribute("#mode-play", "aria-pressed") == "true"
    played = read_puzzle_text(urllib.parse.unquote(page.url.split("#puzzle=", 1)[1]), "played")
    assert rooms(played) == {(rectangle(0, 0, 1, 0), None), (rectangle(2, 0, 2, 0), "0")}
    assert page.get_by_role("button", name="Check").is_visible()


@pytest.mark.slow  # some 3 s: the default run stays under 2 minutes
def test_new_starts_a_draft_with_nothing_of_the_last_one(page: Page, base: str) -> None:
    """After New, no room is selected (nor listed so in the legend) and the puzzle box no
    longer holds the puzzle the last draft was loaded from; back in Play, it holds the game's."""
    game = "heyawake 4x1\naabb\nb=1\n"
    open_puzzle(page, base, game)
    press(page, "Compose")
    box = page.get_by_label("A puzz.link URL, or a puzzle in any format")
    box.fill("heyawake 3x1\naab\nb=0\n")
    press(page, "Load")
    click(page, 0, 0)
    assert "selected" in draft_legend(page)
    press(page, "New")
    assert "selected" not in draft_legend(page)
    assert page.locator(f'{CELL}[data-highlight~="selected"]').count() == 0
    assert box.input_value() == ""
    press(page, "Play")
    assert rooms(read_puzzle_text(box.input_value(), "box")) == rooms(read_puzzle_text(game, "g"))


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_a_unique_draft_says_it_is_being_graded_until_the_grade_comes(
    page: Page, base: str
) -> None:
    compose(page, base, 3, 1)
    held: list[Route] = []
    page.route("**/api/grade", lambda route: held.append(route))
    click(page, 1, 0)
    page.keyboard.type("2")  # r1c1 and r1c3 black, the only way: unique, then graded
    page.wait_for_selector("#analysis:has-text('grading')", timeout=5000)
    assert analysis(page) == "unique; grading…" and len(held) == 1
    page.unroute("**/api/grade")
    release(held)
    settle(page)
    graded = grade_puzzle(draft(page))
    assert analysis(page) == f"unique; grade: {graded.label} (score {graded.score:g})"


@pytest.mark.slow  # about 3 s: the default run stays under 2 minutes
def test_a_newer_edit_supersedes_the_analysis_in_flight(page: Page, base: str) -> None:
    compose(page, base, 3, 1)
    held: list[Route] = []
    page.route("**/api/analyze", lambda route: held.append(route))
    click(page, 1, 0)
    page.keyboard.type("1")  # an analysis starts after the pause, and is held
    page.wait_for_selector("#working", state="visible", timeout=5000)
    assert len(held) == 1
    page.unroute("**/api/analyze")
    page.keyboard.press("Backspace")  # a newer edit: the held analysis is aborted
    settle(page)
    release(held)
    settle(page)
    page.wait_for_selector("#working", state="hidden", timeout=5000)
    puzzle = draft(page)
    assert puzzle.rooms[0].clue is None
    assert analysis(page) == f"several ({len(brute_force(puzzle))} solutions)"


@pytest.mark.slow  # about 5 s: the default run stays under 2 minutes
def test_the_pages_puzz_link_codec_agrees_with_the_library_case_for_case(
    page: Page, base: str
) -> None:
    """draft.js reads and writes puzz.link URLs itself (for #draft=): on 300 random puzzles of
    any room shapes, with numbers, hidden numbers and none, it reads what formats/url.py
    writes into the same rooms, and writes the same URL from the same rooms."""
    rng = random.Random(11)
    puzzles = [_random_puzzle(rng) for _ in range(300)]
    urls = [url_format.write(puzzle) for puzzle in puzzles]
    objects = [
        {
            "width": p.width,
            "height": p.height,
            "rooms": [{"cells": sorted(r.cells), "clue": r.clue_text} for r in p.rooms],
        }
        for p in puzzles
    ]
    page.goto(f"{base}/")
    settle(page)
    read, written = page.evaluate(
        """([urls, objects]) => import('/draft.js').then((d) => [
            urls.map((url) => d.toObject(d.fromUrl(url))),
            objects.map((object) => d.toUrl(d.fromObject(object))),
        ])""",
        [urls, objects],
    )
    for puzzle, link, drawn, again in zip(puzzles, urls, read, written, strict=True):
        clue = {None: None, "?": "?"}
        shown = {
            (frozenset(map(tuple, room["cells"])), clue.get(room["clue"], str(room["clue"])))
            for room in drawn["rooms"]
        }
        assert shown == rooms(puzzle), link
        assert again == link, link


def _random_puzzle(rng: random.Random) -> Puzzle:
    """Up to 12x12, rooms of any shape (regions of random labels), each with a number, a
    hidden one or none."""
    width, height = rng.randint(1, 12), rng.randint(1, 12)
    labels = [[rng.randint(0, 3) for _ in range(width)] for _ in range(height)]

    def joined(a: Cell, b: Cell) -> bool:
        return labels[a[1]][a[0]] == labels[b[1]][b[0]]

    made = []
    for cells in regions(width, height, joined):
        roll = rng.random()
        if roll < 0.1:
            made.append(Room(frozenset(cells), hidden_clue=True))
        elif roll < 0.6:
            made.append(Room(frozenset(cells), rng.randint(0, len(cells))))
        else:
            made.append(Room(frozenset(cells)))
    return Puzzle(width, height, tuple(made))


@pytest.mark.slow  # about 5 s: the default run stays under 2 minutes
def test_an_ayeheya_is_played_and_composed_under_its_rules(page: Page, base: str) -> None:
    """The page keeps the variant: Play says it, Compose analyses and exports by its rules."""
    ayeheya = "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk2k"
    open_puzzle(page, base, ayeheya)
    assert status(page).startswith("A 6×6 Ayeheya puzzle (each room's black cells symmetric")
    page.get_by_label("mirror", exact=True).check()  # the 3x2 room r1c3:r2c5: r1c3's mirror r2c5
    page.click(cell(page, 2, 0))
    assert board(page)[0][2] == board(page)[1][4] == "#"
    press(page, "Undo")  # one move
    assert board(page)[0][2] == board(page)[1][4] == "?"
    press(page, "Solve")
    settle(page)
    puzzle = read_puzzle_text(ayeheya, "url")
    assert board(page) == list(solve(puzzle).solutions[0])
    press(page, "Compose")
    settle(page)
    assert page.get_by_label("Rules", exact=True).input_value() == "ayeheya"
    assert analysis(page).startswith("unique")
    assert draft(page) == puzzle  # the address keeps the variant in the URL's type
    page.get_by_label("Rules", exact=True).select_option("heyawake")
    settle(page)
    assert analysis(page).startswith("several")  # as plain Heyawake it has two solutions
    assert draft(page) == Puzzle(puzzle.width, puzzle.height, puzzle.rooms)


def _rules_choices(page: Page) -> list[tuple[str, str, str]]:
    """Compose's Rules options: each one's value, text and title (its tooltip)."""
    choices: list[tuple[str, str, str]] = page.eval_on_selector_all(
        "#draft-variant option", "options => options.map(o => [o.value, o.text, o.title])"
    )
    return [tuple(choice) for choice in choices]  # type: ignore[misc]


@pytest.mark.slow
def test_the_rules_choices_and_a_variants_words_come_from_the_servers_table(
    page: Page, base: str
) -> None:
    """The page names no variant itself: Compose's Rules options and Play's caption are
    /rules.json's rows, those served and those of a table changed on its way."""
    page.goto(f"{base}/")
    settle(page)
    words = {v.name: v.words[:1].upper() + v.words[1:] for v in VARIANTS.values()}
    served = [(v.name, v.title, words[v.name]) for v in VARIANTS.values()]
    assert _rules_choices(page) == served
    table = rules_table()
    renamed = {**table["variants"]["akichi"], "title": "Akichi Renamed", "words": "said here"}
    table["variants"] = {"heyawake": table["variants"]["heyawake"], "akichi": renamed}
    page.route("**/rules.json", lambda route: route.fulfill(json=table))
    page.goto("about:blank")  # the page loaded afresh, not its address's hash changed
    open_puzzle(page, base, "https://puzz.link/p?akichi/6/6/lll199007rs11434g1g0")
    assert _rules_choices(page) == [served[0], ("akichi", "Akichi Renamed", "Said here")]
    assert status(page).startswith("A 6×6 Akichi Renamed puzzle (said here)")


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_composes_labels_sit_on_one_line_beside_their_fields(
    browser: Browser, base: str, width: int, height: int
) -> None:
    """On a phone as on a desktop: each label one line high, on the line of its field,
    before it, and nothing past the window's edge."""
    with opened_page(browser, viewport={"width": width, "height": height}) as page:
        page.goto(f"{base}/")
        settle(page)
        press(page, "Compose")
        for name in ("Columns", "Rows", "Number", "Title", "Author", "Rules"):
            label = page.locator("#compose-controls label", has_text=name).bounding_box()
            field = page.get_by_label(name, exact=True).bounding_box()
            assert label is not None and field is not None, name
            line = float(
                page.locator("#compose-controls label", has_text=name).evaluate(
                    "l => parseFloat(getComputedStyle(l).lineHeight)"
                )
            )
            assert label["height"] < 1.5 * line, name  # one line
            middle = label["y"] + label["height"] / 2
            assert field["y"] <= middle <= field["y"] + field["height"], name  # its field's line
            assert label["x"] + label["width"] <= field["x"], name  # before it
            assert field["x"] + field["width"] <= width, name
