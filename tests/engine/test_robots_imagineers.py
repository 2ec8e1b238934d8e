"""Imagineers robots plan the guests' movement (rulebook "Move Guests"):
the players the search simulates choose which guests to move and their drop order as the
``easy`` robot would, so a drop order is judged by what it leads to, not by chance."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Rng
from engine.ai import choose
from engine.core import clone
from engine.imagineers import GAME, ai
from engine.imagineers.data import LAST_ROUND, TILES
from engine.imagineers.movement import drop_targets, payouts
from engine.imagineers.playbook import (
    ACTION_WEIGHTS,
    action_kind,
    estimate,
    hand_worth,
    rollout,
    rounds_left,
    turns_left,
)
from tests.engine.robot_support import State


def first_drop_order(seed: int, options: int) -> tuple[State, str]:
    """A real game of easy robots, stopped at a drop order with more than ``options``."""
    state = GAME.setup(["p0", "p1"], seed)
    rng = Rng.from_seed(seed)
    while True:
        seat = GAME.waiting_for(state)[0]
        if state["phase"] == "order" and len(GAME.legal_moves(state, seat)) > options:
            return state, seat
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))


def immediate(state: State, seat: str, code: str) -> float:
    return ai.outlook(state, seat, code, GAME._step, GAME._own_moves)


def test_simulated_players_drop_guests_in_the_best_order_for_now() -> None:
    """Move Guests (drop order): inside the search a simulated player takes an order
    with the best immediate result, whatever its random generator."""
    state, seat = first_drop_order(5, 6)
    moves = GAME.legal_moves(state, seat)
    best = max(immediate(state, seat, m.code) for m in moves if m.code != "back")
    for seed in range(4):
        picked = rollout(GAME, state, seat, moves, Rng(seed))
        assert immediate(state, seat, picked) == best


def test_the_hard_robot_keeps_to_one_plan_for_the_drop_order() -> None:
    """Move Guests: the orders fall into groups that score alike now (here 19.4, 17.96
    and 15.4 on the easy robot's scale); whatever the seed, the hard robot's order comes
    from one group: a plan, not the noise of its simulations."""
    state, seat = first_drop_order(5, 6)
    values = {m.code: immediate(state, seat, m.code) for m in GAME.legal_moves(state, seat)}
    assert len({v for code, v in values.items() if code != "back"}) >= 3
    picks = [choose(GAME, state, seat, Rng(seed), "hard") for seed in range(4)]
    assert len({values[code] for code in picks}) == 1, picks


def midgame(players: int, seed: int = 3) -> State:
    """A sampled (complete) state of an easy game, a seat about to play a tile."""
    state = GAME.setup([f"p{i}" for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    while state["round"] < 3 or state["phase"] != "tile":
        seat = GAME.waiting_for(state)[0]
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    return state


def test_turns_left_run_to_the_last_round_card_wherever_it_may_lie() -> None:
    """Game Setup 7 and Game End: the Last Round card is shuffled in among the bottom
    three Event cards and the game ends after its round; every player has a turn in
    every round. The estimate counts the turns left on average over the places the card
    may be in, the same whichever of them a sampled deck puts it in."""
    state = midgame(3)
    deck = state["event_deck"]
    assert LAST_ROUND in deck[-3:]
    places = [len(deck) - k for k in (1, 2, 3)]
    expected = len(state["queue"]) + sum(i + 1 for i in places) / 3 * 3
    for place in places:
        moved = [card for card in deck if card != LAST_ROUND]
        moved.insert(place, LAST_ROUND)
        assert turns_left(dict(state, event_deck=moved)) == pytest.approx(expected)
    assert turns_left(dict(state, event_deck=deck[-2:])) == pytest.approx(
        len(state["queue"]) + (1 + 2) / 2 * 3
    )
    assert turns_left(dict(state, final_round=True)) == len(state["queue"])


def test_an_attraction_and_a_coaster_upgrade_earn_their_owner_in_the_turns_to_come() -> None:
    """Move Guests: an attraction pays its owner whenever a matching guest rides it, and
    every red guest on a coaster pays its owner the upgrades' rewards; the search's
    estimate counts that future income, which ends with the game."""
    state = midgame(2)
    seat = state["queue"][0]
    space = next(i for i, built in enumerate(state["built"]) if built is None)
    tile = next(t for t in range(len(TILES)) if TILES[t].attraction.money >= 2)
    built = clone(state)
    built["built"][space] = [tile, seat]
    gain = estimate(built)[seat] - estimate(state)[seat]
    assert gain > TILES[tile].attraction.fame
    ending = dict(built, final_round=True, queue=[])
    unbuilt = dict(state, final_round=True, queue=[])
    assert estimate(ending)[seat] - estimate(unbuilt)[seat] == pytest.approx(
        TILES[tile].attraction.fame
    )
    upgraded = clone(state)
    slot = upgraded["players"][seat]["upgrades"].index(None)
    upgraded["players"][seat]["upgrades"][slot] = next(
        t for t in range(len(TILES)) if TILES[t].coaster.owner_fame
    )
    assert estimate(upgraded)[seat] > estimate(state)[seat] + 1


def test_the_look_ahead_values_guest_moves_as_the_real_moves_would_leave_the_park() -> None:
    """Move Guests: the look-ahead adds up what each group earns in each order on a copy
    of the players' tracks; the tracks equal the real move's, and the state it looked
    from is untouched, over every movement decision of whole games at 2 and 4 players."""
    checked = 0
    for players in (2, 4):
        state = GAME.setup([f"p{i}" for i in range(players)], 11)
        rng = Rng.from_seed(11)
        while GAME.outcome(state) is None:
            seat = GAME.waiting_for(state)[0]
            if state["phase"] in ai.MOVEMENT:
                before = clone(state)
                codes = ai.candidates(GAME.legal_moves(state, seat))
                looked = ai.movement_outlooks(state, seat, codes)
                assert state == before
                for code, outlook in zip(codes, looked, strict=True):
                    assert outlook == immediate(state, seat, code)
                    checked += 1
                if state["phase"] == "order":
                    code = codes[0]
                    real, _ = GAME.play(state, seat, code)
                    path = int(state["pending"]["path"])
                    order = code.partition(":")[2]
                    targets = drop_targets(state, path, len(order))
                    rides = [
                        payouts(state, seat, *ride).paid
                        for ride in zip(targets, order, strict=True)
                    ]
                    light = ai.paid_out(state, rides)
                    tracks = ("money", "happiness", "fame")
                    for who, player in real["players"].items():
                        assert {k: light["players"][who][k] for k in tracks} == {
                            k: player[k] for k in tracks
                        }
                    assert state == before
            state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
    assert checked > 100


def first_action(seed: int) -> tuple[State, str]:
    """A real game of easy robots, stopped where a tile's use offers a build, an
    upgrade and the staff actions."""
    state = GAME.setup(["p0", "p1", "p2", "p3"], seed)
    rng = Rng.from_seed(seed)
    while True:
        seat = GAME.waiting_for(state)[0]
        if state["phase"] == "action":
            kinds = {action_kind(m.code) for m in GAME.legal_moves(state, seat)}
            if {"build", "upgrade", "staff:vendor", "staff:janitor"} <= kinds:
                return state, seat
        state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))


def test_simulated_players_use_tiles_as_players_do_not_as_the_codes_fall() -> None:
    """1A-1C: a simulated player builds, upgrades or calls the Vendor about as often as
    the easy robot does, not once per code (20 Janitor spaces would swamp one build),
    and upgrades an empty slot while there is one."""
    state, seat = first_action(2)
    moves = GAME.legal_moves(state, seat)
    janitors = sum(action_kind(m.code) == "staff:janitor" for m in moves)
    assert janitors >= 10  # a uniform pick would often sweep
    rng = Rng(7)
    picks = Counter(action_kind(rollout(GAME, state, seat, moves, rng)) for _ in range(2000))
    total = sum(ACTION_WEIGHTS.values())
    for kind, weight in ACTION_WEIGHTS.items():
        assert abs(picks[kind] / 2000 - weight / total) < 0.04, picks
    slots = state["players"][seat]["upgrades"]
    for _ in range(200):
        code = rollout(GAME, state, seat, moves, rng)
        if code.startswith("upgrade:"):
            assert slots[int(code.partition(":")[2]) - 1] is None or None not in slots


def holding(state: State, seat: str, hand: list[int]) -> State:
    """``state`` with ``seat`` holding ``hand`` (the rest shared, not copied)."""
    return dict(state, players={**state["players"], seat: {**state["players"][seat], "hand": hand}})


def test_the_tiles_in_hand_count_for_the_plays_still_to_come() -> None:
    """1 Play a Tile and 3 Take One New Tile: a tile is worth what it brings when it is
    played (its attraction's fame and income, or its track's covered slot and income,
    less the cost; at least the Vendor's money), so a better tile in hand is a better
    position, the search can tell the two stacks apart, and a hand is worth nothing
    once its owner has no play left (Game End)."""
    state = midgame(4)
    seat = state["queue"][-1]  # still to play this round
    state["players"][seat]["money"] = 5
    rounds, turns = rounds_left(state), turns_left(state)
    assert rounds >= 1
    worth = {
        tile: hand_worth(holding(state, seat, [tile]), seat, rounds, turns)
        for tile in range(len(TILES))
    }
    best, worst = max(worth, key=worth.__getitem__), min(worth, key=worth.__getitem__)
    assert worth[best] > worth[worst] + 1
    assert min(worth.values()) >= 5 / 4 - 1e-9  # the Vendor's $5 is always there
    ride = TILES[best].attraction
    assert worth[best] >= ride.fame - ride.cost / 4  # at least its printed fame, net of cost
    gained = (
        estimate(holding(state, seat, [best]))[seat] - estimate(holding(state, seat, [worst]))[seat]
    )
    assert gained == pytest.approx(worth[best] - worth[worst])
    done = dict(holding(state, seat, [best]), final_round=True, queue=[])
    assert hand_worth(done, seat, 0.0, 0.0) == 0.0
