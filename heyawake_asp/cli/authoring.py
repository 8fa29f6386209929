"""Commands for puzzle authors: ``generate``, ``count``, ``analyze``, ``explain``, ``suggest``."""

from __future__ import annotations

import functools
import json
import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

import click
from click.core import ParameterSource

from heyawake_asp.asp.encodings import EncodingSet
from heyawake_asp.authoring.generate import (
    CLUE_DENSITIES,
    ClueDensity,
    Generated,
    generate,
    write_generated,
)
from heyawake_asp.authoring.graded import START, Graded, Level, generate_graded
from heyawake_asp.authoring.suggest import Suggestion, suggest
from heyawake_asp.authoring.tiling import ROOM_SIZES, RoomSize
from heyawake_asp.cli import main
from heyawake_asp.cli.common import check_programs, isolated, read_puzzle_echoing_warnings
from heyawake_asp.cli.corpora import corpus_options, each_in_order
from heyawake_asp.cli.exits import FAILED, one_line
from heyawake_asp.cli.options import encoding_option, timeout_option
from heyawake_asp.cli.outputs import not_the_input, output_path, unwritable, write_file
from heyawake_asp.errors import HeyawakeError, so_far
from heyawake_asp.formats import FORMATS
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.queries import (
    Encoding,
    Explanation,
    SolutionCount,
    analyze,
    count_solutions,
    explain,
)
from heyawake_asp.render.marks import (
    VARYING,
    ambiguity_svg,
    ambiguity_text,
    conflict_words,
    explanation_text,
)
from heyawake_asp.render.records import suggestion_record
from heyawake_asp.render.suggestion import suggestion_words
from heyawake_asp.runtime.deadline import Deadline, as_deadline
from heyawake_asp.runtime.isolation import ChildFailed, Worker
from heyawake_asp.solver import MAX_MODELS
from heyawake_asp.variants import HEYAWAKE, VARIANTS

__all__: list[str] = []

_SIZE = re.compile(r"(\d+)x(\d+)")
MAX_GENERATED_CELLS = 2500
"""The largest puzzle generate makes (50x50): proving uniqueness grows steeply (40x40: minutes)."""
_EXTENSIONS = {"kth": ".lp", "json": ".json", "url": ".url", "text": ".txt"}

T = TypeVar("T")


def _size(_context: click.Context, _parameter: click.Parameter, text: str) -> tuple[int, int]:
    """``WxH`` as two integers of at least 2, within the generator's size; else a usage error."""
    match = _SIZE.fullmatch(text.strip().lower())
    if match is None or min(int(match[1]), int(match[2])) < 2:
        raise click.BadParameter(f"{text!r} is not WxH with both at least 2")
    width, height = int(match[1]), int(match[2])
    if width * height > MAX_GENERATED_CELLS:
        raise click.BadParameter(
            f"{width}x{height} has {width * height} cells; the generator makes at most "
            f"{MAX_GENERATED_CELLS} (proving a larger puzzle unique takes hours)"
        )
    return width, height


