"""Commands that explain how to solve a puzzle: ``steps``, ``hint`` and ``grade``."""

from __future__ import annotations

import json
import os
import re
from functools import partial

import click

from heyawake_asp.cli import main
from heyawake_asp.cli.common import isolated, overdue, read_puzzle_or_fail
from heyawake_asp.cli.corpora import corpus_options
from heyawake_asp.cli.options import puzzles_argument, timeout_option
from heyawake_asp.cli.outputs import not_the_input, output_folder, output_path, write_file
from heyawake_asp.cli.solving import not_drawn
from heyawake_asp.cli.walks import Walked, walk_each
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats.source import read_source
from heyawake_asp.puzzle import Puzzle, cell_name
from heyawake_asp.render.marks import conflict_words
from heyawake_asp.render.records import (
    grade_error_record,
    grade_record,
    hint_record,
    step_line_record,
    walk_error_record,
    walk_record,
)
from heyawake_asp.render.report import table
from heyawake_asp.render.steps import step_page, step_svgs
from heyawake_asp.render.text import render_text
from heyawake_asp.runtime.deadline import as_deadline
from heyawake_asp.runtime.isolation import Worker
from heyawake_asp.steps import (
    Grade,
    Step,
    Walkthrough,
    grade,
    hint,
    read_partial,
)

__all__: list[str] = []

_STEP_PICTURE = re.compile(r"step-[0-9]{3,}\.svg")
"""The names `steps --svg` gives its pictures; those it did not write this time are removed."""
_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON Lines.")


@main.command("steps")
@puzzles_argument
@_JSON
@click.option(
    "--svg",
    "svg_dir",
    metavar="DIR",
    callback=output_folder,
    help="Draw one SVG picture per step into DIR (made if missing; one PUZZLE).",
)
@click.option(
    "--html",
    "html_file",
    metavar="FILE",
    callback=output_path,
    help="Write one self-contained page to step through (one PUZZLE).",
)
@timeout_option
@corpus_options("Puzzles walked")
def steps_command(
    puzzles: tuple[str, ...],
    as_json: bool,
    svg_dir: str | None,
    html_file: str | None,
    timeout: float | None,
    jobs: int,
    cluster: str | None,
) -> None:
    """Explain each PUZZLE step by step, each step with a minimal reason.

    At the --timeout, the steps found so far. With --json, a line per step as
    it is found, then the path's record. Several puzzles: walked side by
    side, each under a line naming it (with --json, its lines; the step lines
    of puzzles walked at once interleave), in the order given; one that
    cannot be read is an error line and the others go on. Exit status 1
    when some puzzle has no solution, timed out or could not be read.
    """
    for option, value in (("--svg", svg_dir), ("--html", html_file)):
        if value is not None and len(puzzles) > 1:
            message = f"takes one PUZZLE, {len(puzzles)} were given"
            raise click.BadParameter(message, param_hint=f"'{option}'")
    not_the_input(html_file, puzzles[0], "--html")
    if _walk_each(puzzles, timeout, jobs, cluster, as_json, (svg_dir, html_file)):
        raise SystemExit(1)


def _walk_each(
    puzzles: tuple[str, ...],
    timeout: float | None,
    jobs: int,
    cluster: str | None,
    as_json: bool,
    pictures: tuple[str | None, str | None],
) -> bool:
    """Each puzzle's path printed, and drawn into the ``pictures`` asked for (`_draw`), in order.

    Whether some puzzle has none, has no solution or timed out. On Ctrl-C,
    the paths done and those under way (`walk_each`), then, of several
    puzzles, how many were done.
    """
    failed, done = False, 0
    try:
        lines = _print_step_line if as_json else None
        for walked in walk_each(puzzles, timeout, jobs, cluster, "walking", lines):
            if walked.puzzle is None or walked.walk is None:
                _show_unwalked(walked.source, walked.error, as_json)
                failed = True
                continue
            _show_walk(walked.source, walked.puzzle, walked.walk, as_json, len(puzzles) > 1)
            _draw(walked.source, walked.puzzle, walked.walk, *pictures)
            done += walked.walk.status != "interrupted"
            failed = failed or walked.walk.status in ("unsolvable", "timeout")
    except KeyboardInterrupt:
        if len(puzzles) > 1:
            click.echo(f"interrupted: {done} of {len(puzzles)} puzzles walked", err=True)
        raise
    return failed


