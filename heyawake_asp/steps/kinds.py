"""The kinds of rule instance the steps engine switches, and the kinds of step: one table each.

Every part of the explanations reads these rows: the price of a reason
(`pricing`), the order in which deletion drops instances and what breaks
one (`deletion`), what one instance forces alone (`single`), the instance a
selector's term names (`selectors`), which kinds a local program holds and
its facts for them (`local`), the phrase a sentence says for them
(`wording`), the words the page shows (served as ``/rules.json``). A new
kind is one row here (and one in `STEP_KINDS` when its steps are a kind of
their own), its instances in ``encodings/steps/`` and its check in
`heyawake_asp.oracles.step_checker`; the tests check that each row has all
of them. A row's `Shape` and `Holds` name what Python does with it: a new
kind takes one of each, and only a new shape or a new way to hold needs code.

>>> RULE_KINDS["apart"].step_kind, RULE_KINDS["run"].weight
('adjacent', 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

__all__ = ["page_table"]

Shape = Literal[
    "cells", "cells in a room", "room", "room and around", "two rooms", "window", "grid"
]
"""What a selector's term names, so an instance's cells and room (`heyawake_asp.steps.selectors`):

``cells``: ``KIND(X1, Y1, X2, Y2)``, two cells; ``cells in a room``: the
same, the room theirs; ``room``: ``KIND(R)``, room R's cells (R from 1);
``room and around``: ``KIND(R)``, room R's cells and their neighbours;
``two rooms``: ``KIND(R, Q)``, the cells along the border of rooms R and Q,
the room R; ``window``: ``KIND(D, L, S, E)``, the cells S-1 to E+1 of row
(``D`` is ``h``) or column (``v``) L; ``grid``: ``KIND``, no cells (the
engine roots it). A sentence names a group of instances by their shape:
``r1c1/r1c2``, ``room a (clue 2)``, ``room a and room c``, ``r1c1-r1c5``.
"""

Holds = Literal[
    "at most one black", "at least one black", "its number of blacks", "both alike", "apart", ""
]
"""What an instance states of its cells, where Python reasons on it without clingo.

