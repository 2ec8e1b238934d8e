"""How public updates read (DESIGN.md §3, §9): names instead of ids, the move's own first
line kept when robots add many more, Discord's 2000-character limit, who moves next."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.messages import MAX_EVENT_LINES, humanize, relabel, table_text
from bot.store import GameRow, Seat
from engine import Move, get_game

ALICE, BOB = "123456789012345678", "223456789012345678"


def row_for(slug: str, seats: list[Seat]) -> GameRow:
    return GameRow(
        id=1,
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


def test_seat_ids_become_names_but_numbers_stay() -> None:
    names = {ALICE: "Alice", "ai1": "Robot 1"}
    text = humanize(f"{ALICE} paid 100 to ai1 for square 12", names)
    assert text == "**Alice** paid 100 to **Robot 1** for square 12"
    assert humanize(f"{ALICE} won", {ALICE: "*star*"}) == "**\\*star\\*** won"
    assert relabel([Move("trade:with:ai1", "Trade titles with ai1")], names)[0].label == (
        "Trade titles with Robot 1"
    )


def test_a_long_update_keeps_its_first_line_and_the_latest() -> None:
    seats = [Seat(ALICE, "Alice"), Seat("ai1", "Robot 1", ai=True, robot=True)]
    row = row_for("disneyland", seats)
    state = get_game("disneyland").setup([s.id for s in seats], seed=3)
    events = [f"{ALICE} revealed everything"] + [f"ai1 did thing {i}" for i in range(40)]
    text = table_text(row, state, events)
    assert "**Alice** revealed everything" in text
    assert "ai1 did thing 39" not in text and "**Robot 1** did thing 39" in text
    assert "**Robot 1** did thing 0\n" not in text
    assert text.count("• ") == MAX_EVENT_LINES
    assert len(text) <= 2000


def test_the_next_player_is_mentioned_and_robots_are_not() -> None:
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob")]
    row = row_for("troolpark", seats)
    game = get_game("troolpark")
    state = game.setup([s.id for s in seats], seed=1)
    text = table_text(row, state, ["x" * 3000])
    assert len(text) <= 2000
    waiting = game.waiting_for(state)
    assert all(f"<@{seat}>" in text for seat in waiting)


@given(
    st.lists(st.text(max_size=400), max_size=60),
    st.text(min_size=1, max_size=32),
)
def test_any_update_fits_discord_and_keeps_the_mentions(events: list[str], name: str) -> None:
    """DESIGN.md §9: content ≤ 2000 characters, whatever the events and display names."""
    seats = [Seat(ALICE, name), Seat(BOB, name[::-1] or "b")]
    row = row_for("disneyland", seats)
    state = get_game("disneyland").setup([s.id for s in seats], seed=5)
    text = table_text(row, state, [f"{ALICE} {e}" for e in events])
    assert len(text) <= 2000
    assert all(f"<@{seat}>" in text for seat in get_game("disneyland").waiting_for(state))
