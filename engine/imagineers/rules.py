"""Imagineers: the game flow, legal moves and their effects.

Move-code grammar (spaces and slots are 1-based, as printed in the pictures):

- ``entrance:<space>`` — setup, in reverse player order: put your coaster entrance on a
  pre-printed red attraction space.
- Step 1, play one tile, in two steps: ``tile:<id>`` picks a tile from your hand, then
  ``build:<space>`` (an empty space, or an opponent's attraction to deconstruct when the
  park is full), ``upgrade:<slot>`` (coaster board), ``staff:vendor``,
  ``staff:janitor:<space>`` or ``staff:performer`` followed by ``guest:<space>:<Y|R|B>``
  and ``to:<space>``. ``back`` undoes the last of these choices before it is final.
- Step 2, move guests: ``move:<space>``, then ``order:<letters>`` (e.g. ``order:RB``)
  when the group can be dropped in more than one colour order; ``back`` picks again.
- Step 3: ``take:attraction`` or ``take:coaster`` — the top tile of that stack, blind.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from engine.core import Game, Move, OptionSpec, Outcome, Rng, State, clone, joined, rank_by
from engine.imagineers import ai, disclosure, events, movement, tracks, views, wording
from engine.imagineers.data import (
    COASTER_BOARDS,
    DECK_SIZES,
    EVENT_CARDS,
    GUEST_COLOURS,
    GUESTS_PER_COLOUR,
    GUESTS_PER_START_SPACE,
    LAST_ROUND,
    LAST_ROUND_SHUFFLED_WITH,
    MOVEMENT_CARDS,
    PARK_SIDES,
    START_HAPPINESS,
    START_MONEY,
    TILE_COUNT,
    TILES,
)
from engine.imagineers.summary import SUMMARY
from engine.imagineers.tracks import gain_fame, gain_money, pay
from engine.imagineers.wording import COLOURS, named
from engine.text import Text, txc, txcn

STACKS = ("attraction", "coaster")
#: What ``back`` undoes, by phase: the label says it, as the same code means different things.
BACK_LABELS = {
    "action": txc("imagineers", "Go back: play the other tile instead"),
    "performer": txc("imagineers", "Go back: use the tile another way"),
    "performer_to": txc("imagineers", "Go back: pick another guest for the Performer"),
    "order": txc("imagineers", "Go back: move guests from another space"),
}


class Imagineers(Game[views.ImagineersView]):
    """Build attractions, upgrade your coaster and steer guests to earn the most fame."""

    slug = "imagineers"
    title = "Imagineers"
    score_unit = txc("imagineers", "fame")

    def amount(self, score: int) -> Text:
        """A score with its unit, by the reader's plural rules (English fame has none)."""
        return txcn("imagineers", "{count} fame", "{count} fame", score)

    summary = SUMMARY
    min_players = 2
    max_players = 4
    options = (
        OptionSpec(
            "side",
            txc("imagineers", "Which side of the park board to play on"),
            ("day", "night"),
            "day",
            {"day": txc("imagineers", "Day side"), "night": txc("imagineers", "Night side")},
        ),
        OptionSpec(
            "upgrades",
            txc("imagineers", "Replacing a coaster upgrade"),
            events.REPLACING,
            "paid",
            {
                "paid": txc("imagineers", "Pay the new tile's cost (as we read it)"),
                "free": txc("imagineers", "Free (the other reading)"),
            },
        ),
    )

    # ----------------------------------------------------------------- setup
    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        seats = self.check_seats(seats)
        chosen = self.resolve_options(options)
        side = chosen["side"]
        rng = Rng.from_seed(seed)
        count = len(seats)
        park = PARK_SIDES[side]
        guests = rng.shuffled([c for c in GUEST_COLOURS for _ in range(GUESTS_PER_COLOUR)])
        paths: list[list[str]] = []
        for space in park.spaces:
            take = GUESTS_PER_START_SPACE if space.start else 0
            paths.append(guests[:take])
            guests = guests[take:]
        movement_count, event_count = DECK_SIZES[count]
        movement_deck = rng.shuffled(c.id for c in MOVEMENT_CARDS)[:movement_count]
        event_pool = rng.shuffled(e.id for e in EVENT_CARDS)[:event_count]
        split = len(event_pool) - LAST_ROUND_SHUFFLED_WITH
        bottom = rng.shuffled([*event_pool[split:], LAST_ROUND])
        tiles = rng.shuffled(range(TILE_COUNT))
        half = TILE_COUNT // 2
        fame_stack = rng.shuffled(seats)  # bottom first; the top tracker starts
        players = {
            seat: {
                "money": START_MONEY,
                "happiness": START_HAPPINESS,
                "fame": 0,
                "stamp": fame_stack.index(seat),
                "board": COASTER_BOARDS[i].name,
                "penalties": list(COASTER_BOARDS[i].penalties[count]),
                "upgrades": [None] * len(COASTER_BOARDS[i].penalties[count]),
                "hand": [],
            }
            for i, seat in enumerate(seats)
        }
        first = fame_stack[-1]
        state: State = {
            "seats": seats,
            "last": [],
            "rng": rng.state,
            "side": side,
            "upgrades": chosen["upgrades"],
            "paths": paths,
            "covered": list(park.covered[count]),
            "built": [None] * len(park.spaces),
            "entrances": {},
            "mess": None,
            "stacks": {"attraction": tiles[:half], "coaster": tiles[half:]},
            "box": [],
            "movement_deck": movement_deck,
            "event_deck": [*event_pool[:split], *bottom],
            "movement": None,
            "event": None,
            "round": 0,
            "final_round": False,
            "stamp": len(seats),
            "players": players,
            "first": first,
            "queue": list(reversed(turn_order(seats, first))),
            "phase": "entrance",
            "pending": {},
        }
        return state

    # ------------------------------------------------------------ questions
    def to_move(self, state: State) -> list[str]:
        return [] if state["phase"] == "over" else [state["queue"][0]]

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return list(_MOVES[state["phase"]](state, seat))

    # ------------------------------------------------------ the turn message
    def public_moves(self, state: State, seat: str) -> list[Move]:
        """Entrances, moving guests, drop orders, taking a stack and going back: the
        moves whose existence and labels come from the table alone (``disclosure.py``)."""
        return disclosure.public_moves(self.legal_moves(state, seat))

    def move_group(self, state: State, seat: str, move: Move) -> str:
        return disclosure.group(state, move)

    def undoable(self, before: State, after: State, seat: str) -> bool:
        """Picking the tile, a staff action, the Performer, moving guests, a drop order
        and going back: ``seat`` moves on within its turn and nothing hidden was drawn or
        shown. Never building or upgrading (a hand tile turns face up), taking a tile
        (drawn blind) or placing an entrance (the turn passes, or hands are dealt)."""
        return self.to_move(before) == [seat] == self.to_move(after) and disclosure.reveals_nothing(
            before, after, seat
        )

    def announces(self, before: State, after: State) -> bool:
        """A new round's cards, or the end of the season (RULES.md, "At the table")."""
        return disclosure.announces(before, after)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = self.scores(state)
        keys = {seat: (scores[seat], leftover(state, seat)) for seat in state["seats"]}
        return Outcome(scores, rank_by(keys), result_text(state, keys))

    def scores(self, state: State) -> dict[str, int]:
        return tracks.scores(state)

    def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
        """The three parts of the rulebook's final scoring (Game End and Scoring)."""
        return {
            seat: [
                (txc("imagineers", "Fame track"), int(state["players"][seat]["fame"])),
                (txc("imagineers", "Attractions' fame"), tracks.attraction_fame(state, seat)),
                (txc("imagineers", "Empty coaster slots"), tracks.showing_penalty(state, seat)),
            ]
            for seat in state["seats"]
        }

    def view(self, state: State, viewer: str | None) -> views.ImagineersView:
        result = views.public(state, self.to_move(state), self.scores(state), self.standings(state))
        outcome = self.outcome(state)
        if outcome is not None:
            result["winners"] = outcome.winners
        if viewer is not None and viewer in state["players"]:
            views.add_private(result, state, viewer)
        return result

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        legal = self.legal_moves(state, seat)
        return ai.choose(state, seat, legal, rng, self._step, self._own_moves)

    def _step(self, state: State, code: str) -> State:
        """``code`` applied to a copy, skipping the legality check (AI look-ahead only)."""
        after: State = clone(state)
        self.apply(after, after["queue"][0], code)
        return after

    def _own_moves(self, state: State) -> list[Move]:
        return self.legal_moves(state, state["queue"][0])

    # --------------------------------------------------------------- moves
    def apply(self, state: State, seat: str, code: str) -> list[str]:
        """The move's events, each a :class:`Text` (docs/ARCHITECTURE.md §12)."""
        verb, _, arg = code.partition(":")
        return [*_APPLY[verb](state, seat, arg)]


