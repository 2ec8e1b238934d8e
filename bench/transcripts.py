"""What a table reads: a complete game of each game through the Discord double, dumped
message by message as players see them (text, embeds, buttons and menus, pings, edits),
threads on. For reading the flow, not for numbers (``bench.turn_posts`` counts).

    .venv/bin/python -m bench.transcripts [players, default 3] [folder, default stdout]

Each game is played as people play it (see ``tests.bot.tabletop``); every revision of
every message is shown, so a reader sees each step as the table saw it.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.client import TurnstileBot
from engine import GAMES
from tests.bot import tabletop
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.double.buckets import MACHINE_PACE, RateLimits
from tests.bot.double.models import iter_components
from tests.bot.tabletop import Table, open_table, play_out, tap

NAMES = ("Alice", "Bob", "Chloé", "Dmitri", "Erin")


def components(message: MessageRecord) -> list[str]:
    """Buttons by label, menus by placeholder and option count, row by row."""
    shown = []
    for item in iter_components(message.components):
        if item.get("type") == 2:
            shown.append(f"[{item.get('emoji', {}).get('name', '')}{item.get('label', '')}]")
        elif item.get("type") == 3:
            shown.append(f"[menu: {item.get('placeholder', '')} ({len(item['options'])})]")
    return shown


#: The components each board showed when a player acted on it, by message id.
SEEN: dict[int, list[str]] = {}


async def watched_tap(t: Table, seat: str, code: str, step: int) -> InteractionResult:
    """``tabletop.tap``, noting first what the board offered at that moment."""
    board = t.board(await t.row())
    offered = " ".join(components(board))
    seen = SEEN.setdefault(board.id, [])
    if not seen or seen[-1] != offered:
        seen.append(offered)
    return await tap(t, seat, code, step)


def dump(table: Table) -> str:
    out = []
    for number, message in enumerate(table.messages_after(table.mark), start=1):
        pinged = f" · pinged {len(message.pinged)}" if message.pinged else ""
        edits = len(message.revisions) - 1
        out.append(f"===== message {number} · edited {edits}×{pinged}")
        for revision, text in enumerate(message.revisions):
            out.append(f"--- revision {revision}" if edits else "---")
            out.append(text)
        for offered in SEEN.get(message.id, []):
            out.append(f"--- offered while live: {offered}")
        image = "with board image" if message.embeds and message.embeds[0].get("image") else ""
        out.append(f"--- now: {' '.join(components(message)) or 'no components'} {image}")
    return "\n".join(out)


async def main(players: int = 3, folder: Path | None = None) -> None:
    tabletop.tap = watched_tap
    async with DiscordDouble(rate_limits=RateLimits(speedup=MACHINE_PACE)) as double:
        guild = double.add_guild("transcripts")
        users = [double.add_user(name.lower(), display_name=name) for name in NAMES]
        with tempfile.TemporaryDirectory() as data:
            bot = TurnstileBot(
                Path(data) / "dump.sqlite3", guild_ready_timeout=0.05, tick_seconds=3600
            )
            async with double.running(bot):
                await double.wait_commands_synced()
                await bot.wait_until_ready()
                for slug in GAMES:
                    channel = double.add_channel(guild, slug)
                    table = await open_table(double, bot.store, channel, slug, users[:players])
                    await play_out(table)
                    text = dump(table)
                    if folder is None:
                        print(f"########## {slug}\n{text}")
                    else:
                        folder.mkdir(parents=True, exist_ok=True)
                        (folder / f"{slug}-{players}p.txt").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(main(int(args[0]) if args else 3, Path(args[1]) if len(args) > 1 else None))
