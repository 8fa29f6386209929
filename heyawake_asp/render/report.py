"""Suite reports: aligned text tables, CSV and JSON.

>>> print(table(["name", "s"], [["easy1", "0.010"]]))
name  s
----- -----
easy1 0.010
"""

from __future__ import annotations

import csv
import io
import json
import statistics
from collections.abc import Sequence
from typing import NamedTuple

from heyawake_asp.suite import ClassSummary, SuiteRecord, class_order

__all__ = ["class_table", "puzzle_table", "records_csv", "records_json", "table"]

_SINGLE_COLUMNS = [
    "puzzle", "class", "size", "rooms", "ground s", "solve s", "total s",
    "atoms", "rules", "conflicts", "unique", "checked",
]  # fmt: skip


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns under a header and a rule."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    rule = ["-" * width for width in widths]
    lines = [header, rule, *rows]
    return "\n".join(
        " ".join(f"{cell:<{width}}" for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in lines
    )


def puzzle_table(records: Sequence[SuiteRecord], encodings: Sequence[str]) -> str:
    """One row per puzzle: all figures for one encoding, or side by side for several."""
    records = sorted(records, key=class_order(records))
    if len(encodings) == 1:
        return table(_SINGLE_COLUMNS, [_single_row(record) for record in records])
    by_puzzle = _by_puzzle(records)
    header = ["puzzle", "class", "size", "rooms"]
    for index, encoding in enumerate(encodings):
        header += [f"{encoding} s", "atoms", "rules", "checked"]
        header += ["x first"] if index else []
    rows = [_side_by_side_row(group, encodings) for group in by_puzzle.values()]
    return table(header, rows)


def class_table(
    summaries: Sequence[ClassSummary],
    records: Sequence[SuiteRecord],
    encodings: Sequence[str],
) -> str:
    """Per class: count, median and max total seconds per encoding, and ratios to the first."""
    ratios = _class_ratios(records, encodings)
    header = ["class", "encoding", "puzzles", "median s", "max s", "failed", "median x first"]
    rows = [
        [
            summary.klass,
            summary.encoding,
            str(summary.count),
            f"{summary.median_seconds:.4f}",
            f"{summary.max_seconds:.4f}",
            str(summary.failures),
            _ratio_text(ratios.get((summary.klass, summary.encoding))),
        ]
        for summary in summaries
    ]
    return table(header, rows)


def records_csv(records: Sequence[SuiteRecord]) -> str:
    """The records as CSV with a header row."""
    buffer = io.StringIO()
    fields = list(records[0].as_dict()) if records else []
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(record.as_dict() for record in records)
    return buffer.getvalue()


def records_json(records: Sequence[SuiteRecord]) -> str:
    """The records as a JSON list of objects."""
    return json.dumps([record.as_dict() for record in records], indent=1) + "\n"


def _single_row(record: SuiteRecord) -> list[str]:
    """The full row of one record."""
    return [
        record.name,
        record.klass,
        record.size,
        str(record.rooms),
        f"{record.ground_seconds:.4f}",
        f"{record.solve_seconds:.4f}",
        f"{record.total_seconds:.4f}",
        str(record.atoms),
        str(record.rules),
        str(record.conflicts),
        _unique_text(record),
        _checked_text(record),
    ]


def _side_by_side_row(group: dict[str, SuiteRecord], encodings: Sequence[str]) -> list[str]:
    """One puzzle's row with each encoding's time, size and check.

    An encoding the run did not reach (it was interrupted) shows ``not run``.
    """
    first = group.get(encodings[0])
    some = next(iter(group.values()))
    row = [some.name, some.klass, some.size, str(some.rooms)]
    for index, encoding in enumerate(encodings):
        record = group.get(encoding)
        if record is None:
            row += ["-", "-", "-", "not run"]
        else:
            row += [
                f"{record.total_seconds:.4f}",
                str(record.atoms),
                str(record.rules),
                _checked_text(record),
            ]
        if index:
            row.append(_ratio_text(_ratio(record, first)))
    return row


def _by_puzzle(records: Sequence[SuiteRecord]) -> dict[tuple[str, str], dict[str, SuiteRecord]]:
    """Records grouped by puzzle, then keyed by encoding."""
    grouped: dict[tuple[str, str], dict[str, SuiteRecord]] = {}
    for record in records:
        grouped.setdefault((record.klass, record.path), {})[record.encoding] = record
    return grouped


class _Ratio(NamedTuple):
    """A time over the first encoding's; ``bound`` ``>`` or ``<`` where a run was stopped."""

    value: float
    bound: str = ""


def _class_ratios(
    records: Sequence[SuiteRecord], encodings: Sequence[str]
) -> dict[tuple[str, str], _Ratio | None]:
    """Median per class of each encoding's time over the first encoding's."""
    ratios: dict[tuple[str, str], list[_Ratio]] = {}
    for group in _by_puzzle(records).values():
        first = group.get(encodings[0])
        for encoding, record in group.items():
            ratio = _ratio(record, first)
            if ratio is not None:
                ratios.setdefault((record.klass, encoding), []).append(ratio)
    return {key: _median_ratio(values) for key, values in ratios.items()}


def _median_ratio(ratios: list[_Ratio]) -> _Ratio | None:
    """The median; a bound of the same kind when some ratios are bounds (None if of both kinds).

    A median cannot fall when a value rises, so bounds on values bound it.
    """
    bounds = {ratio.bound for ratio in ratios} - {""}
    if len(bounds) > 1:
        return None
    return _Ratio(statistics.median(ratio.value for ratio in ratios), "".join(bounds))


def _ratio(record: SuiteRecord | None, first: SuiteRecord | None) -> _Ratio | None:
    """The record's total time over the first encoding's.

    None if either is missing (not run), failed with an error, or both were
    stopped at the time limit; a lower bound (``>``) when only the record
    was stopped, an upper one (``<``) when only the first was.
    """
    if record is None or first is None or "error" in (record.status, first.status):
        return None
    if first.total_seconds <= 0:
        return None
    stopped, first_stopped = record.status == "timeout", first.status == "timeout"
    if stopped and first_stopped:
        return None
    bound = ">" if stopped else "<" if first_stopped else ""
    return _Ratio(record.total_seconds / first.total_seconds, bound)


def _ratio_text(ratio: _Ratio | None) -> str:
    """A ratio like ``2.50x``, ``>2.50x`` for a lower bound, ``-`` for none."""
    return "-" if ratio is None else f"{ratio.bound}{ratio.value:.2f}x"


def _unique_text(record: SuiteRecord) -> str:
    """``yes``, ``NO`` or ``-``."""
    return {True: "yes", False: "NO", None: "-"}[record.unique]


def _checked_text(record: SuiteRecord) -> str:
    """The check column; errors and unsolved puzzles show their status, loud unless expected."""
    if record.status != "solved":
        expected = record.expected is not None and not record.failed
        return f"{record.status} (expected)" if expected else record.status.upper()
    return "WRONG!" if record.checked == "WRONG" else record.checked
