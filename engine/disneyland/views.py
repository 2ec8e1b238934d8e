"""What players see. Disneyland hides only the order of the two card decks and, while a
vote on the length is open, the other players' answers: the public view is the whole
table, and a seat's view adds its own answer to an open vote."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Outcome, State
from engine.disneyland import board, data, trade, votes
from engine.disneyland.board import current, titles_of


def view(
    state: State,
    viewer: str | None,
    *,
    to_move: list[str],
    outcome: Outcome | None,
    scores: dict[str, int],
    standings: Mapping[str, Any],
    length_label: str,
) -> dict[str, Any]:
    """``Game.view`` for ``viewer`` (``None``: the public view). The contract's own answers
    (who moves, the outcome, the scores and standings) and the lobby's words for the
    agreed length come from the game."""
    seats = state["seats"]
    owners = {int(sq): owner for sq, owner in state["owners"].items()}
    debt = state["debts"][0] if state["phase"] == "surrender" else None
    offer = state["trade"]
    mine = votes.is_open(state) and viewer in votes.voters(state)
    return {
        "game": "disneyland",
        "seats": list(seats),
        "viewer": viewer,
        "to_move": to_move,
        "over": outcome is not None,
        "winners": outcome.winners if outcome else [],
        "reason": state["end"],
        "scores": scores,
        "phase": phase_text(state),
        "last": list(state["last"]),
        "order": list(state["order"]),
        "turn": current(state),
        "round": state["round"],
        "length": state["options"]["length"],
        "length_label": length_label,
        "rounds_limit": board.rounds_limit(state),
        "money": dict(state["money"]),
        "positions": dict(state["pos"]),
        "titles": {seat: titles_of(state, seat) for seat in seats},
        "owners": {str(sq): owners[sq] for sq in sorted(owners)},
        "fees": {str(sq): board.fee_for(state, sq) for sq in sorted(owners)},
        "prison": list(state["prison"]),
        "hotel": {seat: n for seat, n in state["miss"].items() if n > 0},
        "eliminated": list(state["out"]),
        "last_roll": state["last_roll"],
        "moved": state["moved"],
        "last_card": state["last_card"],
        "decks": {name: len(pile) for name, pile in state["decks"].items()},
        "trade": None
        if offer is None
        else {**offer, "status": state["phase"], "terms": trade.terms(offer, budget=200)},
        "debt": None if debt is None else {**debt, "total": board.debt_total(debt)},
        "rent": state["rent"],
        "rolloff": state["rolloff"],
        "time_up": state["time_up"],
        "vote": votes.public(state),
        "standings": standings,
        # A seat's view adds its own answer to an open vote, and nothing else.
        **({"ballot": state["vote"]["ballots"].get(viewer)} if mine else {}),
    }


def phase_text(state: State) -> str:
    """A short human phrase for the header."""
    limit = board.rounds_limit(state)
    when = f"Round {state['round']}" + (f" of {limit}" if limit else "")
    phase = state["phase"]
    seat = current(state)
    if phase == "over":
        return f"Game over: {state['end']}"
    if phase in ("trade", "offer"):
        offer = state["trade"]
        maker, other = offer["by"], trade.answerer(offer)
        noun = "a counter-offer" if offer["counters"] else "an exchange offer"
        if phase == "trade":
            return f"{when} · {maker} is writing {noun} for {other}"
        return f"{when} · {other} answers {maker}'s {noun.partition(' ')[2]}"
    if phase == "vote":
        vote = state["vote"]
        asked = votes.voters(state)
        answered = len(asked) - len(votes.waiting(state))
        return (
            f"{when} · Vote on {vote['by']}'s proposal to end the game "
            f"{votes.what(vote['end'])}: {answered} of {len(asked)} answered"
        )
    if phase == "rent":
        return f"{when} · {seat} may rent {data.square_name(state['rent'])}"
    if phase == "surrender":
        debt = state["debts"][0]
        return f"{when} · {debt['debtor']} must surrender titles to pay {board.debt_total(debt)}"
    if seat in state["prison"]:
        return f"{when} · {seat} is in Prison"
    return f"{when} · {seat} to roll"
