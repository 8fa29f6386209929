"""Questions with connectivity asked of a window's program, the whole grid's as the oracle."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from helpers import REPO

from heyawake_asp import read_puzzle, solve
from heyawake_asp.grid import colours
from heyawake_asp.puzzle import Cell, Puzzle, Room, parts
from heyawake_asp.steps import engine
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.model import Rule
from heyawake_asp.steps.squares import _RADII, Squares
from heyawake_asp.steps.walk import _anchor
from heyawake_asp.steps.window import (
    TILE_STRIDES,
    Box,
    outside_parts,
    tile_around,
    tile_stride,
)


def _question(
    rnd: random.Random, box: Box, rules: list[Rule], solution: dict[Cell, bool]
) -> tuple[list[Rule], dict[Cell, bool]]:
    """Some instances within ``box`` with connectivity, and cells of it settled, one wrongly."""
    share = rnd.choice([0.3, 0.7, 1.0])
    chosen = [rule for rule in rules if box.holds(rule.cells) and rnd.random() < share]
    roots = () if rnd.random() < 0.5 else (rnd.choice(sorted(solution)),)
    cells = list(box.cells())
    known = {cell: solution[cell] for cell in cells if rnd.random() < 0.3}
    wrong = rnd.choice(cells)
    known[wrong] = not solution[wrong]
    return [*chosen, Rule("connected", roots)], known


def _solved(name: str) -> tuple[Puzzle, dict[Cell, bool], Deducer]:
    """A large instance, its one solution, and its whole grid's program: the oracle."""
    puzzle = read_puzzle(str(REPO / "instances" / "large" / name))
    (grid,) = solve(puzzle).solutions
    solution = colours(grid)
    return puzzle, solution, Deducer(puzzle, _anchor(solution))


def _forces(whole: Deducer, square: Box, cell: Cell, black: bool, known: dict[Cell, bool]) -> bool:
    """Whether, for the whole grid's program, ``square``'s instances and settled cells force
    ``cell`` to be black (True) or white."""
    scope = [rule for rule in whole.rules if square.holds(rule.cells)]
    near = {c: b for c, b in known.items() if square.contains(c)}
    return whole.refuted(scope, {cell: not black, **near}) is not None


@pytest.mark.parametrize(
    ("name", "seed"),
    [pytest.param("20x20-s1.lp", 0, marks=pytest.mark.slow), ("20x20-s2.lp", 1)],
)
def test_a_window_refutes_exactly_what_the_whole_grid_refutes(name: str, seed: int) -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "large" / name))
    (grid,) = solve(puzzle).solutions
    solution = colours(grid)
    whole, windowed = Deducer(puzzle), Deducer(puzzle)
    rules = [rule for rule in whole.rules if rule.kind != "connected"]
    rnd = random.Random(seed)
    asked_of_windows = 0
    for _ in range(60):
        width, height = rnd.randint(3, 12), rnd.randint(3, 12)
        if rnd.random() < 0.3:  # the grid outside in two parts
            width, height = puzzle.width, rnd.randint(2, 5)
        left, top = rnd.randint(0, puzzle.width - width), rnd.randint(0, puzzle.height - height)
        box = Box(left, top, left + width - 1, top + height - 1)
        question, known = _question(rnd, box, rules, solution)
        # Some windows hold only the question's instances, or half of them (asked elsewhere).
        among = rnd.choice([None, question, question[::2]])
        windowed.within(box, among)
        expected = whole.refuted(question, known)
        found = windowed.refuted(question, known)
        assert (found is None) == (expected is None), (box, question, known)
        if found is None:
            continue
        asked_of_windows += found.question.control is not whole._control
        # The window's core refutes on the whole grid too.
        roots = found.question.roots
        used = [
            Rule("connected", roots) if rule.kind == "connected" else rule
            for rule in question
            if found.uses_rule(rule) and (rule.kind != "connected" or roots)
        ]
        settled = {cell: black for cell, black in known.items() if found.uses_cell(cell, black)}
        assert whole.refuted(used, settled) is not None, (box, used, settled)
    assert asked_of_windows > 10


def test_the_grid_outside_a_window_across_it_is_in_two_parts() -> None:
    puzzle = read_puzzle(str(REPO / "instances" / "large" / "20x20-s1.lp"))
    parts = outside_parts(puzzle, Box(0, 5, 19, 7))
    assert [len(part) for part in parts] == [100, 240]
    assert not parts[0] & parts[1]


