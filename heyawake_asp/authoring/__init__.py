"""What authors do with a puzzle: make one, or find the clue that makes it unique.

``generate`` makes a puzzle with exactly one solution (rooms from ``tiling``,
re-tiled by ``retile`` where a second shading hides), ``graded`` one of a
given grade; ``suggest`` finds one clue that makes a puzzle unique. The
questions they ask of a puzzle (count, analyze, explain) are
`heyawake_asp.queries`.
"""
