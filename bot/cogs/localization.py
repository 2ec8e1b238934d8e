"""The slash commands in the reader's language (docs/ARCHITECTURE.md §12).

Discord shows each user a command's names and descriptions in the language of their
client (``name_localizations``, ``description_localizations``), and always sends the bot
the default, English names: the bot's parsing never depends on the language. discord.py
asks a :class:`~discord.app_commands.Translator` for every string of every command when it
syncs them; :class:`CatalogTranslator` answers from the ``commands`` catalog.

The catalog's template is written from the commands themselves, not from the source text:
``python -m bot.cogs.localization i18n/locale/commands.pot`` (``make catalogs``) builds
the command tree offline and lists every string discord.py would ask for, with the part of
a command it names as its context, so "game" the group and "game" the option can differ.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import cast

import discord
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.chat.services import Services
from bot.cogs.roster import COGS
from i18n import catalog_language, translations

DOMAIN = "commands"

#: The catalog context of each part of a command (descriptions need none).
CONTEXTS: dict[Where, str | None] = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
    Where.choice_name: "choice",
    Where.command_description: None,
    Where.group_description: None,
    Where.parameter_description: None,
}


class CatalogTranslator(app_commands.Translator):
    """Names and descriptions from the ``commands`` catalog of the user's language; None
    (Discord shows the default) where Turnstile has no catalog or no translation."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = catalog_language(locale.value)
        if code is None or context.location not in CONTEXTS:
            return None
        words = translations(code, DOMAIN)
        where = CONTEXTS[context.location]
        found = (
            words.pgettext(where, string.message)
            if where is not None
            else words.gettext(string.message)
        )
        return found if found != string.message else None


class _Recorder(app_commands.Translator):
    """Notes every string discord.py asks about, with its context."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[str | None, str], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in CONTEXTS:
            self.seen.setdefault((CONTEXTS[context.location], string.message))
        return None


def command_tree() -> app_commands.CommandTree[discord.Client]:
    """Every command the cogs define, in a tree of a client that never connects."""
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents(guilds=True))
    )
    for make in COGS:
        cog = make(cast(Services, None))  # the services are never reached
        group = cog.__cog_app_commands_group__
        for command in [group] if group is not None else cog.get_app_commands():
            tree.add_command(command)
    return tree


async def command_strings() -> list[tuple[str | None, str]]:
    """(context, English) for every name, description and choice of every command."""
    tree, recorder = command_tree(), _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)


def write_template(path: Path) -> int:
    """Write the ``commands`` template to ``path``; returns how many strings it holds."""
    catalog = Catalog(project="Turnstile", copyright_holder="Turnstile's authors", domain=DOMAIN)
    strings = asyncio.run(command_strings())
    for context, english in strings:
        catalog.add(english, context=context)
    with path.open("wb") as out:
        write_po(out, catalog, width=0, omit_header=False, sort_output=False)
    return len(strings)


if __name__ == "__main__":
    count = write_template(Path(sys.argv[1]))
    print(f"{count} command strings written to {sys.argv[1]}")
