"""How long the board's requests take over HTTP, one at a time and under load.

Usage (from the repository root)::

    python benchmarks/web.py [--repeat 5]
    python benchmarks/web.py --stream [--repeat 5]
    python benchmarks/web.py --hints 10 [--before /path/to/other/checkout]
    python benchmarks/web.py --load [--seconds 5] [--before /path/to/other/checkout]

Runs ``heyawake serve`` of this checkout (``python -m heyawake_asp serve``,
each request answered in a fresh child) and sends it requests as the page
does.

By default, one at a time: ``check`` and ``hint`` on the empty grid and on
the grid halfway along the puzzle's path of steps; ``analyze`` (what a
draft shows after each edit) on the puzzle and on a draft of it with the
clue of its largest numbered room left out, and ``grade`` (shown when the
draft is unique). One Markdown table, a row per puzzle: the median and (in
brackets) the largest time of each request, in seconds.

With ``--stream``: the steps streamed (``/api/steps`` as JSON Lines, as the
page's Steps asks for them), a row per puzzle: its steps, and the median and
(in brackets) the largest seconds to the first step's line and to the last
line (the walk's end).

With ``--hints N``: a player who takes each hint, on a 20x20, a 35x35 and
a 45x31: from the grid halfway along the path, the first hint, then N
more, each from the grid with the last one's cells settled (their median
and largest seconds), then one from the grid three quarters along. With
``--before``, the same on another checkout's server, its rows beside these.
The server keeps the child that answered a client's hint for the next
(docs/web.md): in the default table, a hint asked again is answered at
once, and only its largest time is a fresh child's.

With ``--load``: 2, 8 and 32 clients at once, each sending ``hint`` (empty
grid) or ``solve`` requests one after another for ``--seconds``, on a 9x9
and a 20x20. One row per case: answers per second, the median and 95th
percentile time of an answer, and how many requests were refused (503 or
429, told when to come back) or failed without an answer (a connection
reset). ``--before`` runs the same cases on another checkout's server
(``PYTHONPATH``) in the same run, its rows beside these.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from heyawake_asp.authoring.generate import generate
from heyawake_asp.formats import read_puzzle_text, write_puzzle

HERE = Path(__file__).resolve().parent.parent
PUZZLES = [
    "instances/medium/9x9-s1.lp",
    "instances/hard/11x11-s1.lp",
    "instances/large/20x20-s1.lp",
    "instances/large/20x20-s2.lp",
    "instances/large/35x35-s1.lp",
    "instances/large/35x35-s2.lp",
]
HINTED = [
    "instances/large/20x20-s1.lp",
    "instances/large/35x35-s1.lp",
    "instances/large/45x31-s1.lp",
]
"""The puzzles of ``--hints``."""


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


def along(text: str, port: int, fractions: list[float]) -> list[list[str]]:
    """The grids after each fraction of the puzzle's steps."""
    _, walk = post(port, "steps", {"puzzle": text})
    empty = ["?" * len(row) for row in walk["grid"]]
    grids = []
    for fraction in fractions:
        grid = empty
        for step in walk["steps"][: int(len(walk["steps"]) * fraction)]:
            grid = taken(grid, step)
        grids.append(grid)
    return grids


def taken(grid: list[str], step: dict[str, Any]) -> list[str]:
    """``grid`` with the cells ``step`` settles."""
    rows = [list(row) for row in grid]
    for cell in step["settles"]:
        rows[cell["y"]][cell["x"]] = "#" if cell["black"] else "."
    return ["".join(row) for row in rows]


def taking_hints(ports: dict[str, int], hints: int) -> None:
    """Print the table of a player who takes each hint, from halfway along the path."""
    print(
        "| server | puzzle | first hint | the next hints, each taken: median (largest)"
        " | then one from further along |"
    )
    print("|---" * 5 + "|")
    for name in HINTED:
        text = (HERE / name).read_text()
        start, further = along(text, next(iter(ports.values())), [0.5, 0.75])
        for server, port in ports.items():
            first, reply = post(port, "hint", {"puzzle": text, "grid": start})
            grid, times = start, []
            while reply["step"] is not None and len(times) < hints:
                grid = taken(grid, reply["step"])
                seconds, reply = post(port, "hint", {"puzzle": text, "grid": grid})
                times.append(seconds)
            other, _ = post(port, "hint", {"puzzle": text, "grid": further})
            cells = f"{first:.2f} | {statistics.median(times):.3f} ({max(times):.2f}) | {other:.2f}"
            print(f"| {server} | {Path(name).stem} | {cells} |", flush=True)


def without_a_clue(text: str) -> str:
    """The puzzle in the JSON format with the clue of its largest numbered room left out."""
    puzzle = read_puzzle_text(text, "puzzle")
    numbered = [index for index, room in enumerate(puzzle.rooms) if room.clue is not None]
    largest = max(numbered, key=lambda index: len(puzzle.rooms[index].cells))
    clues = [None if index == largest else room.clue for index, room in enumerate(puzzle.rooms)]
    return write_puzzle(puzzle.with_clues(clues), "json")


