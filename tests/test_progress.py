"""Long commands show progress on stderr when it is a terminal, and nothing new otherwise."""

from __future__ import annotations

import io
import types

import pytest
from click.testing import CliRunner
from helpers import REPO

from heyawake_asp.cli import common, main
from heyawake_asp.cli.common import progress

EASY = sorted(str(path) for path in (REPO / "instances" / "easy").glob("*.lp"))[:2]


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Always a terminal."""
        return True


def _on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """Make the progress helper see a terminal as stderr; return what it is sent."""
    terminal = _Terminal()
    monkeypatch.setattr(common, "sys", types.SimpleNamespace(stderr=terminal))
    return terminal


def test_progress_is_drawn_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _on_a_terminal(monkeypatch)
    with progress("grading", 2) as advance:
        advance(2)
    assert "grading" in terminal.getvalue() and "100%" in terminal.getvalue()
    elsewhere = io.StringIO()
    monkeypatch.setattr(common, "sys", types.SimpleNamespace(stderr=elsewhere))
    with progress("grading", 2) as advance:
        advance(2)
    assert elsewhere.getvalue() == ""


def test_progress_without_a_length_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _on_a_terminal(monkeypatch)
    with progress("validating") as advance:
        advance(3)
    assert "validating" in terminal.getvalue() and "3" in terminal.getvalue()


@pytest.mark.parametrize(
    ("args", "label"),
    [
        (["validate", "grow", "--max-cells", "3"], "validating"),
        (["grade", *EASY], "grading"),
        (["grade", EASY[0]], "walking"),  # one puzzle: the cells its walk settles
        (["steps", EASY[0]], "walking"),
    ],
)
def test_long_commands_show_progress_on_a_terminal_only(
    args: list[str], label: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = CliRunner().invoke(main, args)
    assert plain.exit_code == 0 and plain.stderr == ""
    terminal = _on_a_terminal(monkeypatch)
    shown = CliRunner().invoke(main, args)
    assert shown.stdout == plain.stdout and shown.stderr == ""
    assert label in terminal.getvalue()
    assert label == "validating" or "100%" in terminal.getvalue()  # validate counts, no length
