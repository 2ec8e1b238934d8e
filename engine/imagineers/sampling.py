"""What an Imagineers seat knows, and states sampled from it (for the robots).

Secret: the other players' tiles (and which one a player has picked to play), the tile
stacks below the face-up side of each top tile, the box of discarded tiles, which
Movement and Event cards are left and their order (the Last Round card lies among the
bottom cards), and the future random draws. All the rest is on the table.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng, State, clone
from engine.imagineers.data import (
    EVENT_CARDS,
    LAST_ROUND,
    LAST_ROUND_SHUFFLED_WITH,
    MOVEMENT_CARDS,
)
from engine.imagineers.views import attraction_side, coaster_side
from engine.playbook import fresh_rng, public_fields, unpack

PUBLIC = frozenset(
    {
        "seats", "last", "side", "upgrades", "paths", "covered", "built", "entrances", "mess",
        "movement", "event", "round", "final_round", "stamp", "first", "queue", "phase",
    }
)  # fmt: skip
SECRET = frozenset({"rng", "players", "stacks", "box", "movement_deck", "event_deck", "pending"})
NOTES = ("unseen",)
STACKS = ("attraction", "coaster")


def _face(stack: str, tile: int) -> dict[str, Any]:
    """The side of ``tile`` that shows when it lies on top of ``stack`` (no id)."""
    side = attraction_side(tile) if stack == "attraction" else coaster_side(tile)
    del side["tile"]
    return side


def knowledge(state: State, seat: str) -> State:
    """The public state, the seat's own tiles, the other hands' sizes, the unseen tiles
    in sorted order, the face-up sides of the stack tops and the cards left to come."""
    known = public_fields(state, PUBLIC, SECRET, "imagineers")
    players = clone(state["players"])
    hidden: list[int] = list(state["box"])
    sizes: dict[str, int] = {}
    for other, player in players.items():
        if other != seat:
            hidden += player["hand"]
            sizes[other] = len(player["hand"])
            player["hand"] = []
    known["players"] = players
    pending = dict(state["pending"])
    if "tile" in pending and state["queue"][:1] != [seat]:
        pending["tile"] = None
    known["pending"] = pending
    stacks = state["stacks"]
    known["unseen"] = {
        "tiles": sorted(hidden + stacks["attraction"] + stacks["coaster"]),
        "hands": sizes,
        "stacks": {name: len(stacks[name]) for name in STACKS},
        "tops": {name: _face(name, stacks[name][-1]) if stacks[name] else None for name in STACKS},
        "movement": len(state["movement_deck"]),
        "events": len(state["event_deck"]),
    }
    return known


def sample(known: State, seat: str, rng: Rng) -> State:
    """A full state: tiles dealt to hands, stacks (matching the visible tops) and box;
    Movement and Event cards drawn from those not in sight; fresh random draws."""
    state = unpack(known, *NOTES)
    unseen = known["unseen"]
    pool: list[int] = rng.shuffled(unseen["tiles"])
    tops: dict[str, list[int]] = {}
    for name in STACKS:
        face = unseen["tops"][name]
        if face is not None:
            top = rng.choice([tile for tile in pool if _face(name, tile) == face])
            pool.remove(top)
            tops[name] = [top]
    for other, size in unseen["hands"].items():
        state["players"][other]["hand"] = pool[:size]
        del pool[:size]
    state["stacks"] = {}
    for name in STACKS:
        body = unseen["stacks"][name] - len(tops.get(name, []))
        state["stacks"][name] = pool[:body] + tops.get(name, [])
        del pool[:body]
    state["box"] = pool
    if state["pending"].get("tile", 0) is None:
        state["pending"]["tile"] = rng.choice(state["players"][state["queue"][0]]["hand"])
    state["movement_deck"] = _cards(
        [card.id for card in MOVEMENT_CARDS if card.id != known["movement"]],
        unseen["movement"],
        rng,
    )
    state["event_deck"] = _events(known, unseen["events"], rng)
    state["rng"] = fresh_rng(rng)
    return state


def _cards(candidates: list[str], count: int, rng: Rng) -> list[str]:
    return rng.shuffled(candidates)[:count]


def _events(known: State, count: int, rng: Rng) -> list[str]:
    """``count`` Event cards; before the last round the Last Round card is among the
    bottom ``LAST_ROUND_SHUFFLED_WITH + 1`` (setup shuffles it in there)."""
    candidates = [card.id for card in EVENT_CARDS if card.id != known["event"]]
    if known["final_round"] or count == 0:
        return _cards(candidates, count, rng)
    deck = _cards(candidates, count - 1, rng)
    bottom = min(count, LAST_ROUND_SHUFFLED_WITH + 1)
    deck.insert(count - 1 - rng.below(bottom), LAST_ROUND)
    return deck
