"""Alan's Adventureland: setup, turns, Bonus Rounds and Final Scoring as moves.

Move-code grammar (ride keys and bonus ids are in ``data.py``; squares are ``A1``–``D5``,
row letter first; gaps are numbered 1..n, gap ``k`` lying between seat ``k`` and ``k+1``):

- ``mat:<mat>``             Layout Bonus setup: take a themed mat (first player first),
                            before the Ride cards are dealt
- ``pre:<ride>``            setup: play a card as a pre-constructed attraction
- ``draft:<ride>``          Draw rounds 1 and 2: take that card from the face-up offer
- ``approve:<ride>:<gap>``  Play Approved Rides: put that card into an empty gap
- ``build:<ride>``          Build (and the Bonus Round build): play that card; the label
                            says whether it is free or what penalty it costs
- ``scrap:<ride>``          only when no card in hand can be built: discard it, no tile
- ``place:<square>``        put the tile of a new attraction on that mat square
- ``bonus:<id>``            Bonus Card variant, Bonus Round: play that Bonus card

Cards of one attraction are identical, so codes name the attraction, not a copy.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from engine.adventureland import scoring, views
from engine.adventureland.ai import choose
from engine.adventureland.data import (
    ALL_SQUARES,
    ATTRACTION_BY_KEY,
    ATTRACTIONS,
    BONUS_BY_ID,
    BONUS_CARDS,
    BONUS_DEAL,
    BONUS_ROUNDS,
    GENERIC_MAT,
    HAND_DEAL,
    MAT_BY_KEY,
    PRE_BUILDS,
    START_SCORE,
    THEMED_MATS,
    Mat,
    square_name,
)
from engine.adventureland.seating import (
    build_cost,
    can_build,
    clockwise_from,
    doubles_a_neighbour,
    gap_seats,
    ride_type,
    square_of,
)
from engine.adventureland.summary import SUMMARY
from engine.adventureland.wording import (
    bonus_words,
    named,
    ride_name,
    ride_words,
    set_words,
)
from engine.core import Game, Move, OptionSpec, Outcome, Rng, State, rank_by
from engine.text import Text, txc, txcn

BONUS_VARIANT = "bonus-cards"
LAYOUT_VARIANT = "layout-bonus"
#: What each seat's score is made of before Final Scoring (see ``breakdown``); "bonus" is
#: the Bonus cards or the Layout Bonus, by variant.
TALLY = ("penalties", "excitement", "bonus")


@functools.cache
def mat_summary(mat: Mat) -> Text:
    """``"Gold A1 B5 D2 D5 · Silver A4 C1 D3 · Bronze B2 C4"``, most valuable set first
    (the squares are names of the grid, not words)."""
    sets = [
        txc(
            "adventureland",
            "{metal} {squares}",
            metal=named(s.colour),
            squares=" ".join(square_name(sq) for sq in s.squares),
        )
        for s in sorted(mat.sets, key=lambda s: -s.points)
    ]
    summary = sets[0]
    for more in sets[1:]:
        # i18n: one more coloured set after the others, in a mat's summary.
        summary = txc("adventureland", "{sets} · {next}", sets=summary, next=more)
    return summary


#: Moves whose options come from the table, not from a hand (``public_moves``).
PUBLIC_VERBS = frozenset({"mat", "draft", "place"})
#: The most characters a move's label may have (the contract's, and Discord's).
LABEL_LIMIT = 100
#: The picker's action names (``move_group``); approvals are named per card.
GROUPS = {
    "mat": txc("adventureland", "Take a mat"),
    "pre": txc("adventureland", "Pre-build"),
    "draft": txc("adventureland", "Draft"),
    "build": txc("adventureland", "Build or improve"),
    "scrap": txc("adventureland", "Discard a card"),
    "place": txc("adventureland", "Place the tile"),
    "bonus": txc("adventureland", "Play a Bonus card"),
}


def _verb(code: str) -> str:
    return code.partition(":")[0]


def _distinct(keys: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(keys))


@functools.cache
def _draft_move(key: str) -> Move:
    """Taking a face-up card. Moves made from a few keys are made once: the robots list the
    legal moves of every position they look at."""
    return Move(f"draft:{key}", txc("adventureland", "Draft {ride}", ride=ride_words(key)))


@functools.cache
def _place_move(key: str, square: str, mat: str) -> Move:
    """Placing the tile of ``key`` on ``square``, naming the coloured set it belongs to."""
    sets = {square_name(sq): s for s in MAT_BY_KEY[mat].sets for sq in s.squares}
    if square in sets:
        text = txc(
            "adventureland",
            "Place {ride} on {square} ({set})",
            ride=ride_name(key),
            square=square,
            set=set_words(sets[square]),
        )
    else:
        text = txc("adventureland", "Place {ride} on {square}", ride=ride_name(key), square=square)
    return Move(f"place:{square}", text)


@functools.lru_cache(maxsize=4096)  # bounded: seat ids come and go with the games
def _approve_move(key: str, gap: int, left: str, right: str) -> Move:
    """Approving ``key`` into gap ``gap`` (from 1), between seats ``left`` and ``right``."""
    text = txc(
        "adventureland",
        "Approve {ride} between {left} and {right}",
        ride=ride_words(key),
        left=left,
        right=right,
    )
    if len(text) > LABEL_LIMIT:  # seat ids longer than Discord's own
        text = txc("adventureland", "Approve {ride} for gap {gap}", ride=ride_words(key), gap=gap)
    return Move(f"approve:{key}:{gap}", text)


def _build_label(cost: int, **facts: Any) -> Text:
    """Building a new attraction, free or for its penalty."""
    if cost == 0:
        return txc("adventureland", "Build {ride} at excitement {level}, free", **facts)
    return txcn(
        "adventureland",
        "Build {ride} at excitement {level}, pay {count} point",
        "Build {ride} at excitement {level}, pay {count} points",
        cost,
        **facts,
    )


def _improve_label(cost: int, **facts: Any) -> Text:
    """Improving an attraction already built, free or for its penalty."""
    if cost == 0:
        return txc(
            "adventureland", "Improve {ride} on {square} from {before} to {after}, free", **facts
        )
    return txcn(
        "adventureland",
        "Improve {ride} on {square} from {before} to {after}, pay {count} point",
        "Improve {ride} on {square} from {before} to {after}, pay {count} points",
        cost,
        **facts,
    )


class Adventureland(Game[views.AdventurelandView]):
    """The rules of Alan's Adventureland for 3–4 players, both variants."""

    slug = "adventureland"
    title = "Alan's Adventureland"
    min_players = 3
    max_players = 4
    summary = SUMMARY
    score_unit = txc("adventureland", "points")

    def amount(self, score: int) -> Text:
        """A score with its unit, by the reader's plural rules ("1 point")."""
        return txcn("adventureland", "{count} point", "{count} points", score)

    options = (
        OptionSpec(
            "variant",
            txc("adventureland", "Which Bonus Round scoring to use"),
            (BONUS_VARIANT, LAYOUT_VARIANT),
            BONUS_VARIANT,
            {
                BONUS_VARIANT: txc(
                    "adventureland", "Bonus Card variant (generic mats, Bonus Layout cards)"
                ),
                LAYOUT_VARIANT: txc(
                    "adventureland", "Layout Bonus variant (themed mats, coloured squares)"
                ),
            },
        ),
    )

    # ----------------------------------------------------------------- setup

    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        seats = self.check_seats(seats)
        variant = self.resolve_options(options)["variant"]
        n = len(seats)
        rng = Rng.from_seed(seed)
        deck = rng.shuffled(a.key for a in ATTRACTIONS for _ in range(a.cards))
        bonus_deck = rng.shuffled(b.id for b in BONUS_CARDS) if variant == BONUS_VARIANT else []
        bonus_hands: dict[str, list[str]] = {s: [] for s in seats}
        if variant == BONUS_VARIANT:
            for seat in seats:
                bonus_hands[seat] = sorted(bonus_deck[: BONUS_DEAL[n]])
                del bonus_deck[: BONUS_DEAL[n]]
        state: State = {
            "seats": seats,
            "last": [],
            "variant": variant,
            "rng": rng.state,
            "deck": deck,
            "offer": [],
            "hands": {s: [] for s in seats},
            "bonus_hands": bonus_hands,
            "bonus_deck": bonus_deck,
            "bonus_played": {s: [] for s in seats},
            "piles": {s: [] for s in seats},
            "gaps": [None] * n,
            "pool": {a.key: a.cards for a in ATTRACTIONS},
            "mats": {s: GENERIC_MAT.key for s in seats},
            "grids": {s: {} for s in seats},
            "scores": {s: START_SCORE for s in seats},
            "tally": {s: dict.fromkeys(TALLY, 0) for s in seats},
            "start": 0,
            "first": 0,
            "turn": 0,
            "bonus_done": 0,
            "phase": "pre",
            "queue": list(seats) * PRE_BUILDS[n],
            "step": "card",
            "pending": None,
            "final": None,
            "touched": None,
        }
        if variant == LAYOUT_VARIANT:  # Layout Bonus Variant §3 before §5: mats, then the deal
            state["phase"] = "mat"
            state["queue"] = clockwise_from(state, 0)
        else:
            _deal_hands(state)
        return state

    # ----------------------------------------------------------- whose move

    def to_move(self, state: State) -> list[str]:
        return [] if state["phase"] == "over" else [state["queue"][0]]

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        phase, step = state["phase"], state["step"]
        if phase == "mat":
            return self._mat_moves(state)
        if step == "place":
            return self._place_moves(state, seat)
        if phase == "pre":
            return self._pre_moves(state, seat)
        if phase == "draft":
            return [_draft_move(k) for k in _distinct(state["offer"])]
        if phase == "approve":
            return self._approve_moves(state, seat)
        if step == "bonus":
            return self._bonus_moves(state, seat)
        return self._build_moves(state, seat)

    def _mat_moves(self, state: State) -> list[Move]:
        taken = set(state["mats"].values())
        return [
            Move(
                f"mat:{m.key}",
                txc(
                    "adventureland",
                    "Take the {mat} mat ({sets})",
                    mat=named(m.name),
                    sets=mat_summary(m),
                ),
            )
            for m in THEMED_MATS
            if m.key not in taken
        ]

    def _place_moves(self, state: State, seat: str) -> list[Move]:
        grid = state["grids"][seat]
        return [
            _place_move(state["pending"], square, state["mats"][seat])
            for square in ALL_SQUARES
            if square not in grid
        ]

    def _pre_moves(self, state: State, seat: str) -> list[Move]:
        used = {ride_type(k) for k in state["piles"][seat]}
        return [
            Move(
                f"pre:{k}",
                txc(
                    "adventureland",
                    "Pre-build {ride} at excitement {level}",
                    ride=ride_words(k),
                    level=ATTRACTION_BY_KEY[k].levels[0],
                ),
            )
            for k in _distinct(sorted(state["hands"][seat]))
            if ride_type(k) not in used
        ]

    def _approve_moves(self, state: State, seat: str) -> list[Move]:
        keys = _distinct(sorted(state["hands"][seat]))
        empty = [g for g, card in enumerate(state["gaps"]) if card is None]
        pairs = [(k, g) for k in keys for g in empty]
        clean = [(k, g) for k, g in pairs if not doubles_a_neighbour(state, k, g)]
        return [_approve_move(key, gap + 1, *gap_seats(state, gap)) for key, gap in clean or pairs]

    def _build_moves(self, state: State, seat: str) -> list[Move]:
        keys = _distinct(sorted(state["hands"][seat]))
        buildable = [k for k in keys if can_build(state, seat, k)]
        if not buildable:
            return [
                Move(
                    f"scrap:{k}",
                    txc(
                        "adventureland",
                        "Discard {ride}: fully improved, no tile",
                        ride=ride_words(k),
                    ),
                )
                for k in keys
            ]
        moves = []
        for key in buildable:
            cost = 0 if state["phase"] == "bonus" else build_cost(state, seat, key)
            square = square_of(state, seat, key)
            levels = ATTRACTION_BY_KEY[key].levels
            if square is None:
                text = _build_label(cost, ride=ride_words(key), level=levels[0])
            else:
                height = int(state["grids"][seat][square]["height"])
                text = _improve_label(
                    cost,
                    ride=ride_name(key),
                    square=square,
                    before=levels[height - 1],
                    after=levels[height],
                )
            moves.append(Move(f"build:{key}", text))
        return moves

    def _bonus_moves(self, state: State, seat: str) -> list[Move]:
        grid = state["grids"][seat]
        moves = []
        for card_id in state["bonus_hands"][seat]:
            card = BONUS_BY_ID[card_id]
            text = txcn(
                "adventureland",
                "Play the Bonus card {card}: {count} point now",
                "Play the Bonus card {card}: {count} points now",
                scoring.bonus_card_points(grid, card),
                card=bonus_words(card),
            )
            moves.append(Move(f"bonus:{card_id}", text))
        return moves

    # ------------------------------------------------- the turn message's hooks

    def public_moves(self, state: State, seat: str) -> list[Move]:
        """Taking a themed mat, drafting from the face-up offer and placing the tile of a
        card already played face up: their options come from the table alone. Pre-building,
        approving, building, discarding and Bonus cards come from a hidden hand (which
        cards, even which approvals are clean, would tell the table what it holds): never
        public. No move here is a secret choice: a public tap is played openly."""
        return [m for m in self.legal_moves(state, seat) if _verb(m.code) in PUBLIC_VERBS]

    def move_group(self, state: State, seat: str, move: Move) -> str:
        """The action, for the two-level picker. Approving is split by card ("Approve
        Carousel", then the gap): up to 8 distinct cards × 4 gaps would overflow one menu;
        every other action has at most 20 targets (the 20 squares of a mat)."""
        verb = _verb(move.code)
        if verb == "approve":
            return txc("adventureland", "Approve {ride}", ride=ride_name(move.code.split(":")[1]))
        return GROUPS[verb]

    def undoable(self, before: State, after: State, seat: str) -> bool:
        """A public step (mat, draft, tile placement) that dealt nothing (deck, Bonus deck
        and rng unchanged), announced nothing, and left ``seat`` to move: the last draft of
        Draw round 1 (that player opens round 2), the first player's last draft of round 2
        (they approve first; Play §2–4), a Bonus Round tile placed before the Bonus card
        (Bonus Round §1–2). A card from the hand is never undoable: the table has seen it."""
        public = before["phase"] in ("mat", "draft") or before["step"] == "place"
        unchanged = all(after[key] == before[key] for key in ("rng", "deck", "bonus_deck"))
        return (
            public
            and unchanged
            and self.to_move(after) == [seat]
            and not self.announces(before, after)
        )

    def announces(self, before: State, after: State) -> bool:
        """News for the whole table: the Ride cards dealt after the mats, a new turn's
        face-up offer (Play §1), a Bonus Round starting (Play §6), each player's Bonus Round
        scoring (Bonus Round §2–3) and Final Scoring."""
        if after["phase"] == "over" or after["turn"] != before["turn"]:
            return True
        if before["phase"] == "mat" and after["phase"] == "pre":
            return True
        if (before["phase"] == "bonus") != (after["phase"] == "bonus"):
            return True
        return bool(before["phase"] == "bonus" and after["queue"] != before["queue"])

    # ----------------------------------------------------------------- apply

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        """The move's events, each a :class:`Text` (docs/ARCHITECTURE.md §12)."""
        verb, _, rest = code.partition(":")
        state["touched"] = None
        handler = {
            "mat": self._do_mat,
            "pre": self._do_pre,
            "draft": self._do_draft,
            "approve": self._do_approve,
            "build": self._do_build,
            "scrap": self._do_scrap,
            "place": self._do_place,
            "bonus": self._do_bonus,
        }[verb]
        return [*handler(state, seat, rest)]

    def _do_mat(self, state: State, seat: str, key: str) -> list[Text]:
        state["mats"][seat] = key
        events = [
            txc(
                "adventureland",
                "{seat} took the {mat} mat",
                seat=seat,
                mat=named(MAT_BY_KEY[key].name),
            )
        ]
        return events + self._advance(state)

    def _do_pre(self, state: State, seat: str, key: str) -> list[Text]:
        state["hands"][seat].remove(key)
        state["piles"][seat].append(key)
        state["pending"] = key
        state["step"] = "place"
        return [txc("adventureland", "{seat} pre-builds {ride}", seat=seat, ride=ride_words(key))]

    def _do_draft(self, state: State, seat: str, key: str) -> list[Text]:
        state["offer"].remove(key)
        state["hands"][seat].append(key)
        return [
            txc("adventureland", "{seat} drafted {ride}", seat=seat, ride=ride_words(key)),
            *self._advance(state),
        ]

    def _do_approve(self, state: State, seat: str, rest: str) -> list[Text]:
        key, _, gap_text = rest.partition(":")
        gap = int(gap_text) - 1
        state["hands"][seat].remove(key)
        state["gaps"][gap] = key
        state["touched"] = {"gap": gap}
        left, right = gap_seats(state, gap)
        return [
            txc(
                "adventureland",
                "{seat} approved {ride} between {left} and {right}",
                seat=seat,
                ride=ride_words(key),
                left=left,
                right=right,
            ),
            *self._advance(state),
        ]

    def _do_build(self, state: State, seat: str, key: str) -> list[Text]:
        cost = 0 if state["phase"] == "bonus" else build_cost(state, seat, key)
        state["hands"][seat].remove(key)
        state["piles"][seat].append(key)
        state["scores"][seat] -= cost
        state["tally"][seat]["penalties"] -= cost
        square = square_of(state, seat, key)
        if square is None:
            state["pending"] = key
            state["step"] = "place"
            if cost:
                built = txcn(
                    "adventureland",
                    "{seat} builds {ride}, paying {count} point",
                    "{seat} builds {ride}, paying {count} points",
                    cost,
                    seat=seat,
                    ride=ride_words(key),
                )
            else:
                built = txc(
                    "adventureland",
                    "{seat} builds {ride} for free",
                    seat=seat,
                    ride=ride_words(key),
                )
            return [built]
        tile = state["grids"][seat][square]
        tile["height"] += 1
        state["pool"][key] -= 1
        state["touched"] = {"seat": seat, "square": square}
        facts = {
            "seat": seat,
            "ride": ride_name(key),
            "square": square,
            "level": ATTRACTION_BY_KEY[key].levels[tile["height"] - 1],
        }
        if cost:
            improved = txcn(
                "adventureland",
                "{seat} improved {ride} on {square} to {level}, paying {count} point",
                "{seat} improved {ride} on {square} to {level}, paying {count} points",
                cost,
                **facts,
            )
        else:
            improved = txc(
                "adventureland", "{seat} improved {ride} on {square} to {level} for free", **facts
            )
        return [improved, *self._after_build(state, seat)]

    def _do_scrap(self, state: State, seat: str, key: str) -> list[Text]:
        state["hands"][seat].remove(key)
        state["piles"][seat].append(key)
        events = [
            txc(
                "adventureland",
                "{seat} discarded {ride} (fully improved, no tile)",
                seat=seat,
                ride=ride_words(key),
            )
        ]
        return events + self._after_build(state, seat)

    def _do_place(self, state: State, seat: str, square: str) -> list[Text]:
        key = state["pending"]
        state["grids"][seat][square] = {"ride": key, "height": 1}
        state["pool"][key] -= 1
        state["pending"] = None
        state["touched"] = {"seat": seat, "square": square}
        events = [
            txc(
                "adventureland",
                "{seat} placed {ride} on {square}",
                seat=seat,
                ride=ride_name(key),
                square=square,
            )
        ]
        if state["phase"] == "pre":
            state["step"] = "card"
            return events + self._advance(state)
        return events + self._after_build(state, seat)

    def _do_bonus(self, state: State, seat: str, card_id: str) -> list[Text]:
        state["bonus_hands"][seat].remove(card_id)
        state["bonus_played"][seat].append(card_id)
        card = BONUS_BY_ID[card_id]
        points = scoring.bonus_card_points(state["grids"][seat], card)
        state["scores"][seat] += points
        state["tally"][seat]["bonus"] += points
        events = [
            txcn(
                "adventureland",
                "{seat} played the Bonus card {card} for {count} point",
                "{seat} played the Bonus card {card} for {count} points",
                points,
                seat=seat,
                card=bonus_words(card),
            )
        ]
        return events + self._score_excitement(state, seat) + self._advance(state)

    def _after_build(self, state: State, seat: str) -> list[Text]:
        """After a tile: next builder, or the Bonus Round's scoring steps for this seat."""
        state["step"] = "card"
        if state["phase"] != "bonus":
            return self._advance(state)
        if state["variant"] == BONUS_VARIANT:
            state["step"] = "bonus"
            return []
        mat = MAT_BY_KEY[state["mats"][seat]]
        covered = scoring.covered_sets(state["grids"][seat], mat)
        points = sum(s.points for s in covered)
        state["scores"][seat] += points
        state["tally"][seat]["bonus"] += points
        if covered:
            scored = txcn(
                "adventureland",
                "{seat} scored {count} Layout Bonus point for the {sets}",
                "{seat} scored {count} Layout Bonus points for the {sets}",
                points,
                seat=seat,
                sets=[set_words(s) for s in covered],
            )
        else:
            scored = txc(
                "adventureland",
                "{seat} scored no Layout Bonus: no coloured set is fully covered",
                seat=seat,
            )
        events = [scored]
        return events + self._score_excitement(state, seat) + self._advance(state)

    def _score_excitement(self, state: State, seat: str) -> list[Text]:
        points = scoring.excitement(state["grids"][seat])
        state["scores"][seat] += points
        state["tally"][seat]["excitement"] += points
        state["step"] = "card"
        return [
            txcn(
                "adventureland",
                "{seat} scored {count} point for excitement",
                "{seat} scored {count} points for excitement",
                points,
                seat=seat,
            )
        ]

    # ------------------------------------------------------------ the flow

    def _advance(self, state: State) -> list[Text]:
        """The current seat is done: next seat, or the next phase when all are done."""
        state["queue"].pop(0)
        if state["queue"]:
            return []
        phase = state["phase"]
        order = clockwise_from(state, state["first"])
        if phase == "mat":
            _deal_hands(state)
            state["phase"] = "pre"
            state["queue"] = order * PRE_BUILDS[len(order)]
            return [
                txcn(
                    "adventureland",
                    "Every player is dealt {count} Ride card",
                    "Every player is dealt {count} Ride cards",
                    HAND_DEAL,
                )
            ]
        if phase == "draft":
            state["phase"], state["queue"] = "approve", order
            return []
        if phase == "approve":
            state["phase"], state["queue"] = "build", order
            return []
        if phase == "build":
            return self._reset(state)
        if phase == "bonus":
            return self._end_bonus_round(state)
        return self._start_turn(state)

    def _start_turn(self, state: State) -> list[Text]:
        """Play §1–2: deal two cards per player face up; draft from the first player."""
        n = len(state["seats"])
        state["offer"] = state["deck"][: 2 * n]
        del state["deck"][: 2 * n]
        state["turn"] += 1
        order = clockwise_from(state, state["first"])
        state["phase"] = "draft"
        state["queue"] = order + order[::-1]
        return [
            txcn(
                "adventureland",
                "Turn {turn}: {count} card dealt face up",
                "Turn {turn}: {count} cards dealt face up",
                2 * n,
                turn=state["turn"],
            )
        ]

    def _reset(self, state: State) -> list[Text]:
        """Play §6: approved cards to the deck bottom; the First Player marker moves on."""
        rng = Rng(state["rng"])
        state["deck"].extend(rng.shuffled(state["gaps"]))
        state["rng"] = rng.state
        state["gaps"] = [None] * len(state["seats"])
        state["first"] = (state["first"] + 1) % len(state["seats"])
        if state["first"] != state["start"]:
            return self._start_turn(state)
        state["phase"] = "bonus"
        state["queue"] = clockwise_from(state, state["first"])
        return [txc("adventureland", "Bonus Round {round} begins", round=state["bonus_done"] + 1)]

    def _end_bonus_round(self, state: State) -> list[Text]:
        """Bonus Round §4: pass both markers left, or go to Final Scoring."""
        n = len(state["seats"])
        state["bonus_done"] += 1
        if state["bonus_done"] < BONUS_ROUNDS[n]:
            state["start"] = state["first"] = (state["start"] + 1) % n
            return self._start_turn(state)
        state["phase"] = "over"
        state["queue"] = []
        state["final"] = {}
        events = [txc("adventureland", "Final Scoring")]
        for seat in state["seats"]:
            parts = scoring.final_scoring(state["grids"][seat])
            state["final"][seat] = parts
            state["scores"][seat] += sum(parts.values())
            events.append(
                txc(
                    "adventureland",
                    "{seat} scores {rows} for the rows (Parking Lot View), {columns} for the "
                    "columns (Main Entrance View) and {themes} for Theme sets",
                    seat=seat,
                    rows=parts["parking"],
                    columns=parts["entrance"],
                    themes=parts["themes"],
                )
            )
        return events

    # ------------------------------------------------------- results, views

    def outcome(self, state: State) -> Outcome | None:
        """Final Scoring: the highest score wins; a tie for first is shared (RULES.md
        reading 13)."""
        if state["phase"] != "over":
            return None
        scores = self.scores(state)
        ranks = rank_by({s: (v,) for s, v in scores.items()})
        best = max(scores.values())
        rounds = BONUS_ROUNDS[len(scores)]
        tied = sum(1 for v in scores.values() if v == best)
        if tied == 1:
            reason = txc(
                "adventureland",
                "Final Scoring after {rounds} Bonus Rounds: the highest score, {best} points, "
                "wins.",
                rounds=rounds,
                best=best,
            )
        else:
            reason = txc(
                "adventureland",
                "Final Scoring after {rounds} Bonus Rounds: {tied} players tie on {best} points "
                "and share the win (the rulebook has no tie-breaker).",
                rounds=rounds,
                tied=tied,
                best=best,
            )
        return Outcome(scores, ranks, reason)

    def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
        """Each score split as players count it: the start, penalties, the Bonus Rounds and,
        once over, the three parts of Final Scoring."""
        if state["variant"] == BONUS_VARIANT:
            bonus = txc("adventureland", "Bonus cards")
        else:
            bonus = txc("adventureland", "Layout Bonus")
        parts: dict[str, list[tuple[str, int]]] = {}
        for seat in state["seats"]:
            tally = state["tally"][seat]
            parts[seat] = [
                (txc("adventureland", "Starting points"), START_SCORE),
                (txc("adventureland", "Build penalties"), int(tally["penalties"])),
                (txc("adventureland", "Excitement"), int(tally["excitement"])),
                (bonus, int(tally["bonus"])),
            ]
            if state["final"]:
                final = state["final"][seat]
                parts[seat] += [
                    (txc("adventureland", "Rows (Parking Lot View)"), int(final["parking"])),
                    (
                        txc("adventureland", "Columns (Main Entrance View)"),
                        int(final["entrance"]),
                    ),
                    (txc("adventureland", "Theme sets"), int(final["themes"])),
                ]
        return parts

    def scores(self, state: State) -> dict[str, int]:
        return {s: int(state["scores"][s]) for s in state["seats"]}

    def view(self, state: State, viewer: str | None) -> views.AdventurelandView:
        """Public table (mats, piles, offer, gaps, scores, ``touched``: the square or gap the
        last move changed, for highlighting); a seat's view adds its hand and Bonus cards
        (``views.py``)."""
        return views.view(
            state,
            viewer,
            to_move=self.to_move(state),
            outcome=self.outcome(state),
            scores=self.scores(state),
            standings=self.standings(state),
        )

    # -------------------------------------------------------------------- AI

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        return choose(state, seat, self.legal_moves(state, seat), rng)


def _deal_hands(state: State) -> None:
    """Setup (Bonus Card Variant §6, Layout Bonus Variant §5): six Ride cards each."""
    rng = Rng(state["rng"])
    for seat in state["seats"]:
        state["hands"][seat] = _deal_six(state["deck"], rng)
    state["rng"] = rng.state


def _deal_six(deck: list[str], rng: Rng) -> list[str]:
    """Setup §6–7a: six cards; all of one type go back into the deck for a fresh six."""
    while True:
        hand = deck[:HAND_DEAL]
        del deck[:HAND_DEAL]
        if len({ride_type(k) for k in hand}) > 1:
            return sorted(hand)
        deck.extend(hand)
        rng.shuffle(deck)


GAME = Adventureland()
