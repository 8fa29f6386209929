r"""The web app's JSON API: a request's body in, a `Reply` out, one function per endpoint.

A body is a JSON object: ``puzzle`` holds a puzzle as text in any format
the CLI reads (a puzz.link URL too), ``grid`` a player's shading as a list
of row strings of ``#`` black, ``.`` white and ``?`` open. A reply carries
the keys of the matching command's ``--json`` record, or ``{"error":
"WHERE: WHAT"}`` with a 4xx status, WHERE a JSON path (``$.grid[2]``) or
the puzzle's line and column. What the puzzle's reader warns of (a clue
read as no number, say) comes as ``warnings``, a list of sentences. `answer`
runs in a worker process (see `heyawake_asp.web.application`): nothing here opens a
path or runs a program that came in a request, and only the default encoding
set is used. `stream_steps` answers ``steps`` reporting each step as it is
found, for the steps streamed as JSON Lines.

>>> import json
>>> body = json.dumps({"puzzle": "heyawake 3x1\naaa\na=2\n", "grid": ["#??"]})
>>> reply = answer("check", body.encode())
>>> reply.status, reply.body["violations"], reply.body["complete"]
(200, [], False)
>>> answer("hint", b"[]").body
{'error': '$: expected a JSON object'}
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from heyawake_asp.authoring.generate import generate
from heyawake_asp.authoring.graded import generate_graded
from heyawake_asp.authoring.suggest import suggest
from heyawake_asp.errors import HeyawakeError, PuzzleWarning, so_far
from heyawake_asp.formats import FORMATS, pzprv3, read_puzzle_text, sniff, write_puzzle
from heyawake_asp.oracles.checker import conflicts, verify
from heyawake_asp.puzzle import Puzzle
from heyawake_asp.queries import SolutionCount, analyze, count_solutions, explain
from heyawake_asp.render.marks import conflict_words
from heyawake_asp.render.records import (
    analyze_record,
    check_record,
    convert_record,
    explain_record,
    generate_record,
    grade_record,
    hint_record,
    solve_record,
    step_line_record,
    suggestion_record,
    walk_record,
)
from heyawake_asp.render.svg import render_svg
from heyawake_asp.runtime.deadline import NEVER, Deadline, Renewing
from heyawake_asp.solver import solve
from heyawake_asp.steps import BOUNDS, LABELS, Hints, Step, grade, grade_puzzle, steps

__all__ = ["answer"]

SOURCE = "puzzle"
"""How records and errors name the request's puzzle."""
MAX_GENERATED_SIDE = 30
"""The widest and tallest grid ``generate`` makes for a request."""
MAX_COUNT = 10_000
"""The most solutions ``analyze`` counts for a request."""
_LOG = logging.getLogger(__name__)
Record = dict[str, Any]
"""A JSON object: a request's body, a reply's, a line of a stream."""


@dataclass(frozen=True)
class Reply:
    """An HTTP status and the JSON object to send."""

    status: int
    body: dict[str, Any]


class RequestError(Exception):
    """A request the API cannot answer: ``WHERE: WHAT``, sent with ``status``."""

    def __init__(self, where: str, what: str, status: int = 400) -> None:
        super().__init__(f"{where}: {what}")
        self.status = status


def answer(endpoint: str, body: bytes, deadline: Deadline = NEVER) -> Reply:
    """The reply of ``endpoint`` (a key of `ENDPOINTS`) to the request ``body``.

    A puzzle that cannot be read, has no solution where one is needed, or
    takes past the ``deadline`` is a 422 reply; a body that is not what the
    endpoint takes, a 400; anything else raised is our bug: a 500 whose
    traceback goes to the log, never into the reply. The reader's warnings,
    if any, come as ``warnings``.
    """
    return _answered(endpoint, body, deadline, ENDPOINTS[endpoint].respond)


def stream_steps(body: bytes, deadline: Renewing, report: Callable[[Record], None]) -> Reply:
    """`answer` of ``steps``, each step ``report``-ed as it is found, the deadline renewed.

    Each step goes as its line (`step_line_record`, numbered from 1), the
    deadline renewed first: its time limits the wait for each step. The
    reply is `answer`'s without its ``steps``: the lines had them.
    """
    found = itertools.count(1)

    def on_step(step: Step) -> None:
        deadline.renew()
        report(step_line_record(SOURCE, next(found), step))

    reply = _answered("steps", body, deadline, functools.partial(_steps, on_step=on_step))
    return Reply(reply.status, {key: value for key, value in reply.body.items() if key != "steps"})


