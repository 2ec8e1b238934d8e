"""Exchanges of rental titles, built one step at a time so ``legal_moves`` stays small.

Grammar (all codes ASCII, no spaces; ``<sq>`` is an attraction square number 2..38):

- ``trade:with:<seat>`` — on your turn, before rolling: start an offer to ``<seat>``.
- ``trade:give:<sq>`` — add one of your titles to the offer (again: take it back out).
- ``trade:take:<sq>`` — ask for one of the partner's titles (again: drop the request).
- ``trade:money:+<n>`` / ``trade:money:-<n>`` with ``<n>`` a banknote (25, 50, 100,
  500, 1000): change the net cash of the offer. The net is signed: positive means the
  proposer pays the partner, negative means the partner pays the proposer. A step is
  legal while the net stays within what the paying side holds.
- ``trade:propose`` — send the offer (it must move at least one title).
- ``trade:cancel`` — drop the offer being built.
- ``trade:accept`` / ``trade:decline`` — the partner's answer; only the partner moves
  while an offer is pending. Either way the proposer is back before rolling.

To play "give 15, take 7, I pay 150" a client sends ``trade:with:B``,
``trade:give:15``, ``trade:take:7``, ``trade:money:+100``, ``trade:money:+50``,
``trade:propose``: decompose the amount greedily into banknotes, with the sign of
the direction. The pending offer is public table talk and appears in the public view.
"""

from __future__ import annotations

from typing import Any

from engine.core import Move, State
from engine.disneyland import data
from engine.disneyland.table import Events, alive, titles_of

STEPS = data.NOTES


def describe(offer: dict[str, Any]) -> str:
    """One line for labels and logs, e.g. "p1 gives 15, takes 7, pays 100"."""
    terms = []
    if offer["give"]:
        terms.append("gives " + ", ".join(str(sq) for sq in offer["give"]))
    if offer["take"]:
        terms.append("takes " + ", ".join(str(sq) for sq in offer["take"]))
    money = int(offer["money"])
    if money > 0:
        terms.append(f"pays {money}")
    elif money < 0:
        terms.append(f"receives {-money}")
    return f"{offer['from']} " + ", ".join(terms) if terms else str(offer["from"])


def _clip(label: str) -> str:
    return label if len(label) <= 100 else label[:99] + "…"


def opening_moves(state: State, seat: str) -> list[Move]:
    """``trade:with:<seat>`` for every other player, when either side holds a title."""
    mine = bool(titles_of(state, seat))
    return [
        Move(f"trade:with:{other}", _clip(f"Trade titles with {other}"))
        for other in alive(state)
        if other != seat and (mine or titles_of(state, other))
    ]


def building_moves(state: State) -> list[Move]:
    """The proposer's choices while building an offer."""
    offer = state["trade"]
    partner = offer["with"]
    moves: list[Move] = []
    for square in titles_of(state, offer["from"]):
        name = data.square_name(square)
        verb = "Keep" if square in offer["give"] else "Give"
        moves.append(Move(f"trade:give:{square}", _clip(f"{verb} {name}")))
    for square in titles_of(state, partner):
        name = data.square_name(square)
        verb = "Stop asking for" if square in offer["take"] else "Ask for"
        moves.append(Move(f"trade:take:{square}", _clip(f"{verb} {name} from {partner}")))
    low, high = -state["money"][partner], state["money"][offer["from"]]
    for sign in (1, -1):
        for step in STEPS:
            net = offer["money"] + sign * step
            if low <= net <= high:
                code = f"trade:money:{'+' if sign > 0 else '-'}{step}"
                moves.append(Move(code, _clip(f"Money {code[12:]}: {_net_words(net, partner)}")))
    if offer["give"] or offer["take"]:
        moves.append(Move("trade:propose", _clip(f"Propose: {describe(offer)}")))
    moves.append(Move("trade:cancel", "Cancel this trade offer"))
    return moves


def _net_words(net: int, partner: str) -> str:
    if net > 0:
        return f"you pay {partner} {net}"
    if net < 0:
        return f"{partner} pays you {-net}"
    return "no money"


def answer_moves(state: State) -> list[Move]:
    """The partner's answer to a pending offer."""
    offer = state["trade"]
    return [
        Move("trade:accept", _clip(f"Accept: {describe(offer)}")),
        Move("trade:decline", _clip(f"Decline the offer of {offer['from']}")),
    ]


def apply(state: State, seat: str, code: str, events: Events) -> None:
    """Carry out a legal trade code (already checked against the moves above)."""
    _, verb, *rest = code.split(":")
    arg = rest[0] if rest else ""
    if verb == "with":
        state["trade"] = {"from": seat, "with": arg, "give": [], "take": [], "money": 0}
        state["phase"] = "trade"
        return
    offer = state["trade"]
    if verb in ("give", "take"):
        chosen: list[int] = offer[verb]
        square = int(arg)
        if square in chosen:
            chosen.remove(square)
        else:
            chosen.append(square)
            chosen.sort()
    elif verb == "money":
        offer["money"] += int(arg)
    elif verb == "propose":
        state["phase"] = "offer"
        events.append(f"{seat} offers {offer['with']} a trade: {describe(offer)}")
    elif verb == "cancel":
        _close(state)
    elif verb == "decline":
        events.append(f"{seat} declined the trade: {describe(offer)}")
        _close(state)
    elif verb == "accept":
        _exchange(state, offer)
        events.append(f"{seat} accepted the trade: {describe(offer)}")
        _close(state)


def _exchange(state: State, offer: dict[str, Any]) -> None:
    proposer, partner = offer["from"], offer["with"]
    for square in offer["give"]:
        state["owners"][str(square)] = partner
    for square in offer["take"]:
        state["owners"][str(square)] = proposer
    state["money"][proposer] -= offer["money"]
    state["money"][partner] += offer["money"]


def _close(state: State) -> None:
    state["trade"] = None
    state["phase"] = "start"
