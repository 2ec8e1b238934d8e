"""The decisions a single player makes after the reveal: what they may do and doing it.

Each waiting decision is a task at the head of ``state["queue"]`` naming its ``seat``:

- ``place``    ``place:<area>`` put ``card`` in the Laughs, Thrills or Snacks area;
- ``booth``    ``booth:<ground>`` take a Booth of that type (Booth icon, or a Laughs
  inspection where ``rank`` > 0 restricts the types);
- ``catchup``  ``take:<letter>`` take an open Attraction in the catch-up phase, or
  ``pass`` to take none (the rulebook's player *can* catch up);
- ``bonus``    ``bonus:<laughs|thrills|snacks|visitor|slide>`` or
  ``bonus:weather:<token>``: one of the two location bonuses beside ``letter``;
- ``category`` ``cat:<category>`` the Category a Thrills inspection's ``points`` go to.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.core import Move, Rng, State, joined
from engine.text import Text, txc, txcn
from engine.troolpark.data import ATTRACTIONS, CATEGORIES, GROUNDS, SPACE_BONUSES, WEATHER
from engine.troolpark.effects import describe_effect, ground_of
from engine.troolpark.pieces import (
    BONUS_WORDS,
    Task,
    booth_stock,
    card_name,
    free_areas,
    gain_points,
    gain_visitors,
    push_front,
    slide_to_bottom,
)
from engine.troolpark.wording import (
    CATEGORY_WORDS,
    GROUND_WORDS,
    WEATHER_WORDS,
    attraction_name,
)

DECISIONS: frozenset[str] = frozenset({"place", "booth", "catchup", "bonus", "category"})


def options(state: State, task: Task) -> list[Move]:
    """The legal moves of the decision ``task`` (may be empty or a single one)."""
    return _OPTIONS[str(task["do"])](state, task)


def decide(state: State, task: Task, code: str) -> list[str]:
    """Carry out ``code`` (one of ``options``) for ``task``, already off the queue."""
    seat = str(task["seat"])
    verb, _, arg = code.partition(":")
    if verb == "place":
        return _place(state, seat, str(task["card"]), arg)
    if verb == "booth":
        return _booth(state, task, arg)
    if verb == "take":
        return _take(state, seat, arg)
    if verb == "bonus":
        return _bonus(state, seat, arg)
    if verb == "pass":
        return [txc("troolpark", "{seat} skips the catch-up", seat=seat)]
    state["inspection"]["picked"][int(str(task["rank"])) - 1] = arg
    gain = gain_points(state, seat, {arg: int(str(task["points"]))})
    return [
        txc(
            "troolpark",
            "{seat} chose {category}: {gain}",
            seat=seat,
            category=CATEGORY_WORDS[arg],
            gain=gain,
        )
    ]


def skip(state: State, task: Task) -> list[str]:
    """A decision with no option at all (a full park, an empty Booth reserve)."""
    seat = str(task["seat"])
    if task["do"] == "booth":
        if not free_areas(state, seat):
            return [txc("troolpark", "{seat} gets no Booth: the park is full", seat=seat)]
        return [txc("troolpark", "{seat} gets no Booth: the reserve is empty", seat=seat)]
    if task["do"] == "catchup":
        return [txc("troolpark", "{seat} has no Attraction left to catch up with", seat=seat)]
    return [txc("troolpark", "{seat} has nothing to choose", seat=seat)]


def _place_options(state: State, task: Task) -> list[Move]:
    card = str(task["card"])
    return [
        Move(f"place:{area}", _place_label(card, area))
        for area in free_areas(state, str(task["seat"]))
    ]


# The labels below are the same again and again (the robots list moves by the thousand),
# so each is made once for its arguments (a card, an area, a letter, a count).


@functools.cache
def _place_label(card: str, area: str) -> Text:
    if card not in ATTRACTIONS:
        return txc(
            "troolpark", "Place {card} in {area}", card=card_name(card), area=CATEGORY_WORDS[area]
        )
    return txc(
        "troolpark",
        "Place {card} ({ground}) in {area}",
        card=card_name(card),
        ground=GROUND_WORDS[ground_of(card)],
        area=CATEGORY_WORDS[area],
    )


def due_booth_types(state: State, task: Task) -> list[str]:
    """Booth types the rules give ``task``, whatever is left: any type for a Booth icon;
    in a Laughs inspection the two offered to the 1st, a type other than the 1st's for
    the 2nd, and the type neither of them took for everyone after them."""
    rank = int(str(task.get("rank", 0)))
    if rank == 0:
        return list(GROUNDS)
    inspection = state["inspection"]
    if rank == 1:
        return list(inspection["offered"])
    taken = set(inspection["picked"][: min(rank - 1, 2)])
    return [g for g in GROUNDS if g not in taken]


def allowed_booth_types(state: State, task: Task) -> list[str]:
    """The due types still in the reserve; when none is left, any type still there
    (every player due a Booth gets one while the reserve lasts, see RULES.md)."""
    stock = booth_stock(state)
    due = [g for g in due_booth_types(state, task) if stock[g]]
    return due or [g for g in GROUNDS if stock[g]]


def _booth_options(state: State, task: Task) -> list[Move]:
    if not free_areas(state, str(task["seat"])):
        return []
    stock = booth_stock(state)
    return [Move(f"booth:{g}", _booth_label(g, stock[g])) for g in allowed_booth_types(state, task)]


@functools.cache
def _booth_label(ground: str, left: int) -> Text:
    return txcn(
        "troolpark",
        "Take a {ground} Booth ({count} left)",
        "Take a {ground} Booth ({count} left)",
        left,
        ground=GROUND_WORDS[ground],
    )


def _catchup_options(state: State, task: Task) -> list[Move]:
    moves = [
        Move(f"take:{letter}", _take_label(card, letter))
        for letter, card in state["central"].items()
        if card is not None
    ]
    if moves:
        moves.append(Move("pass", _PASS))
    return moves


_PASS = txc("troolpark", "Skip the catch-up: take no Attraction and no bonus")


@functools.cache
def _take_label(card: str, letter: str) -> Text:
    return txc(
        "troolpark",
        "Take {attraction} at {letter} ({bonuses})",
        attraction=attraction_name(card),
        letter=letter,
        bonuses=joined([BONUS_WORDS[b] for b in SPACE_BONUSES[letter]], "or"),
    )


def bonus_codes(state: State, letter: str) -> list[str]:
    """The bonus codes beside ``letter``; "any Category" becomes all three."""
    codes: list[str] = []
    for kind in SPACE_BONUSES[letter]:
        if kind == "any":
            codes += list(CATEGORIES)
        elif kind == "weather":
            codes += [f"weather:{t}" for t in WEATHER if t in state["weather_discard"]]
        else:
            codes.append(kind)
    return list(dict.fromkeys(codes))


def _bonus_options(state: State, task: Task) -> list[Move]:
    return [
        Move(f"bonus:{code}", _bonus_label(code))
        for code in bonus_codes(state, str(task["letter"]))
    ]


@functools.cache
def _bonus_label(code: str) -> Text:
    if code.startswith("weather:"):
        token = WEATHER_WORDS[code.partition(":")[2]]
        return txc(
            "troolpark", "Bonus: shuffle {weather} back into the Weather pile", weather=token
        )
    return txc("troolpark", "Bonus: {bonus}", bonus=BONUS_WORDS[code])


def _category_options(state: State, task: Task) -> list[Move]:
    picked = state["inspection"]["picked"]
    points = int(str(task["points"]))
    return [Move(f"cat:{c}", _gain_label(points, c)) for c in CATEGORIES if c not in picked]


@functools.cache
def _gain_label(points: int, category: str) -> Text:
    return txcn(
        "troolpark",
        "Gain {count} {category} point",
        "Gain {count} {category} points",
        points,
        category=CATEGORY_WORDS[category],
    )


def _place(state: State, seat: str, card: str, area: str) -> list[str]:
    state["parks"][seat][area].append(card)
    return [_placed(seat, card, area)]


@functools.lru_cache(maxsize=4096)
def _placed(seat: str, card: str, area: str) -> Text:
    return txc(
        "troolpark",
        "{seat} placed {card} in {area}",
        seat=seat,
        card=card_name(card),
        area=CATEGORY_WORDS[area],
    )


def _booth(state: State, task: Task, ground: str) -> list[str]:
    seat = str(task["seat"])
    due = due_booth_types(state, task)
    card = next(b for b in state["booth_reserve"] if ground_of(b) == ground)
    state["booth_reserve"].remove(card)
    rank = int(str(task.get("rank", 0)))
    if rank:
        state["inspection"]["picked"][rank - 1] = ground
    push_front(state, {"do": "place", "seat": seat, "card": card})
    if ground not in due:
        return [
            txc(
                "troolpark",
                "No {wanted} Booth is left: {seat} takes a {ground} Booth instead",
                wanted=joined([GROUND_WORDS[g] for g in due], "or"),
                seat=seat,
                ground=GROUND_WORDS[ground],
            )
        ]
    return [
        txc("troolpark", "{seat} took a {ground} Booth", seat=seat, ground=GROUND_WORDS[ground])
    ]


def _take(state: State, seat: str, letter: str) -> list[str]:
    card = state["central"][letter]
    state["central"][letter] = None
    push_front(
        state,
        {"do": "bonus", "seat": seat, "letter": letter},
        {"do": "open", "seat": seat, "card": card},
    )
    return [
        txc(
            "troolpark",
            "{seat} catches up with {attraction} ({letter})",
            seat=seat,
            attraction=attraction_name(card),
            letter=letter,
        )
    ]


def _bonus(state: State, seat: str, code: str) -> list[str]:
    kind, _, token = code.partition(":")
    if kind in CATEGORIES:
        gain = gain_points(state, seat, {kind: 1})
        return [txc("troolpark", "{seat} took the bonus {gain}", seat=seat, gain=gain)]
    if kind == "visitor":
        gain_visitors(state, seat, 1, "bonuses")
        return [txc("troolpark", "{seat} took the bonus +1 Visitor", seat=seat)]
    if kind == "slide":
        slide_to_bottom(state, seat)
        return [
            txc(
                "troolpark",
                "{seat} took the bonus: slides to the bottom of the Fun Slide",
                seat=seat,
            )
        ]
    shuffle_weather_back(state, token)
    return [
        txc(
            "troolpark",
            "{seat} took the bonus: {weather} is shuffled back into the Weather pile",
            seat=seat,
            weather=WEATHER_WORDS[token],
        )
    ]


def shuffle_weather_back(state: State, token: str) -> None:
    """Mix a discarded Weather token into the pile (alone if the pile is empty)."""
    rng = Rng(state["rng"])
    state["weather_discard"].remove(token)
    pile: list[str] = state["weather_pile"]
    pile.insert(rng.below(len(pile) + 1), token)
    state["rng"] = rng.state


@functools.cache
def choose_label(letter: str, card: str) -> Text:
    """The label of the secret choice of ``card`` at ``letter``."""
    return txc("troolpark", "Choose {letter}: {card}", letter=letter, card=describe_card(card))


@functools.cache
def describe_card(card: str) -> Text:
    """A short card description for labels: name, ground, effect, Booth icon."""
    attraction = ATTRACTIONS[card]
    name, ground = attraction_name(card), GROUND_WORDS[attraction.ground]
    if attraction.booth_icon:
        return txc(
            "troolpark",
            "{attraction} ({ground}, {effect}, +Booth)",
            attraction=name,
            ground=ground,
            effect=describe_effect(card),
        )
    return txc(
        "troolpark",
        "{attraction} ({ground}, {effect})",
        attraction=name,
        ground=ground,
        effect=describe_effect(card),
    )


_OPTIONS: dict[str, Callable[[State, Task], list[Move]]] = {
    "place": _place_options,
    "booth": _booth_options,
    "catchup": _catchup_options,
    "bonus": _bonus_options,
    "category": _category_options,
}
