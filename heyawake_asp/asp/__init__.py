"""The ASP side: encoding sets, the facts of a puzzle, grounding, one clingo search, decoding.

``encodings`` finds the ``.lp`` programs, ``facts`` states a puzzle as
facts, ``control`` loads and grounds both, ``search`` runs one clingo
search to a deadline, ``decode`` reads a shading off a model, and
``bounds`` decides puzzles whose dense rooms plain search handles badly.
"""
