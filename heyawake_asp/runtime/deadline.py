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
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

__all__ = ["NEVER", "Deadline", "as_deadline"]


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


NEVER = Deadline(math.inf, 0.0)
"""No time limit."""


def as_deadline(timeout: float | Deadline | None) -> Deadline:
    """A public call's ``timeout`` as a deadline: seconds from now, a `Deadline`, None: `NEVER`."""
    if timeout is None:
        return NEVER
    if isinstance(timeout, Deadline):
        return timeout
    return Deadline(timeout)
