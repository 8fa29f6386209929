"""Choose the next step: look at ever larger sets of rule instances, take the cheapest deduction.

The levels, cheapest first: each rule instance alone; the instances around
one cell; the instances touching one room; cuts (`cuts`: connectivity with
the rule on neighbours, without clingo); and last every instance at once,
where a reason is then sought close to the cell. At the first level where
some set of instances forces an unsettled cell, each forced cell gets a
minimal reason, and the cheapest one is taken, with every cell its reason
forces. A level's answers are kept until a cell its instances constrain is
settled. The last level's reasons are sought in squares (`squares`).

Most questions force nothing, so few are asked: one instance alone is
counted without clingo (`single`), and the instances around a cell are
asked only when those touching its room force one of their cells (more
instances force more; the rooms' scopes, fewer, are asked first).

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> planner = Planner(Deducer(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))))
>>> step = planner.next_step()
>>> step.cells, step.kind
((((0, 0), True),), 'combined')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from heyawake_asp.puzzle import Cell
from heyawake_asp.steps.cuts import cuts
from heyawake_asp.steps.deletion import minimal_reason
from heyawake_asp.steps.engine import Deducer
from heyawake_asp.steps.model import Kind, Reason, Rule, Settled, Step, row_major
from heyawake_asp.steps.pricing import Priced, kind_of
from heyawake_asp.steps.single import forced_by, single_reason
from heyawake_asp.steps.squares import Squares
from heyawake_asp.steps.window import Box
from heyawake_asp.steps.wording import sentence

__all__: list[str] = []

_BATCH_CELLS = 64
"""The most cells of a group (`_groups`), asked in one question: cautious models grow with them."""

_SIFTED_GROUPS = 32
"""The fewest rooms' groups without a program yet that are sifted first (`Planner._sifted`).