@main.command("generate")
@click.option(
    "--size",
    required=True,
    metavar="WxH",
    callback=_size,
    help=f"Grid width and height, e.g. 10x10 (at most {MAX_GENERATED_CELLS} cells).",
)
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the first puzzle [random].")
@click.option(
    "--rooms",
    type=click.Choice(list(ROOM_SIZES)),
    default="medium",
    show_default=True,
    help="How large the rooms are.",
)
@click.option(
    "--clues",
    type=click.Choice(CLUE_DENSITIES),
    default="normal",
    show_default=True,
    help="How many rooms keep their number.",
)
@click.option(
    "--variant",
    type=click.Choice([name for name, variant in VARIANTS.items() if variant.counts]),
    default=HEYAWAKE,
    show_default=True,
    help="The member of the family (docs/variants.md); not with --grade or --format kth.",
)
@click.option(
    "--grade",
    "level",
    type=click.Choice(list(START)),
    help="Only a puzzle of this grade (as 'heyawake grade'); --rooms and --clues vary then.",
)
@click.option(
    "--count",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many puzzles; puzzle K uses seed SEED+K-1.",
)
@click.option(
    "-o",
    "--output",
    metavar="DIR|FILE",
    help="Where to write [standard output]; a directory is made if missing.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(list(FORMATS)),
    default="kth",
    show_default=True,
    help="The puzzle format written.",
)
@timeout_option
@corpus_options("Puzzles generated")
def generate_command(
    size: tuple[int, int],
    seed: int | None,
    rooms: str,
    clues: str,
    variant: str,
    level: str | None,
    count: int,
    output: str | None,
    fmt: str,
    timeout: float | None,
    jobs: int,
    cluster: str | None,
) -> None:
    """Generate puzzles with exactly one solution, proved by the solver.

    Puzzle K of --count uses seed SEED+K-1, and the same seed always gives
    the same puzzle; several are made side by side and written in seed
    order, and a seed that gives none is an error line (exit status 1)
    while the others go on. With several puzzles, an existing directory or a name
    ending in '/', -o names a directory (made if missing), written as
    WxH-sSEED files. With --grade, attempts from the seed try room sizes
    and clue densities in turn until one grades as asked. Progress goes to
    stderr.
    """
    width, height = size
    context = click.get_current_context()
    for name in ("rooms", "clues"):
        if level is not None and context.get_parameter_source(name) != ParameterSource.DEFAULT:
            raise click.BadParameter(
                "not with --grade, which chooses rooms and clues itself", param_hint=f"'--{name}'"
            )
    if variant != HEYAWAKE and (level is not None or fmt == "kth"):
        raise click.BadParameter(
            "not with --grade (Heyawake's grades), nor in KTH (Heyawake only): choose "
            "--format text, json, url or pzprv3",
            param_hint="'--variant'",
        )
    if output == "":
        raise click.BadParameter("'': no such file (the name is empty)", param_hint="'--output'")
    many = count > 1 or (output is not None and (output.endswith("/") or Path(output).is_dir()))
    if output is not None and not many and unwritable(output):
        raise click.BadParameter(f"{output}: {unwritable(output)}", param_hint="'--output'")
    first = secrets.randbelow(10**6) if seed is None else seed
    shape: Callable[..., Generated | Graded] = functools.partial(
        generate,
        width,
        height,
        rooms=cast(RoomSize, rooms),
        clues=cast(ClueDensity, clues),
        variant=variant,
    )
    if level is not None:
        shape = functools.partial(generate_graded, width, height, cast(Level, level))
    seeds = [first + number for number in range(count)]
    calls = [functools.partial(_made, shape, seed, timeout) for seed in seeds]
    saving = _Saving(output, many, fmt)
    held: dict[int, _Made | ChildFailed] = {}
    saved: list[bool] = []

    def save(number: int, outcome: _Made | ChildFailed) -> None:
        saved.append(_saved(outcome, f"[{number + 1}/{count}]", seeds[number], saving))

    outcomes = each_in_order(calls, timeout, jobs, cluster, held=held)
    try:
        with closing(outcomes):
            for number, outcome in enumerate(outcomes):
                save(number, outcome)
    except KeyboardInterrupt:
        for number, outcome in sorted(held.items()):
            save(number, outcome)
        click.echo(f"interrupted: {sum(saved)} of {count} puzzles made", err=True)
        raise
    if not all(saved):
        raise SystemExit(FAILED)


@dataclass(frozen=True)
class _Made:
    """A puzzle generated in a child and the seconds it took; without one, ``error`` says why."""

    found: Generated | Graded | None
    seconds: float
    error: str = ""


@dataclass(frozen=True)
class _Saving:
    """Where generate writes: ``output`` (None: standard output), a directory if ``many``."""

    output: str | None
    many: bool
    fmt: str


def _made(shape: Callable[..., Generated | Graded], seed: int, seconds: float | None) -> _Made:
    """In a child: ``shape(seed=seed)`` within ``seconds``, timed; or why it made no puzzle."""
    start = time.perf_counter()
    try:
        found = shape(seed=seed, timeout=as_deadline(seconds))
    except TimeoutError:
        why = f"seed {seed}: {as_deadline(seconds).overdue_message()}"
        return _Made(None, time.perf_counter() - start, why)
    except HeyawakeError as error:
        return _Made(None, time.perf_counter() - start, str(error))
    return _Made(found, time.perf_counter() - start)


