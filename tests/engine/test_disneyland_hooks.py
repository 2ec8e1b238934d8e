"""Disneyland: the turn message's hooks, citing the rulebook.

Hidden: the order of the chance and surprise decks and, while a vote on the length is
open, the other players' answers. Every move is public. Undoable: a step with no dice and
no card that keeps the same player to move in the same turn (writing an exchange, paying
to leave Prison, surrendering while still short). Announced: a card drawn, an
elimination, the agreed time up, a vote counted, the end.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import LEADER, Rng
from engine.core import clone
from engine.disneyland import data, votes
from tests.engine.disneyland_support import GAME, own, play, rig_dice, set_cash, table
from tests.engine.table_hooks import Secrets, Tally, check_summary, hooks_playout
from tests.engine.test_disneyland_playouts import rambler

State = dict[str, Any]


def scramble(state: State, rng: Rng) -> State:
    """Shuffle both decks and change the answers of an open vote: the hidden things."""
    copy: State = clone(state)
    for pile in copy["decks"].values():
        rng.shuffle(pile)
    vote = copy["vote"]
    if vote is not None and vote["result"] is None:
        for seat in vote["ballots"]:
            vote["ballots"][seat] = rng.choice(votes.ANSWERS)
    return copy


def hidden_words(state: State) -> set[str]:
    """The text of the next card of each deck (not drawn yet, so unknown)."""
    return {data.CARDS[pile[0]].text for pile in state["decks"].values()}


SECRETS = Secrets(scramble, hidden_words, piles=("decks",))


def test_hooks_hold_over_random_games() -> None:
    """2–5 players, 20 rounds: the checks of tests/engine/table_hooks.py at every step.
    Every move is public; only no-dice, no-card steps inside a turn are undoable."""
    tally = Tally()
    for players in (2, 3, 4, 5):
        options = {"length": "rounds-20"}
        for seed in (5, 6):
            hooks_playout(GAME, players, seed, SECRETS, tally, options=options, chooser=rambler)
    assert not tally.private, "nothing is hidden in a move"
    assert {"roll", "rent", "decline", "trade"} <= set(tally.public)
    assert "trade" in tally.undoable
    assert set(tally.undoable) <= {"trade", "prison", "surrender"}
    assert "roll" in tally.announces


def test_hooks_hold_over_games_that_vote_on_their_length() -> None:
    """Preparation (P5) and End of the Game (N2): in games without an agreed length the
    players propose lengths and answer; the answers stay hidden (the public view, moves
    and labels do not change with them), a proposal or an answer is never undoable and a
    counted vote is news."""
    tally = Tally()
    for players in (2, 3, 5):
        hooks_playout(GAME, players, 7, SECRETS, tally, options={"length": "open"}, chooser=rambler)
    assert not tally.private and {"propose", "vote"} <= set(tally.public)
    assert not {"propose", "vote"} & set(tally.undoable)
    assert "vote" in tally.announces


def test_preparation_a_vote_on_the_length_answers_are_the_same_buttons_for_everyone() -> None:
    """Preparation (P5: the players may agree on the length): every voter gets the same
    three answers, whatever anyone answered, so one set of buttons serves the table; the
    events say only who has answered; the vote closing is news."""
    state, _ = play(table(4, length="open"), "p1", "propose:10")
    answers = [m.code for m in GAME.public_moves(state, "p2")]
    assert answers == ["vote:yes", "vote:no", "vote:follow"]
    assert GAME.move_group(state, "p2", GAME.legal_moves(state, "p2")[0]) == (
        "Vote on ending the game"
    )
    after, events = play(state, "p2", "vote:no")
    assert events == ["p2 has voted"] and not GAME.undoable(state, after, "p2")
    assert GAME.public_moves(after, "p3") == GAME.public_moves(state, "p3")
    assert GAME.public_moves(after, "p2") == GAME.public_moves(state, "p2")
    assert not GAME.announces(state, after)
    after, _ = play(after, "p3", "vote:yes")
    closed, _ = play(after, "p4", "vote:follow")
    assert GAME.announces(after, closed) and GAME.to_move(closed) == ["p1"]


def test_rulebook_nothing_but_the_decks_is_hidden_so_every_move_is_public() -> None:
    """Preparation and The Squares of the Board: money, titles and pawns lie open; only
    the cards wait face down, and no move depends on them."""
    state = own(table(3), "p1", 6)
    own(state, "p2", 7)
    assert GAME.public_moves(state, "p1") == GAME.legal_moves(state, "p1")
    assert [m.code for m in GAME.public_moves(state, "p1")] == ["roll", "trade:with:p2"]
    unagreed = own(table(3, length="open"), "p1", 6)
    assert GAME.public_moves(unagreed, "p1") == GAME.legal_moves(unagreed, "p1")
    groups = {GAME.move_group(unagreed, "p1", m) for m in GAME.legal_moves(unagreed, "p1")}
    assert groups == {"Roll the dice", "Propose to end the game"}


# ------------------------------------------------------------------- undo


def test_exchange_of_rental_titles_writing_an_offer_is_undoable_until_it_is_sent() -> None:
    """Exchange of Rental Titles: before rolling, the player writes an offer step by step;
    each step may be taken back until the offer is sent to the other player."""
    state = own(table(3), "p1", 6, 15)
    own(state, "p2", 7, 16)
    for code in ("trade:with:p2", "trade:give:15", "trade:take:7", "trade:money:+50"):
        after, _ = play(state, "p1", code)
        assert GAME.undoable(state, after, "p1"), code
        assert not GAME.announces(state, after)
        state = after
    after, _ = play(state, "p1", "trade:propose")
    assert GAME.to_move(after) == ["p2"] and not GAME.undoable(state, after, "p1")


def test_exchange_of_rental_titles_a_counter_offer_is_undoable_the_answer_is_not() -> None:
    """Exchange of Rental Titles ("they will both be interested"): the other player writes
    a counter-offer step by step (undoable); accepting hands the turn back (not)."""
    state = own(table(3), "p1", 6, 15)
    own(state, "p2", 7, 16)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:15", "trade:take:7", "trade:propose")
    for code in ("trade:counter", "trade:money:-50", "trade:cancel"):
        after, _ = play(state, "p2", code)
        assert GAME.to_move(after) == ["p2"] and GAME.undoable(state, after, "p2"), code
        state = after
    after, _ = play(state, "p2", "trade:accept")
    assert GAME.to_move(after) == ["p1"] and not GAME.undoable(state, after, "p2")


def test_start_of_the_game_a_roll_is_never_undoable() -> None:
    """Start of the Game: a roll of the dice is chance, even when the same player then
    decides whether to rent (The Squares: a free attraction may be rented)."""
    state = table(2)
    after, _ = play(rig_dice(state, 1, 1), "p1", "roll")
    assert after["phase"] == "rent" and GAME.to_move(after) == ["p1"]
    assert not GAME.undoable(state, after, "p1")


def test_squares_renting_or_not_ends_the_turn_so_is_not_undoable() -> None:
    """The Squares of the Board: the player rents (or not) and the turn passes on."""
    state, _ = play(rig_dice(table(2), 1, 1), "p1", "roll")
    for code in ("rent", "decline"):
        after, _ = play(state, "p1", code)
        assert GAME.to_move(after) == ["p2"] and not GAME.undoable(state, after, "p1")


def test_squares_paying_to_leave_prison_is_undoable_before_the_roll() -> None:
    """The Squares of the Board (Prison): paying 100 leaves at once; no die is rolled yet,
    so the payment may be taken back; the roll after it may not."""
    state = table(2)
    state["pos"]["p1"] = data.PRISON
    state["prison"] = ["p1"]
    paid, _ = play(state, "p1", "prison:pay")
    assert GAME.undoable(state, paid, "p1")
    rolled, _ = play(rig_dice(paid, 6, 2), "p1", "roll")
    assert not GAME.undoable(paid, rolled, "p1")


def test_obligation_to_surrender_each_title_while_still_short_is_undoable() -> None:
    """Obligation to Surrender: titles go back one at a time; while the debt is not yet
    covered the debtor chooses again (undoable); the title that settles it ends the turn."""
    state = own(table(2), "p2", 6, 7, 8)
    own(state, "p1", 2, 10, 11, 21)
    set_cash(state, "p1", 350)
    state, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    for code in ("surrender:21", "surrender:2"):
        after, _ = play(state, "p1", code)
        assert after["phase"] == "surrender" and GAME.undoable(state, after, "p1"), code
        state = after
    after, _ = play(state, "p1", "surrender:10")
    assert GAME.to_move(after) == ["p2"] and not GAME.undoable(state, after, "p1")


# -------------------------------------------------------------- announcements


def test_squares_a_chance_card_is_announced() -> None:
    """The Squares of the Board: a card on Mickey's square is carried out at once, here
    taking 25 from every other player: news for the whole table."""
    state = table(3)
    state["decks"]["chance"] = ["c04"] + [c for c in state["decks"]["chance"] if c != "c04"]
    state["pos"]["p1"] = 4
    after, events = play(rig_dice(state, 2, 3), "p1", "roll")
    assert any("collect 25 from every player" in e for e in events)
    assert GAME.announces(state, after)


def test_start_of_the_game_a_plain_roll_is_not_news() -> None:
    """Start of the Game: a roll that lands on the Bank changes only the mover's cash."""
    state = table(2)
    state["pos"]["p1"] = 16
    after, _ = play(rig_dice(state, 2, 2), "p1", "roll")
    assert after["pos"]["p1"] == 20 and not GAME.announces(state, after)


