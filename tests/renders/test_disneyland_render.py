"""Disneyland images: real mid-game and final states, PNG limits, no hidden information."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import Rng, get_game
from engine.disneyland import data
from renders import ENGLISH, disneyland, text, theme
from tests.renders.images import check_png

GAME = get_game("disneyland")
NAMES = {"u0": "Alice", "u1": "Bertrand", "u2": "Chloé", "u3": "Dmitri", "u4": "Esmeralda"}


def _ai_game(players: int, seed: int, moves: int, length: str = "none") -> dict[str, Any]:
    state = GAME.setup([f"u{i}" for i in range(players)], seed, {"length": length})
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = GAME.to_move(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def _with_offer(state: dict[str, Any]) -> dict[str, Any]:
    """The same game with the player to move offering a swap of titles."""
    seat = GAME.to_move(state)[0]
    opening = next(m.code for m in GAME.legal_moves(state, seat) if m.code.startswith("trade:w"))
    state, _ = GAME.play(state, seat, opening)
    for verb in ("give", "take"):
        title = next(m.code for m in GAME.legal_moves(state, seat) if f":{verb}:" in m.code)
        state, _ = GAME.play(state, seat, title)
    state, _ = GAME.play(state, seat, "trade:money:+100")
    state, _ = GAME.play(state, seat, "trade:propose")
    return state


def _public(state: dict[str, Any]) -> dict[str, Any]:
    view: dict[str, Any] = GAME.view(state, None)
    view["names"] = NAMES
    return view


def _states() -> list[dict[str, Any]]:
    mid = _ai_game(5, 3, 120)
    return [
        GAME.setup(list(NAMES), 1),  # five pawns on Start
        mid,
        _with_offer(_ai_game(3, 5, 40)),
        _ai_game(3, 4, 5000, "rounds-20"),  # final
        _ai_game(4, 7, 5000),  # played to the end or far, with eliminations
    ]


@pytest.mark.parametrize("index", range(5))
def test_board_is_a_phone_shaped_png_within_limits(index: int) -> None:
    state = _states()[index]
    check_png(
        disneyland.board(_public(state), lang=ENGLISH), disneyland.height(len(state["seats"]))
    )


def test_board_shows_the_pending_offer_and_owner_bands() -> None:
    state = _with_offer(_ai_game(3, 5, 40))
    with_offer = disneyland.board(_public(state), lang=ENGLISH)
    without = dict(state, trade=None, phase="start")
    assert disneyland.board(_public(without), lang=ENGLISH) != with_offer
    unowned = dict(state, owners={})
    assert disneyland.board(_public(unowned), lang=ENGLISH) != with_offer


def test_public_board_does_not_depend_on_deck_order() -> None:
    """Deck order is hidden: two states differing only in it give identical images."""
    state = _ai_game(4, 11, 60)
    shuffled = dict(state, decks={name: pile[::-1] for name, pile in state["decks"].items()})
    assert disneyland.board(_public(state), lang=ENGLISH) == disneyland.board(
        _public(shuffled), lang=ENGLISH
    )


def test_log_lines_and_phase_use_display_names() -> None:
    """Seat ids (Discord ids in production) never reach the image's text lines."""
    view = _public(_ai_game(3, 2, 31))
    named = theme.with_names(view, ENGLISH)
    text = " ".join([named["phase"], *named["last"]])
    assert any(seat in " ".join([view["phase"], *view["last"]]) for seat in view["seats"])
    assert not any(seat in text for seat in view["seats"])
    assert any(name in text for name in NAMES.values())


@pytest.mark.parametrize("seat", ["u0", "u2"])
def test_hand_summarises_a_seats_cash_and_titles(seat: str) -> None:
    state = _ai_game(3, 8, 90)
    view = GAME.view(state, seat)
    view["names"] = NAMES
    check_png(disneyland.hand(view, lang=ENGLISH))
    other = dict(state, owners={k: v for k, v in state["owners"].items() if v != seat})
    changed = GAME.view(other, seat)
    changed["names"] = NAMES
    assert view["titles"][seat]
    assert disneyland.hand(changed, lang=ENGLISH) != disneyland.hand(view, lang=ENGLISH)


