"""The turn message: one living board per turn, edited in place.

A *turn* is the stretch during which the same seats are to move. Each step of a turn
edits the turn's message (new image, new event lines, new buttons); a new message is
posted only when a new turn begins (other seats to move, news the whole table must see,
the end), and then the previous one loses its components. Only the seats that became to
move are pinged, once, in the new message, which tells them what happened since their
last turn (read from the log: ``Life.since_last_turn``); edits ping nobody.

What decides is in the store (read and written through the table's
:class:`~bot.table.life.Life`), written with the moves (``turn_version`` and
``turn_pings``, see ``Tables``) and with each showing (``turn_message_id`` …), so a post
that failed, or a restart, is caught up correctly by the clock. Showings of one game run
one at a time. A move hands its showing what it committed, shown as the commit read it
back (nothing is read again) when nothing else happened to the game meanwhile; otherwise
the game is read and its latest committed version shown: two quick moves give one
up-to-date board, never an older one after a newer.

The text says everything the picture shows: whose turn, the standings in
order with ranks and units, and what happened, so nothing depends on reading the image.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import discord

import renders
from bot.chat import language
from bot.chat.boards import Boards, Recorded, source_id
from bot.chat.deadline import Shape, expect
from bot.chat.delivery import DELIVERY_ERRORS, Courier, Post, nonce
from bot.chat.views import cards, components
from bot.chat.views.messages import (
    CONTENT_LIMIT,
    MAX_LINE,
    bare,
    clip,
    fold,
    humanize,
    jump_url,
    mention,
    names,
    pings,
    plain,
    since_last_turn,
    standings_lines,
    unping,
    whose_turn,
)
from bot.store.errors import StoreError
from bot.store.records import GameRow, LoggedMove, Seat
from bot.table.drawing import Drawing
from bot.table.life import CatchUp, Life
from bot.table.service import MoveResult, meaning, public_view, state_of
from engine import Move, State, get_game
from engine.core import GameView
from engine.text import tx
from i18n import Lang

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

FOOTER = tx("/game log: every move so far · /hand: your private view")
#: The embed's description is at most 4096 characters; this leaves room to spare.
DESCRIPTION_LIMIT = 4000
#: A private acknowledgement of what the board shows.
DONE = tx("✅ Done.")


@dataclass(frozen=True)
class Plan:
    """What showing a game's latest version takes: a new message (else an edit of the
    turn message), whom it pings, and from which log row its event lines start."""

    post: bool
    pings: list[Seat]
    from_seq: int


def plan_for(row: GameRow, state: State, *, repost: bool = False) -> Plan:
    """Edit or post, and whom to ping (exactly the people who became to move, in the
    first message of their turn)."""
    game = get_game(row.slug)
    first = row.turn_message_id is None
    new_turn = row.turn_version is not None and row.turn_version != row.turn_posted_for
    if not (first or new_turn or repost):
        return Plan(post=False, pings=[], from_seq=row.turn_from_seq)
    owed: list[str] = []
    if game.outcome(state) is None and not repost:
        if new_turn:
            owed = row.turn_pings
        elif first:
            owed = game.to_move(state)
    people = [s for s in (row.seat(i) for i in owed) if s is not None and not s.ai]
    start = row.turn_from_seq if repost else row.turn_shown_seq
    return Plan(post=True, pings=people, from_seq=start)


def quick_moves(row: GameRow, state: State) -> list[list[Move]]:
    """The public moves to show as buttons under the board, grouped by action: those of
    the seat to move, or in a simultaneous choice the moves every chooser has alike (a
    tap then plays for whoever tapped, answered privately). Empty when the movers' public
    moves differ."""
    game = get_game(row.slug)
    movers = game.to_move(state)
    if not movers:
        return []
    first, *others = (game.public_moves(state, seat) for seat in movers)
    if any(other != first for other in others):
        return []
    groups: dict[str, list[Move]] = {}
    for move in first:
        groups.setdefault(game.move_group(state, movers[0], move), []).append(move)
    return list(groups.values())


def event_lines(row: GameRow, logged: list[LoggedMove], *, lang: Lang) -> list[str]:
    """The events of ``logged`` as the table reads them: in its language, names for ids."""
    named = names(row, lang)
    return [
        clip(f"• {humanize(lang.say(event), named)}", MAX_LINE)
        for move in logged
        for event in move.events
    ]


def turn_embed(
    row: GameRow,
    state: State,
    view: GameView,
    lines: list[str],
    headline: str = "",
    *,
    lang: Lang,
) -> discord.Embed:
    """The turn message's text: the title with the phase, whose turn, the standings and
    what happened this turn (folded when long). The end is the final card's."""
    game = get_game(row.slug)
    phase = humanize(lang.say(view.get("phase", "")), names(row, lang), bold=False)
    top = [lang.say(headline)] if headline else []
    top.append(whose_turn(row, state, lang=lang))
    standings = ["", lang.say(tx("**Standings**")), *standings_lines(row, state, lang=lang)]
    shown = fold(lines, lang=lang)
    heading = ["", lang.say(tx("**What happened**"))] if shown else []
    while True:
        text = "\n".join(top + standings + heading + shown)
        if len(text) <= DESCRIPTION_LIMIT or len(shown) <= 1:
            break
        shown = [shown[0], *shown[2:]] if len(shown) > 2 else shown[:1]
    embed = discord.Embed(
        title=clip(f"{game.title} #{row.id} · {plain(phase, 200)}", 256),
        description=clip(text, DESCRIPTION_LIMIT),
        colour=discord.Colour.from_rgb(*renders.colour(row.slug)),
    )
    embed.set_footer(text=lang.say(FOOTER))
    return embed


