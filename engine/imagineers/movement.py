"""Guests on the loop: sowing them through attractions, the Janitor's sweep, riding.

The park is a clockwise loop; path space ``i`` leads to attraction space ``i``, so the
guests standing on path ``i`` queue for attraction ``i``. After riding attraction ``i``
a guest exits to path ``i + 1``, or further on when that one is full (4 guests) or has
the Mess token (rulebook, Move Guests and Quick Reference).
"""

from __future__ import annotations

from itertools import permutations
from typing import NamedTuple

from engine.core import State
from engine.imagineers import events, wording
from engine.imagineers.data import (
    COASTER_OWNER_BASE_MONEY,
    COASTER_RIDER_BASE_HAPPINESS,
    MAX_GUESTS_ON_PATH,
    MOVEMENT_BY_ID,
    PARK_SIDES,
    TILES,
    Space,
)
from engine.imagineers.tracks import reward
from engine.imagineers.wording import COLOURS
from engine.text import Text, txc


def spaces(state: State) -> tuple[Space, ...]:
    return PARK_SIDES[state["side"]].spaces


def has_room(state: State, path: int) -> bool:
    """A path space a guest may step onto: fewer than 4 guests and no Mess."""
    return len(state["paths"][path]) < MAX_GUESTS_ON_PATH and state["mess"] != path


def next_open_path(state: State, after: int) -> int:
    """The first path space clockwise after ``after`` with room (there always is one)."""
    size = len(state["paths"])
    for step in range(1, size + 1):
        path = (after + step) % size
        if has_room(state, path):
            return path
    raise AssertionError("24 guests always leave room on the loop")


def is_target(state: State, space: int, picked: int = -1) -> bool:
    """Can a guest be dropped on this attraction space now?

    Spaces under Path tiles are not attractions; crowded (4 guests queuing) and messy
    ones are skipped. Fast Pass lifts the crowding rule, but not at coaster entrances.
    The queue of path ``picked`` counts as empty: its guests are the ones being moved.
    """
    if space in state["covered"] or state["mess"] == space:
        return False
    crowded = space != picked and len(state["paths"][space]) >= MAX_GUESTS_ON_PATH
    coaster = str(space) in state["entrances"]
    return not (crowded and events.skips_crowded(state, coaster))


def drop_targets(state: State, path: int, count: int) -> list[int]:
    """Attraction spaces the ``count`` guests picked up from ``path`` are dropped on, in
    order (crowding is judged with them picked up). The first candidate is the
    attraction ``path`` itself leads to.
    """
    size = len(state["paths"])
    targets: list[int] = []
    space = path
    while len(targets) < count:
        if is_target(state, space, path):
            targets.append(space)
        space = (space + 1) % size
    return targets


def meets_card(guests: list[str], rule: str, value: str | int) -> bool:
    """Does a group of guests satisfy a Movement card's requirement?"""
    if not guests:
        return False
    if rule == "colour":
        return value in guests
    if rule == "count":
        return len(guests) == value
    if rule == "at_least":
        return len(guests) >= int(value)
    if rule == "colours_at_least":
        return len(set(guests)) >= int(value)
    if rule == "one_colour":
        return len(set(guests)) == 1
    return rule == "any"


def movable_paths(state: State) -> list[int]:
    """Path spaces the active player may move guests from.

    Those meeting the round's Movement card; if none does (or Free Roam is in force),
    any path space with guests (RULES.md: a move is always possible).
    """
    card = MOVEMENT_BY_ID[state["movement"]]
    occupied = [i for i, guests in enumerate(state["paths"]) if guests]
    if events.movement_waived(state):
        return occupied
    meeting = [i for i in occupied if meets_card(state["paths"][i], card.rule, card.value)]
    return meeting or occupied


def drop_orders(guests: list[str]) -> list[str]:
    """The distinct orders in which a group can be dropped, as letter strings."""
    return sorted({"".join(p) for p in permutations(guests)})


def sow(state: State, seat: str, path: int, order: str) -> list[Text]:
    """Move the guests of ``path`` in ``order``: drop, then ride and exit space by space."""
    targets = drop_targets(state, path, len(order))
    state["paths"][path] = []
    log = [
        txc(
            "imagineers",
            "{seat} moved {guests} from space {space}",
            seat=seat,
            guests=wording.guests(order),
            space=path + 1,
        )
    ]
    for space, colour in zip(targets, order, strict=True):
        log.extend(ride(state, seat, space, colour))
        exit_to = next_open_path(state, space)
        state["paths"][exit_to].append(colour)
    return log


