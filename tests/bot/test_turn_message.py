"""The turn message and its words, through the real client and the double.

Complete games of each of the four games, two people at least (robots fill the rest), played
by tapping the board, the private picker and ``/play``: on average at most 1.2 new public
messages per turn; pings only for the people who became to move, once; every step's lines
readable; only the newest board with components. Then each piece on its own: the edit in
place, the stripped older board and its link, the picker past 25 options, ``/play`` when it
is not your turn, Undo allowed and refused.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.common.pace import DEFAULTS
from bot.store import GameRow
from engine import Rng, State, get_game
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stalls import boards_wait_for_a_deferral
from tests.bot.stores import POSTGRESQL, SQLITE
from tests.bot.tabletop import (
    custom_ids,
    every_move_in_the_picker,
    open_table,
    play_out,
    playing_components,
    transcript,
)

PNG = b"\x89PNG\r\n\x1a\n"
#: (game, people, robots, options, seed): every game with two people at least.
GAMES = [
    ("adventureland", 2, 1, {}, 3),
    ("imagineers", 2, 0, {}, 3),
    ("disneyland", 3, 0, {"length": "rounds-10"}, 3),
    ("troolpark", 2, 1, {}, 3),
]


@pytest.mark.parametrize(("slug", "people", "robots", "options", "seed"), GAMES)
@pytest.mark.parametrize(
    ("where", "database"), [("thread", POSTGRESQL), ("in place", SQLITE)], indirect=["database"]
)
async def test_a_complete_game_posts_about_one_message_per_turn(
    harness: Harness,
    slug: str,
    people: int,
    robots: int,
    options: dict[str, str],
    seed: int,
    where: str,
) -> None:
    """The game opens with one start card; after it, ≤ 1.2 new
    public messages per turn (turn messages, news, the final card); each turn's first
    message pings exactly those who became to move (never a robot, never on a step),
    each person at most once per turn; every step's first line is readable in what the
    channel shows; at every moment only the newest board has components. (``make bench``
    counts the start card too, over every game and player count.)"""
    d = harness.double
    users = [d.ids[name] for name in ("alice", "bob", "carol")[:people]]
    store, channel = harness.live.store, d.ids["channel"]
    if where == "in place":
        off = await d.slash(d.ids["admin"], channel, "game settings", threads="off")
        assert off.ephemeral and "**off**" in off.content
    table = await open_table(d, store, channel, slug, users, robots, options, seed)
    assert (table.channel == channel) == (where == "in place")
    figures = await play_out(table)
    print(f"\n{slug}: {figures.posts} posts, {figures.turns} turns, {figures.pings} pings")
    print(transcript(table)[-3000:])
    assert figures.problems == []
    assert figures.openings == 1
    assert figures.turn_posts_per_turn <= 1.2, (figures.posts, figures.turns)
    assert figures.pings <= figures.turns and figures.people_turns > 0
    robots_ids = {s.id for s in (await table.row()).seats if s.robot}
    for message in table.messages_after(table.mark):
        assert not {str(u) for u in message.pinged} & robots_ids
    assert sum(figures.routes.values()) > 0 and figures.routes["/play"] > 0
    *_, last_board, final = table.messages_after(table.mark)
    assert "final results" in final.text and final.embed_image().startswith(PNG)
    assert {b[1] for b in final.buttons()} == {"Rematch", "Replay", "Review"}
    assert [m for m in d.messages(table.channel) if playing_components(m)] == []
    late = await d.forge_click(users[0], last_board, f"ts:table:{table.game_id}:moves")
    assert late.ephemeral and "This game is over" in late.content
    link = re.search(r"\((https://discord\.com/channels/[0-9/]+)\)", late.content)
    assert link and d.resolve(link.group(1)) is final, "a link to the final card"


async def disneyland_pair(h: Harness, seed: int = 11) -> tuple[int, GameRow, str, str]:
    """alice and bob at Disneyland, seed 11: the channel, the row, the mover, the other."""
    channel = await h.open_table("disneyland", ["alice", "bob"], seed=seed)
    row, _ = await h.state(channel)
    mover = await h.mover(channel)
    return channel, row, mover, next(s.id for s in row.seats if s.id != mover)


async def test_a_step_within_a_turn_edits_the_board_in_place(harness: Harness) -> None:
    """The roll is a step of the mover's turn: the same message gets a
    new image, the roll's line and new buttons; nothing is posted, nobody pinged."""
    d = harness.double
    channel, row, mover, _ = await disneyland_pair(harness)
    board = await harness.board(channel)
    image, buttons, posted = board.embed_image(), board.buttons(), len(d.messages(channel))
    roll = next(b[0] for b in buttons if b[0].endswith(":roll"))
    clicked = await d.click(int(mover), board, roll)
    assert clicked.response_type == 7 and clicked.original is board, "the answer is the edit"
    assert await harness.board(channel) is board and len(d.messages(channel)) == posted
    assert board.embed_image() != image and board.embed_image().startswith(PNG)
    assert "rolled" in board.text and board.buttons() != buttons
    assert len(board.revisions) == 2 and board.pinged == [int(mover)], "pinged once, at posting"
    name = row.names[mover]
    assert f"— **{name}**: your turn" in board.text
    assert "**Standings**" in board.text and "1,675 francs" in board.text


