"""Commands for puzzle authors: ``generate``, ``count``, ``analyze`` and ``explain``."""

from __future__ import annotations

import functools
import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import click

from heyawake_asp.analysis import SolutionCount, analyze, count_solutions, explain
from heyawake_asp.cli import main
from heyawake_asp.cli.common import (
    check_programs,
    encoding_option,
    isolated,
    read_puzzle_echoing_warnings,
    timeout_option,
)
from heyawake_asp.encodings import EncodingSet
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import FORMATS
from heyawake_asp.generate import (
    CLUE_DENSITIES,
    ClueDensity,
    Generated,
    generate,
    write_generated,
)
from heyawake_asp.isolation import Worker
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.render.marks import VARYING, ambiguity_svg, ambiguity_text, explanation_text
from heyawake_asp.tiling import ROOM_SIZES, RoomSize

__all__ = ["analyze_command", "count_command", "explain_command", "generate_command"]

_SIZE = re.compile(r"(\d+)x(\d+)")
_EXTENSIONS = {"kth": ".lp", "json": ".json", "url": ".url", "text": ".txt"}


@main.command("generate")
@click.option("--size", required=True, metavar="WxH", help="Grid width and height, e.g. 10x10.")
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the first puzzle [random].")
@click.option("--rooms", type=click.Choice(list(ROOM_SIZES)), default="medium", show_default=True)
@click.option("--clues", type=click.Choice(CLUE_DENSITIES), default="normal", show_default=True)
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("-o", "--output", metavar="DIR|FILE", help="Where to write [standard output].")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default="kth", show_default=True)
def generate_command(
    size: str,
    seed: int | None,
    rooms: str,
    clues: str,
    count: int,
    output: str | None,
    fmt: str,
) -> None:
    """Generate puzzles with exactly one solution, proved by the solver.

    Puzzle K of --count uses seed SEED+K-1, and the same seed always gives
    the same puzzle. With several puzzles, or an existing directory, -o names
    a directory, written as WxH-sSEED files. Progress goes to stderr.
    """
    width, height = _size(size)
    first = secrets.randbelow(10**6) if seed is None else seed
    shape = functools.partial(
        generate, width, height, rooms=cast(RoomSize, rooms), clues=cast(ClueDensity, clues)
    )
    with Worker() as worker:
        for number in range(count):
            start = time.perf_counter()
            call = functools.partial(shape, seed=first + number)
            with _one_line_errors():
                made = isolated(call, f"seed {first + number}", worker)
                text = write_generated(made, fmt)
            where = _save(text, output, count > 1, made, fmt)
            clued = sum(room.clue is not None for room in made.puzzle.rooms)
            click.echo(
                f"[{number + 1}/{count}] seed {made.seed}: {len(made.puzzle.rooms)} rooms, "
                f"{clued} clues, {time.perf_counter() - start:.2f} s{where}",
                err=True,
            )


@main.command("count")
@click.argument("puzzle")
@click.option("--limit", type=click.IntRange(min=1), default=100, show_default=True)
@timeout_option
@encoding_option
def count_command(puzzle: str, limit: int, timeout: float | None, encoding: EncodingSet) -> None:
    """Count the solutions of PUZZLE, up to --limit (shadings, each counted once)."""
    with Worker() as worker:
        check_programs(encoding, worker, timeout=timeout)
        problem = _read(puzzle)
        call = functools.partial(count_solutions, problem, limit, encoding, timeout)
        with _one_line_errors():
            stopped = functools.partial(SolutionCount, 0, exact=False)
            counted = isolated(call, puzzle, worker, timeout, stopped)
    noun = "solution" if counted.count == 1 else "solutions"
    if counted.exact:
        click.echo(f"{counted.count} {noun}")
    elif counted.count > limit:
        click.echo(f"more than {limit} solutions (the limit)")
    else:
        click.echo(f"at least {counted.count} {noun} (timed out)")


@main.command("analyze")
@click.argument("puzzle")
@click.option("--svg", "svg_path", metavar="FILE", help="Also draw the analysis as SVG.")
@encoding_option
def analyze_command(puzzle: str, svg_path: str | None, encoding: EncodingSet) -> None:
    """Show which cells all solutions agree on and which vary ('?').

    Exit status 1 when the puzzle has no solution.
    """
    with Worker() as worker:
        check_programs(encoding, worker)
        problem = _read(puzzle)
        with _one_line_errors():
            ambiguity = isolated(functools.partial(analyze, problem, encoding), puzzle, worker)
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
        _write(svg_path, ambiguity_svg(problem, ambiguity))


@main.command("explain")
@click.argument("puzzle")
@encoding_option
def explain_command(puzzle: str, encoding: EncodingSet) -> None:
    """Name a minimal set of clues of PUZZLE that cannot all hold together."""
    with Worker() as worker:
        check_programs(encoding, worker)
        problem = _read(puzzle)
        with _one_line_errors():
            explanation = isolated(functools.partial(explain, problem, encoding), puzzle, worker)
    if explanation.satisfiable:
        click.echo("the puzzle has a solution: nothing to explain")
        return
    click.echo(explanation_text(problem, explanation))
    if explanation.rooms_alone:
        click.echo("the rooms alone admit no shading, whatever the clues")
        return
    if explanation.most is not None:
        room = explanation.rooms[0]
        click.echo(
            f"room {room + 1} has clue {problem.rooms[room].clue} but can hold at most "
            f"{explanation.most} black cells"
        )
        return
    clues = ", ".join(f"room {room + 1} = {problem.rooms[room].clue}" for room in explanation.rooms)
    if len(explanation.rooms) == 1:
        click.echo(f"this clue cannot hold (room shaded): {clues}")
    else:
        click.echo(f"these {len(explanation.rooms)} clues cannot all hold (rooms shaded): {clues}")


def _size(text: str) -> tuple[int, int]:
    """``WxH`` as two positive integers, or a usage error."""
    match = _SIZE.fullmatch(text.strip().lower())
    if match is None or min(int(match[1]), int(match[2])) < 2:
        raise click.BadParameter(f"{text!r} is not WxH with both at least 2", param_hint="--size")
    return int(match[1]), int(match[2])


def _save(text: str, output: str | None, many: bool, made: Generated, fmt: str) -> str:
    """Write one puzzle to stdout, a file or a directory; `` -> PATH`` when written to a file."""
    if output is None:
        click.echo(text + ("\n" if many else ""), nl=False)
        return ""
    path = Path(output)
    if many or path.is_dir() or output.endswith("/"):
        size = f"{made.puzzle.width}x{made.puzzle.height}"
        path = path / f"{size}-s{made.seed}{_EXTENSIONS.get(fmt, '.txt')}"
    _write(str(path), text)
    return f" -> {path}"


def _write(path: str, text: str) -> None:
    """Write a file, making its directory; a one-line error when that fails."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None


def _read(source: str) -> Puzzle:
    """The puzzle, or a one-line error."""
    with _one_line_errors():
        return read_puzzle_echoing_warnings(source)


@contextmanager
def _one_line_errors() -> Iterator[None]:
    """Turn the library's errors in the block into one-line command errors."""
    try:
        yield
    except HeyawakeError as error:
        raise click.ClickException(str(error)) from None
