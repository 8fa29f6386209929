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

from collections.abc import Sequence

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
    return None if start is None else search.first(start)


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
        self.watching: dict[Cell, list[Rule]] = {c: [] for c in self.involved}
        for rule in self.local:
            for c in rule.cells:
                self.watching[c].append(rule)

    def first(self, shading: Shading) -> Shading | None:
        """The first full shading extending ``shading``: forced cells first, then a guess."""
        probed = self.probe(shading)
        if probed is None:
            return None
        shading, guesses = probed
        if not guesses:
            return shading
        for guess in guesses:
            found = self.first(guess)
            if found is not None:
                return found
        return None

    def probe(self, shading: Shading) -> tuple[Shading, list[Shading]] | None:
        """Shade every open cell one of whose colours fails at once, until none is left.

        Returns the shading reached and the two shadings to guess between:
        those of the open cell whose two colours settle the most cells
        (the product of their counts), each with what it forces; no guesses
        when no cell is open. None when both colours of a cell fail: no
        shading extends ``shading``.
        """
        while True:
            changed, best, guesses = False, -1, []
            for cell in self.involved:
                if cell in shading:
                    continue
                white = self.settle(shading, [(cell, False)], [])
                black = self.settle(shading, [(cell, True)], [])
                if black is None or white is None:
                    if black is None and white is None:
                        return None
                    shading = black or white or shading
                    changed = True
                elif not changed:
                    settles = (len(white) - len(shading) + 1) * (len(black) - len(shading) + 1)
                    if settles > best:
                        best, guesses = settles, [white, black]
            if not changed:
                return shading, guesses

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

        From each white root, a depth-first search over the cells not shaded
        black: an involved cell it does not reach must be black, and an open
        cell whose removal would cut white cells off the root (an
        articulation point, found from the search's low points) must be white.
        """
        moves: list[Settled] = []
        for root in self.roots:
            if shading.get(root, True):
                continue
            reached, needed = self._articulations(root, shading)
            if any(not black and c not in reached for c, black in shading.items()):
                return None
            moves += [(c, True) for c in self.involved if c not in reached]
            moves += [(c, False) for c in needed]
        return [(c, black) for c, black in moves if c not in shading]

    def _articulations(self, root: Cell, shading: Shading) -> tuple[dict[Cell, int], list[Cell]]:
        """The cells not black that ``root`` reaches, and the open cells parting white ones from it.

        Tarjan's search: a cell's low point is the earliest cell its subtree
        reaches by one edge back; a child whose low point is not earlier than
        its parent hangs on the parent alone.
        """
        order = {root: 0}
        low = {root: 0}
        whites = {root: 0}
        needed = []
        path = [(root, iter(self.neighbours[root]))]
        while path:
            cell, ahead = path[-1]
            for nxt in ahead:
                if shading.get(nxt, False):
                    continue
                if nxt not in order:
                    order[nxt] = low[nxt] = len(order)
                    whites[nxt] = shading.get(nxt) is False
                    path.append((nxt, iter(self.neighbours[nxt])))
                    break
                low[cell] = min(low[cell], order[nxt])
            else:
                path.pop()
                if path:
                    parent = path[-1][0]
                    low[parent] = min(low[parent], low[cell])
                    whites[parent] += whites[cell]
                    if low[cell] >= order[parent] and whites[cell] and parent not in shading:
                        needed.append(parent)
        return order, needed