async def test_a_new_turn_posts_and_strips_the_old_board(harness: Harness) -> None:
    """The turn passes: one new message pinging the new mover only;
    the old board loses its components; a click on it (a client still showing them)
    answers privately with a link that opens the new board."""
    d = harness.double
    channel, _, mover, other = await disneyland_pair(harness)
    old = await harness.board(channel)
    old_buttons = old.buttons()
    await harness.play(int(mover), channel, "roll")
    ended = await harness.play(int(mover), channel, "rent")
    new = await harness.board(channel)
    assert new is not old and ended.ephemeral is False and ended.original is new
    ping, since, *_ = new.content.split("\n")
    assert new.pinged == [int(other)] and ping == f"<@{other}> — your turn"
    assert since == "**Since the game began**", "then what the mover did"
    assert old.buttons() == [] and new.buttons()
    for custom_id, _, _ in old_buttons:
        stale = await d.forge_click(int(mover), old, custom_id)
        assert stale.ephemeral and "out of date" in stale.content
        link = re.search(r"\((https://discord\.com/channels/[0-9/]+)\)", stale.content)
        assert link and d.resolve(link.group(1)) is new


async def test_game_status_reposts_the_board_without_pinging(harness: Harness) -> None:
    """/game status brings the board to the bottom: the old one loses its components,
    nobody is pinged, and the next step edits the re-posted board."""
    d = harness.double
    channel, _, mover, _ = await disneyland_pair(harness)
    old = await harness.board(channel)
    status = await d.slash(d.ids["carol"], channel, "game status")
    assert status.original is not None and status.original.pinged == []
    reposted = status.original.id
    await d.world.wait_until(lambda: not old.buttons(), 5, "the old board to lose its buttons")
    for _ in range(200):  # the re-post is recorded just after it answered the command
        row = await harness.live.store.open_game_in(channel)
        if row is not None and row.turn_message_id == reposted:
            break
        await asyncio.sleep(0.01)
    assert await harness.board(channel) is status.original
    await harness.play(int(mover), channel, "roll")
    assert await harness.board(channel) is status.original and "rolled" in status.original.text


async def test_play_autocomplete_says_whose_turn_it_is(harness: Harness) -> None:
    """When it is not your turn, one choice says whose it is; picking it
    plays nothing and says so again."""
    d = harness.double
    channel, row, mover, other = await disneyland_pair(harness)
    choices = await harness.choices(int(other), channel)
    expected = f"Not your turn — {row.names[mover]} is to move"
    assert choices == [{"name": expected, "value": "not-your-turn"}]
    picked = await harness.play(int(other), channel, "not-your-turn")
    assert picked.ephemeral and picked.content == expected + "."
    stranger = await harness.choices(d.ids["dave"], channel)
    assert stranger == [{"name": "You are not playing in this game", "value": "not-playing"}]
    assert (await harness.state(channel))[0].version == row.version


