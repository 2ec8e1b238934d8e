"""What the coach says an Alan's Adventureland move is for, and one line on each action.

A reason reads only what the seat sees: its own hand and Bonus cards, and the table
(mats, the offer, approved cards, discard piles; RULES.md reading 15). Rival hands are
never read: a draft is contested by what a rival's park shows the card would improve.
"""

from __future__ import annotations

from engine.adventureland import prospects, scoring
from engine.adventureland.ai import card_value
from engine.adventureland.data import (
    ATTRACTION_BY_KEY,
    BONUS_BY_ID,
    MAT_BY_KEY,
    PENALTY_ABSENT,
    PENALTY_ELSEWHERE,
    TYPE_BY_KEY,
    bonus_name,
    parse_square,
)
from engine.adventureland.rules import GROUPS, LAYOUT_VARIANT
from engine.adventureland.seating import build_cost, gap_seats, ride_type, side_gaps, square_of
from engine.core import Game, State
from engine.text import Text, txc, txcn

#: The picker splits approving by card: "Approve Carousel" (``rules.move_group``).
APPROVE_GROUP = "Approve "


def explain(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
    verb, _, rest = code.partition(":")
    if verb == "mat":
        return txc(
            "adventureland",
            "Takes the {mat} mat: covering its coloured sets pays up to {points} points in "
            "every Bonus Round.",
            mat=MAT_BY_KEY[rest].name,
            points=sum(coloured.points for coloured in MAT_BY_KEY[rest].sets),
        )
    if verb == "pre":
        ride = ATTRACTION_BY_KEY[rest]
        return txc(
            "adventureland",
            "Pre-builds {ride} at excitement {level}: every Bonus Round scores your rides' "
            "excitement.",
            ride=ride.name,
            level=ride.levels[0],
        )
    if verb == "draft":
        return _draft(state, seat, rest)
    if verb == "approve":
        key, _, gap = rest.partition(":")
        return _approve(state, seat, key, int(gap) - 1)
    if verb == "build":
        return _build(state, seat, rest)
    if verb == "scrap":
        return txc(
            "adventureland",
            "Discards {ride}: no card in your hand can be built.",
            ride=ATTRACTION_BY_KEY[rest].name,
        )
    if verb == "place":
        return _place(state, seat, rest)
    return _bonus(state, seat, rest)


def _draft(state: State, seat: str, key: str) -> Text:
    """Drafting: an improvement of one's own, a card a rival drafting before one's next
    pick would improve, a second card of a type in hand (approve one beside you, build
    the other free: Play §4–5a), or a new attraction."""
    ride = ATTRACTION_BY_KEY[key]
    square = square_of(state, seat, key)
    if square is not None and card_value(state, seat, key) > 0:
        height = int(state["grids"][seat][square]["height"])
        return txc(
            "adventureland",
            "Takes {ride} to improve yours from excitement {level} to {next}.",
            ride=ride.name,
            level=ride.levels[height - 1],
            next=ride.levels[height],
        )
    for rival in _drafting_before_me(state, seat):
        if square_of(state, rival, key) is not None and card_value(state, rival, key) > 0:
            return txc(
                "adventureland",
                "Takes {ride} before {rival}, who drafts before your next pick and would "
                "improve theirs with it.",
                ride=ride.name,
                rival=rival,
            )
    if any(ride_type(other) == ride.type for other in state["hands"][seat]):
        return txc(
            "adventureland",
            "Takes {ride}, a second {type} in your hand: approve one beside you and build "
            "the other free.",
            ride=ride.name,
            type=TYPE_BY_KEY[ride.type].name,
        )
    return txc(
        "adventureland",
        "Takes {ride} for a new attraction at excitement {level}.",
        ride=ride.name,
        level=ride.levels[0],
    )


def _drafting_before_me(state: State, seat: str) -> list[str]:
    """The rivals who draft after this pick and before the seat's next one (Play §2–3)."""
    queue: list[str] = state["queue"][1:]
    upto = queue.index(seat) if seat in queue else len(queue)
    return list(dict.fromkeys(other for other in queue[:upto] if other != seat))


def _approve(state: State, seat: str, key: str, gap: int) -> Text:
    """Approving beside oneself to build a card of that type free (Play §5a), or giving
    up the card one needs least, between two other players."""
    ride = ATTRACTION_BY_KEY[key]
    rest = list(state["hands"][seat])
    rest.remove(key)
    if gap in side_gaps(state, seat):
        matching = sorted(k for k in rest if ride_type(k) == ride.type)
        if matching:
            return txc(
                "adventureland",
                "Approves {ride} beside you, so {build}, of the same type, costs no penalty "
                "to build.",
                ride=ride.name,
                build=ATTRACTION_BY_KEY[matching[0]].name,
            )
    left, right = gap_seats(state, gap)
    if seat in (left, right):
        return txc(
            "adventureland",
            "Puts {ride}, the card you need least, between you and {other}.",
            ride=ride.name,
            other=right if seat == left else left,
        )
    return txc(
        "adventureland",
        "Puts {ride}, the card you need least, between {left} and {right}.",
        ride=ride.name,
        left=left,
        right=right,
    )


def _build(state: State, seat: str, key: str) -> Text:
    """Building: a new attraction or an improvement, free or at its penalty (Play §5)."""
    ride = ATTRACTION_BY_KEY[key]
    cost = 0 if state["phase"] == "bonus" else build_cost(state, seat, key)
    square = square_of(state, seat, key)
    if square is None:
        if cost == 0:
            return txc(
                "adventureland",
                "Builds {ride}, a new attraction at excitement {level}, free.",
                ride=ride.name,
                level=ride.levels[0],
            )
        return txc(
            "adventureland",
            "Builds {ride}, a new attraction at excitement {level}, for a penalty of {cost} "
            "points.",
            ride=ride.name,
            level=ride.levels[0],
            cost=cost,
        )
    height = int(state["grids"][seat][square]["height"])
    values = {"ride": ride.name, "level": ride.levels[height - 1], "next": ride.levels[height]}
    if cost == 0:
        return txc(
            "adventureland", "Improves {ride} from excitement {level} to {next}, free.", **values
        )
    return txc(
        "adventureland",
        "Improves {ride} from excitement {level} to {next}, for a penalty of {cost} points.",
        cost=cost,
        **values,
    )


def _place(state: State, seat: str, square: str) -> Text:
    """Placing a tile: a coloured set it completes, a Bonus card pattern it serves, else
    what it adds to the rows and columns (Final Scoring §1–2)."""
    grid = state["grids"][seat]
    after = {**grid, square: {"ride": state["pending"], "height": 1}}
    if state["variant"] == LAYOUT_VARIANT:
        for coloured in MAT_BY_KEY[state["mats"][seat]].sets:
            if parse_square(square) in coloured.squares and scoring.set_covered(after, coloured):
                return txc(
                    "adventureland",
                    "Completes the {colour} set of your mat: {points} points in every Bonus Round.",
                    colour=coloured.colour,
                    points=coloured.points,
                )
    elif prospects.placement_gain(state, seat, square) > 0:
        card = _best_card_served(state, seat, grid, after)
        if card:
            return txc(
                "adventureland",
                "On {square}, it builds up the pattern of your Bonus card {card}.",
                square=square,
                card=card,
            )
    views = ("parking", "entrance")
    lines = sum(
        scoring.final_scoring(after)[view] - scoring.final_scoring(grid)[view] for view in views
    )
    return txcn(
        "adventureland",
        "On {square}, it adds {count} point to your rows and columns at the Final Scoring.",
        "On {square}, it adds {count} points to your rows and columns at the Final Scoring.",
        lines,
        square=square,
    )


def _best_card_served(state: State, seat: str, grid: scoring.Grid, after: scoring.Grid) -> str:
    """The Bonus card in hand whose pattern the placement brings on most ("" if none)."""
    before_types, after_types = scoring.types_of(grid), scoring.types_of(after)
    best, name = 0.0, ""
    for card_id in state["bonus_hands"][seat]:
        card = BONUS_BY_ID[card_id]
        gain = prospects.card_reach(after_types, card) - prospects.card_reach(before_types, card)
        if gain > best:
            best, name = gain, bonus_name(card)
    return name


def _bonus(state: State, seat: str, card_id: str) -> Text:
    """A Bonus card: what it scores on the park as it stands (Bonus Round §2)."""
    card = BONUS_BY_ID[card_id]
    points = scoring.bonus_card_points(state["grids"][seat], card)
    if points:
        return txc(
            "adventureland",
            "Plays {card}: your park matches its pattern for {points} points now.",
            card=bonus_name(card),
            points=points,
        )
    return txc(
        "adventureland",
        "Plays {card}: it scores nothing now, and keeps your other cards for later.",
        card=bonus_name(card),
    )


#: One line per picker action, in the rulebook's terms (Setup, Play §1–6, Bonus Round).
HELP: dict[str, Text] = {
    GROUPS["mat"]: txc(
        "adventureland",
        "Layout Bonus variant: take a themed mat; covering one of its coloured sets scores "
        "its points in every Bonus Round.",
    ),
    GROUPS["pre"]: txc(
        "adventureland",
        "Setup: play a card beside your mat and put its tile on any square, at its first "
        "excitement level.",
    ),
    GROUPS["draft"]: txc(
        "adventureland",
        "Take a card from the face-up row into your hand: clockwise from the first player, "
        "then back the other way.",
    ),
    APPROVE_GROUP: txc(
        "adventureland",
        "Put this card face up between two players: both may build its type this turn "
        "without penalty.",
    ),
    GROUPS["build"]: txc(
        "adventureland",
        "Play a card and put its tile on your mat, on the same attraction to improve it. A "
        "type not approved beside you costs {absent} points, {elsewhere} if approved "
        "elsewhere; nothing in a Bonus Round.",
        absent=PENALTY_ABSENT,
        elsewhere=PENALTY_ELSEWHERE,
    ),
    GROUPS["scrap"]: txc(
        "adventureland", "No card in your hand can be built: discard one without building."
    ),
    GROUPS["place"]: txc(
        "adventureland",
        "Choose the square of your mat for the new attraction: rows and columns score at "
        "the end, level by level.",
    ),
    GROUPS["bonus"]: txc(
        "adventureland",
        "Bonus Round: play a Bonus card; three or four tiles of your park in its pattern "
        "(turned any way) score its points, more if they are of its type.",
    ),
}


def action_help(group: str) -> Text:
    return HELP[APPROVE_GROUP if group.startswith(APPROVE_GROUP) else group]