def leftover(state: State, seat: str) -> int:
    """Money + happiness left: the first tie-breaker (Game End and Scoring)."""
    player = state["players"][seat]
    return int(player["money"]) + int(player["happiness"])


def result_text(state: State, keys: Mapping[str, tuple[int, int]]) -> Text:
    """How the game ended and, when the best fame was tied, what decided it."""
    best = max(fame for fame, _ in keys.values())
    tied = [seat for seat in state["seats"] if keys[seat][0] == best]
    if len(tied) == 1:
        return txc(
            "imagineers",
            "The season ended after round {round}. {seat} wins with {fame} fame.",
            round=state["round"],
            seat=tied[0],
            fame=best,
        )
    most = max(keys[seat][1] for seat in tied)
    winners = [seat for seat in tied if keys[seat][1] == most]
    if len(winners) == 1:
        return txc(
            "imagineers",
            "The season ended after round {round}. Tie on {fame} fame broken by most money + "
            "happiness left ({most} against {others}): {seat}.",
            round=state["round"],
            fame=best,
            most=most,
            others=joined([str(keys[seat][1]) for seat in tied if seat not in winners]),
            seat=winners[0],
        )
    return txc(
        "imagineers",
        "The season ended after round {round}. {seats} tie on {fame} fame and {most} money + "
        "happiness left, so they share the victory.",
        round=state["round"],
        seats=winners,
        fame=best,
        most=most,
    )


