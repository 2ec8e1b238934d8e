"""What the coach says a Trool Park move is for, and one line on each action of the picker.

A reason reads only what the seat sees: the central board, every park and counter, the
Fun Slide, the announced inspections and its own secret choice. Other seats' choices are
hidden until the reveal: a pick is sure only when the seat is lowest on the Fun Slide,
whatever the others chose (rulebook, 1b).
"""

from __future__ import annotations

from engine.core import Game, State
from engine.text import Text, txc, txcn
from engine.troolpark.data import ATTRACTIONS, BOOTHS, INSPECTIONS, SPACE_BONUSES, WEATHER
from engine.troolpark.effects import ground_of, opening_gain
from engine.troolpark.inspections import ranking
from engine.troolpark.pieces import slide_rank
from engine.troolpark.rules import GROUPS

CATEGORY_WORDS = {
    "laughs": txc("troolpark", "Laughs"),
    "thrills": txc("troolpark", "Thrills"),
    "snacks": txc("troolpark", "Snacks"),
}
GROUND_WORDS = {
    "snow": txc("troolpark", "Snow"),
    "stone": txc("troolpark", "Stone"),
    "sand": txc("troolpark", "Sand"),
}
WEATHER_WORDS = {
    "flurries": txc("troolpark", "Flurries"),
    "rain": txc("troolpark", "Rain"),
    "sunshine": txc("troolpark", "Sunshine"),
}
#: The location bonuses (rulebook, "Location Bonuses"), as the catch-up reason names them.
BONUS_WORDS = {
    "laughs": txc("troolpark", "a point in Laughs"),
    "thrills": txc("troolpark", "a point in Thrills"),
    "snacks": txc("troolpark", "a point in Snacks"),
    "any": txc("troolpark", "a point in any Category"),
    "weather": txc("troolpark", "a Weather token back in the pile"),
    "slide": txc("troolpark", "the bottom of the Fun Slide"),
    "visitor": txc("troolpark", "a Visitor"),
}
#: The Weather token of each ground (``WEATHER`` read the other way).
TOKEN_OF = {ground: token for token, ground in WEATHER.items()}


