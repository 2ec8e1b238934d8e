"""What the coach says an Imagineers move is for, and one line on each action of the picker.

A reason reads only what the seat sees: its own hand, the park, guests, coaster boards
and the face-up sides of the stacks (RULES.md decision 19). What moving guests pays
whom is worked out on the board (rulebook, Move Guests): it needs nothing hidden.
"""

from __future__ import annotations

from engine.core import Game, Rng, State, clone
from engine.imagineers import events, movement
from engine.imagineers.data import MAX_GUESTS_ON_PATH, MONEY_CAP, TILES, VENDOR_MONEY
from engine.imagineers.disclosure import GROUPS, REPLACE_GROUP
from engine.text import Text, txc, txcn

#: Path spaces before an entrance whose red guests count as "near" it.
NEAR = 4
COLOUR_WORDS = {
    "Y": txc("imagineers", "yellow"),
    "R": txc("imagineers", "red"),
    "B": txc("imagineers", "blue"),
}
STACK_WORDS = {
    "attraction": txc("imagineers", "attraction"),
    "coaster": txc("imagineers", "coaster"),
}


def explain(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    verb, _, arg = code.partition(":")
    if verb == "tile":
        return _tile(game, state, seat, code, plan)
    if verb == "entrance":
        return _entrance(state, int(arg) - 1)
    if verb == "build":
        return _build(state, int(arg) - 1)
    if verb == "upgrade":
        return _upgrade(state, seat, int(arg) - 1)
    if verb == "staff":
        return _staff(state, seat, arg, plan)
    if verb == "guest":
        return _performer(code, *plan)
    if verb == "to":
        return txc(
            "imagineers",
            "Puts the {colour} guest on space {space}.",
            colour=COLOUR_WORDS[state["pending"]["colour"]],
            space=int(arg),
        )
    if verb in ("move", "order"):
        return _move(game, state, seat, code, plan)
    if verb == "take":
        return txc(
            "imagineers",
            "Takes the {stack} stack's top tile, the one showing {top}.",
            stack=STACK_WORDS[arg],
            top=_top(state, arg),
        )
    return txc("imagineers", "Goes back a step to choose again.")


def _tile(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    """A tile is played for its use: the reason of the use the search planned for it
    (else the one the ``easy`` robot would make of it, its ties broken by a fixed
    generator: a reason must not depend on chance)."""
    after: State = clone(state)
    game.apply(after, seat, code)
    use = plan[0] if plan else game.heuristic_move(after, seat, Rng(1))
    return explain(game, after, seat, use, plan[1:])


def _entrance(state: State, space: int) -> Text:
    """A coaster entrance: red guests ride coasters, so the red guests close before it."""
    size = len(state["paths"])
    near = [state["paths"][(space - k) % size] for k in range(NEAR)]
    return txcn(
        "imagineers",
        "Your coaster entrance on space {space}: red guests ride it, and {count} waits "
        "within {near} spaces before it.",
        "Your coaster entrance on space {space}: red guests ride it, and {count} wait "
        "within {near} spaces before it.",
        sum(guests.count("R") for guests in near),
        space=space + 1,
        near=NEAR,
    )


def _build(state: State, space: int) -> Text:
    """Building: the fame printed on the ride, and what each matching rider pays."""
    ride = TILES[int(state["pending"]["tile"])].attraction
    values = {
        "ride": ride.name,
        "space": space + 1,
        "fame": ride.fame,
        "money": ride.money,
        "colour": COLOUR_WORDS[ride.colour],
        "count": sum(1 for guest in state["paths"][space] if guest == ride.colour),
    }
    old = state["built"][space]
    if old is None:
        return txc(
            "imagineers",
            "Builds {ride} on space {space}: {fame} fame at the end, and ${money} for you "
            "whenever a {colour} guest rides it ({count} in its line now).",
            **values,
        )
    return txc(
        "imagineers",
        "Replaces {rival}'s {old} with {ride} on space {space}: {fame} fame at the end, and "
        "${money} for you whenever a {colour} guest rides it.",
        rival=old[1],
        old=TILES[old[0]].attraction.name,
        **values,
    )


def _upgrade(state: State, seat: str, slot: int) -> Text:
    """A coaster upgrade: the negative fame it covers, and what it adds per red rider."""
    track = TILES[int(state["pending"]["tile"])].coaster
    player = state["players"][seat]
    values = {
        "track": track.name,
        "slot": slot + 1,
        "money": track.owner_money,
        "fame": track.owner_fame,
    }
    replaced = player["upgrades"][slot]
    if replaced is None:
        return txc(
            "imagineers",
            "Adds {track} to slot {slot}: it covers {covers} negative fame, and each red "
            "rider brings you ${money} and {fame} fame more.",
            covers=-int(player["penalties"][slot]),
            **values,
        )
    return txc(
        "imagineers",
        "Swaps {old} for {track} on slot {slot}: each red rider brings you ${money} and "
        "{fame} fame more.",
        old=TILES[replaced].coaster.name,
        **values,
    )


def _staff(state: State, seat: str, arg: str, plan: tuple[str, ...]) -> Text:
    action, _, target = arg.partition(":")
    if action == "vendor":
        money = int(state["players"][seat]["money"])
        return txc(
            "imagineers",
            "The Vendor: ${gain} more now (money stops at ${cap}).",
            gain=min(MONEY_CAP, money + events.vendor_money(state)) - money,
            cap=MONEY_CAP,
        )
    if action == "janitor":
        return txc(
            "imagineers",
            "The Janitor: the Mess on space {space} sends its guests on and closes it this round.",
            space=int(target),
        )
    return _performer(*plan)


def _performer(*steps: str) -> Text:
    """The Performer moves one guest: which one, and where to (the planned steps)."""
    guest = next((step for step in steps if step.startswith("guest:")), "")
    target = next((step for step in steps if step.startswith("to:")), "")
    if not guest or not target:
        return txc("imagineers", "The Performer: move one guest where it pays you more.")
    space, _, colour = guest.partition(":")[2].partition(":")
    return txc(
        "imagineers",
        "The Performer: a {colour} guest from space {source} to space {target}.",
        colour=COLOUR_WORDS[colour],
        source=int(space),
        target=int(target.partition(":")[2]),
    )


def _move(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    """Moving guests: what the riders pay the seat (money, happiness, fame) and its
    rivals (rulebook, Move Guests), in the planned drop order when one is asked."""
    if code.startswith("order:"):
        space, order = int(state["pending"]["path"]), code.partition(":")[2]
    else:
        space = int(code.partition(":")[2]) - 1
        orders = movement.drop_orders(state["paths"][space])
        planned = [step.partition(":")[2] for step in plan[:1] if step.startswith("order:")]
        order = planned[0] if planned else orders[0]
        if not planned and len(orders) > 1:
            order = _easy_order(game, state, seat, code)
    paid = {other: [0, 0, 0] for other in state["seats"]}
    targets = movement.drop_targets(state, space, len(order))
    for target, colour in zip(targets, order, strict=True):
        for who, money, happiness, fame in movement.payouts(state, seat, target, colour).paid:
            for part, amount in enumerate((money, happiness, fame)):
                paid[who][part] += amount
    money, happiness, fame = paid[seat]
    return txcn(
        "imagineers",
        "Moves the {count} guest of space {space}: you gain ${money}, {happiness} happiness "
        "and {fame} fame; your rivals ${rivals}.",
        "Moves the {count} guests of space {space}: you gain ${money}, {happiness} happiness "
        "and {fame} fame; your rivals ${rivals}.",
        len(order),
        space=space + 1,
        money=money,
        happiness=happiness,
        fame=fame,
        rivals=sum(paid[other][0] for other in paid if other != seat),
    )


def _easy_order(game: Game, state: State, seat: str, code: str) -> str:
    """The drop order the ``easy`` robot would choose after ``code`` (fixed generator)."""
    after: State = clone(state)
    game.apply(after, seat, code)
    return game.heuristic_move(after, seat, Rng(1)).partition(":")[2]


def _top(state: State, stack: str) -> str:
    tile = TILES[state["stacks"][stack][-1]]
    return str(tile.attraction.name if stack == "attraction" else tile.coaster.name)


#: One line per picker action, in the rulebook's terms (Game Setup 10, Game Play 1–3).
HELP: dict[str, Text] = {
    GROUPS["entrance"]: txc(
        "imagineers",
        "Setup, in reverse player order: put your coaster entrance on a red attraction "
        "space; red guests who reach it ride your coaster.",
    ),
    GROUPS["tile"]: txc(
        "imagineers",
        "Step 1: choose which of your two tiles to play: build its attraction, add its track "
        "to your coaster, or discard it for a staff action.",
    ),
    GROUPS["build"]: txc(
        "imagineers",
        "Build the tile's attraction on an empty space and pay its cost: guests of its "
        "colour pay you when they ride, and its fame counts at the end.",
    ),
    REPLACE_GROUP: txc(
        "imagineers",
        "The park is full: pay the cost of an opponent's attraction to remove it, then build "
        "yours in its place and pay its cost.",
    ),
    GROUPS["upgrade"]: txc(
        "imagineers",
        "Put the tile's track on your coaster board and pay its cost: it covers an empty "
        "slot's negative fame and pays more per red rider. Replacing a track is free.",
    ),
    GROUPS["staff"]: txc(
        "imagineers",
        "Discard the tile for a staff action: the Vendor gains ${vendor}, the Janitor puts "
        "the Mess on a path, the Performer moves one guest.",
        vendor=VENDOR_MONEY,
    ),
    GROUPS["guest"]: txc(
        "imagineers", "Performer: choose the guest to move to another path space."
    ),
    GROUPS["to"]: txc(
        "imagineers",
        "Performer: choose the path space for the guest (not one with {crowd} guests or the Mess).",
        crowd=MAX_GUESTS_ON_PATH,
    ),
    GROUPS["move"]: txc(
        "imagineers",
        "Step 2: pick up every guest of a path the Movement card allows and drop them one "
        "by one on the attractions ahead, skipping paths with {crowd} guests.",
        crowd=MAX_GUESTS_ON_PATH,
    ),
    GROUPS["order"]: txc(
        "imagineers",
        "Choose the order the guests are dropped in: each guest that matches its "
        "attraction's colour pays the owner, and you.",
    ),
    GROUPS["take"]: txc(
        "imagineers",
        "Step 3: take the top tile of either stack, blind: you see only the side facing up.",
    ),
    GROUPS["back"]: txc("imagineers", "Undo your last choice of this step and choose again."),
}


def action_help(group: str) -> Text:
    return HELP[group]