def test_obligation_to_surrender_an_elimination_is_announced() -> None:
    """Obligation to Surrender: a player who cannot pay even with every title is out."""
    state = own(table(3), "p2", 6, 7, 8)
    set_cash(state, "p1", 350)
    after, _ = play(rig_dice(state, 3, 3), "p1", "roll")
    assert after["out"] == ["p1"] and GAME.announces(state, after)


def test_end_of_the_game_time_up_is_announced_and_not_the_leaders_to_undo() -> None:
    """End of the Game: the agreed time is up; the current player finishes renting and
    then the count follows. The leader's call is news, never undoable."""
    state, _ = play(rig_dice(table(2, length="minutes-30"), 1, 1), "p1", "roll")
    assert state["phase"] == "rent"
    after, _ = play(state, LEADER, "timeup")
    assert GAME.to_move(after) == ["p1"] and GAME.announces(state, after)
    assert not GAME.undoable(state, after, LEADER)


# -------------------------------------------------------------- the picker


def _in_debt(titles: list[int]) -> State:
    """p1 holds ``titles`` and owes more cash than it has: it must surrender."""
    state = own(table(2), "p1", *titles)
    set_cash(state, "p1", 0)
    state["phase"] = "surrender"
    state["debts"] = [{"debtor": "p1", "payees": [[None, 200]], "why": "card"}]
    return state


