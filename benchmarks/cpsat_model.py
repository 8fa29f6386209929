"""The usual OR-Tools CP-SAT model of Heyawake, for comparison in the benchmarks.

What a user would write instead of using heyawake-asp: a Boolean per cell,
pair constraints for rule 1, clue sums for rule 3, for rule 5 one clause per
shortest window of a row or column that crosses two room borders, and
connectivity by BFS distances from a chosen root (every white cell but the
root has a white neighbour one step closer). Needs ``ortools`` (the
``bench`` extra).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from ortools.sat.python import cp_model

from heyawake_asp.grid import Grid, grid_from_black
from heyawake_asp.puzzle import Cell, Puzzle

__all__ = ["maximise_room", "solve_cpsat"]


def solve_cpsat(puzzle: Puzzle, check_unique: bool = True) -> tuple[list[Grid], float]:
    """Solve with CP-SAT; the solutions found (two at most) and the wall seconds taken.

    With ``check_unique`` the found shading is excluded and the model solved
    again, as a user proving uniqueness would.
    """
    start = time.perf_counter()
    model, black = _model(puzzle)
    solutions = []
    for _ in range(2 if check_unique else 1):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        shaded = [cell for cell, var in black.items() if solver.value(var)]
        solutions.append(grid_from_black(puzzle.width, puzzle.height, shaded))
        model.add_bool_or([var.Not() if solver.value(var) else var for var in black.values()])
    return solutions, time.perf_counter() - start


def maximise_room(puzzle: Puzzle, room: int, seconds: float) -> tuple[int, int, float]:
    """Maximise one room's black cells, its clue left out, one worker for ``seconds``.

    Returns the best count found, the bound proved and the CPU seconds taken.
    """
    start = time.process_time()
    clues = [None if index == room else r.clue for index, r in enumerate(puzzle.rooms)]
    model, black = _model(puzzle.with_clues(clues))
    model.maximize(sum(black[cell] for cell in puzzle.rooms[room].cells))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = seconds
    solver.solve(model)
    best, bound = int(solver.objective_value), int(solver.best_objective_bound)
    return best, bound, time.process_time() - start


def _model(puzzle: Puzzle) -> tuple[cp_model.CpModel, dict[Cell, cp_model.IntVar]]:
    """The CP-SAT model and its black-cell variables."""
    model = cp_model.CpModel()
    black = {cell: model.new_bool_var(f"b{cell}") for cell in puzzle.cells()}
    for a, b in _pairs(puzzle):
        model.add_bool_or([black[a].Not(), black[b].Not()])
    for room in puzzle.rooms:
        if room.clue is not None:
            model.add(sum(black[cell] for cell in room.cells) == room.clue)
    for window in _windows(puzzle):
        model.add_bool_or([black[cell] for cell in window])
    _connectivity(model, puzzle, black)
    return model, black


def _pairs(puzzle: Puzzle) -> Iterator[tuple[Cell, Cell]]:
    """Orthogonally adjacent cell pairs."""
    for x, y in puzzle.cells():
        for other in ((x + 1, y), (x, y + 1)):
            if puzzle.contains(other):
                yield (x, y), other


def _lines(puzzle: Puzzle) -> Iterator[list[Cell]]:
    """Every row and column as a list of cells."""
    for y in range(puzzle.height):
        yield [(x, y) for x in range(puzzle.width)]
    for x in range(puzzle.width):
        yield [(x, y) for y in range(puzzle.height)]


def _windows(puzzle: Puzzle) -> Iterator[list[Cell]]:
    """For each start cell, the shortest stretch of its line crossing two room borders."""
    for line in _lines(puzzle):
        rooms = [puzzle.room_index(cell) for cell in line]
        for start in range(len(line)):
            crossings = 0
            for end in range(start + 1, len(line)):
                crossings += rooms[end] != rooms[end - 1]
                if crossings == 2:
                    yield line[start : end + 1]
                    break


def _connectivity(
    model: cp_model.CpModel, puzzle: Puzzle, black: dict[Cell, cp_model.IntVar]
) -> None:
    """White cells connected: BFS distances from one chosen white root."""
    limit = puzzle.cell_count
    distance = {cell: model.new_int_var(0, limit, f"d{cell}") for cell in black}
    root = {cell: model.new_bool_var(f"r{cell}") for cell in black}
    model.add_exactly_one(root.values())
    for cell, var in black.items():
        model.add_implication(root[cell], var.Not())
        model.add(distance[cell] == 0).only_enforce_if(root[cell])
        steps = []
        for other in _neighbours(puzzle, cell):
            step = model.new_bool_var(f"s{cell}{other}")
            model.add_implication(step, black[other].Not())
            model.add(distance[cell] == distance[other] + 1).only_enforce_if(step)
            steps.append(step)
        model.add_bool_or([*steps, var, root[cell]])


def _neighbours(puzzle: Puzzle, cell: Cell) -> Iterator[Cell]:
    """The orthogonal neighbours of a cell inside the grid."""
    x, y = cell
    for other in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if puzzle.contains(other):
            yield other
