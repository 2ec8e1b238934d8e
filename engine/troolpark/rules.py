"""Trool Park for 2–4 players: the ``Game`` implementation.

Move-code grammar (every player decision is a move; see RULES.md):

- ``choose:<A-G>``        secret choice of an open space; may be changed until the last
                          player chooses, which reveals all choices at once;
- ``place:<area>``        put the card in hand in ``laughs``, ``thrills`` or ``snacks``;
- ``booth:<ground>``      take a ``snow``, ``stone`` or ``sand`` Booth from the reserve;
- ``take:<A-G>``          catch-up: take a still-open Attraction;
- ``bonus:<kind>``        catch-up location bonus: ``laughs``, ``thrills``, ``snacks``,
                          ``visitor``, ``slide`` or ``weather:<flurries|rain|sunshine>``;
- ``cat:<category>``      Thrills inspection reward: the Category to advance in.

A decision with a single possible answer is carried out without asking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core import Game, Move, OptionSpec, Outcome, Rng, State, rank_by
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
from engine.troolpark.pieces import slide_rank
from engine.troolpark.views import public_view


class TroolPark(Game):
    """Build the best troll amusement park in 8 rounds; most Visitors wins."""

    slug: ClassVar[str] = "troolpark"
    title: ClassVar[str] = "Trool Park"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # Nothing is hidden but the secret choice, and its options are the same for everyone:
    # the bot may show moves as buttons (a click answers privately).
    moves_reveal_secrets: ClassVar[bool] = False
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "slide",
            "Starting Fun Slide order (bottom first)",
            ("seats", "random"),
            "seats",
            {"seats": "Seat order (seat the youngest first)", "random": "Random"},
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
            Move(f"choose:{letter}", f"Choose {letter}: {decisions.describe_card(card)}"[:100])
            for letter, card in state["central"].items()
            if card is not None
        ]

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        if state["queue"]:
            task = state["queue"].pop(0)
            return decisions.decide(state, task, code) + steps.advance(state)
        state["choices"][seat] = code.partition(":")[2]
        events = [f"{seat} has chosen"]
        if len(state["choices"]) == len(state["seats"]):
            events += steps.reveal(state)
        return events

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        visitors = state["visitors"]
        keys = {s: (visitors[s], -slide_rank(state, s)) for s in state["seats"]}
        return Outcome(
            scores=dict(visitors),
            ranks=rank_by(keys),
            reason="most Visitors; ties go to the player lowest on the Fun Slide",
        )

    def scores(self, state: State) -> dict[str, int]:
        return dict(state["visitors"])

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        outcome = self.outcome(state)
        view = public_view(state, self.to_move(state), outcome.winners if outcome else [])
        view["standings"] = self.standings(state)
        if viewer is not None and viewer in state["seats"]:
            view["viewer"] = viewer
            view["choice"] = state["choices"].get(viewer)
            view["moves"] = [
                {"code": m.code, "label": m.label} for m in self.legal_moves(state, viewer)
            ]
        return view

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        return choose_move(state, seat, self.legal_moves(state, seat), rng)
