"""Pictures of a path of steps: one SVG per step, and one page to step through them.

Each picture shows the cells settled so far (black filled, white dotted:
in a clue's cell the dot sits in the lower-right corner),
the step's new ones among them outlined in red, and the reason's cells
tinted yellow.

>>> from heyawake_asp.puzzle import Puzzle, Room
>>> from heyawake_asp.steps import steps
>>> strip = Puzzle(3, 1, (Room.rectangle(0, 0, 2, 0, 2),))
>>> pictures = step_svgs(strip, steps(strip))
>>> len(pictures), pictures[0].count('class="new"')
(3, 1)
"""

from __future__ import annotations

import html

from heyawake_asp.grid import Grid
from heyawake_asp.puzzle import Cell, Puzzle
from heyawake_asp.render.svg import CELL, render_svg, white_dots
from heyawake_asp.steps.model import Step, Walkthrough

__all__ = ["step_page", "step_svgs"]

_MARGIN = CELL // 2
"""Where render_svg puts the grid's top-left corner."""


def _box(cell: Cell, css: str, style: str) -> str:
    """A square over one cell."""
    x, y = cell
    return (
        f'<rect class="{css}" x="{_MARGIN + x * CELL}" y="{_MARGIN + y * CELL}" '
        f'width="{CELL}" height="{CELL}" {style}/>'
    )


def _picture(puzzle: Puzzle, known: dict[Cell, bool], step: Step) -> str:
    """One step drawn over what was settled before it, its new cells in their colours."""
    known = {**known, **dict(step.cells)}
    grid: Grid = tuple(
        "".join("#" if known.get((x, y)) else "." for x in range(puzzle.width))
        for y in range(puzzle.height)
    )
    reason_cells = {cell for rule in step.reason.rules for cell in rule.cells}
    reason_cells |= {cell for cell, _ in step.reason.known}
    marks = [_box(c, "reason", 'fill="#f1c40f" fill-opacity="0.35"') for c in sorted(reason_cells)]
    marks += [
        _box(cell, "new", 'fill="none" stroke="#e74c3c" stroke-width="4"') for cell, _ in step.cells
    ]
    dots = white_dots(puzzle, (cell for cell, black in known.items() if not black))
    svg = render_svg(puzzle, grid)
    head, _, tail = svg.rpartition("</svg>")
    return f"{head}{dots}{''.join(marks)}\n</svg>{tail}"


def step_svgs(puzzle: Puzzle, walk: Walkthrough) -> list[str]:
    """One SVG document per step, in order."""
    known: dict[Cell, bool] = {}
    pictures = []
    for step in walk.steps:
        pictures.append(_picture(puzzle, known, step))
        known.update(step.cells)
    return pictures


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:1em auto}}h1{{font-size:1.3em}}
.step{{display:none}}.step.on{{display:block}}</style></head><body>
<h1>{title}</h1>
<p><button id="back">&larr; back</button> <button id="next">next &rarr;</button>
<span id="where"></span></p>
{steps}
<p id="end">{ending}</p>
<script>
var steps=document.querySelectorAll('.step'),at=0;
function show(i){{at=Math.max(0,Math.min(steps.length-1,i));
steps.forEach(function(s,j){{s.classList.toggle('on',j===at)}});
document.getElementById('where').textContent=
steps.length?'step '+(at+1)+' of '+steps.length:'no steps'}}
document.getElementById('back').onclick=function(){{show(at-1)}};
document.getElementById('next').onclick=function(){{show(at+1)}};
document.onkeydown=function(e){{if(e.key==='ArrowLeft')show(at-1);if(e.key==='ArrowRight')show(at+1)}};
show(0);
</script></body></html>
"""


def step_page(
    puzzle: Puzzle, walk: Walkthrough, title: str = "Heyawake steps", ending: str = ""
) -> str:
    """One self-contained HTML page (no network) with every step, back and forth.

    ``ending``, how the path ends, is shown below the steps.
    """
    parts = [
        f'<div class="step"><p>{number}. {html.escape(step.text)}</p>{svg}</div>'
        for number, (step, svg) in enumerate(
            zip(walk.steps, step_svgs(puzzle, walk), strict=True), 1
        )
    ]
    return _PAGE.format(
        title=html.escape(title), steps="\n".join(parts), ending=html.escape(ending)
    )
