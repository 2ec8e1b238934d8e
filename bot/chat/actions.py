"""What the bot does for each interaction, shared by slash commands and buttons.

Cogs and persistent components are thin: they parse their input and call one of these
methods. Who may call them, and while what holds, the gate decided before (``bot.chat.policy``):
a method takes the game and the caller's seat from its admission. Errors are mapped to
ephemeral answers in one place (:func:`guarded`); every public update of a game goes
through the presenter (the turn message, edited in place).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import io
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

import renders
from bot.chat import cards, components, threads
from bot.chat import presenter as turn_message
from bot.chat.deadline import Shape, begin, deferred, deferring
from bot.chat.delivery import DELIVERY_ERRORS, Courier, Post, answer, nonce
from bot.chat.messages import (
    MAX_LINE,
    clip,
    humanize,
    not_your_turn,
    plain,
    row_title,
    seat_token,
    unping,
)
from bot.chat.options import code as move_code
from bot.chat.options import one_of
from bot.chat.policy import admission
from bot.chat.presenter import Presenter, shown_moves
from bot.common.errors import UserError
from bot.common.links import channel_url
from bot.common.pace import PACES
from bot.store import Conflict, GameRow, Seat, StoreError, changed_here
from bot.table.robots import DEFAULT_LEVEL
from bot.table.service import (
    MoveResult,
    NotYourStep,
    NotYourTurn,
    Tables,
    private_view,
    public_view,
    state_of,
)
from engine import GAMES, IllegalMove, Move, get_game

log = logging.getLogger(__name__)

P = ParamSpec("P")
S = TypeVar("S")
Interaction = discord.Interaction[Any]

#: Characters of /game log shown in the message itself.
LOG_LIMIT = 1900
#: Options in one menu of the private picker (Discord's limit).
MENU = 25
#: A page of the picker: the actions ("top0") or one action's moves ("g2p0").
PAGE = re.compile(r"top(?P<top>\d+)|g(?P<group>\d+)p(?P<page>\d+)")
#: Seconds from the start of handling after which an answer still waiting for its work
#: (a move and the robots' replies) is deferred: Discord's 3 seconds began earlier, and
#: a loaded machine needs some of the rest to get the deferral there.
THINK_AFTER = 1.5
APOLOGY = "Sorry, something went wrong on my side. Nothing was changed; please try again."
#: When the request had already changed the game: it stands, and must not be repeated.
APOLOGY_AFTER_CHANGE = (
    "Sorry, something went wrong on my side after your request was recorded: it stands, "
    "and the table will show it shortly."
)


#: Private answers are a sentence or two; anything longer was echoing someone's input.
TELL_LIMIT = 300


def apology() -> str:
    """The answer to an unexpected failure, true to whether the request changed anything."""
    return APOLOGY_AFTER_CHANGE if changed_here() else APOLOGY


async def tell(interaction: Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered: short,
    pinging nobody, mention syntax inert."""
    text = clip(unping(message), TELL_LIMIT)
    quiet = discord.AllowedMentions.none()
    if interaction.response.is_done():
        # A public deferral's first followup replaces it, public as it is.
        private = deferred(interaction) != "public"
        await interaction.followup.send(text, ephemeral=private, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


async def in_time(interaction: Interaction, work: Awaitable[S], *, private: bool) -> tuple[S, bool]:
    """Await ``work`` (a move and the robots' replies, which must not answer the
    interaction) in this very task, so its changes count for this interaction's answers;
    once handling has taken ``THINK_AFTER`` (a robot thinking), the answer is deferred
    meanwhile so Discord's 3-second deadline holds: a button's as an update, a command's
    ``private``ly (a move's answer may be secret). Returns the result and whether the
    answer was deferred."""
    shape: Shape = "private" if private else "public"
    if interaction.type == discord.InteractionType.component:
        shape = "update"
    at = begin(interaction) + THINK_AFTER
    async with deferring(interaction, at, lambda: shape) as watch:
        result = await work
    return result, watch.deferred


async def confirm(interaction: Interaction, text: str, *, in_place: bool, started: float) -> None:
    """A private confirmation of a move: the private picker it was chosen in becomes it
    (``in_place``), else a private answer; deferred first when it is late."""
    late = asyncio.get_running_loop().time() - started > turn_message.DEFER_AFTER
    with contextlib.suppress(*DELIVERY_ERRORS):
        if in_place:
            if late:
                await interaction.response.defer()
                await interaction.edit_original_response(content=text, view=None)
            else:
                await interaction.response.edit_message(content=text, view=None)
            return
        if late:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await tell(interaction, text)


def guarded(
    method: Callable[Concatenate[S, Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[S, Interaction, P], Coroutine[Any, Any, None]]:
    """Map user-fixable errors to ephemeral answers; log anything else with a traceback."""

    @functools.wraps(method)
    async def wrapper(self: S, interaction: Interaction, *a: P.args, **k: P.kwargs) -> None:
        begin(interaction)
        try:
            await method(self, interaction, *a, **k)
        except NotYourTurn as exc:
            await tell(interaction, not_your_turn(exc.names))
        except NotYourStep as exc:
            await tell(interaction, f"Only {plain(exc.name)} can take that step back.")
        except (UserError, IllegalMove) as exc:
            await tell(interaction, str(exc))
        except Conflict:
            await tell(interaction, "The game moved on at the same moment; look and try again.")
        except StoreError as exc:
            await tell(interaction, str(exc))
        except Exception:
            log.exception("interaction %s failed", interaction.id)
            try:
                await tell(interaction, apology())
            except DELIVERY_ERRORS:
                log.exception("could not even apologise for interaction %s", interaction.id)

    # discord.py reads a command's parameters from its signature, resolving string
    # annotations in the *wrapper's* module: hand it the method's own, already resolved.
    with contextlib.suppress(NameError):
        wrapper.__signature__ = inspect.signature(method, eval_str=True)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


class Actions:
    def __init__(self, courier: Courier, tables: Tables) -> None:
        self.courier = courier
        self.tables = tables
        self.presenter = Presenter(courier, tables.store)

    # ---------- public updates ----------

    async def reply_result(
        self, interaction: Interaction, result: MoveResult, started: float, waited: bool = False
    ) -> None:
        """The public update for a committed move: the turn message edited, or a new one
        for a new turn. The move is committed, so from here on nothing may fail the
        player: an update that cannot be shown now is shown by the clock later. A secret
        choice is confirmed privately; a choice made in the private picker is confirmed
        there. ``waited``: the answer was deferred privately while robots thought, so the
        board shows itself and the player is told privately."""
        names = result.row.names
        done = "; ".join(humanize(label, names, bold=False) for label in result.labels)
        private = interaction.message is not None and interaction.message.flags.ephemeral
        secret = (
            " — recorded; only you can see it. You can change it until everyone has "
            "chosen; `/hand` shows it."
        )
        text = f"✅ {done}{secret if result.secret else ''}"
        if waited:
            with contextlib.suppress(*DELIVERY_ERRORS):
                await tell(interaction, text)
            await self.presenter.show(result.row)
            await self.after_end(result.row)
            return
        if result.secret or private:
            await confirm(interaction, text, in_place=private, started=started)
            await self.presenter.show(result.row)  # answered: the board is edited by itself
            return
        await self.presenter.show(
            result.row, interaction=interaction, ack=f"✅ {done}", started=started
        )
        await self.after_end(result.row)

    async def post(self, result: MoveResult, headline: str = "") -> None:
        """A public update not tied to an interaction (AI after restart, timers)."""
        await self.presenter.show(result.row, headline=headline)
        await self.after_end(result.row)

    async def after_end(self, row: GameRow) -> None:
        """Once a game is over, its lobby message says how it ended."""
        if row.status in ("finished", "cancelled"):
            await self.refresh_lobby_message(row)

    async def catch_up(self, row: GameRow) -> None:
        """Show a game whose channel missed its latest version: the lobby card, or the
        turn message brought up to date. A deleted channel is owed nothing."""
        if self.courier.gone(row.channel_id) or await self.courier.channel(row) is None:
            if self.courier.gone(row.channel_id):
                await self.courier.shown(row)
            return
        if row.status == "lobby":
            # At most once however often this is retried: a card posted whose record
            # failed is the one Discord returns for the same nonce.
            await self.post_lobby(row, once=nonce("lobby", row.id, row.version))
            return
        await self.presenter.show(row)
        await self.after_end(row)

    # ---------- moves ----------

    @guarded
    async def move(self, interaction: Interaction, codes: list[str]) -> None:
        """Play ``codes`` (one friendly command may be several engine moves) for the caller."""
        started = asyncio.get_running_loop().time()
        checked = [move_code(c) for c in codes]
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id):
            result, waited = await in_time(
                interaction,
                self.tables.play(row, seat, checked, seen_version=row.version),
                private=True,
            )
            await self.reply_result(interaction, result, started, waited)

    @guarded
    async def move_button(
        self, interaction: Interaction, game_id: int, version: int, mark: str, code: str
    ) -> None:
        """A move component: plays ``code`` only while it still means what was shown."""
        started = asyncio.get_running_loop().time()
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id):
            playing = self.tables.play(row, seat, [code], seen_version=version, mark=mark)
            result, waited = await in_time(interaction, playing, private=True)
            await self.reply_result(interaction, result, started, waited)

    @guarded
    async def undo(self, interaction: Interaction, game_id: int, version: int) -> None:
        """The Undo button: the seat that made the last step takes it back."""
        started = asyncio.get_running_loop().time()
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id):
            result = await self.tables.undo(row, seat, version)
            ack, headline = took_back(result, seat)
            await self.presenter.show(
                result.row, interaction=interaction, ack=ack, headline=headline, started=started
            )

    # ---------- the private picker: action, then target ----------

    @guarded
    async def picker(self, interaction: Interaction, game_id: int) -> None:
        """My moves: the caller's legal moves, privately, as a two-level picker."""
        admitted = admission(interaction)
        text, view = self.picker_page(admitted.game, admitted.player, "top0", opening=True)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    @guarded
    async def navigate(
        self, interaction: Interaction, game_id: int, version: int, where: str
    ) -> None:
        """Back, an action, or another page in the private picker (edited in place). When
        the game moved on since it was opened, it starts again from the actions. Only
        ever on the private picker (the policy): a public message never becomes one."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        moved = row.version != version
        text, view = self.picker_page(row, seat, "top0" if moved else where)
        if moved:
            text = "The game moved on; here are your moves now.\n" + text
        await interaction.response.edit_message(content=text, view=view)

    def picker_page(
        self, row: GameRow, seat: str, where: str, opening: bool = False
    ) -> tuple[str, discord.ui.View]:
        """The text and components of one page of the picker: ``top<page>`` (the actions)
        or ``g<action>p<page>`` (one action's moves). ``opening`` with a single action
        goes straight to its moves (Back still leads to the actions)."""
        game = get_game(row.slug)
        state = state_of(row)
        moves = game.legal_moves(state, seat)
        if not moves:
            waiting = game.waiting_for(state) or game.to_move(state)
            raise UserError(not_your_turn([row.names.get(s, s) for s in waiting]))
        groups: dict[str, list[Move]] = {}
        for move in moves:
            groups.setdefault(game.move_group(state, seat, move), []).append(move)
        you = f"Your moves — you are {seat_token(row, seat)}."
        parsed = PAGE.fullmatch(where)
        group, page = -1, 0
        if parsed is not None and parsed["group"] is not None:
            group, page = int(parsed["group"]), int(parsed["page"])
        elif parsed is not None:
            page = int(parsed["top"])
        if opening and len(groups) == 1:
            group = 0
        names = list(groups)
        if 0 <= group < len(names):
            chosen = shown_moves(groups[names[group]], row.names)
            pages = max(1, -(-len(chosen) // MENU))
            page = min(page, pages - 1)
            part = chosen[page * MENU : (page + 1) * MENU]
            more = f" (page {page + 1} of {pages})" if pages > 1 else ""
            text = f"{you}\n**{plain(humanize(names[group], row.names, bold=False), 100)}**{more}"
            return text, components.picker_moves(row.id, row.version, group, part, page, pages)
        actions = [
            (f"{humanize(name, row.names, bold=False)[:90]} ({len(groups[name])})", f"g{i}p0")
            for i, name in enumerate(names)
        ]
        pages = max(1, -(-len(actions) // MENU))
        page = min(page, pages - 1)
        listed = actions[page * MENU : (page + 1) * MENU]
        text = f"{you} Choose what to do, then where or which."
        return text, components.picker_actions(row.id, row.version, listed, page, pages)

    @guarded
    async def log(self, interaction: Interaction) -> None:
        """``/game log``: every move so far, privately; the latest lines in the message
        and, when they do not all fit, the whole log as a text file."""
        row = admission(interaction).game
        moves = await self.tables.store.moves(row.id)
        lines = [f"`{m.seq:>4}` {humanize(e, row.names)}" for m in moves for e in m.events]
        text = "\n".join(lines) or "No moves yet."
        if len(text) <= LOG_LIMIT:
            await interaction.response.send_message(text, ephemeral=True)
            return
        shown: list[str] = []
        while lines and len("\n".join([lines[-1], *shown])) <= LOG_LIMIT - 60:
            shown.insert(0, lines.pop())
        whole = "\n".join(
            f"{m.seq:>4} {humanize(e, row.names, bold=False)}" for m in moves for e in m.events
        )
        await interaction.response.send_message(
            "…\n" + "\n".join(shown) + "\nThe whole log is in the file.",
            file=discord.File(io.BytesIO(whole.encode()), filename=f"game-{row.id}-log.txt"),
            ephemeral=True,
        )

    @guarded
    async def hand(self, interaction: Interaction) -> None:
        await self.send_hand(interaction)

    @guarded
    async def hand_for(self, interaction: Interaction, game_id: int) -> None:
        await self.send_hand(interaction)

    async def send_hand(self, interaction: Interaction) -> None:
        admitted = admission(interaction)
        row = admitted.game
        view = private_view(row, state_of(row), admitted.player)
        png = await asyncio.to_thread(renders.hand, row.slug, view)
        await interaction.response.send_message(
            "Only you can see this.",
            file=discord.File(io.BytesIO(png), filename="hand.png"),
            ephemeral=True,
        )

    @guarded
    async def status(self, interaction: Interaction) -> None:
        """The board (or the lobby card) of this channel's game; in a channel whose games
        moved into threads, a link to each of them."""
        started = asyncio.get_running_loop().time()
        where = channel_id(interaction)
        if await self.tables.store.open_game_in(where) is None:
            elsewhere = await self.tables.store.open_games_under(where)
            if elsewhere:
                await interaction.response.send_message(
                    cards.threads_list(elsewhere),
                    ephemeral=True,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        row = await self.tables.game_in(where)
        if row.status == "lobby":
            await self.show_lobby(interaction, row, edit=False)
            return
        await self.presenter.show(row, interaction=interaction, repost=True, started=started)

    # ---------- lobby ----------

    @guarded
    async def lobby_button(self, interaction: Interaction, game_id: int, action: str) -> None:
        await self.lobby_action(interaction, admission(interaction).game, action, edit=True)

    @guarded
    async def lobby_option(
        self, interaction: Interaction, game_id: int, name: str, value: str
    ) -> None:
        """The host picked an option in the lobby card's menus: its value checked here (a
        forged or stale menu can send anything), then the card shows it."""
        row = admission(interaction).game
        options, pace, rated = dict(row.options), row.pace, row.rated
        if name == "pace":
            pace = one_of(value, PACES, "pace")
        elif name == "rated":
            rated = one_of(value, cards.RATED.values(), "choice") == cards.RATED[True]
        else:
            spec = next((o for o in get_game(row.slug).options if o.name == name), None)
            if spec is None:
                raise UserError(f"{row_title(row)} has no such option.")
            options[spec.name] = one_of(value, spec.choices, spec.name)
        with self.courier.travelling(row.channel_id):
            row = await self.tables.set_options(row, options, pace, rated)
            await self.show_lobby(interaction, row, edit=True)

    async def lobby_action(
        self,
        interaction: Interaction,
        row: GameRow,
        action: str,
        *,
        edit: bool,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        """join/leave/addbot/start/cancel, from a button (edit the lobby) or a command
        (the policy admitted the caller for it); ``level``: the robot's, for addbot (the
        button adds a ``normal`` one)."""
        user = interaction.user
        with self.courier.travelling(row.channel_id):
            if action == "join":
                row = await self.tables.join(row, Seat(id=str(user.id), name=user.display_name))
            elif action == "leave":
                row = await self.tables.leave_lobby(row, str(user.id))
            elif action == "addbot":
                row = await self.tables.add_ai(row, level)
            elif action == "cancel":
                row = await self.tables.cancel(row)
            elif action == "start":
                result, waited = await in_time(interaction, self.tables.start(row), private=False)
                await self.announce_start(interaction, result, edit=edit)
                if waited:  # the deferred answer still waits for its words
                    with contextlib.suppress(*DELIVERY_ERRORS):
                        await tell(interaction, "▶️ The game has started: the board is below.")
                return
            await self.show_lobby(interaction, row, edit=edit)

    async def show_lobby(self, interaction: Interaction, row: GameRow, *, edit: bool) -> None:
        """The lobby card: edited in place (a button), else posted fresh at the bottom."""
        card = cards.lobby_card(row)
        if row.status != "lobby":
            await self.courier.deliver(row, Post(embed=card.embed), interaction)
            await self.refresh_lobby_message(row)
            return
        if not edit:
            await self.post_lobby(row, interaction)
            return
        try:
            await interaction.response.edit_message(embed=card.embed, view=card.view)
        except DELIVERY_ERRORS as exc:
            log.warning("editing the lobby card of game %s failed: %s", row.id, exc)
            await self.post_lobby(row)
        else:
            await self.courier.shown(row)

    async def post_lobby(
        self, row: GameRow, interaction: Interaction | None = None, *, once: str | None = None
    ) -> None:
        """A fresh lobby card (the answer to ``interaction``, else a channel message) becomes
        the one live card; the previous one loses its buttons and points down to it.
        Under the game's lock (which every lobby command and Start take) until the card's
        message is recorded: a Join or Start pressed the moment the card shows waits for
        it, so it retires this card, or grows the thread from it, not from the one before;
        the previous card is read when it is retired. ``once``: the card's nonce, so a
        retry posts it at most once."""
        async with self.tables.lock(row.id):
            card = cards.lobby_card(row)
            post = Post(embed=card.embed, view=card.view, nonce=once)
            sent = await self.courier.deliver(row, post, interaction)
            message_id = sent.id if isinstance(sent, discord.Message) else sent
            if message_id:
                previous = await self.tables.store.get(row.id) or row
                await self.tables.store.set_lobby_message(row.id, message_id)
                if previous.lobby_message_id != message_id:
                    await self.retire_lobby_message(previous)

    async def retire_lobby_message(self, row: GameRow) -> None:
        """The previous lobby card shrinks to one line pointing to the newer one."""
        await self.edit_lobby_message(
            row, content="⬇️ This lobby moved further down.", embed=None, view=None
        )

    async def refresh_lobby_message(self, row: GameRow) -> None:
        """Keep the lobby message current: the card while the lobby is open, then one line
        saying where the game is played and, once it is over, how it ended."""
        if row.status == "lobby":
            card = cards.lobby_card(row)
            await self.edit_lobby_message(row, embed=card.embed, view=card.view)
            return
        view = public_view(row, state_of(row)) if row.status == "finished" else None
        await self.edit_lobby_message(
            row, content=cards.summary_line(row, view), embed=None, view=None
        )

    async def edit_lobby_message(self, row: GameRow, **fields: Any) -> None:
        channel = await self.courier.place(row.lobby_channel_id)
        if row.lobby_message_id is None or channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(**fields)  # type: ignore[attr-defined]
        except DELIVERY_ERRORS:
            log.warning("could not edit the lobby message of game %s", row.id)

    async def announce_start(
        self, interaction: Interaction, result: MoveResult, *, edit: bool
    ) -> None:
        """The game begins: in a thread of its own grown from the lobby message where it
        may (else in place); the lobby message becomes its summary line; the start card,
        then the first board, open the game."""
        thread = await threads.open_thread(self.tables.store, interaction, result.row)
        if thread is None:
            await self.show_start(interaction, result, edit=edit)
            return
        with self.courier.travelling(thread.id):
            result.row = await self.tables.store.move_to_thread(result.row, thread.id)
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
            await self.refresh_lobby_message(row)
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
                    "▶️ The game is on in its own thread: "
                    + channel_url(row.guild_id, row.channel_id),
                )
        await self.presenter.show(row)

    # ---------- rules, rematch ----------

    @guarded
    async def rules_button(self, interaction: Interaction, slug: str) -> None:
        """``/rules`` and the start card's "Full rules": how to play first, then the notes."""
        one_of(slug, GAMES, "game")
        embed, notes = cards.rules_card(slug)
        await interaction.response.send_message(
            embed=embed,
            file=discord.File(io.BytesIO(notes), filename=f"{slug}-rules.md"),
            ephemeral=True,
        )

    @guarded
    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """A new lobby where the finished game's lobby was, with its seats and options and
        the caller as host: one press of Start begins it. Once per game: a second press
        (or a stale card) points to the rematch that exists."""
        admitted = admission(interaction)
        old = admitted.game
        host = Seat(id=admitted.player, name=interaction.user.display_name)
        place = old.lobby_channel_id
        with self.courier.travelling(place):
            row = await self.tables.rematch(old, host)
            if place == interaction.channel_id:
                await self.post_lobby(row, interaction)
                return
            await self.post_lobby(row)
            fresh = await self.tables.store.get(row.id)
            where = cards.lobby_link(fresh or row)
            await interaction.response.send_message(
                f"🔁 {plain(host.name)} calls a rematch: {where}",
                allowed_mentions=discord.AllowedMentions.none(),
            )


def channel_id(interaction: Interaction) -> int:
    if interaction.channel_id is None:
        raise UserError("Games are played in a server channel or thread.")
    return interaction.channel_id


def took_back(result: MoveResult, seat: str) -> tuple[str, str]:
    """What ``seat`` taking a step back says: privately, the step's own labels (they may
    name a tile only its player knows); publicly, only the lines the table saw when the
    step was played (``MoveResult.taken``), so taking it back reveals nothing new."""
    names = result.row.names
    mine = "; ".join(humanize(label, names) for label in result.labels)
    seen = "; ".join(humanize(event, names) for event in result.taken)
    headline = f"↩ **{plain(names.get(seat, seat))}** took back a step"
    return f"↩ Taken back: {mine}", clip(f"{headline}: {seen}" if seen else headline, MAX_LINE)
