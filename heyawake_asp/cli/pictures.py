"""Commands ``render`` (an SVG picture) and ``convert`` (between puzzle formats)."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from heyawake_asp.cli import main
from heyawake_asp.cli.common import (
    check_programs,
    echoing_warnings,
    encoding_option,
    isolated,
    read_puzzle_echoing_warnings,
    runs_here,
    timeout_option,
)
from heyawake_asp.encodings import EncodingSet
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import FORMATS, write_puzzle
from heyawake_asp.grid import Grid
from heyawake_asp.isolation import Worker
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.svg import render_svg
from heyawake_asp.solver import solve

__all__ = ["convert_command", "render_command", "save_svg"]

_OUTPUT = click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE",
    help="Where to write the result ('-': standard output).",
)


@main.command("render")
@click.argument("puzzle")
@click.option("--solve", "solved", is_flag=True, help="Solve the puzzle and draw its solution.")
@click.option("--dots", is_flag=True, help="With --solve, mark white cells with a dot.")
@encoding_option
@timeout_option
@_OUTPUT
def render_command(
    puzzle: str,
    solved: bool,
    dots: bool,
    encoding: EncodingSet,
    timeout: float | None,
    output: str,
) -> None:
    """Draw PUZZLE (a file, a puzz.link URL or '-') as an SVG picture.

    With --solve, --encoding and --timeout work as for 'heyawake solve'.
    Exit status 1 when the puzzle cannot be read, or with --solve has no solution.
    """
    problem = _read(puzzle)
    grid = _first_solution(puzzle, problem, encoding, timeout) if solved else None
    _write(output, render_svg(problem, grid, dots))


@main.command("convert")
@click.argument("puzzle")
@click.option("--to", "fmt", type=click.Choice(list(FORMATS)), required=True, help="Target format.")
@_OUTPUT
def convert_command(puzzle: str, fmt: str, output: str) -> None:
    """Write PUZZLE (a file, a puzz.link URL or '-') in another format."""
    problem = _read(puzzle)
    try:
        with echoing_warnings():
            converted = write_puzzle(problem, fmt)
    except HeyawakeError as error:
        raise click.ClickException(f"{puzzle}: cannot write {fmt}: {error}") from None
    _write(output, converted)


def save_svg(path: str, puzzle: Puzzle, grid: Grid) -> None:
    """Write the picture of a solved puzzle to ``path`` (for ``solve --svg``)."""
    _write(path, render_svg(puzzle, grid))


def _read(source: str) -> Puzzle:
    """The puzzle, or a one-line error."""
    try:
        return read_puzzle_echoing_warnings(source)
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None


def _first_solution(
    source: str, puzzle: Puzzle, encoding: EncodingSet, timeout: float | None
) -> Grid:
    """A solution of the puzzle, or a one-line error when there is none."""
    call = functools.partial(solve, puzzle, encoding, check_unique=False, timeout=timeout)
    try:
        with Worker() as worker:
            check_programs(encoding, worker, timeout=timeout)
            here = runs_here(encoding, (), puzzle)
            result = isolated(call, source, None if here else worker, timeout)
    except HeyawakeError as error:
        raise click.ClickException(f"{source}: {error}") from None
    if not result.solutions:
        raise click.ClickException(f"{source}: {result.status}, no solution to draw")
    return result.solutions[0]


def _write(path: str, text: str) -> None:
    """Write ``text`` to the file ``path``, or to standard output for ``-``."""
    if path == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None
