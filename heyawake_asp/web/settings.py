"""How a server runs: its time limit, its children, the names it answers to.

`heyawake serve` makes them from its options (`Settings.local`); a
production server (``uvicorn heyawake_asp.web:app``) from the environment
(`Settings.from_env`), where the variables are:

=========================  ========================================================
``HEYAWAKE_ALLOWED_HOSTS``  names the server answers to besides its own address
                            (comma-separated; the reverse proxy's public name)
``HEYAWAKE_TIMEOUT``        seconds each request may take (default 10); for the
                            steps streamed, each wait for the next step
``HEYAWAKE_STREAM_LIMIT``   seconds the steps streamed may take in all (default 300)
``HEYAWAKE_JOBS``           children running at once in each server process
                            (default: the processors)
``HEYAWAKE_CLIENT_JOBS``    children one client runs at once (default: half of the
                            jobs, at least 1)
=========================  ========================================================

>>> hosted = Settings.from_env({"HEYAWAKE_JOBS": "4", "HEYAWAKE_ALLOWED_HOSTS": "A.Example, b.org"})
>>> hosted.timeout, hosted.stream_limit, hosted.jobs, hosted.client_jobs
(10.0, 300.0, 4, 2)
>>> sorted(hosted.allowed_hosts)
['a.example', 'b.org']
>>> Settings.from_env({"HEYAWAKE_TIMEOUT": "soon"})
Traceback (most recent call last):
...
ValueError: HEYAWAKE_TIMEOUT: expected seconds (a number above 0), got 'soon'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from heyawake_asp.runtime.isolation import max_jobs

__all__ = ["DEFAULT_STREAM_LIMIT", "Settings"]

N = TypeVar("N", int, float)

DEFAULT_TIMEOUT = 10.0
"""Seconds a request may take unless told otherwise."""
DEFAULT_STREAM_LIMIT = 300.0
"""Seconds the steps streamed (``/api/steps`` as JSON Lines) may take in all, unless told otherwise.

Each wait for a step has the request's time limit; this bound keeps one
client from holding a turn for ever."""
QUEUE_PER_JOB = 16
"""How many requests may wait for a turn, per child that may run."""


@dataclass(frozen=True)
class Settings:
    """A server's limits and the host names it admits (`heyawake_asp.web.guard`).

    ``timeout`` limits each request, and each wait for a step streamed;
    ``stream_limit`` the steps streamed in all.
    """

    timeout: float
    jobs: int
    client_jobs: int
    allowed_hosts: frozenset[str] = frozenset()
    stream_limit: float = DEFAULT_STREAM_LIMIT

    @classmethod
    def local(
        cls,
        timeout: float,
        jobs: int | None = None,
        allowed_hosts: Iterable[str] = (),
        stream_limit: float = DEFAULT_STREAM_LIMIT,
    ) -> Settings:
        """For one player at this machine: one client may run every child."""
        jobs = jobs or max_jobs()
        return cls(timeout, jobs, jobs, _names(allowed_hosts), stream_limit)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """For many clients, from the ``HEYAWAKE_*`` variables (the module's docstring).

        Raises
        ------
        ValueError
            ``NAME: expected ..., got ...`` for a variable that does not read.
        """
        timeout = _number(environ, "HEYAWAKE_TIMEOUT", float, DEFAULT_TIMEOUT, "seconds")
        jobs = _number(environ, "HEYAWAKE_JOBS", int, max_jobs(), "a count")
        client_jobs = _number(environ, "HEYAWAKE_CLIENT_JOBS", int, max(1, jobs // 2), "a count")
        hosts = environ.get("HEYAWAKE_ALLOWED_HOSTS", "").split(",")
        stream_limit = _number(
            environ, "HEYAWAKE_STREAM_LIMIT", float, DEFAULT_STREAM_LIMIT, "seconds"
        )
        return cls(timeout, jobs, min(client_jobs, jobs), _names(hosts), stream_limit)

    @property
    def queue(self) -> int:
        """How many requests may wait for a turn at once."""
        return QUEUE_PER_JOB * self.jobs

    @property
    def client_queue(self) -> int:
        """How many of them may be one client's: its share of the queue, as of the children."""
        return max(1, self.queue * self.client_jobs // self.jobs)


def _names(hosts: Iterable[str]) -> frozenset[str]:
    """Host names as the guard compares them: trimmed, lower case, none empty."""
    return frozenset(name.strip().lower() for name in hosts if name.strip())


def _number(
    environ: Mapping[str, str], name: str, kind: Callable[[str], N], default: N, what: str
) -> N:
    """The variable ``name`` read as a ``kind`` above 0, ``default`` when unset or empty."""
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not 0 < value < math.inf:
        raise ValueError(f"{name}: expected {what} (a number above 0), got {text!r}")
    return value
