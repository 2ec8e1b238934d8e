"""What the bot does for each interaction, shared by slash commands and buttons.

Cogs and persistent components are thin: they parse their input and call one of these
methods. Errors are mapped to ephemeral answers in one place (:func:`guarded`), and every
public update is one message: what happened, the board image, and who moves next.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import io
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

import renders
from bot import cards, components, threads
from bot.cogs.options import one_of
from bot.delivery import DELIVERY_ERRORS, Courier, Post
from bot.errors import UserError
from bot.links import channel_url
from bot.messages import (
    clip,
    humanize,
    plain,
    quick_moves,
    row_title,
    table_text,
    unping,
    waiting_pings,
)
from bot.pace import PACES
from bot.robots import DEFAULT_LEVEL
from bot.store import Conflict, GameRow, Seat, StoreError, changed_here
from bot.tables import (
    MoveResult,
    Tables,
    meaning,
    private_view,
    public_view,
    seat_of,
    state_of,
)
from engine import GAMES, IllegalMove, Move, State, get_game

log = logging.getLogger(__name__)

P = ParamSpec("P")
S = TypeVar("S")
Interaction = discord.Interaction[Any]

#: Seconds after which a move's answer is deferred before rendering the board.
DEFER_AFTER = 1.0
#: Seconds a move (with the robots' replies) may take before its answer is deferred.
THINK_AFTER = 2.0
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
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


async def in_time(interaction: Interaction, work: Awaitable[S], *, private: bool) -> tuple[S, bool]:
    """Await ``work`` (a move and the robots' replies); if it takes longer than
    ``THINK_AFTER`` (a robot thinking), defer the answer first so Discord's 3-second
    deadline holds: a button's as an update, a command's ``private``ly (a move's answer
    may be secret). Returns the result and whether the answer was deferred meanwhile."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=THINK_AFTER)
    if not done and not interaction.response.is_done():
        with contextlib.suppress(*DELIVERY_ERRORS):
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=private, thinking=True)
    return await task, not done


