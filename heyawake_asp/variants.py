"""The Heyawake family: variants of the puzzle, each Heyawake's rules and one more.

A variant is data: one row here, its program in ``encodings/variants/``
(loaded beside any encoding set's five rules) and its independent check in
`heyawake_asp.oracles.checker`. Its name is the one puzz.link uses: the
type in a URL (``p?ayeheya/...``), the text format's header word, JSON's
``"variant"``.

>>> VARIANTS["ayeheya"].title
'Ayeheya'
>>> variant_named("heyawacky")
Traceback (most recent call last):
...
KeyError: "'heyawacky': not a variant played here (heyawake, ayeheya, akichi and oneroom)"
"""

from __future__ import annotations

from dataclasses import dataclass

from heyawake_asp.errors import NotExplainedError

__all__ = [
    "HEYAWAKE",
    "VARIANTS",
    "Variant",
    "require_counts",
    "require_explained",
    "variant_named",
    "variant_names",
]


@dataclass(frozen=True)
class Variant:
    """One member of the family.

    ``name`` as puzz.link names it; ``title`` as people write it; ``rule`` its
    rule beyond Heyawake's, in words (empty for Heyawake); ``programs`` the
    files of ``encodings/variants/`` that state it; ``symmetric_rooms``: every
    room must be point-symmetric about its centre (checked by `Puzzle`);
    ``counts``: a room's number counts its black cells (Heyawake's rule 3;
    otherwise the facts give the numbers as ``area/2`` for the variant's
    program, and `explain` and `suggest`, which switch counts, refuse it);
    ``runs``: Heyawake's rule 5 on white runs holds (otherwise the encoding
    set's files for it are left out: `EncodingSet.without_run_rule`);
    ``explained``: steps, hints and grades know its rules; ``words``: its
    rule in a player's few words, as the page says it (empty for Heyawake).
    The page reads every row (``/rules.json``) and names no variant itself.
    """

    name: str
    title: str
    rule: str = ""
    programs: tuple[str, ...] = ()
    symmetric_rooms: bool = False
    counts: bool = True
    runs: bool = True
    explained: bool = True
    words: str = ""

    @property
    def numbers(self) -> str:
        """The predicate of a room's number in the facts: ``clue`` (a count), else ``area``."""
        return "clue" if self.counts else "area"


HEYAWAKE = "heyawake"
"""The plain puzzle's name, every puzzle's variant unless it says otherwise."""

VARIANTS = {
    variant.name: variant
    for variant in (
        Variant(HEYAWAKE, "Heyawake"),
        Variant(
            "ayeheya",
            "Ayeheya",
            "each room's black cells are point-symmetric about the room's centre",
            ("ayeheya.lp",),
            symmetric_rooms=True,
            words="each room's black cells symmetric about its centre",
        ),
        Variant(
            "akichi",
            "Akichiwake",
            "a room's number is the size of its largest group of white cells joined inside "
            "it, not a count of black cells",
            ("akichi.lp",),
            counts=False,
            words="a number is the size of its room's largest white area, not a count",
        ),
        Variant(
            "oneroom",
            "One Room One Door",
            "no rule on white runs; each room's white cells are joined inside it, and two rooms "
            "share at most one door (a border with white cells on both sides)",
            ("oneroom.lp",),
            runs=False,
            words="no rule on white runs; each room's white cells joined inside it; two rooms "
            "share at most one door",
        ),
    )
}
"""Every variant played here, by name."""


def variant_named(name: str) -> Variant:
    """The variant called ``name``.

    Raises
    ------
    KeyError
        Naming the variants there are, when there is none of that name.
    """
    if name not in VARIANTS:
        raise KeyError(f"{name!r}: not a variant played here ({variant_names()})")
    return VARIANTS[name]


def variant_names() -> str:
    """The variants' names in a sentence: ``heyawake, ayeheya and akichi``."""
    *first, last = VARIANTS
    return f"{', '.join(first)} and {last}" if first else last


def require_counts(name: str, what: str) -> None:
    """Refuse ``what`` (``explain``, ``suggest``) for a variant whose numbers do not count.

    Raises
    ------
    NotExplainedError
        Naming the variant.
    """
    variant = variant_named(name)
    if not variant.counts:
        raise NotExplainedError(
            f"{what} knows numbers that count black cells: {variant.title}'s do not "
            f"({variant.rule})"
        )


def require_explained(name: str) -> None:
    """Refuse to explain a puzzle of variant ``name`` when steps do not know its rules.

    Raises
    ------
    NotExplainedError
        Saying what can be done with such a puzzle instead.
    """
    variant = variant_named(name)
    if not variant.explained:
        raise NotExplainedError(
            f"steps, hints and grades do not know {variant.title}'s rules yet: this puzzle "
            "can be solved, counted and checked, not yet explained"
        )
