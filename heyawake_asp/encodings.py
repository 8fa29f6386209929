"""Find encoding sets: the ``.lp`` programs that state the five rules.

A named set is an entry file ``encodings/NAME.lp`` (shipped inside the
package) made of ``#include`` lines; its first comment line is
``% NAME: description``. A directory of ``.lp`` files, or a single ``.lp``
file, is a set of its own. An entry's header may declare
``% requires: rectangular rooms`` and ``% clingo-options: --opt=value ...``
(options the set was tuned with, passed to clingo before the caller's).

>>> resolve_encoding("reach").name
'reach'
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from heyawake_asp.errors import EncodingError

__all__ = [
    "DEFAULT_ENCODING",
    "EncodingSet",
    "encodings_dir",
    "list_encodings",
    "program_versions",
    "resolve_encoding",
]

DEFAULT_ENCODING = "grow"
_INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*\.', re.MULTILINE)
_REQUIRES_RECTANGLES = re.compile(r"^%\s*requires:\s*rectangular rooms\s*$", re.MULTILINE)
_OPTIONS = re.compile(r"^%\s*clingo-options:(.*)$", re.MULTILINE)


@dataclass(frozen=True)
class EncodingSet:
    """The programs to load for one formulation of the rules.

    ``files`` are handed to clingo; ``parts`` are what they include, for
    listing only.
    """

    name: str
    files: tuple[Path, ...]
    description: str
    parts: tuple[Path, ...] = ()
    requires_rectangles: bool = False
    options: tuple[str, ...] = ()


@functools.cache
def encodings_dir() -> Path:
    """The folder of named sets: inside the installed package, else the checkout's."""
    packaged = Path(__file__).resolve().parent / "encodings"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "encodings"


def list_encodings() -> list[EncodingSet]:
    """Every named set, sorted by name."""
    return [_from_entry(path) for path in sorted(encodings_dir().glob("*.lp"))]


def resolve_encoding(spec: str | Path) -> EncodingSet:
    """The set a user named: a set name, a directory of ``.lp`` files or one ``.lp`` file.

    Raises
    ------
    EncodingError
        When nothing of that name exists or a directory holds no ``.lp`` file.
    """
    path = Path(spec)
    status = _status(path)
    if status is not None and stat.S_ISDIR(status.st_mode):
        return _from_directory(path)
    named = encodings_dir() / f"{spec}.lp"
    for entry, version in ((path, _version(status)), (named, _existing_file_version(named))):
        if version is not None:
            return _read_entry(entry, version)
    known = ", ".join(encoding.name for encoding in list_encodings())
    raise EncodingError(f"no encoding set {str(spec)!r} (known: {known}; or give a directory)")


def _from_entry(path: Path) -> EncodingSet:
    """A set defined by one entry file and the files it includes."""
    return _read_entry(path, _file_version(path))


@functools.lru_cache(maxsize=64)
def _read_entry(path: Path, version: tuple[int, int]) -> EncodingSet:
    """The set an entry file defines; ``version`` (time and size) only keys the cache."""
    text = path.read_text(encoding="utf-8")
    parts = tuple(path.parent / include for include in _INCLUDE.findall(text))
    requires = bool(_REQUIRES_RECTANGLES.search(text))
    return EncodingSet(path.stem, (path,), _description(text), parts, requires, _options(text))


def program_versions(paths: Iterable[Path]) -> tuple[tuple[str, int, int], ...]:
    """Path, modification time and size of ``paths`` and of every file they include.

    Includes are followed through any depth, each file listed once; includes
    that do not exist are left out, for clingo to report where they are named.
    Paths are handled as strings: this runs before every solve.

    Raises
    ------
    EncodingError
        When one of ``paths`` does not exist.
    """
    versions: dict[str, tuple[int, int]] = {}
    pending = list(map(os.fspath, paths))
    for path in pending:
        if path not in versions:
            versions[path] = _file_version(path)
    while pending:
        path = pending.pop()
        for include in _includes(path, versions[path]):
            if include not in versions:
                version = _existing_file_version(include)
                if version is not None:
                    versions[include] = version
                    pending.append(include)
    return tuple((path, *version) for path, version in versions.items())


def _file_version(path: str | Path) -> tuple[int, int]:
    """A file's modification time and size, which key the caches of what was read from it.

    Raises
    ------
    EncodingError
        When the file does not exist.
    """
    version = _existing_file_version(path)
    if version is None:
        raise EncodingError(f"{path}: no such encoding file")
    return version


def _existing_file_version(path: str | Path) -> tuple[int, int] | None:
    """A regular file's modification time and size; None when there is no such file."""
    return _version(_status(path))


def _status(path: str | Path) -> os.stat_result | None:
    """What ``stat`` says of ``path``, or None when it cannot be read."""
    try:
        return os.stat(path)
    except OSError:
        return None


def _version(status: os.stat_result | None) -> tuple[int, int] | None:
    """Modification time and size from a regular file's status; None for anything else."""
    if status is None or not stat.S_ISREG(status.st_mode):
        return None
    return status.st_mtime_ns, status.st_size


@functools.lru_cache(maxsize=256)
def _includes(path: str, version: tuple[int, int]) -> tuple[str, ...]:
    """The files ``path`` includes; ``version`` (time and size) only keys the cache."""
    with open(path, encoding="utf-8", errors="replace") as file:
        text = file.read()
    folder = os.path.dirname(path)
    return tuple(os.path.join(folder, include) for include in _INCLUDE.findall(text))


def _from_directory(path: Path) -> EncodingSet:
    """A set made of every ``.lp`` file in a directory.

    The directory is listed afresh each time, but a file's text is read
    again only when the file changed, so a set named by its directory costs
    little more per solve than a named one.
    """
    files = tuple(sorted(path.glob("*.lp")))
    if not files:
        raise EncodingError(f"{path}: no .lp files in this directory")
    return _read_directory(path, tuple(zip(files, map(_file_version, files), strict=True)))


@functools.lru_cache(maxsize=64)
def _read_directory(path: Path, versions: tuple[tuple[Path, tuple[int, int]], ...]) -> EncodingSet:
    """The set of a directory's files; their ``versions`` (time and size) only key the cache."""
    files = tuple(file for file, _ in versions)
    text = "\n".join(file.read_text(encoding="utf-8") for file in files)
    requires = bool(_REQUIRES_RECTANGLES.search(text))
    description = f"user directory of {len(files)} files"
    return EncodingSet(str(path), files, description, files, requires, _options(text))


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
