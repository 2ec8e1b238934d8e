"""The coach at the table, through the real client and the Discord double:
``/hint`` and the Hint buttons answer the player to move privately and in time, naming
legal moves only, changing nothing, the same for states the seat cannot tell apart; a
non-mover, a stale button, a rated table and an ended game get a clear private answer;
``/game learn`` plays a whole guided game of each game (a brief on each turn, a comment
after each move), never recorded in results; the final card counts the hints; Review
answers privately."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.chat.handlers.picker import page_of
from bot.chat.views.components import clip_help
from bot.chat.views.messages import humanize
from bot.store import GameRow, Seat
from engine import GAMES, Rng, State, get_game
from engine.coach import action_help
from i18n import lang
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.engine.redeal import choose, redeal
from tests.store.reads import results_of

#: Small searches: the tests ask what the coach says, not how well it plays.
HINT_BUDGET = 24
REVIEW_BUDGET = 240
#: What the comment after a learner's move begins with, whichever it is.
COMMENTS = ("The coach chose the same", "The coach had it as choice", "The coach would have")
BRIEF = "Your turn. What you can do now:"
CHOICES = "The coach's choices for you"


def quick(h: Harness) -> None:
    """The coach of the running bot thinks briefly, and comments on every move however
    fast a test plays (far faster than a person: the rate is tested on its own)."""
    coach = h.live.services.coach
    coach.budget, coach.review_budget = HINT_BUDGET, REVIEW_BUDGET
    coach.comments.times = 10_000


async def casual_table(h: Harness, slug: str, seed: int = 11) -> int:
    """Alice and easy robots (a table of one person is casual), started; where it is played,
    once Alice is to move."""
    d = h.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, f"game new {slug}")
    assert not opened.ephemeral, opened.content
    for _ in range(get_game(slug).min_players - 1):
        added = await d.slash(d.ids["alice"], channel, "game addbot", level="easy")
        assert not added.ephemeral, added.content
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    await h.set_seed(row.id, seed)
    where, _ = await h.start_game(d.ids["alice"], channel)
    return where


def hinted(answer: str) -> list[str]:
    """The numbered lines of a hint: each move with what it is for."""
    return [line.split("** ", 1)[1] for line in answer.splitlines() if line.startswith("**")]


async def said(result: InteractionResult, *needles: str, timeout: float = 20.0) -> MessageRecord:
    """The private message answering ``result`` (its answer or a follow-up) that contains
    one of ``needles``, once it came."""

    def found() -> MessageRecord | None:
        messages = [m for m in [result.original, *result.followups] if m is not None]
        return next((m for m in messages if any(n in m.content for n in needles)), None)

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (message := found()) is None:
        assert loop.time() < deadline, f"no answer with {needles}: {result.followups}"
        await asyncio.sleep(0.02)
    assert message.ephemeral, message.content
    return message


@pytest.mark.parametrize("slug", GAMES)
async def test_hint_names_legal_moves_changes_nothing_and_ignores_what_is_hidden(
    sqlite_harness: Harness, slug: str
) -> None:
    h, d = sqlite_harness, sqlite_harness.double
    quick(h)
    where = await casual_table(h, slug)
    row, state = await h.state(where)
    game, seat = get_game(slug), str(d.ids["alice"])
    legal = game.legal_moves(state, seat)
    assert legal, "Alice is to move"
    asked = await d.slash(d.ids["alice"], where, "hint")
    assert asked.ephemeral and CHOICES in asked.content, asked.content
    assert "hint 1 of this game" in asked.content
    shown = hinted(asked.content)
    assert 1 <= len(shown) <= 3
    labels = [humanize(m.label, row.names) for m in legal]
    for line in shown:
        assert any(line.startswith(f"{label} — ") for label in labels), (line, labels)
    after = await h.live.store.get(row.id)
    assert after is not None
    assert (after.version, after.snapshot) == (row.version, row.snapshot), "nothing changed"
    # The same question where everything Alice cannot see is dealt anew: the same answer.
    await h.put_state(where, redeal(game, state, Rng.from_seed(77), keep=seat))
    again = await d.slash(d.ids["alice"], where, "hint")
    assert again.ephemeral and hinted(again.content) == shown
    assert "hint 2 of this game" in again.content
    assert await h.live.store.hints_used(row.id) == {seat: 2}


async def test_non_movers_stale_buttons_rated_and_ended_tables_get_clear_answers(
    harness: Harness,
) -> None:
    h, d = harness, harness.double
    quick(h)
    guild = d.ids["guild"]
    rated_channel = d.add_channel(guild, "rated")
    where_rated = await h.open_table("troolpark", ["alice", "bob"], channel=rated_channel)
    mover = int(await h.mover(where_rated))
    refused = await d.slash(mover, where_rated, "hint")
    assert refused.ephemeral and "rated tables" in refused.content

    casual = d.add_channel(guild, "casual")
    await d.slash(d.ids["alice"], casual, "game new troolpark", rated=False)
    await d.slash(d.ids["bob"], casual, "game join")
    where, _ = await h.start_game(d.ids["alice"], casual)
    row, _ = await h.state(where)
    assert not row.rated
    mover = int(await h.mover(where))
    other = d.ids["bob"] if mover == d.ids["alice"] else d.ids["alice"]
    waiting = await d.slash(other, where, "hint")
    assert waiting.ephemeral and "turn" in waiting.content and CHOICES not in waiting.content
    stranger = await d.slash(d.ids["carol"], where, "hint")
    assert stranger.ephemeral and "not playing" in stranger.content

    # My moves: each action with its one line of help, and Hint.
    board = await h.board(where)
    picker = await d.click(mover, board, f"ts:table:{row.id}:moves")
    assert picker.ephemeral and picker.original is not None
    _, state = await h.state(where)
    game = get_game("troolpark")
    groups = {game.move_group(state, str(mover), m) for m in game.legal_moves(state, str(mover))}
    menus = [c for c in _components(picker.original.components) if c.get("type") == 3]
    if len(groups) == 1:  # straight to the one action's moves, its help above them
        assert str(action_help(game, groups.pop())) in picker.original.content
    else:
        assert all(o.get("description") for o in menus[0]["options"]), menus
    hint_id = f"ts:hint:{row.id}:{row.version}"
    assert hint_id in [b for b, *_ in picker.original.buttons()]
    helped = await d.click(mover, picker.original, hint_id)
    assert CHOICES in (await said(helped, CHOICES)).content
    # My hand has it too.
    hand = await d.click(mover, board, f"ts:table:{row.id}:hand")
    assert hand.original is not None and hint_id in [b for b, *_ in hand.original.buttons()]

    _, state = await h.state(where)
    code = get_game("troolpark").legal_moves(state, str(mover))[0].code
    played = await h.play(mover, where, code)
    assert "Sorry" not in played.content
    stale = await d.click(mover, picker.original, hint_id)
    assert stale.ephemeral and CHOICES not in stale.content and "Sorry" not in stale.content
    assert stale.content, "a clear answer"

    cancelled = await d.slash(d.ids["alice"], where, "game cancel")
    assert "cancelled" in cancelled.content
    ended = await d.slash(mover, where, "hint")
    assert ended.ephemeral and "no game" in ended.content.lower()


def _components(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The components of a message, out of their rows."""
    found: list[dict[str, Any]] = []
    for row in rows:
        inner = row.get("components")
        found += list(inner) if isinstance(inner, list) else [row]
    return found


