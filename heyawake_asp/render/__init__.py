"""Renderers: the puzzle and its solution as terminal text or JSON."""
