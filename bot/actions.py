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
import re
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import discord

import renders
from bot import views
from bot.errors import UserError
from bot.store import Conflict, GameRow, Seat, StoreError
from bot.tables import MoveResult, Tables, private_view, public_view, seat_of, state_of
from engine import IllegalMove, Move, Outcome, State, get_game
from renders import replay

if TYPE_CHECKING:
    from bot.client import TurnstileBot

log = logging.getLogger(__name__)

P = ParamSpec("P")
S = TypeVar("S")
Interaction = discord.Interaction[Any]

MAX_EVENT_LINES = 14
#: At most this many moves become buttons (two rows, beside My moves / My hand).
QUICK_MOVES = 8
MAX_LINE = 300
#: Seconds after which a move's answer is deferred before rendering the board.
DEFER_AFTER = 1.0
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
APOLOGY = "Sorry, something went wrong on my side. The game is safe; please try again."


async def tell(interaction: Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


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


def humanize(text: str, names: dict[str, str], bold: bool = True) -> str:
    """Seat ids in engine events and labels → display names (bold in messages)."""
    if not names:
        return text
    pattern = re.compile(r"(?<![\w@])(" + "|".join(re.escape(s) for s in names) + r")(?!\w)")
    if not bold:
        return pattern.sub(lambda m: names[m.group(1)], text)
    return pattern.sub(lambda m: f"**{discord.utils.escape_markdown(names[m.group(1)])}**", text)


def relabel(moves: list[Move], names: dict[str, str]) -> list[Move]:
    """Moves with seat ids in their labels replaced by names (autocomplete, pickers)."""
    return [Move(m.code, humanize(m.label, names, bold=False)[:100]) for m in moves]


def mention(seat: Seat) -> str:
    return seat.name if seat.ai else f"<@{seat.id}>"


def ranking_lines(row: GameRow, outcome: Outcome) -> list[str]:
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for seat_id in outcome.ranking():
        rank = outcome.ranks[seat_id]
        name = discord.utils.escape_markdown(row.names.get(seat_id, seat_id))
        lines.append(
            f"{medals.get(rank, f'{rank}.')} **{name}** — {outcome.scores.get(seat_id, 0)}"
        )
    return lines


def table_text(row: GameRow, state: State, events: list[str], headline: str = "") -> str:
    """The text of a public update: events, then the result or who moves next.

    The footer (ranking or mentions) always fits; events give way to it, keeping the
    move's own first line (e.g. a reveal) and the latest ones.
    """
    game = get_game(row.slug)
    names = row.names
    outcome = game.outcome(state)
    footer: list[str] = []
    if outcome is not None:
        footer.append("🏁 **Game over.**" + (f" {outcome.reason}" if outcome.reason else ""))
        footer += ranking_lines(row, outcome)
    else:
        waiting = [row.seat(s) for s in game.waiting_for(state)]
        who = ", ".join(mention(s) for s in waiting if s is not None)
        if who:
            footer.append(f"➡️ {who}: your move — `/play`, `/{row.slug}` or the buttons.")
    lines = [clip(f"• {humanize(e, names)}", MAX_LINE) for e in events]
    if len(lines) > MAX_EVENT_LINES:
        skipped = len(lines) - MAX_EVENT_LINES
        lines = [lines[0], f"… {skipped} more (see `/game log`)", *lines[skipped + 1 :]]
    head = [headline] if headline else []
    while len("\n".join(head + lines + footer)) > 2000 and len(lines) > 1:
        lines.pop(1)
    return clip("\n".join(head + lines + footer), 2000)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quick_moves(row: GameRow, state: State) -> list[Move]:
    """Moves to offer as public buttons under the board.

    Only for games whose moves reveal nothing, and only when everyone the game waits on
    has the very same few moves: one mover, or a simultaneous choice among the same
    options (a click then plays for whoever clicked, answered privately).
    """
    game = get_game(row.slug)
    waiting = game.waiting_for(state)
    if game.moves_reveal_secrets or not waiting:
        return []
    first, *others = (game.legal_moves(state, seat) for seat in waiting)
    codes = [m.code for m in first]
    if len(first) > QUICK_MOVES or any([m.code for m in o] != codes for o in others):
        return []
    return relabel(first, row.names)


async def board_png(row: GameRow, state: State) -> bytes:
    """Render off the event loop so one render never stalls other games (DESIGN.md §6)."""
    return await asyncio.to_thread(renders.board, row.slug, public_view(row, state))


class Actions:
    def __init__(self, bot: TurnstileBot, tables: Tables) -> None:
        self.bot = bot
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
        view = views.board_view(
            row.id, row.version, quick_moves(row, state), game.outcome(state) is not None
        )
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

    async def post(self, channel_id: int, result: MoveResult, headline: str = "") -> None:
        """A public update not tied to an interaction (AI after restart, timers)."""
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
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
        self, interaction: Interaction, game_id: int, code: str, version: int
    ) -> None:
        started = asyncio.get_running_loop().time()
        row = await self.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        result = await self.tables.play(row, seat, [code], seen_version=version)
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
        moves = relabel(get_game(row.slug).legal_moves(state, seat), row.names)
        if not moves:
            raise UserError("It is not your turn.")
        more = "" if len(moves) <= 25 else f" Showing 25 of {len(moves)}: search with `/play`."
        await interaction.response.send_message(
            f"Your moves.{more}",
            view=views.picker_view(row.id, row.version, moves),
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
            await interaction.response.send_message(
                embed=lobby_embed(row), view=views.lobby_view(row.id)
            )
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
        view = None if closed else views.lobby_view(row.id)
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
            return
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
        if row.lobby_message_id is not None:
            await self.refresh_lobby_message(row)

    async def refresh_lobby_message(self, row: GameRow) -> None:
        """Keep the original lobby message's seat list current after a command."""
        if row.lobby_message_id is None:
            return
        channel = self.bot.get_channel(row.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        message = channel.get_partial_message(row.lobby_message_id)
        closed = row.status != "lobby"
        try:
            await message.edit(
                embed=lobby_embed(row), view=None if closed else views.lobby_view(row.id)
            )
        except discord.HTTPException:
            log.warning("could not refresh the lobby message of game %s", row.id)

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
        channel = self.bot.get_channel(row.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(row.channel_id)
            except discord.HTTPException:
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def remind(self, row: GameRow, seats: list[Seat]) -> None:
        channel = await self.channel(row)
        if channel is not None:
            who = ", ".join(mention(s) for s in seats)
            await channel.send(
                f"⏰ {who}: the {row_title(row)} table is waiting for your move.",
                allowed_mentions=MENTIONS,
            )

    async def announce_idle(self, row: GameRow, seats: list[Seat]) -> None:
        channel = await self.channel(row)
        if channel is not None:
            who = ", ".join(mention(s) for s in seats)
            await channel.send(
                f"💤 {who} {'has' if len(seats) == 1 else 'have'} not moved for a while. "
                "The other players can vote: let the AI play for them for the rest of the "
                "game, or end the game (a majority decides). Moving now cancels the vote; "
                "`/game rejoin` takes a seat back from the AI later.",
                view=views.idle_view(row.id, row.version),
                allowed_mentions=MENTIONS,
            )

    @guarded
    async def idle_vote(
        self, interaction: Interaction, game_id: int, version: int, choice: str
    ) -> None:
        row = await self.row_for_component(game_id)
        if row.version != version:
            raise UserError("The game moved on since then: this vote is closed.")
        idle = idle_seats(row)
        voters = [s for s in row.seats if not s.ai and s.id not in {i.id for i in idle}]
        voter = str(interaction.user.id)
        if voter not in {s.id for s in voters}:
            raise UserError("Only the other players at this table can vote.")
        votes = await self.tables.store.vote(row.id, version, voter, choice)
        tally = sum(1 for v in votes.values() if v == choice)
        if tally * 2 <= len(voters):
            await tell(interaction, f"Vote recorded ({tally} of {len(voters)} players so far).")
            return
        if choice == "end":
            ended = await self.tables.cancel(row, version=version)
            await interaction.response.edit_message(
                content=f"🛑 The players voted to end this {row_title(ended)} game. "
                "It is not counted.",
                view=None,
            )
            return
        outcome = await self.tables.hand_to_ai(row, [s.id for s in idle], version=version)
        names = ", ".join(s.name for s in idle)
        await interaction.response.edit_message(
            content=f"🤖 The players voted: the AI now plays for {names}.", view=None
        )
        await self.after_handover(outcome, f"🤖 The AI now plays for {names}.")

    async def after_handover(self, outcome: MoveResult | GameRow, headline: str) -> None:
        """Tell the table about a seat handover: the AI's moves, or the end of the game."""
        row = outcome if isinstance(outcome, GameRow) else outcome.row
        channel = await self.channel(row)
        if channel is None:
            return
        if isinstance(outcome, GameRow):
            await channel.send(
                f"🛑 Only AI players were left, so this {row_title(row)} game ended."
            )
            return
        await channel.send(
            **await self.update_payload(outcome.row, outcome.state, outcome.events, headline)
        )

    @guarded
    async def leave_game(self, interaction: Interaction, row: GameRow) -> None:
        seat_of(row, interaction.user.id)
        await interaction.response.send_message(
            "Leave this game? The AI will play your seat for the rest of it "
            "(`/game rejoin` takes it back).",
            view=views.leave_view(row.id),
            ephemeral=True,
        )

    @guarded
    async def confirm_leave(self, interaction: Interaction, game_id: int) -> None:
        row = await self.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        outcome = await self.tables.hand_to_ai(row, [seat])
        await interaction.response.edit_message(content="You left the table.", view=None)
        name = row.names.get(seat, seat)
        await self.after_handover(outcome, f"👋 {name} left; the AI plays for them.")

    @guarded
    async def rejoin(self, interaction: Interaction) -> None:
        row = await self.tables.active_game_in(channel_id(interaction))
        back_now = await self.tables.rejoin(row, str(interaction.user.id))
        if back_now:
            await interaction.response.send_message(
                f"🙌 {interaction.user.display_name} is back at the table.",
                allowed_mentions=MENTIONS,
            )
        else:
            await tell(
                interaction,
                "You get your seat back as soon as the AI finishes the turn it is playing.",
            )


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


def idle_seats(row: GameRow) -> list[Seat]:
    """The people the game is waiting on right now."""
    state = state_of(row)
    waiting = get_game(row.slug).waiting_for(state)
    return [s for s in row.seats if s.id in waiting and not s.ai]


def channel_id(interaction: Interaction) -> int:
    if interaction.channel_id is None:
        raise UserError("Games are played in a server channel or thread.")
    return interaction.channel_id


def row_title(row: GameRow) -> str:
    return get_game(row.slug).title


def lobby_embed(row: GameRow) -> discord.Embed:
    game = get_game(row.slug)
    status = {
        "lobby": "Waiting for players",
        "active": "Started",
        "cancelled": "Cancelled",
        "finished": "Finished",
    }[row.status]
    embed = discord.Embed(
        title=f"{game.title} — {status}",
        description=(
            f"{game.min_players}–{game.max_players} players. Press **Join**, then the host "
            "presses **Start**. `/rules` explains the game."
        ),
        color=0x26324A,
    )
    seats = "\n".join(
        f"{i}. {s.name}{' 🤖' if s.ai else ''}{' (host)' if s.id == row.host_id else ''}"
        for i, s in enumerate(row.seats, start=1)
    )
    embed.add_field(name=f"Players ({len(row.seats)}/{game.max_players})", value=seats or "—")
    specs = {spec.name: spec for spec in game.options}
    options = [
        f"{name}: {specs[name].label(value) if name in specs else value}"
        for name, value in row.options.items()
    ]
    embed.add_field(name="Options", value="\n".join([*options, f"pace: {row.pace}"]))
    return embed
