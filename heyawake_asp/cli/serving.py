"""The ``serve`` command: the board in the browser (`heyawake_asp.web`)."""

from __future__ import annotations

import urllib.parse
import webbrowser

import click

from heyawake_asp.cli import main
from heyawake_asp.cli.common import read_puzzle_or_fail
from heyawake_asp.cli.options import seconds
from heyawake_asp.errors import HeyawakeError
from heyawake_asp.formats import write_puzzle
from heyawake_asp.web.application import WebApp
from heyawake_asp.web.server import listen, serve
from heyawake_asp.web.settings import DEFAULT_STREAM_LIMIT, Settings

__all__: list[str] = []

_LOCAL = ("127.0.0.1", "localhost", "::1")


@main.command("serve")
@click.argument("puzzle", required=False)
@click.option(
    "--port",
    metavar="N",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port to listen on (0: any free one).",
)
@click.option(
    "--host",
    metavar="H",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; any but this machine's makes the page reachable "
    "from the network.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.option(
    "--timeout",
    callback=seconds,
    default="10",
    show_default=True,
    metavar="S",
    help="Give up on a request after S seconds of wall time (the steps streamed to "
    "Steps: on each wait for the next step, at most --stream-limit in all).",
)
@click.option(
    "--stream-limit",
    callback=seconds,
    default=f"{DEFAULT_STREAM_LIMIT:g}",
    show_default=True,
    metavar="S",
    help="Stop the steps streamed to Steps after S seconds of wall time in all, however "
    "soon each step comes: no page holds a child for ever.",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    metavar="NAME",
    multiple=True,
    help="Also answer requests for this host name (repeatable): the public name of a "
    "reverse proxy in front. Only the listening address, localhost, 127.0.0.1 and [::1] "
    "are answered otherwise.",
)
@click.option(
    "--verbose", is_flag=True, help="Print a line per request on standard error (an access log)."
)
def serve_command(
    puzzle: str | None,
    port: int,
    host: str,
    open_browser: bool,
    timeout: float,
    stream_limit: float,
    allowed_hosts: tuple[str, ...],
    verbose: bool,
) -> None:
    """Play, learn and compose puzzles on a board in the browser, served on this machine.

    Prints the page's address (with PUZZLE, an address that opens it) and
    serves until Ctrl-C (exit status 130).
    """
    fragment = "" if puzzle is None else "#puzzle=" + urllib.parse.quote(_compact(puzzle), safe="")
    try:
        listener = listen(host, port)
    except OSError as error:
        raise click.ClickException(
            f"{host}:{port}: cannot listen: {error.strerror or error}"
        ) from None
    if host not in _LOCAL:
        click.echo(f"warning: --host {host}: the page is reachable from the network", err=True)
    address = listener.url + fragment
    click.echo(f"serving on {address}")
    if open_browser:
        webbrowser.open(address)
    settings = Settings.local(timeout, allowed_hosts=allowed_hosts, stream_limit=stream_limit)
    serve(WebApp(settings), listener, verbose)


def _compact(source: str) -> str:
    """The puzzle ``source`` names as a puzz.link URL, or as text when no URL can hold it."""
    puzzle = read_puzzle_or_fail(source)
    try:
        return write_puzzle(puzzle, "url").strip()
    except HeyawakeError:
        return write_puzzle(puzzle, "text")
