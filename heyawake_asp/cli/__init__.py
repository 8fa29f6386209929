"""The ``heyawake`` command: a thin click layer over the library.

Commands are loaded when they run: `COMMANDS` names, for each, the module
of this package that defines it (with ``@main.command``) and the summary
``heyawake --help`` lists. A new command is one line there. So a command
imports only its own module (and what that uses), and ``heyawake --help``
and ``--version`` import none.
"""

from __future__ import annotations

import importlib

import click

from heyawake_asp import __version__
from heyawake_asp.cli.exits import HeyawakeGroup

__all__ = ["main"]

COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": ("authoring", "Show which cells all solutions agree on and which vary (drawn ▒)."),
    "check": ("solving", "Check a SOLUTION file (rows of '#' black and '.' white) against PUZZLE."),
    "convert": ("pictures", "Write PUZZLE (a file, a puzz.link URL or '-') in another format."),
    "count": (
        "authoring",
        "Count the solutions of PUZZLE, up to --limit (shadings, each counted once).",
    ),
    "encodings": ("solving", "List the named encoding sets, their files and what they do."),
    "explain": (
        "authoring",
        "Name a minimal set of clues of PUZZLE that cannot all hold together.",
    ),
    "generate": ("authoring", "Generate puzzles with exactly one solution, proved by the solver."),
    "render": ("pictures", "Draw PUZZLE (a file, a puzz.link URL or '-') as an SVG picture."),
    "grade": (
        "explaining",
        "Grade each PUZZLE easy, medium, hard or expert from its path of steps.",
    ),
    "hint": (
        "explaining",
        "The next step from the GRID cells settled so far (none: the empty grid).",
    ),
    "serve": (
        "serving",
        "Play, learn and compose puzzles on a board in the browser, served on this machine.",
    ),
    "solve": (
        "solving",
        "Solve each PUZZLE (a file, a puzz.link URL or '-') and print its grid, "
        "or JSON with --json.",
    ),
    "steps": ("explaining", "Explain each PUZZLE step by step, each step with a minimal reason."),
    "suggest": (
        "authoring",
        "Suggest a number for a room of PUZZLE that makes its solution unique.",
    ),
    "suite": ("suites", "Solve every puzzle under PATH (directories are searched recursively)."),
    "validate": (
        "validating",
        "Compare ENCODING's answers with brute force on every small puzzle.",
    ),
}
"""Each command's module (in this package) and summary: the first sentence of its help."""


class _CommandsOnDemand(HeyawakeGroup):
    """A group that imports a command's module when the command is asked for."""

    def list_commands(self, context: click.Context) -> list[str]:
        """The command names, sorted."""
        return sorted(COMMANDS)

    def get_command(self, context: click.Context, name: str) -> click.Command | None:
        """The command ``name``, once its module has added it to the group."""
        if name in COMMANDS and name not in self.commands:
            importlib.import_module(f"heyawake_asp.cli.{COMMANDS[name][0]}")
        return self.commands.get(name)

    def format_commands(self, context: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their summaries, importing none of them."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][1]) for name in self.list_commands(context)])


@click.group(cls=_CommandsOnDemand, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="heyawake")
def main() -> None:
    """Solve and check Heyawake puzzles with Answer Set Programming (clingo)."""
