"""Find encoding sets: the ``.lp`` programs that state the five rules.

A named set is an entry file ``encodings/NAME.lp`` (shipped inside the
package), or ``encodings/experimental/NAME.lp`` for a set kept for
comparison, made of ``#include`` lines; its first comment line is
``% NAME: description``. A directory of ``.lp`` files, or a single ``.lp``
file, is a set of its own. An entry's header may declare
``% requires: rectangular rooms``, ``% clingo-options: --opt=value ...``
(options the set was tuned with, passed to clingo before the caller's),
``% irregular: FILE ...`` (programs, relative to the entry, loaded only for
a puzzle with a room that is not a rectangle) and ``% dense-rooms: search``
(decide puzzles with a dense room by the usual search alone, not by
maximising the room's black cells first: see `heyawake_asp.asp.bounds`) and
``% run-rule: FILE ...`` (the files, among those it includes and those for
irregular rooms, that state rule 5: left out for a variant without it). Header lines are read from
the entry alone: an entry that includes another repeats the lines it needs.
Nothing is cached: a set is read afresh each time it is resolved.

>>> resolve_encoding("reach").name
'reach'
>>> resolve_encoding("tree").experimental
True
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, replace
from pathlib import Path

from heyawake_asp.errors import EncodingError, PuzzleFormatError
from heyawake_asp.formats.source import read_bytes
from heyawake_asp.shipped import shipped_dir
from heyawake_asp.variants import variant_named

__all__ = [
    "DEFAULT_ENCODING",
    "EncodingSet",
    "analysis_program",
    "as_encoding_set",
    "encodings_dir",
    "is_shipped",
    "list_encodings",
    "resolve_encoding",
]

DEFAULT_ENCODING = "grow"
EXPERIMENTAL = "experimental"
"""The folder, inside `encodings_dir`, of the named sets kept only for comparison."""
_INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*\.', re.MULTILINE)
_REQUIRES_RECTANGLES = re.compile(r"^%\s*requires:\s*rectangular rooms\s*$", re.MULTILINE)
_OPTIONS = re.compile(r"^%\s*clingo-options:(.*)$", re.MULTILINE)
_IRREGULAR = re.compile(r"^%\s*irregular:(.*)$", re.MULTILINE)
_SEARCH_DENSE = re.compile(r"^%\s*dense-rooms:\s*search\s*$", re.MULTILINE)
_RUN_RULE = re.compile(r"^%\s*run-rule:(.*)$", re.MULTILINE)
_STATEMENT = re.compile(r"^(?!\s*(?:%|#include\b|$)).+", re.MULTILINE)
"""A line of an entry that is neither a comment, an include nor blank: a rule of its own."""


@dataclass(frozen=True)
class EncodingSet:
    """The programs to load for one formulation of the rules.

    ``name`` is a named set's name, else the path the user gave (a
    directory's or an entry file's), so that a copy of a named set is never
    taken for it. ``files`` are handed to clingo for every puzzle, ``irregular`` as well
    for a puzzle with a room that is not a rectangle. ``experimental`` marks
    a named set from ``encodings/experimental/``. ``maximise_dense`` is false
    when puzzles with a dense room are left to the usual search. ``run_rule``
    are the files that state rule 5 (the entry's ``% run-rule:`` line).
    ``variants`` is the folder of ``encodings/`` whose programs state a
    variant's rule for this set (the steps engine's hold switchable instances).
    """

    name: str
    files: tuple[Path, ...]
    description: str
    requires_rectangles: bool = False
    options: tuple[str, ...] = ()
    experimental: bool = False
    irregular: tuple[Path, ...] = ()
    maximise_dense: bool = True
    run_rule: tuple[Path, ...] = ()
    variants: str = "variants"

    def without_run_rule(self) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
        """The files and irregular rooms' files to load for rules without rule 5.

        Raises
        ------
        EncodingError
            When the set does not say which of its files state rule 5, or
            one of them is not a file it includes.
        """
        included = self._included()
        irregular = tuple(Path(os.path.normpath(path)) for path in self.irregular)
        own = any(_STATEMENT.search(_read(entry)) for entry in self.files[:1])
        if own or not self.run_rule or not set(self.run_rule) <= {*included, *irregular}:
            raise EncodingError(
                f"encoding set {self.name!r} does not name the files of its rule 5 among those "
                "it includes ('% run-rule: FILE ...'), or states rules in its entry: it cannot "
                "leave rule 5 out"
            )
        return (
            tuple(path for path in included if path not in self.run_rule),
            tuple(path for path in irregular if path not in self.run_rule),
        )

    @property
    def parts(self) -> tuple[Path, ...]:
        """The files a listing shows: what an entry includes and names for irregular rooms."""
        if len(self.files) != 1:
            return self.files
        irregular = (Path(os.path.normpath(path)) for path in self.irregular)
        return (*self._included(), *irregular)

    def _included(self) -> tuple[Path, ...]:
        """What an entry includes (the files themselves for a directory's set)."""
        if len(self.files) != 1:
            return self.files
        entry = self.files[0]
        included = (entry.parent / name for name in included_names(_read(entry)))
        return tuple(Path(os.path.normpath(path)) for path in included)


def included_names(program: str) -> list[str]:
    """The files a program's text includes (``#include "NAME".`` lines), as written."""
    return _INCLUDE.findall(program)


def encodings_dir() -> Path:
    """The folder of named sets: inside the installed package, else the checkout's."""
    return shipped_dir("encodings")


def analysis_program(name: str) -> Path:
    """A helper program shipped in ``encodings/analysis/``."""
    return encodings_dir() / "analysis" / f"{name}.lp"


def assumable_numbers(variant: str) -> Path:
    """The helper program that puts each room's number behind an assumption, for ``variant``.

    ``assumable_clues.lp`` for numbers that count black cells, ``assumable_areas.lp`` for areas.
    """
    return analysis_program(f"assumable_{variant_named(variant).numbers}s")


def variant_program(name: str, folder: str = "variants") -> Path:
    """A variant's rule, shipped in ``encodings/FOLDER/`` (loaded beside any set's rules)."""
    return encodings_dir() / folder / name


def as_encoding_set(encoding: str | Path | EncodingSet) -> EncodingSet:
    """The set a name or path stands for (a set is taken as it is)."""
    return encoding if isinstance(encoding, EncodingSet) else resolve_encoding(encoding)


def is_shipped(encoding: EncodingSet) -> bool:
    """Whether a set is one of the named sets of `encodings_dir` (tested with the package)."""
    folders = (encodings_dir(), encodings_dir() / EXPERIMENTAL)
    return len(encoding.files) == 1 and encoding.files[0].parent in folders


def list_encodings() -> list[EncodingSet]:
    """Every named set: the main ones by name, then the experimental ones by name."""
    main = sorted(encodings_dir().glob("*.lp"))
    experimental = sorted((encodings_dir() / EXPERIMENTAL).glob("*.lp"))
    return [_from_entry(path) for path in main] + [
        _from_entry(path, experimental=True) for path in experimental
    ]


def resolve_encoding(spec: str | Path) -> EncodingSet:
    """The set a user named: a set name, a directory of ``.lp`` files or one ``.lp`` file.

    A name is looked up in `encodings_dir`, then in its ``experimental/`` folder.

    Raises
    ------
    EncodingError
        When nothing of that name exists or a directory holds no ``.lp`` file.
    """
    if not str(spec).strip():  # Path("") is the working directory: never what was meant
        raise EncodingError("an empty name is no encoding set")
    path = Path(spec)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = 0
    if stat.S_ISDIR(mode):
        return _from_directory(path)
    if stat.S_ISREG(mode):
        found = _from_entry(path)
        return found if is_shipped(found) else replace(found, name=str(path))
    for folder, experimental in ((encodings_dir(), False), (encodings_dir() / EXPERIMENTAL, True)):
        named = folder / f"{spec}.lp"
        if named.is_file():
            return _from_entry(named, experimental=experimental)
    known = ", ".join(encoding.name for encoding in list_encodings())
    raise EncodingError(f"no encoding set {str(spec)!r} (known: {known}; or give a directory)")


def _from_entry(path: Path, *, experimental: bool = False) -> EncodingSet:
    """The set an entry file defines."""
    text = _read(path)
    requires = bool(_REQUIRES_RECTANGLES.search(text))
    irregular = tuple(
        path.parent / name for line in _IRREGULAR.findall(text) for name in line.split()
    )
    run_rule = tuple(
        Path(os.path.normpath(path.parent / name))
        for line in _RUN_RULE.findall(text)
        for name in line.split()
    )
    return EncodingSet(
        path.stem,
        (path,),
        _description(text),
        requires,
        _options(text),
        experimental,
        irregular,
        maximise_dense=not _SEARCH_DENSE.search(text),
        run_rule=run_rule,
    )


def _from_directory(path: Path) -> EncodingSet:
    """A set made of every ``.lp`` file in a directory."""
    files = tuple(sorted(path.glob("*.lp")))
    if not files:
        raise EncodingError(f"{path}: no .lp files in this directory")
    text = "\n".join(map(_read, files))
    requires = bool(_REQUIRES_RECTANGLES.search(text))
    description = f"user directory of {len(files)} files"
    maximise = not _SEARCH_DENSE.search(text)
    return EncodingSet(
        str(path), files, description, requires, _options(text), maximise_dense=maximise
    )


def _read(path: Path) -> str:
    """The text of an encoding file.

    Raises
    ------
    EncodingError
        When it cannot be read.
    """
    try:
        return read_bytes(str(path)).decode("utf-8", errors="replace")
    except PuzzleFormatError as error:
        raise EncodingError(str(error)) from None


def _options(text: str) -> tuple[str, ...]:
    """The clingo options declared on ``% clingo-options:`` lines."""
    return tuple(option for line in _OPTIONS.findall(text) for option in line.split())


def _description(text: str) -> str:
    """The description from a first line ``% name: description`` (or ``% description``)."""
    first = text.lstrip().split("\n", 1)[0]
    if not first.startswith("%"):
        return ""
    label, _, description = first.lstrip("% ").partition(":")
    return (description or label).strip()
