"""How public updates read (docs/ARCHITECTURE.md §3, §9): names instead of ids,
the first line of a long turn kept with the latest, Discord's embed limits, whose turn it is,
the standings in order with ranks and units, and only the new movers pinged."""

from __future__ import annotations

import itertools

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chat.presenter import event_lines, ping_line, plan_for, turn_embed
from bot.chat.views.messages import (
    MAX_EVENT_LINES,
    fold,
    humanize,
    not_your_turn,
    relabel,
    seat_named,
    seat_token,
    standings_lines,
    whose_turn,
)
from bot.store import GameRow, LoggedMove, Seat
from bot.table.service import public_view
from engine import GAMES, Move, Rng, State, get_game
from engine.text import tx, txn
from i18n import LANGUAGES, lang

ALICE, BOB, CAROL = "123456789012345678", "223456789012345678", "323456789012345678"
EN = lang("en")


def row_for(slug: str, seats: list[Seat], **turn: object) -> GameRow:
    row = GameRow(
        id=42,
        guild_id=1,
        channel_id=2,
        slug=slug,
        status="active",
        host_id=seats[0].id,
        seats=seats,
        seed=3,
        options={},
        snapshot=None,
        version=1,
        lobby_message_id=None,
        created_at=0.0,
        started_at=0.0,
        finished_at=None,
    )
    for key, value in turn.items():
        setattr(row, key, value)
    return row


def played(slug: str, seats: list[str], steps: int, seed: int = 1) -> State:
    game = get_game(slug)
    state = game.setup(seats, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
    return state


def test_seat_ids_become_names_but_numbers_stay() -> None:
    names = {ALICE: "Alice", "ai1": "Robot 1"}
    text = humanize(f"{ALICE} paid 100 to ai1 for square 12", names)
    assert text == "**Alice** paid 100 to **Robot 1** for square 12"
    assert humanize(f"{ALICE} won", {ALICE: "*star*"}) == "**\\*star\\*** won"
    relabelled = relabel([Move("trade:with:ai1", "Trade titles with ai1")], names, lang=EN)
    assert relabelled[0].label == ("Trade titles with Robot 1")


def test_a_long_turn_keeps_its_first_line_and_the_latest() -> None:
    """Folded, not lost — the first line (a step's own news), a count of
    those left out, and the latest lines."""
    lines = [f"line {i}" for i in range(40)]
    folded = fold(lines, lang=EN)
    assert len(folded) == MAX_EVENT_LINES
    assert folded[0] == "line 0" and folded[-1] == "line 39"
    assert folded[1] == f"… {40 - MAX_EVENT_LINES + 1} more (`/game log`)"
    assert folded[2] == f"line {40 - MAX_EVENT_LINES + 2}"
    assert fold(lines[:5], lang=EN) == lines[:5]


def test_whose_turn_names_the_mover_with_token_and_colour() -> None:
    """The turn line says the seat's shape and colour in words, as the
    cards do (the table order of the seats decides)."""
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob")]
    row = row_for("disneyland", seats)
    game = get_game("disneyland")
    state = game.setup([ALICE, BOB], seed=3)
    mover = game.to_move(state)[0]
    token = {ALICE: "● orange", BOB: "▲ sky blue"}[mover]
    name = "Alice" if mover == ALICE else "Bob"
    assert whose_turn(row, state, lang=EN) == f"{token} — **{name}**: your turn"
    assert seat_token(row, mover) == token and seat_token(row, "nobody") == ""


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_a_seat_the_ai_plays_is_never_told_your_turn(slug: str, code: str) -> None:
    """Whenever a robot (or a person's seat the AI has taken over) is to move, through a
    whole game, the turn line says it is thinking, never "your turn"; the people to move
    are told it is their turn. In every language."""
    reader = lang(code)
    game = get_game(slug)
    people = [Seat(ALICE, "Alice"), Seat(BOB, "Bob", ai=True)]
    robots = [Seat("ai1", "Robot 1", ai=True, robot=True, level="easy")]
    row = row_for(slug, [*people, *robots][: max(3, game.min_players)])
    ids = [s.id for s in row.seats]
    yours = reader.say(txn("{seats}: your turn", "{seats}: your turn", 1, seats="@"))
    your_turn = yours.split("@", 1)[1]
    state = game.setup(ids, seed=5)
    rng = Rng.from_seed(5)
    seen: set[str] = set()
    for _ in range(400):
        if game.is_over(state):
            break
        lines = whose_turn(row, state, lang=reader).split("\n")
        for seat in game.waiting_for(state):
            named = reader.say(seat_named(row, seat))
            line = next(line for line in lines if line.startswith(named) or f", {named}" in line)
            thinking = reader.say(tx("{seat} is thinking…", seat=seat_named(row, seat)))
            player = row.seat(seat)
            assert player is not None
            if player.ai:
                assert line == thinking and your_turn not in line, line
                seen.add("ai")
            else:
                assert line.endswith(your_turn), line
                seen.add("person")
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
    assert seen == {"ai", "person"}


def test_a_simultaneous_choice_says_who_has_chosen() -> None:
    """Trool Park's secret choice: one line for those still choosing, ✓ for the others."""
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(CAROL, "Carol")]
    row = row_for("troolpark", seats)
    game = get_game("troolpark")
    state = game.setup([ALICE, BOB, CAROL], seed=2)
    rng = Rng.from_seed(2)
    while state["queue"]:
        seat = game.to_move(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
    state, _ = game.play(state, BOB, game.legal_moves(state, BOB)[0].code)
    text = whose_turn(row, state, lang=EN)
    assert "✓ ▲ sky blue — **Bob** has chosen" in text
    first = text.split("\n")[0]
    assert "● orange — **Alice**" in first and "■ navy — **Carol**" in first
    assert "**Bob**" not in first and first.endswith(": your turn")


def test_standings_are_in_order_with_ranks_and_units() -> None:
    """Scores in order, with rank and unit; ties share a rank; each seat with
    its token in words."""
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(CAROL, "Carol")]
    row = row_for("imagineers", seats)
    state = played("imagineers", [ALICE, BOB, CAROL], 60)
    lines = standings_lines(row, state, lang=EN)
    scores = get_game("imagineers").scores(state)
    shown = sorted(scores.values(), reverse=True)
    assert [int(line.split("**: ")[1].split()[0]) for line in lines] == shown
    assert all(line.endswith(" fame") for line in lines)
    assert lines[0].startswith("1. ")
    for before, after in itertools.pairwise(lines):
        rank_b, rank_a = int(before.split(".")[0]), int(after.split(".")[0])
        assert rank_a >= rank_b
    tokens = {"**Alice**": "● orange", "**Bob**": "▲ sky blue", "**Carol**": "■ navy"}
    for line in lines:
        name = next(n for n in tokens if n in line)
        assert f"{tokens[name]} — {name}:" in line


