"""What a Disneyland seat knows, and states sampled from it (for the robots).

Everything is on the table except the order of the two card decks and the future dice.
Cards go back under their deck, so every card is always in it: the seat knows each
deck's contents, not its order.
"""

from __future__ import annotations

from engine.ai.playbook import fresh_rng, public_fields, unpack
from engine.core import Rng, State

PUBLIC = frozenset(
    {
        "seats", "options", "rolloff", "order", "turn", "round", "phase", "money", "pos",
        "owners", "prison", "miss", "out", "rent", "debts", "trade", "last_card",
        "last_roll", "moved", "caisse", "time_up", "end", "last",
    }
)  # fmt: skip
SECRET = frozenset({"rng", "decks"})


def knowledge(state: State, seat: str) -> State:
    """The public state; each deck as its cards in sorted order; no dice."""
    known = public_fields(state, PUBLIC, SECRET, "disneyland")
    known["deck_cards"] = {name: sorted(pile) for name, pile in state["decks"].items()}
    return known


def sample(known: State, seat: str, rng: Rng) -> State:
    """A full state: decks shuffled, fresh dice."""
    state = unpack(known, "deck_cards")
    state["decks"] = {name: rng.shuffled(cards) for name, cards in known["deck_cards"].items()}
    state["rng"] = fresh_rng(rng)
    return state
