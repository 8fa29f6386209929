"""What a command imports, seen from a fresh interpreter: only what it uses (nothing is timed)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest
from helpers import REPO

import heyawake_asp
from heyawake_asp.cli import COMMANDS, main

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
# Runs ``heyawake ARGS...`` and writes the names of the modules loaded by then to FILE.
_WRAPPER = """
import sys
from heyawake_asp.cli import main
modules, *arguments = sys.argv[1:]
try:
    main(arguments, prog_name="heyawake")
finally:
    with open(modules, "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""
NOT_FOR_A_PLAIN_SOLVE = (
    "urllib.request",
    "http",
    "ssl",
    "email",
    "multiprocessing",  # so no child process was started either
    "json",
    "jsonschema",
    "matplotlib",
    "heyawake_asp.render.svg",
    "heyawake_asp.render.plot",
    "heyawake_asp.formats.json_format",
    "heyawake_asp.formats.text",
    "heyawake_asp.queries",
    "heyawake_asp.authoring.generate",
    "heyawake_asp.suite",
    "heyawake_asp.validation.validate",
    "heyawake_asp.oracles.brute",
)
"""Modules (and their submodules) a plain ``heyawake solve FILE`` must not load."""


def _modules_loaded(tmp_path: Path, *args: object) -> tuple[set[str], str]:
    """The modules ``heyawake ARGS...`` loaded in a fresh interpreter, and what it printed."""
    listing = tmp_path / "modules.txt"
    command = [sys.executable, "-c", _WRAPPER, str(listing), *map(str, args)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(listing.read_text().split()), done.stdout


def _under(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    """The modules that are one of ``packages`` or inside one."""
    return {
        name
        for name in modules
        if any(name == package or name.startswith(package + ".") for package in packages)
    }


def test_a_plain_solve_loads_no_network_child_svg_json_or_plotting_module(tmp_path: Path) -> None:
    modules, output = _modules_loaded(tmp_path, "solve", EASY1)
    assert output.splitlines()[-1].startswith("solved, unique")
    assert {"clingo", "heyawake_asp.solver", "heyawake_asp.formats.kth"} <= modules
    assert _under(modules, NOT_FOR_A_PLAIN_SOLVE) == set()


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_load_no_command_and_no_clingo(tmp_path: Path, flag: str) -> None:
    modules, output = _modules_loaded(tmp_path, flag)
    assert output.startswith("heyawake, version" if flag == "--version" else "Usage: heyawake")
    commands = {f"heyawake_asp.cli.{module}" for module, _ in COMMANDS.values()}
    assert _under(modules, ("clingo", "heyawake_asp.puzzle", *commands)) == set()


def test_help_lists_every_command_with_the_first_sentence_of_its_help() -> None:
    context = click.Context(main)
    for name, (module, summary) in COMMANDS.items():
        command = main.get_command(context, name)
        assert command is not None and command.name == name
        assert command.callback is not None
        assert command.callback.__module__ == f"heyawake_asp.cli.{module}"
        assert command.get_short_help_str(limit=1000) == summary
    assert sorted(main.commands) == sorted(COMMANDS)  # no command outside the table


def test_every_public_name_of_the_package_resolves() -> None:
    for name in heyawake_asp.__all__:
        assert getattr(heyawake_asp, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        heyawake_asp.nothing  # noqa: B018


def test_the_names_type_checkers_see_are_the_public_names() -> None:
    """The package's TYPE_CHECKING imports name each public name from its home, and no other."""
    tree = ast.parse(Path(heyawake_asp.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If))
    seen = {
        alias.asname or alias.name: (node.module, alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    homes = {
        name: (f"heyawake_asp.{module}", heyawake_asp._RENAMED.get(name, name))
        for name, module in heyawake_asp._HOME_OF.items()
    }
    assert seen == homes
