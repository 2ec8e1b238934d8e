"""What each viewer may see. The public view never holds a secret choice, a pile's
order or the face-down Inspection ledger's order; a seat's view adds its own choice."""

from __future__ import annotations

from typing import Any, NotRequired

from engine.core import GameView, Standings, State, last_events
from engine.text import txc
from engine.troolpark.data import (
    ATTRACTIONS,
    CATEGORIES,
    CLOSED_BY_PLAYERS,
    COUNTER_LENGTH,
    INSPECTIONS,
    LETTERS,
    ROUNDS,
    SPACE_BONUSES,
)
from engine.troolpark.decisions import allowed_booth_types
from engine.troolpark.effects import describe_effect, ground_of
from engine.troolpark.pieces import booth_stock, card_name
from engine.troolpark.wording import attraction_name


class TroolparkView(GameView):
    """``Game.view`` of Troolpark: the shared keys and the public table (never a secret
    choice, a pile's order or the Inspection ledger's order); a seat's view adds its own
    choice and its moves."""

    visitors: dict[str, int]
    round: int
    rounds: int
    counter_length: int
    slide: list[str]
    spaces: list[dict[str, Any]]
    attraction_pile: int
    attraction_discard: list[dict[str, Any]]
    booth_reserve: dict[str, int]
    weather: dict[str, Any]
    announced: list[dict[str, Any]]
    #: The Inspection under way (a dict), or None (typed loosely: readers index it where
    #: they know one is under way).
    inspection: Any
    inspected: list[dict[str, Any]]
    ledger: dict[str, int]
    points: dict[str, dict[str, int]]
    parks: dict[str, dict[str, list[dict[str, Any]]]]
    chosen: list[str]
    revealed: dict[str, str]
    decision: dict[str, Any] | None
    choice: NotRequired[str | None]
    moves: NotRequired[list[dict[str, str]]]


def card_info(card: str) -> dict[str, Any]:
    """A card as the pictures need it."""
    if card in ATTRACTIONS:
        a = ATTRACTIONS[card]
        return {
            "id": card,
            "kind": "attraction",
            "name": attraction_name(card),
            "ground": a.ground,
            "icon": a.booth_icon,
            "effect": describe_effect(card),
        }
    return {
        "id": card,
        "kind": "booth",
        "name": txc("troolpark", "Booth"),
        "ground": ground_of(card),
    }


def inspection_info(card_id: str) -> dict[str, Any]:
    """An Inspection card's face (only ever called for face-up cards)."""
    card = INSPECTIONS[card_id]
    return {
        "id": card.id,
        "rounds": card.rounds,
        "category": card.category,
        "visitors": list(card.visitors),
        "points": list(card.points),
    }


def _current_inspection(state: State) -> dict[str, Any] | None:
    """The inspection being held: its card, the ranking fixed at its start and, for
    Laughs, the Booth types offered to the 1st."""
    current = state["inspection"]
    if current is None:
        return None
    return {
        "card": inspection_info(current["card"]),
        "ranking": list(current["ranking"]),
        "offered": list(current.get("offered", [])),
    }


def decision_prompt(task: dict[str, Any]) -> str:
    """What the player at the head of the queue is deciding, in words."""
    seat = task["seat"]
    doing = task["do"]
    if doing == "place":
        return txc("troolpark", "{seat} places {card}", seat=seat, card=card_name(task["card"]))
    if doing == "booth":
        return txc("troolpark", "{seat} picks a Booth type", seat=seat)
    if doing == "catchup":
        return txc("troolpark", "{seat} catches up: take an Attraction", seat=seat)
    if doing == "bonus":
        return txc("troolpark", "{seat} picks a location bonus", seat=seat)
    return txc("troolpark", "{seat} picks a Category", seat=seat)


def phase(state: State) -> str:
    """A short phrase for the header: the round and what is awaited (the value
    ``doing`` of the text, for a picture that shows the round apart)."""
    if state["over"]:
        return txc("troolpark", "Game over after {rounds} rounds", rounds=ROUNDS)
    if state["queue"]:
        doing = decision_prompt(state["queue"][0])
    else:
        doing = txc("troolpark", "choose an Attraction in secret")
    return txc(
        "troolpark",
        "Round {round}/{rounds} · {doing}",
        round=state["round"],
        rounds=ROUNDS,
        doing=doing,
    )


def public_view(
    state: State, to_move: list[str], winners: list[str], standings: Standings
) -> TroolparkView:
    """Everything on the table that everyone can see."""
    seats: list[str] = state["seats"]
    closed = CLOSED_BY_PLAYERS[len(seats)]
    central = state["central"]
    spaces = [
        {
            "letter": letter,
            "closed": letter in closed,
            "card": card_info(central[letter]) if central.get(letter) else None,
            "bonuses": list(SPACE_BONUSES[letter]),
        }
        for letter in LETTERS
    ]
    choosing = not state["queue"] and not state["over"]
    ledger: dict[str, int] = {}
    for card_id in state["ledger"]:
        group = INSPECTIONS[card_id].rounds
        ledger[group] = ledger.get(group, 0) + 1
    queue = state["queue"]
    decision = None
    if queue and not state["over"]:
        head = queue[0]
        decision = {"seat": head["seat"], "kind": head["do"], "prompt": decision_prompt(head)}
        if "card" in head:
            decision["card"] = card_info(head["card"])
        if head["do"] == "booth" and head.get("rank"):
            # An inspection's Booth: this seat's place and the types it may take now (the
            # 1st's offer is not the 2nd's), so nothing shows an offer already taken.
            decision["rank"] = head["rank"]
            decision["offered"] = allowed_booth_types(state, head)
    return {
        "game": "troolpark",
        "seats": list(seats),
        "to_move": to_move,
        "over": state["over"],
        "winners": winners,
        "scores": dict(state["visitors"]),
        "visitors": dict(state["visitors"]),
        "phase": phase(state),
        "last": last_events(state),
        "viewer": None,
        "round": state["round"],
        "rounds": ROUNDS,
        "counter_length": COUNTER_LENGTH,
        "slide": list(state["slide"]),
        "spaces": spaces,
        "attraction_pile": len(state["attraction_pile"]),
        "attraction_discard": [card_info(c) for c in state["attraction_discard"]],
        "booth_reserve": booth_stock(state),
        "weather": {
            "pile": len(state["weather_pile"]),
            "discard": list(state["weather_discard"]),
            "drawn": state["weather_drawn"],
        },
        "announced": [inspection_info(i) for i in state["announced"]],
        "inspection": _current_inspection(state),
        "inspected": [inspection_info(i) for i in state["inspected"]],
        "ledger": ledger,
        "points": {s: {c: state["points"][s][c] for c in CATEGORIES} for s in seats},
        "parks": {
            s: {a: [card_info(c) for c in state["parks"][s][a]] for a in CATEGORIES} for s in seats
        },
        "waiting_for": [s for s in seats if choosing and s not in state["choices"]],
        "chosen": [s for s in seats if choosing and s in state["choices"]],
        "revealed": dict(state["revealed"]),
        "decision": decision,
        "standings": standings,
    }
