"""What players see: the public table (mats, piles, offer, gaps, scores, the square or gap
the last move changed) and a seat's private additions (its hand and Bonus cards)."""

from __future__ import annotations

from typing import Any, NotRequired

from engine.adventureland import scoring
from engine.adventureland.data import (
    ATTRACTIONS,
    BONUS_BY_ID,
    BONUS_ROUNDS,
    MAT_BY_KEY,
    THEMED_MATS,
    TYPES,
    Mat,
    square_name,
)
from engine.adventureland.seating import gap_seats
from engine.adventureland.wording import bonus_words, named, set_words
from engine.core import GameView, Outcome, Standings, State, last_events
from engine.text import Text, txc


class AdventurelandView(GameView):
    """``Game.view`` of Adventureland: the shared keys, the table (mats, piles, offer,
    gaps), the words the boards need (rides, types, themed mats, Bonus cards) and, for a
    seat, its hand and Bonus cards."""

    variant: str
    #: The step within the phase (``"card"`` shows as the phase itself).
    step: str
    pending: str | None
    first: str
    start: str
    bonus_done: int
    bonus_rounds: int
    deck_size: int
    offer: list[str]
    gaps: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]
    final: Any
    #: The square or gap the last move changed, for highlighting.
    touched: dict[str, Any] | None
    rides: dict[str, dict[str, Any]]
    types: dict[str, dict[str, Any]]
    themed_mats: list[dict[str, Any]]
    bonus_cards: dict[str, dict[str, Any]]
    hand: NotRequired[list[str]]
    bonus_hand: NotRequired[list[str]]


def phase_text(state: State) -> Text:
    """A short phrase for the header: the turn or Bonus Round and its step."""
    n = len(state["seats"])
    rounds = BONUS_ROUNDS[n]
    phase = state["phase"]
    if phase == "over":
        return txc("adventureland", "Final scores")
    if phase == "mat":
        return txc("adventureland", "Setup: choose mats")
    if phase == "pre":
        return txc("adventureland", "Setup: pre-construct")
    if phase == "bonus":
        return txc(
            "adventureland",
            "Bonus Round {round} of {rounds}",
            round=state["bonus_done"] + 1,
            rounds=rounds,
        )
    if phase == "draft":
        if len(state["queue"]) > n:
            step = txc("adventureland", "draw round 1")
        else:
            step = txc("adventureland", "draw round 2")
    elif phase == "approve":
        step = txc("adventureland", "approve rides")
    else:
        step = txc("adventureland", "build")
    return txc(
        "adventureland",
        "Turn {turn} of {turns}: {step}",
        turn=state["turn"],
        turns=rounds * n,
        step=step,
    )


def view(
    state: State,
    viewer: str | None,
    *,
    to_move: list[str],
    outcome: Outcome | None,
    scores: dict[str, int],
    standings: Standings,
) -> AdventurelandView:
    """``Game.view``: the public table, plus ``viewer``'s hand and Bonus cards when
    ``viewer`` is a seat. The contract's own answers (who moves, the outcome, the scores
    and standings) come from the game."""
    seats = list(state["seats"])
    players: dict[str, dict[str, Any]] = {}
    for seat in seats:
        mat = MAT_BY_KEY[state["mats"][seat]]
        players[seat] = {
            "mat": {"key": mat.key, "name": named(mat.name)},
            "sets": _sets_json(mat, state["grids"][seat]),
            "grid": {sq: dict(t) for sq, t in state["grids"][seat].items()},
            "pile": list(state["piles"][seat]),
            "bonus_played": list(state["bonus_played"][seat]),
            "hand_size": len(state["hands"][seat]),
            "bonus_left": len(state["bonus_hands"][seat]),
        }
    result: AdventurelandView = {
        "game": "adventureland",
        "seats": seats,
        "to_move": to_move,
        "over": outcome is not None,
        "winners": outcome.winners if outcome else [],
        "scores": scores,
        "standings": standings,
        "phase": phase_text(state),
        "last": last_events(state),
        "viewer": viewer,
        "variant": state["variant"],
        "step": state["phase"] if state["step"] == "card" else state["step"],
        "pending": state["pending"],
        "first": seats[state["first"]],
        "start": seats[state["start"]],
        "bonus_done": state["bonus_done"],
        "bonus_rounds": BONUS_ROUNDS[len(seats)],
        "deck_size": len(state["deck"]),
        "offer": sorted(state["offer"]),
        "gaps": [
            {"between": list(gap_seats(state, g)), "card": card}
            for g, card in enumerate(state["gaps"])
        ],
        "players": players,
        "final": state["final"],
        "touched": state["touched"],
        "rides": {
            a.key: {"name": named(a.name), "type": a.type, "levels": list(a.levels)}
            for a in ATTRACTIONS
        },
        "types": {t.key: {"name": named(t.name), "letter": t.letter} for t in TYPES},
        "themed_mats": [
            {"key": m.key, "name": named(m.name), "sets": _sets_json(m, {})} for m in THEMED_MATS
        ],
        "bonus_cards": {b: _bonus_json(b) for seat in seats for b in state["bonus_played"][seat]},
    }
    if viewer in seats:
        result["hand"] = sorted(state["hands"][viewer])
        result["bonus_hand"] = list(state["bonus_hands"][viewer])
        result["bonus_cards"].update({b: _bonus_json(b) for b in result["bonus_hand"]})
    return result


def _sets_json(mat: Mat, grid: scoring.Grid) -> list[dict[str, Any]]:
    """A mat's coloured sets for views: colour, squares, points and whether covered now."""
    return [
        {
            "colour": s.colour,
            "name": set_words(s),
            "squares": [square_name(sq) for sq in s.squares],
            "points": s.points,
            "covered": scoring.set_covered(grid, s),
        }
        for s in mat.sets
    ]


def _bonus_json(card_id: str) -> dict[str, Any]:
    card = BONUS_BY_ID[card_id]
    return {
        "name": bonus_words(card),
        "shape": card.shape,
        "pattern": [list(sq) for sq in card.pattern],
        "type": card.type,
        "three": card.three,
        "four": card.four,
        "colour": card.colour,
    }