def duration(row: GameRow) -> float | None:
    """How long a finished game took on the clock."""
    if row.started_at is None or row.finished_at is None:
        return None
    return row.finished_at - row.started_at


def ping_line(
    people: list[Seat], since: list[str] | None = None, *, first: bool = False, lang: Lang
) -> str | None:
    """The content of a new turn message: the people it pings, then what happened since
    their last turn (``since``: its event lines; ``first``: since the game began), so the
    ping itself tells them."""
    if not people:
        return None
    mentions = " ".join(mention(s) for s in people)
    # i18n: the pings of a new turn message ("@Alice @Bob — your turn").
    ping = lang.say(tx("{mentions} — your turn", mentions=mentions))
    room = CONTENT_LIMIT - len(ping) - 1
    caught_up = since_last_turn(since or [], first=first, readers=len(people), lang=lang, room=room)
    return clip("\n".join([ping, *caught_up]), CONTENT_LIMIT)


def retrieved(task: asyncio.Future[bytes]) -> None:
    """A picture's failure is logged where it is awaited; one given up on (its turn
    message failed first) is read here so asyncio does not call it lost."""
    if not task.cancelled():
        task.exception()


def shown_moves(moves: list[Move], names: dict[str, str], *, lang: Lang) -> list[components.Shown]:
    """Moves for components: each with its mark, and its label in ``lang`` (the table's
    under the board, the reader's in a private picker) with names for seat ids."""
    return [
        components.Shown(
            meaning(m), m.code, clip(humanize(lang.say(m.label), names, bold=False), 100)
        )
        for m in moves
    ]


def answered(interaction: Interaction | None) -> bool:
    """Whether the interaction got its answer (a deferral is not one: ``bot.chat.deadline``)."""
    return interaction is None or interaction.response.is_done()


@dataclass
class Showing:
    """What showing a game's latest version takes: the game as it stands, the plan, the
    message and the log row it shows up to."""

    row: GameRow
    plan: Plan
    post: Post
    shown_seq: int


@dataclass
class Reply:
    """The interaction a showing answers (if any) and its private acknowledgement."""

    interaction: Interaction | None
    ack: str

    def expect(self, plan: Plan | None) -> None:
        """The showing knows its plan (or its likeliest): should the deadline defer the
        answer, a command's is the new turn message (public), or else a private word; a
        click on the board, an update of it."""
        if answered(self.interaction):
            return
        shape: Shape = "private"
        if source_id(self.interaction) is not None:
            shape = "update"
        elif plan is not None and plan.post:
            shape = "public"
        expect(self.interaction, shape)


