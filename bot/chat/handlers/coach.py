"""The coach at the table: ``/hint`` and the Hint button, Review under the final
card, and ``/game learn``, a guided first game against robots.

Everything the coach says is private, in the reader's language, and computed in the coach's
own lane of worker processes (``bot.table.coaching``, ``Robots.advise``: no robot of any
table waits behind it) from what the seat may see alone; nothing here changes a game. A
question that makes the coach think is deferred in time, so Discord's 3 seconds hold
(``bot.chat.deadline``). Every question has a ceiling: one at a time per person,
a rate per person, a short line in all, and a review, which is deterministic, is computed
once and kept. A learning game's comments take the same places (a comment the limits
refuse is skipped; the move stands), and a person has one learning game open at a time, so
nobody fills the coach's worker by playing fast, or at several tables. Hints are part of a
table's rules: refused at rated tables, counted per seat (the final card names them).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.chat.access.policy import admission
from bot.chat.access.quotas import Rate, Refused, Reservation, Room, reserve
from bot.chat.delivery import DELIVERY_ERRORS
from bot.chat.handlers.lobby import Lobbies
from bot.chat.kept import Kept
from bot.chat.language import reader
from bot.chat.views.messages import clip, humanize
from bot.common.bounds import one_of
from bot.common.errors import UserError
from bot.common.links import channel_url
from bot.store.records import GameRow, Seat
from bot.table.coaching import LEARN_LEVEL, brief_for, hint_for, hint_seed, review_for
from bot.table.service import MoveResult, Tables, state_of
from engine import GAMES, get_game
from engine.coach import REVIEW_BUDGET, Hint, Review, compare
from engine.coach.words import percent
from engine.text import Text, tx
from i18n import Lang

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Discord's limit for a message's text.
MESSAGE_LIMIT = 2000
#: Coach questions in this process's lane at once, thinking or waiting their turn (one
#: review takes 1.2-2.8 s of the coach's worker): a crowd beyond it is told to come back.
LINE = 4
#: Hints one person may have thought about, per window of seconds (one a turn is plenty).
HINTS = 6
HINTS_PER = 60.0
#: Reviews one person may have computed, per window of seconds; the same review asked
#: again is kept (``KEPT_REVIEWS``) and costs nothing.
REVIEWS = 3
REVIEWS_PER = 600.0
#: Comments in learning games one person may have, per window of seconds: a comment (a
#: hint's search and the brief of the next turn) holds the coach's worker 0.3-0.6 s, so
#: someone playing faster than this sees a move go uncommented, and nobody's hint waits.
COMMENTS = 20
COMMENTS_PER = 60.0
#: Reviews kept, by (game, version, seat, budget): a few hundred small objects.
KEPT_REVIEWS = 256
#: The playouts of one review at the table: a third of the engine's default
#: (``engine.coach.REVIEW_BUDGET``, 4-7 s of CPU for a whole game in bench/hints.py), so
#: a review holds the coach's worker about as long as two or three ``hard`` decisions.
REVIEW_PLAYOUTS = REVIEW_BUDGET // 3

ReviewKey = tuple[int, int, str, int]


def refused_rated() -> Text:
    return tx(
        "Hints are off at rated tables: the coach helps at casual ones only "
        "(`/game new … rated:False`, or `/game learn`)."
    )


def still_thinking() -> Text:
    return tx("The coach is still thinking about your last question: one at a time.")


def coach_busy() -> Text:
    return tx("The coach is busy with other players' questions: ask again in a few seconds.")


def many_hints(seconds: int) -> Text:
    return tx("That is a lot of hints in a short time: ask again in {seconds} s.", seconds=seconds)


def learning_already(link: str) -> Text:
    return tx(
        "You already have a learning game open; finish it, or end it with `/game leave`, "
        "before you begin another: {link}",
        link=link,
    )


def learning_opening() -> Text:
    return tx("Your learning game is being set up: it appears in a moment.")


def many_reviews(seconds: int) -> Text:
    return tx(
        "The coach has reviewed several games for you lately: ask again in {seconds} s.",
        seconds=seconds,
    )


class Coach:
    """The coach's answers. ``budget``: a hint's search (None: the coach's own,
    ``engine.coach.coach_budget``); ``review_budget``: the playouts of one review."""

    def __init__(
        self,
        tables: Tables,
        lobbies: Lobbies,
        budget: int | None = None,
        review_budget: int = REVIEW_PLAYOUTS,
    ) -> None:
        self.tables = tables
        self.lobbies = lobbies
        self.budget = budget
        self.review_budget = review_budget
        # The limits (``bot.chat.access.quotas``), all taken before the coach is asked anything:
        # one question per person at a time (a second click waits for nothing), the
        # lane's line, and each person's rates.
        self.asking = Room(1, lambda _: still_thinking())
        self.line = Room(LINE, lambda _: coach_busy())
        self.hints = Rate(HINTS, HINTS_PER, many_hints)
        self.reviews = Rate(REVIEWS, REVIEWS_PER, many_reviews)
        # (Never said: a comment over the rate is skipped.)
        self.comments = Rate(COMMENTS, COMMENTS_PER, lambda seconds: f"wait {seconds} s")
        #: Whoever is opening a learning game (until the store holds it).
        self.opening = Room(1, lambda _: learning_opening())
        self.kept: Kept[ReviewKey, Review] = Kept(KEPT_REVIEWS)

    # ---------- hints ----------

    async def hint(self, interaction: Interaction) -> None:
        """``/hint`` and the Hint button: the coach's best moves for the caller, who is to
        move (the gate said so), privately."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        lang = reader(interaction)
        if row.rated:
            raise UserError(lang.say(refused_rated()))
        state = state_of(row)
        seed = hint_seed(row.id, row.version, seat)
        with self._question(interaction, self.hints):
            found = await self.tables.robots.advise(
                hint_for, row.slug, state, seat, seed, self.budget
            )
            used = await self.tables.count_hint(row, seat)
        await whisper(interaction, hint_text(lang, row, found, used))

    # ---------- after the game ----------

    async def review(self, interaction: Interaction, game_id: int) -> None:
        """Review under the final card: the caller's turning points, privately. A review
        is deterministic in (game, version, seat, budget): computed once, then kept."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        lang = reader(interaction)
        key = (row.id, row.version, seat, self.review_budget)
        found = self.kept.get(key)
        if found is None:
            with self._question(interaction, self.reviews):
                found = await self.kept.make(key, lambda: self._review(row, seat))
        await whisper(interaction, review_text(lang, row, found))

    async def _review(self, row: GameRow, seat: str) -> Review:
        logged = await self.tables.moves(row.id)
        return await self.tables.robots.advise(
            review_for,
            row.slug,
            [s.id for s in row.seats],
            row.seed,
            dict(row.options),
            [(m.seat, m.code) for m in logged],
            seat,
            self.review_budget,
        )

    # ---------- the learning game ----------

    async def learn(self, interaction: Interaction, slug: str) -> None:
        """``/game learn``: a casual table of the caller and robots, never counted, started
        at once in a thread of its own; the caller's first turn opens with what they can do
        (privately, as every word of the coach). One open at a time per person: asked
        again, the answer links to the one open (the person's place in ``opening`` is
        held until the store has the new one, so a burst opens one)."""
        one_of(slug, GAMES, tx("game"))
        place = admission(interaction)
        game = get_game(slug)
        user = interaction.user
        with reserve((self.opening, user.id)):
            mine = await self.tables.open_learning_game(str(user.id))
            if mine is not None:
                raise UserError(learning_already(channel_url(mine.guild_id, mine.channel_id)))
            row = await self.tables.open_lobby(
                guild_id=place.guild,
                channel_id=place.channel,
                slug=slug,
                host=Seat(id=str(user.id), name=user.display_name),
                options={},
                rated=False,
                learning=True,
            )
        for _ in range(max(1, game.min_players - 1)):
            row = await self.tables.add_ai(row, LEARN_LEVEL)
        await self.lobbies.message.post(row, interaction)
        await self.lobbies.act(interaction, row, "start", edit=False)
        started = await self.tables.get(row.id)
        if started is None or started.status != "active":
            return
        lang = reader(interaction)
        lines = [lang.say(welcome())]

        async def brief(said: list[str]) -> None:
            said += await self.brief_lines(lang, started, str(user.id))

        lines += await self._comment(interaction, started, brief)
        await self._quietly(interaction, "\n".join(lines))

    async def after_move(
        self,
        interaction: Interaction,
        before: GameRow,
        seat: str,
        codes: Sequence[str],
        result: MoveResult,
    ) -> None:
        """In a learning game, after the learner's move: a comment comparing it with the
        coach's pick at that moment, then what they can do on their next turn. Privately,
        after the move's own answer; a failure here, or the limits, cost only the comment."""
        if not before.learning or not codes:
            return
        lang = reader(interaction)
        state = state_of(before)

        async def comment(lines: list[str]) -> None:
            legal = get_game(before.slug).legal_moves(state, seat)
            if any(move.code == codes[0] for move in legal):
                seed = hint_seed(before.id, before.version, seat)
                found = await self.tables.robots.advise(
                    hint_for, before.slug, state, seat, seed, self.budget
                )
                lines.append(humanize(lang.say(compare(found, codes[0])), before.names))
            if result.row.status == "active":
                lines += await self.brief_lines(lang, result.row, seat)

        lines = await self._comment(interaction, before, comment)
        if result.row.status == "finished":
            lines.append(lang.say(game_over()))
        if lines:
            await self._quietly(interaction, "\n".join(lines))

    async def brief_lines(self, lang: Lang, row: GameRow, seat: str) -> list[str]:
        """What ``seat`` can do now, one line per action (nothing when it is not to move)."""
        state = state_of(row)
        if not get_game(row.slug).legal_moves(state, seat):
            return []
        actions = await self.tables.robots.advise(brief_for, row.slug, state, seat)
        head = lang.say(tx("📘 Your turn. What you can do now:"))
        return [head] + [f"• {humanize(lang.say(a.line), row.names)}" for a in actions]

    # ---------- plumbing ----------

    def _question(self, interaction: Interaction, rate: Rate) -> Reservation:
        """The places a question takes, before anything is awaited: the asker's one
        question at a time, their ``rate``, a place in the coach's line."""
        who = interaction.user.id
        return reserve((self.asking, who), (rate, who), (self.line, None))

    async def _comment(
        self,
        interaction: Interaction,
        row: GameRow,
        work: Callable[[list[str]], Awaitable[None]],
    ) -> list[str]:
        """The lines ``work`` adds, thought out in the coach's lane once the learner's
        places are taken (as for any question: ``_question``), or as far as it got before
        it failed; none when the limits refuse (the move or the game stands without)."""
        lines: list[str] = []
        try:
            held = self._question(interaction, self.comments)
        except Refused as refused:
            log.info("no comment in learning game %s: %s", row.id, refused)
            return lines
        try:
            with held:
                await work(lines)
        except Exception:
            log.exception("the coach's comment in learning game %s failed", row.id)
        return lines

    async def _quietly(self, interaction: Interaction, text: str) -> None:
        """A private follow-up whose failure costs only itself."""
        try:
            await whisper(interaction, text)
        except DELIVERY_ERRORS as exc:
            log.warning("a coach's follow-up to interaction %s failed: %s", interaction.id, exc)


