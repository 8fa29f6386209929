"""What authors ask of a puzzle: make one, count its solutions, see where it is ambiguous.

``generate`` makes a puzzle with exactly one solution (rooms from ``tiling``,
re-tiled by ``retile`` where a second shading hides), ``graded`` one of a
given grade; ``analysis`` counts
solutions, finds the cells that vary and explains a puzzle with none;
``suggest`` finds one clue that makes a puzzle unique.
"""
