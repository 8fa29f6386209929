"""An independent checker for explanation steps, in plain Python and a SAT solver.

It shares no code with the ASP side (``heyawake_asp.steps``' engine and
planner): it reads a step's claim and its reason and decides, from the
reason alone, whether the claim follows. It first checks that each rule
instance is a real one of the puzzle, then looks for a shading of the
cells the reason involves that keeps every instance and gives a settled
cell the other colour. A SAT solver (MiniCard, from python-sat) searches
every shading of those cells under the local instances: two cells side by
side not both black, a run with a black cell, a room's count. With
connectivity in the reason, each shading it finds is searched over the
white cells: a white cell that cannot reach the root (when that is white)
through cells not black rules that shading out, and with it every shading
that keeps the black wall around that cell (a clause says so), until a
shading passes or none is left.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps.model import Reason, Rule, Step
>>> puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),))
>>> reason = Reason((Rule("adjacent", ((0, 0), (1, 0))),), (((0, 0), True),))
>>> check_step(puzzle, Step((((1, 0), False),), reason, "adjacent", 2, ""))
[]
>>> check_step(puzzle, Step((((1, 0), True),), reason, "adjacent", 2, ""))
['(1,0) could be white: the reason allows it']
"""

from __future__ import annotations

from collections.abc import Sequence

from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.model import Rule, Step, row_major

try:
    from pysat.solvers import Minicard
except ImportError as missing:  # pragma: no cover - depends on what is installed
    raise ImportError(
        "the step checker needs python-sat: pip install 'heyawake-asp[check]'"
    ) from missing

__all__ = ["check_step", "entails"]

Shading = dict[Cell, bool]


def check_step(puzzle: Puzzle, step: Step) -> list[str]:
    """Every problem with a step: a rule instance not of the puzzle, a claim not following."""
    problems = [problem for rule in step.reason.rules for problem in _rule_problems(puzzle, rule)]
    problems += [
        f"{cell} is outside the grid" for cell, _ in step.reason.known if not puzzle.contains(cell)
    ]
    if problems:
        return problems
    for cell, black in step.cells:
        counter = counterexample(
            puzzle, step.reason.rules, dict(step.reason.known), cell, not black
        )
        if counter is not None:
            colour = "black" if not black else "white"
            problems.append(f"({cell[0]},{cell[1]}) could be {colour}: the reason allows it")
    return problems


def entails(puzzle: Puzzle, rules: Sequence[Rule], known: Shading, cell: Cell, black: bool) -> bool:
    """Whether ``rules`` and ``known`` leave ``cell`` no colour but ``black``."""
    return counterexample(puzzle, rules, known, cell, not black) is None


def _rule_problems(puzzle: Puzzle, rule: Rule) -> list[str]:
    """Why a rule instance is not one of the puzzle's (empty when it is)."""
    cells = rule.cells
    if not all(puzzle.contains(cell) for cell in cells):
        return [f"{rule.kind} instance has a cell outside the grid"]
    if rule.kind == "adjacent":
        (x1, y1), (x2, y2) = cells
        return [] if abs(x1 - x2) + abs(y1 - y2) == 1 else [f"{cells} are not side by side"]
    if rule.kind == "clue":
        if rule.room is None or not 0 <= rule.room < len(puzzle.rooms):
            return ["clue instance names no room"]
        room = puzzle.rooms[rule.room]
        if room.clue is None or set(cells) != room.cells:
            return [f"room {rule.room + 1} has no clue or other cells"]
        return []
    if rule.kind == "run":
        return (
            []
            if _is_run_through_three_rooms(puzzle, cells)
            else [f"{cells} is no run through three rooms"]
        )
    return [] if len(cells) == 1 else ["connectivity instance names no root"]


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
    involved = sorted({c for rule in rules for c in rule.cells} | {*known, cell}, key=row_major)
    number = {c: index for index, c in enumerate(involved, 1)}
    roots = [rule.cells[0] for rule in rules if rule.kind == "connected"]
    with Minicard() as solver:
        for rule in rules:
            _add_rule(solver, puzzle, rule, [number[c] for c in rule.cells])
        for settled, colour in [*known.items(), (cell, black)]:
            solver.add_clause([number[settled] if colour else -number[settled]])
        while solver.solve():
            # A cell in no clause yet is missing from the model: white is as good as black.
            blacks = {literal for literal in solver.get_model() if literal > 0}
            shading = {c: number[c] in blacks for c in involved}
            walls = [wall for root in roots for wall in _walls(puzzle, root, shading)]
            if not walls:
                return shading
            for root, cut_off, wall in walls:
                # Root black, the cell black, or a gap in the wall: else the cell is cut off.
                solver.add_clause([number[root], number[cut_off], *(-number[c] for c in wall)])
    return None


def _add_rule(solver: Minicard, puzzle: Puzzle, rule: Rule, cells: list[int]) -> None:
    """A local rule instance as clauses on its cells' variables (true: black)."""
    if rule.kind == "adjacent":
        solver.add_clause([-cell for cell in cells])
    elif rule.kind == "run":
        solver.add_clause(cells)
    elif rule.kind == "clue":
        clue = puzzle.rooms[rule.room or 0].clue or 0
        solver.add_atmost(cells, clue)
        solver.add_atmost([-cell for cell in cells], len(cells) - clue)


def _walls(puzzle: Puzzle, root: Cell, shading: Shading) -> list[tuple[Cell, Cell, set[Cell]]]:
    """For each white area the white ``root`` cannot reach: root, one of its cells, its black wall.

    Cells the reason does not involve are open: they may be white, so
    they let white cells through.
    """
    if shading[root]:
        return []
    reached = _reach(puzzle, root, shading)
    walls = []
    for cell, black in shading.items():
        if not black and cell not in reached:
            area = _reach(puzzle, cell, shading)
            reached |= area
            wall = {n for c in area for n in neighbours(c) if shading.get(n, False)}
            walls.append((root, cell, wall))
    return walls


def _reach(puzzle: Puzzle, start: Cell, shading: Shading) -> set[Cell]:
    """The cells not black that ``start`` reaches through cells not black."""
    reached, stack = {start}, [start]
    while stack:
        for n in neighbours(stack.pop()):
            if puzzle.contains(n) and n not in reached and not shading.get(n, False):
                reached.add(n)
                stack.append(n)
    return reached
