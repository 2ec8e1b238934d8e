"""A good start and a good end through the real client and the Discord
double: the start card's "Full rules", `/rules` leading with the player summary, and the
final card's Rematch (a new lobby with the same table, seating each player who presses
it) and Replay (the replay service with its cooldowns), stale and hostile presses
included."""

from __future__ import annotations

from bot.chat.views import cards
from i18n import lang
from tests.bot.double import MessageRecord
from tests.bot.harness import Harness, lobby_control
from tests.bot.stores import SQLITE, on_store
from tests.bot.test_replays import gif_of
from tests.bot.test_threads import lobby_message, lobby_with, play_out

EN = lang("en")


async def finished_game(h: Harness, place: int) -> tuple[int, int, MessageRecord]:
    """A 10-round Disneyland for alice, bob and a robot, opened in ``place`` and played to
    the end: (game id, where it was played, its final card)."""
    d = h.double
    game_id = await lobby_with(h, place, "disneyland", "alice", "bob", length="rounds-10")
    await d.slash(d.ids["alice"], place, "game addbot", level="easy")
    await h.agree_all(place)  # the robot changed the table
    where, _ = await h.start_game(d.ids["alice"], place)
    await play_out(h, where)
    final = await d.wait_for_message(where, lambda m: "final results" in m.text)
    return game_id, where, final


async def test_full_rules_are_one_button_away_and_rules_lead_with_the_summary(
    harness: Harness,
) -> None:
    d = harness.double
    await lobby_with(harness, d.ids["channel"], "imagineers", "alice", "bob")
    where, board = await harness.start_game(d.ids["alice"], d.ids["channel"])
    card = next(m for m in d.messages(where) if "begins" in m.text)
    for line in cards.summary_lines("imagineers", EN):
        assert line in card.text
    rules = await d.click(d.ids["carol"], card, "ts:rules:imagineers")  # anyone may read them
    assert rules.ephemeral and rules.embeds[0]["title"] == "Imagineers — how to play"
    lead = rules.embeds[0]["description"]
    assert lead.startswith("**How to win, what a turn is**")
    assert all(line in lead for line in cards.summary_lines("imagineers", EN))
    assert "reconstruct" in rules.embeds[0]["fields"][0]["name"].lower(), "the notes next"
    assert rules.attachments[0][0] == "imagineers-rules.md"
    typed = await d.slash(d.ids["carol"], where, "rules", game="imagineers")
    assert typed.embeds == rules.embeds
    assert board.pinged and card.pinged == []


async def test_rematch_invites_and_seats_each_player_who_presses_it(
    harness: Harness,
) -> None:
    """Rematch opens the same table again (options, pace, robots) with its presser alone
    as host, inviting the others by name without a ping; another player's press takes
    their own seat in it (nobody is seated who did not press)."""
    d = harness.double
    channel = d.ids["channel"]
    alice, bob, carol = d.ids["alice"], d.ids["bob"], d.ids["carol"]
    game_id, thread, final = await finished_game(harness, channel)
    old = await harness.live.store.get(game_id)
    assert old is not None
    rematch = f"ts:rematch:{game_id}"
    await harness.settle()
    before = await harness.dump()
    stranger = await d.click(carol, final, rematch)
    assert stranger.ephemeral and "players of this game" in stranger.content
    assert await harness.dump() == before
    called = await d.click(bob, final, rematch)
    assert not called.ephemeral and called.original is not None
    assert called.content.startswith("🔁 bob calls a rematch") and called.original.pinged == []
    assert "alice: press **Rematch**" in called.content, "the others are invited by name"
    [link] = d.links(called.content)
    card = d.resolve(link)
    assert isinstance(card, MessageRecord) and card.channel_id == channel
    new = await harness.live.store.open_game_in(channel)
    assert new is not None and new.status == "lobby" and new.rematch_of == game_id
    robots = [(s.id, True) for s in old.seats if s.robot]
    assert [(s.id, s.robot) for s in new.seats] == [(str(bob), False), *robots]
    assert new.options == old.options == {"length": "rounds-10", "prison": "either"}
    assert new.pace == old.pace and new.rated == old.rated
    assert new.host_id == str(bob) and new.lobby_message_id == card.id
    assert "Players (2/5)" in card.text and "Robot 1" in card.text and "alice" not in card.text
    joined = await d.click(alice, final, rematch)
    assert not joined.ephemeral and joined.content.startswith("🔁 alice takes a seat")
    seated = await harness.live.store.get(new.id)
    assert seated is not None and [s.id for s in seated.seats][-1] == str(alice)
    assert all(s.agreed == seated.terms for s in seated.seats if not s.robot), "both said yes"
    seats = card.text.split("Players (3/5)")[1].split("Options")[0]
    assert "✅" in seats and "⏳" not in seats, "each person marked agreed"
    await harness.settle()
    settled = await harness.dump()
    again = await d.click(alice, final, rematch)
    assert again.ephemeral and f"game #{new.id}" in again.content
    assert await harness.dump() == settled, "a second press changes nothing"
    started = await d.click(bob, card, lobby_control(card, "start"))
    assert started.response_type == 7
    playing = await harness.live.store.get(new.id)
    assert playing is not None and playing.status == "active" and playing.rated
    named = d.world.channels[playing.channel_id].name
    assert named == f"Disneyland #{new.id} · bob, Robot 1, alice"
    later = await d.click(alice, final, rematch)
    assert later.ephemeral and "already on" in later.content
    assert [d.resolve(u) for u in d.links(later.content)] == [d.world.channels[playing.channel_id]]
    lobby = await lobby_message(harness, game_id)
    assert lobby.content.startswith("🏁"), "the first game's line is untouched"
    assert thread != playing.channel_id


async def test_a_rematch_of_a_game_played_in_place_opens_right_there_after_a_restart(
    harness: Harness,
) -> None:
    d = harness.double
    place = d.ids["thread"]  # a lobby in a thread plays in place
    game_id, where, final = await finished_game(harness, place)
    assert where == place
    await harness.restart()  # the final card's buttons outlive the process
    called = await d.click(d.ids["alice"], final, f"ts:rematch:{game_id}")
    assert called.response_type == 4 and not called.ephemeral
    assert "Waiting for players" in called.text
    new = await harness.live.store.open_game_in(place)
    assert new is not None and new.rematch_of == game_id and new.host_id == str(d.ids["alice"])


@on_store(SQLITE)
async def test_replay_from_the_final_card_keeps_its_cooldowns(harness: Harness) -> None:
    d = harness.double
    game_id, _, final = await finished_game(harness, d.ids["channel"])
    asked = await d.click(d.ids["alice"], final, f"ts:replay:{game_id}")
    assert not asked.ephemeral and f"game #{game_id}" in asked.content
    await gif_of(harness, asked)
    soon = await d.click(d.ids["alice"], final, f"ts:replay:{game_id}")
    assert soon.ephemeral and "another replay in" in soon.content
