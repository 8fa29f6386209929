"""The kinds of rule instance the steps engine switches, and the kinds of step: one table each.

Every part of the explanations reads these rows: the price of a reason
(`pricing`), the order in which deletion drops instances (`deletion`) and
a sentence names them (`wording`), which kinds a local program holds
(`local`), the words the page shows (served as ``/rules.json``). A new kind
is one row here, its instances in ``encodings/steps/``, its phrase in
`wording` and its check in `heyawake_asp.oracles.step_checker`; the tests
check that each row has all of them.

>>> RULE_KINDS["apart"].step_kind, RULE_KINDS["run"].weight
('adjacent', 2)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from heyawake_asp.steps.model import Kind

__all__ = ["page_table"]


@dataclass(frozen=True)
class RuleKind:
    """One kind of rule instance.

    ``name`` as clingo's ``use/1`` terms and the JSON records say it;
    ``rule`` the rule it states, numbered as the checker numbers them
    (1 adjacency, 2 connectivity, 3 numbers, 5 runs, 6 ayeheya's symmetry,
    7 and 8 oneroom's rooms joined and doors);
    ``weight`` what one instance adds to a step's cost;
    ``step_kind`` the kind of a step whose reason has instances of this kind
    only; ``local``: a local program (`heyawake_asp.steps.local`) holds its
    instances; ``one`` and ``many``: a player's words for one instance and
    for several (the page's legend and summaries).
    """

    name: str
    rule: int
    weight: int
    step_kind: Kind
    local: bool
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
        RuleKind("connected", 2, 3, "connected", False, "white connectivity", "white connectivity"),
        RuleKind("area", 3, 3, "area", False, "a room's white area", "rooms' white areas"),
        RuleKind(
            "joined",
            7,
            3,
            "joined",
            False,
            "a room's white cells joined",
            "rooms' white cells joined",
        ),
        RuleKind("clue", 3, 2, "clue", True, "a room's number", "rooms' numbers"),
        RuleKind(
            "apart",
            1,
            3,
            "adjacent",
            False,
            "a room's black cells apart",
            "rooms' black cells apart",
        ),
        RuleKind(
            "doors", 8, 2, "doors", False, "one door between two rooms", "one door between rooms"
        ),
        RuleKind(
            "run",
            5,
            2,
            "run",
            True,
            "a white run through three rooms",
            "white runs through three rooms",
        ),
        RuleKind("mirror", 6, 1, "mirror", True, "a pair of mirror cells", "pairs of mirror cells"),
        RuleKind(
            "adjacent",
            1,
            1,
            "adjacent",
            True,
            "a pair of cells side by side",
            "pairs of cells side by side",
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
"""Every kind of step, by name, from the simplest (`heyawake_asp.steps.model.Kind`)."""


def page_table() -> dict[str, Any]:
    """Both tables as the page reads them (``/rules.json``): ``{"rules": ..., "steps": ...}``."""
    return {
        "rules": {name: asdict(kind) for name, kind in RULE_KINDS.items()},
        "steps": {name: asdict(kind) for name, kind in STEP_KINDS.items()},
    }
