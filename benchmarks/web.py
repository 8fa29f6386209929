"""How long the board's requests take over HTTP: check, hint and analyze, by puzzle size.

Usage (from the repository root)::

    python benchmarks/web.py [--repeat 5]

Starts the server of this checkout in this process (each request answered
in a fresh child, as ``heyawake serve`` does) and times whole requests as
the page sends them: ``check`` and ``hint`` on the empty grid and on the
grid halfway along the puzzle's path of steps, and ``analyze``. Prints one
Markdown table: the median and the largest time of each, in seconds.
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

from heyawake_asp.web.server import App, make_server

HERE = Path(__file__).resolve().parent.parent
PUZZLES = [
    "instances/medium/9x9-s1.lp",
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


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    server = make_server(App.load(120))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    print("| puzzle | request | median s | max s |")
    print("|---|---|---|---|")
    for name in PUZZLES:
        text = (HERE / name).read_text()
        empty = ["?" * len(row) for row in halfway(text, port)]
        cases = {
            "check, empty grid": ("check", {"puzzle": text, "grid": empty}),
            "check, halfway": ("check", {"puzzle": text, "grid": halfway(text, port)}),
            "hint, empty grid": ("hint", {"puzzle": text, "grid": empty}),
            "hint, halfway": ("hint", {"puzzle": text, "grid": halfway(text, port)}),
            "analyze": ("analyze", {"puzzle": text}),
        }
        for label, (endpoint, body) in cases.items():
            times = [post(port, endpoint, body)[0] for _ in range(repeat)]
            print(
                f"| {Path(name).stem} | {label} | {statistics.median(times):.3f} | "
                f"{max(times):.3f} |"
            )
    server.shutdown()


if __name__ == "__main__":
    main()
