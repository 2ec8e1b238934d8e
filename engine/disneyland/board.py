"""The board in play: money with the Caisse, pawns moving, squares, cards and debts.

These helpers mutate a Disneyland state in place and append log lines to ``events``;
``rules.py`` decides *when* they run. The Caisse keeps a ledger (``state["caisse"]``:
``paid`` out to players, ``received`` from them) so tests can prove that money is only
created or destroyed by the Caisse: sum of cash == start money × players + paid − received.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng, State
from engine.disneyland import data, wording
from engine.disneyland.wording import square_name
from engine.text import txc

Events = list[str]


def current(state: State) -> str:
    """The seat whose turn it is."""
    seat: str = state["order"][state["turn"]]
    return seat


def alive(state: State) -> list[str]:
    """Seats still in the game, in turn order."""
    return [seat for seat in state["order"] if seat not in state["out"]]


def rounds_limit(state: State) -> int | None:
    """The round after which the game is counted: the rounds agreed in the lobby or by a
    vote during the game, or the house rule's cap (``length: none``); None for an agreed
    time and for a game played to the last player standing (RULES.md, Agreed length)."""
    kind, _, amount = state["options"]["length"].partition("-")
    if kind == "rounds":
        return int(amount)
    limits = [] if state["agreed"] is None else [int(state["agreed"])]
    if kind == "none":
        limits.append(data.LAST_STANDING_ROUNDS)
    return min(limits, default=None)


def titles_of(state: State, seat: str) -> list[int]:
    """The attraction squares ``seat`` rents, ascending."""
    return sorted(int(sq) for sq, owner in state["owners"].items() if owner == seat)


def held_in_series(state: State, seat: str, square: int) -> int:
    """How many attractions of ``square``'s series ``seat`` holds."""
    owners = state["owners"]
    return sum(owners.get(str(sq)) == seat for sq in data.SERIES_OF[square].squares)


def fee_for(state: State, square: int) -> int:
    """The entry fee the owner of ``square`` charges now (0 when it is free)."""
    owner = state["owners"].get(str(square))
    if owner is None:
        return 0
    return data.FEES[held_in_series(state, owner, square) - 1]


def worth(state: State, seat: str) -> int:
    """Cash plus titles at their rental price: the end-of-game count (rulebook, End)."""
    if seat in state["out"]:
        return 0
    return int(state["money"][seat]) + data.TITLE_VALUE * len(titles_of(state, seat))


def caisse_pays(state: State, seat: str, amount: int) -> None:
    state["money"][seat] += amount
    state["caisse"]["paid"] += amount


def caisse_receives(state: State, seat: str, amount: int) -> None:
    state["money"][seat] -= amount
    state["caisse"]["received"] += amount


# --- Moving pawns -------------------------------------------------------------------


def move_forward(state: State, seat: str, steps: int, events: Events) -> None:
    """Move ``steps`` squares forward; +100 when the pawn passes or reaches Start."""
    before = state["pos"][seat] - 1
    state["pos"][seat] = (before + steps) % data.SQUARE_COUNT + 1
    if before + steps >= data.SQUARE_COUNT:
        caisse_pays(state, seat, data.START_BONUS)
        events.append(
            txc(
                "disneyland",
                "{seat} passed Start and received {amount}",
                seat=seat,
                amount=data.START_BONUS,
            )
        )


def move_back(state: State, seat: str, steps: int) -> None:
    """Move back; going backwards over Start pays nothing."""
    state["pos"][seat] = (state["pos"][seat] - 1 - steps) % data.SQUARE_COUNT + 1


def advance_to(state: State, seat: str, square: int, events: Events) -> None:
    """Move forward to ``square`` (cards "go to ..."), collecting Start on the way."""
    steps = (square - state["pos"][seat]) % data.SQUARE_COUNT
    move_forward(state, seat, steps, events)


# --- Squares ------------------------------------------------------------------------


def land(state: State, seat: str, events: Events) -> None:
    """Carry out the square ``seat`` has just arrived on."""
    square = state["pos"][seat]
    kind = data.square_kind(square)
    if kind == "bank":
        caisse_pays(state, seat, data.BANK_BONUS)
        events.append(
            txc(
                "disneyland",
                "{seat} received {amount} at the Bank",
                seat=seat,
                amount=data.BANK_BONUS,
            )
        )
    elif kind == "hotel":
        state["miss"][seat] = 1
        events.append(
            txc("disneyland", "{seat} checks in at the Hotel and will miss a turn", seat=seat)
        )
    elif kind == "prison":
        if seat not in state["prison"]:
            state["prison"].append(seat)
        events.append(
            txc(
                "disneyland",
                "{seat} is in Prison until rolling {roll}",
                seat=seat,
                roll=prison_exit(state),
            )
        )
    elif kind in ("chance", "surprise"):
        draw_card(state, seat, "chance" if kind == "chance" else "surprise", events)
    elif kind == "attraction":
        land_on_attraction(state, seat, square, events)


def land_on_attraction(state: State, seat: str, square: int, events: Events) -> None:
    owner = state["owners"].get(str(square))
    if owner is None:
        if state["money"][seat] >= data.RENT_PRICE:
            state["rent"] = square
        else:
            events.append(
                txc(
                    "disneyland",
                    "{seat} cannot afford to rent {square}",
                    seat=seat,
                    square=square_name(square),
                )
            )
    elif owner != seat:
        fee = fee_for(state, square)
        why = wording.fee_reason(square)
        state["debts"].append({"debtor": seat, "payees": [[owner, fee]], "why": why})


