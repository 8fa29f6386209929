"""Shared fixtures and the two runs.

The default run deselects tests marked ``slow`` (pyproject's addopts); ``pytest -m slow``
runs them: the long walks, the full validation of the shipped sets (the experimental ones
only up to 4 cells, as in every run), the large instances.
Property tests (hypothesis) run in both: a few examples each by default, and a thorough
profile in a run that selects slow tests (helpers.THOROUGH_EXAMPLES; the hostile-input tests
take 1,000). ``--hypothesis-profile quick|thorough`` chooses either by hand.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from helpers import QUICK_EXAMPLES, SHARED, SUITES, THOROUGH_EXAMPLES, require_shared
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

# Where PYTHONDONTWRITEBYTECODE is set, every run (each worker of each) rewrote the test modules'
# assertions afresh, some 6 s: the rewritten modules are cached as pytest caches them elsewhere,
# and the package's modules imported from here on get their __pycache__ (ignored by git) too.
sys.dont_write_bytecode = False

for _name, _examples in (("quick", QUICK_EXAMPLES), ("thorough", THOROUGH_EXAMPLES)):
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,  # a loaded machine is slow; a test that needs a hang guard sets its own
        suppress_health_check=[HealthCheck.too_slow],
    )


def _selects_slow(config: pytest.Config) -> bool:
    """Whether this run selects the tests marked slow (``-m slow``, not ``-m 'not slow'``)."""
    return re.search(r"(?<!not )\bslow\b", str(config.getoption("markexpr") or "")) is not None


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker per processor, and one more in a run of the slow tests.

    Their browser tests mostly wait (a module of them kept two processors 45% busy): a third
    worker on two fills that time, the slow tests in 0.92 of their time. The default run's
    short tests took longer with it (a browser and a server more to start).
    """
    return len(os.sched_getaffinity(0)) + int(_selects_slow(config))


def pytest_configure(config: pytest.Config) -> None:
    """Load the thorough hypothesis profile for a run of the slow tests, the quick one else."""
    if not config.getoption("--hypothesis-profile"):
        settings.load_profile("thorough" if _selects_slow(config) else "quick")


@pytest.fixture(scope="session")
def published() -> dict[str, list[str]]:
    """Every published solution in ../shared, by puzzle name."""
    require_shared()
    solutions: dict[str, list[str]] = {}
    for suite in SUITES:
        path = SHARED / suite / "solutions.json"
        if path.is_file():
            solutions.update(json.loads(path.read_text()))
    return solutions


LONGEST = ("[cneil-puzzle4]", "[grow-False]", "[grow-True]", "[thesis-False]")
"""The longest tests (30 to 40 s on a busy machine), run first."""


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the property tests slow too in a slow run; put the longest tests first.

    With several workers the longest then run beside the rest; started last, one would
    run alone at the end, on one of CI's two processors.
    """
    if _selects_slow(config):
        for item in items:
            if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
                item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: not item.nodeid.endswith(LONGEST))


@pytest.fixture
def ctrl_c_as_at_a_terminal() -> Iterator[None]:
    """Ctrl-C raises here, as in a terminal's foreground job, and children inherit that.

    Tests run in a shell's background job (CI) start with SIGINT ignored, and
    a child process started from them would ignore Ctrl-C too.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The web app served for a module of browser tests: its address."""
    from web_support import serve

    yield from serve()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a module of browser tests (skipped, saying why, without one)."""
    from web_support import launch

    yield from launch()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page; the test fails on any script or console error it logs."""
    from web_support import opened_page

    with opened_page(browser, viewport={"width": 1100, "height": 900}) as page:
        yield page
