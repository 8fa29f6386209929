"""An independent checker for explanation steps, in plain Python and a SAT solver.

It shares no code with the ASP side (``heyawake_asp.steps``' engine and
planner): it reads a step's claim and its reason and decides, from the
reason alone, whether the claim follows. It first checks that each rule
instance is a real one of the puzzle, then looks for a shading of the
cells the reason involves that keeps every instance and gives a settled
cell the other colour. A SAT solver (MiniCard, from python-sat) searches
every shading of those cells under the local instances: two cells side by
side not both black (or every such two with one in a given room), a run
with a black cell, a room's count. With connectivity in the reason, each shading it finds is
searched over the white cells: a white cell that cannot reach a root that
is white through cells not black rules that shading out, and with it every
shading that keeps that root white and a black wall between them (the
wall around the cell's area or around the roots', the smaller: a clause
says so), until a shading passes or none is left. Before that, a
clue whose room's pairs are stated together (``apart``, the engine's dense
rooms) is bounded, with connectivity: core-guided MaxSAT (RC2, from
python-sat) finds the most black cells the room can hold under the other
parts and the same wall clauses; fewer than the clue, and no shading exists
(branching on such a count can take minutes).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.model import Reason, Rule, Step
>>> puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),))
>>> reason = Reason((Rule("adjacent", ((0, 0), (1, 0))),), (((0, 0), True),))
>>> check_step(puzzle, Step((((1, 0), False),), reason, "adjacent", 2, ""))
[]
>>> check_step(puzzle, Step((((1, 0), True),), reason, "adjacent", 2, ""))
['r1c2 could be white: the reason allows it']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from heyawake_asp.puzzle import Cell, Puzzle, cell_name, neighbours

if TYPE_CHECKING:  # the steps' data types only: no code of theirs runs here
    from heyawake_asp.steps.model import Rule, Step

try:
    from pysat.card import CardEnc
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF, IDPool
    from pysat.solvers import Minicard
except ImportError as missing:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "the step checker needs python-sat: pip install 'heyawake-asp[check]'"
    ) from missing

__all__ = ["check_step"]

Shading = dict[Cell, bool]


def check_step(puzzle: Puzzle, step: Step) -> list[str]:
    """Every problem with a step: a rule instance not of the puzzle, a claim not following."""
    problems = [problem for rule in step.reason.rules for problem in _rule_problems(puzzle, rule)]
    problems += [
        f"{cell_name(cell)} is outside the grid"
        for cell, _ in step.reason.known
        if not puzzle.contains(cell)
    ]
    if problems:
        return problems
    for cell, black in step.cells:
        counter = counterexample(
            puzzle, step.reason.rules, dict(step.reason.known), cell, not black
        )
        if counter is not None:
            colour = "black" if not black else "white"
            problems.append(f"{cell_name(cell)} could be {colour}: the reason allows it")
    return problems


def entails(puzzle: Puzzle, rules: Sequence[Rule], known: Shading, cell: Cell, black: bool) -> bool:
    """Whether ``rules`` and ``known`` leave ``cell`` no colour but ``black``."""
    return counterexample(puzzle, rules, known, cell, not black) is None


def _names(cells: Sequence[Cell]) -> str:
    """``r1c1, r1c2``: cells as people name them."""
    return ", ".join(map(cell_name, cells))


def _rule_problems(puzzle: Puzzle, rule: Rule) -> list[str]:
    """Why a rule instance is not one of the puzzle's (empty when it is)."""
    cells = rule.cells
    if not all(puzzle.contains(cell) for cell in cells):
        return [f"{rule.kind} instance has a cell outside the grid"]
    if rule.kind == "adjacent":
        (x1, y1), (x2, y2) = cells
        return [] if abs(x1 - x2) + abs(y1 - y2) == 1 else [f"{_names(cells)} are not side by side"]
    if rule.kind in ("clue", "apart", "area", "joined"):
        if rule.room is None or not 0 <= rule.room < len(puzzle.rooms):
            return [f"{rule.kind} instance names no room"]
        room = puzzle.rooms[rule.room]
        around = {n for cell in room.cells for n in neighbours(cell) if puzzle.contains(n)}
        expected = room.cells | around if rule.kind == "apart" else room.cells
        numbered = rule.kind not in ("clue", "area") or room.clue is not None
        if not numbered or set(cells) != expected or not _holds_in(rule.kind, puzzle.variant):
            return [f"{puzzle.room_name(rule.room)} has no clue or other cells, or other rules"]
        return []
    if rule.kind == "doors":
        rooms = {puzzle.room_index(cell) for cell in cells}
        border = {
            cell
            for cell in cells
            for near in neighbours(cell)
            if puzzle.contains(near)
            and puzzle.room_index(near) in rooms - {puzzle.room_index(cell)}
        }
        if puzzle.variant != "oneroom" or len(rooms) != 2 or border != set(cells):
            return [f"{_names(cells)} are not the border of two rooms of a oneroom puzzle"]
        return []
    if rule.kind == "mirror":
        return [] if _are_mirrors(puzzle, cells) else [f"{_names(cells)} are no mirror pair"]
    if rule.kind == "run":
        return (
            []
            if _is_run_through_three_rooms(puzzle, cells)
            else [f"{_names(cells)} is no run through three rooms"]
        )
    return [] if cells else ["connectivity instance names no root"]