def turn_order(seats: Sequence[str], first: str) -> list[str]:
    """Seats clockwise starting from ``first``."""
    start = list(seats).index(first)
    return [*seats[start:], *seats[:start]]


def free_spaces(state: State) -> list[int]:
    """Empty attraction spaces one may build on (not shops, red, entrances or Path tiles)."""
    return [
        i
        for i, space in enumerate(movement.spaces(state))
        if space.kind == "build" and i not in state["covered"] and state["built"][i] is None
    ]


# ------------------------------------------------------------- legal moves
def _back_move(state: State) -> Move:
    return Move("back", BACK_LABELS[state["phase"]])


def _entrance_moves(state: State, seat: str) -> list[Move]:
    taken = {int(k) for k in state["entrances"]}
    return [
        Move(
            f"entrance:{i + 1}",
            txc("imagineers", "Place your coaster entrance on red space {space}", space=i + 1),
        )
        for i, space in enumerate(movement.spaces(state))
        if space.kind == "red" and i not in taken
    ]


def _tile_moves(state: State, seat: str) -> list[Move]:
    return [_tile_move(tid) for tid in state["players"][seat]["hand"]]


@functools.cache
def _tile_move(tid: int) -> Move:
    return Move(f"tile:{tid}", txc("imagineers", "Play {tile}", tile=views.tile_label(tid)))


def _action_moves(state: State, seat: str) -> list[Move]:
    tid = state["pending"]["tile"]
    return [
        *_build_moves(state, seat, tid),
        *_upgrade_moves(state, seat, tid),
        *_staff_moves(state, tid),
        _back_move(state),
    ]