def _answered(
    endpoint: str, body: bytes, deadline: Deadline, respond: Callable[[Record, Deadline], Record]
) -> Reply:
    """``respond``'s reply to the request ``body`` to ``endpoint`` (see `answer`)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PuzzleWarning)
        reply = _reply(endpoint, body, deadline, respond)
    said = list(
        dict.fromkeys(
            str(warning.message) for warning in caught if warning.category is PuzzleWarning
        )
    )
    return Reply(reply.status, {**reply.body, "warnings": said}) if said else reply


def _reply(
    endpoint: str, body: bytes, deadline: Deadline, respond: Callable[[Record, Deadline], Record]
) -> Reply:
    """`_answered`'s reply, before the warnings are added."""
    try:
        request = _object(body)
        _refuse_unknown_keys(endpoint, request)
        return Reply(200, respond(request, deadline))
    except RequestError as error:
        return Reply(error.status, {"error": str(error)})
    except HeyawakeError as error:
        return Reply(422, {"error": str(error)})
    except TimeoutError:
        return Reply(422, {"error": f"{SOURCE}: {deadline.overdue_message()}"})
    except Exception:
        _LOG.exception("/api/%s: failed on a request", endpoint)
        return Reply(500, {"error": f"server: /api/{endpoint} failed (our bug: see the log)"})


