"""Command ``suite``: run instance suites and compare encodings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from heyawake_asp.asp.encodings import DEFAULT_ENCODING, resolve_encoding
from heyawake_asp.cli import main
from heyawake_asp.cli.common import echoing_warnings, progress
from heyawake_asp.cli.exits import FAILED, INTERRUPTED, WRONG_ANSWER, one_line
from heyawake_asp.cli.options import jobs_option, timeout_option
from heyawake_asp.cli.outputs import output_path, write_file
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.render.report import class_table, puzzle_table, records_csv, records_json
from heyawake_asp.suite import SuiteEntry, SuiteRecord, discover, run_suite, summarise

__all__: list[str] = []

_PLOT_EXTRA = "the 'plot' extra, pip install 'heyawake-asp[plot]'"


@main.command("suite")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--encoding",
    "encodings",
    multiple=True,
    metavar="NAME|DIR",
    help=f"Encoding set (repeatable; ratios are to the first). [default: {DEFAULT_ENCODING}]",
)
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Runs per puzzle; times are the median.",
)
@jobs_option(1, "Puzzles solved")
@timeout_option
@click.option(
    "--csv", "csv_file", metavar="FILE", callback=output_path, help="Write results as CSV."
)
@click.option(
    "--json", "json_file", metavar="FILE", callback=output_path, help="Write results as JSON."
)
@click.option(
    "--plot",
    "plot_file",
    metavar="FILE",
    callback=output_path,
    help=f"Plot time per class and encoding (.png or .svg; needs {_PLOT_EXTRA}).",
)
def suite_command(
    paths: tuple[str, ...],
    encodings: tuple[str, ...],
    repeat: int,
    jobs: int,
    timeout: float | None,
    csv_file: str | None,
    json_file: str | None,
    plot_file: str | None,
) -> None:
    """Solve every puzzle under PATH (directories are searched recursively).

    Prints a table per puzzle and a summary per class (the parent folder, or
    the file name without its number). Every solution goes through the
    independent checker. Output files are checked before the run: their
    folders must exist. Exit status 1 when a puzzle is not solved or a file
    cannot be written, 3 when the checker rejects an answer, 130 on Ctrl-C
    (after reporting the runs that finished).
    """
    names = list(encodings) or [DEFAULT_ENCODING]
    if plot_file:
        _check_plot_available(plot_file)
    try:
        for name in names:
            resolve_encoding(name)
        with echoing_warnings():
            entries = discover(paths)
    except HeyawakeError as error:
        raise click.UsageError(str(error)) from None
    if not entries:
        raise click.UsageError("no puzzle files (*.lp, *.txt) found under " + ", ".join(paths))
    records = _run_with_progress(entries, names, repeat, jobs, timeout)
    _report(records, names)
    written = _write_outputs(records, names, csv_file, json_file, plot_file)
    if len(records) < len(entries) * len(names):
        raise SystemExit(INTERRUPTED)
    if any(record.checked == "WRONG" for record in records):
        raise SystemExit(WRONG_ANSWER)
    if any(record.failed for record in records) or not written:
        raise SystemExit(FAILED)


def _run_with_progress(
    entries: list[SuiteEntry], names: list[str], repeat: int, jobs: int, timeout: float | None
) -> list[SuiteRecord]:
    """Run the suite with a progress bar on a terminal; on Ctrl-C keep what finished."""
    done: list[SuiteRecord] = []
    total = len(entries) * len(names)
    with progress("solving", total) as advance:

        def on_record(record: SuiteRecord) -> None:
            done.append(record)
            advance(1)

        try:
            run_suite(
                entries, names, repeat=repeat, jobs=jobs, timeout=timeout, on_record=on_record
            )
        except KeyboardInterrupt:
            click.echo(f"\ninterrupted: {len(done)} of {total} runs finished", err=True)
    return done


def _report(records: list[SuiteRecord], names: list[str]) -> None:
    """Print the per-puzzle table, the class summary and loud wrong answers."""
    if not records:
        return
    click.echo(puzzle_table(records, names))
    click.echo()
    click.echo(class_table(summarise(records), records, names))
    errors = []
    for record in records:
        if record.checked == "WRONG":
            click.secho(
                f"WRONG ANSWER: {record.name} with {record.encoding} fails the checker",
                fg="red",
                bold=True,
                err=True,
            )
        elif record.status == "error":
            errors.append(record.error)
    for error in dict.fromkeys(errors):  # a file that cannot be read fails every encoding alike
        click.echo(f"error: {one_line(error)}", err=True)


def _write_outputs(
    records: list[SuiteRecord],
    names: list[str],
    csv_file: str | None,
    json_file: str | None,
    plot_file: str | None,
) -> bool:
    """Write the machine-readable results and the plot that were asked for; whether all were.

    One that fails is an error line, and the others are still written.
    """
    writes: list[tuple[str | None, Callable[[str], None]]] = [
        (csv_file, lambda path: write_file(path, records_csv(records))),
        (json_file, lambda path: write_file(path, records_json(records))),
    ]
    if records:
        writes.append((plot_file, lambda path: _plot(records, names, path)))
    written = True
    for path, write in writes:
        if path:
            try:
                write(path)
            except click.ClickException as error:
                click.echo(f"error: {error.format_message()}", err=True)
                written = False
    return written


def _plot(records: list[SuiteRecord], names: list[str], path: str) -> None:
    """Save the plot; a one-line error when it cannot be written."""
    from heyawake_asp.render.plot import plot_times

    try:
        plot_times(records, names, Path(path))
    except OSError as error:
        raise click.ClickException(f"{path}: cannot write: {error.strerror or error}") from None


def _check_plot_available(plot_file: str) -> None:
    """Fail early, with how to fix it, when a plot cannot be made."""
    if Path(plot_file).suffix.lower() not in {".png", ".svg"}:
        raise click.BadParameter("the plot file must end in .png or .svg", param_hint="'--plot'")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError(f"--plot needs matplotlib: {_PLOT_EXTRA}") from None
