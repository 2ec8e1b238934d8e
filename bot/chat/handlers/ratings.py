"""``/leaderboard``, its pages and ``/profile``.

A leaderboard names its title, board (ratings, most wins, best scores), scope (this server
in one of its seasons, or everywhere) and page, in the command or in a page button's
custom_id: both come from strangers, so each part is checked here before the store is
asked, and a page past the end shows the last one. Nothing names a server: a board is of
the server it is used in, or of everywhere. A page button on the public board answers
privately, so nobody turns the page the others see; on the presser's own private page it
turns it in place.

A board or a profile belongs to no table: it is in the language of who asked, whether
it is posted publicly (the command) or privately (a page turned from the public board).
"""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast

import discord

from bot.chat import language
from bot.chat.access import sight
from bot.chat.access.policy import admission
from bot.chat.access.quotas import Rate, reserve
from bot.chat.deadline import expect
from bot.chat.kept import Kept
from bot.chat.views.components import PAGE_LIMIT, BoardPage, page_buttons
from bot.chat.views.standings import (
    LAST_RESULTS,
    PAGE,
    TREND_GAMES,
    leaderboard_embed,
    pages,
    profile_description,
    profile_text,
    profile_view,
    records_embed,
    where_words,
)
from bot.common.bounds import one_of, within
from bot.common.errors import UserError
from bot.common.ratings import EVERYWHERE, SEASON_LIMIT, Scope
from bot.table.drawing import Drawing
from bot.table.standings import Standings
from engine import GAMES
from engine.text import Text, tx
from i18n import Lang

Interaction = discord.Interaction[Any]
P = ParamSpec("P")
T = TypeVar("T")

#: ``/leaderboard board:``: by rating, or the boards of results kept from before ratings.
BOARDS = ("rating", "wins", "best")
#: ``/leaderboard scope:``.
SCOPES = ("server", "everywhere")
QUIET = discord.AllowedMentions.none()
#: Leaderboard pages one person may ask for (pages turned included), per window of seconds.
PAGES = 12
PAGES_PER = 60.0
#: Profiles one person may ask for, per window of seconds (a card is about 15 ms of a
#: drawing worker, the cost of two boards; the same card asked again is kept).
PROFILES = 4
PROFILES_PER = 60.0
#: Seconds a board's reads are kept: a page is at most this late, and a crowd asking for
#: it at once reads the store once. Board reads kept, and bytes of profile cards kept.
BOARD_FRESH = 5.0
KEPT_READS = 512
KEPT_CARDS = 8 * 1024 * 1024


def server_name(interaction: Interaction) -> str:
    return interaction.guild.name if interaction.guild is not None else tx("this server")


def page_labels(lang: Lang) -> tuple[str, str]:
    return lang.say(tx("◀ Previous")), lang.say(tx("Next ▶"))


def many_pages(seconds: int) -> Text:
    return tx(
        "That is a lot of leaderboard pages in a short time: ask again in {seconds} s.",
        seconds=seconds,
    )


def many_profiles(seconds: int) -> Text:
    return tx(
        "That is a lot of profiles in a short time: ask again in {seconds} s.", seconds=seconds
    )


async def reply(
    interaction: Interaction,
    embed: discord.Embed,
    view: discord.ui.View | None,
    *,
    private: bool,
    in_place: bool,
) -> None:
    """A page as the answer: the message pressed edited (``in_place``), or a new message,
    public or private."""
    if in_place:
        await interaction.response.edit_message(embed=embed, view=view)
        return
    fields: dict[str, Any] = {"embed": embed, "allowed_mentions": QUIET, "ephemeral": private}
    if view is not None:
        fields["view"] = view
    await interaction.response.send_message(**fields)


