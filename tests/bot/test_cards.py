"""The cards around a game (bot/cards.py) as pure functions: what the lobby, start and final
cards, the lobby's summary line and /rules say, for every game."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
import pytest

from bot.chat.views import cards
from bot.chat.views.components import OptionSelect
from bot.chat.views.messages import humanize
from bot.store import GameRow, Seat
from bot.table.service import public_view
from engine import GAMES, Rng, State, get_game
from engine.ai import level_notes
from i18n import LANGUAGES, lang
from renders.theme import token_words

NAMES = ("Alice", "Bob", "Chloé", "Dmitri", "Eve")

EN = lang("en")


def row_of(
    slug: str,
    seats: Sequence[Seat],
    *,
    status: str = "active",
    state: State | None = None,
    options: dict[str, str] | None = None,
    parent: int | None = None,
) -> GameRow:
    return GameRow(
        id=42,
        guild_id=7,
        channel_id=900,
        slug=slug,
        status=status,
        host_id=seats[0].id,
        seats=list(seats),
        seed=1,
        options=get_game(slug).resolve_options(options),
        snapshot=None if state is None else get_game(slug).dump(state),
        version=1,
        lobby_message_id=555,
        created_at=1000.0,
        started_at=1000.0,
        finished_at=None,
        parent_channel_id=parent,
    )


def people(count: int, robots: int = 0) -> list[Seat]:
    seats = [Seat(id=str(4_000_000_000_000 + i), name=NAMES[i]) for i in range(count - robots)]
    seats += [
        Seat(id=f"ai{i}", name=f"Robot {i}", ai=True, robot=True, ai_played=True, level="hard")
        for i in range(1, robots + 1)
    ]
    return seats


def finished(slug: str, seats: Sequence[Seat]) -> tuple[State, int]:
    """A whole game between AI players; the final state and how many moves it took."""
    game = get_game(slug)
    options = {"length": "rounds-10"} if slug == "disneyland" else None
    state = game.setup([s.id for s in seats], seed=5, options=options)
    rng = Rng.from_seed(9)
    moves = 0
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
        moves += 1
    return state, moves


def text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(parts)


def custom_ids(view: discord.ui.View | None) -> list[str]:
    assert view is not None
    return [str(getattr(item, "custom_id", "")) for item in view.children]


# ------------------------------------------------------------------ the player summary


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_has_a_five_line_player_summary(slug: str) -> None:
    """How to win and what a turn is, five lines of our own words."""
    lines = cards.summary_lines(slug, EN)
    assert len(lines) == 5
    assert all(0 < len(line) <= 120 for line in lines)
    assert any(word in lines[0].lower() for word in ("win", "most"))


def test_the_summary_is_the_engines_and_never_overflows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cards show ``Game.summary``; a longer text is cut to five lines of 120."""
    game = get_game("troolpark")
    assert cards.summary_lines("troolpark", EN) == game.summary
    monkeypatch.setattr(type(game), "summary", tuple(f"{n} " + "x" * 200 for n in range(7)))
    lines = cards.summary_lines("troolpark", EN)
    assert len(lines) == 5 and all(len(line) == 120 and line.endswith("…") for line in lines)


# ------------------------------------------------------------------ turn order, thread names


def test_turn_order_follows_each_games_own_order() -> None:
    seats = ["a", "b", "c"]
    dl = get_game("disneyland").setup(seats, seed=3)
    dl_view = get_game("disneyland").view(dl, None)
    assert cards.turn_order(dl_view) == dl_view["order"]  # the roll-off
    tp = get_game("troolpark").setup(seats, seed=3)
    tp_view = get_game("troolpark").view(tp, None)
    assert cards.turn_order(tp_view) == tp_view["slide"]  # from the bottom of the Fun Slide
    im_view = get_game("imagineers").view(get_game("imagineers").setup(seats, seed=3), None)
    first = seats.index(im_view["first"])
    assert cards.turn_order(im_view) == seats[first:] + seats[:first]
    assert cards.turn_order({"seats": seats}) == seats


