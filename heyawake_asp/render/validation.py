"""The report of ``heyawake validate``: counts, or the counterexample drawn and ready to save.

>>> from heyawake_asp.validation.validate import Validation
>>> print(validation_text(Validation(("grow",), 12, 30)))
ok: grow against brute force: 12 puzzles, 30 shadings compared, no difference
"""

from __future__ import annotations

from heyawake_asp.formats import text
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.text import render_text
from heyawake_asp.validation.validate import Counterexample, Validation

__all__ = ["interrupted_text", "validation_text"]


def validation_text(validation: Validation) -> str:
    """A line of counts, or the counterexample: what is wrong, the grid, the puzzle as text."""
    compared = " against ".join((*validation.encodings, "brute force")[:2])
    counts = _counts(validation)
    found = validation.counterexample
    if found is None:
        return f"ok: {compared}: {counts}, no difference"
    lines = [_headline(found), render_text(found.puzzle, found.shading)]
    if found.problem == "unsound":
        lines.extend(violation.message for violation in verify(found.puzzle, found.shading))
    lines.append("the puzzle, in the text format:")
    lines.append(text.write(found.puzzle).rstrip("\n"))
    first = validation.first_failure or found.puzzle
    shrunk = "" if first == found.puzzle else f", shrunk from {_size(first)}"
    lines.append(f"FAILED: {compared}: {counts} up to this one{shrunk}")
    return "\n".join(lines)


def interrupted_text(validation: Validation) -> str:
    """What a validation stopped by Ctrl-C compared, and whether it found a difference.

    >>> print(interrupted_text(Validation(("grow",), 12, 30)))
    interrupted: 12 puzzles, 30 shadings compared, no difference so far
    """
    found = "no difference so far" if validation.ok else "a difference found, not yet shrunk"
    return f"interrupted: {_counts(validation)}, {found}"


def _counts(validation: Validation) -> str:
    """For example ``12 puzzles, 30 shadings compared``."""
    return (
        f"{_count(validation.puzzles, 'puzzle')}, {_count(validation.shadings, 'shading')} compared"
    )


def _size(puzzle: Puzzle) -> str:
    """For example ``3x2 with 3 rooms, 1 numbered``."""
    numbered = sum(room.clue is not None for room in puzzle.rooms)
    return f"{puzzle.width}x{puzzle.height} with {len(puzzle.rooms)} rooms, {numbered} numbered"


def _headline(found: Counterexample) -> str:
    """What is wrong, in one line."""
    if found.problem == "unsound":
        rules = " and ".join(map(str, found.rules))
        plural = "s" if len(found.rules) > 1 else ""
        return f"unsound: {found.encoding} gives this shading, which breaks rule{plural} {rules}"
    if found.problem == "incomplete":
        return f"incomplete: {found.encoding} misses this shading, a solution"
    return f"duplicate: {found.encoding} gives this shading more than once (check its projection)"


def _count(number: int, noun: str) -> str:
    """For example ``1 puzzle`` or ``2 puzzles``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