async def imagineers_with_many_moves(h: Harness) -> tuple[int, str, State]:
    """Imagineers, seed 0, three steps in: the mover has more than 25 legal moves."""
    channel = await h.open_table("imagineers", ["alice", "bob"], seed=0)
    game = get_game("imagineers")
    rng = Rng.from_seed(0)
    for _ in range(3):
        _, state = await h.state(channel)
        seat = game.waiting_for(state)[0]
        played = await h.play(int(seat), channel, game.ai_move(state, seat, rng, "easy"))
        assert played.content.startswith("✅") or not played.ephemeral, played.content
    _, state = await h.state(channel)
    seat = game.waiting_for(state)[0]
    assert len(game.legal_moves(state, seat)) > 25
    return channel, seat, state


async def test_the_picker_reaches_every_move_past_25(harness: Harness) -> None:
    """My moves is action, then target, with Back: all 26+ moves."""
    channel, seat, state = await imagineers_with_many_moves(harness)
    row, _ = await harness.state(channel)
    board = await harness.board(channel)
    reached = await every_move_in_the_picker(harness.double, int(seat), board, row.id)
    legal = [m.code for m in get_game("imagineers").legal_moves(state, seat)]
    assert sorted(reached) == sorted(legal) and len(reached) == len(set(reached))


