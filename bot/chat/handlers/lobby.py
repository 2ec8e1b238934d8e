"""Lobbies: opening a table, seats and robots, options, Start (a thread of its own, the
start card and the first board), Cancel and Rematch; by button or by command.

The card is the answer: a button's edits the card it is on, a command's is a fresh card.
Whatever the store or the game's lock keeps it waiting on, the answer is deferred in time
(``bot.chat.deadline``: a button's as an update of its card, a command's publicly, as the
policy declares), so Discord's 3 seconds hold.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import Any

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.answers import tell
from bot.chat.delivery import DELIVERY_ERRORS, Courier, Post, answer
from bot.chat.presenter import Presenter
from bot.chat.threads import ThreadKeeper
from bot.chat.views import cards
from bot.chat.views.lobby_message import LobbyMessage
from bot.chat.views.messages import plain, row_title
from bot.common.bounds import one_of
from bot.common.errors import UserError
from bot.common.links import channel_url
from bot.common.pace import PACES
from bot.store.records import GameRow, Seat
from bot.table.robots import DEFAULT_LEVEL
from bot.table.service import (
    STALE_CARD,
    MoveResult,
    NotAgreed,
    StaleTerms,
    Tables,
    public_view,
)
from bot.table.settings import Servers
from engine import GAMES, get_game
from engine.text import Text, tx, txn
from i18n import LANGUAGES

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: The terms of a lobby card whose custom_id names none (drawn before lobbies had terms):
#: no table's, so Join, I agree or Start pressed on it is refused as stale, never a yes.
UNKNOWN_TERMS = -1


class Lobbies:
    def __init__(
        self,
        courier: Courier,
        tables: Tables,
        presenter: Presenter,
        message: LobbyMessage,
        keeper: ThreadKeeper,
        servers: Servers,
    ) -> None:
        self.courier = courier
        self.tables = tables
        self.presenter = presenter
        self.message = message
        self.keeper = keeper
        #: A server's settings: the pace and language its new tables default to.
        self.servers = servers

    async def open(
        self,
        interaction: Interaction,
        slug: str,
        options: dict[str, str],
        pace: str | None,
        rated: bool = True,
        chosen_language: str | None = None,
    ) -> None:
        """``/game new``: a lobby in this channel, the caller its host; every value checked
        here (a client with an older copy of the command can send anything). Its table's
        language: ``chosen_language``, else the server's (``language.for_new_table``)."""
        one_of(slug, GAMES, tx("game"))
        place = admission(interaction)
        if pace is not None:
            one_of(pace, PACES, tx("pace"))
        if chosen_language is not None:
            one_of(chosen_language, LANGUAGES, tx("language"))
        specs = {spec.name: spec for spec in get_game(slug).options}
        for name, value in options.items():
            if name not in specs:
                raise UserError(
                    tx("{game} has no option `{name}`.", game=get_game(slug).title, name=name)
                )
            one_of(value, specs[name].choices, name)
        user = interaction.user
        with self.courier.travelling(place.channel):
            default_pace, setting = await self.servers.for_new_table(place.guild)
            server = language.guild_locale(interaction)
            row = await self.tables.open_lobby(
                guild_id=place.guild,
                channel_id=place.channel,
                slug=slug,
                host=Seat(id=str(user.id), name=user.display_name),
                options=options,
                pace=pace or default_pace,
                rated=bool(rated),
                language=language.for_new_table(chosen_language, setting, server),
            )
            await self.message.post(row, interaction)

    async def button(
        self, interaction: Interaction, game_id: int, action: str, terms: int | None
    ) -> None:
        """A lobby card's button, drawn when the table's terms were ``terms`` (None: a
        card from before terms, whose table is not known to be the one there now)."""
        row = admission(interaction).game
        shown = UNKNOWN_TERMS if terms is None else terms
        await self.act(interaction, row, action, edit=True, terms=shown)

    async def command(
        self, interaction: Interaction, action: str, level: str = DEFAULT_LEVEL
    ) -> None:
        """A lobby action for the channel's lobby (the policy admitted the caller)."""
        await self.act(interaction, admission(interaction).game, action, edit=False, level=level)

    async def option(
        self, interaction: Interaction, game_id: int, name: str, value: str, terms: int | None
    ) -> None:
        """The host picked an option in the lobby card's menus: its value checked here (a
        forged or stale menu can send anything), then the card shows it. Picked on a card
        of the table as it was (``terms``), the pick is also its picker's yes."""
        row = admission(interaction).game
        # Only what this pick changes: two quick picks must not undo each other (each is
        # merged onto the lobby as it stands under its lock).
        option: dict[str, str] = {}
        pace: str | None = None
        rated: bool | None = None
        table_language: str | None = None
        if name == "pace":
            pace = one_of(value, PACES, tx("pace"))
        elif name == "rated":
            rated = one_of(value, cards.RATED.values(), tx("choice")) == cards.RATED[True]
        elif name == "table":
            rated, pace = cards.TABLE_CHOICES[one_of(value, cards.TABLE_CHOICES, tx("choice"))]
        elif name == "language":
            table_language = one_of(value, LANGUAGES, tx("language"))
        else:
            spec = next((o for o in get_game(row.slug).options if o.name == name), None)
            if spec is None:
                raise UserError(tx("{game} has no such option.", game=row_title(row)))
            option[spec.name] = one_of(value, spec.choices, spec.name)
        with self.courier.travelling(row.channel_id):
            row = await self.tables.set_options(
                row,
                option,
                pace=pace,
                rated=rated,
                language=table_language,
                by=str(interaction.user.id),
                terms=terms,
            )
            await self.show(interaction, row, edit=True)

    async def act(
        self,
        interaction: Interaction,
        row: GameRow,
        action: str,
        *,
        edit: bool,
        level: str = DEFAULT_LEVEL,
        terms: int | None = None,
    ) -> None:
        """join/agree/leave/addbot/start/cancel, from a button (edit the lobby) or a
        command (the policy admitted the caller for it); ``level``: the robot's, for
        addbot (the button adds a ``normal`` one); ``terms``: those of the card pressed
        (None: a command, which saw no card: ``Tables`` counts it as a yes only to the
        table as it opened, and answers with the card). A press from a card drawn before
        the table's last change counts for nothing: the card is shown as it is now, and
        the presser told why."""
        try:
            await self._act(interaction, row, action, edit=edit, level=level, terms=terms)
        except StaleTerms as stale:
            with self.courier.travelling(row.channel_id):
                await self.show(interaction, stale.row, edit=edit)
            await tell(interaction, STALE_CARD)

    async def _act(
        self,
        interaction: Interaction,
        row: GameRow,
        action: str,
        *,
        edit: bool,
        level: str,
        terms: int | None,
    ) -> None:
        user = interaction.user
        with self.courier.travelling(row.channel_id):
            if action == "start":
                try:
                    result = await self.tables.start(row, starter=str(user.id), terms=terms)
                except NotAgreed as refused:
                    raise UserError(not_agreed(refused.names)) from refused
                await self.announce_start(interaction, result, edit=edit)
                return
            if action == "join":
                seat = Seat(id=str(user.id), name=user.display_name)
                row = await self.tables.join(row, seat, terms)
            elif action == "agree":
                row = await self.tables.agree(row, str(user.id), terms)
            elif action == "leave":
                row = await self.tables.leave_lobby(row, str(user.id))
            elif action == "addbot":
                row = await self.tables.add_ai(row, level, by=str(user.id), terms=terms)
            elif action == "cancel":
                row = await self.tables.cancel(row)
            await self.show(interaction, row, edit=edit)

    async def show(self, interaction: Interaction, row: GameRow, *, edit: bool) -> None:
        """The lobby card: edited in place (a button), else posted fresh at the bottom."""
        card = cards.lobby_card(row)
        if row.status != "lobby":
            await self.courier.deliver(row, Post(embed=card.embed), interaction)
            await self.message.refresh(row)
            return
        if not edit:
            await self.message.post(row, interaction)
            return
        try:
            await interaction.response.edit_message(embed=card.embed, view=card.view)
        except DELIVERY_ERRORS as exc:
            log.warning("editing the lobby card of game %s failed: %s", row.id, exc)
            await self.message.post(row)
        else:
            await self.courier.shown(row)

    async def announce_start(
        self, interaction: Interaction, result: MoveResult, *, edit: bool
    ) -> None:
        """The game begins: in a thread of its own grown from the lobby message where it
        may (else in place); the lobby message becomes its summary line; the start card,
        then the first board, open the game."""
        thread = await self.keeper.open_thread(interaction, result.row)
        if thread is None:
            await self.show_start(interaction, result, edit=edit)
            return
        with self.courier.travelling(thread.id):
            moved = await self.tables.move_to_thread(result.row, thread.id)
            result = replace(result, row=moved)
            await self.show_start(interaction, result, edit=edit)

    async def show_start(self, interaction: Interaction, result: MoveResult, *, edit: bool) -> None:
        row = result.row
        line = cards.summary_line(row, None)
        answered = False
        if edit and not interaction.response.is_done():
            try:
                await interaction.response.edit_message(content=line, embed=None, view=None)
                answered = True
            except DELIVERY_ERRORS as exc:
                log.warning("editing the lobby card of game %s failed: %s", row.id, exc)
        if not answered:
            await self.message.refresh(row)
        # The start card pings nobody: the first turn message, right after it, pings
        # whoever moves first (once) and carries the buttons. Neither records the version
        # as shown before the turn message is out, so the clock owes that one if it fails.
        card = cards.start_card(row, public_view(row, result.state))
        start = Post(embed=card.embed, view=card.view)
        in_place = row.parent_channel_id is None
        posted = False
        if in_place and not interaction.response.is_done():
            try:
                await answer(interaction, start)
                posted = True
            except DELIVERY_ERRORS as exc:
                log.warning("answering the start of game %s failed: %s", row.id, exc)
        if not posted:
            await self.courier.post(row, start)
        if not in_place and not interaction.response.is_done():
            with contextlib.suppress(*DELIVERY_ERRORS):
                await tell(
                    interaction,
                    tx(
                        "▶️ The game is on in its own thread: {place}",
                        place=channel_url(row.guild_id, row.channel_id),
                    ),
                )
        await self.presenter.show(row)

    async def cancel(self, interaction: Interaction) -> None:
        """``/game cancel``: from the game's channel or thread, or from the parent channel
        of its thread (which works whatever became of the thread: deleted, locked, out of
        the bot's reach); the gate found the game (``bot.chat.access.policy``:
        ``GAME_OR_THREADS``)."""
        row = admission(interaction).game
        if await self.keeper.lost(row):  # its thread is gone: cancelled as such
            row = await self.tables.get(row.id) or row
        else:
            moderator = interaction.permissions.manage_channels
            row = await self.tables.cancel(row, by_player=not moderator)
            await self.message.refresh(row)
            await self.presenter.retire(row)
        text = tx(
            "🛑 The {game} game #{number} was cancelled.",
            game=get_game(row.slug).title,
            number=str(row.id),
        )
        await answer(interaction, Post(content=language.table(row).say(text)))

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """Rematch under the final card: the first press opens a new lobby where the
        finished game's lobby was, with its options, its robots and the presser alone as
        host, and invites the others (by name, pinging nobody); another player's press
        seats them in it (``Tables.rematch``). Where the game was played in place, the
        answer is the lobby card itself; else a line linking it."""
        admitted = admission(interaction)
        old = admitted.game
        presser = Seat(id=admitted.player, name=interaction.user.display_name)
        place = old.lobby_channel_id
        with self.courier.travelling(place):
            done = await self.tables.rematch(old, presser)
            if place == interaction.channel_id:
                await self.message.post(done.row, interaction)
                return
            if done.opened:
                await self.message.post(done.row)
            else:
                await self.message.refresh(done.row)
            shown = await self.tables.get(done.row.id) or done.row
            others = [plain(s.name) for s in old.seats if not s.robot and s.id != presser.id]
            lobby = cards.lobby_link(shown)
            name = plain(presser.name)
            if not done.opened:
                text = tx("🔁 {name} takes a seat in the rematch: {lobby}", name=name, lobby=lobby)
            elif others:
                text = tx(
                    "🔁 {name} calls a rematch: {lobby}. {others}: press **Rematch** to take "
                    "your seat again.",
                    name=name,
                    lobby=lobby,
                    others=others,
                )
            else:
                text = tx("🔁 {name} calls a rematch: {lobby}", name=name, lobby=lobby)
            await answer(interaction, Post(content=language.table(shown).say(text)))


def not_agreed(names: list[str]) -> Text:
    """Why Start waits at a rated table, naming who has not agreed to it as it is now."""
    return txn(
        "This table is rated: it starts once everyone seated has agreed to it as it is "
        "now. {names} has not agreed yet (**I agree** on the lobby card).",
        "This table is rated: it starts once everyone seated has agreed to it as it is "
        "now. {names} have not agreed yet (**I agree** on the lobby card).",
        len(names),
        names=[plain(name) for name in names],
    )