def test_only_the_new_movers_are_pinged_and_never_a_robot() -> None:
    """The first message of a turn pings the seats that became to move
    (people only); an edit pings nobody; a re-post pings nobody."""
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat("ai1", "Robot 1", ai=True)]
    state = get_game("troolpark").setup([ALICE, BOB, "ai1"], seed=4)
    owed = row_for(
        "troolpark",
        seats,
        turn_message_id=9,
        turn_version=5,
        turn_posted_for=3,
        turn_pings=[BOB, "ai1"],
    )
    plan = plan_for(owed, state)
    assert plan.post and [s.id for s in plan.pings] == [BOB]
    assert ping_line(plan.pings, lang=EN) == f"<@{BOB}> — your turn"
    same_turn = row_for("troolpark", seats, turn_message_id=9, turn_version=5, turn_posted_for=5)
    assert plan_for(same_turn, state).post is False
    assert plan_for(same_turn, state, repost=True).pings == []
    assert ping_line([], lang=EN) is None


def test_not_your_turn_says_whose_it_is() -> None:
    assert not_your_turn(["Bob"]) == "Not your turn — Bob is to move."
    assert not_your_turn(["Bob", "*C*", "Dee"]) == (
        "Not your turn — Bob, \\*C\\* and Dee are to move."
    )
    assert not_your_turn(["<@1>"], markdown=False) == "Not your turn — <@1> is to move."


def logged(events: list[str]) -> list[LoggedMove]:
    return [LoggedMove(1, ALICE, "x", events, 0.0)]


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.text(max_size=400), max_size=60),
    st.text(min_size=1, max_size=32),
    st.text(max_size=300),
)
def test_any_turn_message_fits_discord(events: list[str], name: str, headline: str) -> None:
    """docs/ARCHITECTURE.md §9: title ≤ 256, description ≤ 4096, total ≤ 6000, whatever the events,
    names and headline; the turn line and the standings always survive."""
    seats = [Seat(ALICE, name), Seat(BOB, name[::-1] or "b")]
    row = row_for("disneyland", seats)
    state = get_game("disneyland").setup([ALICE, BOB], seed=5)
    lines = event_lines(row, logged([f"{ALICE} {e}" for e in events]), lang=EN)
    embed = turn_embed(row, state, public_view(row, state), lines, headline, lang=EN)
    assert isinstance(embed, discord.Embed)
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert len(embed) <= 6000
    assert "your turn" in (embed.description or "")
    assert "**Standings**" in (embed.description or "")
