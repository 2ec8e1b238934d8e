"""Languages in the store: the language each table reads, chosen with
its lobby and kept; each server's default for new tables (``/game settings language:``);
the move log keeping texts as message ids and values, so a history can be shown in any
language later, while the plain English lines of games logged before still read back;
migration 9 on both backends."""

from __future__ import annotations

from bot.store import GameRow, GameStore, Seat, UndoStep
from engine.text import Text, tx, txn
from i18n import lang
from tests.store.backends import Backend
from tests.store.reads import save_guild_settings, set_guild_language, set_threads

ALICE = Seat(id="111", name="Alice")
BOB = Seat(id="222", name="Bob")


async def lobby(store: GameStore, *, channel: int = 10, language: str = "en") -> GameRow:
    return await store.create_lobby(
        guild_id=1,
        channel_id=channel,
        slug="troolpark",
        host=ALICE,
        options={},
        seed=7,
        now=1.0,
        language=language,
    )


async def started(store: GameStore) -> GameRow:
    return await store.start(await lobby(store), [ALICE, BOB], {"n": 1}, 2.0)


async def test_a_table_keeps_the_language_its_lobby_chose(store: GameStore) -> None:
    english = await store.get((await lobby(store, channel=10)).id)
    french = await store.get((await lobby(store, channel=11, language="fr")).id)
    assert english is not None and english.language == "en", "English unless chosen"
    assert french is not None and french.language == "fr"
    same = await store.set_lobby_options(french, {}, "async")
    assert same.language == "fr" and same.pace == "async", "None keeps the language"
    changed = await store.set_lobby_options(same, {}, "async", language="en")
    assert changed.language == "en" and changed.version == same.version + 1
    started = await store.start(changed, [ALICE, BOB], {"n": 1}, 2.0)
    assert started.language == "en"


async def test_a_servers_language_is_kept_and_can_follow_discord_again(
    backend: Backend,
) -> None:
    store = await backend.open()
    try:
        assert await store.guild_language(5) is None, "no setting: Discord's language"
        await save_guild_settings(store, 5, "async", {"live_remind": 60.0})
        await set_guild_language(store, 5, "fr")
        await set_threads(store, 5, False)
    finally:
        await store.close()
    again = await backend.open()  # a restart
    try:
        assert await again.guild_language(5) == "fr"
        assert await again.guild_language(6) is None, "one server's setting only"
        assert await again.guild_settings(5) == ("async", {"live_remind": 60.0})
        assert not await again.threads_enabled(5), "the other settings stay"
        await set_guild_language(again, 5, None)
        assert await again.guild_language(5) is None
    finally:
        await again.close()


async def test_the_log_keeps_texts_and_reads_them_back_in_any_language(
    store: GameStore,
) -> None:
    row = await started(store)
    rolled = tx("{seat} rolled {total}", seat="111", total=1500)
    tiles = txn("{count} tile", "{count} tiles", 2)
    events: list[str] = [rolled, tx("{a} then {b}", a=tiles, b=[tx("Fun"), "222"]), "as it was"]
    await store.commit_moves(row, [("111", "roll", events)], {"n": 2}, now=3.0)
    [logged] = await store.moves(row.id)
    first, nested, plain = logged.events
    assert isinstance(first, Text) and first.msgid == "{seat} rolled {total}"
    assert first == "111 rolled 1500" and first.values == {"seat": "111", "total": 1500}
    assert isinstance(nested, Text) and nested == "2 tiles then Fun and 222"
    assert lang("en-XA").say(nested) != str(nested), "each part came from the catalog"
    assert type(plain) is str and plain == "as it was"
    assert [m.events for m in await store.moves_after(row.id, 0)] == [logged.events]


async def test_a_line_logged_before_texts_still_shows_as_it_was(backend: Backend) -> None:
    """A database at schema 8 (before languages), with a game whose log holds English
    lines: migration 9 leaves them as they are, and every language shows them so."""
    await backend.at_schema(
        8,
        [
            "INSERT INTO games (guild_id, channel_id, slug, status, host_id, seats, seed, "
            "options, snapshot, version, created_at, started_at) VALUES (4, 3, 'troolpark', "
            """'active', '111', '[{"id": "111", "name": "Alice"}]', 1, '{}', '{"n": 1}', """
            "1, 0, 0)",
            "INSERT INTO moves (game_id, seq, seat, code, events, at) VALUES "
            """(1, 1, '111', 'roll', '["Alice rolled 4"]', 1)""",
            "INSERT INTO undo_steps (game_id, depth, seat, version, moves, snapshot, label) "
            """VALUES (1, 1, '111', 1, 1, '{"n": 0}', 'Roll the die; take 2 tiles')""",
            "INSERT INTO guild_settings (guild_id, default_pace, timings) "
            "VALUES (4, 'async', '{}')",
        ],
    )
    store = await backend.open()
    try:
        row = await store.get(1)
        assert row is not None and row.language == "en", "a table from before reads English"
        assert await store.guild_language(4) is None, "a server from before follows Discord"
        assert (await store.guild_settings(4))[0] == "async"
        [logged] = await store.moves(1)
        assert logged.events == ["Alice rolled 4"] and type(logged.events[0]) is str
        assert lang("fr").say(logged.events[0]) == "Alice rolled 4"
        step = await store.undo_top(1)
        assert step is not None and step.label == "Roll the die; take 2 tiles"
        assert type(step.label) is str
    finally:
        await store.close()


async def test_a_steps_label_is_kept_as_a_text(store: GameStore) -> None:
    row = await started(store)
    label = tx("{first}; {rest}", first=tx("Fun"), rest=tx("Thrills"))
    row = await store.commit_moves(row, [("111", "a", []), ("111", "b", [])], {"n": 2}, now=3.0)
    await store.push_undo(row.id, row.version - 2, UndoStep("111", row.version, 2, {}, label))
    step = await store.undo_top(row.id)
    assert step is not None and isinstance(step.label, Text)
    assert step.label == "Fun; Thrills" and step.label.to_json() == label.to_json()
    plain = UndoStep("111", row.version, 1, {}, '{"not": "a text"} but words')
    await store.push_undo(row.id, row.version - 1, plain)
    again = await store.undo_top(row.id)
    assert again is not None and again.label == plain.label and type(again.label) is str