def guarded(
    method: Callable[Concatenate[S, Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[S, Interaction, P], Coroutine[Any, Any, None]]:
    """Map user-fixable errors to ephemeral answers; log anything else with a traceback."""

    @functools.wraps(method)
    async def wrapper(self: S, interaction: Interaction, *a: P.args, **k: P.kwargs) -> None:
        try:
            await method(self, interaction, *a, **k)
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


async def board_png(row: GameRow, state: State) -> bytes:
    """Render off the event loop so one render never stalls other games (DESIGN.md §6)."""
    return await asyncio.to_thread(renders.board, row.slug, public_view(row, state))


class Actions:
    def __init__(self, courier: Courier, tables: Tables) -> None:
        self.courier = courier
        self.tables = tables

    # ---------- public updates ----------

    async def board(
        self, row: GameRow, state: State, events: list[str], headline: str = ""
    ) -> Post:
        """The public update of a game: what happened, the board, who moves next; at the
        end, the final card (results, Rematch, Replay) with the final board."""
        game = get_game(row.slug)
        post = Post(
            content=table_text(row, state, events, headline),
            mentions=waiting_pings(row, state),
            filename=f"{row.slug}-{row.version}.png",
        )
        try:
            post.png = await board_png(row, state)
        except Exception:
            # The move is committed: tell the table what happened even without a picture.
            log.exception("rendering game %s failed", row.id)
        if game.outcome(state) is not None:
            return await self.final_post(row, state, events, post, headline)
        quick = shown(quick_moves(row, state), row.names)
        post.view = components.board_view(
            row.id, row.version, quick, game.outcome(state) is not None
        )
        return post

    async def final_post(
        self, row: GameRow, state: State, events: list[str], post: Post, headline: str
    ) -> Post:
        """The final card, the final board inside it (when it could be drawn)."""
        started, finished = row.started_at, row.finished_at
        card = cards.final_card(
            row,
            public_view(row, state),
            events,
            moves=await self.tables.store.count_moves(row.id),
            seconds=finished - started if started is not None and finished is not None else None,
            image=post.filename if post.png is not None else None,
        )
        return Post(
            content=headline or None,
            png=post.png,
            filename=post.filename,
            embed=card.embed,
            view=card.view,
        )

    async def reply_result(
        self, interaction: Interaction, result: MoveResult, started: float, waited: bool = False
    ) -> None:
        """The public update for a committed move; secret choices answer ephemerally.

        The move is committed, so from here on nothing may fail the player: if the answer
        cannot be given, the board goes to the channel as a message (the courier records
        what the channel saw, and the clock catches up on anything still missing). If
        getting here took long (a busy machine, a queue of moves on this game), the answer
        is deferred before rendering so Discord's 3-second deadline is met. ``waited``: the
        answer was deferred privately while robots thought, so a public board goes to the
        channel and the player is told privately.
        """
        if (
            asyncio.get_running_loop().time() - started > DEFER_AFTER
            and not interaction.response.is_done()
        ):
            with contextlib.suppress(*DELIVERY_ERRORS):
                await interaction.response.defer(ephemeral=result.secret, thinking=True)
        post = await self.board(result.row, result.state, result.events)
        if result.secret:
            done = "; ".join(
                humanize(label, result.row.names, bold=False) for label in result.labels
            )
            with contextlib.suppress(*DELIVERY_ERRORS):
                await tell(
                    interaction,
                    f"✅ {done} — recorded; only you can see it. You can change it until "
                    "everyone has chosen; `/hand` shows it.",
                )
            await self.courier.send(result.row, post)
            return
        if waited:
            await self.courier.send(result.row, post)
            with contextlib.suppress(*DELIVERY_ERRORS):
                await tell(interaction, "✅ Played: the board is below.")
        else:
            await self.courier.deliver(result.row, post, interaction)
        await self.after_end(result.row)

    async def post(self, result: MoveResult, headline: str = "") -> None:
        """A public update not tied to an interaction (AI after restart, timers)."""
        post = await self.board(result.row, result.state, result.events, headline)
        await self.courier.send(result.row, post)
        await self.after_end(result.row)

    async def after_end(self, row: GameRow) -> None:
        """Once a game is over, its lobby message says how it ended."""
        if row.status in ("finished", "cancelled"):
            await self.refresh_lobby_message(row)

    async def catch_up(self, row: GameRow) -> None:
        """Show a game whose channel missed its latest version: the lobby card, or the
        board with the latest move's events. A deleted channel is owed nothing."""
        if self.courier.gone(row.channel_id) or await self.courier.channel(row) is None:
            if self.courier.gone(row.channel_id):
                await self.courier.shown(row)
            return
        if row.status == "lobby":
            await self.post_lobby(row)
            return
        last = await self.tables.store.moves(row.id, last=1)
        events = last[0].events if last else []
        post = await self.board(
            row, state_of(row), events, headline=f"🔁 **{row_title(row)}**, as it stands:"
        )
        await self.courier.send(row, post)
        await self.after_end(row)

    # ---------- moves ----------

    @guarded
    async def move(self, interaction: Interaction, codes: list[str]) -> None:
        """Play ``codes`` (one friendly command may be several engine moves) for the caller."""
        started = asyncio.get_running_loop().time()
        row = await self.tables.active_game_in(channel_id(interaction))
        seat = seat_of(row, interaction.user.id)
        with self.courier.travelling(row.channel_id):
            result, waited = await in_time(
                interaction,
                self.tables.play(row, seat, codes, seen_version=row.version),
                private=True,
            )
            await self.reply_result(interaction, result, started, waited)

    @guarded
    async def move_button(
        self, interaction: Interaction, game_id: int, version: int, mark: str, code: str
    ) -> None:
        """A move component: plays ``code`` only while it still means what was shown."""
        started = asyncio.get_running_loop().time()
        row = await self.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        with self.courier.travelling(row.channel_id):
            playing = self.tables.play(row, seat, [code], seen_version=version, mark=mark)
            result, waited = await in_time(interaction, playing, private=True)
            await self.reply_result(interaction, result, started, waited)

    async def row_for_component(self, game_id: int) -> GameRow:
        row = await self.tables.store.get(game_id)
        if row is None or row.status != "active":
            raise UserError("This button belongs to a game that is over or was cancelled.")
        return row

    @guarded
    async def picker(self, interaction: Interaction, game_id: int) -> None:
        row = await self.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        state = state_of(row)
        moves = shown(get_game(row.slug).legal_moves(state, seat), row.names)
        if not moves:
            raise UserError("It is not your turn.")
        more = "" if len(moves) <= 25 else f" Showing 25 of {len(moves)}: search with `/play`."
        await interaction.response.send_message(
            f"Your moves.{more}",
            view=components.picker_view(row.id, row.version, moves),
            ephemeral=True,
        )

    @guarded
    async def hand(self, interaction: Interaction) -> None:
        row = await self.tables.active_game_in(channel_id(interaction))
        await self.send_hand(interaction, row)

    @guarded
    async def hand_for(self, interaction: Interaction, game_id: int) -> None:
        await self.send_hand(interaction, await self.row_for_component(game_id))

    async def send_hand(self, interaction: Interaction, row: GameRow) -> None:
        seat = seat_of(row, interaction.user.id)
        view = private_view(row, state_of(row), seat)
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
        post = await self.board(row, state_of(row), [], headline=f"**{row_title(row)}**")
        await self.courier.deliver(row, post, interaction)

    # ---------- lobby ----------

    async def lobby_row(self, interaction: Interaction, game_id: int) -> GameRow:
        """The open lobby a lobby component belongs to (components of another channel's
        lobby, forged onto a message here, are refused)."""
        row = await self.tables.store.get(game_id)
        if row is None or row.status != "lobby" or row.channel_id != interaction.channel_id:
            raise UserError("This lobby is closed.")
        return row

    @guarded
    async def lobby_button(self, interaction: Interaction, game_id: int, action: str) -> None:
        row = await self.lobby_row(interaction, game_id)
        await self.lobby_action(interaction, row, action, edit=True)

    @guarded
    async def lobby_option(
        self, interaction: Interaction, game_id: int, name: str, value: str
    ) -> None:
        """The host picked an option in the lobby card's menus: checked again here (a forged
        or stale menu can send anything), then the card shows it."""
        row = await self.lobby_row(interaction, game_id)
        self.require_host(interaction, row)
        options, pace = dict(row.options), row.pace
        if name == "pace":
            pace = one_of(value, PACES, "pace")
        else:
            spec = next((o for o in get_game(row.slug).options if o.name == name), None)
            if spec is None:
                raise UserError(f"{row_title(row)} has no such option.")
            options[spec.name] = one_of(value, spec.choices, spec.name)
        with self.courier.travelling(row.channel_id):
            row = await self.tables.set_options(row, options, pace)
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
        """join/leave/addbot/start/cancel, from a button (edit the lobby) or a command;
        ``level``: the robot's, for addbot (the button adds a ``normal`` one)."""
        user = interaction.user
        with self.courier.travelling(row.channel_id):
            if action == "join":
                row = await self.tables.join(row, Seat(id=str(user.id), name=user.display_name))
            elif action == "leave":
                row = await self.tables.leave_lobby(row, str(user.id))
            elif action == "addbot":
                self.require_host(interaction, row)
                row = await self.tables.add_ai(row, level)
            elif action == "cancel":
                self.require_host(interaction, row)
                row = await self.tables.cancel(row)
            elif action == "start":
                self.require_host(interaction, row)
                result, _ = await in_time(interaction, self.tables.start(row), private=False)
                await self.announce_start(interaction, result, edit=edit)
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

    async def post_lobby(self, row: GameRow, interaction: Interaction | None = None) -> None:
        """A fresh lobby card (the answer to ``interaction``, else a channel message) becomes
        the one live card; the previous one loses its buttons and points down to it."""
        card = cards.lobby_card(row)
        sent = await self.courier.deliver(row, Post(embed=card.embed, view=card.view), interaction)
        message_id = sent.id if isinstance(sent, discord.Message) else sent
        if message_id:
            await self.tables.store.set_lobby_message(row.id, message_id)
            await self.retire_lobby_message(row)

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
        card = cards.start_card(row, public_view(row, result.state))
        start = Post(embed=card.embed, view=card.view)
        board = await self.board(row, result.state, result.events)
        if row.parent_channel_id is None:
            await self.courier.deliver(row, start, interaction)
        else:
            await self.courier.send(row, start)
            if not interaction.response.is_done():
                with contextlib.suppress(*DELIVERY_ERRORS):
                    await tell(
                        interaction,
                        "▶️ The game is on in its own thread: "
                        + channel_url(row.guild_id, row.channel_id),
                    )
        await self.courier.send(row, board)

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
        old = await self.tables.store.get(game_id)
        if old is None or old.guild_id != interaction.guild_id:
            raise UserError("There is no game with that number on this server.")
        if old.status != "finished":
            raise UserError("A rematch follows a finished game.")
        seat = old.seat(str(interaction.user.id))
        if seat is None or seat.robot:
            raise UserError("Only the players of this game can call a rematch.")
        host = Seat(id=seat.id, name=interaction.user.display_name)
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

    def require_host(self, interaction: Interaction, row: GameRow) -> None:
        if str(interaction.user.id) == row.host_id:
            return
        permissions = interaction.permissions
        if permissions.manage_channels:
            return
        raise UserError("Only the host (or someone with Manage Channels) can do that.")


def shown(moves: list[Move], names: dict[str, str]) -> list[components.Shown]:
    """Moves for components: each with its mark, and its label with names for seat ids."""
    return [
        components.Shown(meaning(m), m.code, humanize(m.label, names, bold=False)[:100])
        for m in moves
    ]


def channel_id(interaction: Interaction) -> int:
    if interaction.channel_id is None:
        raise UserError("Games are played in a server channel or thread.")
    return interaction.channel_id