def _build_moves(state: State, seat: str, tid: int) -> list[Move]:
    """Empty spaces; opponents' attractions once the park is full (or in Urban Renewal).

    Nothing when all of the seat's ownership markers are in use (RULES.md decision 22).
    """
    if tracks.markers_left(state, seat) <= 0:
        return []
    cash = state["players"][seat]["money"]
    cost = events.build_cost(state, TILES[tid])
    name = named(TILES[tid].attraction.name)
    moves: list[Move] = []
    if cash >= cost:
        moves += [_build_move(tid, i + 1, cost) for i in free_spaces(state)]
    if not free_spaces(state) or events.deconstruct_anytime(state):
        for i, built in enumerate(state["built"]):
            if built is None or built[1] == seat:
                continue
            old = TILES[built[0]].attraction
            total = cost + old.cost
            if cash >= total:
                label = txc(
                    "imagineers",
                    "Build {ride} on space {space} for ${cost}, replacing {owner}'s {old}",
                    ride=name,
                    space=i + 1,
                    cost=total,
                    owner=built[1],
                    old=named(old.name),
                )
                moves.append(Move(f"build:{i + 1}", label))
    return moves


@functools.cache
def _build_move(tid: int, space: int, cost: int) -> Move:
    """Building ``tid`` on an empty space. Moves made from a few numbers are made once:
    the robots list the legal moves of every position they look at."""
    return Move(
        f"build:{space}",
        txc(
            "imagineers",
            "Build {ride} on space {space} for ${cost}",
            ride=named(TILES[tid].attraction.name),
            space=space,
            cost=cost,
        ),
    )


def _upgrade_moves(state: State, seat: str, tid: int) -> list[Move]:
    """Any slot the player can pay for: an empty one, or over an upgrade (the new tile's
    cost, or nothing with the lobby option ``upgrades: free``; RULES.md decision 12)."""
    player = state["players"][seat]
    moves: list[Move] = []
    for slot, (penalty, current) in enumerate(
        zip(player["penalties"], player["upgrades"], strict=True)
    ):
        price = events.upgrade_cost(state, TILES[tid], replacing=current is not None)
        if player["money"] >= price:
            moves.append(_upgrade_move(tid, slot + 1, penalty, price, current))
    return moves


@functools.cache
def _upgrade_move(tid: int, slot: int, penalty: int, price: int, current: int | None) -> Move:
    """Laying ``tid``'s track on ``slot``, empty (hiding ``penalty``) or over ``current``."""
    track = named(TILES[tid].coaster.name)
    if current is None:
        label = txc(
            "imagineers",
            "Add {track} to coaster slot {slot} (covers {penalty} fame) for ${cost}",
            track=track,
            slot=slot,
            penalty=penalty,
            cost=price,
        )
    elif price:
        label = txc(
            "imagineers",
            "Add {track} to coaster slot {slot} for ${cost}, replacing {old}",
            track=track,
            slot=slot,
            cost=price,
            old=named(TILES[current].coaster.name),
        )
    else:  # the lobby option ``upgrades: free``
        label = txc(
            "imagineers",
            "Add {track} to coaster slot {slot} for free, replacing {old}",
            track=track,
            slot=slot,
            old=named(TILES[current].coaster.name),
        )
    return Move(f"upgrade:{slot}", label)


def _staff_moves(state: State, tid: int) -> list[Move]:
    ride = named(TILES[tid].attraction.name)
    vendor = events.vendor_money(state)
    return [
        Move(
            "staff:vendor",
            txc(
                "imagineers",
                "Discard {ride} for the Vendor: gain ${amount}",
                ride=ride,
                amount=vendor,
            ),
        ),
        *(_janitor_move(tid, i + 1) for i in janitor_spaces(state)),
        Move(
            "staff:performer",
            txc("imagineers", "Discard {ride} for the Performer: move one guest", ride=ride),
        ),
    ]


@functools.cache
def _janitor_move(tid: int, space: int) -> Move:
    return Move(
        f"staff:janitor:{space}",
        txc(
            "imagineers",
            "Discard {ride} for the Janitor: Mess on space {space}",
            ride=named(TILES[tid].attraction.name),
            space=space,
        ),
    )