async def whisper(interaction: Interaction, text: str) -> None:
    """A private answer (a follow-up once the interaction was answered)."""
    quiet = discord.AllowedMentions.none()
    await interaction.response.send_message(
        clip(text, MESSAGE_LIMIT), ephemeral=True, allowed_mentions=quiet
    )


def welcome() -> Text:
    return tx(
        "🎓 Your learning game has begun. After each of your moves the "
        "coach says what it would have played; `/hint` asks it any time; `/game leave` "
        "ends the lesson. It never counts in stats or ratings."
    )


def game_over() -> Text:
    return tx("🏁 The game is over. Review, under the final card, shows your turning points.")


def hint_text(lang: Lang, row: GameRow, found: Sequence[Hint], used: int) -> str:
    """The coach's choices, each with what it is for and what the playouts said."""
    lines = [
        lang.say(tx("💡 The coach's choices for you (hint {count} of this game):", count=used))
    ]
    for number, hint in enumerate(found, start=1):
        lines.append(f"**{number}.** {humanize(lang.say(hint.line), row.names)}")
        lines.append(f"   {lang.say(hint.search)}")
    return "\n".join(lines)


def review_text(lang: Lang, row: GameRow, found: Review) -> str:
    """The turning points, the largest change of the expected result first."""
    if not found.decisions:
        return lang.say(tx("🔎 You had no decision to make in this game: nothing to review."))
    lines = [
        lang.say(
            tx(
                "🔎 Your turning points: the coach weighed {weighed} of your {decisions} "
                "decisions and would have played the same in {agreed}.",
                weighed=found.weighed,
                decisions=found.decisions,
                agreed=found.agreed,
            )
        )
    ]
    for point in found.points:
        said = tx(
            "Your move {number}: {played}. The coach would have played {coach} — {reason} "
            "Your expected result: {before} with its move, {after} with yours.",
            number=point.number,
            played=point.label,
            coach=point.coach_label,
            reason=point.reason,
            before=percent(point.before),
            after=percent(point.after),
        )
        lines.append(f"• {humanize(lang.say(said), row.names)}")
    if not found.points:
        lines.append(lang.say(tx("The coach agreed with every move it weighed.")))
    return "\n".join(lines)
