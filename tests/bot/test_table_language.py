"""Who reads which language, through the real client and the Discord
double: a table reads one language, chosen when its lobby opens (the lobby's option, else
the server's setting, else the server's Discord language where Turnstile has a catalog,
else English) and kept through a restart and a Rematch; a private answer is in the
language of the person who acted, whatever the table reads; ``/rules`` in the reader's
language; a log line stored before texts still shows as it was."""

from __future__ import annotations

from bot.store import GameRow
from engine.text import Text
from i18n import PSEUDO
from tests.bot.double import DiscordDouble
from tests.bot.harness import Harness

#: The host's forged pick of an option no game has: answered with the lobby's own refusal.
NO_SUCH_OPTION = {"en": "has no such option", "fr": "n’a pas cette option"}
CANCELLED = {"en": "was cancelled", "fr": "a été annulée"}


def server_speaks(d: DiscordDouble, locale: str) -> None:
    """The server's Discord language (a Community server's setting) from now on."""
    d.world.guild(d.ids["guild"]).locale = locale


#: The commands as a French user types them (their names in the commands catalog).
FRENCH = {
    "game new troolpark": "partie nouvelle troolpark",
    "game new imagineers": "partie nouvelle imagineers",
    "game cancel": "partie annuler",
    "rules": "règles",
}
FRENCH_OPTIONS = {"game": "jeu", "language": "langue"}


def typed(d: DiscordDouble, user: int, command: str, **options: str) -> tuple[str, dict[str, str]]:
    """A command and its options as ``user`` types them: in French for a French client."""
    if d.world.user(user).locale != "fr":
        return command, options
    return FRENCH[command], {FRENCH_OPTIONS[k]: v for k, v in options.items()}


async def lobby_in(h: Harness, user: int, name: str, **options: str) -> GameRow:
    """``/game new`` (Trool Park) in a fresh channel ``name``: its stored row."""
    d = h.double
    channel = d.add_channel(d.ids["guild"], name)
    command, given = typed(d, user, "game new troolpark", **options)
    opened = await d.slash(user, channel, command, **given)
    assert not opened.ephemeral, opened.content
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    return row


async def test_the_table_language_is_the_lobbys_else_the_servers_else_discords_else_english(
    harness: Harness,
) -> None:
    d = harness.double
    alice, admin = d.ids["alice"], d.ids["admin"]
    assert (await lobby_in(harness, alice, "plain")).language == "en", "nothing said: English"
    server_speaks(d, "fr")
    assert (await lobby_in(harness, alice, "discord")).language == "fr", "the server's Discord"
    server_speaks(d, "pt-BR")
    assert (await lobby_in(harness, alice, "uncatalogued")).language == "en", "no catalog"
    server_speaks(d, "fr")
    await d.slash(admin, d.ids["channel"], "game settings", language="en")
    assert (await lobby_in(harness, alice, "setting")).language == "en", "the server's setting"
    chosen = await lobby_in(harness, alice, "option", language="fr")
    assert chosen.language == "fr", "the lobby's own choice first"
    assert "Français" in d.messages(chosen.channel_id)[-1].text, "the card says it"
    await d.slash(admin, d.ids["channel"], "game settings", language="discord")
    assert (await lobby_in(harness, alice, "following")).language == "fr", "back to Discord's"


async def test_the_host_changes_the_language_in_the_lobby_and_nobody_else_can(
    harness: Harness,
) -> None:
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    row = await lobby_in(harness, alice, "menus")
    card = d.messages(row.channel_id)[-1]
    menu = f"ts:opt:{row.id}:0:language"
    refused = await d.select(bob, card, menu, ["fr"])
    assert refused.ephemeral and "host" in refused.content
    forged = await d.forge_click(alice, card, menu, ["xx"])
    assert forged.ephemeral, "a language without a catalog is refused"
    picked = await d.select(alice, card, menu, ["fr"])
    assert not picked.ephemeral and "Français" in card.text
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.language == "fr"
    await d.slash(bob, row.channel_id, "game join")
    await harness.agree_all(row.channel_id)  # bob typed his join after the change
    await harness.start_game(alice, row.channel_id)
    started = await harness.live.store.get(row.id)
    assert started is not None and started.language == "fr", "kept once the game is on"


