"""The ``heyawake`` command: a thin click layer over the library.

Each module of this package adds its commands to :data:`main`.
"""

from __future__ import annotations

import click

from heyawake_asp import __version__
from heyawake_asp.cli.exits import HeyawakeGroup

__all__ = ["main"]


@click.group(cls=HeyawakeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="heyawake")
def main() -> None:
    """Solve and check Heyawake puzzles with Answer Set Programming (clingo)."""


# The command modules attach their commands to ``main`` when imported.
from heyawake_asp.cli import (  # noqa: E402, F401
    authoring,
    explaining,
    pictures,
    solving,
    suites,
    validating,
)
