"""Alan's Adventureland as players read it: the score by category, the result sentence,
and move labels and events in plain words (names of rides, mats, sets and Bonus cards,
never the codes behind them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import Rng, get_game
from engine.adventureland import data, scoring
from tests.engine.playout import check_standings

GAME = get_game("adventureland")
State = dict[str, Any]

#: Every internal id a player must never read: ride, mat and type keys, Bonus card ids,
#: variant names (case-sensitive whole words: "Loop Coaster" is a name, "loop" a key).
CODES = re.compile(
    r"\b("
    + "|".join(
        [a.key for a in data.ATTRACTIONS]
        + [m.key for m in data.MAT_BY_KEY.values()]
        + [t.key for t in data.TYPES]
        + [b.id for b in data.BONUS_CARDS]
        + ["bonus-cards", "layout-bonus"]
    )
    + r")\b"
)


def robot_game(players: int, variant: str, seed: int) -> list[tuple[State, list[str]]]:
    """A robot game: every position with the events that led to it."""
    state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    history = [(state, list[str]())]
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        state, events = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
        history.append((state, events))
    return history


@pytest.mark.parametrize("variant", ["bonus-cards", "layout-bonus"])
@pytest.mark.parametrize("players", [3, 4])
def test_labels_and_events_name_things_never_codes(players: int, variant: str) -> None:
    """Every label and event of a whole game is in plain words, and in every position each
    move has its own label (the bot matches a button to its move by the label)."""
    for state, events in robot_game(players, variant, seed=players):
        for text in events:
            assert not CODES.search(text), text
        if GAME.outcome(state) is not None:
            continue
        seat = GAME.to_move(state)[0]
        labels = [m.label for m in GAME.legal_moves(state, seat)]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert not CODES.search(label), label


def test_the_same_code_with_another_meaning_has_another_label() -> None:
    """Play §5a: the same card costs differently as the approved cards change, and the
    label says so; Bonus Round §2a: a Bonus card's label says what it scores now."""
    state = robot_game(3, "bonus-cards", seed=5)[0][0]
    state = state | {"phase": "build", "queue": ["p1", "p2", "p3"], "step": "card"}
    state["hands"] = {"p1": ["flume"], "p2": [], "p3": []}
    state["grids"] = {"p1": {}, "p2": {}, "p3": {}}
    free = state | {"gaps": ["flume", "pizza", "carousel"]}
    dear = state | {"gaps": ["pizza", "flume", "carousel"]}
    (free_move,) = GAME.legal_moves(free, "p1")
    (dear_move,) = GAME.legal_moves(dear, "p1")
    assert free_move.code == dear_move.code == "build:flume"
    assert free_move.label == "Build Log Flume (Water Ride) at excitement 2, free"
    assert dear_move.label == "Build Log Flume (Water Ride) at excitement 2, pay 3 points"
    card = data.BONUS_BY_ID["b08"]  # Water Ride straight line
    empty = state | {"step": "bonus", "phase": "bonus", "bonus_hands": {"p1": ["b08"]}}
    row = {f"A{c}": {"ride": "flume", "height": 1} for c in range(1, 5)}
    full = empty | {"grids": {"p1": row, "p2": {}, "p3": {}}}
    assert GAME.legal_moves(empty, "p1")[0].label == (
        "Play the Bonus card Water Ride straight line: 0 points now"
    )
    points = card.four + card.colour
    assert GAME.legal_moves(full, "p1")[0].label == (
        f"Play the Bonus card Water Ride straight line: {points} points now"
    )


def test_mat_choices_say_where_each_set_lies() -> None:
    """Layout Bonus Variant §3: a mat is chosen for its pattern, so the label shows it."""
    state = GAME.setup(["p1", "p2", "p3"], 1, {"variant": "layout-bonus"})
    labels = {m.code: m.label for m in GAME.legal_moves(state, "p1")}
    assert labels["mat:animal"] == (
        "Take the Animal Kingdom mat (Gold A1 B5 D2 D5 · Silver A4 C1 D3 · Bronze B2 C4)"
    )
    view = GAME.view(state, None)
    assert [m["name"] for m in view["themed_mats"]] == [m.name for m in data.THEMED_MATS]


@pytest.mark.parametrize("variant", ["bonus-cards", "layout-bonus"])
def test_breakdown_follows_the_score_through_the_game(variant: str) -> None:
    """Overview (excitement, Parking Lot View, Main Entrance View, Theme sets), Setup §2
    (start on 10), Play §5a (penalties), Bonus Round §2–3 and Final Scoring §1–3: the
    breakdown names each source of points and always adds up to the score."""
    history = robot_game(3, variant, seed=11)
    bonus = "Bonus cards" if variant == "bonus-cards" else "Layout Bonus"
    during = ["Starting points", "Build penalties", "Excitement", bonus]
    after = ["Rows (Parking Lot View)", "Columns (Main Entrance View)", "Theme sets"]
    for state, _ in history:
        standings = check_standings(GAME, state)
        for parts in standings["breakdown"].values():
            expected = during + after if GAME.outcome(state) else during
            assert [label for label, _ in parts] == expected
    final = history[-1][0]
    for seat, parts in GAME.breakdown(final).items():
        points = dict(parts)
        assert points["Starting points"] == data.START_SCORE
        assert points["Build penalties"] <= 0
        grid = final["grids"][seat]
        assert points["Rows (Parking Lot View)"] == scoring.parking_lot_view(grid)
        assert points["Columns (Main Entrance View)"] == scoring.main_entrance_view(grid)
        assert points["Theme sets"] == scoring.theme_sets(grid)
    assert any(dict(p)["Build penalties"] < 0 for p in GAME.breakdown(final).values())
    assert all(dict(p)["Excitement"] > 0 for p in GAME.breakdown(final).values())


def test_result_says_how_the_game_ended() -> None:
    """Bonus Round §4 and Final Scoring: the game ends in Final Scoring after the last Bonus
    Round and the highest score wins; the result says so in words."""
    final = robot_game(4, "layout-bonus", seed=2)[-1][0]
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.winners) == 1
    best = max(outcome.scores.values())
    assert outcome.reason == (
        f"Final Scoring after 3 Bonus Rounds: the highest score, {best} points, wins."
    )
    assert GAME.view(final, None)["standings"]["result"] == outcome.reason


def test_a_tie_for_first_is_shared_and_says_why() -> None:
    """Final Scoring and RULES.md reading 13: no tie-breaker, so the tied players share the win and
    the result says the rulebook has none."""
    final = robot_game(3, "bonus-cards", seed=3)[-1][0]
    final["scores"] = {"p1": 90, "p2": 90, "p3": 70}
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winners == ["p1", "p2"]
    assert outcome.ranks == {"p1": 1, "p2": 1, "p3": 3}
    assert outcome.reason == (
        "Final Scoring after 4 Bonus Rounds: 2 players tie on 90 points and share the win "
        "(the rulebook has no tie-breaker)."
    )
