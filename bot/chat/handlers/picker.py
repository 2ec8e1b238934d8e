"""What only the caller sees of a running game: "My moves" (the private picker: an
action, then where or which) and the private view (``/hand``, "My hand")."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.presenter import event_lines, shown_moves
from bot.chat.views import components
from bot.chat.views.messages import (
    CONTENT_LIMIT,
    clip,
    humanize,
    not_your_turn,
    plain,
    seat_token,
    since_last_turn,
)
from bot.chat.views.messages import names as seat_names
from bot.common.errors import UserError
from bot.store.records import GameRow
from bot.table.drawing import Drawing
from bot.table.life import Life
from bot.table.service import private_view, state_of
from engine import Game, Move, get_game
from engine.coach import action_help
from engine.text import tx
from i18n import Lang

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Options in one menu of the private picker (Discord's limit).
MENU = 25
#: A page of the picker: the actions ("top0") or one action's moves ("g2p0").
PAGE = re.compile(r"top(?P<top>\d+)|g(?P<group>\d+)p(?P<page>\d+)")


class Picker:
    def __init__(self, drawing: Drawing, life: Life) -> None:
        self.drawing = drawing
        #: What happened since the caller's last turn (My hand says it).
        self.life = life

    async def picker(self, interaction: Interaction, game_id: int) -> None:
        """My moves: the caller's legal moves, privately, as a two-level picker."""
        admitted = admission(interaction)
        lang = language.reader(interaction)
        text, view = page_of(admitted.game, admitted.player, "top0", lang=lang, opening=True)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def navigate(
        self, interaction: Interaction, game_id: int, version: int, where: str
    ) -> None:
        """Back, an action, or another page in the private picker (edited in place). When
        the game moved on since it was opened, it starts again from the actions. Only
        ever on the private picker (the policy): a public message never becomes one."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        moved = row.version != version
        lang = language.reader(interaction)
        text, view = page_of(row, seat, "top0" if moved else where, lang=lang)
        if moved:
            text = lang.say(tx("The game moved on; here are your moves now.")) + "\n" + text
        await interaction.response.edit_message(content=text, view=view)

    async def hand(self, interaction: Interaction) -> None:
        """``/hand``: the caller's private view of this channel's game."""
        await self.send_hand(interaction)

    async def hand_for(self, interaction: Interaction, game_id: int) -> None:
        """ "My hand" under a board."""
        await self.send_hand(interaction)

    async def send_hand(self, interaction: Interaction) -> None:
        """The caller's private view, drawn in a worker, with what happened since their
        last turn; answered privately (deferred meanwhile should the drawing wait: workers
        starting, or busy with many boards)."""
        admitted = admission(interaction)
        row = admitted.game
        lang = language.reader(interaction)
        view = private_view(row, state_of(row), admitted.player)
        png = await self.drawing.hand(row.slug, view, lang=lang)
        since = await self.life.since_last_turn(row.id, [admitted.player])
        only_you = lang.say(tx("Only you can see this."))
        caught_up = since_last_turn(
            event_lines(row, since.logged, lang=lang),
            first=since.first,
            lang=lang,
            room=CONTENT_LIMIT - len(only_you) - 1,
        )
        text = "\n".join([only_you, *caught_up])
        picture = discord.File(io.BytesIO(png), filename="hand.png")
        extra = hint_extra(row, admitted.player, lang)
        await interaction.response.send_message(text, file=picture, ephemeral=True, **extra)


def hint_label(row: GameRow, lang: Lang) -> str | None:
    """The Hint button's label in ``lang``, or None where the table gives no hints (a rated
    table)."""
    return None if row.rated else lang.say(tx("Hint"))


def help_of(game: Game, group: str, lang: Lang) -> str:
    """The action's one line of help in ``lang`` (empty for a name the game's coaching
    does not know: the picker shows the action without it)."""
    try:
        return lang.say(action_help(game, group))
    except KeyError:
        log.warning("%s gives no help for the action %r", game.slug, group)
        return ""


def hint_extra(row: GameRow, seat: str, lang: Lang) -> dict[str, Any]:
    """The private view's Hint button, while ``seat`` is to move at a casual table."""
    label = hint_label(row, lang)
    if label is None or not get_game(row.slug).legal_moves(state_of(row), seat):
        return {}
    return {"view": components.hint_view(row.id, row.version, label)}


def page_of(
    row: GameRow, seat: str, where: str, *, lang: Lang, opening: bool = False
) -> tuple[str, discord.ui.View]:
    """The text and components of one page of the picker, in ``lang`` (the reader's):
    ``top<page>`` (the actions, each with its one line of help) or ``g<action>p<page>``
    (one action's moves). ``opening`` with a single action goes straight to its moves
    (Back still leads to the actions). Hint at casual tables."""
    game = get_game(row.slug)
    state = state_of(row)
    moves = game.legal_moves(state, seat)
    named = seat_names(row, lang)
    if not moves:
        waiting = game.waiting_for(state) or game.to_move(state)
        raise UserError(not_your_turn([named.get(s, s) for s in waiting]))
    groups: dict[str, list[Move]] = {}
    for move in moves:
        groups.setdefault(game.move_group(state, seat, move), []).append(move)
    you = lang.say(tx("Your moves — you are {token}.", token=seat_token(row, seat)))
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
        chosen = shown_moves(groups[names[group]], named, lang=lang)
        pages = max(1, -(-len(chosen) // MENU))
        page = min(page, pages - 1)
        part = chosen[page * MENU : (page + 1) * MENU]
        action = plain(humanize(lang.say(names[group]), named, bold=False), 100)
        text = f"{you}\n**{action}**"
        if pages > 1:
            text += " " + lang.say(tx("(page {page} of {pages})", page=page + 1, pages=pages))
        if line := help_of(game, names[group], lang):
            text += f"\n{line}"
        view = components.picker_moves(
            row.id, row.version, group, part, page, pages, lang=lang, hint=hint_label(row, lang)
        )
        return text, view
    actions = [
        (action_label(name, len(groups[name]), named, lang), f"g{i}p0")
        for i, name in enumerate(names)
    ]
    pages = max(1, -(-len(actions) // MENU))
    page = min(page, pages - 1)
    listed = actions[page * MENU : (page + 1) * MENU]
    choose = lang.say(tx("Choose what to do, then where or which."))
    text = f"{you} {choose}"
    helps = [help_of(game, name, lang) for name in names[page * MENU : (page + 1) * MENU]]
    view = components.picker_actions(
        row.id, row.version, listed, page, pages, lang=lang, helps=helps, hint=hint_label(row, lang)
    )
    return text, view


def action_label(group: str, moves: int, names: dict[str, str], lang: Lang) -> str:
    """One action of the picker's first menu, in ``lang``: its name and how many moves
    it holds ("Build (12)")."""
    return f"{clip(humanize(lang.say(group), names, bold=False), 90)} ({lang.number(moves)})"
