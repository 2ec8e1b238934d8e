"""What an Adventureland seat knows, and states sampled from it (for the robots).

Secret: the other players' hands and Bonus cards, the order of the deck, which Bonus
cards were never dealt, and the future random draws. Discard piles, mats, the offer and
the approved cards are on the table (RULES.md, reading 12).
"""

from __future__ import annotations

from engine.adventureland.seating import ride_type
from engine.core import Rng, State
from engine.playbook import fresh_rng, public_fields, unpack

PUBLIC = frozenset(
    {
        "seats", "last", "variant", "offer", "bonus_played", "piles", "gaps", "pool",
        "mats", "grids", "scores", "start", "first", "turn", "bonus_done", "phase",
        "queue", "step", "pending", "final", "touched", "tally",
    }
)  # fmt: skip
SECRET = frozenset({"rng", "deck", "hands", "bonus_hands", "bonus_deck"})
NOTES = ("unseen",)
#: Tries at a deal the setup rules allow before taking the last one as it is.
REDEALS = 50


def knowledge(state: State, seat: str) -> State:
    """The public state, the seat's own cards, how many everyone else holds, and the
    unseen Ride and Bonus cards in sorted order."""
    known = public_fields(state, PUBLIC, SECRET, "adventureland")
    others = [s for s in state["seats"] if s != seat]
    known["hands"] = {seat: list(state["hands"][seat])}
    known["bonus_hands"] = {seat: list(state["bonus_hands"][seat])}
    known["unseen"] = {
        "rides": sorted(state["deck"] + [k for s in others for k in state["hands"][s]]),
        "bonus": sorted(state["bonus_deck"] + [b for s in others for b in state["bonus_hands"][s]]),
        "hands": {s: len(state["hands"][s]) for s in others},
        "bonus_hands": {s: len(state["bonus_hands"][s]) for s in others},
    }
    return known


def sample(known: State, seat: str, rng: Rng) -> State:
    """A full state: the unseen cards dealt to the other hands and the deck at random.
    During setup, deals that the rules would not have made are dealt again."""
    state = unpack(known, *NOTES)
    unseen = known["unseen"]
    for _ in range(REDEALS):
        rides = rng.shuffled(unseen["rides"])
        if _setup_allows(state, seat, unseen["hands"], rides):
            break
    bonus = rng.shuffled(unseen["bonus"])
    hands, bonus_hands = state["hands"], state["bonus_hands"]
    for other in state["seats"]:
        if other != seat:
            size = unseen["hands"][other]
            hands[other] = sorted(rides[:size])
            del rides[:size]
            size = unseen["bonus_hands"][other]
            bonus_hands[other] = sorted(bonus[:size])
            del bonus[:size]
    state["hands"] = {s: hands[s] for s in state["seats"]}
    state["bonus_hands"] = {s: bonus_hands[s] for s in state["seats"]}
    state["deck"] = rides
    state["bonus_deck"] = bonus
    state["rng"] = fresh_rng(rng)
    return state


def _setup_allows(state: State, seat: str, sizes: dict[str, int], rides: list[str]) -> bool:
    """During setup every hand was dealt with more than one ride type (Setup §6–7a), and a
    seat with a pre-built attraction still to play holds a type it has not pre-built."""
    if state["phase"] not in ("mat", "pre"):
        return True
    start = 0
    for other in state["seats"]:
        if other == seat:
            continue
        hand = rides[start : start + sizes[other]]
        start += sizes[other]
        pile = state["piles"][other]
        if hand and len({ride_type(k) for k in hand + pile}) < 2:
            return False
        used = {ride_type(k) for k in pile}
        if other in state["queue"] and hand and all(ride_type(k) in used for k in hand):
            return False
    return True
