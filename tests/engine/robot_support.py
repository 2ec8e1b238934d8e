"""Helpers for the robot tests: real states from games in progress, tiny search budgets,
and *twins*: copies of a state that differ only in what one seat cannot see.

Twins are made by hand from each game's rules (swap a card between another hand and the
deck, reorder a pile, change another seat's secret choice, reseed the dice), never by the
samplers under test, so a sampler that kept a secret would be caught.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from engine import Game, Rng, get_game
from engine.ai import Playbook, playbook_of
from engine.core import clone
from engine.imagineers.data import EVENT_CARDS, LAST_ROUND

State = dict[str, Any]
Twins = Callable[[State, str, Rng], list[State]]

#: Every (game, table size) the robot tests cover: the smallest and the largest table.
TABLES = [
    (slug, players)
    for slug in ("adventureland", "imagineers", "disneyland", "troolpark")
    for players in sorted({get_game(slug).min_players, get_game(slug).max_players})
]


def tiny(game: Game, iterations: int = 6) -> Playbook:
    """The game's playbook with a budget small enough for tests, and short simulations."""
    book = playbook_of(game)
    return dataclasses.replace(
        book,
        iterations={level: iterations for level in book.iterations},
        sized={},
        horizon=min(book.horizon or 8, 8),
    )


def states_in_play(slug: str, players: int, seed: int, every: int = 7) -> Iterator[State]:
    """Every ``every``-th state of a game played by ``easy`` robots, and every state where a
    secret choice is half made (someone has chosen, someone has not)."""
    game = get_game(slug)
    state = game.setup([f"p{i}" for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    step = 0
    while game.outcome(state) is None:
        if step % every == 0 or len(game.waiting_for(state)) < len(game.to_move(state)):
            yield state
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
        step += 1


def reseeded(state: State) -> State:
    """Other future dice and shuffles."""
    twin: State = clone(state)
    twin["rng"] = (int(state["rng"]) * 6364136223846793005 + 1442695040888963407) % 2**64 or 7
    return twin


def _swap_with_other(
    twin: State, hands: list[list[Any]], pile: list[Any], rng: Rng, keep_last: bool = False
) -> bool:
    """Swap one card of another hand with a different card of ``pile`` (not its last one
    when ``keep_last``: a face-up top)."""
    reach = len(pile) - 1 if keep_last else len(pile)
    for hand in hands:
        for i in rng.shuffled(range(len(hand))):
            options = [j for j in range(reach) if pile[j] != hand[i]]
            if options:
                j = rng.choice(options)
                hand[i], pile[j] = pile[j], hand[i]
                return True
    return False


def disneyland_twins(state: State, seat: str, rng: Rng) -> list[State]:
    twin = clone(state)
    for pile in twin["decks"].values():
        pile.reverse()
    twins = [twin, reseeded(state)]
    vote = state["vote"]
    others = [s for s in (vote["ballots"] if vote else {}) if s != seat]
    if vote is not None and vote["result"] is None and others:
        twin = clone(state)
        for other in others:
            flip = {"yes": "no", "no": "follow", "follow": "yes"}
            twin["vote"]["ballots"][other] = flip[vote["ballots"][other]]
        twins.append(twin)
    return twins


def adventureland_twins(state: State, seat: str, rng: Rng) -> list[State]:
    others = [s for s in state["seats"] if s != seat]
    twins = [reseeded(state)]
    twin = clone(state)
    twin["deck"].reverse()
    twins.append(twin)
    twin = clone(state)
    if _swap_with_other(twin, [twin["hands"][s] for s in others], twin["deck"], rng):
        twins.append(twin)
    twin = clone(state)
    if _swap_with_other(twin, [twin["bonus_hands"][s] for s in others], twin["bonus_deck"], rng):
        twins.append(twin)
    return twins


def imagineers_twins(state: State, seat: str, rng: Rng) -> list[State]:
    others = [s for s in state["seats"] if s != seat]
    twins = [reseeded(state)]
    for stack in ("attraction", "coaster"):
        twin = clone(state)
        hands = [twin["players"][s]["hand"] for s in others]
        if _swap_with_other(twin, hands, twin["stacks"][stack], rng, keep_last=True):
            twins.append(twin)
    twin = clone(state)
    for stack in twin["stacks"].values():
        stack[:-1] = stack[:-1][::-1]
    twin["box"].reverse()
    twin["movement_deck"].reverse()
    twins.append(twin)
    twin = clone(state)
    deck = twin["event_deck"]
    spare = [e.id for e in EVENT_CARDS if e.id not in deck and e.id != state["event"]]
    swappable = [i for i, card in enumerate(deck) if card != LAST_ROUND]
    if spare and swappable:
        deck[rng.choice(swappable)] = rng.choice(spare)
        twins.append(twin)
    mover = state["queue"][0] if state["queue"] else seat
    hand = state["players"][mover]["hand"]
    if mover != seat and "tile" in state["pending"] and len(hand) > 1:
        twin = clone(state)
        twin["pending"]["tile"] = next(t for t in hand if t != state["pending"]["tile"])
        twins.append(twin)
    return twins


def troolpark_twins(state: State, seat: str, rng: Rng) -> list[State]:
    twins = [reseeded(state)]
    twin = clone(state)
    for pile in ("attraction_pile", "weather_pile", "booth_reserve"):
        twin[pile].reverse()
    groups: dict[str, list[str]] = {}
    for card in state["ledger"]:
        groups.setdefault(card_group(card), []).append(card)
    twin["ledger"] = [card for cards in groups.values() for card in reversed(cards)]
    twins.append(twin)
    open_letters = [letter for letter, card in state["central"].items() if card is not None]
    chosen = [s for s in state["choices"] if s != seat]
    if chosen and len(open_letters) > 1:
        twin = clone(state)
        for other in chosen:
            twin["choices"][other] = next(x for x in open_letters if x != state["choices"][other])
        twins.append(twin)
    return twins


def card_group(card: str) -> str:
    from engine.troolpark.data import INSPECTIONS

    return INSPECTIONS[card].rounds


TWINS: dict[str, Twins] = {
    "disneyland": disneyland_twins,
    "adventureland": adventureland_twins,
    "imagineers": imagineers_twins,
    "troolpark": troolpark_twins,
}
