"""The round as a queue of steps (rulebook "Playing the Game").

After the reveal the whole rest of the round is queued in ``state["queue"]``:
take the chosen Attractions from the bottom of the Fun Slide up, the catch-up phase,
Weather, the inspection(s), then the preparations for the next round. Automatic steps
run at once; a decision (see ``decisions``) stops the queue until its player moves, and
one with a single option (or none) is carried out without asking.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.core import Rng, State, joined
from engine.text import Text, txc, txcn
from engine.troolpark import decisions
from engine.troolpark.data import ATTRACTIONS, INSPECTIONS, ROUNDS, WEATHER
from engine.troolpark.effects import opening_gain, weather_gain
from engine.troolpark.inspections import start_inspection
from engine.troolpark.pieces import (
    Task,
    free_areas,
    gain_points,
    gain_visitors,
    push_front,
    slide_rank,
    slide_to_top,
)
from engine.troolpark.wording import (
    CATEGORY_WORDS,
    GROUND_WORDS,
    WEATHER_WORDS,
    attraction_name,
)

#: Round 8's three inspections happen in this order (rulebook: "Last Round").
ROUND8_ORDER: tuple[str, ...] = ("thrills", "laughs", "snacks")


def advance(state: State) -> list[str]:
    """Run the queue until a real decision waits (or the round/game is done)."""
    events: list[str] = []
    queue: list[Task] = state["queue"]
    while queue:
        task = queue[0]
        if task["do"] in decisions.DECISIONS:
            moves = decisions.options(state, task)
            if len(moves) > 1:
                break
            queue.pop(0)
            if moves:
                events += decisions.decide(state, task, moves[0].code)
            else:
                events += decisions.skip(state, task)
        else:
            queue.pop(0)
            events += _AUTOMATIC[str(task["do"])](state, task)
    return events


def reveal(state: State) -> list[str]:
    """Everyone has chosen: show all choices at once and queue the rest of the round."""
    state["revealed"] = state["choices"]
    state["choices"] = {}
    shown = joined([_pick(s, state["revealed"][s]) for s in state["seats"]])
    state["queue"] = [
        *({"do": "take", "seat": s} for s in state["slide"]),
        {"do": "catchup_start"},
        {"do": "weather"},
        *({"do": "inspect"} for _ in state["announced"]),
        {"do": "prep"},
    ]
    return [txc("troolpark", "Choices revealed: {choices}", choices=shown), *advance(state)]


def _take(state: State, task: Task) -> list[str]:
    """Phase 1b: take the chosen Attraction if it is still there."""
    seat = str(task["seat"])
    letter = state["revealed"][seat]
    card = state["central"][letter]
    if card is None:
        state["missed"].append(seat)
        return [
            txc(
                "troolpark", "{seat} misses {letter}: it is already taken", seat=seat, letter=letter
            )
        ]
    state["central"][letter] = None
    events: list[str] = [
        txc(
            "troolpark",
            "{seat} takes {attraction} ({letter})",
            seat=seat,
            attraction=attraction_name(card),
            letter=letter,
        )
    ]
    rivals = [s for s, chosen in state["revealed"].items() if chosen == letter and s != seat]
    if rivals:
        slide_to_top(state, seat)
        events.append(
            txc(
                "troolpark",
                "{seat} goes to the top of the Fun Slide ({letter} was contested)",
                seat=seat,
                letter=letter,
            )
        )
    push_front(state, {"do": "open", "seat": seat, "card": card})
    return events


def _catchup_start(state: State, _task: Task) -> list[str]:
    """Phase 1c: those who missed out, from the bottom of the slide up."""
    missed = sorted(state["missed"], key=lambda s: slide_rank(state, s))
    state["missed"] = []
    push_front(state, *({"do": "catchup", "seat": s} for s in missed))
    return []


def _open(state: State, task: Task) -> list[str]:
    """Open an Attraction: place it, take a Booth first if it shows the icon, its effect."""
    seat, card = str(task["seat"]), str(task["card"])
    if not free_areas(state, seat):
        state["attraction_discard"].append(card)
        return [
            txc(
                "troolpark",
                "{seat}'s park is full: {attraction} is discarded without effect",
                seat=seat,
                attraction=attraction_name(card),
            )
        ]
    tasks: list[Task] = [{"do": "place", "seat": seat, "card": card}]
    if ATTRACTIONS[card].booth_icon:
        tasks.append({"do": "booth", "seat": seat, "rank": 0})
    tasks.append({"do": "effect", "seat": seat, "card": card})
    push_front(state, *tasks)
    return []


def _effect(state: State, task: Task) -> list[str]:
    seat, card = str(task["seat"]), str(task["card"])
    points, visitors = opening_gain(state["parks"][seat], card)
    gain = gain_points(state, seat, points)
    gained = [] if gain is None else [gain]
    if visitors:
        gain_visitors(state, seat, visitors, "attractions")
        gained.append(_more_visitors(visitors))
    name = attraction_name(card)
    if not gained:
        return [txc("troolpark", "{seat} opens {attraction}: nothing", seat=seat, attraction=name)]
    return [
        txc(
            "troolpark",
            "{seat} opens {attraction}: {gains}",
            seat=seat,
            attraction=name,
            gains=joined(gained),
        )
    ]


def _weather(state: State, _task: Task) -> list[str]:
    """Phase 2: draw (rebuilding the pile only now, if empty) and score matching cards."""
    events: list[str] = []
    if not state["weather_pile"]:
        rng = Rng(state["rng"])
        state["weather_pile"] = rng.shuffled(state["weather_discard"])
        state["weather_discard"] = []
        state["rng"] = rng.state
        events.append(txc("troolpark", "The Weather pile is rebuilt from the discards"))
    token = state["weather_pile"].pop(0)
    state["weather_discard"].append(token)
    state["weather_drawn"] = token
    events.append(
        txc(
            "troolpark",
            "Weather: {weather} ({ground})",
            weather=WEATHER_WORDS[token],
            ground=GROUND_WORDS[WEATHER[token]],
        )
    )
    for seat in state["seats"]:
        gains = gain_points(state, seat, weather_gain(state["parks"][seat], token))
        if gains is not None:
            # i18n: what a seat gains from the Weather ("alice +1 Laughs, +2 Snacks").
            events.append(txc("troolpark", "{seat} {gains}", seat=seat, gains=gains))
    return events


def _inspect(state: State, _task: Task) -> list[str]:
    return start_inspection(state)


def _prep(state: State, _task: Task) -> list[str]:
    """Phase 4: refill the central board and announce the next inspection(s)."""
    state["inspection"] = None
    if state["round"] == ROUNDS:
        state["over"] = True
        return [txc("troolpark", "The last inspection is over: the game ends")]
    for letter, card in state["central"].items():
        if card is None and state["attraction_pile"]:
            state["central"][letter] = state["attraction_pile"].pop(0)
    state["round"] += 1
    count = 3 if state["round"] == ROUNDS else 1
    announced = state["ledger"][:count]
    del state["ledger"][:count]
    announced.sort(key=lambda i: ROUND8_ORDER.index(INSPECTIONS[i].category))
    state["announced"] = announced
    names = joined([CATEGORY_WORDS[INSPECTIONS[i].category] for i in announced])
    return [
        txcn(
            "troolpark",
            "Round {round} begins; inspection announced: {categories}",
            "Round {round} begins; inspection announced: {categories}",
            len(announced),
            round=state["round"],
            categories=names,
        )
    ]


_AUTOMATIC: dict[str, Callable[[State, Task], list[str]]] = {
    "take": _take,
    "catchup_start": _catchup_start,
    "open": _open,
    "effect": _effect,
    "weather": _weather,
    "inspect": _inspect,
    "prep": _prep,
}


@functools.lru_cache(maxsize=1024)
def _pick(seat: str, letter: str) -> Text:
    """A seat's revealed choice ("alice C"), on every simulated round of the robots."""
    return txc("troolpark", "{seat} {letter}", seat=seat, letter=letter)


@functools.cache
def _more_visitors(count: int) -> Text:
    return txcn("troolpark", "+{count} Visitor", "+{count} Visitors", count)
