"""Public updates no interaction waits for: what robots, timers and votes committed, and
what a channel missed (the clock's catch-up); and, once a game is over, its lobby message
saying how it ended."""

from __future__ import annotations

from bot.chat.delivery import Courier, nonce
from bot.chat.presenter import Presenter
from bot.chat.views.lobby_message import LobbyMessage
from bot.store.records import GameRow
from bot.table.service import MoveResult


class Updates:
    def __init__(self, courier: Courier, presenter: Presenter, lobby: LobbyMessage) -> None:
        self.courier = courier
        self.presenter = presenter
        self.lobby = lobby

    async def post(self, result: MoveResult, headline: str = "") -> None:
        """A public update not tied to an interaction (AI after restart, timers);
        ``headline`` (a text) is said in the table's language."""
        await self.presenter.show(result.row, headline=headline)
        await self.after_end(result.row)

    async def after_end(self, row: GameRow) -> None:
        """Once a game is over, its lobby message says how it ended."""
        if row.status in ("finished", "cancelled"):
            await self.lobby.refresh(row)

    async def catch_up(self, row: GameRow) -> None:
        """Show a game whose channel missed its latest version: the lobby card, or the
        turn message brought up to date. A deleted channel is owed nothing."""
        if self.courier.gone(row.channel_id) or await self.courier.channel(row) is None:
            if self.courier.gone(row.channel_id):
                await self.courier.shown(row)
            return
        if row.status == "lobby":
            # At most once however often this is retried: a card posted whose record
            # failed is found in the channel, or returned by Discord for the same nonce.
            await self.lobby.post(row, once=nonce("lobby", row.id, row.version))
            return
        await self.presenter.show(row, owed=True)
        await self.after_end(row)
