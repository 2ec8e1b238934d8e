"""Trool Park for 2–4 players: the ``Game`` implementation.

Move-code grammar (every player decision is a move; see RULES.md):

- ``choose:<A-G>``        secret choice of an open space; may be changed until the last
                          player chooses, which reveals all choices at once;
- ``place:<area>``        put the card in hand in ``laughs``, ``thrills`` or ``snacks``;
- ``booth:<ground>``      take a ``snow``, ``stone`` or ``sand`` Booth from the reserve;
- ``take:<A-G>``          catch-up: take a still-open Attraction;
- ``pass``                catch-up: take none (catching up is optional);
- ``bonus:<kind>``        catch-up location bonus: ``laughs``, ``thrills``, ``snacks``,
                          ``visitor``, ``slide`` or ``weather:<flurries|rain|sunshine>``;
- ``cat:<category>``      Thrills inspection reward: the Category to advance in.

A decision with a single possible answer is carried out without asking.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import ClassVar

from engine.core import Game, Move, OptionSpec, Outcome, Rng, State, record_events
from engine.text import Text, txc, txcn
from engine.troolpark import decisions, steps
from engine.troolpark.ai import choose_move
from engine.troolpark.data import (
    ATTRACTIONS,
    BOOTHS,
    CATEGORIES,
    CLOSED_BY_PLAYERS,
    INSPECTIONS,
    LETTERS,
    WEATHER,
)
from engine.troolpark.results import breakdown, final_order, result_sentence
from engine.troolpark.summary import SUMMARY
from engine.troolpark.views import TroolparkView, public_view

#: What no player sees: the seeded Rng, the face-down piles and the Inspection ledger.
HIDDEN = ("rng", "attraction_pile", "weather_pile", "ledger")
#: The picker's action names (``move_group``), by move verb.
GROUPS = {
    "choose": txc("troolpark", "Choose an Attraction"),
    "place": txc("troolpark", "Place the card"),
    "booth": txc("troolpark", "Take a Booth"),
    "take": txc("troolpark", "Catch up"),
    "pass": txc("troolpark", "Catch up"),
    "bonus": txc("troolpark", "Pick a location bonus"),
    "cat": txc("troolpark", "Pick a Category"),
}


class TroolPark(Game[TroolparkView]):
    """Build the best troll amusement park in 8 rounds; most Visitors wins."""

    slug: ClassVar[str] = "troolpark"
    title: ClassVar[str] = "Trool Park"
    score_unit: ClassVar[str] = txc("troolpark", "Visitors")

    def amount(self, score: int) -> Text:
        """A score with its unit, by the reader's plural rules ("1 Visitor")."""
        return txcn("troolpark", "{count} Visitor", "{count} Visitors", score)

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    summary: ClassVar[tuple[str, ...]] = SUMMARY
    # Nothing is hidden but the secret choice, and its options are the same for everyone:
    # the bot may show moves as buttons (a click answers privately).
    moves_reveal_secrets: ClassVar[bool] = False
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "slide",
            txc(
                "troolpark", "Starting Fun Slide order (the bottom player goes first and wins ties)"
            ),
            ("random", "seats"),
            "random",
            {
                "random": txc("troolpark", "Random"),
                "seats": txc(
                    "troolpark", "Seat order, first seat at the bottom (seat the youngest first)"
                ),
            },
        ),
    )

    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        seats = self.check_seats(seats)
        resolved = self.resolve_options(options)
        rng = Rng.from_seed(seed)
        slide = rng.shuffled(seats) if resolved["slide"] == "random" else list(seats)
        closed = CLOSED_BY_PLAYERS[len(seats)]
        pile = rng.shuffled(ATTRACTIONS)
        central = {letter: pile.pop(0) for letter in LETTERS if letter not in closed}
        booths = rng.shuffled(BOOTHS)
        ledger: list[str] = []
        for group in ("2/3/4", "5/6/7", "8"):
            ledger += rng.shuffled(i for i in INSPECTIONS if INSPECTIONS[i].rounds == group)
        state: State = {
            "seats": seats,
            "last": [],
            "options": resolved,
            "round": 1,
            "over": False,
            "slide": slide,
            "central": central,
            "attraction_pile": pile,
            "attraction_discard": [],
            "booth_reserve": booths[len(seats) :],
            "weather_pile": rng.shuffled(WEATHER),
            "weather_discard": [],
            "weather_drawn": None,
            "ledger": ledger,
            "announced": [],
            "inspected": [],
            "inspection": None,
            "parks": {s: {a: [] for a in CATEGORIES} for s in seats},
            "points": {s: dict.fromkeys(CATEGORIES, 0) for s in seats},
            "visitors": dict.fromkeys(seats, 0),
            "choices": {},
            "revealed": {},
            "missed": [],
            "queue": [
                {"do": "place", "seat": seat, "card": booth}
                for seat, booth in zip(slide, booths, strict=False)
            ],
        }
        state["rng"] = rng.state
        record_events(state, [])
        steps.advance(state)
        return state

    def to_move(self, state: State) -> list[str]:
        if state["over"]:
            return []
        if state["queue"]:
            return [state["queue"][0]["seat"]]
        return list(state["seats"])

    def waiting_for(self, state: State) -> list[str]:
        """During the secret choice, only the seats that have not chosen yet (those who
        have may still change their mind, so they stay in ``to_move``)."""
        if state["over"] or state["queue"]:
            return self.to_move(state)
        return [s for s in state["seats"] if s not in state["choices"]]

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state["queue"]:
            return decisions.options(state, state["queue"][0])
        return [
            Move(f"choose:{letter}", decisions.choose_label(letter, card))
            for letter, card in state["central"].items()
            if card is not None
        ]

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        if state["queue"]:
            task = state["queue"].pop(0)
            return decisions.decide(state, task, code) + steps.advance(state)
        state["choices"][seat] = code.partition(":")[2]
        events: list[str] = [_has_chosen(seat)]
        if len(state["choices"]) == len(state["seats"]):
            events += steps.reveal(state)
        return events

    def public_moves(self, state: State, seat: str) -> list[Move]:
        """Every legal move: each option is on the table for all to see (open Attractions,
        the card being placed, Booth stock, location bonuses, Categories).

        ``choose:<letter>`` is public but a secret choice: its labels are the same for
        every seat and do not depend on anyone's choice, so one set of buttons serves the
        whole table, but a tap must be answered privately and never echoed; the events
        say only "<seat> has chosen". Every other move is played openly."""
        return self.legal_moves(state, seat)

    def move_group(self, state: State, seat: str, move: Move) -> str:
        """The action, for the two-level picker; no action has more than 8 targets."""
        return GROUPS[move.code.partition(":")[0]]

    def undoable(self, before: State, after: State, seat: str) -> bool:
        """A decision after the reveal that drew nothing (rng and the face-down piles
        unchanged), announced nothing, and left ``seat`` to decide again: placing a card
        before taking a Booth, taking a Booth before placing it (Booths), catching up before
        the location bonus, a bonus before placing (1c). Never the secret choice: it can
        be changed by choosing again until the last choice reveals them all (1a–1b)."""
        return (
            bool(before["queue"])
            and all(after[key] == before[key] for key in HIDDEN)
            and self.to_move(after) == [seat]
            and not self.announces(before, after)
        )

    def announces(self, before: State, after: State) -> bool:
        """News for the whole table: the reveal of every secret choice (1b), an inspection
        (3), a new round with its new Attractions and announced inspection (4) and the
        end. The Weather draw (2) is announced with them: it always comes in the same step
        as an inspection (rounds 2–8) or the next round (round 1)."""
        revealed = not before["queue"] and not after["choices"]
        return bool(
            revealed
            or len(after["inspected"]) > len(before["inspected"])
            or after["round"] != before["round"]
            or after["over"]
        )

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        order = final_order(state)
        return Outcome(
            scores=dict(state["visitors"]),
            ranks={seat: rank for rank, seat in enumerate(order, start=1)},
            reason=result_sentence(state),
        )

    def scores(self, state: State) -> dict[str, int]:
        return dict(state["visitors"])

    def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
        return breakdown(state)

    def view(self, state: State, viewer: str | None) -> TroolparkView:
        outcome = self.outcome(state)
        winners = outcome.winners if outcome else []
        view = public_view(state, self.to_move(state), winners, self.standings(state))
        if viewer is not None and viewer in state["seats"]:
            view["viewer"] = viewer
            view["choice"] = state["choices"].get(viewer)
            view["moves"] = [
                {"code": m.code, "label": m.label} for m in self.legal_moves(state, viewer)
            ]
        return view

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        return choose_move(state, seat, self.legal_moves(state, seat), rng)


@functools.lru_cache(maxsize=1024)
def _has_chosen(seat: str) -> Text:
    """The only news of a secret choice (made on every simulated move of the robots)."""
    return txc("troolpark", "{seat} has chosen", seat=seat)


GAME = TroolPark()
