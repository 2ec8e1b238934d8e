"""What players see: the public view (no hand, no deck order, no hidden tile sides)
and a seat's private additions (both sides of the tiles in its own hand)."""

from __future__ import annotations

import functools
from typing import Any, NotRequired

from engine.core import GameView, Standings, State, joined, last_events
from engine.imagineers.data import (
    EVENTS_BY_ID,
    MOVEMENT_BY_ID,
    PARK_SIDES,
    TILES,
)
from engine.imagineers.tracks import attraction_fame, markers_left, showing_penalty
from engine.imagineers.wording import COLOURS, KINDS, money, named
from engine.text import Text, txc


class ImagineersView(GameView):
    """``Game.view`` of Imagineers: the shared keys and the public table (spaces, players,
    stacks, the round's cards); a seat's view adds both sides of its own tiles and the
    tile it is about to play."""

    step: str
    side: str
    round: int
    final_round: bool
    first: str
    current: str | None
    #: The round's movement and event cards: ``{"id", "text"}`` / ``{"id", "name",
    #: "text"}``, or None (typed loosely: readers index them where they know one is out).
    movement: Any
    event: Any
    decks: dict[str, int]
    spaces: list[dict[str, Any]]
    players: dict[str, dict[str, Any]]
    stacks: dict[str, dict[str, Any]]
    hand: NotRequired[list[dict[str, Any]]]
    chosen: NotRequired[int | None]


PHASES = {
    "entrance": txc("imagineers", "place a coaster entrance"),
    "tile": txc("imagineers", "step 1: play a tile"),
    "action": txc("imagineers", "step 1: use the tile"),
    "performer": txc("imagineers", "step 1: Performer picks a guest"),
    "performer_to": txc("imagineers", "step 1: Performer places the guest"),
    "move": txc("imagineers", "step 2: move guests"),
    "order": txc("imagineers", "step 2: choose the drop order"),
    "take": txc("imagineers", "step 3: take a tile"),
}


def attraction_side(tid: int) -> dict[str, Any]:
    a = TILES[tid].attraction
    return {
        "tile": tid,
        "name": named(a.name),
        "colour": a.colour,
        "kind": KINDS[a.colour],
        "cost": a.cost,
        "fame": a.fame,
        "money": a.money,
        "happiness": a.happiness,
    }


def coaster_side(tid: int) -> dict[str, Any]:
    c = TILES[tid].coaster
    return {
        "tile": tid,
        "name": named(c.name),
        "cost": c.cost,
        "owner_money": c.owner_money,
        "owner_happiness": c.owner_happiness,
        "owner_fame": c.owner_fame,
        "rider_happiness": c.rider_happiness,
    }


@functools.cache
def ride_text(tid: int) -> Text:
    """An attraction side by name with what it is: "Carousel (yellow Family ride)"."""
    a = TILES[tid].attraction
    return txc(
        "imagineers",
        "{ride} ({colour} {kind} ride)",
        ride=named(a.name),
        colour=COLOURS[a.colour],
        kind=KINDS[a.colour],
    )


@functools.cache
def ride_facts(tid: int) -> Text:
    """Colour, cost and fame of an attraction side: "yellow ride $3, fame 2"."""
    a = TILES[tid].attraction
    return txc(
        "imagineers",
        "{colour} ride ${cost}, fame {fame}",
        colour=COLOURS[a.colour],
        cost=a.cost,
        fame=a.fame,
    )


@functools.cache
def track_facts(tid: int) -> Text:
    """What a coaster side adds per red rider: "owner +1 fame; rider +2 happiness"."""
    c = TILES[tid].coaster
    owner: list[Text] = []
    if c.owner_money:
        owner.append(money(c.owner_money))
    if c.owner_happiness:
        owner.append(txc("imagineers", "{amount} happiness", amount=c.owner_happiness))
    if c.owner_fame:
        owner.append(txc("imagineers", "{amount} fame", amount=c.owner_fame))
    if not owner:
        return txc("imagineers", "rider +{happiness} happiness", happiness=c.rider_happiness)
    return txc(
        "imagineers",
        "owner +{owner}; rider +{happiness} happiness",
        owner=joined(owner),
        happiness=c.rider_happiness,
    )


@functools.cache
def track_text(tid: int) -> Text:
    """A coaster side by name with its cost: "Lift Hill (track $6)"."""
    c = TILES[tid].coaster
    return txc("imagineers", "{track} (track ${cost})", track=named(c.name), cost=c.cost)


