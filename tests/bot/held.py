"""Work held in a worker process until the test lets it go: a lane is busy for exactly as
long as a test needs (no timing assumption). Its own module, so that the workers that run
it import nothing of the tests but this."""

from __future__ import annotations

import os
import time


def held(gate: str) -> str:
    """Return once the file ``gate`` exists."""
    while not os.path.exists(gate):
        time.sleep(0.02)
    return gate
