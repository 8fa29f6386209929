"""House rules that CI enforces: lint, formatting, types and doctests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import heyawake_asp

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def run_tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a tool installed beside this Python (the test extra) in the repo."""
    tool = BIN / name if (BIN / name).exists() else shutil.which(name)
    assert tool, f"{name} is not installed: pip install '.[test]'"
    return subprocess.run([str(tool), *args], cwd=REPO, capture_output=True, text=True)


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "."),
        ("ruff", "format", "--check", "."),
        ("mypy",),
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_runs_clean(command: tuple[str, ...]) -> None:
    result = run_tool(*command)
    assert result.returncode == 0, result.stdout + result.stderr


def package_modules() -> list[str]:
    """Every module of the installed package."""
    prefix = heyawake_asp.__name__ + "."
    found = pkgutil.walk_packages(heyawake_asp.__path__, prefix)
    return [heyawake_asp.__name__] + [m.name for m in found if not m.name.endswith("__main__")]


@pytest.mark.parametrize("name", package_modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
