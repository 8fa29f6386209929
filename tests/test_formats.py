"""puzz.link URLs, the text format, JSON and the PUZZLE dispatch: round trips and errors."""

from __future__ import annotations

import io
import json
import pickle
import re
import warnings
from pathlib import Path

import jsonschema
import pytest
from helpers import REPO, params, shared_puzzles

from heyawake_asp import (
    InvalidPuzzleError,
    Puzzle,
    PuzzleFormatError,
    PuzzleWarning,
    Room,
    formats,
    render_text,
    solve,
    verify,
)
from heyawake_asp.asp.facts import puzzle_facts
from heyawake_asp.formats import (
    FORMATS,
    json_format,
    kth,
    pzprv3,
    read_puzzle,
    sniff,
    text,
    url,
    write_puzzle,
)
from heyawake_asp.render.svg import render_svg

EASY1 = REPO / "instances" / "easy" / "easy1.lp"
URL = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k"
URL_SOLUTION = ("#.#..#", "...#..", ".#..#.", "#.#...", "...#.#", ".#....")
HIDDEN_URL = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2.h3k"
"""URL with room 3 (top right, unnumbered there) given a number that is not shown."""
URL_AS_TEXT = """\
heyawake 6x6
aabbcc
ddbbee
fffgee
fffghh
iijjkk
iijjkk
b=2 f=3
"""
SCHEMA = json.loads(json_format.PUZZLE_SCHEMA.read_text(encoding="utf-8"))


def same(a: Puzzle, b: Puzzle) -> bool:
    """Equal up to the order of the rooms (formats differ in how they order them)."""
    return (a.width, a.height, set(a.rooms)) == (b.width, b.height, set(b.rooms))


def l_shaped() -> Puzzle:
    """A 2x2 grid: an L-shaped room with clue 1 and a one-cell room."""
    return Puzzle(2, 2, (Room(frozenset({(0, 0), (0, 1), (1, 1)}), 1), Room(frozenset({(1, 0)}))))


# --- puzz.link URLs -----------------------------------------------------------------


def test_real_url_solves_to_the_published_solution() -> None:
    puzzle = url.read(URL, "u")
    assert (puzzle.width, puzzle.height, len(puzzle.rooms)) == (6, 6, 11)
    result = solve(puzzle)
    assert result.solutions == (URL_SOLUTION,) and result.unique is True


def test_writing_a_read_url_gives_it_back() -> None:
    assert url.write(url.read(URL, "u")) == URL


@pytest.mark.parametrize(
    "prefix",
    [
        "https://puzz.link/p?",
        "http://pzv.jp/p.html?",
        "https://pzprxs.vercel.app/p?",
        "pzprxs.vercel.app/p?",
        "",
        "  ",
    ],
)
def test_url_hosts_and_bare_form(prefix: str) -> None:
    puzzle = url.read(prefix + "heyawake/6/6/aa66aapv0fu0g2i3k\n", "u")
    assert url.write(puzzle) == URL


@pytest.mark.parametrize("ending", ["/", "#", "#play", "/#"])
def test_url_with_a_trailing_slash_or_a_fragment_is_the_same_puzzle(ending: str) -> None:
    assert url.read(URL + ending, "u") == url.read(URL, "u")


def test_url_numbers_wide_and_skips() -> None:
    # Clues of 16..255 take '-' and two hex digits, 256..4095 '+' and three;
    # runs of unnumbered rooms are cut into skips of at most 20.
    big = Puzzle(40, 20, (Room.rectangle(0, 0, 39, 19, 300),))
    assert url.write(big).endswith("0+12c")
    assert url.read(url.write(big), "u") == big
    middle = Puzzle(20, 1, (Room.rectangle(0, 0, 19, 0, 17),))
    assert url.write(middle).endswith("0-11")
    strip = Puzzle(22, 1, tuple(Room.rectangle(x, 0, x, 0) for x in range(22)))
    assert url.write(strip).endswith("zh")  # 20 rooms skipped, then 2
    assert url.read(url.write(strip), "u") == strip