The first three are counts of its black cells (the first level of a walk
settles cells from one alone: `heyawake_asp.steps.single`); ``both
alike``: its two cells take one colour; ``apart``: no black cell of its
room beside another. Deletion reads a shading's breaking of it from this
(`heyawake_asp.steps.deletion`); ``""``: only the search knows (every
shading may break it, and one instance alone forces nothing).
"""


@dataclass(frozen=True)
class RuleKind:
    """One kind of rule instance.

    ``name`` as clingo's ``use/1`` terms and the JSON records say it;
    ``rule`` the rule it states, numbered as the checker numbers them
    (1 adjacency, 2 connectivity, 3 numbers, 5 runs, 6 ayeheya's symmetry,
    7 and 8 oneroom's rooms joined and doors);
    ``weight`` what one instance adds to a step's cost;
    ``step_kind`` the kind of a step whose reason has instances of this kind
    only; ``shape`` what its term names (`Shape`); ``holds`` what Python
    knows it to state (`Holds`);
    ``local``: the name of its facts in a local program
    (``encodings/steps/local.lp``, `heyawake_asp.steps.local`), empty when
    no local program holds it; ``one`` and ``many``: a player's words for
    one instance and for several (the page's legend and summaries);
    ``says_one`` and ``says_many``: what a sentence says of one instance
    and of several (`heyawake_asp.steps.wording`), ``{items}`` standing for
    their names by their shape and ``{room}`` for the first one's room;
    ``again``: what it says instead when a group of the kind ``again.after``
    has just named each of its rooms with its clue.
    """

    name: str
    rule: int
    weight: int
    step_kind: str
    shape: Shape
    one: str
    many: str
    says_one: str
    says_many: str
    holds: Holds = ""
    local: str = ""
    again: Again | None = None


@dataclass(frozen=True)
class Again:
    """What a kind's instances say once a group of kind ``after`` named all their rooms."""

    after: str
    one: str
    many: str


@dataclass(frozen=True)
class StepKind:
    """One kind of step (docs/steps.md): its ``name``, a player's ``words`` for it.

    ``hard``: its cost counts toward the grade's effort (`heyawake_asp.steps.grading`).
    """

    name: str
    words: str
    hard: bool = False


RULE_KINDS = {
    kind.name: kind
    for kind in (
        # Broadest first: the order a sentence names them and deletion tries to drop them.
        # Every white cell joins one of the cells (the roots) that is white, when one is (rule
        # 2, stated from a few cells: the engine roots it at a settled white cell, at the cell
        # it refutes being white, or at a cell white in every solution and one neighbour).
        RuleKind(
            "connected",
            rule=2,
            weight=3,
            step_kind="connected",
            shape="grid",
            one="white connectivity",
            many="white connectivity",
            says_one="white connectivity",
            says_many="white connectivity",
        ),
        # The room's largest group of white cells joined inside it has its number of cells.
        RuleKind(
            "area",
            rule=3,
            weight=3,
            step_kind="area",
            shape="room",
            one="a room's white area",
            many="rooms' white areas",
            says_one="the largest white area of {items}, as many cells as the number",
            says_many="the largest white area of {items}, as many cells as the number",
        ),
        # The room's white cells are joined inside it (oneroom).
        RuleKind(
            "joined",
            rule=7,
            weight=3,
            step_kind="joined",
            shape="room",
            one="a room's white cells joined",
            many="rooms' white cells joined",
            says_one="the white cells of {items} joined inside it",
            says_many="the white cells of {items} joined inside each",
        ),
        # The room holds exactly its number of black cells.
        RuleKind(
            "clue",
            rule=3,
            weight=2,
            step_kind="clue",
            shape="room",
            holds="its number of blacks",
            local="count",
            one="a room's number",
            many="rooms' numbers",
            says_one="the clue of {items}",
            says_many="the clues of {items}",
        ),
        # No black cell of the room beside another (its pairs of neighbours together, in and
        # around a dense room: `heyawake_asp.steps.dense`).
        RuleKind(
            "apart",
            rule=1,
            weight=3,
            step_kind="adjacent",
            shape="room and around",
            holds="apart",
            one="a room's black cells apart",
            many="rooms' black cells apart",
            says_one="no black cell of {items} beside another black cell",
            says_many="no black cell of {items} beside another black cell",
            again=Again(
                after="clue",
                one="none of its black cells beside another black cell",
                many="none of their black cells beside another black cell",
            ),
        ),
        # The two rooms share at most one door (oneroom).
        RuleKind(
            "doors",
            rule=8,
            weight=2,
            step_kind="doors",
            shape="two rooms",
            one="one door between two rooms",
            many="one door between rooms",
            says_one="at most one door between {items}",
            says_many="at most one door between {items}",
        ),
        # The window, which passes through three rooms, is not all white.
        RuleKind(
            "run",
            rule=5,
            weight=2,
            step_kind="run",
            shape="window",
            holds="at least one black",
            local="line",
            one="a white run through three rooms",
            many="white runs through three rooms",
            says_one="a black cell in the run {items} (three rooms)",
            says_many="a black cell in each of the runs {items} (three rooms each)",
        ),
        # The two cells, mirror images about their room's centre, take one colour (ayeheya).
        RuleKind(
            "mirror",
            rule=6,
            weight=1,
            step_kind="mirror",
            shape="cells in a room",
            holds="both alike",
            local="alike",
            one="a pair of mirror cells",
            many="pairs of mirror cells",
            says_one="{items} alike (mirror cells of {room})",
            says_many="the mirror pairs {items}, each alike (symmetric rooms)",
        ),
        # The two cells, side by side, are not both black.
        RuleKind(
            "adjacent",
            rule=1,
            weight=1,
            step_kind="adjacent",
            shape="cells",
            holds="at most one black",
            local="pair",
            one="a pair of cells side by side",
            many="pairs of cells side by side",
            says_one="{items} not both black",
            says_many="the pairs {items}, none both black",
        ),
    )
}
"""Every kind of rule instance, by name, broadest first."""

STEP_KINDS = {
    kind.name: kind
    for kind in (
        StepKind("adjacent", "black cells never side by side"),
        StepKind("mirror", "a room's mirror cells alike"),
        StepKind("clue", "a room's number"),
        StepKind("area", "a room's largest white area"),
        StepKind("joined", "a room's white cells joined inside it"),
        StepKind("doors", "one door between two rooms"),
        StepKind("run", "no white run through three rooms"),
        StepKind("connected", "keeping the white cells connected", hard=True),
        StepKind("combined", "several rules together", hard=True),
        StepKind("cases", "trying both ways", hard=True),
    )
}
"""Every kind of step, by name, from the simplest: one rule instance of each sort, several
(``combined``), reasoning by cases (``cases``)."""


def page_table() -> dict[str, Any]:
    """Both tables as the page reads them (``/rules.json``): ``{"rules": ..., "steps": ...}``."""
    return {
        "rules": {name: asdict(kind) for name, kind in RULE_KINDS.items()},
        "steps": {name: asdict(kind) for name, kind in STEP_KINDS.items()},
    }