def test_the_parts_outside_a_window_are_those_a_search_finds() -> None:
    for width, height in [(1, 1), (1, 5), (5, 1), (4, 3), (7, 6)]:
        puzzle = Puzzle(width, height, (Room.rectangle(0, 0, width - 1, height - 1),))
        for left, right in itertools.combinations_with_replacement(range(width), 2):
            for top, bottom in itertools.combinations_with_replacement(range(height), 2):
                box = Box(left, top, right, bottom)
                outside = (cell for cell in puzzle.cells() if not box.contains(cell))
                assert outside_parts(puzzle, box) == parts(outside), box


def test_every_square_of_a_cell_is_asked_of_one_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    # Near a tile's edge the smaller squares of a cell fit another tile than its largest does
    # (r9c10: the square of radius 1 starts at column 9, a tile's start; radius 2 before it).
    puzzle = read_puzzle(str(REPO / "instances" / "large" / "45x31-p1.lp"))
    (solution,) = solve(puzzle).solutions
    deducer = Deducer(puzzle)
    squares = Squares(deducer)
    tiles: list[Box | None] = []
    original = Deducer.tile

    def recorded(self: Deducer, box: Box, reach: int) -> Box | None:
        tiles.append(original(self, box, reach))
        return tiles[-1]

    monkeypatch.setattr(Deducer, "tile", recorded)
    for cell in [(9, 9), (25, 20)]:
        tiles.clear()
        for radius in _RADII:
            squares.core_near(cell, radius, colours(solution), {})
        assert len(tiles) == len(_RADII) and None not in tiles and len(set(tiles)) == 1, tiles