def test_a_thread_is_named_after_the_game_and_its_players() -> None:
    """A thread's name: "Imagineers #42 · Alice, Bob, Chloé"."""
    row = row_of("imagineers", people(3))
    assert cards.thread_name(row) == "Imagineers #42 · Alice, Bob, Chloé"


def test_thread_names_are_sanitised_and_fit_discords_limit() -> None:
    hostile = [
        Seat(id="1", name="<@123> @everyone"),
        Seat(id="2", name="line\nbreak\u200bzero\u202ewidth"),
        Seat(id="3", name="Zoë 🎢 " + "x" * 40),
        Seat(id="4", name="   "),
        Seat(id="5", name="花子" * 16),
    ]
    name = cards.thread_name(row_of("disneyland", hostile))
    assert len(name) <= 100
    assert name.startswith("Disneyland #42 · ")
    assert not set("<>@`\n\u200b\u202e") & set(name)
    assert "Zoë 🎢" in name and "Player 4" in name
    many = [Seat(id=str(i), name="W" * 32) for i in range(5)]
    packed = cards.thread_name(row_of("adventureland", many[:4]))
    assert len(packed) <= 100 and packed.count("…") == 4, "names shortened, all still there"


# ------------------------------------------------------------------ the lobby card


def test_the_lobby_card_shows_seats_tokens_robot_levels_and_the_hosts_menus() -> None:
    """Seats with colours and shapes, each robot's level, open seats, and a
    menu for each of this game's options only (plus the rating, the pace and the language:
    the rating and the pace in one menu where the game's own leave no room)."""
    seats = people(3, robots=1)
    row = row_of("imagineers", seats, status="lobby", options={"side": "night"})
    card = cards.lobby_card(row)
    body = text(card.embed)
    assert f"{token_words(0)} — **Alice** (host)" in body
    assert f"{token_words(1)} — **Bob**" in body
    assert f"{token_words(2)} — **Robot 1** 🤖 (hard)" in body
    assert f"{token_words(3)} — *open seat*" in body
    assert "Night side" in body and "Pace: **live**" in body
    ids = custom_ids(card.view)
    assert (
        "ts:opt:42:0:side" in ids and "ts:opt:42:0:table" in ids and "ts:opt:42:0:language" in ids
    )
    assert not any(i.endswith((":length", ":variant", ":slide", ":pace", ":rated")) for i in ids)
    roomy = set(custom_ids(cards.lobby_card(row_of("troolpark", seats, status="lobby")).view))
    assert {
        "ts:opt:42:0:slide",
        "ts:opt:42:0:rated",
        "ts:opt:42:0:pace",
        "ts:opt:42:0:language",
    } <= roomy
    assert "ts:opt:42:0:table" not in roomy, "a game with room keeps the rating and pace apart"
    assert card.view is not None
    side = next(c for c in card.view.children if getattr(c, "custom_id", "") == "ts:opt:42:0:side")
    assert isinstance(side, OptionSelect) and isinstance(side.item, discord.ui.Select)
    assert [(o.value, o.default) for o in side.item.options] == [("day", False), ("night", True)]
    closed = cards.lobby_card(row_of("imagineers", seats, status="active"))
    assert closed.view is None and "*open seat*" not in text(closed.embed)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("slug", GAMES)
def test_an_option_line_never_repeats_its_label_in_the_value(slug: str, code: str) -> None:
    """Each option line of the lobby card reads "what it is: **which value**": the value,
    for every value of every option, in every language, never starts by saying again the
    option's name (the part of its description before a colon, or the whole)."""
    reader = lang(code)
    for spec in get_game(slug).options:
        name = reader.say(spec.description).split(":")[0].strip().casefold()
        for value in spec.choices:
            row = row_of(slug, people(2), status="lobby", options={spec.name: value})
            line = next(
                line
                for line in cards.option_lines(row, reader)
                if line.startswith(reader.say(spec.description))
            )
            shown = line.split("**")[1].casefold()
            assert not shown.startswith(name), line


