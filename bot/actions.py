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
from bot import components
from bot.errors import UserError
from bot.messages import (
    MENTIONS,
    clip,
    humanize,
    lobby_embed,
    quick_moves,
    row_title,
    table_text,
    unping,
)
from bot.store import Conflict, GameRow, Seat, StoreError
from bot.tables import (
    MoveResult,
    Tables,
    meaning,
    private_view,
    public_view,
    seat_of,
    state_of,
)
from engine import IllegalMove, Move, State, get_game
from renders import replay

log = logging.getLogger(__name__)

P = ParamSpec("P")
S = TypeVar("S")
Interaction = discord.Interaction[Any]

#: Seconds after which a move's answer is deferred before rendering the board.
DEFER_AFTER = 1.0
APOLOGY = "Sorry, something went wrong on my side. The game is safe; please try again."


#: Private answers are a sentence or two; anything longer was echoing someone's input.
TELL_LIMIT = 300


async def tell(interaction: Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered: short,
    pinging nobody, mention syntax inert."""
    text = clip(unping(message), TELL_LIMIT)
    quiet = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)


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
                await tell(interaction, APOLOGY)
            except discord.HTTPException:
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
    def __init__(self, client: discord.Client, tables: Tables) -> None:
        self.client = client
        self.tables = tables

    # ---------- public updates ----------

    async def update_payload(
        self, row: GameRow, state: State, events: list[str], headline: str = ""
    ) -> dict[str, Any]:
        game = get_game(row.slug)
        payload: dict[str, Any] = {
            "content": table_text(row, state, events, headline),
            "allowed_mentions": MENTIONS,
        }
        try:
            png = await board_png(row, state)
        except Exception:
            # The move is committed: tell the table what happened even without a picture.
            log.exception("rendering game %s failed", row.id)
        else:
            payload["file"] = discord.File(
                io.BytesIO(png), filename=f"{row.slug}-{row.version}.png"
            )
        quick = shown(quick_moves(row, state), row.names)
        view = components.board_view(row.id, row.version, quick, game.outcome(state) is not None)
        if view is not None:
            payload["view"] = view
        return payload

    async def reply_result(
        self, interaction: Interaction, result: MoveResult, started: float
    ) -> None:
        """The public update for a committed move; secret choices answer ephemerally.

        The move is committed; if getting here took long (a busy machine, a queue of moves
        on this game), the answer is deferred before rendering so Discord's 3-second
        deadline is always met.
        """
        if asyncio.get_running_loop().time() - started > DEFER_AFTER:
            await interaction.response.defer(ephemeral=result.secret, thinking=True)
        payload = await self.update_payload(result.row, result.state, result.events)
        if result.secret:
            done = "; ".join(
                humanize(label, result.row.names, bold=False) for label in result.labels
            )
            await tell(
                interaction,
                f"✅ {done} — recorded; only you can see it. You can change it until "
                "everyone has chosen; `/hand` shows it.",
            )
            channel = interaction.channel
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(**payload)
            return
        if interaction.response.is_done():
            await interaction.followup.send(**payload)
        else:
            await interaction.response.send_message(**payload)

    async def post(self, result: MoveResult, headline: str = "") -> None:
        """A public update not tied to an interaction (AI after restart, timers)."""
        channel = await self.channel(result.row)
        if channel is not None:
            payload = await self.update_payload(result.row, result.state, result.events, headline)
            await channel.send(**payload)

    # ---------- moves ----------

    @guarded
    async def move(self, interaction: Interaction, codes: list[str]) -> None:
        """Play ``codes`` (one friendly command may be several engine moves) for the caller."""
        started = asyncio.get_running_loop().time()
        row = await self.tables.active_game_in(channel_id(interaction))
        seat = seat_of(row, interaction.user.id)
        result = await self.tables.play(row, seat, codes, seen_version=row.version)
        await self.reply_result(interaction, result, started)

    @guarded
    async def move_button(
        self, interaction: Interaction, game_id: int, version: int, mark: str, code: str
    ) -> None:
        """A move component: plays ``code`` only while it still means what was shown."""
        started = asyncio.get_running_loop().time()
        row = await self.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        result = await self.tables.play(row, seat, [code], seen_version=version, mark=mark)
        await self.reply_result(interaction, result, started)

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
        row = await self.tables.game_in(channel_id(interaction))
        if row.status == "lobby":
            await self.show_lobby(interaction, row, edit=False)
            return
        state = state_of(row)
        payload = await self.update_payload(row, state, [], headline=f"**{row_title(row)}**")
        await interaction.response.send_message(**payload)

    # ---------- lobby ----------

    @guarded
    async def lobby_button(self, interaction: Interaction, game_id: int, action: str) -> None:
        row = await self.tables.store.get(game_id)
        if row is None or row.status != "lobby":
            raise UserError("This lobby is closed.")
        await self.lobby_action(interaction, row, action, edit=True)

    async def lobby_action(
        self, interaction: Interaction, row: GameRow, action: str, *, edit: bool
    ) -> None:
        """join/leave/addbot/start/cancel, from a button (edit the lobby) or a command."""
        user = interaction.user
        if action == "join":
            row = await self.tables.join(row, Seat(id=str(user.id), name=user.display_name))
        elif action == "leave":
            row = await self.tables.leave_lobby(row, str(user.id))
        elif action == "addbot":
            self.require_host(interaction, row)
            row = await self.tables.add_ai(row)
        elif action == "cancel":
            self.require_host(interaction, row)
            row = await self.tables.cancel(row)
        elif action == "start":
            self.require_host(interaction, row)
            result = await self.tables.start(row)
            await self.announce_start(interaction, result, edit=edit)
            return
        await self.show_lobby(interaction, row, edit=edit)

    async def show_lobby(self, interaction: Interaction, row: GameRow, *, edit: bool) -> None:
        closed = row.status != "lobby"
        embed = lobby_embed(row)
        view = None if closed else components.lobby_view(row.id)
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
            return
        sent = await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING
        )
        if closed:
            await self.refresh_lobby_message(row)
            return
        # One live lobby card: the new one, at the bottom of the channel.
        if sent.message_id is not None:
            await self.tables.set_lobby_message(row, sent.message_id)
        await self.retire_lobby_message(row)

    async def retire_lobby_message(self, row: GameRow) -> None:
        """The previous lobby card loses its buttons and points to the newer one."""
        await self.edit_lobby_message(row, content="⬇️ This lobby moved further down.", view=None)

    async def refresh_lobby_message(self, row: GameRow) -> None:
        """Keep the lobby card's seat list and status current after a command."""
        closed = row.status != "lobby"
        view = None if closed else components.lobby_view(row.id)
        await self.edit_lobby_message(row, embed=lobby_embed(row), view=view)

    async def edit_lobby_message(self, row: GameRow, **fields: Any) -> None:
        channel = await self.channel(row)
        if row.lobby_message_id is None or channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(**fields)  # type: ignore[attr-defined]
        except discord.HTTPException:
            log.warning("could not edit the lobby message of game %s", row.id)

    async def announce_start(
        self, interaction: Interaction, result: MoveResult, *, edit: bool
    ) -> None:
        row = result.row
        if edit:
            await interaction.response.edit_message(embed=lobby_embed(row), view=None)
        else:
            await self.refresh_lobby_message(row)
        payload = await self.update_payload(
            row, result.state, result.events, headline=f"🎬 **{row_title(row)}** begins!"
        )
        if interaction.response.is_done():
            await interaction.followup.send(**payload)
        else:
            await interaction.response.send_message(**payload)

    def require_host(self, interaction: Interaction, row: GameRow) -> None:
        if str(interaction.user.id) == row.host_id:
            return
        permissions = interaction.permissions
        if permissions.manage_channels:
            return
        raise UserError("Only the host (or someone with Manage Channels) can do that.")

    @guarded
    async def replay(self, interaction: Interaction, game_id: int | None) -> None:
        """An animated GIF of the public board after each move, rebuilt from the log."""
        if game_id is None:
            row = await self.tables.game_in(channel_id(interaction))
        else:
            found = await self.tables.store.get(game_id)
            if found is None or found.guild_id != interaction.guild_id:
                raise UserError("There is no game with that number on this server.")
            row = found
        if row.status == "lobby":
            raise UserError("That game has not started yet.")
        await interaction.response.defer(thinking=True)
        moves = await self.tables.store.moves(row.id)
        frames = await asyncio.to_thread(replay_views, row, [(m.seat, m.code) for m in moves])
        data = await asyncio.to_thread(replay.gif, row.slug, frames)
        await interaction.followup.send(
            f"🎞️ Replay of {row_title(row)} game #{row.id}: {len(moves)} moves.",
            file=discord.File(io.BytesIO(data), filename=f"replay-{row.id}.gif"),
        )

    # ---------- table life: reminders, idle votes, leaving, rejoining ----------

    async def channel(self, row: GameRow) -> discord.abc.Messageable | None:
        channel = self.client.get_channel(row.channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(row.channel_id)
            except discord.HTTPException:
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None


def replay_views(row: GameRow, moves: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The public view after setup and after each logged move (frames are chosen later)."""
    game = get_game(row.slug)
    state = game.setup([s.id for s in row.seats], seed=row.seed, options=row.options)
    picked = set(replay.pick_frames(len(moves) + 1))
    frames = [public_view(row, state)]
    for index, (seat, code) in enumerate(moves, start=1):
        state, _ = game.play(state, seat, code)
        if index in picked:
            frames.append(public_view(row, state))
    return frames


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
