"""Commands that explain how to solve a puzzle: ``steps``, ``hint`` and ``grade``."""

from __future__ import annotations

import functools
import json
import os

import click

from heyawake_asp.cli import main
from heyawake_asp.cli.common import (
    isolated,
    read_puzzle_echoing_warnings,
    time_limit,
    until,
)
from heyawake_asp.cli.options import timeout_option
from heyawake_asp.cli.outputs import output_path, write_file
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats.source import read_source
from heyawake_asp.isolation import Worker
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.report import table
from heyawake_asp.render.steps import step_page, step_svgs
from heyawake_asp.render.text import render_text
from heyawake_asp.steps import (
    Walkthrough,
    grade_puzzle,
    hint,
    read_partial,
    steps,
    timed_out,
)
from heyawake_asp.steps.records import (
    grade_error_record,
    grade_record,
    hint_record,
    walk_record,
)
from heyawake_asp.steps.wording import cell_name

__all__ = ["grade_command", "hint_command", "steps_command"]

_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON Lines.")


def _read(source: str) -> Puzzle:
    """The puzzle, or a one-line error."""
    try:
        return read_puzzle_echoing_warnings(source)
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None


@main.command("steps")
@click.argument("puzzle")
@_JSON
@click.option("--svg", "svg_dir", metavar="DIR", help="Draw one SVG picture per step into DIR.")
@click.option(
    "--html",
    "html_file",
    metavar="FILE",
    callback=output_path,
    help="Write one self-contained page to step through.",
)
@timeout_option
def steps_command(
    puzzle: str, as_json: bool, svg_dir: str | None, html_file: str | None, timeout: float | None
) -> None:
    """Explain PUZZLE step by step, each step with a minimal reason.

    At the --timeout, the steps found so far. Exit status 1 when the puzzle
    has no solution or the time ran out.
    """
    problem = _read(puzzle)
    limit = time_limit(timeout)
    with Worker() as worker:
        walking = until(limit, functools.partial(steps, problem))
        walk = isolated(walking, puzzle, worker, limit, functools.partial(timed_out, problem))
    if as_json:
        click.echo(json.dumps(walk_record(puzzle, walk)))
    else:
        _print_walk(problem, walk)
    if svg_dir:
        _write_svgs(problem, walk, svg_dir)
    if html_file:
        write_file(html_file, step_page(problem, walk))
    if walk.status in ("unsolvable", "timeout"):
        raise SystemExit(1)


def _print_walk(puzzle: Puzzle, walk: Walkthrough) -> None:
    """Numbered steps, the grid they reach and how the path ends."""
    for number, step in enumerate(walk.steps, 1):
        click.echo(f"{number}. {step.text}")
    unsettled = {
        (x, y): "?" for y, row in enumerate(walk.grid) for x, char in enumerate(row) if char == "?"
    }
    shading = tuple(row.replace("?", ".") for row in walk.grid)
    click.echo(render_text(puzzle, shading, unsettled))
    if walk.status == "solved":
        click.echo(f"solved in {len(walk.steps)} steps: the unique solution")
    elif walk.status == "several":
        click.echo(
            f"several solutions: {len(walk.steps)} steps settle the cells all solutions share; "
            f"{len(unsettled)} cells ('?') differ between them"
        )
    elif walk.status == "timeout":
        click.echo(
            f"timed out after {len(walk.steps)} steps: {len(unsettled)} cells ('?') not settled"
        )
    else:
        clues = ", ".join(f"room {room + 1} = {puzzle.rooms[room].clue}" for room in walk.conflict)
        click.echo(f"no solution: these clues cannot all hold: {clues or 'the rooms alone'}")


def _write_svgs(puzzle: Puzzle, walk: Walkthrough, folder: str) -> None:
    """``step-001.svg``, ... into ``folder`` (made when missing)."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise click.ClickException(f"{folder}: cannot make: {error.strerror or error}") from None
    for number, svg in enumerate(step_svgs(puzzle, walk), 1):
        write_file(os.path.join(folder, f"step-{number:03d}.svg"), svg)


@main.command("hint")
@click.argument("puzzle")
@click.option(
    "--given",
    metavar="GRID",
    help="A partial shading: rows of '#', '.', '?' or blank ('-': stdin).",
)
@_JSON
@timeout_option
def hint_command(puzzle: str, given: str | None, as_json: bool, timeout: float | None) -> None:
    """The next step from the GRID cells settled so far (none: the empty grid).

    When the given cells already contradict every solution, names a minimal
    set of them that conflict instead, with exit status 1.
    """
    problem = _read(puzzle)
    known = {}
    if given is not None:
        try:
            known = read_partial(read_source(given), given, problem)
        except HeyawakeError as error:
            raise click.ClickException(str(error)) from None
    with Worker() as worker:
        call = functools.partial(hint, problem, known)
        found = isolated(call, puzzle, worker, time_limit(timeout))
    if as_json:
        click.echo(json.dumps(hint_record(puzzle, found)))
    elif found.conflict is not None:
        names = ", ".join(cell_name(cell) for cell in found.conflict)
        click.echo(f"these given cells cannot all hold in any solution: {names}")
    elif found.step is not None:
        click.echo(found.step.text)
    else:
        click.echo("nothing left to settle")
    if found.conflict is not None:
        raise SystemExit(1)


@main.command("grade")
@click.argument("puzzles", nargs=-1, required=True, metavar="PUZZLE...")
@_JSON
@timeout_option
def grade_command(puzzles: tuple[str, ...], as_json: bool, timeout: float | None) -> None:
    """Grade each PUZZLE easy, medium, hard or expert from its path of steps.

    Several puzzles give a table (those that could not be graded are left out, each
    with an error line; with --json, a record with "error"). Exit status 1 when some
    puzzle could not be graded.
    """
    rows = []
    failed = False
    with Worker() as worker:
        for source in puzzles:
            try:
                call = functools.partial(grade_puzzle, _read(source))
                graded = isolated(call, source, worker, time_limit(timeout))
            except click.ClickException as error:
                failed = True
                if as_json:
                    click.echo(json.dumps(grade_error_record(source, error.message)))
                else:
                    click.echo(f"error: {error.message}", err=True)
                continue
            if as_json:
                click.echo(json.dumps(grade_record(source, graded)))
            hardest = f"{graded.hardest_cost} ({graded.hardest_kind or '-'})"
            rows.append([source, graded.label, f"{graded.score:g}", str(graded.steps), hardest])
    if not as_json and rows and len(puzzles) == 1:
        source, label, score, count, hardest = rows[0]
        click.echo(f"{label}: score {score}, {count} steps, hardest step costs {hardest}")
    elif not as_json and rows:
        click.echo(table(["puzzle", "grade", "score", "steps", "hardest"], rows))
    if failed:
        raise SystemExit(1)
