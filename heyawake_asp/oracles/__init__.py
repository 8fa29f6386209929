"""Independent oracles, in plain Python: they never import clingo nor the ASP side.

``checker`` judges a shading against the five rules, ``brute`` finds every
solution of a small puzzle by trying shadings, ``step_checker`` verifies an
explanation step from its reason alone.
"""
