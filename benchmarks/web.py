"""How long the board's requests take over HTTP: playing (check, hint), composing (analyze, grade).

Usage (from the repository root)::

    python benchmarks/web.py [--repeat 5]

Starts the server of this checkout in this process (each request answered
in a fresh child, as ``heyawake serve`` does) and times whole requests as
the page sends them: ``check`` and ``hint`` on the empty grid and on the
grid halfway along the puzzle's path of steps; ``analyze`` (what a draft
shows after each edit) on the puzzle and on a draft of it with the clue of
its largest numbered room left out, and ``grade`` (shown when the draft is
unique). Prints one Markdown table, a row per puzzle: the median and (in
brackets) the largest time of each request, in seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from heyawake_asp.authoring.generate import generate
from heyawake_asp.formats import read_puzzle_text, write_puzzle
from heyawake_asp.web.server import App, make_server

HERE = Path(__file__).resolve().parent.parent
PUZZLES = [
    "instances/medium/9x9-s1.lp",
    "instances/hard/11x11-s1.lp",
    "instances/large/20x20-s1.lp",
    "instances/large/20x20-s2.lp",
    "instances/large/35x35-s1.lp",
    "instances/large/35x35-s2.lp",
]


def post(port: int, endpoint: str, body: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Seconds the whole request took, and its reply."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start = time.perf_counter()
    connection.request(
        "POST", f"/api/{endpoint}", json.dumps(body), {"Content-Type": "application/json"}
    )
    response = connection.getresponse()
    reply = json.loads(response.read())
    seconds = time.perf_counter() - start
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{endpoint}: {response.status} {reply}")
    return seconds, reply


def halfway(text: str, port: int) -> list[str]:
    """The grid after the first half of the puzzle's steps."""
    _, walk = post(port, "steps", {"puzzle": text})
    grid = [list("?" * len(row)) for row in walk["grid"]]
    for step in walk["steps"][: len(walk["steps"]) // 2]:
        for cell in step["settles"]:
            grid[cell["y"]][cell["x"]] = "#" if cell["black"] else "."
    return ["".join(row) for row in grid]


def without_a_clue(text: str) -> str:
    """The puzzle in the JSON format with the clue of its largest numbered room left out."""
    puzzle = read_puzzle_text(text, "puzzle")
    numbered = [index for index, room in enumerate(puzzle.rooms) if room.clue is not None]
    largest = max(numbered, key=lambda index: len(puzzle.rooms[index].cells))
    clues = [None if index == largest else room.clue for index, room in enumerate(puzzle.rooms)]
    return write_puzzle(puzzle.with_clues(clues), "json")


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    server = make_server(App.load(120))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    drafts = {f"15x15 generated, seed {seed}": generate(15, 15, seed) for seed in (1, 2)}
    texts = {Path(name).stem: (HERE / name).read_text() for name in PUZZLES}
    texts |= {label: write_puzzle(made.puzzle, "json") for label, made in drafts.items()}
    rows = []
    for name, text in texts.items():
        empty = ["?" * len(row) for row in halfway(text, port)]
        cases: dict[str, tuple[str, dict[str, Any]]] = {
            "check": ("check", {"puzzle": text, "grid": halfway(text, port)}),
            "hint, empty grid": ("hint", {"puzzle": text, "grid": empty}),
            "hint, halfway": ("hint", {"puzzle": text, "grid": halfway(text, port)}),
            "analyze": ("analyze", {"puzzle": text}),
            "analyze, a clue left out": ("analyze", {"puzzle": without_a_clue(text)}),
            "grade": ("grade", {"puzzle": text}),
        }
        cells = []
        for endpoint, body in cases.values():
            times = [post(port, endpoint, body)[0] for _ in range(repeat)]
            cells.append(f"{statistics.median(times):.2f} ({max(times):.2f})")
        rows.append(f"| {name} | {' | '.join(cells)} |")
    print(f"| puzzle | {' | '.join(cases)} |")
    print("|---" * (len(cases) + 1) + "|")
    print("\n".join(rows))
    server.shutdown()


if __name__ == "__main__":
    main()