#: One reward: (seat, money, happiness, fame).
Payout = tuple[str, int, int, int]


class Ride(NamedTuple):
    """What one guest dropped on an attraction space does (a key of :func:`said`), whose
    ride it is, and who earns what, in the order they are paid."""

    what: str
    owner: str
    paid: tuple[Payout, ...]


def payouts(state: State, seat: str, space: int, colour: str) -> Ride:
    """What a guest dropped on attraction ``space`` by ``seat`` (the active player) earns
    whom. Rides change only the players' tracks, so the robots' look-ahead adds these up
    without moving anyone."""
    owner = state["entrances"].get(str(space))
    if owner is not None:
        if not events.rides_coaster(state, colour):
            return Ride("passed", owner, ())
        return Ride("coaster", owner, coaster_payouts(state, seat, owner))
    built = state["built"][space]
    if built is not None:
        tile = TILES[built[0]].attraction
        if tile.colour != colour:
            return Ride("mismatch", built[1], ())
        money = tile.money + events.owner_bonus(state)
        happiness = tile.happiness + events.rider_bonus(state)
        return Ride("attraction", built[1], ((built[1], money, 0, 0), (seat, 0, happiness, 0)))
    printed = spaces(state)[space]
    if printed.kind == "shop" or (printed.kind == "red" and colour == "R"):
        factor = events.shop_factor(state) if printed.kind == "shop" else 1
        visit = (seat, printed.money * factor, printed.happiness * factor, 0)
        return Ride(printed.kind, "", (visit,))
    return Ride("nothing", "", ())


def said(what: str, colour: str, owner: str, space: int) -> Text:
    """What a guest did on attraction ``space`` (a :class:`Ride`'s ``what``), for the log."""
    facts = {"colour": COLOURS[colour], "owner": owner, "space": space + 1}
    if what == "passed":
        return txc(
            "imagineers", "{colour} guest passed {owner}'s coaster at space {space}", **facts
        )
    if what == "coaster":
        return txc("imagineers", "{colour} guest rode {owner}'s coaster at space {space}", **facts)
    if what == "mismatch":
        return txc(
            "imagineers", "{colour} guest did not match the attraction at space {space}", **facts
        )
    if what == "attraction":
        return txc(
            "imagineers", "{colour} guest rode {owner}'s attraction at space {space}", **facts
        )
    if what == "shop":
        return txc("imagineers", "{colour} guest visited the shop at space {space}", **facts)
    if what == "red":
        return txc("imagineers", "{colour} guest visited the red at space {space}", **facts)
    return txc("imagineers", "{colour} guest found nothing to ride at space {space}", **facts)


def ride(state: State, seat: str, space: int, colour: str) -> list[Text]:
    """Score one guest dropped on attraction ``space``; the log lines it makes."""
    what, owner, paid = payouts(state, seat, space, colour)
    rewards = (reward(state, *payout) for payout in paid)
    return [said(what, colour, owner, space), *(line for line in rewards if line is not None)]


def coaster_payouts(state: State, seat: str, owner: str) -> tuple[Payout, Payout]:
    """A guest on a coaster entrance: base rewards plus every upgrade on the owner's board."""
    upgrades = [TILES[t].coaster for t in state["players"][owner]["upgrades"] if t is not None]
    owner_paid = (
        owner,
        COASTER_OWNER_BASE_MONEY + sum(u.owner_money for u in upgrades),
        sum(u.owner_happiness for u in upgrades),
        sum(u.owner_fame for u in upgrades),
    )
    rider_happiness = COASTER_RIDER_BASE_HAPPINESS + sum(u.rider_happiness for u in upgrades)
    return owner_paid, (seat, 0, rider_happiness, 0)


def sweep(state: State, path: int) -> list[Text]:
    """The Janitor: Mess on ``path``; its guests drop one per following open path space."""
    state["mess"] = path
    guests = state["paths"][path]
    state["paths"][path] = []
    where = path
    for colour in guests:
        where = next_open_path(state, where)
        state["paths"][where].append(colour)
    if not guests:
        return [txc("imagineers", "Mess placed on space {space}", space=path + 1)]
    return [
        txc(
            "imagineers",
            "Mess placed on space {space}, sweeping {guests} along",
            space=path + 1,
            guests=wording.guests("".join(guests)),
        )
    ]
