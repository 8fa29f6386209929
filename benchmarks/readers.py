"""Time per MB of every reader from 1 MB to 16 MB: flat when reading is linear.

Usage::

    python benchmarks/readers.py            # 1, 2, 4, 8 and 16 MB, best of 2
    python benchmarks/readers.py --sizes 1 2 --repeat 1

The readers are called on strings, past the input cap of ``read_source``
(4 MB), which is what a file or standard input may hold. Each input is read
whole or rejected only near its end, except the first URL: a URL of the
largest grid (10^6 cells) is under 1 MB, so a longer one is rejected at the
first character past its last room.
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from heyawake_asp import Puzzle, Room
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import json_format, kth, sniff, text, url
from heyawake_asp.formats.text import NAMES
from heyawake_asp.grid import read_grid

MB = 1_000_000
WIDTH = 1000


def _cells_for(size: int, bytes_per_cell: int) -> tuple[int, int]:
    """A grid ``WIDTH`` wide of about ``size / bytes_per_cell`` cells."""
    return WIDTH, max(1, min(WIDTH, size // bytes_per_cell // WIDTH))


def _single_cells(width: int, height: int) -> Puzzle:
    """A puzzle of 1x1 rooms, every other one numbered 0."""
    rooms = tuple(
        Room.rectangle(x, y, x, y, 0 if (x + y) % 2 else None)
        for y in range(height)
        for x in range(width)
    )
    return Puzzle(width, height, rooms)


def kth_lines(size: int) -> str:
    """A valid KTH puzzle of 1x1 rooms, one fact per line."""
    return kth.write(_single_cells(*_cells_for(size, 26)))


def kth_one_line(size: int) -> str:
    """The same facts on one line, ended by a fault."""
    return kth_lines(size).replace("\n", " ") + "x"


def kth_word(size: int) -> str:
    """One word of ``x``.

    80,000 took 51 s to reject when the KTH reader was quadratic.
    """
    return "x" * size


def url_body(size: int) -> str:
    """A valid 300x300 URL whose room numbers go on for ``size`` characters."""
    return "https://puzz.link/p?heyawake/300/300/" + "0" * size


def url_host(size: int) -> str:
    """A valid URL behind a host name of ``size`` characters."""
    return "https://" + "a" * size + "/p?heyawake/2/1/0g"


def text_rows(size: int) -> str:
    """A text puzzle 1000 wide, of up to 961 rooms, each row with a 15,000-character comment."""
    comment = " # " + "c" * 15_000
    height = max(1, min(WIDTH, size // (WIDTH + len(comment) + 1)))
    block = -(-WIDTH // 31)
    rows = (
        "".join(NAMES[(y // block) * 31 + x // block] for x in range(WIDTH)) + comment + "\n"
        for y in range(height)
    )
    return f"heyawake {WIDTH}x{height}\n" + "".join(rows)


def text_comment(size: int) -> str:
    """One comment line of ``size`` characters before a 1x1 puzzle."""
    return "# " + "c" * size + "\nheyawake 1x1\na\n"


def json_lines(size: int) -> str:
    """A valid JSON puzzle of 1x1 rooms, one room per line."""
    return json_format.write(_single_cells(*_cells_for(size, 37)))


def json_one_line(size: int) -> str:
    """The same document on one line."""
    return json_lines(size).replace("\n", "")


def solution_rows(size: int) -> str:
    """Rows of ``#.`` 1000 cells wide, ``size`` bytes in all."""
    row = "#." * (WIDTH // 2) + "\n"
    return row * (size // len(row))


def solution_line(size: int) -> str:
    """One row of ``size`` cells."""
    return "#" * size


def _sniffed(reader: Callable[[str, str], Any]) -> Callable[[str, str], Any]:
    """``reader`` after sniffing the content, as ``read_puzzle`` does for a file."""

    def read(content: str, source: str) -> Any:
        sniff(content)
        return reader(content, source)

    return read


CASES: list[tuple[str, Callable[[str, str], Any], Callable[[int], str]]] = [
    ("kth", _sniffed(kth.read), kth_lines),
    ("kth", _sniffed(kth.read), kth_one_line),
    ("kth", _sniffed(kth.read), kth_word),
    ("url", _sniffed(url.read), url_body),
    ("url", _sniffed(url.read), url_host),
    ("text", _sniffed(text.read), text_rows),
    ("text", _sniffed(text.read), text_comment),
    ("json", _sniffed(json_format.read), json_lines),
    ("json", _sniffed(json_format.read), json_one_line),
    ("solution", read_grid, solution_rows),
    ("solution", read_grid, solution_line),
]


def seconds(reader: Callable[[str, str], Any], content: str, repeat: int) -> float:
    """The best time of ``repeat`` reads; a rejection counts as a read."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                reader(content, "bench")
        except HeyawakeError:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def table(sizes: Sequence[int], repeat: int) -> str:
    """The markdown table of seconds per MB, one row per reader and input."""
    header = ["reader", "input"] + [f"{size} MB" for size in sizes]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name, reader, make in CASES:
        cells = []
        for size in sizes:
            content = make(size * MB)
            cells.append(f"{seconds(reader, content, repeat) / (len(content) / MB):.3f}")
        doc = (make.__doc__ or make.__name__).split("\n")[0].rstrip(".").replace("``", "`")
        lines.append(f"| {name} | {doc} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4, 8, 16], help="MB")
    parser.add_argument("--repeat", type=int, default=2, help="reads per input (best kept)")
    args = parser.parse_args(argv)
    print("Seconds per MB of input (best of", args.repeat, "reads):\n")
    print(table(args.sizes, args.repeat))


if __name__ == "__main__":
    main()
