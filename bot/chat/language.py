"""Who reads which language (issue 22, docs/ARCHITECTURE.md §12).

Private answers (ephemeral replies, the private view, the move picker, errors) are in the
language of the person who acted: Discord sends it with every interaction. What the whole
table reads (turn messages, cards, boards, thread names, reminders, replays) is in the
table's language, stored with the game. Either falls back to English where Turnstile has
no catalog for it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.store import GameRow
from i18n import SOURCE, Lang, for_locale

Interaction = discord.Interaction[Any]


def reader(interaction: Interaction) -> Lang:
    """The language of the person behind ``interaction``, for what only they see."""
    return for_locale(str(interaction.locale.value) if interaction.locale else None)


def table(row: GameRow) -> Lang:
    """The language everyone at ``row``'s table reads."""
    return for_locale(row.language, SOURCE)