class Ratings:
    """The boards and profiles (read by ``bot.table.standings``), drawn and answered."""

    def __init__(self, standings: Standings, drawing: Drawing) -> None:
        self.standings = standings
        self.drawing = drawing
        # Each person's rates (``bot.chat.access.quotas``), and what is kept (``bot.chat.kept``).
        self.pages = Rate(PAGES, PAGES_PER, many_pages)
        self.profiles = Rate(PROFILES, PROFILES_PER, many_profiles)
        self.reads: Kept[tuple[str, str, str], Any] = Kept(KEPT_READS, fresh=BOARD_FRESH)
        self.cards: Kept[tuple[str, str], bytes] = Kept(KEPT_CARDS, size=len)

    async def checked(
        self, guild: int, slug: str, board: str, scope: str, season: int | None, page: int
    ) -> tuple[BoardPage, int]:
        """A page anyone may have named, as one that exists: the title, board and scope
        one of those known, the season one this server has had (its current one when
        none is named, 0 everywhere), the page from 1 (clamped to the last later); and
        the server's current season (0 for a board without seasons)."""
        one_of(slug, GAMES, tx("game"))
        one_of(board, BOARDS, tx("board"))
        one_of(scope, SCOPES, tx("scope"))
        within(page, 1, PAGE_LIMIT, tx("The page"))
        if scope == "everywhere" or board != "rating":
            if season:
                raise UserError(
                    tx("Only a server's ratings have seasons (`board: rating`, `scope: server`).")
                )
            return BoardPage(slug, board, scope, 0, int(page)), 0
        current = await self.standings.season(guild)
        if season is None:
            return BoardPage(slug, board, scope, current, int(page)), current
        within(season, 1, SEASON_LIMIT, tx("The season"))
        if season > current:
            raise UserError(
                tx(
                    "This server is in season {season}: there is no season {asked} yet.",
                    season=current,
                    asked=int(season),
                )
            )
        return BoardPage(slug, board, scope, int(season), int(page)), current

    async def shown(
        self, interaction: Interaction, guild: int, asked: BoardPage, current: int
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The embed and page buttons of a page (past the end: the last page), in the
        language of who asked; ``current``: the server's current season (an earlier one's
        board names its season)."""
        lang = language.reader(interaction)
        everywhere = asked.scope == "everywhere"
        server = None if everywhere else server_name(interaction)
        where = where_words(server, asked.season, current, markdown=True)
        hidden = await self.out_of_sight(interaction, guild, asked)
        total, page = await self.count(guild, asked, hidden)
        offset = (page.page - 1) * PAGE
        if page.board == "rating":
            scope = EVERYWHERE if everywhere else Scope(guild, page.season)
            _, standings = await self.read(
                self.standings.rating_board, scope, page.slug, offset=offset, limit=PAGE
            )
            embed = leaderboard_embed(
                page.slug,
                where,
                standings,
                page=page.page,
                total=total,
                everywhere=everywhere,
                lang=lang,
            )
        else:
            _, records = await self.read(
                self.standings.record_board,
                None if everywhere else guild,
                page.slug,
                page.board,
                offset=offset,
                limit=PAGE,
                hidden=hidden,
            )
            embed = records_embed(
                page.slug,
                where,
                page.board,
                records,
                page=page.page,
                total=total,
                everywhere=everywhere,
                lang=lang,
            )
        return embed, page_buttons(page, pages(total), page_labels(lang))

    async def out_of_sight(
        self, interaction: Interaction, guild: int, asked: BoardPage
    ) -> tuple[int, ...]:
        """The places of this server's games that the asker cannot see, left out of a
        board of results here (``bot.chat.access.sight``); none for a board of ratings, or of
        everywhere, which are aggregates that name no game and no place."""
        if asked.board == "rating" or asked.scope == "everywhere":
            return ()
        return tuple(sorted(await sight.hidden(interaction, await self.standings.places(guild))))

    async def count(
        self, guild: int, asked: BoardPage, hidden: tuple[int, ...] = ()
    ) -> tuple[int, BoardPage]:
        """How many lines the board has (without the ``hidden`` places' games), and the
        page asked for within them."""
        if asked.board == "rating":
            scope = EVERYWHERE if asked.scope == "everywhere" else Scope(guild, asked.season)
            total, _ = await self.read(self.standings.rating_board, scope, asked.slug, limit=0)
        else:
            where = None if asked.scope == "everywhere" else guild
            total, _ = await self.read(
                self.standings.record_board, where, asked.slug, asked.board, limit=0, hidden=hidden
            )
        return total, asked._replace(page=min(asked.page, pages(total)))

    async def leaderboard(
        self,
        interaction: Interaction,
        slug: str,
        board: str,
        scope: str,
        season: int | None,
        page: int,
    ) -> None:
        guild = admission(interaction).guild
        shown = await self.page(interaction, guild, slug, board, scope, season, page)
        await reply(interaction, *shown, private=False, in_place=False)

    async def page(
        self,
        interaction: Interaction,
        guild: int,
        slug: str,
        board: str,
        scope: str,
        season: int | None,
        page: int,
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The page asked for, checked: the work a leaderboard's answer waits on (the
        asker's rate taken first, given back if the page cannot be shown)."""
        with reserve((self.pages, interaction.user.id)):
            asked, current = await self.checked(guild, slug, board, scope, season, page)
            return await self.shown(interaction, guild, asked, current)

    async def read(self, query: Callable[P, Awaitable[T]], *args: P.args, **kwargs: P.kwargs) -> T:
        """A board's read (``bot.table.standings``), kept ``BOARD_FRESH`` seconds by the query and
        every argument it is given (a crowd reading a page reads it once)."""
        key = (getattr(query, "__name__", repr(query)), repr(args), repr(sorted(kwargs.items())))
        return cast(T, await self.reads.make(key, lambda: query(*args, **kwargs)))

    async def turn_page(self, interaction: Interaction, page: BoardPage) -> None:
        """A page button: checked like a command's options (its custom_id may be forged)."""
        guild = admission(interaction).guild
        own = interaction.message is not None and interaction.message.flags.ephemeral
        expect(interaction, "update" if own else "private")
        shown = await self.page(
            interaction, guild, page.slug, page.board, page.scope, page.season or None, page.page
        )
        await reply(interaction, *shown, private=True, in_place=own)

    async def profile(self, interaction: Interaction, user: discord.abc.User | None) -> None:
        """The card and the same facts in words (the message's text, and the picture's
        description for screen readers)."""
        guild = admission(interaction).guild
        who = user or interaction.user
        lang = language.reader(interaction)

        async def drawn() -> tuple[dict[str, Any], bytes]:
            season = await self.standings.season(guild)
            # Ratings are whole; records and results only of games the asker can see.
            hidden = await sight.hidden(
                interaction, await self.standings.places(guild, str(who.id))
            )
            titles = await self.standings.profile(
                guild, str(who.id), trend=TREND_GAMES, last=LAST_RESULTS, hidden=hidden
            )
            where = lang.say(where_words(server_name(interaction), season, season, markdown=False))
            view = profile_view(who.display_name, where, titles)
            return view, await self.card(view, lang)

        with reserve((self.profiles, interaction.user.id)):
            view, png = await drawn()
        card = discord.File(
            io.BytesIO(png),
            filename="profile.png",
            description=profile_description(view, lang=lang),
        )
        text = profile_text(view, lang=lang)
        await interaction.response.send_message(text, file=card, allowed_mentions=QUIET)

    async def card(self, view: dict[str, Any], lang: Lang) -> bytes:
        """The profile card of ``view`` in ``lang``: drawn by a drawing worker, off the
        event loop's process (Pillow holds the interpreter's lock), and kept by what it
        shows, so the same card asked again is not drawn again."""
        key = (json.dumps(view, sort_keys=True), lang.code)
        return await self.cards.make(key, lambda: self.drawing.profile(view, lang=lang))