@pytest.mark.parametrize("slug", GAMES)
async def test_game_learn_plays_a_whole_guided_game(sqlite_harness: Harness, slug: str) -> None:
    h, d = sqlite_harness, sqlite_harness.double
    quick(h)
    alice, channel = d.ids["alice"], d.ids["channel"]
    learned = await d.slash(alice, channel, "game learn", game=slug)
    assert "Sorry" not in learned.content
    welcome = await said(learned, "learning game has begun")
    where = await h.table(channel)
    assert where != channel, "in a thread of its own"
    row, state = await h.state(where)
    assert row.learning and not row.rated and row.status == "active"
    assert [s.robot for s in row.seats] == [False] + [True] * (len(row.seats) - 1)
    game, seat = get_game(slug), str(alice)
    if game.legal_moves(state, seat):
        assert BRIEF in welcome.content
    joined = await d.slash(d.ids["bob"], where, "game join")
    assert joined.ephemeral, "nobody else sits down"
    asked = await d.slash(alice, where, "hint")
    assert CHOICES in asked.content, "a learning game is casual"

    rng = Rng.from_seed(5)
    moves = 0
    while True:
        fresh = await h.live.store.get(row.id)
        assert fresh is not None
        if fresh.status != "active":
            break
        state = game.load(fresh.snapshot or {})
        legal = game.legal_moves(state, seat)
        assert legal, "after the robots' replies, Alice is to move"
        played = await h.play(alice, where, choose(game, state, seat, rng))
        assert "Sorry" not in played.content, played.content
        comment = await said(played, *COMMENTS, "It was your only move")
        moves += 1
        over = (await h.live.store.get(row.id) or fresh).status != "active"
        if not over:
            assert BRIEF in comment.content and "\n• " in comment.content, comment.content
    assert moves > 5 and fresh.status == "finished"
    assert await results_of(h.live.store, row.id) == [], "a learning game never counts"
    late = await d.slash(alice, where, "hint")
    assert late.ephemeral and late.content and CHOICES not in late.content
    final = await h.board(where, row.id)
    assert "alice used 1 hint" in final.text, final.text
    review = next(b for b, *_ in final.buttons() if b.startswith("ts:review:"))
    reviewed = await d.click(alice, final, review)
    assert "turning points" in (await said(reviewed, "🔎")).content


