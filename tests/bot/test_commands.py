"""The rest of the command surface (docs/ARCHITECTURE.md §3): /rules for every game, lobby rules
(one open game per channel, host-only start/cancel, seats), /game status and /game log."""

from __future__ import annotations

import asyncio

import pytest

from engine import GAMES, get_game
from tests.bot.double import UsageError
from tests.bot.harness import Harness, lobby_control


@pytest.mark.parametrize("slug", GAMES)
async def test_rules_explain_each_game_and_what_is_reconstructed(
    harness: Harness, slug: str
) -> None:
    d = harness.double
    r = await d.slash(d.ids["alice"], d.ids["channel"], "rules", game=slug)
    assert r.ephemeral
    embed = r.embeds[0]
    assert get_game(slug).title in embed["title"]
    text = str(embed).lower()
    assert "reconstructed" in text
    assert len(embed.get("fields", [])) >= 2
    name, notes = r.attachments[0]
    assert name == f"{slug}-rules.md" and b"reconstructed" in notes.lower()
    assert "reconstructed" in embed["fields"][0]["name"].lower(), "always shown, first"
    fields = [f["value"] for f in embed["fields"]]
    assert all(len(v) <= 1024 for v in fields)
    assert "".join(fields).count("\n") > 20, "long sections continue instead of being cut"


async def test_one_open_game_per_channel_but_any_number_of_channels(harness: Harness) -> None:
    d = harness.double
    first = await d.slash(d.ids["alice"], d.ids["channel"], "game new troolpark")
    assert not first.ephemeral
    second = await d.slash(d.ids["bob"], d.ids["channel"], "game new imagineers")
    assert second.ephemeral and "already has an open game" in second.content
    elsewhere = await d.slash(d.ids["bob"], d.ids["thread"], "game new imagineers")
    assert not elsewhere.ephemeral


async def test_only_the_host_or_a_channel_manager_starts_or_cancels(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    await d.slash(d.ids["bob"], channel, "game join")
    denied = await d.slash(d.ids["bob"], channel, "game start")
    assert denied.ephemeral and "host" in denied.content
    again = await d.slash(d.ids["bob"], channel, "game join")
    assert again.ephemeral and "already" in again.content
    cancelled = await d.slash(d.ids["admin"], channel, "game cancel")
    assert not cancelled.ephemeral and "cancelled" in cancelled.content
    assert await harness.live.store.open_game_in(channel) is None


async def test_a_full_table_and_too_few_players_are_refused(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new troolpark")
    early = await d.slash(d.ids["alice"], channel, "game start")
    assert early.ephemeral and "at least 2" in early.content
    for name in ("bob", "carol", "dave"):
        await d.slash(d.ids[name], channel, "game join")
    full = await d.slash(d.ids["erin"], channel, "game join")
    assert full.ephemeral and "full" in full.content


async def test_options_of_another_game_are_refused(harness: Harness) -> None:
    """Each game's ``/game new <game>`` holds only its own options: the client cannot send
    another game's (a forged one is refused by the lobby: ``test_lobby_card``)."""
    d = harness.double
    with pytest.raises(UsageError, match="no option"):
        await d.slash(d.ids["alice"], d.ids["channel"], "game new troolpark", side="night")
    assert await harness.live.store.open_game_in(d.ids["channel"]) is None


async def test_status_and_log(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    none = await d.slash(d.ids["alice"], channel, "game status")
    assert none.ephemeral and "no game" in none.content.lower()
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    lobby = await d.slash(d.ids["bob"], channel, "game status")
    assert "Waiting for players" in str(lobby.embeds)
    await d.slash(d.ids["bob"], channel, "game join")
    channel, _ = await harness.start_game(d.ids["alice"], channel)
    mover = int(await harness.mover(channel))
    await harness.play(mover, channel, "roll")
    status = await d.slash(d.ids["carol"], channel, "game status")
    assert not status.ephemeral and status.original is not None
    assert status.original.embed_image().startswith(b"\x89PNG")
    log = await d.slash(d.ids["carol"], channel, "game log")
    assert log.ephemeral and "rolled" in log.content
    assert str(mover) not in log.content, "the log shows names, not ids"


async def test_a_crash_inside_a_move_loses_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug while applying a move: an apology, nothing committed, the game plays on."""
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    await d.slash(d.ids["bob"], channel, "game join")
    channel, _ = await harness.start_game(d.ids["alice"], channel)
    before, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    game = get_game("disneyland")

    def explode(*_: object) -> list[str]:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(game, "apply", explode)
    crashed = await harness.play(mover, channel, "roll")
    assert crashed.ephemeral and "Sorry" in crashed.content
    after, _ = await harness.state(channel)
    assert after.version == before.version and after.snapshot == before.snapshot
    monkeypatch.undo()
    fine = await harness.play(mover, channel, "roll")
    assert "rolled" in (await harness.board(channel)).text and not fine.content.startswith("Sorry")


async def test_the_my_moves_picker_plays_a_move_and_goes_stale(harness: Harness) -> None:
    """The private "My moves" menu under each board plays the chosen move; once the game
    moved on, the same menu answers privately and changes nothing."""
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new troolpark")
    await d.slash(d.ids["bob"], channel, "game join")
    channel, board = await harness.start_game(d.ids["alice"], channel)
    row, state = await harness.state(channel)
    mover = await harness.mover(channel)
    board = await harness.board(channel)
    picker = await d.click(int(mover), board, f"ts:table:{row.id}:moves")
    assert picker.ephemeral and picker.original is not None
    menu = next(c for row_ in picker.components for c in row_["components"])
    values = [o["value"] for o in menu["options"]]
    codes = [v.partition(":")[2] for v in values]  # each value: the move's mark, its code
    legal = [m.code for m in get_game("troolpark").legal_moves(state, mover)]
    assert codes == legal[:25]
    played = await d.select(int(mover), picker.original, menu["custom_id"], values=[values[0]])
    log = await harness.live.store.moves(row.id)
    assert [m.code for m in log][-1:] == [codes[0]] and not played.content.startswith("Sorry")
    assert picker.original.components == [] and "✅" in picker.content, "confirmed in place"
    version = (await harness.state(channel))[0].version
    stale = await d.forge_click(int(mover), picker.original, menu["custom_id"], values=[values[0]])
    assert stale.ephemeral
    assert (await harness.state(channel))[0].version == version


@pytest.mark.parametrize("recording", ["at once", "late"])
async def test_one_live_lobby_card_at_the_bottom(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, recording: str
) -> None:
    """`/game join` posts a fresh lobby card; the older one loses its buttons, even when
    the join comes before the older card was recorded (the store slow for a moment)."""
    if recording == "late":
        store = harness.live.store
        record = store.set_lobby_message

        async def slowly(game_id: int, message_id: int) -> None:
            await asyncio.sleep(0.3)
            await record(game_id, message_id)

        monkeypatch.setattr(store, "set_lobby_message", slowly)
    d = harness.double
    channel = d.ids["channel"]
    first = await d.slash(d.ids["alice"], channel, "game new imagineers")
    joined = await d.slash(d.ids["bob"], channel, "game join")
    assert first.original is not None and joined.original is not None
    old = await d.wait_for_message(channel, lambda m: "moved further down" in m.content)
    assert old.id == first.original.id and old.buttons() == []
    assert "bob" in str(joined.embeds) and joined.original.buttons()
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.lobby_message_id == joined.original.id
    started = await d.click(
        d.ids["alice"], joined.original, lobby_control(joined.original, "start")
    )
    assert started.response_type == 7 and not started.ephemeral
