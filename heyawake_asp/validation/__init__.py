"""Prove an encoding set right on every small puzzle, or find the smallest puzzle where it fails.

``samples`` lists the small puzzles, ``judge`` holds one set's answers on
one puzzle against an oracle (or another set), ``shrink`` makes a failing
puzzle smaller, and ``validate`` runs them over the samples.
"""
