"""The deadline: the one time limit of a call, made once where the call starts, passed down.

A `Deadline` reads `time.monotonic`, which on Linux is the system's clock,
so one pickled into a child process stays right there.

>>> as_deadline(None) is NEVER, NEVER.passed, NEVER.left()
(True, False, inf)
>>> soon = as_deadline(0.0)
>>> soon.passed, soon.left(), as_deadline(soon) is soon
(True, 0.0, True)
>>> Deadline(2.5).overdue_message()
'stopped past the time limit of 2.5 s'

A `Renewing` deadline limits each wait instead (the web API's stream of
steps): its time starts again at each `Renewing.renew`, up to a bound on the
whole.

>>> wait = Renewing(10.0, most=300.0, start=time.monotonic() - 12.0)
>>> wait.passed, wait.overdue_message()
(True, 'stopped: nothing new within the time limit of 10 s')
>>> wait.renew()
>>> wait.passed, 9.0 < wait.left() <= 10.0
(False, True)
>>> whole = Renewing(10.0, most=300.0, start=time.monotonic() - 301.0)
>>> whole.renew()
>>> whole.passed, whole.overdue_message()
(True, 'stopped past the time limit of 300 s in all')
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

__all__ = ["NEVER", "Deadline", "Renewing", "as_deadline"]


@dataclass(frozen=True)
class Deadline:
    """``seconds`` (as given, for messages) from ``start`` (a `time.monotonic` reading)."""

    seconds: float
    start: float = field(default_factory=time.monotonic)

    @property
    def end(self) -> float:
        """When the time is up (`time.monotonic`; ``inf``: never)."""
        return self.start + self.seconds

    def left(self) -> float:
        """Seconds left (0 when the time is up)."""
        return max(0.0, self.end - time.monotonic())

    @property
    def passed(self) -> bool:
        """Whether the time is up."""
        return time.monotonic() >= self.end

    def spent(self) -> float:
        """Seconds since the start (0 for `NEVER`, which has none)."""
        return 0.0 if math.isinf(self.seconds) else time.monotonic() - self.start

    def overdue_message(self) -> str:
        """What a call stopped at this deadline says: ``stopped past the time limit of S s``."""
        return f"stopped past the time limit of {self.seconds:g} s"


class Renewing(Deadline):
    """``seconds`` past the last `renew` (at first, ``start``), at most ``most`` past ``start``.

    A time limit on each wait for what comes next rather than on the whole
    call, with a bound on the whole. Renewing it moves it for everything
    that holds it (an `heyawake_asp.asp.search.Alarm` follows); a copy sent
    to a child process is another deadline, which the child renews itself.
    """

    def __init__(self, seconds: float, most: float = math.inf, start: float | None = None) -> None:
        super().__init__(seconds, time.monotonic() if start is None else start)
        # Not fields: the dataclass's frozen fields are the start and the time of each wait.
        self.most = most
        self.renewed = self.start

    @property
    def end(self) -> float:
        """When the time is up: ``seconds`` past the last renewal, or ``most`` past the start."""
        return min(self.renewed + self.seconds, self.start + self.most)

    def renew(self) -> None:
        """Start the wait again from now (up to the bound on the whole)."""
        self.renewed = time.monotonic()

    def overdue_message(self) -> str:
        """Which limit it passed: the wait's, or the bound on the whole."""
        if self.start + self.most <= self.renewed + self.seconds:
            return f"stopped past the time limit of {self.most:g} s in all"
        return f"stopped: nothing new within the time limit of {self.seconds:g} s"


NEVER = Deadline(math.inf, 0.0)
"""No time limit."""


def as_deadline(timeout: float | Deadline | None) -> Deadline:
    """A public call's ``timeout`` as a deadline: seconds from now, a `Deadline`, None: `NEVER`."""
    if timeout is None:
        return NEVER
    if isinstance(timeout, Deadline):
        return timeout
    return Deadline(timeout)
