"""How long the board takes to answer the player, in a real browser: the Event Timing API.

Usage (from the repository root, with Debian's chromium and the test extra)::

    python benchmarks/board.py

Serves the page of this checkout, opens a 45x31 puzzle at 1280x800 in
headless Chromium, drags across 41 cells and clicks 10, then prints the
longest events the browser timed (from the input to the next paint, in
milliseconds; the browser reports only events of 16 ms or more, rounded
to 8 ms). The target: no interaction over 100 ms.
"""

from __future__ import annotations

import sys
import urllib.parse
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from web_support import serve, settle  # noqa: E402

from heyawake_asp.formats.text import NAMES  # noqa: E402

_OBSERVE = """() => {
  window.timed = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.timed.push([entry.name, entry.duration]);
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}"""


def main() -> None:
    """Print the longest events of a drag and ten clicks on a 45x31 board."""
    rows = ["".join(NAMES[x // 5 + 9 * (y // 4)] for x in range(45)) for y in range(31)]
    text = "heyawake 45x31\n" + "\n".join(rows) + "\n"
    for base in serve():
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{base}/#puzzle={urllib.parse.quote(text, safe='')}")
            page.wait_for_selector("#board rect.cell[data-x='44']", state="attached")
            settle(page)
            page.evaluate(_OBSERVE)
            cell = "#board rect.cell[data-x='{}'][data-y='{}']"
            start = page.locator(cell.format(0, 5)).bounding_box()
            end = page.locator(cell.format(40, 5)).bounding_box()
            assert start is not None and end is not None
            page.mouse.move(start["x"] + 5, start["y"] + 5)
            page.mouse.down()
            page.mouse.move(end["x"] + 5, end["y"] + 5, steps=40)
            page.mouse.up()
            for x in range(10):
                page.click(cell.format(x, 10))
            settle(page)
            page.wait_for_timeout(500)
            timed = sorted(page.evaluate("window.timed"), key=lambda entry: -entry[1])
            browser.close()
    print("| event | ms |")
    print("|---|---|")
    for name, duration in timed[:5] or [["(none of 16 ms or more)", 0]]:
        print(f"| {name} | {duration:.0f} |")


if __name__ == "__main__":
    main()
