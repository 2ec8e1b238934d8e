"""One process at a time on a SQLite file: the lock the bot's store holds while open.

A SQLite file cannot be shared safely by several bot processes (each would run the clock
over every game and post the same updates twice), so the process that opens it holds an
exclusive ``flock`` on the database file itself until it closes the store. The lock is
the file's, not its name's: a symlink, a path through a symlinked folder or a hard link
(the same file under a second name, whose WAL would be another file: two writers, a
corrupt database) all lead to the same inode, so a second process is refused whatever
name it was given. The kernel drops the lock when the process dies, even by SIGKILL, so
a crash never leaves a stale lock behind.

``flock`` and SQLite's own POSIX (``fcntl``) locks do not interact on Linux's local file
systems. Closing any descriptor of a file drops the POSIX locks the process holds on it,
so the lock's descriptor is closed only when no connection of this process is open (the
store's ``close`` closes its connections first), or when the lock was refused (another
process has the file: this one opened no connection to it).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from bot.store.errors import StoreLocked


class ProcessLock:
    """An exclusive, non-blocking ``flock`` on the database file (created if missing: an
    empty file is an empty SQLite database)."""

    def __init__(self, database: Path) -> None:
        self.path = database
        self._fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreLocked(
                f"Another Turnstile process is already using {self.path}. "
                "A SQLite file serves one process only: stop the other process, or set "
                "DATABASE_URL to a PostgreSQL server to run several."
            ) from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
