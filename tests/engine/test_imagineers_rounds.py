"""Scoring tracks, Ending the Round, Game End and Scoring (rulebook sections)."""

from __future__ import annotations

from collections import Counter

from engine.imagineers import GAME
from engine.imagineers.data import LAST_ROUND, TILES
from engine.imagineers.tracks import gain_happiness, gain_money
from tests.engine.playout import playout
from tests.engine.test_imagineers_kit import State, build, calm, codes, play, started, turn_of


def finish_turn(state: State, seat: str) -> State:
    """Vendor, first legal guest move, take an attraction tile."""
    state, _ = play(state, seat, codes(state, seat)[0], "staff:vendor")
    state, _ = play(state, seat, codes(state, seat)[0])
    if state["phase"] == "order":
        state, _ = play(state, seat, codes(state, seat)[0])
    state, _ = play(state, seat, "take:attraction")
    return state


def test_happiness_wraps_past_five_and_scores_fame() -> None:
    """Scoring: passing 5 on the wheel wraps to 1 and gives 1 fame."""
    state = started()
    assert gain_happiness(state, "p1", 2) == 0 and state["players"]["p1"]["happiness"] == 5
    assert gain_happiness(state, "p1", 1) == 1
    assert (state["players"]["p1"]["happiness"], state["players"]["p1"]["fame"]) == (1, 1)
    assert gain_happiness(state, "p1", 11) == 2 and state["players"]["p1"]["happiness"] == 2


def test_money_beyond_ten_is_lost() -> None:
    """Scoring: players get a maximum of $10."""
    state = started()
    assert gain_money(state, "p1", 9) == 6 and state["players"]["p1"]["money"] == 10


def test_round_start_reveals_cards_and_removes_the_mess() -> None:
    """Game Play and Ending the Round: new Movement + Event; the Mess token goes."""
    state = started(2)
    first = state["first"]
    second = next(s for s in state["seats"] if s != first)
    state["mess"] = 11
    decks = (list(state["movement_deck"]), list(state["event_deck"]))
    state = finish_turn(state, first)
    assert state["mess"] == 11 and state["round"] == 1
    state = finish_turn(state, second)
    assert state["round"] == 2 and state["mess"] is None
    assert (state["movement"], state["event"]) == (decks[0][0], decks[1][0])
    assert state["movement_deck"] == decks[0][1:] and state["event_deck"] == decks[1][1:]


def test_first_player_is_furthest_back_ties_to_the_bottom_tracker() -> None:
    """Ending the Round: furthest back on fame goes first; ties: bottom of the stack."""
    state = calm(turn_of(started(3), "p3", "take"))
    players = state["players"]
    players["p1"]["fame"], players["p1"]["stamp"] = 2, 9
    players["p2"]["fame"], players["p2"]["stamp"] = 1, 8
    players["p3"]["fame"], players["p3"]["stamp"] = 1, 7
    state["queue"] = ["p3"]
    after, _ = play(state, "p3", "take:coaster")
    assert after["first"] == "p3" and GAME.to_move(after) == ["p3"]
    assert after["queue"] == ["p3", "p1", "p2"]
    players["p3"]["stamp"] = 10  # p3 arrived later: now on top of p2
    after, _ = play(state, "p3", "take:coaster")
    assert after["first"] == "p2" and after["queue"] == ["p2", "p3", "p1"]


def test_fame_tracker_lands_on_top_when_it_moves() -> None:
    """Ending the Round: the stack order changes as trackers move onto a space."""
    state = started(2)
    gain_happiness(state, "p1", 5)
    gain_happiness(state, "p2", 5)
    assert state["players"]["p2"]["stamp"] > state["players"]["p1"]["stamp"]


def test_game_ends_after_the_last_round_is_played() -> None:
    """Game End: after the Last Round card is revealed, everybody plays one more turn."""
    state = started(2)
    state["event_deck"] = [LAST_ROUND, *state["event_deck"]]
    for seat in list(state["queue"]):
        state = finish_turn(state, seat)
    assert state["final_round"] and state["event"] == LAST_ROUND
    for seat in list(state["queue"]):
        assert GAME.outcome(state) is None
        state = finish_turn(state, seat)
    assert GAME.outcome(state) is not None and GAME.to_move(state) == []


def test_everyone_takes_the_same_number_of_turns() -> None:
    """Game End: all players take an equal number of turns; rounds = decks allow."""
    for players in (2, 3, 4):
        final, log = playout(GAME, players, seed=players, checks=False)
        takes = Counter(seat for seat, code in log if code.startswith("take:"))
        assert len(set(takes.values())) == 1
        movement, events = {2: (10, 9), 3: (9, 8), 4: (8, 7)}[players]
        assert events - 1 <= final["round"] <= events + 1 <= movement


def test_final_scoring_example_27_plus_11_minus_3() -> None:
    """Game End and Scoring, Final Scoring Example: 27 + 11 (2+1+2+4+2) - 3 = 35, and the
    standings split it the same way."""
    state = started(2)
    p1 = state["players"]["p1"]
    p1["fame"] = 27
    tiles = (15, 2, 19, 11, 21)
    assert [TILES[t].attraction.fame for t in tiles] == [2, 1, 2, 4, 2]
    for space, tile in zip((1, 2, 4, 6, 7), tiles, strict=True):
        build(state, space, tile, "p1")
    p1["upgrades"] = [None, None, 0, 1, 3]  # the -1 and the -2 still showing
    assert GAME.scores(state)["p1"] == 35
    assert GAME.view(state, None)["standings"]["breakdown"]["p1"] == [
        ["Fame track", 27],
        ["Attractions' fame", 11],
        ["Empty coaster slots", -3],
    ]
    assert GAME.score_unit == "fame"


def test_coaster_upgrade_fame_is_not_end_game_fame() -> None:
    """Game End and Scoring: only attractions' fame is added, not the upgrade tiles'."""
    state = started(2)
    state["players"]["p1"]["upgrades"] = [41] * 5
    assert GAME.scores(state)["p1"] == 0


def over(state: State) -> State:
    state["phase"] = "over"
    return state


def test_ties_broken_by_money_plus_happiness_then_shared() -> None:
    """Game End: ties go to the most money + happiness; then the victory is shared. The
    result says so in plain words."""
    state = over(started(3))
    state["round"] = 8
    players = state["players"]
    for seat in state["seats"]:
        players[seat]["fame"], players[seat]["money"], players[seat]["happiness"] = 5, 3, 3
        players[seat]["upgrades"] = [41] * 4  # no negative fame showing
    players["p2"]["money"] = 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p2"]
    assert outcome.reason == (
        "The season ended after round 8. Tie on 5 fame broken by most money + happiness "
        "left (7 against 6, 6): p2."
    )
    players["p2"]["money"], players["p2"]["happiness"] = 3, 3
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(outcome.winners) == ["p1", "p2", "p3"]
    assert GAME.view(state, None)["winners"] == outcome.winners
    assert outcome.reason == (
        "The season ended after round 8. p1, p2 and p3 tie on 5 fame and 6 money + "
        "happiness left, so they share the victory."
    )
    players["p3"]["fame"] = 9
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p3"]
    assert outcome.reason == "The season ended after round 8. p3 wins with 9 fame."
    assert GAME.view(state, None)["standings"]["result"] == outcome.reason