def _draw(
    source: str, puzzle: Puzzle, walk: Walkthrough, svg_dir: str | None, html_file: str | None
) -> None:
    """The pictures asked for: one per step into ``svg_dir``, a page into ``html_file``."""
    if svg_dir is not None:
        _write_svgs(puzzle, walk, svg_dir)
    if html_file is not None:
        page = step_page(puzzle, walk, f"Heyawake steps: {source}", _ending(puzzle, walk))
        write_file(html_file, page)


def _show_walk(source: str, problem: Puzzle, walk: Walkthrough, as_json: bool, named: bool) -> None:
    """Print a path: its JSON line, or its steps and grid (under its source when ``named``)."""
    if as_json:
        click.echo(json.dumps(walk_record(source, walk)))
    else:
        if named:
            click.echo(source)
        _print_walk(problem, walk)


def _show_unwalked(source: str, message: str, as_json: bool) -> None:
    """Report a puzzle that has no path: its JSON line, or the error line."""
    if as_json:
        click.echo(json.dumps(walk_error_record(source, message)))
    else:
        click.echo(f"error: {message}", err=True)


def _print_step_line(source: str, number: int, step: Step) -> None:
    """A step's JSON line, as it is found."""
    click.echo(json.dumps(step_line_record(source, number, step)))


def _print_walk(puzzle: Puzzle, walk: Walkthrough) -> None:
    """Numbered steps, the grid they reach and how the path ends."""
    for number, step in enumerate(walk.steps, 1):
        click.echo(f"{number}. {step.text}")
    unsettled = {
        (x, y): "?" for y, row in enumerate(walk.grid) for x, char in enumerate(row) if char == "?"
    }
    shading = tuple(row.replace("?", ".") for row in walk.grid)
    undrawn = None if walk.status == "solved" else not_drawn(puzzle, "unsettled", "; --json has it")
    click.echo(undrawn or render_text(puzzle, shading, unsettled))
    click.echo(_ending(puzzle, walk))


def _ending(puzzle: Puzzle, walk: Walkthrough) -> str:
    """How the path ends, in one line."""
    steps, open_cells = len(walk.steps), "".join(walk.grid).count("?")
    if walk.status == "solved":
        return f"solved in {steps} steps: the unique solution"
    if walk.status == "several":
        return (
            f"several solutions: {steps} steps settle the cells all solutions share; "
            f"{open_cells} cells ('?') differ between them"
        )
    if walk.status == "timeout":
        return f"timed out after {steps} steps: {open_cells} cells ('?') not settled"
    if walk.status == "interrupted":
        return f"interrupted after {steps} steps: {open_cells} cells ('?') not settled"
    return f"no solution: {conflict_words(puzzle, walk.conflict, walk.most)}"


