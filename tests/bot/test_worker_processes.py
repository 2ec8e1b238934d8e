"""No process the bot started outlives it. A real bot process
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
    nice: int
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
    return Proc(pid, int(fields[1]), fields[0], int(fields[16]), int(fields[19]), command.strip())


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


def forked(bot: int) -> list[Proc]:
    """The processes the bot's fork server forked (its workers)."""
    servers = [p for p in descendants(bot) if "multiprocessing.forkserver" in p.command]
    return [p for server in servers for p in descendants(server.pid)]


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
            mine = proc(pid)
            assert mine is not None
            # The drawing workers start with the bot and lower their priority once they
            # run (a freshly forked one is at the bot's for a moment); the robots' worker
            # stays at the bot's and starts with a robot's first move. So the drawing
            # workers are first seen settled, below the bot's priority, and a robots'
            # worker is a later one at the bot's own: alice plays a learning game against
            # robots until one has moved.
            drawing: set[int] = set()

            def drawing_settled() -> bool:
                workers = forked(pid)
                drawing.clear()
                drawing.update(p.pid for p in workers)
                return bool(workers) and all(p.nice > mine.nice for p in workers)

            await poll(drawing_settled, GENEROUS, "the drawing workers to settle")

            def robots() -> list[Proc]:
                return [p for p in forked(pid) if p.pid not in drawing and p.nice == mine.nice]

            learning = await d.slash(alice, channel, "game learn", game="disneyland")
            assert not learning.ephemeral, learning.content
            threads = await d.world.wait_until(
                lambda: [c.id for c in d.world.channels.values() if c.parent_id == channel],
                15,
                "the learning game's thread",
            )
            table = threads[0]
            for _ in range(50):
                if robots():
                    break
                choices = await d.autocomplete(alice, table, "play", {"move": ""}, focused="move")
                codes = [str(c["value"]) for c in choices]
                if codes:  # alice's turn
                    code = next((c for c in codes if c in ("roll", "rent", "pass")), codes[0])
                    await d.slash(alice, table, "play", move=code)
                await asyncio.sleep(0.1)
            assert robots(), "a robots' worker"
            assert drawing <= {p.pid for p in forked(pid)}, "the drawing workers"
            family = descendants(pid)
            await bot.end(signal.SIGKILL)
            await poll(lambda: not still_running(family), GENEROUS, "the bot's processes to end")
        except BaseException:
            print(bot.output())
            raise
        finally:
            await bot.end(signal.SIGKILL)


async def test_a_replay_worker_ends_with_its_bot() -> None:
    """The replay worker is the bot's own subprocess (``bot.chat.handlers.replays``), not the fork
    server's. Its stand-in bot starts it, reading its GIF from a pipe as the bot does, and
    is killed while it works (here: while it waits for its job on a pipe the test keeps
    open, maybe still starting); it ends all the same."""
    starts = "import subprocess, sys, time; " + (
        "subprocess.Popen([sys.executable, '-m', 'bot.table.replay_worker'], "
        "stdout=subprocess.PIPE); time.sleep(600)"
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
        parent.kill()
        await parent.wait()
        await poll(lambda: not still_running(workers), GENEROUS, "the replay worker to end")
    finally:
        if parent.returncode is None:
            parent.kill()
            await parent.wait()
        os.close(job_w)  # a worker left over reads the end of its job, and stops
