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

from collections.abc import Callable, Sequence

from heyawake_asp.puzzle import Cell, Puzzle, neighbours
from heyawake_asp.steps.model import Rule, Settled, Step

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
    search = _Search(puzzle, rules, {*known, cell})
    start = search.settle({}, [*known.items(), (cell, black)], search.local)
    if start is None:
        return None
    # Which cell to guess first decides the search's size, and no one order is best
    # everywhere: two orders take turns, each with a budget of guesses growing fourfold.
    budget = 64
    while True:
        for pick in (search.tightest, search.first_open):
            search.guesses_left = budget
            try:
                return search.first(start, pick)
            except _OutOfGuesses:
                pass
        budget *= 4


class _OutOfGuesses(Exception):
    """A search used up its budget of guesses."""


class _Search:
    """A backtracking search over the shadings of the cells a reason involves.

    Cells outside the reason are left open: nothing in the reason constrains
    them, so they may be white (and join white cells) or black (when shut
    off from the root). A partial shading is dropped as soon as a rule can
    no longer hold: shading more cells only adds black walls, white cells to
    join and cells to count.
    """

    def __init__(self, puzzle: Puzzle, rules: Sequence[Rule], fixed: set[Cell]) -> None:
        """Index the local rules by cell and list the involved cells row-major."""
        self.puzzle = puzzle
        self.local = [rule for rule in rules if rule.kind != "connected"]
        self.roots = [rule.cells[0] for rule in rules if rule.kind == "connected"]
        cells = {c for rule in rules for c in rule.cells} | fixed
        self.involved = sorted(cells, key=lambda c: (c[1], c[0]))
        self.neighbours = {
            cell: [n for n in neighbours(cell) if puzzle.contains(n)] for cell in puzzle.cells()
        }
        self.guesses_left = 0
        self.watching: dict[Cell, list[Rule]] = {c: [] for c in self.involved}
        for rule in self.local:
            for c in rule.cells:
                self.watching[c].append(rule)

    def first(self, shading: Shading, pick: Callable[[Shading], Cell | None]) -> Shading | None:
        """The first full shading extending ``shading``: forced cells first, then a guess.

        ``pick`` names the open cell to guess. Raises `_OutOfGuesses` past
        ``guesses_left`` guesses.
        """
        forced = self.probe(shading)
        if forced is None:
            return None
        cell = pick(forced)
        if cell is None:
            return forced
        self.guesses_left -= 1
        if self.guesses_left < 0:
            raise _OutOfGuesses
        for colour in (False, True):
            grown = self.settle(forced, [(cell, colour)], [])
            found = None if grown is None else self.first(grown, pick)
            if found is not None:
                return found
        return None

    def probe(self, shading: Shading) -> Shading | None:
        """Shade every open cell one of whose colours fails at once, until none is left.

        None when both colours of a cell fail: no shading extends ``shading``.
        """
        changed = True
        while changed:
            changed = False
            for cell in self.involved:
                if cell in shading:
                    continue
                black = self.settle(shading, [(cell, True)], [])
                white = self.settle(shading, [(cell, False)], [])
                if black is None or white is None:
                    if black is None and white is None:
                        return None
                    shading = black or white or shading
                    changed = True
        return shading

    def first_open(self, shading: Shading) -> Cell | None:
        """The first open cell, row-major."""
        return next((cell for cell in self.involved if cell not in shading), None)

    def tightest(self, shading: Shading) -> Cell | None:
        """An open cell of the rule closest to forcing its cells."""
        best: tuple[int, int, Cell] | None = None
        for cell in self.involved:
            if cell in shading:
                continue
            slack = min((self.slack(rule, shading) for rule in self.watching[cell]), default=99)
            best = min(best or (slack, 0, cell), (slack, -len(self.watching[cell]), cell))
        return None if best is None else best[2]

    def slack(self, rule: Rule, shading: Shading) -> int:
        """How many more cells the rule can see shaded before it forces the rest (0: it does)."""
        open_cells = [c for c in rule.cells if c not in shading]
        blacks = sum(shading[c] for c in rule.cells if c in shading)
        if rule.kind == "adjacent":
            return 2
        if rule.kind == "run":
            return 99 if blacks else len(open_cells) - 1
        need = (self.puzzle.rooms[rule.room or 0].clue or 0) - blacks
        return min(need, len(open_cells) - need)

    def settle(
        self, shading: Shading, moves: list[Settled], rules: Sequence[Rule]
    ) -> Shading | None:
        """``shading`` with the moves and all the rules force, or None when one breaks.

        ``rules`` are looked at first whatever their cells; after that, the
        local rules watching each newly shaded cell, and connectivity once
        they force nothing more.
        """
        shading = dict(shading)
        queue = list(moves)
        for rule in rules:
            more = self.forced(rule, shading)
            if more is None:
                return None
            queue.extend(more)
        walled = False
        while True:
            while queue:
                cell, colour = queue.pop()
                if cell in shading:
                    if shading[cell] != colour:
                        return None
                    continue
                shading[cell] = colour
                walled = walled or colour or cell in self.roots
                for rule in self.watching.get(cell, ()):
                    more = self.forced(rule, shading)
                    if more is None:
                        return None
                    queue.extend(more)
            # Only a new black cell or root can cut white cells off: every open cell was reached.
            joined = self.joined(shading) if walled else []
            if not joined:
                return None if joined is None else shading
            queue, walled = joined, False

    def forced(self, rule: Rule, shading: Shading) -> list[Settled] | None:
        """The open cells a local rule forces, or None when it cannot hold."""
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
        clue = self.puzzle.rooms[rule.room or 0].clue or 0
        if not blacks <= clue <= blacks + len(open_cells):
            return None
        if blacks == clue:
            return [(c, False) for c in open_cells]
        return [(c, True) for c in open_cells] if blacks + len(open_cells) == clue else []

    def joined(self, shading: Shading) -> list[Settled] | None:
        """The open cells connectivity forces, or None when a white cell is cut off from a root.

        From each white root, a flood over the cells not shaded black: an
        involved cell it does not reach must be black, and a white cell with
        one way left towards the root (one reached neighbour) needs that
        neighbour white.
        """
        moves: list[Settled] = []
        for root in self.roots:
            if shading.get(root, True):
                continue
            reached = {root}
            stack = [root]
            while stack:
                for nxt in self.neighbours[stack.pop()]:
                    if nxt not in reached and not shading.get(nxt, False):
                        reached.add(nxt)
                        stack.append(nxt)
            whites = [c for c, black in shading.items() if not black]
            if not all(c in reached for c in whites):
                return None
            moves += [(c, True) for c in self.involved if c not in reached]
            for cell in whites:
                ways = [n for n in self.neighbours[cell] if n in reached]
                if cell != root and len(ways) == 1:
                    moves.append((ways[0], False))
        return [(c, black) for c, black in moves if c not in shading]
