"""An independent checker for explanation steps, in plain Python.

It shares no code with the ASP side (``heyawake_asp.steps``' engine and
planner): it reads a step's claim and its reason and decides, from the
reason alone, whether the claim follows. It first checks that each rule
instance is a real one of the puzzle, then searches every shading of the
cells the reason involves (backtracking, pruned by the instances) for one
that keeps all of them and gives a settled cell the other colour. With
connectivity in the reason, a shading counts only if its white cells can
still reach the rule's root, when that is white, through cells the reason
leaves open (a search over the white cells).

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

from collections.abc import Callable, Iterator, Sequence

from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.steps.model import Rule, Step

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
    fixed = {**known, cell: black}
    if known.get(cell, black) != black:
        return None
    involved = sorted(
        {c for rule in rules for c in rule.cells} | set(fixed), key=lambda c: (c[1], c[0])
    )
    free = [c for c in involved if c not in fixed]
    local = [rule for rule in rules if rule.kind != "connected"]
    roots = [rule.cells[0] for rule in rules if rule.kind == "connected"]

    def joinable(shading: Shading) -> bool:
        """Whether the white cells shaded so far can still reach each white root."""
        return all(shading.get(root, True) or _joinable(puzzle, shading, root) for root in roots)

    return next(_shadings(puzzle, local, free, fixed, joinable), None)


def _shadings(
    puzzle: Puzzle,
    rules: Sequence[Rule],
    free: list[Cell],
    fixed: Shading,
    joinable: Callable[[Shading], bool],
) -> Iterator[Shading]:
    """Every shading of ``free`` (with ``fixed``) keeping the local rules and ``joinable``.

    Backtracking with forced moves: after each choice, a rule that leaves
    one colour to an open cell shades it (a black cell's neighbour white, a
    clue's count reached or only just reachable, a run's last open cell
    black), and a partial shading is dropped as soon as a rule cannot hold
    or its white cells cannot be joined (shading more cells only adds black
    walls and white cells to join).
    """
    watching: dict[Cell, list[Rule]] = {cell: [] for cell in free}
    for rule in rules:
        for cell in rule.cells:
            if cell in watching:
                watching[cell].append(rule)

    def forced(rule: Rule, shading: Shading) -> list[tuple[Cell, bool]] | None:
        """The open cells the rule forces, or None when it cannot hold."""
        open_cells = [c for c in rule.cells if c not in shading]
        blacks = sum(shading[c] for c in rule.cells if c in shading)
        if rule.kind == "adjacent":
            if blacks > 1:
                return None
            return [(c, False) for c in open_cells] if blacks else []
        if rule.kind == "run":
            if blacks or len(open_cells) > 1:
                return []
            return [(c, True) for c in open_cells] if open_cells else None
        clue = puzzle.rooms[rule.room or 0].clue or 0
        if not blacks <= clue <= blacks + len(open_cells):
            return None
        if blacks == clue:
            return [(c, False) for c in open_cells]
        return [(c, True) for c in open_cells] if blacks + len(open_cells) == clue else []

    def settle(shading: Shading, moves: list[tuple[Cell, bool]]) -> Shading | None:
        """``shading`` with the moves and all they force, or None on a contradiction."""
        shading = dict(shading)
        queue = list(moves)
        while queue:
            cell, colour = queue.pop()
            if cell in shading:
                if shading[cell] != colour:
                    return None
                continue
            shading[cell] = colour
            for rule in watching.get(cell, ()):
                more = forced(rule, shading)
                if more is None:
                    return None
                queue.extend(more)
        return shading if joinable(shading) else None

    def extend(shading: Shading) -> Iterator[Shading]:
        cell = next((c for c in free if c not in shading), None)
        if cell is None:
            yield shading
            return
        for colour in (False, True):
            grown = settle(shading, [(cell, colour)])
            if grown is not None:
                yield from extend(grown)

    start: list[tuple[Cell, bool]] = []
    for rule in rules:
        more = forced(rule, fixed)
        if more is None:
            return
        start.extend(more)
    first = settle(fixed, start)
    if first is not None:
        yield from extend(first)


def _joinable(puzzle: Puzzle, shading: Shading, root: Cell) -> bool:
    """Whether every white cell of ``shading`` reaches ``root`` through cells not shaded black."""
    seen = {root}
    stack = [root]
    while stack:
        x, y = stack.pop()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if puzzle.contains(nxt) and nxt not in seen and not shading.get(nxt, False):
                seen.add(nxt)
                stack.append(nxt)
    return all(cell in seen for cell, black in shading.items() if not black)