async def test_each_reader_is_answered_in_their_language_whatever_the_table_reads(
    harness: Harness,
) -> None:
    """A French player at an English table gets French answers, and the table's public
    words stay English; an English player at a French table, the other way round."""
    d = harness.double
    chloe = d.add_user("chloe", locale="fr")
    alice = d.ids["alice"]
    for host, table, reader in ((chloe, "en", "fr"), (alice, "fr", "en")):
        server_speaks(d, "en-US" if table == "en" else "fr")
        row = await lobby_in(harness, host, f"table-{table}")
        assert row.language == table
        card = d.messages(row.channel_id)[-1]
        refused = await d.forge_click(host, card, f"ts:opt:{row.id}:colour", ["red"])
        assert refused.ephemeral and NO_SUCH_OPTION[reader] in refused.content
        assert NO_SUCH_OPTION[table] not in refused.content or table == reader
        command, given = typed(d, host, "game new imagineers")
        busy = await d.slash(host, row.channel_id, command, **given)
        assert busy.ephemeral
        cancelled = await d.slash(host, row.channel_id, *typed(d, host, "game cancel")[:1])
        assert not cancelled.ephemeral and CANCELLED[table] in cancelled.content, "public"


async def test_the_servers_language_survives_a_restart_and_the_settings_say_it(
    harness: Harness,
) -> None:
    d = harness.double
    manager = d.world.user(d.ids["admin"]).permissions
    admin = d.add_user("admine", permissions=manager, locale="fr")
    said = await d.slash(admin, d.ids["channel"], "partie réglages", langue="fr")
    assert said.ephemeral and "Langue des nouvelles tables\u00a0: **Français** (réglée ici)" in (
        said.content
    )
    await harness.restart()
    assert (await lobby_in(harness, d.ids["alice"], "after")).language == "fr"
    english = await d.slash(d.ids["admin"], d.ids["channel"], "game settings")
    assert "New tables read **Français** (set here)." in english.content, "in the reader's"


async def test_a_rematch_keeps_the_tables_language(harness: Harness) -> None:
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    row = await lobby_in(harness, alice, "rematch", language="fr")
    await d.slash(bob, row.channel_id, "game join")
    _, board = await harness.start_game(alice, row.channel_id)
    await harness.settle()
    await harness.write_game(row.id, status="finished")
    called = await d.forge_click(bob, board, f"ts:rematch:{row.id}")
    assert not called.ephemeral and "demande une revanche" in called.content
    again = await harness.live.store.open_game_in(row.channel_id)
    assert again is not None and again.rematch_of == row.id and again.language == "fr"


async def test_rules_in_the_readers_language(harness: Harness) -> None:
    d = harness.double
    chloe = d.add_user("chloe", locale="fr")
    command, given = typed(d, chloe, "rules", game="troolpark")
    french = await d.slash(chloe, d.ids["channel"], command, **given)
    english = await d.slash(d.ids["alice"], d.ids["channel"], "rules", game="troolpark")
    assert french.ephemeral and english.ephemeral
    assert "reconstitué" in french.embeds[0]["fields"][0]["name"]
    assert "reconstructed" in english.embeds[0]["fields"][0]["name"]
    assert french.attachments[0][1].startswith("# Trool Park — notes de règles".encode())
    assert english.attachments[0][1].startswith("# Trool Park — rules notes".encode())


async def test_a_line_logged_before_texts_still_shows(harness: Harness) -> None:
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    row = await lobby_in(harness, alice, "old-log")
    await d.slash(bob, row.channel_id, "game join")
    where, _ = await harness.start_game(alice, row.channel_id)
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None
    old = "alice did something, in the English of an older Turnstile"
    await harness.live.store.commit_moves(
        fresh, [(str(alice), "x", [old])], fresh.snapshot or {}, now=1.0
    )
    logged = await harness.live.store.moves(row.id)
    assert logged[-1].events == [old] and not isinstance(logged[-1].events[0], Text)
    shown = await d.slash(alice, where, "game log")
    assert old in shown.content or any(old.encode() in a[1] for a in shown.attachments)


async def test_the_settings_answer_comes_whole_from_the_catalog(harness: Harness) -> None:
    """In the pseudo-language every line of ``/game settings`` is marked (only numbers and
    the language's own name are not words of a catalog)."""
    d = harness.double
    manager = d.world.user(d.ids["admin"]).permissions
    tester = d.add_user("tester", permissions=manager, locale=PSEUDO)
    said = await d.slash(tester, d.ids["channel"], "game settings", language="fr")
    lines = said.content.splitlines()
    assert len(lines) == 6
    assert all(line.count("⟦") == 1 and line.endswith("⟧") for line in lines), lines