def janitor_spaces(state: State) -> list[int]:
    """Path spaces that may take the Mess: not before a coaster entrance, not where it is."""
    return [
        i
        for i in range(len(state["paths"]))
        if str(i) not in state["entrances"] and state["mess"] != i
    ]


def _performer_moves(state: State, seat: str) -> list[Move]:
    discard = named(TILES[state["pending"]["tile"]].attraction.name)
    moves = [
        Move(
            f"guest:{i + 1}:{c}",
            txc(
                "imagineers",
                "Performer (discarding {ride}): pick the {colour} guest on space {space}",
                ride=discard,
                colour=COLOURS[c],
                space=i + 1,
            ),
        )
        for i, guests in enumerate(state["paths"])
        for c in sorted(set(guests))
    ]
    return [*moves, _back_move(state)]


def _performer_to_moves(state: State, seat: str) -> list[Move]:
    source = state["pending"]["from"]
    colour = COLOURS[state["pending"]["colour"]]
    discard = named(TILES[state["pending"]["tile"]].attraction.name)
    moves = [
        Move(
            f"to:{i + 1}",
            txc(
                "imagineers",
                "Performer (discarding {ride}): {colour} guest from space {source} to space "
                "{target}",
                ride=discard,
                colour=colour,
                source=source + 1,
                target=i + 1,
            ),
        )
        for i in range(len(state["paths"]))
        if i != source and movement.has_room(state, i)
    ]
    return [*moves, _back_move(state)]


def _move_moves(state: State, seat: str) -> list[Move]:
    return [_guests_move(i + 1, "".join(state["paths"][i])) for i in movement.movable_paths(state)]


@functools.cache
def _guests_move(space: int, letters: str) -> Move:
    return Move(
        f"move:{space}",
        txc(
            "imagineers",
            "Move guests from space {space}: {guests}",
            space=space,
            guests=wording.guests(letters),
        ),
    )


def _order_moves(state: State, seat: str) -> list[Move]:
    path = state["pending"]["path"]
    moves = [_order_move(path + 1, order) for order in movement.drop_orders(state["paths"][path])]
    return [*moves, _back_move(state)]


@functools.cache
def _order_move(space: int, order: str) -> Move:
    return Move(
        f"order:{order}",
        txc(
            "imagineers",
            "Drop the guests of space {space}: {order}",
            space=space,
            order=joined([COLOURS[c] for c in order], "then"),
        ),
    )


def _take_moves(state: State, seat: str) -> list[Move]:
    return [
        _take_move(stack, state["stacks"][stack][-1]) for stack in STACKS if state["stacks"][stack]
    ]


@functools.cache
def _take_move(stack: str, top: int) -> Move:
    """Taking the top tile ``top`` of ``stack``, named by its face-up side."""
    if stack == "attraction":
        label = txc(
            "imagineers", "Take {tile} from the attraction stack", tile=views.top_label(stack, top)
        )
    else:
        label = txc(
            "imagineers", "Take {tile} from the coaster stack", tile=views.top_label(stack, top)
        )
    return Move(f"take:{stack}", label)


_MOVES = {
    "entrance": _entrance_moves,
    "tile": _tile_moves,
    "action": _action_moves,
    "performer": _performer_moves,
    "performer_to": _performer_to_moves,
    "move": _move_moves,
    "order": _order_moves,
    "take": _take_moves,
}


# ------------------------------------------------------------------ effects
def _entrance(state: State, seat: str, arg: str) -> list[Text]:
    space = int(arg) - 1
    state["entrances"][str(space)] = seat
    state["queue"].pop(0)
    log = [
        txc(
            "imagineers",
            "{seat} put their coaster entrance on space {space}",
            seat=seat,
            space=space + 1,
        )
    ]
    if not state["queue"]:
        for player in turn_order(state["seats"], state["first"]):
            hand = state["players"][player]["hand"]
            hand.extend(state["stacks"][stack].pop() for stack in STACKS)
        log += start_round(state)
    return log


