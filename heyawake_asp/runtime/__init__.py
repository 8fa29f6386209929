"""Running calls under limits: the deadline, and child processes that can be stopped at any time."""
