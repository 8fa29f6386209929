"""Shared fixtures: the published solutions of the real puzzle suites in ../shared."""

from __future__ import annotations

import json

import pytest
from helpers import SHARED, SUITES, require_shared


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


LONGEST = ("[17x9-corner-max]", "[17x9-middle-numbered]")
"""The longest tests (about 4 minutes and 1 minute; docs/steps.md), run first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the longest tests first: with several workers they then run beside the rest.

    Started last, one would run alone at the end, on one of CI's two processors.
    """
    items.sort(key=lambda item: not item.nodeid.endswith(LONGEST))