def _tile(state: State, seat: str, arg: str) -> list[Text]:
    state["pending"] = {"tile": int(arg)}
    state["phase"] = "action"
    return [txc("imagineers", "{seat} picked a tile to play", seat=seat)]


_BACK_TO = {"action": "tile", "performer": "action", "performer_to": "performer", "order": "move"}


def _back(state: State, seat: str, arg: str) -> list[Text]:
    """Undo the last choice of a multi-step decision; only the chosen tile is kept."""
    state["phase"] = _BACK_TO[state["phase"]]
    tile = state["pending"].get("tile")
    state["pending"] = {"tile": tile} if state["phase"] in ("action", "performer") else {}
    return [txc("imagineers", "{seat} went back", seat=seat)]


def _discard(state: State, seat: str) -> int:
    tid = int(state["pending"]["tile"])
    state["players"][seat]["hand"].remove(tid)
    return tid


def _build(state: State, seat: str, arg: str) -> list[Text]:
    space = int(arg) - 1
    tid = _discard(state, seat)
    tile = TILES[tid]
    cost = events.build_cost(state, tile)
    log: list[Text] = []
    old = state["built"][space]
    if old is not None:
        price = TILES[old[0]].attraction.cost
        pay(state, seat, price)
        state["box"].append(old[0])
        log.append(
            txc(
                "imagineers",
                "{seat} paid ${cost} to deconstruct {owner}'s {ride} on space {space}; its "
                "ownership marker goes back to {owner}",
                seat=seat,
                cost=price,
                owner=old[1],
                ride=named(TILES[old[0]].attraction.name),
                space=space + 1,
            )
        )
    pay(state, seat, cost)
    state["built"][space] = [tid, seat]
    log.append(
        txc(
            "imagineers",
            "{seat} built {ride} on space {space} for ${cost}",
            seat=seat,
            ride=views.ride_text(tid),
            space=space + 1,
            cost=cost,
        )
    )
    bonus = events.build_fame(state)
    if bonus:
        gain_fame(state, seat, bonus)
        log.append(
            txc(
                "imagineers",
                "{seat} +{fame} fame ({event})",
                seat=seat,
                fame=bonus,
                event=named("Critics' Choice"),
            )
        )
    to_step_two(state)
    return log


def _upgrade(state: State, seat: str, arg: str) -> list[Text]:
    slot = int(arg) - 1
    tid = _discard(state, seat)
    upgrades = state["players"][seat]["upgrades"]
    replaced = upgrades[slot]
    price = events.upgrade_cost(state, TILES[tid], replacing=replaced is not None)
    pay(state, seat, price)
    upgrades[slot] = tid
    facts = {
        "seat": seat,
        "track": named(TILES[tid].coaster.name),
        "facts": views.track_facts(tid),
        "slot": slot + 1,
    }
    if replaced is None:
        added = txc(
            "imagineers",
            "{seat} added {track} ({facts}) to coaster slot {slot} for ${cost}",
            cost=price,
            **facts,
        )
    else:
        state["box"].append(replaced)
        old = named(TILES[replaced].coaster.name)
        if price:
            added = txc(
                "imagineers",
                "{seat} added {track} ({facts}) to coaster slot {slot} for ${cost}, replacing "
                "{old}",
                cost=price,
                old=old,
                **facts,
            )
        else:  # the lobby option ``upgrades: free``
            added = txc(
                "imagineers",
                "{seat} added {track} ({facts}) to coaster slot {slot} for free, replacing {old}",
                old=old,
                **facts,
            )
    to_step_two(state)
    return [added]


def _staff(state: State, seat: str, arg: str) -> list[Text]:
    action, _, target = arg.partition(":")
    if action == "performer":
        state["phase"] = "performer"
        return [txc("imagineers", "{seat} is calling the Performer", seat=seat)]
    state["box"].append(_discard(state, seat))
    if action == "vendor":
        gained = gain_money(state, seat, events.vendor_money(state))
        log = [
            txc(
                "imagineers",
                "{seat} discarded a tile for the Vendor: +${amount}",
                seat=seat,
                amount=gained,
            )
        ]
    else:
        log = [
            txc("imagineers", "{seat} discarded a tile for the Janitor", seat=seat),
            *movement.sweep(state, int(target) - 1),
        ]
    to_step_two(state)
    return log


