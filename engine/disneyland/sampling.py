"""What a Disneyland seat knows, and states sampled from it (for the robots).

Everything is on the table except the order of the two card decks, the future dice and,
while a vote on the length is open, the other players' answers (only who has answered
is public). Cards go back under their deck, so every card is always in it: the seat
knows each deck's contents, not its order.
"""

from __future__ import annotations

from engine.core import Rng, State, clone
from engine.disneyland import votes
from engine.playbook import fresh_rng, public_fields, unpack

PUBLIC = frozenset(
    {
        "seats", "options", "rolloff", "order", "turn", "round", "phase", "money", "pos",
        "owners", "prison", "miss", "out", "rent", "debts", "trade", "last_card",
        "last_roll", "moved", "caisse", "time_up", "end", "last", "agreed",
    }
)  # fmt: skip
SECRET = frozenset({"rng", "decks", "vote"})
NOTES = ("deck_cards", "answered")


def knowledge(state: State, seat: str) -> State:
    """The public state; each deck as its cards in sorted order; no dice; of an open
    vote, the seat's own answer and who else has answered."""
    known = public_fields(state, PUBLIC, SECRET, "disneyland")
    known["deck_cards"] = {name: sorted(pile) for name, pile in state["decks"].items()}
    vote = state["vote"]
    known["vote"] = clone(vote)
    known["answered"] = []
    if vote is not None and vote["result"] is None:
        ballots = vote["ballots"]
        known["vote"]["ballots"] = {seat: ballots[seat]} if seat in ballots else {}
        known["answered"] = [s for s in ballots if s != seat]
    return known


def sample(known: State, seat: str, rng: Rng) -> State:
    """A full state: decks shuffled, fresh dice, the others' answers to an open vote made
    up (the robots go with the majority whatever they are)."""
    state = unpack(known, *NOTES)
    state["decks"] = {name: rng.shuffled(cards) for name, cards in known["deck_cards"].items()}
    for other in known["answered"]:
        state["vote"]["ballots"][other] = rng.choice(votes.ANSWERS)
    state["rng"] = fresh_rng(rng)
    return state
