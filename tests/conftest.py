"""Shared fixtures: the real puzzle suites in ../shared, when present."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SUITES = ("kth", "public")
STATS_KEYS = [
    "ground_seconds",
    "solve_seconds",
    "total_seconds",
    "atoms",
    "rules",
    "choices",
    "conflicts",
]
"""The documented keys of the statistics, in order."""


def shared_puzzles(*suites: str) -> list[Path]:
    """The puzzle files of the given suites (empty when ../shared is absent)."""
    return sorted(path for suite in suites for path in (SHARED / suite).glob("*.lp"))


def require_shared() -> None:
    """Skip the calling test when the real suites are not beside the checkout."""
    if not (SHARED / "kth").is_dir():
        pytest.skip("../shared/kth not found: the real puzzle suites are not available")


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


def params(paths: list[Path]) -> list[object]:
    """Parametrize over puzzle files, or one skipped case when there are none."""
    if paths:
        return [pytest.param(path, id=path.stem) for path in paths]
    reason = "../shared not found: the real puzzle suites are not available"
    return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-shared")]