def _write_svgs(puzzle: Puzzle, walk: Walkthrough, folder: str) -> None:
    """``step-001.svg``, ... into ``folder`` (made when missing); older ``step-NNN.svg`` go."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise click.ClickException(f"{folder}: cannot make: {error.strerror or error}") from None
    written = set()
    for number, svg in enumerate(step_svgs(puzzle, walk), 1):
        written.add(f"step-{number:03d}.svg")
        write_file(os.path.join(folder, f"step-{number:03d}.svg"), svg)
    for entry in os.scandir(folder):
        if entry.name not in written and _STEP_PICTURE.fullmatch(entry.name):
            if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                _remove(entry.path)


def _remove(path: str) -> None:
    """Remove the file ``path``; a one-line error."""
    try:
        os.remove(path)
    except OSError as error:
        raise click.ClickException(f"{path}: cannot remove: {error.strerror or error}") from None


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
    if puzzle == given == "-":
        raise click.UsageError("PUZZLE and --given cannot both be '-' (standard input)")
    deadline = as_deadline(timeout)
    problem = read_puzzle_or_fail(puzzle, deadline, explaining=True)
    known = {}
    if given is not None:
        try:
            text = read_source(given)
        except HeyawakeError as error:  # named by the option: it is not the puzzle that is missing
            raise click.ClickException(f"--given: {error}") from None
        try:
            known = read_partial(text, given, problem)
        except HeyawakeError as error:
            raise click.ClickException(str(error)) from None
    with Worker() as worker:
        try:
            found = isolated(partial(hint, problem, known, deadline), puzzle, worker, deadline)
        except HeyawakeError as error:
            raise click.ClickException(f"{puzzle}: {error}") from None
    if as_json:
        click.echo(json.dumps(hint_record(puzzle, found)))
    elif found.unsolvable is not None:
        click.echo(f"no solution: {conflict_words(problem, found.unsolvable, found.most)}")
    elif found.conflict is not None:
        names = ", ".join(cell_name(cell) for cell in found.conflict)
        if len(found.conflict) == 1:
            click.echo(f"the given cell {names} holds in no solution")
        else:
            click.echo(f"these given cells cannot all hold in any solution: {names}")
    elif found.step is not None:
        click.echo(found.step.text)
    else:
        click.echo(_stuck(problem.cell_count - len(known)))
    if found.conflict is not None or found.unsolvable is not None:
        raise SystemExit(1)


def _stuck(open_cells: int) -> str:
    """Why a hint has no step: nothing is left, or the solutions left differ on every open cell."""
    if not open_cells:
        return "nothing left to settle"
    cells = "the open cell" if open_cells == 1 else f"each of the {open_cells} open cells"
    return f"nothing more can be settled: the solutions that fit differ on {cells}"


@main.command("grade")
@puzzles_argument
@_JSON
@timeout_option
@corpus_options("Puzzles graded")
def grade_command(
    puzzles: tuple[str, ...], as_json: bool, timeout: float | None, jobs: int, cluster: str | None
) -> None:
    """Grade each PUZZLE easy, medium, hard or expert from its path of steps.

    Several puzzles are walked side by side and give a table, in the order
    given (those that could not be graded are left out, each with an error
    line; with --json, a record with "error"). Exit status 1 when some
    puzzle could not be graded.
    """
    graded: list[tuple[str, Grade]] = []
    under_way: list[str] = []
    failed = False
    try:
        for walked in walk_each(puzzles, timeout, jobs, cluster, "grading"):
            if walked.walk is not None and walked.walk.status == "interrupted":
                if walked.walk.steps:  # no step yet tells nothing
                    under_way.append(_at_least(walked.source, walked.walk))
                continue
            found = _graded(walked, timeout, as_json)
            failed = failed or found is None
            if found is not None:
                graded.append((walked.source, found))
    except KeyboardInterrupt:
        if not as_json:  # the JSON lines are out already
            _print_grades(graded, len(puzzles))
        so_far = "".join(f"; {words}" for words in under_way)
        click.echo(f"interrupted: {len(graded)} of {len(puzzles)} puzzles graded{so_far}", err=True)
        raise
    if not as_json:
        _print_grades(graded, len(puzzles))
    if failed:
        raise SystemExit(1)


def _at_least(source: str, walk: Walkthrough) -> str:
    """What the steps of a path cut short by Ctrl-C tell: a score only grows along a path."""
    so_far = grade(walk)
    return (
        f"{source}: at least {so_far.label} after {so_far.steps} steps "
        f"(score at least {so_far.score:.1f})"
    )


def _graded(walked: Walked, timeout: float | None, as_json: bool) -> Grade | None:
    """The grade of one puzzle's path (its JSON line printed), or None with the reason reported."""
    source, walk = walked.source, walked.walk
    if walk is None or walked.puzzle is None:
        _not_graded(source, walked.error, "error", as_json)
        return None
    if walk.status == "timeout":  # a path cut short has no grade
        _not_graded(source, overdue(source, as_deadline(timeout)).message, "error", as_json)
        return None
    if walk.status == "unsolvable":
        message = f"{source}: {_ending(walked.puzzle, walk)}"
        _not_graded(source, message, "unsolvable", as_json)
        return None
    found = grade(walk)
    if as_json:
        click.echo(json.dumps(grade_record(source, found)))
    return found


_ENDS = {"solved": "", "several": "several solutions: graded on the cells they share"}
"""How a graded path ends, in words (any other status is shown as it is)."""


def _print_grades(graded: list[tuple[str, Grade]], asked: int) -> None:
    """One line for a single puzzle asked, else a table (nothing without grades)."""
    if not graded:
        return
    if asked == 1:
        found = graded[0][1]
        ends = _ENDS.get(found.status, found.status)
        click.echo(
            f"{found.label}: score {found.score_text}, {found.steps} steps, "
            f"hardest step costs {_hardest(found)}{'; ' + ends if ends else ''}"
        )
        return
    rows = [
        [source, g.label, g.score_text, str(g.steps), _hardest(g), g.status] for source, g in graded
    ]
    click.echo(table(["puzzle", "grade", "score", "steps", "hardest", "path"], rows))


def _hardest(graded: Grade) -> str:
    """``8 (connected)``: the hardest step's cost and kind."""
    return f"{graded.hardest_cost} ({graded.hardest_kind or '-'})"


def _not_graded(source: str, message: str, status: str, as_json: bool) -> None:
    """Report a puzzle that has no grade (``status``: ``error`` or ``unsolvable``)."""
    if as_json:
        click.echo(json.dumps(grade_error_record(source, message, status)))
    else:
        click.echo(f"error: {message}", err=True)
