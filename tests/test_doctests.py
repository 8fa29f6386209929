"""The docstring examples of every module run and pass (lint is .ci/lint, not a test)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import heyawake_asp


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
