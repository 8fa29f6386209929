"""Commands ``solve``, ``check`` and ``encodings``.

The SVG and JSON modules are imported where ``--svg`` and ``--json`` are
handled: a plain solve does without them (tests/test_startup.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import click

from heyawake_asp.asp.control import MAX_THREADS
from heyawake_asp.asp.encodings import DEFAULT_ENCODING, EncodingSet, encodings_dir, list_encodings
from heyawake_asp.cli import main
from heyawake_asp.cli.common import Answer, check_programs, isolated, runs_here, solve_checked
from heyawake_asp.cli.common import read_puzzle_echoing_warnings as _read
from heyawake_asp.cli.exits import FAILED, WRONG_ANSWER, one_line
from heyawake_asp.cli.options import (
    encoding_option,
    extra_option,
    puzzles_argument,
    reading_timeout_option,
    timeout_option,
)
from heyawake_asp.cli.outputs import not_the_input, output_path
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import read_source
from heyawake_asp.grid import read_grid
from heyawake_asp.oracles.checker import verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.text import render_text
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.runtime.isolation import Worker
from heyawake_asp.solver import MAX_MODELS, SolveResult, SolveStats, Status, solve

__all__: list[str] = []

DRAW_UNSOLVED_MAX_CELLS = 10_000
"""The largest puzzle drawn when unsolved (timed out, unsatisfiable): 10^6 cells take seconds."""


@main.command("solve")
@puzzles_argument
@click.option("--json", "as_json", is_flag=True, help="Print JSON Lines, one object per puzzle.")
@click.option(
    "--count",
    type=click.IntRange(min=0, max=MAX_MODELS),
    default=1,
    show_default=True,
    help="Show up to N solutions (0 = all).",
)
@click.option("--no-unique", is_flag=True, help="Do not check that the solution is unique.")
@timeout_option
@encoding_option
@extra_option
@click.option(
    "--threads",
    type=click.IntRange(min=1, max=MAX_THREADS),
    default=1,
    show_default=True,
    help="Parallel clingo solver threads.",
)
@click.option("--stats", is_flag=True, help="Show ground size, times, choices and conflicts.")
@click.option(
    "--svg",
    metavar="FILE",
    callback=output_path,
    help="Draw the solution as an SVG picture in FILE (one PUZZLE only).",
)
def solve_command(
    puzzles: tuple[str, ...],
    as_json: bool,
    count: int,
    no_unique: bool,
    timeout: float | None,
    encoding: EncodingSet,
    extra: tuple[str, ...],
    threads: int,
    stats: bool,
    svg: str | None,
) -> None:
    """Solve each PUZZLE (a file, a puzz.link URL or '-') and print its grid, or JSON with --json.

    Every solution shown passes the independent checker first. The puzzles
    are solved in a child process, so that Ctrl-C and --timeout stop clingo
    even while it grounds, and a program that needs more memory than the
    machine has free fails with an error instead of swapping.

    Exit status: 0 when every puzzle was solved, 1 when some puzzle was
    unsatisfiable, timed out or unreadable, 2 on a usage error, 3 when the
    checker rejected an answer (a wrong encoding), 130 on Ctrl-C.
    """
    if svg and len(puzzles) > 1:
        raise click.UsageError("--svg draws one puzzle: give a single PUZZLE")
    not_the_input(svg, puzzles[0], "--svg")
    deadline = as_deadline(timeout)  # the first puzzle's time includes checking the programs
    solver = functools.partial(
        solve, encoding=encoding, max_solutions=count, check_unique=not no_unique,
        threads=threads, extra=extra, statistics=as_json or stats,
    )  # fmt: skip
    report = functools.partial(
        _solve_one, solver=solver, here=functools.partial(runs_here, encoding, extra),
        as_json=as_json, svg=svg, stats=stats, named=len(puzzles) > 1,
    )  # fmt: skip
    statuses = []
    with Worker() as worker:
        check_programs(encoding, worker, extra, deadline)
        for source in puzzles:
            statuses.append(report(source, worker, deadline))
            deadline = as_deadline(timeout)
    if max(statuses):
        raise SystemExit(max(statuses))


def _solve_isolated(
    source: str,
    puzzle: Puzzle,
    solver: Callable[..., SolveResult],
    worker: Worker,
    deadline: Deadline,
    here: bool,
) -> Answer:
    """``solver(puzzle)``, checked, in the worker's child unless ``here``; a timeout if stopped."""

    def stopped() -> Answer:
        stats = SolveStats(0, 0, deadline.spent())
        return Answer(SolveResult("timeout", (), None, stats), stopped=True)

    call = functools.partial(solve_checked, puzzle, solver, deadline)
    return isolated(call, source, None if here else worker, deadline, stopped)