def _object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object."""
    try:
        request = json.loads(body)
    except UnicodeDecodeError:
        raise RequestError("$", "the body is not UTF-8") from None
    except json.JSONDecodeError as error:
        raise RequestError(
            f"$:{error.lineno}:{error.colno}", f"invalid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise RequestError("$", "JSON nested too deeply") from None
    except ValueError:  # Python reads no integer of more than 4300 digits
        raise RequestError("$", "invalid JSON: a number too long to read") from None
    if not isinstance(request, dict):
        raise RequestError("$", "expected a JSON object")
    return request


def _refuse_unknown_keys(endpoint: str, request: Record) -> None:
    """Refuse a key ``endpoint`` does not take: a misspelt one would be ignored."""
    takes = ENDPOINTS[endpoint].keys
    unknown = next((key for key in request if key not in takes), None)
    if unknown is not None:
        raise RequestError(
            "$", f"unknown key {unknown!r} (/api/{endpoint} takes {', '.join(takes)})"
        )


def _field(request: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    """``request[key]`` checked to be a ``kind`` (``default`` when missing, if not None)."""
    if key not in request:
        if default is None:
            raise RequestError(f"$.{key}", "missing")
        return default
    value = request[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RequestError(f"$.{key}", f"expected {_KIND_WORDS[kind]}")
    if isinstance(value, str) and not _is_unicode(value):
        raise RequestError(f"$.{key}", "not Unicode text (a lone surrogate, as \\ud800)")
    return value


def _is_unicode(text: str) -> bool:
    r"""Whether ``text`` can be written as UTF-8 (JSON's ``\ud800`` alone cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_KIND_WORDS = {str: "a string", int: "an integer", list: "a list", bool: "true or false"}


def _puzzle(request: dict[str, Any]) -> Puzzle:
    """The request's puzzle, read from its text."""
    return read_puzzle_text(_field(request, "puzzle", str), SOURCE)


def _grid(request: dict[str, Any], puzzle: Puzzle) -> list[str]:
    """The request's grid: ``puzzle.height`` rows of ``#``, ``.``, ``?`` (all ``?``: none given)."""
    rows: list[str] = _field(request, "grid", list, ["?" * puzzle.width] * puzzle.height)
    if len(rows) != puzzle.height:
        raise RequestError("$.grid", f"{len(rows)} rows for a puzzle {puzzle.height} high")
    for y, row in enumerate(rows):
        if not isinstance(row, str):
            raise RequestError(f"$.grid[{y}]", "expected a string")
        if len(row) != puzzle.width:
            raise RequestError(f"$.grid[{y}]", f"{len(row)} cells for a puzzle {puzzle.width} wide")
        wrong = next((char for char in row if char not in "#.?"), None)
        if wrong is not None:
            raise RequestError(f"$.grid[{y}]", f"unexpected {wrong!r} (use '#', '.' or '?')")
    return rows


def _solve(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``solve --json``'s record: up to two solutions, so that ``unique`` is known."""
    puzzle = _puzzle(request)
    result = so_far(solve, puzzle, max_solutions=2, timeout=deadline)
    for grid in result.solutions:
        wrong = verify(puzzle, grid)
        if wrong:
            raise RequestError(SOURCE, f"wrong answer: {wrong[0].message}", 500)
    return solve_record(SOURCE, puzzle, result)


def _check(request: dict[str, Any], _deadline: Deadline) -> dict[str, Any]:
    """The rules the grid already breaks (the independent checker), and whether it is solved.

    Solved: the grid breaks no rule with its open cells white, as puzz.link
    judges a grid; with ``strict``, only once every cell is marked.
    """
    puzzle = _puzzle(request)
    grid = _grid(request, puzzle)
    strict = _field(request, "strict", bool, False)
    found = conflicts(puzzle, grid)
    complete = not any("?" in row for row in grid)
    right = not found and not verify(puzzle, [row.replace("?", ".") for row in grid])
    return check_record(SOURCE, found, complete, right and (complete or not strict))


def _hint(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``hint --json``'s record for the grid's settled cells, and ``why`` (`_why`)."""
    puzzle = _puzzle(request)
    grid = _grid(request, puzzle)
    known = {
        (x, y): char == "#"
        for y, row in enumerate(grid)
        for x, char in enumerate(row)
        if char != "?"
    }
    found = _hints_of(request["puzzle"], puzzle).next(known, deadline)
    return {**hint_record(SOURCE, found), "why": _why(puzzle, found.unsolvable, found.most)}


_HINTS: dict[str, Hints] = {}
"""The hints of the last puzzle hinted in this process, by its text: a child kept for a
client's hints (`heyawake_asp.web.runner`) goes on from its last hint."""


def _hints_of(text: str, puzzle: Puzzle) -> Hints:
    """The hints of ``puzzle``, read from ``text``, kept (those of another text are let go).

    By the text, not the puzzle: puzzles alike but for their rooms' names (a file's
    letters, a URL's none) are equal, and the steps' sentences name the rooms.
    """
    if text not in _HINTS:
        _HINTS.clear()
        _HINTS[text] = Hints(puzzle)
    return _HINTS[text]


def _steps(
    request: dict[str, Any], deadline: Deadline, on_step: Callable[[Step], None] | None = None
) -> dict[str, Any]:
    """``steps --json``'s record, with ``grade --json``'s as ``grade`` and ``why`` (`_why`).

    ``grade`` is null without a solution. ``on_step`` is given each step as it is found.
    """
    puzzle = _puzzle(request)
    walk = so_far(steps, puzzle, deadline, on_step)
    graded = None if walk.status in ("unsolvable", "timeout") else grade_record(SOURCE, grade(walk))
    conflict = walk.conflict if walk.status == "unsolvable" else None
    why = _why(puzzle, conflict, walk.most)
    return {**walk_record(SOURCE, walk), "grade": graded, "why": why}


def _why(puzzle: Puzzle, conflict: tuple[int, ...] | None, most: int | None) -> str | None:
    """Why a puzzle has no solution, in ``explain``'s words; None without a ``conflict``.

    ``conflict`` (room indices) and ``most`` as a walk or a hint found them: the numbers
    that cannot all hold, each room as `Puzzle.room_name` names it.
    """
    return None if conflict is None else conflict_words(puzzle, conflict, most)


def _grade(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``grade --json``'s record; an expert puzzle's once its score passes the last bound.

    Its status is then ``above``, its score and steps those of the path so
    far: walking all of a large puzzle takes far longer, for the same label.
    """
    try:
        graded = grade_puzzle(_puzzle(request), deadline, stop_above=BOUNDS[-1])
    except ValueError:
        raise RequestError(SOURCE, "no solution: a puzzle without one has no grade", 422) from None
    return grade_record(SOURCE, graded)


def _analyze(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """Whether the answer is unique, the cells all solutions share, how many there are.

    Solutions are counted up to ``limit`` (default 100, at most `MAX_COUNT`).
    """
    puzzle = _puzzle(request)
    limit = _field(request, "limit", int, 100)
    if not 1 <= limit <= MAX_COUNT:
        raise RequestError("$.limit", f"expected 1 to {MAX_COUNT}, got {limit}")
    ambiguity = analyze(puzzle, timeout=deadline)
    counted = SolutionCount(int(ambiguity.solvable), True)
    if ambiguity.varying:
        counted = so_far(count_solutions, puzzle, limit, timeout=deadline)
    return analyze_record(SOURCE, ambiguity, counted, limit)


def _explain(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``explain``'s answer: a minimal set of clues (rooms from 1) that cannot all hold."""
    puzzle = _puzzle(request)
    return explain_record(SOURCE, puzzle, explain(puzzle, timeout=deadline))


def _suggest(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``suggest --json``'s record: a number that makes the answer unique, or leaves the fewest."""
    return suggestion_record(SOURCE, suggest(_puzzle(request), timeout=deadline))


def _convert(request: dict[str, Any], _deadline: Deadline) -> dict[str, Any]:
    """The puzzle in format ``to`` (``url``, ``text``, ``json``, ``kth``, ``pzprv3``), or drawn.

    ``pzprv3`` (puzz.link's file) and ``svg`` hold the player's ``grid`` too, when given;
    a puzzle sent as a pzprv3 file with marks has them in the reply as
    ``marks`` (rows of ``#``, ``.``, ``?``). The puzzle's ``title`` and ``author`` come
    back beside the text, when it has them (a URL cannot hold them).
    """
    puzzle = _puzzle(request)
    fmt = _field(request, "to", str)
    if fmt not in (*FORMATS, "svg"):
        known = ", ".join((*FORMATS, "svg"))
        raise RequestError("$.to", f"unknown format {fmt!r} (one of {known})")
    if "grid" in request and fmt not in ("pzprv3", "svg"):
        raise RequestError("$.grid", f"a grid goes into pzprv3 or svg, not {fmt}")
    if fmt == "svg":  # the player's grid drawn in, when given
        grid = tuple(_grid(request, puzzle)) if "grid" in request else None
        text = render_svg(puzzle, grid, dots=grid is not None)
    elif fmt == "pzprv3":
        text = pzprv3.write(puzzle, _grid(request, puzzle))
    else:
        text = write_puzzle(puzzle, fmt)
    source = request["puzzle"]
    marks = pzprv3.read_marks(source, SOURCE) if sniff(source) == "pzprv3" else None
    return convert_record(SOURCE, puzzle, fmt, text, marks)


def _generate(request: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
    """A unique puzzle of ``width`` x ``height`` from ``seed`` (and ``grade``), as a URL."""
    sides = {key: _field(request, key, int) for key in ("width", "height")}
    for key, side in sides.items():
        if not 2 <= side <= MAX_GENERATED_SIDE:
            raise RequestError(f"$.{key}", f"expected 2 to {MAX_GENERATED_SIDE}, got {side}")
    seed = _field(request, "seed", int, 0)
    if seed < 0:  # as the command line's --seed
        raise RequestError("$.seed", f"expected 0 or more, got {seed}")
    level = _field(request, "grade", str, "")
    if level and level not in LABELS:
        raise RequestError("$.grade", f"expected one of {', '.join(LABELS)}, got {level!r}")
    width, height = sides["width"], sides["height"]
    if level:
        puzzle = generate_graded(width, height, level, seed, timeout=deadline).generated.puzzle
    else:
        puzzle = generate(width, height, seed, timeout=deadline).puzzle
    return generate_record(seed, level or None, write_puzzle(puzzle, "url").strip())


@dataclass(frozen=True)
class Endpoint:
    """The function answering an endpoint, and the keys its request may hold."""

    respond: Callable[[Record, Deadline], Record]
    keys: tuple[str, ...]


ENDPOINTS: dict[str, Endpoint] = {
    "solve": Endpoint(_solve, ("puzzle",)),
    "check": Endpoint(_check, ("puzzle", "grid", "strict")),
    "hint": Endpoint(_hint, ("puzzle", "grid")),
    "steps": Endpoint(_steps, ("puzzle",)),
    "grade": Endpoint(_grade, ("puzzle",)),
    "analyze": Endpoint(_analyze, ("puzzle", "limit")),
    "explain": Endpoint(_explain, ("puzzle",)),
    "suggest": Endpoint(_suggest, ("puzzle",)),
    "convert": Endpoint(_convert, ("puzzle", "to", "grid")),
    "generate": Endpoint(_generate, ("width", "height", "seed", "grade")),
}
"""Each endpoint (``/api/NAME``): a request holding any other key is refused, not half-read."""
