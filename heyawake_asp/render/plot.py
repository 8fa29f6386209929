"""Plot suite times per class and encoding (needs the optional ``plot`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from heyawake_asp.suite import SuiteRecord, class_order

__all__ = ["plot_times"]


def plot_times(records: Sequence[SuiteRecord], encodings: Sequence[str], path: Path) -> None:
    """Save a strip plot of total seconds per class, one colour per encoding, log scale."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(records, key=class_order(records))  # as in the tables: easy before hard
    classes = list(dict.fromkeys(record.klass for record in ordered))
    figure, axes = plt.subplots(figsize=(max(6.0, 1.6 * len(classes) * len(encodings)), 4.5))
    width = 0.8 / len(encodings)
    for index, encoding in enumerate(encodings):
        for position, klass in enumerate(classes):
            times = [
                r.total_seconds
                for r in records
                if r.encoding == encoding and r.klass == klass and r.status == "solved"
            ]
            x = position - 0.4 + width * (index + 0.5)
            axes.scatter(
                [x] * len(times),
                times,
                s=14,
                color=f"C{index}",
                alpha=0.7,
                label=encoding if position == 0 else None,
            )
    axes.set_xticks(range(len(classes)), classes)
    axes.set_yscale("log")
    axes.set_ylabel("total seconds per puzzle (log scale)")
    axes.set_title("heyawake suite: time per class and encoding")
    axes.grid(axis="y", which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