def hidden_puzzle() -> Puzzle:
    """The puzzle of ``HIDDEN_URL``, read with warnings as errors."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return url.read(HIDDEN_URL, "u")


@pytest.mark.parametrize("link", [HIDDEN_URL, "https://puzz.link/p?heyawake/2/1/g.g"])
def test_url_hidden_clue_is_written_back_unchanged(link: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert url.write(url.read(link, "u")) == link


def test_url_hidden_clue_constrains_nothing() -> None:
    puzzle = hidden_puzzle()
    hidden = puzzle.rooms[2]
    assert (hidden.clue, hidden.hidden_clue, hidden.clue_text) == (None, True, "?")
    clue_line = next(line for line in puzzle_facts(puzzle).splitlines() if "clue(" in line)
    numbered = re.findall(r"[(;](\d+),", clue_line)  # the rooms with clue facts
    assert numbered == ["2", "6"]  # room 3, with the hidden clue, has none
    result = solve(puzzle)
    assert result.solutions == (URL_SOLUTION,) and result.unique is True
    assert verify(puzzle, URL_SOLUTION) == []


def test_hidden_clue_is_drawn_as_a_question_mark() -> None:
    drawn = render_text(hidden_puzzle(), URL_SOLUTION).splitlines()
    assert drawn[1] == "┃███    ┃█2█    ┃ ?  ███┃"


def test_url_border_inside_a_room_is_ignored_with_a_warning() -> None:
    # 2x2: a border between (0,0) and (1,0) only; the cells still form one room.
    with pytest.warns(PuzzleWarning, match="1 border line.* inside a room ignored"):
        puzzle = url.read("heyawake/2/2/g0g", "u")
    assert len(puzzle.rooms) == 1


def test_url_writer_refuses_clues_above_4095() -> None:
    huge = Puzzle(100, 100, (Room.rectangle(0, 0, 99, 99, 5000),))
    with pytest.raises(InvalidPuzzleError, match="up to 4095"):
        url.write(huge)


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("https://example.com/p?sudoku/6/6/1", "u:1:1: a URL of 'sudoku', not of heyawake's"),
        ("https://example.com/heyawake", "u:1:1: not a URL of heyawake's family"),
        ("heyawake/6", "u:1:10: expected COLS/ROWS/"),
        ("heyawake/0/6/", "u:1:10: grid must be at least 1x1"),
        ("heyawake/6/6/aa66", "u:1:18: truncated URL: the borders of a 6x6 grid take 12"),
        ("heyawake/6/6/aa66aapv0fu0g2i3", "u:1:30: truncated URL: numbers given for 6 of 11"),
        ("heyawake/6/6/aa66aapv0fu0g2i3kk", "u:1:31: unexpected 'k' after the numbers"),
        ("heyawake/6/6/aa66aapv0fu0g2-1", "u:1:28: truncated URL: '-' needs 2 hex digits"),
        ("heyawake/6/6/aa66aapv0fu0g2+1xy", "u:1:28: '+' needs 3 hex digits, got '1xy'"),
        ("heyawake/6/6/aa66aapw0fu0g2i3k", "u:1:21: unexpected 'w' in the room borders"),
        ("heyawake/2/2/h0g", "u:1:14: padding bits after the last border"),
        ("heyawake/6/6/aa66aapv0fu0g2i!k", "u:1:29: unexpected '!' in the room numbers"),
        ("heyawake/6/6/aa66aapv0fu0g9i3k", "u:1:27: room 2 has clue 9 but only 4 cells"),
    ],
)
def test_url_errors_name_column_and_problem(link: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        url.read(link, "u")
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello, this is not a puzzle", "p:1:1: not a puzzle heyawake reads: expected a puzz.link"),
        (" \n\t\n", "p: empty: no puzzle in it"),
        ("https://puzz.link/p?nurikabe/5/5/g5h", "p:1:1: a URL of 'nurikabe', not of heyawake's"),
        ("http://example.com/", "p:1:1: not a URL of heyawake's family"),
        ("width(3). junk", "p:1:11: unexpected 'junk': expected width/1"),  # KTH, wrong
    ],
)
def test_text_of_no_format_says_so_in_a_players_words(content: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        formats.read_puzzle_text(content, "p")  # the library's, which a request's text goes to
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_url_of_another_genre_on_the_command_line_is_named_not_opened(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match="a URL of 'nurikabe'"):
        read_puzzle("https://puzz.link/p?nurikabe/5/5/g5h")
    garbage = tmp_path / "garbage.lp"
    garbage.write_text("hello\n")  # a .lp file is KTH: its reader says what is wrong
    with pytest.raises(PuzzleFormatError, match="garbage.lp:1:1: unexpected 'hello'"):
        read_puzzle(garbage)


# --- the text format ----------------------------------------------------------------


def test_text_of_the_real_url() -> None:
    puzzle = url.read(URL, "u")
    assert text.write(puzzle) == URL_AS_TEXT
    assert text.read(URL_AS_TEXT, "p.txt") == puzzle


def test_text_comments_blank_lines_indent_and_case() -> None:
    typed = """
    # an L and its notch
    heyawake 2x2   # width x height

      Ab   # 'A' and 'a' are different rooms
      AA
    A=1
    """
    assert text.read(typed, "p.txt") == l_shaped()


def test_text_writer_names_many_rooms() -> None:
    strip = Puzzle(300, 1, tuple(Room.rectangle(x, 0, x, 0, x % 2) for x in range(300)))
    written = text.write(strip)
    assert written.splitlines()[1][:63] == text.NAMES[:63]
    assert text.read(written, "p.txt") == strip
    assert all(len(line) <= 79 for line in written.splitlines()[2:])


def test_text_writer_refuses_more_rooms_than_names() -> None:
    cells = len(text.NAMES) + 1
    strip = Puzzle(cells, 1, tuple(Room.rectangle(x, 0, x, 0) for x in range(cells)))
    with pytest.raises(InvalidPuzzleError, match="at most 969 rooms"):
        text.write(strip)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "t: empty puzzle"),
        ("# nothing\n\n", "t: empty puzzle"),
        ("heyawake\naab\n", "t:1:1: expected the header 'heyawake WxH'"),
        ("  heyawake 3 by 1\naab\n", "t:1:3: expected the header"),
        ("heyawake 0x1\n", "t:1:1: grid must be at least 1x1"),
        ("heyawake 3x1\naab\nz=1\n", "t:3:1: no room named 'z'"),
        ("heyawake 3x1\naba\n", "t:2:3: room 'a' is in two separate pieces"),
        ("heyawake 3x1\naab\na=3\n", "t:3:1: room 'a' has clue 3 but only 2 cells"),
        ("heyawake 3x1\naab\na=1 a=0\n", "t:3:5: room 'a' has a number twice"),
        ("heyawake 3x2\naab\na=1\n", "t:3:1: expected 2 rows, found 1"),
        ("heyawake 3x2\naab\n", "t: expected 2 rows, found 1"),
        ("heyawake 3x1\na.b\n", "t:2:2: unexpected '.' in a row"),
        ("heyawake 3x1\n aabb\n", "t:2:5: row has 4 cells, expected 3"),
        ("heyawake 3x1\naa\n", "t:2:3: row has 2 cells, expected 3"),
        ("heyawake 3x1\naab\na:1\n", "t:3:1: expected ROOM=NUMBER, got 'a:1'"),
        ("heyawake 3x1\naab\na=-1\n", "t:3:1: expected ROOM=NUMBER, got 'a=-1'"),
        ("heyawake 3x1\naab\na=?1\n", "t:3:1: expected ROOM=NUMBER, got 'a=?1'"),
        ("heyawake 3x1\naab\na=? a=1\n", "t:3:5: room 'a' has a number twice"),
        ("heyawake 3x1\ntitle:  \naab\n", "t:2:7: the title is empty"),
        ("heyawake 3x1\naab\nauthor: A\nauthor: B\n", "t:4:1: a second author (the first"),
        ("title: T\nheyawake 3x1\naab\n", "t:1:1: a title or author goes after the header"),
        (f"heyawake 3x1\ntitle: {'x' * 201}\naab\n", "t:2:7: the title has 201 characters"),
    ],
)
def test_text_errors_name_line_column_and_problem(typed: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        text.read(typed, "t")
    assert str(caught.value).startswith(message), str(caught.value)
    assert "\n" not in str(caught.value)


def test_text_lines_break_where_an_editor_breaks_them() -> None:
    # A form feed is within a line (here a comment), not a line break.
    plain = text.read("heyawake 3x1\naab\na=1\n", "t")
    assert text.read("heyawake 3x1  # notes\fmore\r\naab\ra=1\n", "t") == plain


def test_text_hidden_clue_round_trips() -> None:
    typed = "heyawake 3x1\naab\na=? b=0\n"
    puzzle = text.read(typed, "t")
    assert [(room.clue, room.hidden_clue) for room in puzzle.rooms] == [(None, True), (0, False)]
    assert text.write(puzzle) == typed
    assert text.read(text.write(hidden_puzzle()), "t") == hidden_puzzle()


def test_title_and_author_are_kept_by_text_and_json_and_left_out_by_the_rest() -> None:
    typed = "heyawake 3x1\ntitle: Nº 3 # not a comment\n  author :Ana Ö.  \naab\na=1\n"
    puzzle = text.read(typed, "t")
    assert (puzzle.title, puzzle.author) == ("Nº 3 # not a comment", "Ana Ö.")
    written = json_format.write(puzzle)
    jsonschema.validate(json.loads(written), SCHEMA)
    for again in (text.read(text.write(puzzle), "t"), json_format.read(written, "p.json")):
        assert again == puzzle and again.credits == {
            "title": "Nº 3 # not a comment",
            "author": "Ana Ö.",
        }
    assert "<title>Nº 3 # not a comment, by Ana Ö.</title>" in render_svg(puzzle)
    assert pickle.loads(pickle.dumps(puzzle)).credits == puzzle.credits  # to a child and back
    for fmt in ("url", "kth", "pzprv3"):  # no place for them: the puzzle itself is kept
        assert read_puzzle_text(write_puzzle(puzzle, fmt), fmt).credits == {}


def test_readme_text_example_reads_and_solves() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("```text\nheyawake ") + len("```text\n")
    example = readme[start : readme.index("```", start)]
    result = solve(text.read(example, "README.md"))
    assert result.status == "solved" and result.unique is True


# --- JSON ---------------------------------------------------------------------------


def test_json_round_trip_with_solution_and_schema() -> None:
    puzzle = url.read(URL, "u")
    written = json_format.write(puzzle, URL_SOLUTION)
    jsonschema.validate(json.loads(written), SCHEMA)
    jsonschema.validate(json.loads(json_format.write(l_shaped())), SCHEMA)
    assert json_format.read(written, "p.json") == puzzle
    assert json_format.read_solution(written, "p.json") == URL_SOLUTION
    assert json_format.read_solution(json_format.write(puzzle), "p.json") is None


def test_json_hidden_clue_round_trips_and_fits_the_schema() -> None:
    written = json_format.write(hidden_puzzle())
    assert '{"cells": [[4, 0], [5, 0]], "clue": "?"}' in written
    jsonschema.validate(json.loads(written), SCHEMA)
    assert json_format.read(written, "p.json") == hidden_puzzle()


def test_kth_writes_a_hidden_clue_as_no_number_with_a_warning() -> None:
    puzzle = hidden_puzzle()
    with pytest.warns(
        PuzzleWarning, match="KTH cannot hold a hidden clue '\\?'.*first the room at r1c5"
    ):
        written = kth.write(puzzle)
    assert "room(3,4,0,5,0,-1)." in written
    assert kth.read(written, "p.lp") == puzzle.with_clues([room.clue for room in puzzle.rooms])


def test_schema_is_shipped_inside_the_package() -> None:
    assert json_format.PUZZLE_SCHEMA.is_file()
    assert SCHEMA["required"] == ["width", "height", "rooms"]


GOOD = {"width": 2, "height": 1, "rooms": [{"cells": [[0, 0], [1, 0]], "clue": 1}]}


def changed(**changes: object) -> dict[str, object]:
    """The good document with some top-level keys replaced (None removes)."""
    document = dict(GOOD)
    for key, value in changes.items():
        if value is None:
            document.pop(key)
        else:
            document[key] = value
    return document


def room(cells: list[list[int]], clue: object = None) -> dict[str, object]:
    return {"cells": cells, "clue": clue}


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "p.json: expected a JSON object"),
        (changed(height=None), "p.json: the puzzle: missing key 'height'"),
        (changed(size=3), "p.json: the puzzle: unknown key 'size'"),
        (changed(width="2"), 'p.json: width: expected an integer, got "2"'),
        (changed(width=True), "p.json: width: expected an integer, got true"),
        (changed(height=0), "p.json: height: must be at least 1, got 0"),
        (changed(rooms=[]), "p.json: rooms: expected a non-empty list"),
        (changed(rooms=[[0, 0]]), "p.json: rooms[0]: expected an object"),
        (changed(rooms=[{"cells": [[0, 0], [1, 0]]}]), "p.json: rooms[0]: missing key 'clue'"),
        (changed(rooms=[room([])]), "p.json: rooms[0].cells: expected a non-empty list"),
        (changed(rooms=[room([[0, 0, 0]])]), "p.json: rooms[0].cells[0]: expected [x, y]"),
        (changed(rooms=[room([[0, -1]])]), "p.json: rooms[0].cells[0][1]: must be at least 0"),
        (changed(rooms=[room([[2, 0]])]), "p.json: rooms[0].cells[0]: cell [2, 0] is outside"),
        (
            changed(rooms=[room([[0, 0], [0, 0]])]),
            "p.json: rooms[0].cells[1]: cell [0, 0] listed twice",
        ),
        (
            changed(rooms=[room([[0, 0], [1, 0]]), room([[1, 0]])]),
            "p.json: rooms[1].cells[0]: cell [1, 0] also in rooms[0]",
        ),
        (changed(rooms=[room([[0, 0]])]), "p.json: rooms: cell [1, 0] is in no room"),
        (changed(rooms=[room([[0, 0], [1, 0]], -1)]), "p.json: rooms[0].clue: must be at least 0"),
        (
            changed(rooms=[room([[0, 0], [1, 0]], "??")]),
            'p.json: rooms[0].clue: expected an integer, got "??"',
        ),
        (changed(rooms=[room([[0, 0], [1, 0]], 3)]), "p.json: rooms[0]: room 1 has clue 3"),
        (
            changed(width=3, rooms=[room([[0, 0], [2, 0]]), room([[1, 0]])]),
            "p.json: rooms[0]: room 1 is not orthogonally connected",
        ),
        (changed(title=3), "p.json: title: expected a string, got 3"),
        (changed(author=""), "p.json: author: is empty"),
        (changed(title=" T"), "p.json: title: starts or ends with a space"),
        (changed(title="a\nb"), "p.json: title: holds a control character"),
        (changed(title="x" * 201), "p.json: title: has 201 characters, at most 200"),
        (changed(solution="#."), "p.json: solution: expected a list of 1 rows"),
        (changed(solution=["#"]), "p.json: solution[0]: expected a string of 2 cells"),
        (changed(solution=["#x"]), "p.json: solution[0][1]: unexpected 'x'"),
    ],
)
def test_json_errors_name_the_path_and_problem(document: object, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        json_format.read(json.dumps(document), "p.json")
    assert str(caught.value).startswith(message), str(caught.value)
    # The schema rejects what the reader rejects, except what it cannot see
    # (grid bounds, overlaps, holes, connectivity, clue sizes).
    if "rooms" not in message and "solution[0]" not in message:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(document, SCHEMA)


def test_json_syntax_error_has_line_and_column() -> None:
    with pytest.raises(PuzzleFormatError, match=r"^p\.json:3:12: invalid JSON"):
        json_format.read('{\n  "width": 2,\n  "height" 1}', "p.json")


# --- every format, and the PUZZLE argument ------------------------------------------------


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_round_trips(fmt: str) -> None:
    for puzzle in (read_puzzle(EASY1), url.read(URL, "u")):
        written = write_puzzle(puzzle, fmt)
        assert written.endswith("\n")
        assert same(read_puzzle_text(written, f"p.{fmt}"), puzzle)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_byte_order_mark_from_a_windows_editor_is_no_part_of_the_puzzle(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = read_puzzle(EASY1)
    written = "\ufeff" + write_puzzle(puzzle, fmt)
    for name in (f"p.{fmt}", "p"):  # by extension and by sniffing
        path = tmp_path / name
        path.write_text(written, encoding="utf-8")
        assert same(read_puzzle(path), puzzle), name
    monkeypatch.setattr("sys.stdin", io.StringIO(written))
    assert same(read_puzzle("-"), puzzle)


def read_puzzle_text(content: str, source: str) -> Puzzle:
    """Read written text by sniffing its format, as for a file without extension."""
    return {
        "url": url.read,
        "text": text.read,
        "json": json_format.read,
        "kth": kth.read,
        "pzprv3": pzprv3.read,
    }[sniff(content)](content, source)


def test_through_every_format_and_back_is_unchanged() -> None:
    puzzle = read_puzzle(EASY1)
    current = puzzle
    for fmt in ["url", "text", "json", "kth", "json", "text", "url", "kth"]:
        current = read_puzzle_text(write_puzzle(current, fmt), "p")
        assert same(current, puzzle), fmt


@pytest.mark.parametrize("path", params(shared_puzzles("kth", "public")))
@pytest.mark.filterwarnings("ignore::heyawake_asp.errors.PuzzleWarning")
def test_real_puzzles_through_every_format(path: Path) -> None:
    puzzle = read_puzzle(path)
    for fmt in FORMATS:
        assert same(read_puzzle_text(write_puzzle(puzzle, fmt), "p"), puzzle), fmt


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("p.lp", "width(2). height(1). room(1,0,0,1,0,1)."),
        ("p", "% comment\nwidth(2). height(1). room(1,0,0,1,0,1)."),
        ("p.txt", "heyawake 2x1\naa\na=1\n"),
        ("p.hw", "# a comment first\n\nheyawake 2x1\naa\na=1\n"),
        ("p.json", json.dumps(GOOD)),
        ("p.data", "  " + json.dumps(GOOD)),
        ("p.url", "heyawake/2/1/01\n"),
        ("p.txt", "https://puzz.link/p?heyawake/2/1/01\n"),
    ],
)
def test_file_format_from_extension_or_content(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert read_puzzle(path) == Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 1),))


def test_extension_wins_and_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("heyawake 2x1\naa\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError, match=r"p\.json:1:1: invalid JSON"):
        read_puzzle(path)
    other = tmp_path / "p.puzzle"
    other.write_text("hello\n", encoding="utf-8")
    with pytest.raises(PuzzleFormatError, match=r"p\.puzzle:1:1: not a puzzle heyawake reads"):
        read_puzzle(other)


def test_url_argument_and_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = url.read(URL, "u")
    assert read_puzzle(URL) == puzzle
    assert read_puzzle("heyawake/6/6/aa66aapv0fu0g2i3k") == puzzle
    monkeypatch.setattr("sys.stdin", io.StringIO(URL_AS_TEXT))
    assert read_puzzle("-") == puzzle
    monkeypatch.setattr("sys.stdin", io.StringIO("heyawake 2x1\nab\nc=1\n"))
    with pytest.raises(PuzzleFormatError, match=r"^-:3:1: no room named 'c'"):
        read_puzzle("-")
    with pytest.raises(PuzzleFormatError, match=r"^https://puzz\.link/p\?heyawake/6/6/aa:1:"):
        read_puzzle("https://puzz.link/p?heyawake/6/6/aa")


def test_kth_refuses_irregular_rooms_for_every_other_format() -> None:
    for fmt in ("url", "text", "json"):
        assert same(read_puzzle_text(write_puzzle(l_shaped(), fmt), "p"), l_shaped())
    with pytest.raises(InvalidPuzzleError, match="the room at r1c1 is not a rectangle"):
        write_puzzle(l_shaped(), "kth")


_HUGE = "9" * 5000
"""More digits than Python converts to an int by default (4300)."""


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("p.lp", f"width({_HUGE}). height(1).", "p.lp:1:1: width argument 9999"),
        ("p.json", f'{{"width": {_HUGE}, "height": 1, "rooms": []}}', "p.json: invalid JSON"),
        ("p.txt", f"heyawake {_HUGE}x1\n", "p.txt:1:1: grid 999999999999...x1 is too large"),
        ("p.txt", f"heyawake 2x1\nab\na={_HUGE}\n", "p.txt:3:1: expected ROOM=NUMBER"),
        ("p.url", f"heyawake/{_HUGE}/1/", "p.url:1:10: grid 999999999999...x1 is too large"),
    ],
)
def test_numbers_too_long_to_read_are_clear_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, content: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(content, encoding="utf-8")
    with pytest.raises(PuzzleFormatError) as caught:
        read_puzzle(name)
    assert str(caught.value).startswith(message), str(caught.value)[:200]
    assert "\n" not in str(caught.value)


# --- puzz.link's pzprv3 files ----------------------------------------------------------------

# pzprjs's own samples (test/script/heyawake.js): the puzzle of its URL 6/6/lll155007rs12222j,
# a wrong shading and the right one.
PZPRV3_ROOMS = "pzprv3/heyawake/6/6/8/0 1 1 2 2 3 /0 1 1 2 2 3 /0 1 1 2 2 3 /4 4 4 4 4 3 /"
PZPRV3_ROOMS += "5 5 5 6 6 3 /5 5 5 6 6 7 /2 2 . 2 . 2 /" + ". . . . . . /" * 5
PZPRV3_SOLVED = "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /"
PZPRV3_WRONG = "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /"


def pzprv3_file(*parts: str) -> str:
    return "".join(parts).replace("/", "\n")


def test_a_pzprv3_file_is_puzz_links_puzzle_and_its_marks() -> None:
    text = pzprv3_file(PZPRV3_ROOMS, PZPRV3_SOLVED)
    assert sniff(text) == "pzprv3"
    puzzle = pzprv3.read(text, "p.txt")
    assert same(puzzle, url.read("https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "u"))
    marks = pzprv3.read_marks(text, "p.txt")
    assert marks is not None and verify(puzzle, marks) == []
    wrong = pzprv3.read_marks(pzprv3_file(PZPRV3_ROOMS, PZPRV3_WRONG), "p")
    assert wrong is not None and wrong[0] == "#?#???"
    assert pzprv3.read_marks(pzprv3_file(PZPRV3_ROOMS), "p") is None
    # puzz.link's records after the marks are no part of the puzzle.
    recorded = text + 'info:{\n "metadata": {"author": "someone"}\n}\n'
    assert same(pzprv3.read(recorded, "p"), puzzle)


def test_pzprv3_writes_what_puzz_link_reads_and_the_marks_round_trip() -> None:
    text = pzprv3_file(PZPRV3_ROOMS, PZPRV3_SOLVED)
    puzzle = pzprv3.read(text, "p")
    marks = pzprv3.read_marks(text, "p")
    assert pzprv3.write(puzzle, marks) == text
    hidden = text_format_puzzle("heyawake 3x2\naab\nccb\na=? b=1\n")
    written = pzprv3.write(hidden)
    assert written.split("\n")[7:9] == ["- . 1 ", ". . . "]
    assert same(pzprv3.read(written, "p"), hidden)


def text_format_puzzle(content: str) -> Puzzle:
    return text.read(content, "t")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("pzprv3/sumiwake/2/2", "p:2:1: a 'sumiwake' puzzle (of the Heyawake family, not played"),
        (
            "pzprv3/nurikabe/2/2",
            "p:2:1: a 'nurikabe' puzzle: only heyawake, ayeheya, akichi and oneroom are read",
        ),
        ("pzprv4/heyawake", "p:1:1: expected 'pzprv3', got 'pzprv4'"),
        ("pzprv3/heyawake/2/x", "p:4:1: expected a number, got 'x'"),
        ("pzprv3/heyawake/1/2/1/0 0 /. ", "p:7:1: expected 2 clues, got 1"),
        ("pzprv3/heyawake/1/2/1/0 1 /. . /", "p:6:3: expected a room number below 1, got '1'"),
        ("pzprv3/heyawake/1/2/2/0 1 /3 . /", "p:7:1: a room of 1 cells cannot hold the clue 3"),
        ("pzprv3/heyawake/1/2/1/0 0 /1 1 /", "p:7:3: a second clue in one room"),
        ("pzprv3/heyawake/1/2/1/0 0 /x . /", "p:7:1: expected a clue (a number, - hidden"),
        ("pzprv3/heyawake/1/2/1/0 0 /. . /# x /", "p:8:3: expected a mark (# black, + a dot"),
        ("pzprv3/heyawake/0/2/", "p:3:1: grid must be at least 1x1, got 2x0"),
    ],
)
def test_a_bad_pzprv3_file_is_one_error_naming_where(content: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as error:
        pzprv3.read(content.replace("/", "\n"), "p")
    assert str(error.value).startswith(message)