# ------------------------------------------------------------------ the start card


@pytest.mark.parametrize("slug", GAMES)
def test_the_start_card_gives_turn_order_tokens_summary_and_the_rules_button(slug: str) -> None:
    """One message with the turn order, each player's colour and shape,
    five lines on how to win and what a turn is, and the full rules one button away."""
    game = get_game(slug)
    seats = people(game.min_players + 1, robots=1)
    state = game.setup([s.id for s in seats], seed=4)
    row = row_of(slug, seats, state=state)
    view = public_view(row, state)
    card = cards.start_card(row, view)
    body = text(card.embed)
    for line in cards.summary_lines(slug, EN):
        assert line in body
    order = card.embed.fields[0]
    assert order.name == "Turn order"
    listed = (order.value or "").splitlines()
    assert len(listed) == len(seats)
    for place, seat_id in enumerate(cards.turn_order(view), start=1):
        seat = row.seat(seat_id)
        assert seat is not None
        index = [s.id for s in seats].index(seat_id)
        assert listed[place - 1].startswith(f"{place}. {token_words(index)} — **{seat.name}**")
    assert not any(s.id in body for s in seats if not s.robot), "names, never seat ids"
    assert custom_ids(card.view) == [f"ts:rules:{slug}"]


# ------------------------------------------------------------------ the final card


@pytest.mark.parametrize("slug", GAMES)
def test_the_final_card_ranks_with_medals_breakdown_units_result_and_length(slug: str) -> None:
    """Ranked results with medals, each score by
    category in its unit, the result in plain words without seat ids, the game's length,
    and Rematch / Replay."""
    game = get_game(slug)
    seats = people(game.max_players, robots=1)
    state, moves = finished(slug, seats)
    row = row_of(slug, seats, state=state, status="finished")
    row.finished_at = row.started_at + 3 * 3600 + 5 * 60  # type: ignore[operator]
    view = public_view(row, state)
    card = cards.final_card(row, view, ["the last move"], moves=moves, seconds=3 * 3600 + 300)
    body = text(card.embed)
    outcome = game.outcome(state)
    assert outcome is not None
    unit = view["standings"]["unit"]
    ranked = [f for f in card.embed.fields if f.name and f.name[0] in "🥇🥈🥉123456789"]
    assert len(ranked) == len(seats)
    ranks = [outcome.ranks[s] for s in sorted(outcome.ranks, key=lambda s: outcome.ranks[s])]
    for field, rank in zip(ranked, ranks, strict=True):
        assert (field.name or "").startswith(cards.medal(rank))
    for seat in seats:
        line = next(f for f in ranked if f"**{seat.name}**" in (f.name or ""))
        assert f"— {EN.number(outcome.scores[seat.id])} {unit}" in (line.name or "")
        for label, points in view["standings"]["breakdown"][seat.id]:
            assert f"{label} {EN.number(points)}" in (line.value or "")
    assert "🤖 robot (hard)" in body
    result = card.embed.description or ""
    assert result.startswith(humanize(view["standings"]["result"], row.names))
    assert not any(re.search(rf"(?<!\d){s.id}(?!\d)", body) for s in seats if not s.robot)
    assert f"{moves} moves" in result and "3 h 5 min" in result
    if "round" in view:
        assert re.search(r"\d+ rounds", result)
    assert custom_ids(card.view) == ["ts:rematch:42", "ts:replay:42", "ts:review:42"]
    assert len(body) <= 6000


def test_the_final_card_does_not_repeat_the_result_under_last_move() -> None:
    """Disneyland's last event is "Game over: <the result>": the card says it once."""
    seats = people(3)
    state, moves = finished("disneyland", seats)
    row = row_of("disneyland", seats, state=state, status="finished")
    view = public_view(row, state)
    result = view["standings"]["result"]
    first = seats[0]
    events = [f"{first.id} rented Robin Hood 3 for 100", f"Game over: {result}"]
    card = cards.final_card(row, view, events, moves=moves, seconds=60.0)
    last = next(f for f in card.embed.fields if f.name == "Last move")
    assert last.value == f"• **{first.name}** rented Robin Hood 3 for 100"
    assert text(card.embed).count(humanize(result, row.names)) == 1


