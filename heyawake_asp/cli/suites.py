"""Command ``suite``: run instance suites and compare encodings."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from heyawake_asp.cli import main
from heyawake_asp.cli.common import timeout_option
from heyawake_asp.encodings import DEFAULT_ENCODING, resolve_encoding
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.render.report import class_table, puzzle_table, records_csv, records_json
from heyawake_asp.suite import SuiteEntry, SuiteRecord, discover, run_suite, summarise

__all__ = ["suite_command"]


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
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Puzzles solved in parallel worker processes.",
)
@timeout_option
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), help="Write results as CSV.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False), help="Write results as JSON.")
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False),
    help="Plot time per class and encoding (.png or .svg; the 'plot' extra).",
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
    independent checker. Exit status 1 when an answer is wrong or a puzzle
    is not solved.
    """
    names = list(encodings) or [DEFAULT_ENCODING]
    if plot_file:
        _check_plot_available(plot_file)
    try:
        for name in names:
            resolve_encoding(name)
        entries = discover(paths)
    except HeyawakeError as error:
        raise click.UsageError(str(error)) from None
    if not entries:
        raise click.UsageError("no puzzle files (*.lp) found under " + ", ".join(paths))
    records = _run_with_progress(entries, names, repeat, jobs, timeout)
    _report(records, names)
    _write_outputs(records, names, csv_file, json_file, plot_file)
    if any(record.failed for record in records) or len(records) < len(entries) * len(names):
        raise SystemExit(1)


def _run_with_progress(
    entries: list[SuiteEntry], names: list[str], repeat: int, jobs: int, timeout: float | None
) -> list[SuiteRecord]:
    """Run the suite with a progress bar on a terminal; on Ctrl-C keep what finished."""
    done: list[SuiteRecord] = []
    total = len(entries) * len(names)
    with click.progressbar(
        length=total, label="solving", file=sys.stderr, hidden=not sys.stderr.isatty()
    ) as bar:

        def on_record(record: SuiteRecord) -> None:
            done.append(record)
            bar.update(1)

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
    for record in records:
        if record.checked == "WRONG":
            click.secho(
                f"WRONG ANSWER: {record.name} with {record.encoding} fails the checker",
                fg="red",
                bold=True,
                err=True,
            )
        elif record.status == "error":
            click.echo(f"error: {record.error}", err=True)


def _write_outputs(
    records: list[SuiteRecord],
    names: list[str],
    csv_file: str | None,
    json_file: str | None,
    plot_file: str | None,
) -> None:
    """Write the machine-readable results and the plot that were asked for."""
    if csv_file:
        Path(csv_file).write_text(records_csv(records), encoding="utf-8")
    if json_file:
        Path(json_file).write_text(records_json(records), encoding="utf-8")
    if plot_file and records:
        from heyawake_asp.render.plot import plot_times

        plot_times(records, names, Path(plot_file))


def _check_plot_available(plot_file: str) -> None:
    """Fail early, with how to fix it, when a plot cannot be made."""
    if Path(plot_file).suffix.lower() not in {".png", ".svg"}:
        raise click.BadParameter("the plot file must end in .png or .svg", param_hint="'--plot'")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise click.UsageError(
            "--plot needs matplotlib: pip install 'heyawake-asp[plot]'"
        ) from None
