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