def _saved(outcome: _Made | ChildFailed, number: str, seed: int, saving: _Saving) -> bool:
    """Write a generated puzzle, with its progress line (``[K/N] seed S: ...``); whether it was.

    A puzzle not made (also: its child failed) is an error line instead.
    """
    if isinstance(outcome, ChildFailed):  # out of memory, or stopped while clingo ground
        outcome = _Made(None, 0.0, f"seed {seed}: {outcome}")
    if outcome.found is None:
        click.echo(f"error: {one_line(outcome.error)}", err=True)
        return False
    found = outcome.found
    made = found.generated if isinstance(found, Graded) else found
    with _one_line_errors():
        text = write_generated(made, saving.fmt, found.header)
    where = _save(text, saving.output, saving.many, made.puzzle, seed, saving.fmt)
    made_rooms = len(made.puzzle.rooms)
    clued = sum(room.clue is not None for room in made.puzzle.rooms)
    graded = ""
    if isinstance(found, Graded):
        graded = f", {found.grade.label} at attempt {found.attempts}"
    click.echo(
        f"{number} seed {seed}: {made_rooms} room{'s' * (made_rooms != 1)}, "
        f"{clued} clue{'s' * (clued != 1)}{graded}, {outcome.seconds:.2f} s{where}",
        err=True,
    )
    return True


@main.command("count")
@click.argument("puzzle")
@click.option(
    "--limit",
    type=click.IntRange(min=1, max=MAX_MODELS),
    default=100,
    show_default=True,
    help="Stop counting past N solutions.",
)
@timeout_option
@encoding_option
def count_command(puzzle: str, limit: int, timeout: float | None, encoding: EncodingSet) -> None:
    """Count the solutions of PUZZLE, up to --limit (shadings, each counted once).

    PUZZLE is a file, a puzz.link URL or '-'. Exit status 1 when it cannot
    be read or the count timed out.
    """
    deadline = as_deadline(timeout)
    count = functools.partial(count_solutions, limit=limit, encoding=encoding, timeout=deadline)
    counting = functools.partial(so_far, count)
    stopped = functools.partial(SolutionCount, 0, exact=False)
    _, counted = _run_on(puzzle, encoding, deadline, counting, stopped)
    noun = "solution" if counted.count == 1 else "solutions"
    if counted.exact:
        click.echo(f"{counted.count} {noun}")
    elif counted.count > limit:
        click.echo(f"more than {limit} solutions (the limit)")
    else:
        click.echo(f"at least {counted.count} {noun} (timed out)")
        raise SystemExit(FAILED)


@main.command("analyze")
@click.argument("puzzle")
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    callback=output_path,
    help="Also draw the analysis as SVG (the folder must exist).",
)
@encoding_option
@timeout_option
def analyze_command(
    puzzle: str, svg_path: str | None, encoding: EncodingSet, timeout: float | None
) -> None:
    """Show which cells all solutions agree on and which vary (drawn ▒).

    PUZZLE is a file, a puzz.link URL or '-'. Exit status 1 when the puzzle
    has no solution or cannot be read.
    """
    not_the_input(svg_path, puzzle, "--svg")
    deadline = as_deadline(timeout)
    analysis = functools.partial(analyze, encoding=encoding, timeout=deadline)
    problem, ambiguity = _run_on(puzzle, encoding, deadline, analysis)
    if not ambiguity.solvable:
        raise click.ClickException(f"{puzzle}: no solution (try 'heyawake explain')")
    click.echo(ambiguity_text(problem, ambiguity))
    if ambiguity.varying:
        click.echo(
            f"{len(ambiguity.varying)} cells vary between solutions ({VARYING}); "
            f"{len(ambiguity.black)} are black and {len(ambiguity.white)} white in all"
        )
    else:
        click.echo("unique: every cell is the same in all solutions")
    if svg_path:
        write_file(svg_path, ambiguity_svg(problem, ambiguity))


