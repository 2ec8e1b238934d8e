"""The slash commands in French: every command, subcommand, option and
choice has its French name and description in Discord's ``*_localizations``, within
Discord's rules; a French user types ``/partie nouvelle disneyland`` and the bot, which only
ever sees the default names, runs ``/game new disneyland``."""

from __future__ import annotations

import asyncio

import discord

from bot.cogs.localization import DOMAIN, CatalogTranslator, command_strings, command_tree
from i18n import LANGUAGES, SOURCE
from tests.bot.double.limits import command_problems
from tests.bot.harness import Harness
from tests.i18n.sources import catalog
from tests.i18n.test_catalogs import forms, show, typography_faults

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


def test_every_command_string_has_a_finished_entry_in_every_language() -> None:
    strings = set(asyncio.run(command_strings()))
    assert len(strings) > 150, "the recorder reads every command"
    for code in TRANSLATED:
        entries = {(m.context, forms(m.id)[0]): m for m in catalog(code, DOMAIN) if m.id}
        missing = sorted(str(s) for s in strings - set(entries))
        assert not missing, f"{code}: no entry (`make catalogs`):\n" + show(missing)
        unfinished = [str(k) for k in strings if entries[k].fuzzy or not entries[k].string]
        assert not unfinished, f"{code}: empty or fuzzy:\n" + show(unfinished)
        obsolete = sorted(str(k) for k in set(entries) - strings)
        assert not obsolete, f"{code}: entries no command has:\n" + show(obsolete)


def test_french_command_words_are_french_typography() -> None:
    faults = [f for m in catalog("fr", DOMAIN) if m.id for f in typography_faults(str(m.string))]
    assert not faults, show(faults)


async def translated_payloads() -> list[dict[str, object]]:
    tree = command_tree()
    translator = CatalogTranslator()
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def test_translated_commands_keep_discords_rules_in_every_language() -> None:
    payloads = asyncio.run(translated_payloads())
    french = {p["name"]: p.get("name_localizations", {}).get("fr") for p in payloads}  # type: ignore[attr-defined]
    assert french["play"] == "jouer" and french["stats"] is None, "same word: no localization"
    assert command_problems(payloads, is_global=True) == []


def test_the_translator_answers_french_only_and_leaves_english_alone() -> None:
    payloads = {p["name"]: p for p in asyncio.run(translated_payloads())}
    game = payloads["game"]
    assert game["name_localizations"] == {"fr": "partie"}
    new = next(o for o in game["options"] if o["name"] == "new")  # type: ignore[attr-defined]
    assert new["name_localizations"] == {"fr": "nouvelle"}
    learn = next(o for o in game["options"] if o["name"] == "learn")  # type: ignore[attr-defined]
    option = next(o for o in learn["options"] if o["name"] == "game")
    assert option["name_localizations"] == {"fr": "jeu"}, "the option differs from the group"
    assert discord.Locale.american_english.value not in game["name_localizations"]


async def test_a_french_user_types_french_names_and_the_bot_runs_the_command(
    harness: Harness,
) -> None:
    d = harness.double
    chloe = d.add_user("chloe", locale="fr")
    synced = {c["name"]: c for c in d.commands(d.ids["guild"]) or d.commands()}
    assert synced["game"]["name_localizations"]["fr"] == "partie"
    lobby = await d.slash(chloe, d.ids["channel"], "partie nouvelle disneyland")
    assert not lobby.ephemeral
    assert await harness.live.store.open_game_in(d.ids["channel"]) is not None
    joined = await d.slash(d.ids["bob"], d.ids["channel"], "game join")
    assert not joined.ephemeral, "the same table, whatever language its players type in"