def _drawn(monkeypatch: pytest.MonkeyPatch, state: dict[str, Any]) -> list[str]:
    """Every string drawn on the public board of ``state``."""
    return _drawn_by(monkeypatch, lambda: disneyland.board(_public(state), lang=ENGLISH))


def _drawn_by(monkeypatch: pytest.MonkeyPatch, image: Callable[[], bytes]) -> list[str]:
    """Every string drawn while ``image`` is made."""
    drawn: list[str] = []
    original = text.draw

    def record(*args: Any, **kwargs: Any) -> Any:
        drawn.append(str(args[2]))
        return original(*args, **kwargs)

    monkeypatch.setattr(text, "draw", record)
    check_png(image())
    monkeypatch.setattr(text, "draw", original)
    return drawn


def test_offer_box_names_who_wrote_the_terms_and_says_them_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES.md, exchanges with counter-offers: the box says who wrote the terms for whom
    and what each side gives in words (titles by name, the balance in francs), while it
    is written and once offered; a counter-offer is named so, written by the other side."""
    base = _ai_game(3, 5, 40)
    maker = GAME.to_move(base)[0]
    opening = next(m.code for m in GAME.legal_moves(base, maker) if m.code.startswith("trade:w"))
    draft, _ = GAME.play(base, maker, opening)
    words = _drawn(monkeypatch, draft)
    partner = GAME.view(draft, None)["trade"]["with"]
    assert f"{NAMES[maker]}'s exchange offer so far (not sent yet)" in words
    assert f"{NAMES[partner]} gives no title yet" in words

    offer = _with_offer(base)
    terms = GAME.view(offer, None)["trade"]
    words = _drawn(monkeypatch, offer)
    assert f"Exchange offer from {NAMES[maker]} to {NAMES[partner]}" in words
    given = ", ".join(data.square_name(sq) for sq in terms["give"])
    assert f"{NAMES[maker]} gives {given} + 100 francs" in words

    countering, _ = GAME.play(offer, partner, "trade:counter")
    extra = next(
        m.code
        for m in GAME.legal_moves(countering, partner)
        if m.code.startswith("trade:take:") and int(m.code.rsplit(":", 1)[1]) not in terms["give"]
    )
    countering, _ = GAME.play(countering, partner, extra)
    counter, _ = GAME.play(countering, partner, "trade:propose")
    words = _drawn(monkeypatch, counter)
    assert f"Counter-offer from {NAMES[partner]} to {NAMES[maker]}" in words
    assert not any(seat in line.split() for line in words for seat in NAMES)


def test_an_open_vote_is_on_the_board_and_each_answer_only_on_its_own_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES.md, Agreeing on a length during the game: the board says what is voted on and
    how many have answered, never what; a voter's hand shows its own answer."""
    state = GAME.setup(list(NAMES)[:3], 2, {"length": "open"})
    state, _ = GAME.play(state, GAME.to_move(state)[0], "propose:now")
    voter = GAME.to_move(state)[0]
    answered, _ = GAME.play(state, voter, "vote:no")
    other = dict(answered, vote={**answered["vote"], "ballots": {voter: "yes"}})
    assert disneyland.board(_public(answered), lang=ENGLISH) == disneyland.board(
        _public(other), lang=ENGLISH
    )
    words = " ".join(_drawn(monkeypatch, answered))
    assert "proposal to end the game now: 1 of 2 answered" in words

    def hand_words(view: dict[str, Any]) -> str:
        view["names"] = NAMES
        return " ".join(_drawn_by(monkeypatch, lambda: disneyland.hand(view, lang=ENGLISH)))

    assert "your answer: against" in hand_words(GAME.view(answered, voter))
    waiting = GAME.waiting_for(answered)[0]
    assert "you have not answered the vote yet" in hand_words(GAME.view(answered, waiting))
    assert "answer" not in hand_words(GAME.view(state, state["vote"]["by"])), "the proposer"
