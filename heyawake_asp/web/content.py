"""What the server sends as it is: the page's files and the shipped puzzles, read once.

The players' list is the shipped puzzles fit to play: one solution
(their ``% expect:`` line says neither ``none`` nor ``several``) and at
most `PLAYERS_MOST_CELLS` cells, where a grade and the steps come within a
request's time limit, and not a fixture (a ``% fixture:`` line in the
header says a puzzle exists for the test suite alone, as the dense rooms'
do, whatever its answer and size).

Both are read at start, from the package's ``static/`` folder and the
shipped ``instances/``, and looked up by name: no path from a request is
ever opened. ``instances/grades.json`` holds the grades of the players'
puzzles of at most `GRADED_MOST_CELLS` cells (``scripts/grade_players.py``
writes it), by which the page groups them.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from heyawake_asp.shipped import shipped_dir
from heyawake_asp.steps.grading import LABELS
from heyawake_asp.steps.kinds import page_table
from heyawake_asp.variants import VARIANTS

__all__: list[str] = []

PLAYERS_MOST_CELLS = 35 * 35
"""The largest puzzle in the players' list."""
GRADED_MOST_CELLS = 15 * 15
"""The largest puzzle of the players' list in ``instances/grades.json``: the larger are grouped
by their folder (``large``, all expert), and grading them would cost the tests a minute."""
_EXPECT = re.compile(r"^%\s*expect:\s*(\w+)", re.MULTILINE)
_FIXTURE = re.compile(r"^%\s*fixture:", re.MULTILINE)
_SIZE = re.compile(r"width\((\d+)\)\.\s*height\((\d+)\)\.")

_STATIC = Path(__file__).resolve().parent / "static"
_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
"""The content type of each kind of file the page is made of.

Named here: a system's table may say ``text/plain`` for ``.js``, which no
browser runs as a module.
"""


@dataclass(frozen=True)
class Asset:
    """A file served as it is."""

    content_type: str
    data: bytes


@dataclass(frozen=True)
class Content:
    """The page's assets by URL path (``/`` is ``/index.html``), the shipped puzzles by name."""

    assets: dict[str, Asset]
    instances: dict[str, str]
    players: tuple[str, ...]
    """The shipped puzzles to offer players (see the module's docstring), by name."""
    grades: dict[str, str]
    """The players' puzzles' grades by name (``instances/grades.json``), those it has."""

    @classmethod
    def load(cls) -> Content:
        """The package's page, and its shipped puzzles (``easy/6x6-s1.lp``, ...) if shipped."""
        assets = {
            f"/{path.name}": Asset(
                _CONTENT_TYPES.get(path.suffix, "application/octet-stream"), path.read_bytes()
            )
            for path in sorted(_STATIC.iterdir())
        }
        assets["/"] = assets["/index.html"]
        assets["/rules.json"] = Asset("application/json", json.dumps(rules_table()).encode())
        folder = shipped_dir("instances")
        instances = (
            {
                path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
                for path in sorted(folder.rglob("*.lp"), key=_in_reading_order)
            }
            if folder.is_dir()
            else {}
        )
        players = tuple(name for name, text in instances.items() if _for_players(text))
        graded = folder / "grades.json"
        known = json.loads(graded.read_text(encoding="utf-8")) if graded.is_file() else {}
        grades = {name: known[name] for name in players if name in known}
        return cls(assets, instances, players, grades)


def rules_table() -> dict[str, Any]:
    """What the page knows of the rules, served as ``/rules.json``.

    The kinds of rule instance and of step (`heyawake_asp.steps.kinds`), the
    grades, easiest first (`heyawake_asp.steps.grading.LABELS`), and the
    variants by name, plain Heyawake first (`heyawake_asp.variants`).
    """
    variants = {name: asdict(variant) for name, variant in VARIANTS.items()}
    return {**page_table(), "grades": list(LABELS), "variants": variants}


def _in_reading_order(path: Path) -> list[Any]:
    """A sort key with the numbers in a path read as numbers: ``6x6-s2`` before ``6x6-s10``."""
    parts = re.split(r"(\d+)", path.as_posix())
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in parts]


def _for_players(text: str) -> bool:
    """Whether a shipped KTH puzzle is no fixture, has one solution, fits `PLAYERS_MOST_CELLS`."""
    expect = _EXPECT.search(text)
    size = _SIZE.search(text)
    if (
        _FIXTURE.search(text)
        or size is None
        or (expect is not None and expect.group(1) != "unique")
    ):
        return False
    return int(size.group(1)) * int(size.group(2)) <= PLAYERS_MOST_CELLS