async def test_a_move_on_the_second_page_of_one_action_plays(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An action with more targets than one menu holds is paged (More ›, ‹ Previous,
    Back); a move from its second page plays and the picker says so in place."""
    d = harness.double
    channel, seat, state = await imagineers_with_many_moves(harness)
    game = get_game("imagineers")
    monkeypatch.setattr(game, "move_group", lambda *_: "Everything")
    row, _ = await harness.state(channel)
    opened = await d.click(int(seat), await harness.board(channel), f"ts:table:{row.id}:moves")
    assert opened.original is not None
    menu = opened.original
    assert "page 1 of 2" in menu.content
    more = [b["custom_id"] for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":next")]
    assert more and [b for b in custom_ids(menu, "nav") if b["custom_id"].endswith(":back")]
    await d.click(int(seat), menu, more[0])
    assert "page 2 of 2" in menu.content
    labels = {b["custom_id"].rsplit(":", 1)[1] for b in custom_ids(menu, "nav")}
    assert labels == {"back", "prev"}
    select = custom_ids(menu, "pick")[0]
    value = select["options"][0]["value"]
    legal = [m.code for m in game.legal_moves(state, seat)]
    assert value.partition(":")[2] == legal[25]
    picked = await d.select(int(seat), menu, select["custom_id"], [value])
    assert picked.response_type == 7 and menu.content.startswith("✅") and menu.components == []
    log = await harness.live.store.moves(row.id)
    assert log[-1].code == legal[25]


async def test_a_picker_opened_before_the_game_moved_on_starts_again(harness: Harness) -> None:
    """Navigating a picker made for an older version shows the moves as they are now."""
    d = harness.double
    channel, _, mover, _ = await disneyland_pair(harness)
    row, _ = await harness.state(channel)
    opened = await d.click(int(mover), await harness.board(channel), f"ts:table:{row.id}:moves")
    assert opened.original is not None
    menu = opened.original
    back = next(b["custom_id"] for b in custom_ids(menu, "nav"))
    await harness.play(int(mover), channel, "roll")
    moved = await d.click(int(mover), menu, back)
    assert moved.response_type == 7 and menu.content.startswith("The game moved on")
    values = [o["value"] for o in custom_ids(menu, "act")[0]["options"]]
    assert values and all(v.startswith("g") for v in values)


async def trade_turn(h: Harness) -> tuple[int, str, str, State]:
    """Disneyland, the mover owns 15 and the other 7: an exchange can be written."""
    channel, _, mover, other = await disneyland_pair(h)
    _, state = await h.state(channel)
    state["owners"].update({"15": mover, "7": other})
    await h.put_state(channel, state)
    return channel, mover, other, state


def undo_button(board: MessageRecord) -> str | None:
    return next((b[0] for b in board.buttons() if b[0].startswith("ts:undo:")), None)


async def test_undo_takes_back_the_movers_own_steps(harness: Harness) -> None:
    """Writing an exchange (partner, then a title) draws nothing and
    reveals nothing: each step may be taken back, one after the other, by the seat that
    made it, with the Undo button on the board; the log and state are as before, the
    board is edited (no post, no ping) and says what was taken back."""
    d = harness.double
    channel, mover, other, state = await trade_turn(harness)
    row, _ = await harness.state(channel)
    board = await harness.board(channel)
    assert undo_button(board) is None, "nothing to take back yet"
    first = await harness.play(int(mover), channel, f"trade:with:{other}")
    second = await harness.play(int(mover), channel, "trade:give:15")
    assert first.content.startswith("✅") and second.content.startswith("✅")
    after_two, _ = await harness.state(channel)
    assert undo_button(board) is not None and await harness.board(channel) is board
    label = next(b[1] for b in board.buttons() if b[0] == undo_button(board))
    assert label == f"↩ Undo ({row.names[mover]})", "whose step it takes back"
    posted = len(d.messages(channel))
    back = await d.click(int(mover), board, undo_button(board) or "")
    assert back.response_type == 7 and back.original is board
    row_one, one = await harness.state(channel)
    log = await harness.live.store.moves(row.id)
    assert [m.code for m in log] == [f"trade:with:{other}"]
    assert one["trade"]["give"] == [] and row_one.version == after_two.version + 1
    assert "took back" in board.text and len(d.messages(channel)) == posted
    again = await d.click(int(mover), board, undo_button(board) or "")
    assert again.response_type == 7
    _, zero = await harness.state(channel)
    assert zero == state and await harness.live.store.moves(row.id) == []
    assert undo_button(board) is None, "the stack is empty"
    assert board.pinged == [int(mover)] and len(d.messages(channel)) == posted


async def test_undo_is_refused_to_others_and_to_old_boards(harness: Harness) -> None:
    """Only the seat that made the step, only from the board as it is now: others and an
    Undo from an earlier version of the board are answered privately, nothing changes."""
    d = harness.double
    channel, mover, other, _ = await trade_turn(harness)
    board = await harness.board(channel)
    await harness.play(int(mover), channel, f"trade:with:{other}")
    old_undo = undo_button(board)
    await harness.play(int(mover), channel, "trade:give:15")
    await harness.settle()
    before = await harness.dump()
    for user, custom_id, words in (
        (int(other), undo_button(board), "Only"),
        (d.ids["carol"], undo_button(board), "not playing"),
        (int(mover), old_undo, "moved on"),
    ):
        assert custom_id is not None
        refused = await d.forge_click(user, board, custom_id)
        assert refused.ephemeral and words in refused.content, refused.content
    assert await harness.dump() == before


async def test_a_step_that_draws_chance_cannot_be_undone(harness: Harness) -> None:
    """A roll shows dice: no Undo on the board, and a forged one takes nothing back."""
    d = harness.double
    channel, mover, other, _ = await trade_turn(harness)
    board = await harness.board(channel)
    await harness.play(int(mover), channel, f"trade:with:{other}")
    assert undo_button(board) is not None
    await harness.play(int(mover), channel, "trade:cancel")
    await harness.play(int(mover), channel, "roll")
    assert undo_button(board) is None, "a roll ends what may be taken back"
    row, _ = await harness.state(channel)
    await harness.settle()
    before = await harness.dump()
    forged = await d.forge_click(int(mover), board, f"ts:undo:{row.id}:{row.version}")
    assert forged.ephemeral and "nothing to take back" in forged.content
    assert await harness.dump() == before


async def test_undo_is_refused_once_the_ai_acted(harness: Harness) -> None:
    """The mover writes an exchange, then leaves: the AI takes the seat and plays on.
    Coming back, the step cannot be taken back any more."""
    d = harness.double
    channel, mover, other, _ = await trade_turn(harness)
    board = await harness.board(channel)
    await harness.play(int(mover), channel, f"trade:with:{other}")
    custom_id = undo_button(board)
    assert custom_id is not None
    ask = await d.slash(int(mover), channel, "game leave")
    assert ask.original is not None
    await d.click(int(mover), ask.original, ask.original.buttons()[0][0])
    await harness.settle()
    row, _ = await harness.state(channel)
    assert any(m.seat == mover for m in (await harness.live.store.moves(row.id))[1:])
    await d.slash(int(mover), channel, "game rejoin")
    await harness.settle()
    before = await harness.dump()
    late = await d.forge_click(int(mover), await harness.board(channel), custom_id)
    assert late.ephemeral and "nothing to take back" in late.content, late.content
    assert await harness.dump() == before


async def test_a_cancelled_game_leaves_no_live_board(harness: Harness) -> None:
    """Cancelling takes the components off the board: nothing old stays clickable."""
    d = harness.double
    channel, _, _, _ = await disneyland_pair(harness)
    board = await harness.board(channel)
    assert board.buttons()
    # A moderator's cancel (the host alone cannot cancel a rated game under way).
    cancelled = await d.slash(d.ids["admin"], channel, "game cancel")
    assert not cancelled.ephemeral and board.buttons() == []


async def test_reminders_and_idle_votes_link_to_the_board(harness: Harness) -> None:
    """A reminder and an idle vote each carry a link that opens the current board."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob", "carol"], seed=11)
    board = await harness.board(channel)
    for wait in (DEFAULTS["live_remind"], DEFAULTS["live_idle"]):
        harness.clock.advance(wait + 1)
        await harness.live.clockwork.tick()
    notices = [m for m in d.messages(channel) if m.content.startswith(("⏰", "💤"))]
    assert [m.content[0] for m in notices] == ["⏰", "💤"]
    for notice in notices:
        link = re.search(r"\((https://discord\.com/channels/[0-9/]+)\)", notice.content)
        assert link and d.resolve(link.group(1)) is board, notice.content


