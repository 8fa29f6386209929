"""Write ``instances/grades.json``: the grade of each puzzle in the board's players' list.

Those of at most `GRADED_MOST_CELLS` cells: the larger are grouped as ``large``.

Run from the repository root after the instances or the steps engine change:
``python scripts/grade_players.py``. The board groups its shipped puzzles by
these grades (a folder's name says how large its puzzles are, not how hard):
each is `heyawake grade`'s label, its walk stopped once past the expert bound
as the board's Grade stops. ``tests/test_instances.py`` checks every entry.
"""

from __future__ import annotations

import json
import sys
import time

from heyawake_asp.formats import read_puzzle_text
from heyawake_asp.shipped import shipped_dir
from heyawake_asp.steps import grade_puzzle
from heyawake_asp.steps.grading import BOUNDS
from heyawake_asp.web.content import GRADED_MOST_CELLS, Content


def main() -> None:
    """Grade every puzzle of the players' list and write the file, reporting each on stderr."""
    content = Content.load()
    grades = {}
    for name in content.players:
        start = time.perf_counter()
        puzzle = read_puzzle_text(content.instances[name], name)
        if puzzle.cell_count > GRADED_MOST_CELLS:
            continue
        grades[name] = grade_puzzle(puzzle, stop_above=BOUNDS[-1]).label
        print(f"{name}: {grades[name]}, {time.perf_counter() - start:.1f} s", file=sys.stderr)
    path = shipped_dir("instances") / "grades.json"
    path.write_text(json.dumps(grades, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