def picker_row(slug: str, state: State, *, rated: bool) -> GameRow:
    """A running table (not stored) of Alice and Bob… in ``state``."""
    game = get_game(slug)
    seats = [Seat(id=seat, name=f"P{seat}") for seat in game.seats(state)]
    return GameRow(
        id=5,
        guild_id=1,
        channel_id=2,
        slug=slug,
        status="active",
        host_id=seats[0].id,
        seats=seats,
        seed=3,
        options={},
        snapshot=game.dump(state),
        version=9,
        lobby_message_id=None,
        created_at=0.0,
        started_at=0.0,
        finished_at=None,
        rated=rated,
    )


@pytest.mark.parametrize("slug", GAMES)
def test_every_action_of_the_picker_says_what_it_does_and_hint_is_there_when_casual(
    slug: str,
) -> None:
    """Through a whole game: at each decision, the picker's page of actions gives each its
    one line of help (a single action's page of moves says it above them), and Hint is
    there at a casual table only."""
    game = get_game(slug)
    seats = [str(100 + n) for n in range(game.min_players)]
    state = game.setup(seats, seed=3, options=game.resolve_options({}))
    rng, english, menus = Rng.from_seed(3), lang("en"), 0
    while game.outcome(state) is None:
        seat = (game.waiting_for(state) or game.to_move(state))[0]
        legal = game.legal_moves(state, seat)
        groups = list(dict.fromkeys(game.move_group(state, seat, m) for m in legal))
        text, view = page_of(
            picker_row(slug, state, rated=False), seat, "top0", lang=english, opening=True
        )
        data = _components(view.to_components())
        if len(groups) == 1:
            assert str(action_help(game, groups[0])) in text
        else:
            [menu] = [c for c in data if str(c.get("custom_id")).startswith("ts:act:")]
            helps = [o.get("description") for o in menu["options"]]
            assert helps == [clip_help(str(action_help(game, g))) for g in groups[:25]]
            menus += 1
        assert "ts:hint:5:9" in [c.get("custom_id") for c in data]
        _, rated = page_of(
            picker_row(slug, state, rated=True), seat, "top0", lang=english, opening=True
        )
        assert "ts:hint:5:9" not in [c.get("custom_id") for c in _components(rated.to_components())]
        state, _ = game.play(state, seat, choose(game, state, seat, rng))
    # Trool Park asks one thing at a time (a card, a place, a booth…): never a menu.
    assert (menus == 0) == (slug == "troolpark"), menus