async def slow(result: InteractionResult) -> InteractionResult:
    return await result.wait_final(timeout=10)


async def test_late_answers_are_deferred_in_the_shape_they_will_have(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ARCHITECTURE.md §9: past the safety margin (here the board's drawing waits for
    the deferral), a click on the board defers as an update of the board, a command that
    starts a new turn defers publicly (its answer is the new board)."""
    d = harness.double
    channel, _, mover, other = await disneyland_pair(harness)
    board = await harness.board(channel)
    boards_wait_for_a_deferral(harness, monkeypatch)
    roll = next(b[0] for b in board.buttons() if b[0].endswith(":roll"))
    clicked = await slow(await d.click(int(mover), board, roll))
    assert clicked.response_type == 6 and await harness.board(channel) is board
    assert "rolled" in board.text
    ended = await slow(await harness.play(int(mover), channel, "rent"))
    assert ended.response_type == 5 and not ended.ephemeral
    assert ended.original is await harness.board(channel) and ended.original.pinged == [int(other)]
    assert ended.original.embed_image().startswith(PNG)


def confirmed(menu: MessageRecord) -> Callable[[], bool]:
    return lambda: menu.content.startswith("✅")


async def test_late_private_confirmations_are_deferred_too(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A late pick in the private picker defers as an update of it, then becomes the
    confirmation; a late secret choice (a button on the board) defers as an update of the
    board, then confirms privately; either way the board shows the step. (Late: the
    deadline's timer fires at once.)"""
    d = harness.double
    channel = await harness.open_table("troolpark", ["alice", "bob"], seed=4)
    monkeypatch.setattr("bot.chat.deadline.THINK_AFTER", 0.0)
    game = get_game("troolpark")
    rng = Rng.from_seed(4)
    _, state = await harness.state(channel)
    while state["queue"]:  # the setup Booths, then the secret choice
        seat = game.waiting_for(state)[0]
        row, _ = await harness.state(channel)
        board = await harness.board(channel)
        opened = await d.click(int(seat), board, f"ts:table:{row.id}:moves")
        assert opened.original is not None
        select = custom_ids(opened.original, "pick")[0]
        code = game.ai_move(state, seat, rng, "easy")
        value = next(o["value"] for o in select["options"] if o["value"].endswith(":" + code))
        menu = opened.original
        picked = await d.select(int(seat), menu, select["custom_id"], [value])
        assert picked.response_type == 6, "deferred as an update of the picker"
        await d.world.wait_until(confirmed(menu), 5, "the confirmation")
        assert menu.components == []
        _, state = await harness.state(channel)
    board = await harness.board(channel)
    alice = d.ids["alice"]
    choice = next(b[0] for b in board.buttons() if ":choose:" in b[0])
    chosen = await slow(await d.click(alice, board, choice))
    assert chosen.response_type == 6 and chosen.original is board
    told = (await d.world.wait_until(lambda: chosen.followups, 5, "the confirmation"))[-1]
    assert told.ephemeral and "recorded" in told.content, told.content
    assert "✓" in (await harness.board(channel)).text


def names_in(message: MessageRecord) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", message.text)


async def test_the_turn_message_states_everything_the_picture_shows(harness: Harness) -> None:
    """Whose turn with the token in words, every seat's score in order with
    rank and unit, the last move; names, never seat ids; the board as the embed image."""
    channel, row, mover, other = await disneyland_pair(harness)
    await harness.play(int(mover), channel, "roll")
    board = await harness.board(channel)
    embed: dict[str, Any] = board.embeds[0]
    assert embed["title"].startswith(f"Disneyland #{row.id} · Round 1")
    version = (await harness.state(channel))[0].version
    assert embed["image"]["url"].endswith(f"disneyland-{version}.png")
    lines = embed["description"].splitlines()
    assert re.fullmatch(r"(● orange|▲ sky blue) — \*\*\w+\*\*: your turn", lines[0])
    standings = lines[lines.index("**Standings**") + 1 : lines.index("**Standings**") + 3]
    pattern = r"[12]\. (● orange|▲ sky blue) — \*\*\w+\*\*: [\d,]+ francs"
    assert all(re.fullmatch(pattern, s) for s in standings)
    assert "**What happened**" in lines and any("rolled" in line for line in lines)
    shown = embed["title"] + embed["description"]
    assert mover not in shown and other not in shown, "names, never seat ids"
    assert embed["footer"]["text"].startswith("/game log")


async def test_the_full_log_is_in_game_log(harness: Harness) -> None:
    """What a folded board leaves out is in /game log: every line, as a file when long."""
    d = harness.double
    channel, row, _, _ = await disneyland_pair(harness)
    rng = Rng.from_seed(2)
    game = get_game("disneyland")
    for _ in range(30):
        _, state = await harness.state(channel)
        seat = game.waiting_for(state)[0]
        await harness.play(int(seat), channel, game.ai_move(state, seat, rng, "easy"))
    log = await d.slash(d.ids["carol"], channel, "game log")
    assert log.ephemeral
    events = [e for m in await harness.live.store.moves(row.id) for e in m.events]
    text = log.content + "".join(data.decode() for _, data in log.attachments)
    missing = [e for e in events if e.split(" ", 1)[1] not in text]
    assert missing == []