def draw_card(state: State, seat: str, deck: str, events: Events) -> None:
    """Take the top card, carry it out, put it back at the bottom (rulebook, Squares)."""
    pile: list[str] = state["decks"][deck]
    card = data.CARDS[pile.pop(0)]
    pile.append(card.id)
    state["last_card"] = {"deck": deck, "id": card.id, "text": card.text, "seat": seat}
    says = wording.card_text(card.id)
    if deck == "chance":
        events.append(txc("disneyland", "{seat} drew a chance card: {card}", seat=seat, card=says))
    else:
        events.append(
            txc("disneyland", "{seat} drew a surprise card: {card}", seat=seat, card=says)
        )
    others = [s for s in alive(state) if s != seat]
    mine = wording.card_reason(None)
    if card.kind == "gain":
        caisse_pays(state, seat, card.value)
    elif card.kind == "pay":
        state["debts"].append({"debtor": seat, "payees": [[None, card.value]], "why": mine})
    elif card.kind == "collect":
        why = wording.card_reason(seat)
        for other in others:
            state["debts"].append({"debtor": other, "payees": [[seat, card.value]], "why": why})
    elif card.kind == "payeach" and others:
        payees: list[list[Any]] = [[other, card.value] for other in others]
        state["debts"].append({"debtor": seat, "payees": payees, "why": mine})
    elif card.kind == "goto":
        advance_to(state, seat, card.value, events)
        land(state, seat, events)
    elif card.kind == "move":
        if card.value > 0:
            move_forward(state, seat, card.value, events)
        else:
            move_back(state, seat, -card.value)
        land(state, seat, events)
    elif card.kind in ("prison", "hotel"):
        state["pos"][seat] = data.PRISON if card.kind == "prison" else data.HOTEL
        land(state, seat, events)


# --- Debts and the obligation to surrender ------------------------------------------


def debt_total(debt: dict[str, Any]) -> int:
    return sum(int(amount) for _, amount in debt["payees"])


def settle_debts(state: State, events: Events) -> bool:
    """Pay queued debts in order. False when the debtor at the head must surrender first.

    A debtor who could not pay even after surrendering every title is eliminated at once
    (the outcome is the same as surrendering them all first; rulebook, Obligation).
    """
    while state["debts"]:
        debt = state["debts"][0]
        debtor = debt["debtor"]
        total = debt_total(debt)
        cash = state["money"][debtor]
        if cash >= total:
            for payee, amount in debt["payees"]:
                if payee is None:
                    caisse_receives(state, debtor, amount)
                else:
                    state["money"][debtor] -= amount
                    state["money"][payee] += amount
            events.append(
                txc(
                    "disneyland",
                    "{seat} paid {amount} ({why})",
                    seat=debtor,
                    amount=total,
                    why=wording.debt_reason(debt["why"]),
                )
            )
        elif cash + data.SURRENDER_VALUE * len(titles_of(state, debtor)) >= total:
            return False
        else:
            eliminate(state, debtor, debt, events)
        state["debts"].pop(0)
    return True


def eliminate(state: State, seat: str, debt: dict[str, Any], events: Events) -> None:
    """The Caisse pays the debt, takes back the titles (and the cash); ``seat`` is out."""
    for payee, amount in debt["payees"]:
        if payee is not None:
            caisse_pays(state, payee, amount)
    caisse_receives(state, seat, state["money"][seat])
    for square in titles_of(state, seat):
        del state["owners"][str(square)]
    if seat in state["prison"]:
        state["prison"].remove(seat)
    state["miss"][seat] = 0
    state["out"].append(seat)
    events.append(
        txc(
            "disneyland",
            "{seat} cannot pay {amount} ({why}) and is eliminated",
            seat=seat,
            amount=debt_total(debt),
            why=wording.debt_reason(debt["why"]),
        )
    )


def surrender(state: State, seat: str, square: int, events: Events) -> None:
    """Give one title back to the Caisse for 100; the attraction is free again."""
    del state["owners"][str(square)]
    caisse_pays(state, seat, data.SURRENDER_VALUE)
    events.append(
        txc(
            "disneyland",
            "{seat} surrendered {square} to the Caisse for {amount}",
            seat=seat,
            square=square_name(square),
            amount=data.SURRENDER_VALUE,
        )
    )


def prison_exit(state: State) -> str:
    """The roll that frees a prisoner in this game, in words ("a 5 on either die")."""
    return wording.prison_exit(state["options"]["prison"])


def leaves_prison(dice: list[int], reading: str) -> bool:
    """Whether a prisoner's roll frees the pawn: a 5 on either die (``either``), or a total
    of 5 (``total``) (rulebook, The Squares; RULES.md, Prison, argues both readings)."""
    if reading == "total":
        return sum(dice) == data.PRISON_EXIT_ROLL
    return data.PRISON_EXIT_ROLL in dice


def roll_dice(state: State, count: int) -> list[int]:
    """``count`` dice from the state's seeded Rng."""
    rng = Rng(state["rng"])
    dice = [rng.die() for _ in range(count)]
    state["rng"] = rng.state
    return dice
