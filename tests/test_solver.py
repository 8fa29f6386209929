"""Solving real and hand-made puzzles, every answer checked independently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import clingo
import pytest
from conftest import STATS_KEYS, params, shared_puzzles

from heyawake_asp import EncodingError, Puzzle, PuzzleWarning, Room, read_puzzle, solve, verify

pytestmark = pytest.mark.filterwarnings("ignore", category=PuzzleWarning)

NOT_UNIQUE = {"cneil-puzzle3"}


def solved_and_checked(puzzle: Puzzle, **options: object):  # type: ignore[no-untyped-def]
    """Solve and assert that every returned solution passes the checker."""
    result = solve(puzzle, **options)  # type: ignore[arg-type]
    for grid in result.solutions:
        assert verify(puzzle, grid) == [], grid
    return result


@pytest.mark.parametrize("path", params(shared_puzzles("kth", "public")))
def test_real_puzzle_matches_published_solution(path: Path, published: dict) -> None:
    result = solved_and_checked(read_puzzle(path), max_solutions=2)
    assert result.status == "solved"
    if path.stem in NOT_UNIQUE:
        assert result.unique is False
        assert len(result.solutions) == 2 and result.solutions[0] != result.solutions[1]
    else:
        assert result.unique is True
        assert list(result.solutions[0]) == published[path.stem]


# The thesis encoding takes 10 s and more per hard puzzle: hard stays out of CI.
EASY_AND_MEDIUM = [p for p in shared_puzzles("kth") if not p.stem.startswith("hard")]


@pytest.mark.parametrize("path", params(EASY_AND_MEDIUM))
def test_thesis_agrees_with_reach_on_easy_and_medium(path: Path) -> None:
    puzzle = read_puzzle(path)
    thesis = solved_and_checked(puzzle, encoding="thesis", max_solutions=0)
    reach = solved_and_checked(puzzle, encoding="reach", max_solutions=0)
    assert thesis.status == reach.status == "solved"
    assert sorted(thesis.solutions) == sorted(reach.solutions)


def test_all_solutions_are_distinct_and_counted_once() -> None:
    # A 1x5 strip of one free room: no two blacks adjacent and the whites in
    # one piece leave only the ends free to be black (4 shadings in all).
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    result = solved_and_checked(puzzle, max_solutions=0)
    assert len(result.solutions) == 4
    assert set(result.solutions) == {("#...#",), ("#....",), (".....",), ("....#",)}
    assert result.unique is False


def test_unsatisfiable_puzzle() -> None:
    # Two black cells in a 2x1 room would be adjacent.
    result = solve(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 2),)))
    assert result.status == "unsatisfiable"
    assert result.solutions == () and result.unique is None


def test_uniqueness_can_be_skipped() -> None:
    result = solve(Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),)), check_unique=False)
    assert result.status == "solved" and result.unique is None
    assert len(result.solutions) == 1


def irregular_puzzle() -> Puzzle:
    """A 3x3 grid with a U-shaped room around a 1x2 notch.

    Row 0 reads U N U: a white row 0 would leave the U and re-enter it, so
    it counts as three rooms and some cell of row 0 must be black.
    """
    u_room = Room(frozenset({(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)}))
    notch = Room(frozenset({(1, 0), (1, 1)}), clue=0)
    return Puzzle(3, 3, (u_room, notch))


def test_irregular_rooms_leaving_and_reentering_counts_as_three() -> None:
    result = solved_and_checked(irregular_puzzle(), max_solutions=0)
    assert result.status == "solved"
    assert all("#" in grid[0] and "#" in grid[1] for grid in result.solutions)


def test_thesis_refuses_irregular_rooms() -> None:
    with pytest.raises(EncodingError, match="rectangular rooms only"):
        solve(irregular_puzzle(), encoding="thesis")


def test_timeout_reports_timeout_and_returns(tmp_path: Path) -> None:
    # A large free grid has astronomically many shadings: enumerating all of
    # them cannot finish, so the timeout must stop the search.
    puzzle = Puzzle(30, 30, (Room.rectangle(0, 0, 29, 29),))
    result = solve(puzzle, max_solutions=0, check_unique=False, timeout=0.5)
    assert result.status == "solved"
    assert result.stats.total_seconds < 10
    empty = solve(
        Puzzle(60, 60, tuple(Room.rectangle(x, 0, x, 59) for x in range(60))),
        max_solutions=1,
        timeout=0.001,
    )
    assert empty.status in {"timeout", "solved"}
    assert empty.stats.total_seconds < 10


def test_stats_are_filled() -> None:
    result = solve(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)))
    stats = result.stats
    assert stats.atoms > 0 and stats.rules > 0
    assert 0 <= stats.ground_seconds <= stats.total_seconds
    assert 0 <= stats.solve_seconds <= stats.total_seconds
    assert list(stats.as_dict()) == STATS_KEYS


def test_extra_program_adds_constraints(tmp_path: Path) -> None:
    extra = tmp_path / "no_black_corner.lp"
    extra.write_text(":- black(0, 0).\n")
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    result = solved_and_checked(puzzle, max_solutions=0, extra=[extra])
    assert len(result.solutions) == 2
    assert set(result.solutions) == {(".....",), ("....#",)}


def test_encoding_directory_is_a_set(tmp_path: Path) -> None:
    # Only rule 1 and the shading: rule 5 and connectivity are off, so a
    # fully white 3-room row is now allowed.
    from heyawake_asp.encodings import encodings_dir

    rules = encodings_dir() / "rules"
    for name in ("shading.lp", "adjacent.lp", "clues.lp"):
        (tmp_path / name).write_text((rules / name).read_text())
    puzzle = Puzzle(3, 1, tuple(Room.rectangle(x, 0, x, 0, 0) for x in range(3)))
    assert solve(puzzle).status == "unsatisfiable"
    assert solve(puzzle, encoding=tmp_path).solutions == (("...",),)


def test_broken_user_encoding_reports_clingo_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.lp"
    broken.write_text("black(X, Y) :- .\n")
    with pytest.raises(EncodingError, match="broken.lp:1"):
        solve(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0),)), extra=[broken])


def test_unknown_encoding_name() -> None:
    with pytest.raises(EncodingError, match="no encoding set 'nope'"):
        solve(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0),)), encoding="nope")


def test_one_by_one_grids() -> None:
    black = solved_and_checked(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 1),)))
    white = solved_and_checked(Puzzle(1, 1, (Room.rectangle(0, 0, 0, 0, 0),)))
    assert black.solutions == (("#",),) and white.solutions == ((".",),)


def test_single_column_grid_root() -> None:
    # (0,0) black forces the root onto (0,1) in a grid one column wide.
    puzzle = Puzzle(1, 4, (Room.rectangle(0, 0, 0, 0, 1), Room.rectangle(0, 1, 0, 3, 0)))
    assert solved_and_checked(puzzle).solutions == (("#", ".", ".", "."),)


def test_threads_give_the_same_answer() -> None:
    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
    assert solve(puzzle, threads=2).solutions == (("#.#",),)


def test_clingo_options_from_the_encoding_header_or_the_caller(tmp_path: Path) -> None:
    from heyawake_asp.encodings import encodings_dir

    body = (
        f'#include "{encodings_dir() / "reach.lp"}".\n'
        "#const forbid = 0.\n"
        ":- black(0, 0), forbid = 1.\n"
    )
    plain = tmp_path / "plain.lp"
    plain.write_text("% plain: reach, and no black corner when forbid=1\n" + body)
    tuned = tmp_path / "tuned.lp"
    tuned.write_text("% tuned: the same\n% clingo-options: -c forbid=1\n" + body)
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    no_corner = {(".....",), ("....#",)}
    assert len(solved_and_checked(puzzle, encoding=plain, max_solutions=0).solutions) == 4
    by_header = solved_and_checked(puzzle, encoding=tuned, max_solutions=0)
    assert set(by_header.solutions) == no_corner and len(by_header.solutions) == 2
    by_caller = solved_and_checked(
        puzzle, encoding=plain, max_solutions=0, options=["-c", "forbid=1"]
    )
    assert set(by_caller.solutions) == no_corner and len(by_caller.solutions) == 2


@pytest.mark.parametrize("budget", ["conflicts", "seconds"])
def test_search_that_outgrows_its_quick_start_loses_and_repeats_no_solution(
    budget: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With no quick budget the search must start again in the background;
    # the models found before that must neither be lost nor counted twice.
    from test_irregular import brute_force

    from heyawake_asp import solver

    monkeypatch.setattr(solver, "QUICK_CONFLICTS" if budget == "conflicts" else "QUICK_SECONDS", 0)
    puzzle = Puzzle(4, 3, (Room.rectangle(0, 0, 3, 2),))
    result = solve(puzzle, max_solutions=0)
    assert len(result.solutions) == len(set(result.solutions))
    assert set(result.solutions) == brute_force(puzzle)


def test_solve_limit_given_by_the_caller_is_kept() -> None:
    # A caller's own --solve-limit must not be replaced by the quick start's:
    # a limit of 0 stops the search at once, unsettled, where an unlimited
    # one would enumerate shadings until the timeout.
    puzzle = Puzzle(30, 30, (Room.rectangle(0, 0, 29, 29),))
    options = ["--solve-limit=0"]
    result = solve(puzzle, max_solutions=0, check_unique=False, timeout=5, options=options)
    assert (result.status, result.solutions) == ("timeout", ())


@pytest.mark.parametrize("where", ["caller", "set"])
@pytest.mark.parametrize("option", ["--solve-limit=0", "--solve-lim=0", "--so=0"])
def test_solve_limit_of_the_caller_or_the_set_is_kept_without_a_timeout(
    where: str, option: str, tmp_path: Path
) -> None:
    # Without a timeout the solver sets the quick start's limit itself; a
    # limit of 0 given by the caller or declared by the set must win, also
    # under a shortened name (clingo takes any unambiguous start).
    from heyawake_asp.encodings import encodings_dir

    entry = tmp_path / "limited.lp"
    header = f"% clingo-options: {option}\n" if where == "set" else ""
    entry.write_text(f'{header}#include "{encodings_dir() / "grow.lp"}".\n')
    options = [option] if where == "caller" else []
    puzzle = Puzzle(6, 6, (Room.rectangle(0, 0, 5, 5),))
    result = solve(puzzle, entry, max_solutions=0, check_unique=False, options=options)
    assert (result.status, result.solutions) == ("timeout", ())


@pytest.mark.parametrize("quick_conflicts", [1000, 0])
def test_search_leaves_the_controls_solve_limit_as_it_found_it(
    quick_conflicts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # search() borrows the limit for its quick start, settled there or not.
    from heyawake_asp import solver

    monkeypatch.setattr(solver, "QUICK_CONFLICTS", quick_conflicts)
    puzzle = Puzzle(4, 3, (Room.rectangle(0, 0, 3, 2),))
    control, _ = solver.grounded_control(puzzle)
    found = solver.search(control, lambda model: solver.decode(model, puzzle))
    assert found.result is not None and found.result.exhausted
    assert str(control.configuration.solve.solve_limit) == "umax,umax"  # type: ignore[union-attr]
    assert len(found.values) == len(set(found.values)) > 1


def test_edited_extra_program_is_read_again(tmp_path: Path) -> None:
    # Parsed programs are kept between calls; an edit must still be seen.
    import os

    extra = tmp_path / "corner.lp"
    extra.write_text(":- black(0, 0).\n")
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    assert ("#...#",) not in solve(puzzle, max_solutions=0, extra=[extra]).solutions
    extra.write_text(":- black(4, 0).\n")
    os.utime(extra, ns=(0, 10**9))  # same size: only the new time tells the edit
    assert ("#....",) in solve(puzzle, max_solutions=0, extra=[extra]).solutions


def test_directory_set_sees_files_added_edited_and_removed(tmp_path: Path) -> None:
    # A directory's texts are kept between calls; changes must be seen.
    import os

    from heyawake_asp.encodings import encodings_dir, resolve_encoding

    rules = encodings_dir() / "rules"
    for name in ("shading.lp", "adjacent.lp"):
        (tmp_path / name).write_text((rules / name).read_text())
    puzzle = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),))
    assert len(solve(puzzle, tmp_path, max_solutions=0).solutions) == 3
    assert resolve_encoding(tmp_path).options == ()
    corner = tmp_path / "corner.lp"
    corner.write_text("% clingo-options: --seed=1\n:- black(0, 0).\n")
    assert set(solve(puzzle, tmp_path, max_solutions=0).solutions) == {("..",), (".#",)}
    assert resolve_encoding(tmp_path).options == ("--seed=1",)
    corner.write_text("% clingo-options: --seed=2\n:- black(1, 0).\n")
    os.utime(corner, ns=(0, 10**9))  # same size: only the new time tells the edit
    assert set(solve(puzzle, tmp_path, max_solutions=0).solutions) == {("..",), ("#.",)}
    assert resolve_encoding(tmp_path).options == ("--seed=2",)
    corner.unlink()
    assert len(solve(puzzle, tmp_path, max_solutions=0).solutions) == 3


@pytest.mark.parametrize("private_names", [True, False])
def test_statistics_read_one_by_one_agree_with_clingos_full_tree(
    private_names: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    from heyawake_asp.solver import _statistics, grounded_control

    if not private_names:  # clingo without them: the full tree is read instead
        monkeypatch.setattr(importlib, "import_module", _refuse_clingo_internal(importlib))
    control, _ = grounded_control(Puzzle(4, 4, (Room.rectangle(0, 0, 3, 3, 2),)), models=2)
    control.solve()
    full = control.statistics
    size = _statistics(control, ("problem", "lp"), ("atoms", "rules"))
    assert size == [full["problem"]["lp"][key] for key in ("atoms", "rules")]
    assert min(size) > 0
    effort = _statistics(control, ("solving", "solvers"), ("choices", "conflicts"))
    assert effort == [full["solving"]["solvers"][key] for key in ("choices", "conflicts")]
    assert _statistics(control, ("solving", "nothing"), ("choices",)) == [0]
    assert _statistics(control, ("problem", "lp"), ("atoms", "nothing")) == [size[0], 0]


def _refuse_clingo_internal(importlib: Any) -> Any:
    """``importlib.import_module`` that fails for ``clingo._internal``."""
    real = importlib.import_module

    def import_module(name: str, *args: Any) -> Any:
        if name == "clingo._internal":
            raise ImportError(name)
        return real(name, *args)

    return import_module


def test_search_with_a_deadline_is_always_polled(monkeypatch: pytest.MonkeyPatch) -> None:
    # The quick start cannot see a deadline before its budget is spent, so a
    # timed search must skip it.
    from heyawake_asp import solver

    def refuse(*_: object) -> None:
        raise AssertionError("quick start used despite a deadline")

    monkeypatch.setattr(solver, "_quick_search", refuse)
    assert solve(Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),)), timeout=10).status == "solved"


def test_edited_file_included_two_levels_down_is_read_again(tmp_path: Path) -> None:
    import os

    from heyawake_asp.encodings import encodings_dir

    rules = encodings_dir() / "rules"
    (tmp_path / "entry.lp").write_text('#include "middle.lp".\n')
    (tmp_path / "middle.lp").write_text(
        f'#include "{rules / "shading.lp"}".\n#include "{rules / "adjacent.lp"}".\n'
        '#include "deep.lp".\n'
    )
    deep = tmp_path / "deep.lp"
    deep.write_text(":- black(0, 0).\n")
    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0),))
    entry = tmp_path / "entry.lp"
    assert ("#..",) not in solve(puzzle, entry, max_solutions=0).solutions
    deep.write_text(":- black(2, 0).\n")
    os.utime(deep, ns=(0, 10**9))  # same size: only the new time tells the edit
    assert ("#..",) in solve(puzzle, entry, max_solutions=0).solutions


def test_caller_may_choose_the_projection_mode() -> None:
    # Projection is on by default; a caller's own --project replaces it
    # rather than clashing with it (grow has no auxiliary atoms to project).
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    default = solved_and_checked(puzzle, encoding="grow", max_solutions=0)
    assert len(default.solutions) == 4
    for mode in ("--project=no", "--project=show", "--proj=no"):
        chosen = solved_and_checked(puzzle, encoding="grow", max_solutions=0, options=[mode])
        assert sorted(chosen.solutions) == sorted(default.solutions)


def test_irregular_part_is_grounded_only_for_irregular_rooms(tmp_path: Path) -> None:
    from heyawake_asp.encodings import encodings_dir

    marked = tmp_path / "marked.lp"
    marked.write_text(
        f'#include "{encodings_dir() / "grow.lp"}".\n#program irregular.\n:- black(0, 0).\n'
    )
    square = Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0, 1),))
    assert set(solved_and_checked(square, encoding=marked, max_solutions=0).solutions) == {
        ("#.",),
        (".#",),
    }
    ell = Puzzle(2, 2, (Room(frozenset({(0, 0), (1, 0), (0, 1)}), 1), Room(frozenset({(1, 1)}))))
    irregular = solved_and_checked(ell, encoding=marked, max_solutions=0).solutions
    assert irregular and all(grid[0][0] == "." for grid in irregular)
    assert any(grid[0][0] == "#" for grid in solve(ell, "grow", max_solutions=0).solutions)


def test_program_parts_switch_per_file(tmp_path: Path) -> None:
    # Each file starts in part base: a part switched to at the end of one
    # file does not swallow the next file's rules.
    from heyawake_asp.encodings import encodings_dir

    (tmp_path / "a.lp").write_text(
        f'#include "{encodings_dir() / "grow.lp"}".\n#program unused.\n:- black(0, 0).\n'
    )
    (tmp_path / "b.lp").write_text("% base again\n:- black(4, 0).\n")
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    solutions = set(solved_and_checked(puzzle, encoding=tmp_path, max_solutions=0).solutions)
    assert solutions == {(".....",), ("#....",)}


def test_check_encoding_grounds_the_irregular_part_too(tmp_path: Path) -> None:
    from heyawake_asp import check_encoding

    unsafe = tmp_path / "unsafe.lp"
    unsafe.write_text("#program irregular.\np(X) :- not q(X).\n")
    with pytest.raises(EncodingError, match="unsafe"):
        check_encoding("grow", extra=[unsafe])


def test_decoding_skips_other_shown_atoms_in_every_control(tmp_path: Path) -> None:
    # The second and third solves meet these atoms again, now remembered from the first.
    extra = tmp_path / "shows_more.lp"
    extra.write_text(
        "#show marked(X, Y) : black(X, Y).\n#show 7.\n#show black(9, 9) : black(0, 0).\n"
    )
    puzzle = Puzzle(5, 1, (Room.rectangle(0, 0, 4, 0),))
    for _ in range(3):
        result = solved_and_checked(puzzle, max_solutions=0, extra=[extra])
        assert set(result.solutions) == {("#...#",), ("#....",), (".....",), ("....#",)}


def test_decoding_keys_on_clingos_symbol_codes_or_else_on_the_symbols() -> None:
    from heyawake_asp.solver import _symbol_keys, decode, grounded_control

    class SymbolListModel:
        """A model whose shown symbols come as a plain list, without clingo's codes."""

        def __init__(self, model: clingo.Model) -> None:
            self.shown = list(model.symbols(shown=True))

        def symbols(self, shown: bool) -> list[clingo.Symbol]:
            return self.shown

    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
    control, _ = grounded_control(puzzle, models=1)
    seen = []

    def check(model: clingo.Model) -> None:
        shown = model.symbols(shown=True)
        keys = _symbol_keys(shown)
        assert all(type(key) is int for key in keys), "clingo's codes can no longer be read"
        assert len(set(keys)) == len(keys) == len(shown) == 2
        plain = SymbolListModel(model)
        assert _symbol_keys(plain.shown) == plain.shown
        seen.append((decode(model, puzzle), decode(plain, puzzle)))  # type: ignore[arg-type]

    control.solve(on_model=check)
    assert seen == [(("#.#",), ("#.#",))]