@pytest.mark.parametrize(("width", "height"), [(45, 31), (31, 45), (26, 40), (17, 60), (100, 100)])
@pytest.mark.parametrize("stride", TILE_STRIDES)
def test_a_tile_holds_every_square_and_few_tiles_serve_a_grid(
    width: int, height: int, stride: int
) -> None:
    reach, tiles = 8, set()
    side = 2 * reach + 1 + stride
    for x in range(width):
        for y in range(height):
            for radius in (1, 2, 3, 5, 8):
                square = Box(
                    max(x - radius, 0),
                    max(y - radius, 0),
                    min(x + radius, width - 1),
                    min(y + radius, height - 1),
                )
                tile = tile_around(square, reach, stride, width, height)
                assert tile.holds([(square.left, square.top), (square.right, square.bottom)])
                assert 0 <= tile.left and tile.right < width
                assert 0 <= tile.top and tile.bottom < height
                assert tile.right - tile.left < side and tile.bottom - tile.top < side
                tiles.add(tile)
    starts = [-(-max(extent - side, 0) // stride) + 1 for extent in (width, height)]
    assert len(tiles) <= starts[0] * starts[1]


@pytest.mark.slow
# 35x35-s1 too took some 40 s of CI's slow tests; its tiles' squares are asked, with cells
# settled, in the two tests below.
@pytest.mark.parametrize("name", ["35x35-s2.lp", "30x30-s1.lp"])
def test_squares_asked_of_tiles_are_barren_exactly_where_the_whole_grid_says(name: str) -> None:
    """Connectivity measured from the anchor, as a walk measures it: a tile with no settled
    white cell may be measured from outside it, where the square of a black cell asked
    white is measured from that cell (35x35-s2's r18c27 from the empty grid was skipped)."""
    puzzle, solution, whole = _solved(name)
    anchor = _anchor(solution)
    stride = tile_stride(8, puzzle.width, puzzle.height)
    assert stride is not None
    rnd = random.Random(3)
    certified = 0
    for share in (0.0, 0.02, 0.05):  # more settled cells at random force nearly every cell
        squares = Squares(Deducer(puzzle, anchor))
        known = {cell: black for cell, black in solution.items() if rnd.random() < share}
        open_cells = [cell for cell in solution if cell not in known]
        asked = [(26, 17)] if share == 0.0 and name == "35x35-s2.lp" else []
        for cell in asked + rnd.sample(open_cells, 20):
            radius = 8 if cell in asked else rnd.choice([3, 8, 8])
            found = squares.core_near(cell, radius, solution, known)
            square = squares._square(cell, radius)
            tile = tile_around(square, 8, stride, puzzle.width, puzzle.height)
            certified += found is None and cell in squares._left_open(tile, known, solution[cell])
            forced = _forces(whole, square, cell, solution[cell], known)
            assert (found is not None) == forced, (cell, radius, share)
        assert squares.deducer._tiles, "the squares were not asked of tiles"
    assert certified > 5


@pytest.mark.slow
def test_a_tiles_shading_shows_barren_only_squares_the_whole_grid_finds_barren() -> None:
    """A shading of a whole tile, one cell asked the other colour, shows barren the squares of
    every cell it colours otherwise until a cell it colours so is settled; the whole grid's
    program finds each such square barren (fails when settled cells are not watched)."""
    puzzle, solution, whole = _solved("35x35-s1.lp")
    squares = Squares(Deducer(puzzle, _anchor(solution)))
    rnd = random.Random(5)
    known = {cell: black for cell, black in solution.items() if rnd.random() < 0.02}
    shown = 0
    for _ in range(3):
        open_cells = [cell for cell in solution if cell not in known]
        for cell in rnd.sample(open_cells, 8):
            square = squares._square(cell, 8)
            tile = squares.deducer.tile(square, 8)
            assert tile is not None
            squares._tile_shading(tile, cell, solution, known)
        barren = [
            (cell, square)
            for cell in open_cells
            if squares._shown_on_tile(cell, square := squares._square(cell, 8), known)
        ]
        for cell, square in rnd.sample(barren, min(len(barren), 25)):
            assert not _forces(whole, square, cell, solution[cell], known), cell
            shown += 1
        known.update((cell, solution[cell]) for cell in rnd.sample(open_cells, 25))
    assert shown > 40


@pytest.mark.slow
def test_squares_answer_as_the_whole_grid_while_cells_are_settled_black_first() -> None:
    """The same squares asked again as cells are settled (black ones first: for a while no
    white cell roots connectivity) are barren exactly where the whole grid's program says,
    whatever shading, a tile's or a square's, showed them barren before (fails when a square's
    shading is kept past a cell settled against it)."""
    puzzle, solution, whole = _solved("35x35-s1.lp")
    squares = Squares(Deducer(puzzle, _anchor(solution)))
    rnd = random.Random(7)
    order = sorted(solution, key=lambda cell: (not solution[cell], rnd.random()))
    asked = [(cell, rnd.choice(_RADII)) for cell in rnd.sample(order, 40)]
    known: dict[Cell, bool] = {}
    shown = 0
    blacks = sum(solution.values())
    for settled in (0, 30, blacks // 2, blacks, blacks + 30, blacks + 150):
        known.update((cell, solution[cell]) for cell in order[len(known) : settled])
        for cell, radius in asked:
            if cell in known:
                continue
            square = squares._square(cell, radius)
            shown += squares._shown_on_tile(cell, square, known) is not None
            found = squares.core_near(cell, radius, solution, known)
            forced = _forces(whole, square, cell, solution[cell], known)
            assert (found is not None) == forced, (cell, radius, settled)
    assert shown > 3


def test_a_tile_with_an_instance_its_program_lacks_gives_no_shading() -> None:
    """An akichi room's white area is asked of the whole grid, not of a tile: a tile holding one
    gives no shading (one from the tile's other instances could break it)."""
    puzzle = replace(
        read_puzzle(str(REPO / "instances" / "large" / "35x35-s1.lp")), variant="akichi"
    )
    squares = Squares(Deducer(puzzle))
    cell = (12, 12)
    tile = squares.deducer.tile(squares._square(cell, 8), 8)
    assert tile is not None
    assert any(rule.kind == "area" and tile.holds(rule.cells) for rule in squares.deducer.rules)
    assert squares._tile_shading(tile, cell, dict.fromkeys(tile.cells(), True), {}) is None


@pytest.mark.slow
def test_a_question_that_runs_long_is_asked_again_of_a_fresh_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Bounded at one conflict, most questions that need search are asked again, each time of a
    # window ground afresh: the answers stay the whole grid's (asked first, unbounded).
    puzzle, solution, whole = _solved("20x20-s1.lp")
    rules = [rule for rule in whole.rules if rule.kind != "connected"]
    rnd = random.Random(5)
    asked = []
    for _ in range(40):
        left, top = rnd.randint(0, 8), rnd.randint(0, 8)
        box = Box(left, top, left + 11, top + 11)
        question, known = _question(rnd, box, rules, solution)
        asked.append((box, question, known, whole.refuted(question, known) is None))
    monkeypatch.setattr(engine, "CONFLICTS", 1)
    windowed = Deducer(puzzle, _anchor(solution))
    renewed = 0
    for box, question, known, holds in asked:
        windowed.within(box)
        before = windowed._window
        assert (windowed.refuted(question, known) is None) == holds, (box, question, known)
        renewed += windowed._window is not before
    assert renewed > 3, renewed
