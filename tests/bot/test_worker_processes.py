"""Issue 33 (from our notes): no process the bot started outlives it. A real bot process
(``python -m bot`` against the double) starts its drawing workers, and its robots' worker
for a learning game's robots, all forked by one fork server (``bot.common.processes``);
then it is killed with SIGKILL, as a crash or the OOM killer would. Its fork server, the
workers and multiprocessing's resource tracker must all end: before the fix they waited
forever (every worker holds the fork server's "alive" pipe and its own task queue open)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.bot.bot_process import ROOT, BotProcess, poll
from tests.bot.double import DiscordDouble

#: A liveness check, not a speed test: what is left after this long is left for good.
GENEROUS = 60.0


@dataclass(frozen=True)
class Proc:
    """A process as /proc shows it; ``started`` (clock ticks after boot) tells it from a
    later process that reuses its pid."""

    pid: int
    parent: int
    state: str
    started: int
    command: str


def proc(pid: int) -> Proc | None:
    """The process ``pid`` now, or None when there is none."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except (FileNotFoundError, ProcessLookupError):
        return None
    # The name (in parentheses) may hold spaces: the fields follow its closing one.
    fields = stat[stat.rindex(")") + 2 :].split()
    return Proc(pid, int(fields[1]), fields[0], int(fields[19]), command.strip())


def descendants(root: int) -> list[Proc]:
    """Every process below ``root``: its children, theirs, and so on."""
    every = [p for p in (proc(int(n)) for n in os.listdir("/proc") if n.isdigit()) if p]
    found: list[Proc] = []
    parents = {root}
    while True:
        more = [p for p in every if p.parent in parents and p not in found]
        if not more:
            return found
        found += more
        parents = {p.pid for p in more}


def still_running(family: list[Proc]) -> list[Proc]:
    """Those of ``family`` that still run (an exited orphan whose new parent does not
    reap it stays a zombie: it has ended)."""
    now = [proc(p.pid) for p in family]
    return [p for p in now if p is not None and p.state != "Z" and in_family(p, family)]


def in_family(p: Proc, family: list[Proc]) -> bool:
    return any(p.pid == q.pid and p.started == q.started for q in family)


async def test_no_worker_process_outlives_a_killed_bot(tmp_path: Path) -> None:
    async with DiscordDouble() as d:
        guild = d.add_guild("g")
        channel = d.add_channel(guild, "games")
        alice = d.add_user("alice")
        bot = BotProcess(d, str(tmp_path / "turnstile.sqlite3"), 0, 1, tmp_path)
        await bot.start()
        try:
            assert bot.process is not None
            pid = bot.process.pid
            # The drawing workers start with the bot; the robots' worker with the first
            # robot's move (a learning game: alice and robots; roll until they move).
            learning = await d.slash(alice, channel, "game learn", game="disneyland")
            assert not learning.ephemeral, learning.content

            def forked() -> list[Proc]:
                server = [p for p in descendants(pid) if "forkserver" in p.command]
                return [p for p in descendants(server[0].pid)] if server else []

            for _ in range(40):
                if len(forked()) >= 2:
                    break
                await asyncio.sleep(0.25)
            family = descendants(pid)
            assert len(forked()) >= 2, [p.command[:80] for p in family]
            assert any("forkserver" in p.command for p in family)
            await bot.end(signal.SIGKILL)
            await poll(lambda: not still_running(family), GENEROUS, "the bot's processes to end")
        except BaseException:
            print(bot.output())
            raise
        finally:
            await bot.end(signal.SIGKILL)


async def test_a_replay_worker_ends_with_its_bot() -> None:
    """The replay worker is the bot's own subprocess (``bot.chat.replays``), not the fork
    server's. Its stand-in bot starts it and is killed while it works (here: while it
    waits for its job on a pipe the test keeps open); it ends all the same."""
    starts = "import subprocess, sys, time; " + (
        "subprocess.Popen([sys.executable, '-m', 'bot.table.replay_worker']); time.sleep(600)"
    )
    job, job_w = os.pipe()  # the worker's stdin, held open here
    parent = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        starts,
        stdin=job,
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)},
    )
    os.close(job)
    try:
        workers: list[Proc] = []

        def started() -> bool:
            workers[:] = [p for p in descendants(parent.pid) if "replay_worker" in p.command]
            return bool(workers)

        await poll(started, GENEROUS, "the replay worker to start")
        await asyncio.sleep(0.5)  # past its imports: it waits for its job
        parent.kill()
        await parent.wait()
        await poll(lambda: not still_running(workers), GENEROUS, "the replay worker to end")
    finally:
        if parent.returncode is None:
            parent.kill()
            await parent.wait()
        os.close(job_w)  # a worker left over reads the end of its job, and stops
