"""What a Trool Park seat knows, and states sampled from it (for the robots).

Secret: the other seats' choices until the reveal (only *who* has chosen is public), the
order of the Attraction pile, the Weather pile and the Booth reserve, the order of the
face-down Inspection ledger within each group of rounds, and the future random draws.
Every pile's contents follow from the cards in sight, so the seat knows those.
"""

from __future__ import annotations

from engine.core import Rng, State
from engine.playbook import fresh_rng, public_fields, unpack
from engine.troolpark.data import INSPECTIONS

PUBLIC = frozenset(
    {
        "seats", "last", "options", "round", "over", "slide", "central",
        "attraction_discard", "weather_discard", "weather_drawn", "announced", "inspected",
        "inspection", "parks", "points", "visitors", "revealed", "missed", "queue",
        "visitor_sources",
    }
)  # fmt: skip
SECRET = frozenset({"rng", "attraction_pile", "booth_reserve", "weather_pile", "ledger", "choices"})
NOTES = ("unseen", "chosen")


def knowledge(state: State, seat: str) -> State:
    """The public state, the seat's own choice, who else has chosen, each pile's cards
    in sorted order and the ledger's cards by group."""
    known = public_fields(state, PUBLIC, SECRET, "troolpark")
    groups: dict[str, list[str]] = {}
    for card in state["ledger"]:
        groups.setdefault(INSPECTIONS[card].rounds, []).append(card)
    known["unseen"] = {
        "attraction_pile": sorted(state["attraction_pile"]),
        "booth_reserve": sorted(state["booth_reserve"]),
        "weather_pile": sorted(state["weather_pile"]),
        "ledger": [sorted(cards) for cards in groups.values()],
    }
    choices = state["choices"]
    known["choices"] = {seat: choices[seat]} if seat in choices else {}
    known["chosen"] = [s for s in state["seats"] if s in choices and s != seat]
    return known


def sample(known: State, seat: str, rng: Rng) -> State:
    """A full state: piles shuffled, the others' secret choices picked among the open
    spaces, fresh random draws."""
    state = unpack(known, *NOTES)
    unseen = known["unseen"]
    state["attraction_pile"] = rng.shuffled(unseen["attraction_pile"])
    state["booth_reserve"] = list(unseen["booth_reserve"])
    state["weather_pile"] = rng.shuffled(unseen["weather_pile"])
    state["ledger"] = [card for group in unseen["ledger"] for card in rng.shuffled(group)]
    open_letters = [letter for letter, card in known["central"].items() if card is not None]
    for other in known["chosen"]:
        state["choices"][other] = rng.choice(open_letters)
    state["rng"] = fresh_rng(rng)
    return state