@functools.cache
def tile_label(tid: int) -> Text:
    """Both sides of a hand tile by name, for its owner's move list only."""
    return txc(
        "imagineers",
        "{ride} ({facts}) or {track}",
        ride=named(TILES[tid].attraction.name),
        facts=ride_facts(tid),
        track=track_text(tid),
    )


@functools.cache
def top_label(stack: str, tid: int) -> Text:
    """The face-up side of tile ``tid`` on top of ``stack`` (public)."""
    if stack == "attraction":
        return txc(
            "imagineers",
            "{ride} ({facts})",
            ride=named(TILES[tid].attraction.name),
            facts=ride_facts(tid),
        )
    return track_text(tid)


def movement_text(state: State) -> Text:
    """The face-up Movement card's text (once a round has begun)."""
    return named(MOVEMENT_BY_ID[state["movement"]].text)


def event_text(state: State) -> Text:
    """The face-up Event card: "Payday — The Vendor earns $7 instead of $5." """
    card = EVENTS_BY_ID[state["event"]]
    return txc("imagineers", "{event} — {text}", event=named(card.name), text=named(card.text))


def _space(state: State, index: int) -> dict[str, Any]:
    printed = PARK_SIDES[state["side"]].spaces[index]
    built = state["built"][index]
    attraction = None
    if built is not None:
        attraction = {**attraction_side(built[0]), "owner": built[1]}
    return {
        "number": index + 1,
        "kind": printed.kind,
        "money": printed.money,
        "happiness": printed.happiness,
        "covered": index in state["covered"],
        "entrance": state["entrances"].get(str(index)),
        "attraction": attraction,
        "guests": list(state["paths"][index]),
        "mess": state["mess"] == index,
    }


def _player(state: State, seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    return {
        "money": p["money"],
        "happiness": p["happiness"],
        "fame": p["fame"],
        "board": named(p["board"]),
        "slots": [
            {"penalty": penalty, "upgrade": coaster_side(tid) if tid is not None else None}
            for penalty, tid in zip(p["penalties"], p["upgrades"], strict=True)
        ],
        "hand_size": len(p["hand"]),
        "attraction_fame": attraction_fame(state, seat),
        "penalty": showing_penalty(state, seat),
        "markers_left": markers_left(state, seat),
    }


def _stack(state: State, name: str) -> dict[str, Any]:
    tiles = state["stacks"][name]
    top: dict[str, Any] | None = None
    if tiles:
        top = attraction_side(tiles[-1]) if name == "attraction" else coaster_side(tiles[-1])
        del top["tile"]  # the id would let people look the hidden side up
    return {"count": len(tiles), "top": top}


def public(
    state: State, to_move: list[str], scores: dict[str, int], standings: Standings
) -> ImagineersView:
    """Everything on the table that every player may see."""
    over = state["phase"] == "over"
    mover = to_move[0] if to_move else None
    if over:
        phase = txc("imagineers", "Game over")
    else:
        phase = txc(
            "imagineers",
            "Round {round} · {step}",
            round=state["round"],
            step=PHASES[state["phase"]],
        )
    event = EVENTS_BY_ID.get(state["event"] or "")
    movement = MOVEMENT_BY_ID.get(state["movement"] or "")
    return {
        "game": "imagineers",
        "seats": list(state["seats"]),
        "to_move": to_move,
        "over": over,
        "scores": scores,
        "phase": phase,
        "step": state["phase"],
        "last": last_events(state),
        "viewer": None,
        "side": state["side"],
        "round": state["round"],
        "final_round": state["final_round"],
        "first": state["first"],
        "current": mover,
        "movement": {"id": movement.id, "text": named(movement.text)} if movement else None,
        "event": (
            {"id": event.id, "name": named(event.name), "text": named(event.text)}
            if event
            else None
        ),
        "decks": {"movement": len(state["movement_deck"]), "event": len(state["event_deck"])},
        "spaces": [_space(state, i) for i in range(len(state["paths"]))],
        "players": {seat: _player(state, seat) for seat in state["seats"]},
        "stacks": {name: _stack(state, name) for name in ("attraction", "coaster")},
        "standings": standings,
    }


def add_private(view: ImagineersView, state: State, seat: str) -> None:
    """A seat's own tiles, both sides, and the tile it is about to play."""
    hand = state["players"][seat]["hand"]
    view["viewer"] = seat
    view["hand"] = [
        {"tile": tid, "attraction": attraction_side(tid), "coaster": coaster_side(tid)}
        for tid in hand
    ]
    view["chosen"] = state["pending"].get("tile") if state["queue"][:1] == [seat] else None
