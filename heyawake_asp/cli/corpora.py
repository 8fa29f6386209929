"""A corpus run: one call per puzzle, on this machine's cores (``--jobs``) or a Dask cluster.

``grade``, ``steps`` and ``generate`` take both options. Each call runs in
a child process of its own under its limits, here
(`heyawake_asp.runtime.isolation.each_as_done`) or on a worker of a Dask
cluster (`heyawake_asp.runtime.cluster`), and the outcomes come back in the
order of the calls, whichever ends first.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from heyawake_asp.cli.options import jobs_option
from heyawake_asp.runtime.cluster import CLUSTER_EXTRA, Cluster, ClusterUnavailable, require_extra
from heyawake_asp.runtime.isolation import ChildFailed, each_as_done, in_order

__all__: list[str] = []

T = TypeVar("T")
_Command = TypeVar("_Command", bound=Callable[..., Any])
CLUSTER_VARIABLE = "HEYAWAKE_CLUSTER"
"""The environment variable that gives ``--cluster`` when the option is not."""


def corpus_options(what: str) -> Callable[[_Command], _Command]:
    """``--jobs N`` (default: every processor) and ``--cluster ADDRESS``; ``what`` is run."""

    def add(command: _Command) -> _Command:
        command = click.option(
            "--cluster",
            metavar="ADDRESS",
            envvar=CLUSTER_VARIABLE,
            show_envvar=True,
            callback=_cluster_address,
            help="Send each puzzle to the Dask scheduler at ADDRESS (tcp://HOST:PORT), whose "
            f"workers run them in place of --jobs (needs {CLUSTER_EXTRA}).",
        )(command)
        return jobs_option(None, what, eager=True)(command)  # before --cluster's check

    return add


def _cluster_address(
    context: click.Context, _parameter: click.Parameter, address: str | None
) -> str | None:
    """The scheduler's address, when the extra is there; not with ``--jobs``: a click callback.

    An empty address is none: ``--cluster ''`` runs here even when `CLUSTER_VARIABLE` is set.
    """
    if not address:
        return None
    try:
        require_extra()
    except ClusterUnavailable as error:
        raise click.BadParameter(str(error)) from None
    if context.get_parameter_source("jobs") == ParameterSource.COMMANDLINE:
        raise click.BadParameter("not with --jobs: the cluster's workers run the puzzles")
    return address


def each_in_order(
    calls: Iterable[Callable[..., T]],
    timeout: float | None,
    jobs: int,
    cluster: str | None,
    on_report: Callable[[int, Any], None] | None = None,
    held: dict[int, T | ChildFailed] | None = None,
) -> Generator[T | ChildFailed, None, None]:
    """Each call's outcome in the order of the calls: its value, or the `ChildFailed` it ended with.

    On this machine ``jobs`` at a time, each call ``call(report)`` with
    ``on_report(index, value)`` given what it reports as it goes; on the
    ``cluster`` (an address), ``call()``: nothing comes before the outcome.
    ``timeout`` is each call's limit from when its child starts it. An
    iterator of calls is read as children free (on a cluster, at once). An
    outcome that comes before its turn waits in ``held`` (by index), where
    a caller stopped by Ctrl-C still finds it. Leaving early stops the calls.

    Raises
    ------
    click.ClickException
        When no scheduler answers at the ``cluster``'s address.
    """
    if cluster is None:
        with closing(each_as_done(calls, timeout, jobs, on_report)) as done:
            yield from in_order(done, held)
        return
    try:
        connected = Cluster(cluster)
    except ClusterUnavailable as error:
        raise click.ClickException(f"--cluster: {error}") from None
    with connected, closing(connected.each_as_done(calls, timeout)) as done:
        yield from in_order(done, held)