@main.command("explain")
@click.argument("puzzle")
@encoding_option
@timeout_option
def explain_command(puzzle: str, encoding: EncodingSet, timeout: float | None) -> None:
    """Name a minimal set of clues of PUZZLE that cannot all hold together.

    PUZZLE is a file, a puzz.link URL or '-'. Exit status 0 also when the
    puzzle has a solution (nothing to explain); 1 when it cannot be read.
    """
    deadline = as_deadline(timeout)
    explaining = functools.partial(explain, encoding=encoding, timeout=deadline)
    problem, explanation = _run_on(puzzle, encoding, deadline, explaining)
    if explanation.satisfiable:
        click.echo("the puzzle has a solution: nothing to explain")
        return
    click.echo(explanation_text(problem, explanation))
    click.echo(conflict_words(problem, explanation.rooms, explanation.most, shaded=True))


@main.command("suggest")
@click.argument("puzzle")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as a JSON object.")
@encoding_option
@timeout_option
def suggest_command(
    puzzle: str, as_json: bool, encoding: EncodingSet, timeout: float | None
) -> None:
    """Suggest a number for a room of PUZZLE that makes its solution unique.

    A number for an unnumbered room, or another for a numbered one; when no
    single number makes it unique, the one that leaves the fewest solutions,
    then two or three numbers that make it unique together, or else a room
    cut in two. PUZZLE is a file, a puzz.link URL or '-'. Exit status 0 when
    the answer is unique or becomes unique as suggested; 1 when nothing
    suggested makes it unique, the puzzle has no solution or cannot be read.
    """
    deadline = as_deadline(timeout)
    suggesting = functools.partial(_suggested, encoding=encoding, timeout=deadline)
    problem, found = _run_on(puzzle, encoding, deadline, suggesting)
    if as_json:
        click.echo(json.dumps(suggestion_record(puzzle, found.suggestion)))
    elif found.explanation is None:
        click.echo(suggestion_words(problem, found.suggestion))
    else:
        why = found.explanation
        raise click.ClickException(
            f"{puzzle}: no solution: {conflict_words(problem, why.rooms, why.most)}"
        )
    if not found.suggestion.makes_unique:
        raise SystemExit(FAILED)


@dataclass(frozen=True)
class _Suggested:
    """A suggestion and, for a puzzle without a solution, why it has none."""

    suggestion: Suggestion
    explanation: Explanation | None


def _suggested(puzzle: Puzzle, encoding: Encoding, timeout: Deadline) -> _Suggested:
    """`suggest`, then `explain` when there is no solution; both to the one deadline."""
    found = suggest(puzzle, encoding, timeout)
    why = explain(puzzle, encoding, timeout) if found.status == "none" else None
    return _Suggested(found, why)


def _save(text: str, output: str | None, many: bool, puzzle: Puzzle, seed: int, fmt: str) -> str:
    """Write one puzzle to stdout, a file or a directory; `` -> PATH`` when written to a file."""
    if output is None:
        click.echo(text + ("\n" if many else ""), nl=False)
        return ""
    path = Path(output)
    if many:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise click.ClickException(f"{path}: cannot make: {error.strerror or error}") from None
        size = f"{puzzle.width}x{puzzle.height}"
        path = path / f"{size}-s{seed}{_EXTENSIONS.get(fmt, '.txt')}"
    write_file(str(path), text)
    return f" -> {path}"


def _run_on(
    puzzle: str,
    encoding: EncodingSet,
    deadline: Deadline,
    work: Callable[..., T],
    timed_out: Callable[[], T] | None = None,
) -> tuple[Puzzle, T]:
    """``work(problem)`` in a worker, stopped at the ``deadline``."""
    with Worker() as worker:
        check_programs(encoding, worker, deadline=deadline)
        with _one_line_errors():
            problem = read_puzzle_echoing_warnings(puzzle, deadline)
        call = functools.partial(work, problem)
        with _one_line_errors(puzzle):
            return problem, isolated(call, puzzle, worker, deadline, timed_out)


@contextmanager
def _one_line_errors(where: str | None = None) -> Iterator[None]:
    """Turn the library's errors in the block into one-line command errors, located at WHERE."""
    try:
        yield
    except HeyawakeError as error:
        message = str(error)
        if where is not None and not message.startswith(where):
            message = f"{where}: {message}"
        raise click.ClickException(message) from None
