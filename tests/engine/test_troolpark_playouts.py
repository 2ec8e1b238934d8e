"""Random complete Trool Park games for 2, 3 and 4 players, checked with invariants:
every card in exactly one place, exactly 8 rounds then the end, and the secret choices
absent from every public view and every event before the reveal."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from engine.core import Game, Rng
from engine.troolpark import GAME
from engine.troolpark.data import ATTRACTIONS, BOOTHS, INSPECTIONS, LETTERS, ROUNDS, WEATHER
from tests.engine.playout import playout

State = dict[str, Any]


def cards_everywhere(state: State) -> Counter[str]:
    """Every Attraction and Booth id, wherever it is. A card in hand waits in a ``place``
    or ``open`` task; an ``effect`` task only refers to a card already placed."""
    places: list[str] = [
        *state["attraction_pile"],
        *state["attraction_discard"],
        *state["booth_reserve"],
        *(c for c in state["central"].values() if c is not None),
        *(c for s in state["seats"] for area in state["parks"][s].values() for c in area),
        *(str(t["card"]) for t in state["queue"] if t["do"] in ("place", "open")),
    ]
    return Counter(places)


class Watch:
    """Invariants after every move, plus what it has to remember between moves."""

    def __init__(self) -> None:
        self.reveals = 0
        self.rounds_seen: list[int] = []
        self.visitors: dict[str, int] = {}

    def __call__(self, state: State) -> None:
        every = cards_everywhere(state)
        assert set(every) == set(ATTRACTIONS) | set(BOOTHS) and set(every.values()) == {1}
        assert Counter(state["weather_pile"] + state["weather_discard"]) == Counter(list(WEATHER))
        inspections = state["ledger"] + state["announced"] + state["inspected"]
        assert sorted(inspections) == sorted(INSPECTIONS)
        assert 1 <= state["round"] <= ROUNDS
        if not self.rounds_seen or self.rounds_seen[-1] != state["round"]:
            self.rounds_seen.append(state["round"])
        assert all(state["visitors"][s] >= self.visitors.get(s, 0) for s in state["seats"])
        self.visitors = dict(state["visitors"])
        if any(e.startswith("Choices revealed") for e in state["last"]):
            self.reveals += 1
        choosing = not state["queue"] and not state["over"]
        if choosing and state["choices"]:
            assert len(state["last"]) == 1 and re.fullmatch(r"p\d has chosen", state["last"][0])
            assert_choices_hidden(GAME, state)

    def finished(self, state: State) -> None:
        assert state["over"] and self.reveals == ROUNDS
        assert self.rounds_seen == list(range(1, ROUNDS + 1))
        assert len(state["inspected"]) == 9 and state["ledger"] == [] == state["announced"]


def assert_choices_hidden(game: Game, state: State) -> None:
    """The public view and the other seats' views are the same whatever letters were
    chosen (so no letter leaks), and each seat's own view shows its own letter."""
    public = json.dumps(game.view(state, None), sort_keys=True)
    others = {s: json.dumps(game.view(state, s), sort_keys=True) for s in state["seats"]}
    altered = dict(state, choices={s: _other_letter(state, c) for s, c in state["choices"].items()})
    assert json.dumps(game.view(altered, None), sort_keys=True) == public
    for seat in state["seats"]:
        if seat in state["choices"]:
            assert game.view(state, seat)["choice"] == state["choices"][seat]
        else:
            assert json.dumps(game.view(altered, seat), sort_keys=True) == others[seat]


def _other_letter(state: State, letter: str) -> str:
    return next(x for x in LETTERS if x in state["central"] and x != letter)


def ai_chooser(game: Game, state: State, seat: str, rng: Rng) -> str:
    return game.ai_move(state, seat, rng, "easy")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(70))
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """210 random games (random moves; every third game the AI plays)."""
    watch = Watch()
    chooser = ai_chooser if seed % 3 == 0 else None
    options = {"slide": "random" if seed % 2 else "seats"}
    final, _ = playout(
        GAME, players, seed, options=options, checks=False, invariant=watch, chooser=chooser
    )
    watch.finished(final)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(1000, 1005))
def test_random_games_pass_the_full_contract_checks(players: int, seed: int) -> None:
    """15 games with every contract check at every step (replay, dump/load, garbage)."""
    watch = Watch()
    final, _ = playout(GAME, players, seed, checks=True, invariant=watch)
    watch.finished(final)