def explain(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    verb, _, arg = code.partition(":")
    if verb == "choose":
        return _choose(state, seat, arg)
    if verb == "place":
        return _place(state, seat, str(state["queue"][0]["card"]), arg)
    if verb == "booth":
        return txcn(
            "troolpark",
            "A {ground} Booth: your park then has {count} card on {ground}, scoring when "
            "{weather} is drawn.",
            "A {ground} Booth: your park then has {count} cards on {ground}, each scoring when "
            "{weather} is drawn.",
            _matching(state, seat, arg) + 1,
            ground=GROUND_WORDS[arg],
            weather=WEATHER_WORDS[TOKEN_OF[arg]],
        )
    if verb == "take":
        first, second = SPACE_BONUSES[arg]
        return txc(
            "troolpark",
            "Catches up with {card} ({gain}) and a bonus: {first} or {second}.",
            card=ATTRACTIONS[state["central"][arg]].name,
            gain=_gain(state, seat, state["central"][arg]),
            first=BONUS_WORDS[first],
            second=BONUS_WORDS[second],
        )
    if verb == "pass":
        return txc("troolpark", "Takes nothing: no Attraction left is worth opening for you.")
    if verb == "bonus":
        return _bonus(state, seat, arg)
    return _category(state, seat, arg, int(str(state["queue"][0]["points"])))


def _gain(state: State, seat: str, card: str) -> Text:
    """What opening ``card`` would give the seat now (its effect, the card counted)."""
    park = {area: list(cards) for area, cards in state["parks"][seat].items()}
    park[next(iter(park))].append(card)
    points, visitors = opening_gain(park, card)
    if visitors:
        return txcn("troolpark", "{count} Visitor", "{count} Visitors", visitors)
    category, amount = max(points.items(), key=lambda item: item[1], default=("", 0))
    if not amount:
        return txc("troolpark", "nothing on opening yet")
    return txcn(
        "troolpark",
        "{count} point in {category}",
        "{count} points in {category}",
        amount,
        category=CATEGORY_WORDS[category],
    )


def _choose(state: State, seat: str, letter: str) -> Text:
    """A pick: what opening it gives, and how many rivals take their pick before the seat
    (lower on the Fun Slide) and could take it first."""
    card = state["central"][letter]
    before = slide_rank(state, seat)
    name, gain = ATTRACTIONS[card].name, _gain(state, seat, card)
    if before == 0:
        return txc(
            "troolpark",
            "{card} ({gain}) is yours whatever the others pick: you are lowest on the Fun Slide.",
            card=name,
            gain=gain,
        )
    return txcn(
        "troolpark",
        "{card} ({gain}); {count} player lower on the Fun Slide picks before you and may "
        "take it first.",
        "{card} ({gain}); {count} players lower on the Fun Slide pick before you and may "
        "take it first.",
        before,
        card=name,
        gain=gain,
    )


def _matching(state: State, seat: str, ground: str, area: str | None = None) -> int:
    """Cards of ``ground`` in the seat's park (in ``area`` only, if given)."""
    park = state["parks"][seat]
    areas = [area] if area is not None else list(park)
    return sum(1 for a in areas for card in park[a] if ground_of(card) == ground)


def _place(state: State, seat: str, card: str, area: str) -> Text:
    """Placing: the Weather that will score it in that area (phase 2), and whether that
    Category is inspected this round (phase 3)."""
    ground = ground_of(card)
    name = (
        ATTRACTIONS[card].name
        if card in ATTRACTIONS
        else txc("troolpark", "a {ground} Booth", ground=GROUND_WORDS[BOOTHS[card].ground])
    )
    values = {
        "card": name,
        "area": CATEGORY_WORDS[area],
        "weather": WEATHER_WORDS[TOKEN_OF[ground]],
    }
    count = _matching(state, seat, ground, area) + 1
    if any(INSPECTIONS[i].category == area for i in state["announced"]):
        return txcn(
            "troolpark",
            "Puts {card} in {area}, inspected this round; {count} card there scores when "
            "{weather} is drawn.",
            "Puts {card} in {area}, inspected this round; {count} cards there score when "
            "{weather} is drawn.",
            count,
            **values,
        )
    return txcn(
        "troolpark",
        "Puts {card} in {area}: {count} card there scores when {weather} is drawn.",
        "Puts {card} in {area}: {count} cards there score when {weather} is drawn.",
        count,
        **values,
    )


def _bonus(state: State, seat: str, kind: str) -> Text:
    """A location bonus: what it does for the seat."""
    if kind in CATEGORY_WORDS:
        return _category(state, seat, kind, 1)
    if kind == "visitor":
        return txc("troolpark", "One Visitor now.")
    if kind == "slide":
        return txc(
            "troolpark", "To the bottom of the Fun Slide: you pick first and win ties again."
        )
    token = kind.partition(":")[2]
    return txc(
        "troolpark",
        "Puts {weather} back in the Weather pile, so it can be drawn again.",
        weather=WEATHER_WORDS[token],
    )


def _category(state: State, seat: str, category: str, points: int) -> Text:
    """Points in a Category: the place they lift the seat to there (inspections pay
    by place)."""
    before = ranking(state, category).index(seat) + 1
    state["points"][seat][category] += points
    after = ranking(state, category).index(seat) + 1
    state["points"][seat][category] -= points
    if after < before:
        return txcn(
            "troolpark",
            "{count} point in {category}: from place {before} to {after} there.",
            "{count} points in {category}: from place {before} to {after} there.",
            points,
            category=CATEGORY_WORDS[category],
            before=before,
            after=after,
        )
    return txcn(
        "troolpark",
        "{count} point in {category}, where you are in place {place}.",
        "{count} points in {category}, where you are in place {place}.",
        points,
        category=CATEGORY_WORDS[category],
        place=after,
    )


#: One line per picker action, in the rulebook's terms ("Playing the Game", 1a–3).
HELP: dict[str, Text] = {
    GROUPS["choose"]: txc(
        "troolpark",
        "Secretly pick a letter of the central board. Picks are shown together and taken "
        "from the bottom of the Fun Slide up; a contested pick sends its taker to the top.",
    ),
    GROUPS["place"]: txc(
        "troolpark",
        "Put the card in an area of your park: each Weather drawn scores a point in that "
        "area's Category for every card of its ground there.",
    ),
    GROUPS["booth"]: txc(
        "troolpark",
        "Take a Booth from the reserve: Snow, Stone or Sand. It counts like an Attraction, "
        "without an opening effect.",
    ),
    GROUPS["take"]: txc(
        "troolpark",
        "Your pick was taken: open another Attraction still on the board, with a location "
        "bonus beside its space, or take none.",
    ),
    GROUPS["bonus"]: txc(
        "troolpark",
        "Choose one of the two bonuses beside the space: a Category point, a Visitor, the "
        "bottom of the Fun Slide, or a Weather token back in the pile.",
    ),
    GROUPS["cat"]: txc(
        "troolpark",
        "Thrills inspection: choose the Category your reward points go to; each Category "
        "may be chosen only once per inspection.",
    ),
}


def action_help(group: str) -> Text:
    return HELP[group]
