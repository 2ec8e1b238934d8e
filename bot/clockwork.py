"""Time-driven table events: resuming AI turns at start-up and agreed game lengths.

The engine has no clock; when a game was agreed to last a number of minutes (an option
value ``minutes-N``), the bot plays the engine's game-leader move when time is up.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING

from engine import LEADER, IllegalMove, get_game

if TYPE_CHECKING:
    from bot.client import TurnstileBot
    from bot.store import GameRow

log = logging.getLogger(__name__)

MINUTES = re.compile(r"^minutes-(\d+)$")


def deadline(row: GameRow) -> float | None:
    """When an agreed time limit runs out, if the table agreed one."""
    if row.started_at is None:
        return None
    for value in row.options.values():
        match = MINUTES.match(value)
        if match:
            return row.started_at + 60 * int(match.group(1))
    return None


class Clockwork:
    def __init__(self, bot: TurnstileBot) -> None:
        self.bot = bot

    async def run(self, every: float) -> None:
        await self.bot.wait_until_ready()
        await self.resume()
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("clockwork tick failed")
            await asyncio.sleep(every)

    async def resume(self) -> None:
        """After a restart, let AI seats whose turn it is move on."""
        for row in await self.bot.store.games_with_status("active"):
            result = await self.bot.tables.advance(row)
            if result is not None:
                await self.bot.actions.post(row.channel_id, result)

    async def tick(self) -> None:
        now = self.bot.clock()
        for row in await self.bot.store.games_with_status("active"):
            due = deadline(row)
            if due is None or now < due:
                continue
            game = get_game(row.slug)
            state = game.load(row.snapshot or {})
            codes = [m.code for m in game.legal_moves(state, LEADER)]
            if not codes:
                continue
            try:
                result = await self.bot.tables.play(row, LEADER, [codes[0]])
            except IllegalMove:
                continue
            await self.bot.actions.post(row.channel_id, result, "⏰ **Time is up!**")