def test_obligation_to_surrender_many_titles_are_grouped_by_series() -> None:
    """Obligation to Surrender: with 27 titles the choice would overflow one menu, so the
    picker groups them by series (The 10 Series of Attractions), 3 at most each."""
    squares = sorted(data.SERIES_OF)[:27]
    state = _in_debt(squares)
    groups = Counter(GAME.move_group(state, "p1", m) for m in GAME.legal_moves(state, "p1"))
    assert sum(groups.values()) == 27 and len(groups) == 9
    assert groups["Surrender a title (Pluto series)"] == 3
    few = _in_debt([6, 7, 15])
    names = {GAME.move_group(few, "p1", m) for m in GAME.legal_moves(few, "p1")}
    assert names == {"Surrender a title"}


def test_exchange_groups_name_each_step_of_writing_an_offer() -> None:
    """Exchange of Rental Titles: choose titles, the balance, then send or cancel."""
    state = own(table(2), "p1", 6, 15)
    own(state, "p2", 7, 16)
    state, _ = play(state, "p1", "trade:with:p2", "trade:give:15", "trade:take:7")
    groups = Counter(GAME.move_group(state, "p1", m) for m in GAME.legal_moves(state, "p1"))
    assert groups["Give a title"] == 2 and groups["Ask for a title"] == 2
    assert groups["Send or cancel the offer"] == 2
    assert groups["Set the cash balance"] == 8  # -100..+100 by 25, but the current 0


def test_summary_for_players() -> None:
    """The five-line player summary the bot's start message and /rules show."""
    check_summary(GAME)
    assert len(GAME.summary) == 5