def _holds_in(kind: str, variant: str) -> bool:
    """Whether a whole-room instance of ``kind`` is one of ``variant``'s rules."""
    if kind == "area":
        return variant == "akichi"
    if kind == "joined":
        return variant == "oneroom"
    return variant != "akichi"  # a count of black cells: every variant but akichi


def _are_mirrors(puzzle: Puzzle, cells: Sequence[Cell]) -> bool:
    """Whether two cells of an ayeheya room map to each other about its centre."""
    if puzzle.variant != "ayeheya" or len(cells) != 2:
        return False
    (x1, y1), (x2, y2) = cells
    room = puzzle.rooms[puzzle.room_index((x1, y1))].cells
    xs, ys = [x for x, _ in room], [y for _, y in room]
    mirror = (min(xs) + max(xs) - x1, min(ys) + max(ys) - y1)
    return (x2, y2) in room and mirror == (x2, y2) and (x1, y1) != (x2, y2)


def _is_run_through_three_rooms(puzzle: Puzzle, cells: Sequence[Cell]) -> bool:
    """Whether ``cells`` are a straight line of neighbours crossing two room borders or more."""
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:], strict=False)}
    if len(cells) < 3 or len(steps) != 1 or steps.pop() not in ((1, 0), (0, 1)):
        return False
    rooms = [puzzle.room_index(cell) for cell in cells]
    return sum(a != b for a, b in zip(rooms, rooms[1:], strict=False)) >= 2


def counterexample(
    puzzle: Puzzle, rules: Sequence[Rule], known: Shading, cell: Cell, black: bool
) -> Shading | None:
    """A shading of the involved cells keeping every rule, with ``cell`` coloured ``black``."""
    if known.get(cell, black) != black:
        return None
    involved = sorted({c for rule in rules for c in rule.cells} | {*known, cell})
    number = {c: index for index, c in enumerate(involved, 1)}
    rooted = [rule.cells for rule in rules if rule.kind == "connected"]
    fixed = [[number[c] if colour else -number[c]] for c, colour in [*known.items(), (cell, black)]]
    found = {rule: _constraints(puzzle, rule, [number[c] for c in rule.cells]) for rule in rules}
    # A clue stated with its room's pairs together (`apart`) is the engine's "the most the room
    # can hold" (dense rooms): branching on such a count can take minutes, so it is bounded first.
    apart = {rule.room for rule in rules if rule.kind == "apart"}
    clues = [rule for rule in rules if rule.kind == "clue" and rule.room in apart] if rooted else []
    if any(_short(puzzle, clue, found, fixed, rooted, number) for clue in clues):
        return None
    with Minicard() as solver:
        for clauses, at_most in found.values():
            for clause in clauses:
                solver.add_clause(clause)
            for literals, bound in at_most:
                solver.add_atmost(literals, bound)
        for clause in fixed:
            solver.add_clause(clause)
        while solver.solve():
            shading = _shading(solver.get_model(), number)
            cuts = _cuts(puzzle, rooted, shading, number) + _rooms_broken(
                puzzle, rules, shading, number
            )
            if not cuts:
                return shading
            for clause in cuts:
                solver.add_clause(clause)
    return None