def one_at_a_time(port: int, repeat: int) -> None:
    """Print the table of single requests."""
    drafts = {f"15x15 generated, seed {seed}": generate(15, 15, seed) for seed in (1, 2)}
    texts = {Path(name).stem: (HERE / name).read_text() for name in PUZZLES}
    texts |= {label: write_puzzle(made.puzzle, "json") for label, made in drafts.items()}
    rows = []
    for name, text in texts.items():
        empty, middle = along(text, port, [0.0, 0.5])
        cases: dict[str, tuple[str, dict[str, Any]]] = {
            "check": ("check", {"puzzle": text, "grid": middle}),
            "hint, empty grid": ("hint", {"puzzle": text, "grid": empty}),
            "hint, halfway": ("hint", {"puzzle": text, "grid": middle}),
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


def streamed(port: int, text: str) -> tuple[float, float, int]:
    """Seconds to the first line and to the last of the steps streamed; how many steps."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json", "Accept": "application/x-ndjson"}
    start = time.perf_counter()
    connection.request("POST", "/api/steps", json.dumps({"puzzle": text}), headers)
    response = connection.getresponse()
    if response.status != 200:
        raise SystemExit(f"steps: {response.status} {response.read()!r}")
    first, found = None, 0
    for line in response:
        first = first or time.perf_counter() - start
        found += "number" in json.loads(line)
    whole = time.perf_counter() - start
    connection.close()
    return first or whole, whole, found


def step_streams(port: int, repeat: int) -> None:
    """Print the table of the steps streamed."""
    print("| puzzle | steps | first step s | last line s |")
    print("|---|---|---|---|")
    for name in PUZZLES:
        runs = [streamed(port, (HERE / name).read_text()) for _ in range(repeat)]
        cells = [
            f"{statistics.median(times):.2f} ({max(times):.2f})"
            for times in ([run[0] for run in runs], [run[1] for run in runs])
        ]
        print(f"| {Path(name).stem} | {runs[0][2]} | {' | '.join(cells)} |", flush=True)


LOADS = {"9x9": "instances/medium/9x9-s1.lp", "20x20": "instances/large/20x20-s1.lp"}
CLIENTS = (2, 8, 32)


@dataclass
class Tally:
    """What the clients of one case got back."""

    seconds: list[float] = field(default_factory=list)
    refused: int = 0
    failed: int = 0


def load_case(port: int, endpoint: str, body: dict[str, Any], clients: int, seconds: float) -> str:
    """``clients`` sending ``body`` to ``endpoint`` back to back: one table row's cells."""
    data = json.dumps(body)
    end = time.perf_counter() + seconds
    tallies = [Tally() for _ in range(clients)]

    def client(tally: Tally) -> None:
        while time.perf_counter() < end:
            start = time.perf_counter()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                connection.request(
                    "POST", f"/api/{endpoint}", data, {"Content-Type": "application/json"}
                )
                response = connection.getresponse()
                response.read()
                connection.close()
            except (OSError, http.client.HTTPException):
                tally.failed += 1
                continue
            if response.status == 200:
                tally.seconds.append(time.perf_counter() - start)
            else:
                tally.refused += 1

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, tallies))
    answered = sorted(spent for tally in tallies for spent in tally.seconds)
    p95 = answered[int(0.95 * (len(answered) - 1))] if answered else float("nan")
    median = statistics.median(answered) if answered else float("nan")
    refused = sum(tally.refused for tally in tallies)
    failed = sum(tally.failed for tally in tallies)
    return (
        f"{len(answered) / seconds:.1f} | {1000 * median:.0f} | {1000 * p95:.0f} | "
        f"{refused} | {failed}"
    )


def under_load(ports: dict[str, int], seconds: float) -> None:
    """Print the load table: a row per server, puzzle, endpoint and number of clients."""
    print(
        "| server | puzzle | request | clients | answers/s | p50 ms | p95 ms | refused | failed |"
    )
    print("|---" * 9 + "|")
    for name, path in LOADS.items():
        text = (HERE / path).read_text()
        puzzle = read_puzzle_text(text, "puzzle")
        bodies = {
            "hint": {"puzzle": text, "grid": ["?" * puzzle.width] * puzzle.height},
            "solve": {"puzzle": text},
        }
        for endpoint, body in bodies.items():
            for clients in CLIENTS:
                for server, port in ports.items():
                    cells = load_case(port, endpoint, body, clients, seconds)
                    row = f"| {server} | {name} | {endpoint} | {clients} | {cells} |"
                    print(row, flush=True)


@contextmanager
def served(checkout: Path) -> Iterator[int]:
    """``heyawake serve`` of ``checkout`` (2 minutes a request) in a child; yield its port."""
    command = [sys.executable, "-m", "heyawake_asp", "serve", "--port", "0", "--timeout", "120"]
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    # From the checkout: ``-m`` puts the working directory first, before PYTHONPATH.
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, env=environment, cwd=checkout
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r":(\d+)/", line)
        if match is None:
            raise SystemExit(f"{checkout}: serve printed {line!r}")
        yield int(match.group(1))
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    """Print the table asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--load", action="store_true", help="many clients at once")
    parser.add_argument("--stream", action="store_true", help="the steps streamed")
    parser.add_argument("--hints", type=int, help="a player taking this many hints in a row")
    parser.add_argument("--seconds", type=float, default=5.0, help="each load case's length")
    parser.add_argument("--before", type=Path, help="another checkout to load beside this one")
    args = parser.parse_args()
    if args.stream:
        with served(HERE) as port:
            step_streams(port, args.repeat)
        return
    if not args.load and args.hints is None:
        with served(HERE) as port:
            one_at_a_time(port, args.repeat)
        return
    with ExitStack() as stack:
        port = stack.enter_context(served(HERE))
        if args.before is None:
            ports = {"this": port}
        else:
            before = served(args.before.resolve())
            ports = {"this": port, "before": stack.enter_context(before)}
        if args.hints is not None:
            taking_hints(ports, args.hints)
        else:
            under_load(ports, args.seconds)


if __name__ == "__main__":
    main()