@pytest.mark.parametrize("encoding", ["grow", "reach", "thesis"])
def test_extra_program_reading_in_sees_the_cells_of_rectangles(
    encoding: str, tmp_path: Path
) -> None:
    # grow itself reads no in/3 and is not given it; a program that does
    # must see every cell's room all the same.
    from test_irregular import brute_force

    extra = tmp_path / "room1_white.lp"
    extra.write_text(":- black(X, Y), in(1, X, Y).\n")
    puzzle = Puzzle(3, 2, (Room.rectangle(0, 0, 0, 1), Room.rectangle(1, 0, 2, 1)))
    found = solved_and_checked(puzzle, encoding=encoding, max_solutions=0, extra=[extra])
    expected = {grid for grid in brute_force(puzzle) if "#" not in grid[0][0] + grid[1][0]}
    assert set(found.solutions) == expected and expected


def test_extra_program_reading_room_sees_every_room(tmp_path: Path) -> None:
    extra = tmp_path / "two_rooms.lp"
    extra.write_text("rooms(N) :- N = #count { R : room(R) }.\n:- rooms(N), N != 2.\n")
    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 0, 0), Room.rectangle(1, 0, 2, 0)))
    assert solve(puzzle, "grow", extra=[extra]).status == "solved"


@pytest.mark.parametrize(("encoding", "given"), [("grow", False), ("reach", True)])
def test_facts_a_set_does_not_read_are_not_given(encoding: str, given: bool) -> None:
    # clasp pays a rule for every fact: grow reads neither in/3 nor room/1.
    from heyawake_asp.solver import grounded_control

    puzzle = Puzzle(3, 1, (Room.rectangle(0, 0, 0, 0), Room.rectangle(1, 0, 2, 0, 1)))
    control, _ = grounded_control(puzzle, encoding)
    for name, arity in (("in", 3), ("room", 1)):
        assert any(control.symbolic_atoms.by_signature(name, arity)) is given
    assert solved_and_checked(puzzle, encoding=encoding).status == "solved"


def test_bad_clingo_option_of_a_set_is_an_encoding_error(tmp_path: Path) -> None:
    from heyawake_asp.encodings import encodings_dir

    entry = tmp_path / "bad.lp"
    entry.write_text(
        f'% clingo-options: --no-such-option\n#include "{encodings_dir() / "grow.lp"}".\n'
    )
    with pytest.raises(EncodingError, match="no-such-option"):
        solve(Puzzle(2, 1, (Room.rectangle(0, 0, 1, 0),)), entry)