def _rooms_broken(
    puzzle: Puzzle, rules: Sequence[Rule], shading: Shading, number: dict[Cell, int]
) -> list[list[int]]:
    """For each whole-room instance the shading breaks, a clause ruling its cells' colours out.

    These rules (akichi's area, oneroom's rooms joined and doors) are no clauses
    of their own: each shading found is judged, and one that breaks them is
    excluded on the instance's cells, until a shading keeps every rule.
    """
    clauses = []
    for rule in rules:
        if rule.kind in _ROOM_JUDGES and not _ROOM_JUDGES[rule.kind](puzzle, rule, shading):
            clauses.append([-number[c] if shading[c] else number[c] for c in rule.cells])
    return clauses


def _groups(cells: Iterable[Cell], shading: Shading) -> list[set[Cell]]:
    """The groups of white ones among ``cells``, joined through each other."""
    left = {cell for cell in cells if not shading[cell]}
    groups = []
    while left:
        group, stack = set(), [left.pop()]
        while stack:
            cell = stack.pop()
            group.add(cell)
            for near in neighbours(cell):
                if near in left:
                    left.discard(near)
                    stack.append(near)
        groups.append(group)
    return groups


def _area_holds(puzzle: Puzzle, rule: Rule, shading: Shading) -> bool:
    """Akichi: the room's largest white group has its number of cells."""
    largest = max((len(group) for group in _groups(rule.cells, shading)), default=0)
    return largest == puzzle.rooms[rule.room or 0].clue


def _joined_holds(_puzzle: Puzzle, rule: Rule, shading: Shading) -> bool:
    """Oneroom: the room's white cells are one group."""
    return len(_groups(rule.cells, shading)) <= 1


def _doors_hold(puzzle: Puzzle, rule: Rule, shading: Shading) -> bool:
    """Oneroom: at most one border between the two rooms has white cells on both sides."""
    cells = set(rule.cells)
    doors = sum(
        1
        for cell in cells
        for near in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1))
        if near in cells
        and puzzle.room_index(near) != puzzle.room_index(cell)
        and not shading[cell]
        and not shading[near]
    )
    return doors <= 1


_ROOM_JUDGES = {"area": _area_holds, "joined": _joined_holds, "doors": _doors_hold}
"""The whole-room rules judged shading by shading, by kind."""


Constraints = tuple[list[list[int]], list[tuple[list[int], int]]]
"""Clauses, and at-most constraints (literals, bound), over the cells' variables (true: black)."""


def _constraints(puzzle: Puzzle, rule: Rule, cells: list[int]) -> Constraints:
    """A local rule instance as clauses and at-most constraints (connectivity: none)."""
    if rule.kind == "adjacent":
        return [[-cell for cell in cells]], []
    if rule.kind == "mirror":  # both black or both white
        return [[-cells[0], cells[1]], [cells[0], -cells[1]]], []
    if rule.kind == "run":
        return [cells], []
    if rule.kind == "apart":  # a black cell of the room beside any other black cell
        number = dict(zip(rule.cells, cells, strict=True))
        room = puzzle.rooms[rule.room or 0].cells
        pairs = [
            [-number[cell], -number[other]]
            for cell in room
            for other in neighbours(cell)
            if other in number and (other not in room or cell < other)  # each pair once
        ]
        return pairs, []
    if rule.kind == "clue":
        clue = puzzle.rooms[rule.room or 0].clue or 0
        return [], [(cells, clue), ([-cell for cell in cells], len(cells) - clue)]
    return [], []