def _solve_one(
    source: str,
    worker: Worker,
    deadline: Deadline,
    solver: Callable[..., SolveResult],
    here: Callable[[Puzzle], bool],
    as_json: bool,
    svg: str | None,
    stats: bool,
    named: bool,
) -> int:
    """Read, solve and report one puzzle (in this process if ``here(puzzle)``); its exit status."""
    puzzle = None
    try:
        puzzle = _read(source, deadline)
        answer = _solve_isolated(source, puzzle, solver, worker, deadline, here(puzzle))
    except (HeyawakeError, click.ClickException) as error:  # one puzzle's error, not the batch's
        _report_error(source, str(error), puzzle, as_json)
        return FAILED
    if answer.wrong is not None:
        _report_error(source, answer.wrong, puzzle, as_json)
        return WRONG_ANSWER
    result = answer.result
    if svg and result.solutions:
        from heyawake_asp.cli.pictures import save_svg

        save_svg(svg, puzzle, result.solutions[0])
    if as_json:
        import json  # only for --json: a plain solve loads no JSON module

        from heyawake_asp.render.records import solve_record

        click.echo(json.dumps(solve_record(source, puzzle, result, answer.stopped)))
    else:
        _report_text(source, puzzle, answer, named, stats, deadline)
    return 0 if result.status == "solved" else FAILED


@main.command("check")
@click.argument("puzzle")
@click.argument("solution")
@reading_timeout_option
def check_command(puzzle: str, solution: str, timeout: float | None) -> None:
    """Check a SOLUTION file (rows of '#' black and '.' white) against PUZZLE.

    Either may be '-' for standard input. Prints every broken rule; exit
    status 1 when there is any, or when PUZZLE is not read within --timeout.
    """
    if puzzle == solution == "-":
        raise click.UsageError("PUZZLE and SOLUTION cannot both be '-' (standard input)")
    try:
        problem = _read(puzzle, as_deadline(timeout))
        grid = read_grid(read_source(solution), solution)
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None
    try:
        violations = verify(problem, grid)
    except ValueError as error:
        raise click.ClickException(f"{solution}: {error}") from None
    for violation in violations:
        click.echo(violation.message)
    if violations:
        raise SystemExit(1)
    click.echo("ok: all five rules hold")


@main.command("encodings")
def encodings_command() -> None:
    """List the named encoding sets, their files and what they do."""
    for encoding in list_encodings():
        marker = " (default)" if encoding.name == DEFAULT_ENCODING else ""
        marker += " (experimental)" if encoding.experimental else ""
        click.echo(f"{encoding.name}{marker}: {encoding.description}")
        for part in encoding.parts or encoding.files:
            click.echo(f"    {part.relative_to(encodings_dir())}")


def _report_error(source: str, message: str, puzzle: Puzzle | None, as_json: bool) -> None:
    """Report a puzzle that could not be read or solved."""
    located = one_line(message if message.startswith(source) else f"{source}: {message}")
    if as_json:
        import json

        from heyawake_asp.render.records import solve_error_record

        click.echo(json.dumps(solve_error_record(source, located, puzzle)))
    else:
        click.echo(f"error: {located}", err=True)


def _report_text(
    source: str, puzzle: Puzzle, answer: Answer, with_name: bool, stats: bool, deadline: Deadline
) -> None:
    """Print a result as drawn grids and a status line."""
    result = answer.result
    if with_name:
        click.echo(source)
    for number, grid in enumerate(result.solutions, 1):
        if len(result.solutions) > 1:
            click.echo(f"solution {number}")
        click.echo(render_text(puzzle, grid))
    if not result.solutions:
        click.echo(_unsolved_text(puzzle, result.status, deadline))
    click.echo(_status_line(result))
    if stats:
        click.echo(_stats_line(answer))


def _unsolved_text(puzzle: Puzzle, status: Status, deadline: Deadline) -> str:
    """What stands for the grid of a puzzle without a solution.

    Timed out: a line saying so (a blank grid tells nothing). Unsatisfiable:
    the puzzle drawn without shading, or a line saying why not (it would
    take seconds).
    """
    if status == "timeout":
        return f"no solution found: {deadline.overdue_message()}"
    return not_drawn(puzzle, "unsolved") or render_text(puzzle)


def not_drawn(puzzle: Puzzle, left: str, more: str = "") -> str | None:
    """``(the WxH grid is not drawn LEFT: ...)`` past `DRAW_UNSOLVED_MAX_CELLS`, else None."""
    if puzzle.cell_count <= DRAW_UNSOLVED_MAX_CELLS:
        return None
    return (
        f"(the {puzzle.width}x{puzzle.height} grid is not drawn {left}: "
        f"more than {DRAW_UNSOLVED_MAX_CELLS} cells{more})"
    )


def _status_line(result: SolveResult) -> str:
    """For example ``solved, unique, 0.012 s``."""
    words: list[str] = [result.status]
    if result.status == "solved":
        words.append(
            {True: "unique", False: "not unique", None: "uniqueness not checked"}[result.unique]
        )
    if len(result.solutions) > 1:
        words.append(f"{len(result.solutions)} solutions shown")
    words.append(f"{result.stats.total_seconds:.3f} s")
    return ", ".join(words)


def _stats_line(answer: Answer) -> str:
    """Ground size, times and search effort on one line (the total if stopped while grounding)."""
    stats = answer.result.stats
    if answer.stopped:
        return f"stopped while grounding, total {stats.total_seconds:.3f} s"
    times = (
        f"ground {stats.ground_seconds:.3f} s, solve {stats.solve_seconds:.3f} s, "
        f"total {stats.total_seconds:.3f} s"
    )
    if stats.atoms is None:
        return times
    return (
        f"{times}; {stats.atoms} atoms, {stats.rules} rules, "
        f"{stats.choices} choices, {stats.conflicts} conflicts"
    )
