"""What only the caller sees of a running game: "My moves" (the private picker: an
action, then where or which) and the private view (``/hand``, "My hand")."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot.chat import components
from bot.chat.deadline import THINK_AFTER, begin, deferring
from bot.chat.drawing import Drawing
from bot.chat.language import reader
from bot.chat.messages import humanize, not_your_turn, plain, seat_token
from bot.chat.policy import admission
from bot.chat.presenter import shown_moves
from bot.common.errors import UserError
from bot.store import GameRow
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
    def __init__(self, drawing: Drawing) -> None:
        self.drawing = drawing

    async def picker(self, interaction: Interaction, game_id: int) -> None:
        """My moves: the caller's legal moves, privately, as a two-level picker."""
        admitted = admission(interaction)
        lang = reader(interaction)
        text, view = page_of(admitted.game, admitted.player, "top0", opening=True, lang=lang)
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
        text, view = page_of(row, seat, "top0" if moved else where, lang=reader(interaction))
        if moved:
            text = "The game moved on; here are your moves now.\n" + text
        await interaction.response.edit_message(content=text, view=view)

    async def hand(self, interaction: Interaction) -> None:
        """``/hand``: the caller's private view of this channel's game."""
        await self.send_hand(interaction)

    async def hand_for(self, interaction: Interaction, game_id: int) -> None:
        """ "My hand" under a board."""
        await self.send_hand(interaction)

    async def send_hand(self, interaction: Interaction) -> None:
        """The caller's private view, drawn in a worker; answered privately, deferred
        first should the drawing wait (workers starting, or busy with many boards)."""
        admitted = admission(interaction)
        row = admitted.game
        view = private_view(row, state_of(row), admitted.player)
        async with deferring(interaction, begin(interaction) + THINK_AFTER, lambda: "private"):
            png = await self.drawing.hand(row.slug, view)
        text, picture = "Only you can see this.", discord.File(io.BytesIO(png), filename="hand.png")
        extra = hint_extra(row, admitted.player, reader(interaction))
        if interaction.response.is_done():
            await interaction.followup.send(text, file=picture, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, file=picture, ephemeral=True, **extra)


def hint_label(row: GameRow, lang: Lang | None) -> str | None:
    """The Hint button's label in ``lang``, or None where the table gives no hints (a rated
    table; a caller whose language is not known)."""
    return None if row.rated or lang is None else lang.say(tx("Hint"))


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
    row: GameRow, seat: str, where: str, opening: bool = False, lang: Lang | None = None
) -> tuple[str, discord.ui.View]:
    """The text and components of one page of the picker: ``top<page>`` (the actions)
    or ``g<action>p<page>`` (one action's moves). ``opening`` with a single action
    goes straight to its moves (Back still leads to the actions). ``lang``: the caller's
    language, for each action's one line of help and the Hint button."""
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
        if lang is not None and (line := help_of(game, names[group], lang)):
            text += f"\n{line}"
        return text, components.picker_moves(
            row.id, row.version, group, part, page, pages, hint=hint_label(row, lang)
        )
    actions = [
        (f"{humanize(name, row.names, bold=False)[:90]} ({len(groups[name])})", f"g{i}p0")
        for i, name in enumerate(names)
    ]
    pages = max(1, -(-len(actions) // MENU))
    page = min(page, pages - 1)
    listed = actions[page * MENU : (page + 1) * MENU]
    text = f"{you} Choose what to do, then where or which."
    shown = names[page * MENU : (page + 1) * MENU]
    helps = [help_of(game, name, lang) for name in shown] if lang is not None else None
    return text, components.picker_actions(
        row.id, row.version, listed, page, pages, helps=helps, hint=hint_label(row, lang)
    )
