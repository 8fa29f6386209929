"""Run the command line interface as ``python -m heyawake_asp``."""

from heyawake_asp.cli import main

main()
