"""Commands ``render`` (an SVG picture) and ``convert`` (between puzzle formats)."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from heyawake_asp.asp.encodings import EncodingSet
from heyawake_asp.cli import main
from heyawake_asp.cli.common import (
    check_programs,
    echoing_warnings,
    isolated,
    read_puzzle_or_fail,
    runs_here,
    solve_checked,
)
from heyawake_asp.cli.exits import WrongAnswer
from heyawake_asp.cli.options import encoding_option, reading_timeout_option, timeout_option
from heyawake_asp.cli.outputs import not_the_input, output_path, write_file
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import FORMATS, format_of_name, write_puzzle
from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.svg import render_svg
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.runtime.isolation import Worker
from heyawake_asp.solver import solve

__all__: list[str] = []

_OUTPUT = click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    metavar="FILE",
    callback=output_path,
    help="Where to write the result ('-': standard output; the folder must exist).",
)


@main.command("render")
@click.argument("puzzle")
@click.option("--solve", "solved", is_flag=True, help="Solve the puzzle and draw its solution.")
@click.option(
    "--dots", is_flag=True, help="Solve (implies --solve) and mark white cells with a dot."
)
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

    With --solve, --encoding and --timeout work as for 'heyawake solve', and
    the solution drawn passes the independent checker first; without it,
    --timeout bounds the reading. Exit status 1 when the puzzle cannot be
    read (in time), or with --solve has no solution; 3 when the checker
    rejects the solution.
    """
    not_the_input(output, puzzle, "--output")
    deadline = as_deadline(timeout)
    problem = read_puzzle_or_fail(puzzle, deadline)
    grid = _first_solution(puzzle, problem, encoding, deadline) if solved or dots else None
    write_file(output, render_svg(problem, grid, dots))


@main.command("convert")
@click.argument("puzzle")
@click.option(
    "--to",
    "fmt",
    type=click.Choice(list(FORMATS)),
    help="Target format (default: the one the output file's extension names).",
)
@reading_timeout_option
@_OUTPUT
def convert_command(puzzle: str, fmt: str | None, timeout: float | None, output: str) -> None:
    """Write PUZZLE (a file, a puzz.link URL or '-') in another format.

    The output file's extension (.lp, .json, .url, .txt) names the format it
    is read back as: --to may be left out then, and must agree with it.
    --timeout bounds the reading (exit status 1 past it).
    """
    not_the_input(output, puzzle, "--output")
    fmt = _target_format(fmt, output)
    problem = read_puzzle_or_fail(puzzle, as_deadline(timeout))
    try:
        with echoing_warnings():
            converted = write_puzzle(problem, fmt)
    except HeyawakeError as error:
        raise click.ClickException(f"{puzzle}: cannot write {fmt}: {error}") from None
    write_file(output, converted)


def _target_format(fmt: str | None, output: str) -> str:
    """``--to``, or the format the output's extension names; a usage error when they differ."""
    named = format_of_name(output)
    if fmt is None:
        if named is None:
            raise click.UsageError("Missing option '--to' (the output's name says no format).")
        return named
    puzz_links = fmt == "pzprv3" and named == "text"  # puzz.link saves .txt; read back by content
    if named is not None and fmt != named and not puzz_links:
        raise click.BadParameter(
            f"{output}: a {Path(output).suffix} file is read as {named}, not {fmt}",
            param_hint="'--output'",
        )
    return fmt


def save_svg(path: str, puzzle: Puzzle, grid: Grid) -> None:
    """Write the picture of a solved puzzle to ``path`` (for ``solve --svg``)."""
    write_file(path, render_svg(puzzle, grid))


def _first_solution(source: str, puzzle: Puzzle, encoding: EncodingSet, deadline: Deadline) -> Grid:
    """A checked solution of the puzzle, or a one-line error when there is none."""
    solver = functools.partial(solve, encoding=encoding, check_unique=False)
    call = functools.partial(solve_checked, puzzle, solver, deadline)
    try:
        with Worker() as worker:
            check_programs(encoding, worker, deadline=deadline)
            here = runs_here(encoding, (), puzzle)
            answer = isolated(call, source, None if here else worker, deadline)
    except HeyawakeError as error:
        raise click.ClickException(f"{source}: {error}") from None
    if answer.wrong is not None:
        raise WrongAnswer(f"{source}: {answer.wrong}")
    if not answer.result.solutions:
        raise click.ClickException(f"{source}: {answer.result.status}, no solution to draw")
    return answer.result.solutions[0]