def test_the_final_card_counts_rounds_played_not_the_next_one() -> None:
    """Disneyland's round counter moves on to round 11 when the 10th, the last, ends."""
    view: dict[str, Any] = {"round": 11, "rounds_limit": 10}
    assert cards.length_words(view, 50, 59.0, lang=EN) == "50 moves · 10 rounds · under a minute"
    assert (
        cards.length_words({"round": 7}, 1, 3 * 86400 + 7200, lang=EN)
        == "1 move · 7 rounds · 3 d 2 h"
    )
    assert cards.length_words({}, 12, 600, lang=EN) == "12 moves · 10 min"


# ------------------------------------------------------------------ the summary line


def test_the_lobby_message_becomes_one_line_with_a_link_then_the_result() -> None:
    seats = people(3)
    state, _ = finished("troolpark", seats)
    playing = row_of("troolpark", seats, parent=800)
    line = cards.summary_line(playing, None)
    assert line.startswith("🎲 **Trool Park #42** · Alice, Bob, and Chloé")  # Babel's list
    assert "(https://discord.com/channels/7/900)" in line and "\n" not in line
    over = row_of("troolpark", seats, parent=800, status="finished", state=state)
    view = public_view(over, state)
    outcome = get_game("troolpark").outcome(state)
    assert outcome is not None
    done = cards.summary_line(over, view)
    winner = next(s.name for s in seats if outcome.ranks[s.id] == 1)
    assert done.startswith(f"🏁 **Trool Park #42** — {winner} won") and "Visitors" in done
    for seat in seats:
        assert f"{seat.name} {EN.number(outcome.scores[seat.id])}" in done
    assert "channels/7/900" in done and "\n" not in done
    cancelled = cards.summary_line(row_of("troolpark", seats, status="cancelled"), None)
    assert cancelled.startswith("🛑") and "cancelled" in cancelled and "http" not in cancelled
    in_place = cards.summary_line(row_of("troolpark", seats), None)
    assert "below" in in_place and "http" not in in_place


# ------------------------------------------------------------------ /rules


@pytest.mark.parametrize("slug", GAMES)
def test_rules_lead_with_the_summary_and_keep_the_notes_second(slug: str) -> None:
    """/rules leads with the player summary; the notes on reconstructed
    data and rulings come second, all within Discord's embed limits."""
    embed, notes = cards.rules_card(slug, lang=EN)
    description = embed.description or ""
    assert description.startswith("**How to win, what a turn is**")
    assert all(line in description for line in cards.summary_lines(slug, EN))
    assert "reconstruct" in (embed.fields[0].name or "").lower()
    levels = embed.fields[1]
    assert levels.name == EN.say(cards.ROBOT_LEVELS), "each robot level in one line"
    assert (levels.value or "").splitlines() == [
        f"**{level}** — {line}" for level, line in level_notes(get_game(slug)).items()
    ]
    assert len(text(embed)) <= 6000 and len(embed.fields) <= 25
    assert b"reconstructed" in notes.lower()


def test_the_list_of_a_channels_threads_fits_one_message() -> None:
    long = [Seat(id=str(i), name="N" * 32) for i in range(5)]
    rows = [row_of("disneyland", long, parent=800) for _ in range(30)]
    listed = cards.threads_list(rows, lang=EN)
    assert len(listed) <= 2000 and listed.endswith("more")
    assert listed.count("open the thread") + int(listed.rsplit(" ", 2)[-2]) == 30
    short = cards.threads_list(rows[:2], lang=EN)
    assert short.count("\n🎲 **Disneyland #42**") == 2 and "more" not in short
