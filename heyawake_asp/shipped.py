"""Where the folders shipped beside the modules are: ``encodings/`` and ``instances/``."""

from __future__ import annotations

import functools
from pathlib import Path

__all__ = ["shipped_dir"]


@functools.cache
def shipped_dir(name: str) -> Path:
    """The folder ``name``: inside the installed package, else at the top of the checkout."""
    package = Path(__file__).resolve().parent
    packaged = package / name
    if packaged.is_dir():
        return packaged
    return package.parent / name