A group first asked costs some 3 ms (its program built and asked), later
ones 1 ms; the sift, one question of every instance but connectivity, 10 to
180 ms on a 45x31. A first hint from a grid asks every group cold; a walk, once.
"""

_SINGLE, _STARS, _ROOMS = 0, 1, 2
"""The levels of one instance alone, of those around one cell, and of those touching one room."""

Scope = tuple[Rule, ...]
"""A set of rule instances, sorted (so that clingo is asked the same way in every run)."""
ScopeId = int
"""A scope's index in `Planner`'s list of them: cheaper to hash, at every step, than its rules."""


@dataclass(frozen=True)
class _Candidate:
    """A cell that the instances of ``scope`` force to a colour (True: black)."""

    scope: ScopeId
    cell: Cell
    black: bool


def _box(reason: Reason, cell: Cell) -> Box:
    """The smallest box around ``cell`` and every cell of ``reason``."""
    return Box.around(
        [cell, *(c for rule in reason.rules for c in rule.cells), *(c for c, _ in reason.known)]
    )


def _groups(scopes: Iterable[ScopeId], cells: list[frozenset[Cell]]) -> list[list[ScopeId]]:
    """Scopes packed first-fit into groups of scopes with no cell in common, few cells in all.

    The cells a group's scopes force together are those each forces alone,
    so a group is asked in one question, and on large grids ground once.
    """
    groups: list[tuple[set[Cell], list[ScopeId]]] = []
    for scope in scopes:
        own = cells[scope]
        room = _BATCH_CELLS - len(own)
        group = next((g for g in groups if len(g[0]) <= room and g[0].isdisjoint(own)), None)
        if group is None:
            groups.append((set(own), [scope]))
        else:
            group[0].update(own)
            group[1].append(scope)
    return [members for _, members in groups]


def _order(scope: Scope) -> list[tuple[str, tuple[Cell, ...], int]]:
    """A scope's sort key: its rules' keys, compared without a call to `Rule.__lt__` each."""
    return [rule.key for rule in scope]


def _in_order(scopes: set[ScopeId], index: dict[ScopeId, int]) -> list[ScopeId]:
    """Those of ``scopes`` in a level, in its order (``index``)."""
    ranked = sorted((rank, scope) for scope in scopes if (rank := index.get(scope)) is not None)
    return [scope for _, scope in ranked]


class Planner:
    """Walks a puzzle step by step from a set of settled cells (``known``).

    ``shared``, the cells every solution shares, may be given when ``known``
    holds in every solution: what every instance at once forces is then
    read off it, not asked of clingo at each step of the last level (a
    cautious enumeration of the whole grid, which stalls on dense clues).
    """

    def __init__(
        self,
        deducer: Deducer,
        known: dict[Cell, bool] | None = None,
        shared: dict[Cell, bool] | None = None,
    ) -> None:
        self.deducer = deducer
        self._shared = shared
        rules = [rule for rule in deducer.rules if rule.kind != "connected"]
        self._sieve = tuple(rules)
        """Every instance but connectivity (`_sifted`)."""
        puzzle = deducer.puzzle
        by_room: list[set[Rule]] = [set() for _ in puzzle.rooms]
        for rule in rules:
            for cell in rule.cells:
                by_room[puzzle.room_index(cell)].add(rule)
        room_scope = [tuple(sorted(group)) for group in by_room]
        # A star lies within the scope of its cell's room: what it forces, that one forces too.
        # The instances at a cell come in the deducer's order, sorted.
        stars = {tuple(deducer.rules_at[cell]): puzzle.room_index(cell) for cell in puzzle.cells()}
        levels: list[list[Scope]] = [
            [(rule,) for rule in rules],
            sorted((star for star in stars if len(star) > 1), key=_order),
            sorted(set(room_scope), key=_order),
        ]
        # Scopes are tuples of rules, hashed anew at each look-up: numbered in one pass.
        id_of: dict[Scope, ScopeId] = {}
        ids = [[id_of.setdefault(scope, len(id_of)) for scope in scopes] for scopes in levels]
        self.scopes: list[Scope] = list(id_of)
        """Every scope of every level (levels share some), indexed by `ScopeId`."""
        self._index = [{scope: i for i, scope in enumerate(level)} for level in ids]
        self._cells = [frozenset().union(*(rule.cells for rule in scope)) for scope in self.scopes]
        room_id = [id_of[scope] for scope in room_scope]
        self._within = {
            scope: room_id[stars[star]]
            for star, scope in zip(levels[_STARS], ids[_STARS], strict=True)
        }
        self._group: dict[ScopeId, Scope] = {}
        self._grouped: set[int] = set()
        self._scopes_at: dict[Cell, list[ScopeId]] = {c: [] for c in puzzle.cells()}
        for scope, cells in enumerate(self._cells):
            for cell in cells:
                self._scopes_at[cell].append(scope)
        self._answers: dict[ScopeId, dict[Cell, bool]] = {}
        self._stale = set(range(len(self.scopes)))
        self._forcing: set[ScopeId] = set()
        self._priced: dict[_Candidate, Priced] = {}
        self.known: dict[Cell, bool] = dict(known or {})

    @functools.cached_property
    def _squares(self) -> Squares:
        """The last level's squares, built when it is first reached (most hints never are)."""
        return Squares(self.deducer)

    def next_step(self) -> Step | None:
        """The cheapest step at the first level that has one, settled at once; None when stuck."""
        for level, index in enumerate(self._index):
            if level == _STARS:
                self._refresh(_ROOMS)  # what the rooms' scopes force bounds what stars force
            self._refresh(level)
            candidates = [
                _Candidate(scope, cell, black)
                for scope in _in_order(self._forcing, index)
                for cell, black in self._answers[scope].items()
                if cell not in self.known
            ]
            if candidates:
                priced = [self._price(candidate) for candidate in candidates]
                return self._take(min(priced, key=lambda item: item.rank), priced)
        return self._take_cut() or self._take_global()

    def _refresh(self, level: int) -> None:
        """Ask again what a level's stale scopes force, the stale scopes of one group at once.

        One instance alone is counted here (`forced_by`), not asked. Many rooms'
        groups without a program yet are sifted first (`_sifted`).
        """
        if level == _SINGLE:
            for scope in _in_order(self._stale, self._index[level]):
                inside = {
                    cell: self.known[cell] for cell in self._cells[scope] if cell in self.known
                }
                self._answer(scope, forced_by(self.scopes[scope][0], self.deducer.puzzle, inside))
            return
        # Grouped when first asked (a hint asks only the first level); levels share some scopes.
        if level not in self._grouped:
            self._grouped.add(level)
            self._group_level(level)
        batches: dict[Scope, list[ScopeId]] = {}
        for scope in _in_order(self._stale, self._index[level]):
            if self._forces_nothing(scope):
                self._answer(scope, {})
            else:
                batches.setdefault(self._group[scope], []).append(scope)
        for group, members in list(batches.items()):
            if all(self._done(scope) for scope in members):  # no program (a late hint has many)
                for scope in members:
                    self._answer(scope, {})
                del batches[group]
        # Rooms only: the stars' scopes lie within rooms' scopes asked just before (`next_step`).
        if level == _ROOMS and len(batches) >= _SIFTED_GROUPS:
            cold = sum(not self.deducer.is_ground(group) for group in batches)
            if cold >= _SIFTED_GROUPS:
                batches = self._sifted(batches)
        for group, members in batches.items():
            self.deducer.ground_together(group)
            rules = [rule for scope in members for rule in self.scopes[scope]]
            union = {cell for scope in members for cell in self._cells[scope]}
            known = {cell: self.known[cell] for cell in union if cell in self.known}
            forced = self.deducer.consequences(rules, known) or {}
            for scope in members:
                self._answer(scope, {c: forced[c] for c in self._cells[scope] if c in forced})

    def _sifted(self, batches: dict[Scope, list[ScopeId]]) -> dict[Scope, list[ScopeId]]:
        """``batches`` less the scopes that force nothing, judged by one question of more instances.

        Those instances asked at once force every cell any set of them forces
        (the rooms' groups ask none with connectivity, so no clue as a maximum):
        a scope none of whose cells they force forces none and is answered so,
        not asked. Nothing is sifted where no local program holds them (a small
        grid, a kind only the whole grid's program states) or where the settled
        cells contradict them.
        """
        forced = self.deducer.consequences(self._sieve, self.known, alone=True)
        if forced is None:
            return batches
        left: dict[Scope, list[ScopeId]] = {}
        for group, members in batches.items():
            for scope in members:
                if forced.keys().isdisjoint(self._cells[scope]):
                    self._answer(scope, {})
                else:
                    left.setdefault(group, []).append(scope)
        return self._packed_afresh(left)

    def _packed_afresh(self, batches: dict[Scope, list[ScopeId]]) -> dict[Scope, list[ScopeId]]:
        """``batches`` with the scopes of groups not ground yet packed into new groups.

        The sift leaves one or two scopes in most groups: packed together, they
        need a program for each new group, not for each old one (each some 3 ms).
        """
        packed = {
            group: members for group, members in batches.items() if self.deducer.is_ground(group)
        }
        cold = [
            scope for group, members in batches.items() if group not in packed for scope in members
        ]
        return packed | self._regroup(cold)

    def _group_level(self, level: int) -> None:
        """Group the scopes of a level first asked; stars with those of their rooms' group.

        A star lies within its room's scope (`_within`), asked just before: stars
        packed by their rooms' group are asked of that group's program, kept
        already (`LocalPrograms.keep`), not of programs of their own.
        """
        scopes = [scope for scope in self._index[level] if scope not in self._group]
        if level != _STARS:
            self._regroup(scopes)
            return
        by_group: dict[Scope, list[ScopeId]] = {}
        for scope in scopes:
            by_group.setdefault(self._group[self._within[scope]], []).append(scope)
        for members in by_group.values():
            self._regroup(members)

    def _regroup(self, scopes: list[ScopeId]) -> dict[Scope, list[ScopeId]]:
        """Pack ``scopes`` into groups (`_groups`), each scope's group from now on: by its rules."""
        packed = {}
        for members in _groups(scopes, self._cells):
            together = tuple(rule for member in members for rule in self.scopes[member])
            self._group.update(dict.fromkeys(members, together))
            packed[together] = members
        return packed

    def _done(self, scope: ScopeId) -> bool:
        """Whether every cell of ``scope`` is settled: it forces none, and never will again."""
        return all(cell in self.known for cell in self._cells[scope])

    def _forces_nothing(self, scope: ScopeId) -> bool:
        """Whether the room's scope around ``scope``, asked since, forces none of its cells.

        More instances force more: a scope forces only cells its room's scope forces.
        """
        wider = self._within.get(scope)
        if wider is None or wider in self._stale:
            return False
        forced = self._answers[wider]
        return not any(cell in forced for cell in self._cells[scope])

    def _answer(self, scope: ScopeId, forced: dict[Cell, bool]) -> None:
        """Keep what ``scope`` forces, until a cell of it is settled."""
        self._answers[scope] = forced
        self._stale.discard(scope)
        (self._forcing.add if forced else self._forcing.discard)(scope)

    def settle(self, cells: Iterable[Settled]) -> None:
        """Settle cells and mark the scopes they are in for asking again."""
        for cell, black in cells:
            self.known[cell] = black
            self._stale.update(self._scopes_at[cell])

    def _price(self, candidate: _Candidate) -> Priced:
        """A candidate with a minimal reason within its scope, found once."""
        if candidate not in self._priced:
            self._priced[candidate] = self._reason_for(candidate)
        return self._priced[candidate]

    def _reason_for(self, candidate: _Candidate) -> Priced:
        """A candidate's minimal reason: one instance's own, else clingo's core shrunk."""
        scope, cell, black = candidate.scope, candidate.cell, candidate.black
        rules = self.scopes[scope]
        inside = {c: self.known[c] for c in self._cells[scope] if c in self.known}
        if len(rules) == 1:  # a count, refuted by propagation: never cases
            return Priced(
                cell, black, single_reason(rules[0], self.deducer.puzzle, inside, black), False
            )
        found = self.deducer.core(rules, inside, cell, black)
        if found is None:
            raise AssertionError(f"{cell} was forced but could not be refuted")
        reason = minimal_reason(self.deducer, found, cell, black)
        return Priced(cell, black, reason, self.deducer.by_cases(reason, cell, black))

    def _forced(self, rules: Scope, known: dict[Cell, bool]) -> dict[Cell, bool]:
        """The cells ``rules`` force given ``known``: counted for one instance or pairs, else asked.

        Pairs of cells force only the cells beside black ones: together, what each forces.
        """
        if len(rules) == 1 or all(rule.kind == "adjacent" for rule in rules):
            puzzle = self.deducer.puzzle
            return {c: b for rule in rules for c, b in forced_by(rule, puzzle, known).items()}
        return self.deducer.consequences(rules, known) or {}

    def _take(
        self, best: Priced, others: Iterable[Priced] = (), forced: dict[Cell, bool] | None = None
    ) -> Step:
        """Settle the cells a chosen reason forces and describe the step.

        A black cell's neighbours are whitened in one step. ``forced`` (what
        every instance at once forces) holds what a global reason can force:
        only those near its cells are refuted (`Deducer.forces`), as a person looks.
        """
        reason = best.reason
        if best.kind == "adjacent":
            rules = {
                rule
                for other in others
                if kind_of(other.reason, False) == "adjacent" and other.reason.known == reason.known
                for rule in other.reason.rules
            }
            reason = Reason(tuple(sorted(rules | set(reason.rules))), reason.known)
        known = dict(reason.known)
        if forced is None:
            found = self._forced(reason.rules, known)
        else:
            around = _box(reason, best.cell)
            # The chosen cell is forced: asked with the others, clingo's cores with connectivity
            # name nearly every cell, and halving down to it took some 20 questions a step.
            near = {
                cell: colour
                for cell, colour in forced.items()
                if around.contains(cell) and cell != best.cell
            }
            found = self.deducer.forces(reason.rules, known, near)
        found[best.cell] = best.black
        cells = tuple(
            (cell, colour)
            for cell, colour in sorted(found.items(), key=lambda item: row_major(item[0]))
            if cell not in self.known
        )
        return self._step(cells, reason, kind_of(reason, best.cases), best.cost)

    def _take_cut(self) -> Step | None:
        """The cheapest cell whose black would cut the white cells apart (see `cuts`)."""
        found = [
            Priced(cell, False, reason, False)
            for cell, reason in cuts(self.deducer.puzzle, self.known)
        ]
        if not found:
            return None
        best = min(found, key=lambda item: item.rank)
        return self._step(((best.cell, False),), best.reason, best.kind, best.cost)

    def _step(self, cells: tuple[Settled, ...], reason: Reason, kind: Kind, cost: int) -> Step:
        """Settle ``cells`` and describe the step."""
        self.settle(cells)
        return Step(cells, reason, kind, cost, sentence(self.deducer.puzzle, cells, reason, kind))

    def _take_global(self) -> Step | None:
        """Every instance at once: the cheapest of a few forced cells explained (`Squares`)."""
        if self._shared is None:
            forced = self.deducer.consequences(self.deducer.rules, self.known) or {}
        else:
            forced = {cell: b for cell, b in self._shared.items() if cell not in self.known}
        if not forced:
            return None
        return self._take(self._squares.priced(forced, self.known), forced=forced)
