"""A throw-away PostgreSQL server for tests and benchmarks (docs/ARCHITECTURE.md §8).

``initdb`` into a temporary folder, listen only on a Unix socket inside it, stop and
delete it at the end. The Debian server binaries are found under
``/usr/lib/postgresql/*/bin`` (or ``PG_BIN``); ``make test`` installs them when missing
(``tests/ensure-postgres``). PostgreSQL refuses to run as root, so as root the server runs
as the ``postgres`` user (created, as ``turnstile-pg``, if the machine has none).
Nothing here skips: if the server cannot start, the error says why, with its log.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import asyncpg

INSTALL_HINT = (
    "PostgreSQL's server binaries (initdb, pg_ctl) were not found under "
    "/usr/lib/postgresql/*/bin. Install them (Debian/Ubuntu: apt-get install postgresql) "
    "or set PG_BIN to the folder that holds them."
)
FAST = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")


def server_binaries() -> Path:
    """The folder with initdb and pg_ctl: PG_BIN, else the newest Debian install."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: [int(n) for n in re.findall(r"\d+", p.parent.parent.name)],
    )
    if found:
        return found[-1].parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise RuntimeError(INSTALL_HINT)


def server_user() -> str | None:
    """Who runs the server: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "turnstile-pg"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "turnstile-pg"],
        check=True,
        capture_output=True,
    )
    return "turnstile-pg"


class PostgresServer:
    """One private cluster. ``durable=False`` turns off fsync: fine for tests, not benches."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.folder: Path | None = None
        self.user = "turnstile"
        self._names = itertools.count(1)
        self._run_as = server_user()
        self._bin = server_binaries()

    @property
    def socket_dir(self) -> Path:
        assert self.folder is not None, "the server is not started"
        return self.folder

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", self._run_as, "--"] if self._run_as else []
        return subprocess.run(
            [*prefix, *command], capture_output=True, text=True, timeout=120, check=False
        )

    def start(self) -> None:
        """initdb and start; raises RuntimeError with the server's own words on failure."""
        folder = Path(tempfile.mkdtemp(prefix="turnstile-pg-"))
        self.folder = folder
        if self._run_as:
            record = pwd.getpwnam(self._run_as)
            os.chown(folder, record.pw_uid, record.pw_gid)
        data, logfile = folder / "data", folder / "server.log"
        done = self._run(
            str(self._bin / "initdb"),
            "-D",
            str(data),
            "-U",
            self.user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        )
        if done.returncode != 0:
            self._discard()
            raise RuntimeError(f"initdb failed:\n{done.stdout}\n{done.stderr}")
        settings = [
            "listen_addresses=",
            f"unix_socket_directories={folder}",
            "max_connections=60",
            "shared_buffers=32MB",
            *(() if self.durable else FAST),
        ]
        options = " ".join(f"-c {s}" if s[-1] != "=" else f"-c {s}''" for s in settings)
        done = self._run(
            str(self._bin / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(logfile),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        if done.returncode != 0:
            log = logfile.read_text(errors="replace") if logfile.exists() else ""
            self._discard()
            raise RuntimeError(f"PostgreSQL did not start:\n{done.stdout}\n{done.stderr}\n{log}")

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        if self.folder is None:
            return
        self._run(
            str(self._bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"
        )
        self._discard()

    def _discard(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def url(self, database: str = "postgres", schema: str | None = None) -> str:
        """A DATABASE_URL for this server (over its Unix socket), optionally confined to
        one schema (asyncpg passes unknown URL parameters on as server settings)."""
        where = f"?host={self.socket_dir}"
        if schema is not None:
            where += f"&search_path={schema}"
        return f"postgresql://{self.user}@/{database}{where}"

    async def create_database(self, prefix: str = "t") -> str:
        """A new, empty place for a test's tables; returns its URL.

        It is a schema of its own rather than a database: as separate, and a hundred
        times faster to make (CREATE DATABASE copies a whole template).
        """
        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await connection.close()
        return self.url(schema=name)
