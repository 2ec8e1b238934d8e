"""The three scoring tracks: money (capped), happiness (a wheel that pays fame), fame.

Fame trackers stack on the fame track: a tracker that moves lands on top of any already
there. ``stamp`` records that order, because round-end ties go to the tracker at the
bottom (rulebook, Ending the Round).
"""

from __future__ import annotations

from engine.core import State
from engine.imagineers import wording
from engine.imagineers.data import HAPPINESS_WHEEL, MONEY_CAP, OWNERSHIP_MARKERS, TILES
from engine.text import Text, txc


def gain_money(state: State, seat: str, amount: int) -> int:
    """Add money up to the $10 cap (the rest is lost); returns what was actually gained."""
    player = state["players"][seat]
    before = int(player["money"])
    player["money"] = min(MONEY_CAP, before + amount)
    return int(player["money"]) - before


def pay(state: State, seat: str, amount: int) -> None:
    """Spend money; callers only offer moves the player can afford."""
    player = state["players"][seat]
    if amount > player["money"]:
        raise ValueError(f"{seat} cannot pay ${amount}")
    player["money"] -= amount


def gain_fame(state: State, seat: str, amount: int) -> None:
    """Move a fame tracker forward; it lands on top of the trackers already there."""
    if amount <= 0:
        return
    state["stamp"] += 1
    player = state["players"][seat]
    player["fame"] += amount
    player["stamp"] = state["stamp"]


def gain_happiness(state: State, seat: str, amount: int) -> int:
    """Turn the happiness wheel: each pass beyond 5 wraps to 1 and scores 1 fame.

    Returns the fame earned, so 5 happiness is always exactly one lap and one fame.
    """
    player = state["players"][seat]
    value = int(player["happiness"]) + amount
    laps = 0
    while value > HAPPINESS_WHEEL:
        value -= HAPPINESS_WHEEL
        laps += 1
    player["happiness"] = value
    gain_fame(state, seat, laps)
    return laps


def reward(
    state: State, seat: str, money: int = 0, happiness: int = 0, fame: int = 0
) -> Text | None:
    """Pay a bundle of rewards and describe it for the log (None when it was nothing)."""
    parts: list[Text] = []
    if money:
        parts.append(wording.money(gain_money(state, seat, money)))
    if happiness:
        laps = gain_happiness(state, seat, happiness)
        if laps:
            parts.append(
                txc(
                    "imagineers",
                    "{amount} happiness (+{laps} fame)",
                    amount=happiness,
                    laps=laps,
                )
            )
        else:
            parts.append(txc("imagineers", "{amount} happiness", amount=happiness))
    if fame:
        gain_fame(state, seat, fame)
        parts.append(txc("imagineers", "{amount} fame", amount=fame))
    if not parts:
        return None
    return txc("imagineers", "{seat} +{gains}", seat=seat, gains=wording.commas(parts))


def attraction_fame(state: State, seat: str) -> int:
    """Fame printed on the attractions ``seat`` owns in the park (end-game scoring)."""
    return sum(
        TILES[built[0]].attraction.fame
        for built in state["built"]
        if built is not None and built[1] == seat
    )


def markers_left(state: State, seat: str) -> int:
    """Ownership markers still beside the seat's board: 10, less the one on its coaster
    entrance and one per attraction it owns (a deconstructed one's marker comes back)."""
    owned = sum(1 for built in state["built"] if built is not None and built[1] == seat)
    entrance = seat in state["entrances"].values()
    return OWNERSHIP_MARKERS - owned - int(entrance)


def showing_penalty(state: State, seat: str) -> int:
    """Negative fame still showing on the empty slots of the seat's coaster board."""
    player = state["players"][seat]
    return sum(
        penalty
        for penalty, tile in zip(player["penalties"], player["upgrades"], strict=True)
        if tile is None
    )


def score(state: State, seat: str) -> int:
    """Fame track + attraction fame − negative fame showing (rulebook, Game End)."""
    fame = int(state["players"][seat]["fame"])
    return fame + attraction_fame(state, seat) + showing_penalty(state, seat)


def scores(state: State) -> dict[str, int]:
    """Every seat's :func:`score` in one pass over the park (the robots value every
    seat after every move they look at)."""
    totals = {seat: int(state["players"][seat]["fame"]) for seat in state["seats"]}
    for built in state["built"]:
        if built is not None:
            totals[built[1]] += TILES[built[0]].attraction.fame
    for seat in totals:
        totals[seat] += showing_penalty(state, seat)
    return totals
