"""Command ``validate``: prove an encoding set right on small puzzles, or show where it is wrong."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

import click

from heyawake_asp.asp.encodings import EncodingSet
from heyawake_asp.cli import main
from heyawake_asp.cli.common import (
    check_programs,
    isolated,
    progress,
    read_puzzle_echoing_warnings,
)
from heyawake_asp.cli.options import encoding_set, extra_option, seconds
from heyawake_asp.cli.outputs import output_path
from heyawake_asp.cli.pictures import save_svg
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.validation import interrupted_text, validation_text
from heyawake_asp.runtime.deadline import Deadline
from heyawake_asp.runtime.isolation import Worker
from heyawake_asp.validation.validate import (
    DEFAULT_MAX_CELLS,
    Found,
    Validation,
    check_irregular,
    validate,
)
from heyawake_asp.variants import HEYAWAKE, VARIANTS

__all__: list[str] = []

_MAX_CELLS = 100
DEFAULT_TIME_LIMIT = 10.0


@main.command("validate")
@click.argument("encoding", metavar="ENCODING", callback=encoding_set)
@click.argument("puzzles", nargs=-1, metavar="[PUZZLE]...")
@click.option(
    "--against",
    metavar="NAME|DIR",
    callback=encoding_set,
    help="Compare with this encoding set instead of brute force.",
)
@click.option(
    "--max-cells",
    type=click.IntRange(min=1, max=_MAX_CELLS),
    default=DEFAULT_MAX_CELLS,
    show_default=True,
    metavar="N",
    help="Try every grid of up to N cells.",
)
@click.option(
    "--irregular", is_flag=True, help="Rooms of any connected shape, not only rectangles."
)
@click.option(
    "--variant",
    type=click.Choice(list(VARIANTS)),
    default=HEYAWAKE,
    show_default=True,
    help="The small puzzles are of this member of the family (docs/variants.md).",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Seed of the sample of tilings and numbers.",
)
@click.option(
    "--time-limit",
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    callback=seconds,
    metavar="S",
    help="Seconds each clingo call may take (grounding included).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@extra_option
@click.option(
    "--svg",
    metavar="FILE",
    callback=output_path,
    help="Draw the counterexample (the folder must exist).",
)
def validate_command(
    encoding: EncodingSet,
    puzzles: tuple[str, ...],
    against: EncodingSet | None,
    max_cells: int,
    irregular: bool,
    variant: str,
    seed: int,
    time_limit: float,
    as_json: bool,
    extra: tuple[str, ...],
    svg: str | None,
) -> None:
    """Compare ENCODING's answers with brute force on every small puzzle.

    Every grid of up to --max-cells cells, every tiling by rooms (a seeded
    sample where there are many), without numbers and with some: each
    shading ENCODING gives must pass the independent checker, each valid
    one must be given, and once. Then each PUZZLE given (brute-forced up to
    --max-cells cells). With --against, the two sets are compared instead
    of brute force. The first puzzle that fails is shrunk and shown with
    the shading at fault.

    Exit status: 0 when nothing differs, 1 on a counterexample or an error
    on some puzzle, 2 on a usage error, 130 when stopped by Ctrl-C (after
    saying how far it got, and drawing a counterexample found, not shrunk).
    """
    for option, chosen in (("ENCODING", encoding), ("--against", against)):
        try:
            if irregular and chosen is not None:
                check_irregular(chosen)
        except HeyawakeError as error:
            raise click.BadParameter(str(error), param_hint=f"'{option}'") from None
    given = [_read(source) for source in puzzles]
    so_far = [Validation((), 0, 0)]
    try:
        with Worker() as worker, progress("validating") as advance:
            check_programs(encoding, worker, extra, Deadline(time_limit), option="ENCODING")
            if against is not None:
                check_programs(against, worker, (), Deadline(time_limit), option="--against")
            run = functools.partial(_isolated, worker=worker)

            def on_puzzle(partial: Validation) -> None:
                so_far[0] = partial
                advance(1)

            validation = validate(
                encoding, against=against, max_cells=max_cells, irregular=irregular,
                variant=variant, seed=seed,
                extra=extra, puzzles=given, timeout=time_limit, run=run, on_puzzle=on_puzzle,
            )  # fmt: skip
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None
    except KeyboardInterrupt:
        _interrupted(so_far[0], as_json)
        raise
    _report(validation, as_json, svg)


def _isolated(call: Callable[[], Found], where: str, deadline: Deadline, worker: Worker) -> Found:
    """One clingo call in the worker's child, stopped at its ``deadline``."""
    return isolated(call, where, worker, deadline)


def _read(source: str) -> Puzzle:
    """A puzzle file, or a one-line error."""
    try:
        return read_puzzle_echoing_warnings(source)
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None


def _interrupted(partial: Validation, as_json: bool) -> None:
    """On Ctrl-C: how far the validation got, and a counterexample found (not shrunk) drawn."""
    if not partial.ok and not as_json:
        click.echo(validation_text(partial))
    click.echo(interrupted_text(partial), err=True)


def _report(validation: Validation, as_json: bool, svg: str | None) -> None:
    """Print the outcome, draw the counterexample, exit 1 when there is one."""
    found = validation.counterexample
    if svg and found is not None:
        save_svg(svg, found.puzzle, found.shading)
    if as_json:
        click.echo(json.dumps(validation.as_dict()))
    else:
        click.echo(validation_text(validation))
    if found is not None:
        raise SystemExit(1)
