"""Who reads which language (docs/ARCHITECTURE.md §12).

Private answers (ephemeral replies, the private view, the move picker, errors) are in the
language of the person who acted: Discord sends it with every interaction. What the whole
table reads (turn messages, cards, boards, thread names, reminders, replays) is in the
table's language, stored with the game: chosen once, when its lobby opens
(:func:`for_new_table`), and kept by a Rematch. Either falls back to English where
Turnstile has no catalog for it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.store.records import GameRow
from i18n import LANGUAGES, SOURCE, Lang, for_locale

Interaction = discord.Interaction[Any]


def reader(interaction: Interaction) -> Lang:
    """The language of the person behind ``interaction``, for what only they see."""
    return for_locale(str(interaction.locale.value) if interaction.locale else None)


def table(row: GameRow) -> Lang:
    """The language everyone at ``row``'s table reads."""
    return for_locale(row.language, SOURCE)


def for_new_table(chosen: str | None, setting: str | None, server_locale: str | None) -> str:
    """The language a new table reads: the lobby's choice (``/game new language:``), else
    the server's setting (``/game settings language:``), else the server's Discord
    language where Turnstile has a catalog for it, else English. A code without a catalog
    (a language removed since it was chosen) counts as no choice."""
    for code in (chosen, setting):
        if code in LANGUAGES:
            return code
    return for_locale(server_locale).code


def guild_locale(interaction: Interaction) -> str | None:
    """The server's Discord language ("Community" servers set it; others send en-US)."""
    return str(interaction.guild_locale.value) if interaction.guild_locale else None


def own_name(code: str) -> str:
    """A language by its own name, as a menu of languages shows it: "English", "Français"."""
    locale = for_locale(code).locale
    name = locale.get_display_name(locale) or code
    return name[:1].upper() + name[1:]
