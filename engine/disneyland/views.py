"""What players see. Disneyland hides only the order of the two card decks and, while a
vote on the length is open, the other players' answers: the public view is the whole
table, and a seat's view adds its own answer to an open vote."""

from __future__ import annotations

from typing import Any, NotRequired

from engine.core import GameView, Outcome, Standings, State, last_events
from engine.disneyland import board, trade, votes
from engine.disneyland.board import current, titles_of
from engine.disneyland.wording import card_text, debt_reason, end_reason, square_name
from engine.text import Text, txc


class DisneylandView(GameView):
    """``Game.view`` of Disneyland: the shared keys and the whole table (nothing is hidden
    but the decks' order and, while a vote is open, the others' answers); a seat's view
    adds its own answer to an open vote (``ballot``)."""

    reason: str | None
    order: list[str]
    turn: str
    round: int
    length: str
    length_label: str
    rounds_limit: int | None
    money: dict[str, int]
    positions: dict[str, int]
    titles: dict[str, list[Any]]
    owners: dict[str, str]
    fees: dict[str, int]
    prison: list[str]
    hotel: dict[str, int]
    eliminated: list[str]
    last_roll: dict[str, Any] | None
    moved: str | None
    last_card: dict[str, Any] | None
    decks: dict[str, int]
    trade: dict[str, Any] | None
    debt: dict[str, Any] | None
    rent: int | None
    rolloff: list[dict[str, Any]]
    time_up: bool
    vote: dict[str, Any] | None
    ballot: NotRequired[str | None]


def view(
    state: State,
    viewer: str | None,
    *,
    to_move: list[str],
    outcome: Outcome | None,
    scores: dict[str, int],
    standings: Standings,
    length_label: str,
) -> DisneylandView:
    """``Game.view`` for ``viewer`` (``None``: the public view). The contract's own answers
    (who moves, the outcome, the scores and standings) and the lobby's words for the
    agreed length come from the game."""
    seats = state["seats"]
    owners = {int(sq): owner for sq, owner in state["owners"].items()}
    debt = state["debts"][0] if state["phase"] == "surrender" else None
    offer = state["trade"]
    card = state["last_card"]
    mine = votes.is_open(state) and viewer in votes.voters(state)
    view: DisneylandView = {
        "game": "disneyland",
        "seats": list(seats),
        "viewer": viewer,
        "to_move": to_move,
        "over": outcome is not None,
        "winners": outcome.winners if outcome else [],
        "reason": None if state["end"] is None else end_reason(state["end"]),
        "scores": scores,
        "phase": phase_text(state),
        "last": last_events(state),
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
        "last_card": None if card is None else {**card, "text": card_text(card["id"])},
        "decks": {name: len(pile) for name, pile in state["decks"].items()},
        "trade": None
        if offer is None
        else {**offer, "status": state["phase"], "terms": trade.terms(offer, budget=200)},
        "debt": None
        if debt is None
        else {**debt, "why": debt_reason(debt["why"]), "total": board.debt_total(debt)},
        "rent": state["rent"],
        "rolloff": state["rolloff"],
        "time_up": state["time_up"],
        "vote": votes.public(state),
        "standings": standings,
    }
    if mine:  # a seat's view adds its own answer to an open vote, and nothing else
        view["ballot"] = state["vote"]["ballots"].get(viewer)
    return view


def phase_text(state: State) -> str:
    """A short phrase for the header: the round, then what is awaited (the text's values
    ``when`` and ``doing``, for a picture that shows them apart)."""
    if state["phase"] == "over":
        return txc("disneyland", "Game over: {reason}", reason=end_reason(state["end"]))
    limit = board.rounds_limit(state)
    if limit:
        when = txc("disneyland", "Round {round} of {limit}", round=state["round"], limit=limit)
    else:
        when = txc("disneyland", "Round {round}", round=state["round"])
    return txc("disneyland", "{when} · {doing}", when=when, doing=_doing(state))


def _doing(state: State) -> Text:
    """What the table waits for, in words."""
    phase = state["phase"]
    seat = current(state)
    if phase in ("trade", "offer"):
        offer = state["trade"]
        maker, other = offer["by"], trade.answerer(offer)
        if phase == "trade" and offer["counters"]:
            return txc(
                "disneyland",
                "{maker} is writing a counter-offer for {other}",
                maker=maker,
                other=other,
            )
        if phase == "trade":
            return txc(
                "disneyland",
                "{maker} is writing an exchange offer for {other}",
                maker=maker,
                other=other,
            )
        if offer["counters"]:
            return txc(
                "disneyland", "{other} answers {maker}'s counter-offer", other=other, maker=maker
            )
        return txc(
            "disneyland", "{other} answers {maker}'s exchange offer", other=other, maker=maker
        )
    if phase == "vote":
        vote = state["vote"]
        asked = votes.voters(state)
        return txc(
            "disneyland",
            "Vote on {seat}'s proposal to end the game {when}: {answered} of {asked} answered",
            seat=vote["by"],
            when=votes.what(vote["end"]),
            answered=len(asked) - len(votes.waiting(state)),
            asked=len(asked),
        )
    if phase == "rent":
        return txc(
            "disneyland", "{seat} may rent {square}", seat=seat, square=square_name(state["rent"])
        )
    if phase == "surrender":
        debt = state["debts"][0]
        return txc(
            "disneyland",
            "{seat} must surrender titles to pay {amount}",
            seat=debt["debtor"],
            amount=board.debt_total(debt),
        )
    if seat in state["prison"]:
        return txc("disneyland", "{seat} is in Prison", seat=seat)
    return txc("disneyland", "{seat} to roll", seat=seat)