def _guest(state: State, seat: str, arg: str) -> list[Text]:
    space, _, colour = arg.partition(":")
    state["pending"].update({"from": int(space) - 1, "colour": colour})
    state["phase"] = "performer_to"
    return [
        txc(
            "imagineers",
            "{seat} picked a {colour} guest on space {space}",
            seat=seat,
            colour=COLOURS[colour],
            space=int(space),
        )
    ]


def _to(state: State, seat: str, arg: str) -> list[Text]:
    target = int(arg) - 1
    source, colour = state["pending"]["from"], state["pending"]["colour"]
    state["box"].append(_discard(state, seat))
    state["paths"][source].remove(colour)
    state["paths"][target].append(colour)
    log = [
        txc(
            "imagineers",
            "{seat} discarded a tile for the Performer: {colour} guest from space {source} to "
            "{target}",
            seat=seat,
            colour=COLOURS[colour],
            source=source + 1,
            target=target + 1,
        )
    ]
    to_step_two(state)
    return log


def to_step_two(state: State) -> None:
    """Step 1 is done: on to moving guests."""
    state["pending"] = {}
    state["phase"] = "move"


def _move(state: State, seat: str, arg: str) -> list[Text]:
    path = int(arg) - 1
    orders = movement.drop_orders(state["paths"][path])
    if len(orders) > 1:
        state["pending"] = {"path": path}
        state["phase"] = "order"
        return [
            txc("imagineers", "{seat} chose the guests on space {space}", seat=seat, space=path + 1)
        ]
    return _sow(state, seat, path, orders[0])


def _order(state: State, seat: str, arg: str) -> list[Text]:
    return _sow(state, seat, int(state["pending"]["path"]), arg)


def _sow(state: State, seat: str, path: int, order: str) -> list[Text]:
    log = movement.sow(state, seat, path, order)
    state["pending"] = {}
    state["phase"] = "take"
    return log


def _take(state: State, seat: str, arg: str) -> list[Text]:
    state["players"][seat]["hand"].append(state["stacks"][arg].pop())
    if arg == "attraction":
        log = [txc("imagineers", "{seat} took a tile from the attraction stack", seat=seat)]
    else:
        log = [txc("imagineers", "{seat} took a tile from the coaster stack", seat=seat)]
    state["queue"].pop(0)
    if state["queue"]:
        state["phase"] = "tile"
        return log
    return log + end_round(state)


_APPLY = {
    "entrance": _entrance,
    "tile": _tile,
    "back": _back,
    "build": _build,
    "upgrade": _upgrade,
    "staff": _staff,
    "guest": _guest,
    "to": _to,
    "move": _move,
    "order": _order,
    "take": _take,
}


# ---------------------------------------------------------------- rounds
def start_round(state: State) -> list[Text]:
    """Reveal a Movement and an Event card; the Mess token leaves the park."""
    state["round"] += 1
    state["mess"] = None
    state["movement"] = state["movement_deck"].pop(0)
    state["event"] = state["event_deck"].pop(0)
    state["final_round"] = state["event"] == LAST_ROUND
    state["queue"] = turn_order(state["seats"], state["first"])
    state["phase"] = "tile"
    return [
        txc(
            "imagineers",
            "Round {round}: {seat} goes first; Movement: {movement}; Event: {event}",
            round=state["round"],
            seat=state["first"],
            movement=views.movement_text(state),
            event=views.event_text(state),
        )
    ]


def end_round(state: State) -> list[Text]:
    """Last Round ends the game; otherwise the player furthest back on fame goes first."""
    if state["final_round"]:
        state["phase"] = "over"
        return [txc("imagineers", "The season is over")]
    players = state["players"]
    state["first"] = min(state["seats"], key=lambda s: (players[s]["fame"], players[s]["stamp"]))
    return start_round(state)


GAME = Imagineers()