@dataclass(frozen=True)
class Display:
    """What the store records of a game's turn message, as a showing recorded it."""

    version: int
    message_id: int | None
    posted_for: int | None
    from_seq: int
    shown_seq: int

    def known_to(self, row: GameRow) -> bool:
        """Whether ``row`` records the turn message so (it was read after this record)."""
        return (
            row.turn_message_id == self.message_id
            and row.turn_posted_for == self.posted_for
            and row.turn_from_seq == self.from_seq
            and row.turn_shown_seq == self.shown_seq
            and row.shown_version >= self.version
        )


@dataclass
class Stage:
    """One game's showings in this process, while one is under way or a move that will be
    shown is being made: they run one at a time (``lock``); ``changes`` counts those that
    changed the channel or the store's record of it, so that a row read before one of
    them is known to be out of date about the turn message, unless it shows the last
    record (``recorded``)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0
    changes: int = 0
    recorded: Display | None = None
    #: Moves of the game being made or shown (see ``Presenter.expecting``).
    moves: int = 0

    def current(self, row: GameRow, since: int) -> bool:
        """Whether ``row``, read after ``since`` changes, still records the channel."""
        return since == self.changes or (self.recorded is not None and self.recorded.known_to(row))


@dataclass(frozen=True)
class Expecting:
    """A move of a game on its way to being shown, begun when its stage had seen
    ``changes``: what the move commits may be shown as committed while that holds."""

    changes: int

    def hand(self, result: MoveResult) -> Handed:
        return Handed(result.state, result.undo_by, self.changes)


@dataclass(frozen=True)
class Handed:
    """What a move committed, handed to its showing with its row (read back by the commit
    itself): the game's state, who may take the last step back, and what the game's
    showings had changed when the move began (``Expecting``)."""

    state: State
    undo_by: str | None
    since: int


class Presenter:
    """Shows each game's latest version in its channel, as the one live turn message."""

    def __init__(
        self,
        courier: Courier,
        life: Life,
        drawing: Drawing | None = None,
        boards: Boards | None = None,
    ) -> None:
        self.courier = courier
        self.life = life
        #: Where boards are drawn (default: a thread of this process).
        self.drawing = drawing or Drawing(workers=0)
        #: Per game with a showing under way or a move being made.
        self.stages: dict[int, Stage] = {}
        #: Each game's live board, with the new turn messages not recorded yet (the policy
        #: reads it too).
        self.boards = boards or Boards()

    @contextlib.contextmanager
    def stage(self, game_id: int) -> Iterator[Stage]:
        """The game's stage while the block runs (kept only while someone is on it)."""
        stage = self.stages.setdefault(game_id, Stage())
        stage.users += 1
        try:
            yield stage
        finally:
            stage.users -= 1
            if stage.users == 0:
                del self.stages[game_id]

    @contextlib.contextmanager
    def expecting(self, game_id: int) -> Iterator[Expecting]:
        """Around a move and its showing: what the move commits is shown as its commit
        read it back, without reading the game again, unless another move of the game is
        under way or another showing changed anything meanwhile (then the game is read as
        it stands, and its latest version shown)."""
        with self.stage(game_id) as stage:
            stage.moves += 1
            try:
                yield Expecting(stage.changes)
            finally:
                stage.moves -= 1

    async def show(
        self,
        row: GameRow,
        *,
        interaction: Interaction | None = None,
        ack: str = DONE,
        headline: str = "",
        repost: bool = False,
        handed: Handed | None = None,
        owed: bool = False,
    ) -> None:
        """Bring the channel up to date with ``row``'s game. ``interaction``, if not
        answered yet, is answered by the update itself where it can be (a click on the
        board edits it; a command's new turn message is its answer), else privately with
        ``ack``; whatever the showing waits on (the game's lock, the store, the drawing, a
        channel's rate limit), the deadline defers it in that shape meanwhile.
        ``repost``: a fresh copy at the bottom (``/game status``), pinging nobody.
        ``handed``: what the move shown committed (``row`` is its commit's), shown as such
        while no other showing changed anything since the move began; otherwise, and
        without it, the game is read as it stands. ``owed``: the clock catching the
        channel up, whose new message may have gone out before a restart (``post``)."""
        reply = Reply(interaction, ack)
        # The plan as of the row given (the commit being answered), should the deadline
        # come before the game's lock is held: most likely the one the showing makes.
        if interaction is not None and row.snapshot is not None:
            state = handed.state if handed is not None else state_of(row)
            reply.expect(plan_for(row, state, repost=repost))
        # A showing nobody waits for, while another update of the channel is on its way:
        # a newer version is that update's to show (its command is answered by it).
        yielding = interaction is None and not (headline or repost)
        yielding = yielding and self.courier.travelling_now(row.channel_id) > 1
        with self.stage(row.id) as stage:
            async with stage.lock:
                # The move's commit as it was read back, when nothing else touched the
                # game since the move began; else the game as it stands.
                trusted = handed is not None and stage.moves == 1 and not yielding
                if handed is not None and trusted and stage.current(row, handed.since):
                    fresh, showing = await self.prepare_handed(row, handed, headline, repost)
                else:
                    newer = row.version if yielding else None
                    fresh, showing = await self.prepare(row.id, headline, repost, newer)
                reply.expect(showing.plan if showing is not None else None)
                if showing is None:
                    await self.acknowledge(reply, fresh)
                    return
                if showing.plan.post:
                    await self.post(showing, reply, repost, owed)
                else:
                    await self.edit(showing, reply)

    async def prepare(
        self, game_id: int, headline: str, repost: bool, yield_after: int | None = None
    ) -> tuple[GameRow | None, Showing | None]:
        """The game as it stands and what showing it takes (None when there is nothing
        to show: no board, the channel is up to date, or the game is past ``yield_after``,
        a version another showing on its way is left to show)."""
        fresh = await self.current(game_id)
        if fresh is None or fresh.status not in ("active", "finished") or fresh.snapshot is None:
            return None, None
        if yield_after is not None and fresh.version > yield_after:
            return fresh, None
        up_to_date = fresh.shown_version >= fresh.version and not headline
        if up_to_date and not repost and fresh.turn_message_id is not None:
            return fresh, None
        state = state_of(fresh)
        plan = plan_for(fresh, state, repost=repost)
        over = get_game(fresh.slug).outcome(state) is not None
        read = await self.life.turn_log(fresh.id, plan.from_seq, over=over)
        post = await self.compose(fresh, state, plan, headline, read.logged, read.undo_by)
        return fresh, Showing(fresh, plan, post, read.shown_seq)

    async def prepare_handed(
        self, row: GameRow, handed: Handed, headline: str, repost: bool
    ) -> tuple[GameRow | None, Showing | None]:
        """``prepare`` for a move's own commit, nothing read back: ``row`` (the commit's) is
        the game as it stands and as the channel was recorded to show it, since no
        showing changed anything after the move began; the log rows of the turn are the
        one read. A turn message posted but not recorded yet is seen only by reading."""
        if row.id in self.boards.unrecorded:
            return await self.prepare(row.id, headline, repost)
        if row.status not in ("active", "finished") or row.snapshot is None:
            return None, None
        up_to_date = row.shown_version >= row.version and not headline
        if up_to_date and not repost and row.turn_message_id is not None:
            return row, None
        plan = plan_for(row, handed.state, repost=repost)
        logged = await self.life.logged_after(row.id, plan.from_seq)
        # Every log row is after ``from_seq`` or at it (a step taken back lowers it).
        shown_seq = logged[-1].seq if logged else plan.from_seq
        post = await self.compose(row, handed.state, plan, headline, logged, handed.undo_by)
        return row, Showing(row, plan, post, shown_seq)

    async def current(self, game_id: int) -> GameRow | None:
        """The game as stored; a turn message this process posted but could not record
        is recorded now, or else taken for the board all the same."""
        fresh = await self.life.game(game_id)
        pending = self.boards.unrecorded.get(game_id)
        if fresh is None or pending is None:
            return fresh
        await self.record(pending)
        if game_id not in self.boards.unrecorded:
            return await self.life.game(game_id)
        return replace(
            fresh,
            turn_message_id=pending.message_id,
            turn_posted_for=pending.posted_for,
            turn_from_seq=pending.from_seq,
            turn_shown_seq=pending.shown_seq,
            shown_version=max(fresh.shown_version, pending.version),
        )

    async def record(self, done: Recorded) -> None:
        """Record a new turn message; when the store refuses, remember it (see
        ``Boards.unrecorded``) so that the turn is never posted twice."""
        recorded = None
        try:
            await self.life.record_turn(
                done.game_id,
                done.version,
                message_id=done.message_id,
                posted_for=done.posted_for,
                from_seq=done.from_seq,
                shown_seq=done.shown_seq,
            )
        except StoreError as exc:
            log.warning("recording the turn message of game %s failed: %s", done.game_id, exc)
            self.boards.unrecorded[done.game_id] = done
        else:
            self.boards.unrecorded.pop(done.game_id, None)
            recorded = Display(
                done.version, done.message_id, done.posted_for, done.from_seq, done.shown_seq
            )
        finally:
            self.note(done.game_id, recorded)

    def note(self, game_id: int, recorded: Display | None) -> None:
        """A showing wrote what the store records of the channel: ``recorded`` (None: it
        may have, or not). A row read before may not know it."""
        stage = self.stages.get(game_id)
        if stage is not None:
            stage.changes += 1
            stage.recorded = recorded

    async def compose(
        self,
        row: GameRow,
        state: State,
        plan: Plan,
        headline: str,
        logged: list[LoggedMove],
        undo_by: str | None,
    ) -> Post:
        """The message for ``row``'s latest version: the turn message, or at the end the
        final card (results, Rematch, Replay) with the final board in it. ``logged``: the
        log rows it shows; ``undo_by``: who may take the last step back (Undo)."""
        game = get_game(row.slug)
        lang = language.table(row)
        named = names(row, lang)
        view = public_view(row, state)
        view["names"] = named
        over = game.outcome(state) is not None
        # The board is drawn in a worker while the catch-up is read: a new turn's ping
        # waits for the slower of the two, not for both one after the other.
        picture = asyncio.ensure_future(self.drawing.board(row.slug, view, lang=lang))
        picture.add_done_callback(retrieved)
        since = CatchUp([], first=False)
        try:
            if plan.pings:
                since = await self.life.since_last_turn(row.id, [s.id for s in plan.pings])
        except BaseException:
            picture.cancel()
            raise
        post = Post(
            content=ping_line(
                plan.pings, event_lines(row, since.logged, lang=lang), first=since.first, lang=lang
            ),
            mentions=pings(plan.pings),
            filename=f"{row.slug}-{row.version}.png",
        )
        try:
            post.png = await picture
        except Exception:
            # The move is committed: tell the table what happened even without a picture.
            log.exception("rendering game %s failed", row.id)
        image = post.filename if post.png is not None else None
        if over:
            moves, used = await self.life.final_counts(row.id)
            card = cards.final_card(
                row,
                view,
                [event for move in logged for event in move.events],
                moves=moves,
                seconds=duration(row),
                image=image,
            )
            card = cards.with_hint_counts(card, cards.hint_counts(row, used, lang))
            post.content = lang.say(headline) if headline else None
            post.embed, post.view = card.embed, card.view
            return post
        lines = event_lines(row, logged, lang=lang)
        post.embed = turn_embed(row, state, view, lines, headline, lang=lang)
        if image is not None:
            post.embed.set_image(url=f"attachment://{image}")
        undo = None if undo_by is None else bare(named.get(undo_by, undo_by), 40)
        quick = [shown_moves(g, named, lang=lang) for g in quick_moves(row, state)]
        post.view = components.board_view(row.id, row.version, quick, undo=undo, lang=lang)
        return post

    async def post(self, showing: Showing, reply: Reply, repost: bool, owed: bool = False) -> None:
        """A new turn message (at most once per turn, whatever fails between its post
        and its record); the previous one loses its components. ``owed``: it may have
        gone out already, minutes ago (its nonce forgotten): it is looked for first."""
        row, post, interaction = showing.row, showing.post, reply.interaction
        old = row.turn_message_id
        message_id: int | None = None
        stripped = False
        if not answered(interaction):
            assert interaction is not None
            if old is not None and source_id(interaction) == old:
                stripped = await self.update(interaction, view=None)
            else:
                message_id = await self.answer_with(interaction, post)
        if message_id is None:
            if not repost:
                # The message that opens this turn: posted again, Discord returns it.
                post.nonce = nonce("turn", row.id, row.turn_version)
                if owed:  # a board's My moves, or a final card's Rematch, after the last
                    post.look_first((components.TableButton, components.RematchButton), old)
            sent = await self.courier.post(row, post)
            message_id = sent.id if sent is not None else None
            if message_id is None:
                # The clock shows it later: the version stays unshown.
                later = tx("✅ Done; the board follows shortly.")
                await self.acknowledge(replace(reply, ack=later))
                return
            await self.acknowledge(reply, replace(row, turn_message_id=message_id))
        posted_for = row.turn_version if not repost else row.turn_posted_for
        done = Recorded(
            row.id, row.version, message_id, posted_for, showing.plan.from_seq, showing.shown_seq
        )
        self.boards.unrecorded[row.id] = done  # the board from now on (``Boards.board_of``)
        if old is not None and old != message_id and not stripped:
            await self.courier.edit(row, old, view=None)
        await self.record(done)

    async def edit(self, showing: Showing, reply: Reply) -> None:
        """The turn message shows this step too."""
        row, post, interaction = showing.row, showing.post, reply.interaction
        assert row.turn_message_id is not None
        done = False
        if not answered(interaction) and source_id(interaction) == row.turn_message_id:
            assert interaction is not None
            done = await self.update(interaction, **post.edit_kwargs())
        if not done:
            edited = await self.courier.edit(row, row.turn_message_id, **post.edit_kwargs())
            if edited == "gone":
                # Someone deleted the board: the turn goes on in a new message.
                again = Plan(post=True, pings=[], from_seq=showing.plan.from_seq)
                await self.post(replace(showing, plan=again), reply, repost=True)
                return
            await self.acknowledge(reply, row)
            if edited == "failed":
                return
        pending = self.boards.unrecorded.get(row.id)
        if pending is not None:
            await self.record(replace(pending, version=row.version, shown_seq=showing.shown_seq))
            return
        recorded = None
        try:
            await self.life.record_step(row.id, row.version, showing.shown_seq)
        except StoreError as exc:
            log.warning("recording what game %s showed failed: %s", row.id, exc)
        else:
            recorded = Display(
                row.version,
                row.turn_message_id,
                row.turn_posted_for,
                row.turn_from_seq,
                showing.shown_seq,
            )
        finally:
            self.note(row.id, recorded)

    async def update(self, interaction: Interaction, **fields: Any) -> bool:
        """Edit the message a component was used on, as the interaction's answer."""
        try:
            await interaction.response.edit_message(**fields)
        except DELIVERY_ERRORS as exc:
            log.warning("answering interaction %s by an edit failed: %s", interaction.id, exc)
            return False
        return True

    async def answer_with(self, interaction: Interaction, post: Post) -> int | None:
        """The new turn message as the (public) answer to a command; its id."""
        try:
            sent = await interaction.response.send_message(**post.kwargs())
        except DELIVERY_ERRORS as exc:
            log.warning("answering interaction %s failed: %s", interaction.id, exc)
            return None
        return sent.message_id

    async def acknowledge(self, reply: Reply, row: GameRow | None = None) -> None:
        """Answer an interaction the board did not answer: a click on the board is
        acknowledged silently (the board shows it), anything else privately, with a
        link to the board."""
        interaction = reply.interaction
        if answered(interaction):
            return
        assert interaction is not None
        try:
            if row is not None and source_id(interaction) == row.turn_message_id:
                await interaction.response.defer()
                return
            lang = language.reader(interaction)
            text = clip(unping(lang.say(reply.ack)), 250)
            if row is not None and row.turn_message_id is not None:
                link = jump_url(row.guild_id, row.channel_id, row.turn_message_id)
                text += " " + lang.say(tx("[The board]({link})", link=link))
            quiet = discord.AllowedMentions.none()
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=quiet)
        except DELIVERY_ERRORS as exc:
            log.warning("acknowledging interaction %s failed: %s", interaction.id, exc)

    async def retire(self, row: GameRow) -> None:
        """A game that ended without a last move (cancelled, or no person left): its
        board keeps no components."""
        fresh = await self.life.game(row.id)
        if fresh is not None and fresh.turn_message_id is not None:
            await self.courier.edit(fresh, fresh.turn_message_id, view=None)

    def link(self, row: GameRow) -> str | None:
        """Where the game's live board is (``Boards.link``), for the table's notices."""
        return self.boards.link(row)