def _short(
    puzzle: Puzzle,
    clue: Rule,
    found: dict[Rule, Constraints],
    fixed: list[list[int]],
    rooted: list[tuple[Cell, ...]],
    number: dict[Cell, int],
) -> bool:
    """Whether ``clue``'s room cannot hold its number of black cells under the other parts.

    Branching on a tight count under connectivity can take minutes where
    core-guided MaxSAT (RC2) proves the most black cells the room can hold
    at once: the room's cells are soft (black), the other parts hard, and
    each shading found that cuts white cells off adds its wall clauses.
    """
    pool = IDPool(start_from=len(number) + 1)
    formula = WCNF()
    for rule, (clauses, at_most) in found.items():
        formula.extend(clauses)
        for literals, bound in at_most if rule != clue else ():
            formula.extend(CardEnc.atmost(literals, bound, vpool=pool).clauses)
    formula.extend(fixed)
    room = [number[c] for c in clue.cells]
    formula.extend([[literal] for literal in room], weights=[1] * len(room))
    with RC2(formula) as maxsat:
        while (model := maxsat.compute()) is not None:
            if len(room) - maxsat.cost < (puzzle.rooms[clue.room or 0].clue or 0):
                return True
            cuts = _cuts(puzzle, rooted, _shading(model, number), number)
            if not cuts:
                return False
            for clause in cuts:
                maxsat.add_clause(clause)
    return True


def _shading(model: list[int], number: dict[Cell, int]) -> Shading:
    """The cells' colours in a solver's model (True: black)."""
    # A cell in no clause yet is missing from the model: white is as good as black.
    blacks = {literal for literal in model if literal > 0}
    return {cell: variable in blacks for cell, variable in number.items()}


def _cuts(
    puzzle: Puzzle, rooted: list[tuple[Cell, ...]], shading: Shading, number: dict[Cell, int]
) -> list[list[int]]:
    """Clauses ruling out each white area that ``shading`` cuts off from the white roots."""
    cuts = []
    for roots in rooted:
        for white, cut_off, wall in _walls(puzzle, roots, shading):
            # A white root black, the cell black, or a gap in the wall: else it is cut off.
            gap = [-number[c] for c in wall]
            cuts += [[number[root], number[cut_off], *gap] for root in white]
    return cuts


def _walls(
    puzzle: Puzzle, roots: Sequence[Cell], shading: Shading
) -> list[tuple[list[Cell], Cell, set[Cell]]]:
    """Each white area no white root reaches: the white roots, one of its cells, a black wall.

    Cells the reason does not involve are open: they may be white, so
    they let white cells through. A path from the area to a white root
    crosses the area's wall, and the wall around the white roots' areas too
    unless it ends at a root black now: of the two, the smaller is given.
    """
    white = [root for root in roots if not shading[root]]
    if not white:  # connectivity asks nothing of a shading with every root black
        return []
    reached = {cell for root in white for cell in _reach(puzzle, root, shading)}
    around = _wall(reached, shading) | {root for root in roots if shading[root]}
    walls = []
    for cell, black in shading.items():
        if not black and cell not in reached:
            area = _reach(puzzle, cell, shading)
            reached |= area
            walls.append((white, cell, min(_wall(area, shading), around, key=len)))
    return walls


def _wall(area: set[Cell], shading: Shading) -> set[Cell]:
    """The black cells beside ``area``."""
    return {n for c in area for n in neighbours(c) if shading.get(n, False)}


def _reach(puzzle: Puzzle, start: Cell, shading: Shading) -> set[Cell]:
    """The cells not black that ``start`` reaches through cells not black."""
    reached, stack = {start}, [start]
    while stack:
        for n in neighbours(stack.pop()):
            if puzzle.contains(n) and n not in reached and not shading.get(n, False):
                reached.add(n)
                stack.append(n)
    return reached
