"""Random complete Disneyland games for 2–5 players and every length, with invariants:
money only moves through the Caisse ledger, titles are conserved, the eliminated never
move again (docs/ARCHITECTURE.md §8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import LEADER, Game, Rng
from engine.disneyland import data, votes
from tests.engine.disneyland_support import GAME, ledger_ok
from tests.engine.playout import check_step, playout

State = dict[str, Any]
ALL_CARDS = {name: sorted(card.id for card in deck) for name, deck in data.DECKS.items()}


def invariant() -> Callable[[State], None]:
    """A fresh invariant that also remembers who was out before this move."""
    seen_out: list[str] = []

    def check(state: State) -> None:
        assert ledger_ok(state), "money only comes from or goes to the Caisse"
        out = state["out"]
        assert out[: len(seen_out)] == seen_out, "eliminations are final"
        seen_out[:] = out
        alive = [s for s in state["seats"] if s not in out]
        assert all(s not in GAME.to_move(state) for s in out)
        assert all(GAME.legal_moves(state, s) == [] for s in out)
        assert all(state["money"][s] >= 0 for s in state["seats"])
        assert all(state["money"][s] == 0 for s in out)
        owners = state["owners"]
        assert set(owners) <= {str(sq) for sq in data.ATTRACTIONS}
        assert set(owners.values()) <= set(alive), "titles only with players still in"
        view = GAME.view(state, None)
        held = [sq for seat in state["seats"] for sq in view["titles"][seat]]
        assert len(held) == len(set(held)) == len(owners), "each title held once"
        assert all(1 <= state["pos"][s] <= data.SQUARE_COUNT for s in state["seats"])
        assert all(state["pos"][s] == data.PRISON for s in state["prison"])
        for name, pile in state["decks"].items():
            assert sorted(pile) == ALL_CARDS[name], "cards go back under their pile"
        if GAME.is_over(state):
            assert GAME.to_move(state) == []

    return check


def rambler(game: Game, state: State, seat: str, rng: Rng) -> str:
    """Random legal moves, nudged so trade haggling and votes on the length (in a game
    without one) do not swamp the game."""
    moves = [move.code for move in game.legal_moves(state, seat)]
    proposals = [c for c in moves if c.startswith("propose:")]
    if state["phase"] == "trade" and rng.below(3) == 0:
        moves = [c for c in moves if c in ("trade:propose", "trade:cancel")]
    elif state["phase"] == "start" and rng.below(4):
        moves = [c for c in moves if not c.startswith(("trade:", "propose:"))]
    elif proposals and rng.below(8):
        moves = [c for c in moves if c not in proposals]
    return rng.choice(moves)


def ai(game: Game, state: State, seat: str, rng: Rng) -> str:
    return game.ai_move(state, seat, rng, "easy")


def _assert_ranked(state: State) -> None:
    """Survivors rank above the eliminated, who rank by elimination order."""
    outcome = GAME.outcome(state)
    assert outcome is not None
    ranking = outcome.ranking()
    out = state["out"]
    survivors = [s for s in state["seats"] if s not in out]
    assert set(ranking[: len(survivors)]) == set(survivors)
    assert ranking[len(survivors) :] == list(reversed(out))
    scores = [outcome.scores[s] for s in ranking[: len(survivors)]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("length", ["rounds-10", "rounds-20", "rounds-30"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_agreed_rounds(players: int, length: str) -> None:
    """Hundreds of random complete games keep every invariant."""
    for seed in range(25):
        chooser = ai if seed % 3 == 0 else rambler
        state, _ = playout(
            GAME,
            players,
            seed,
            options={"length": length},
            checks=False,
            invariant=invariant(),
            chooser=chooser,
        )
        _assert_ranked(state)
        if len(state["out"]) < players - 1:
            assert state["round"] == int(length.split("-")[1]) + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_without_agreed_length_end_by_eliminations_or_by_a_vote(players: int) -> None:
    """Rulebook, End of the Game (N2) and Preparation (P5: the players may agree on a
    length); RULES.md, Agreeing on a length during the game: random games where players
    propose lengths and answer at random keep every invariant and pass the full contract
    checks (every code once, replay); each ends with a last player standing or as agreed."""
    answers = 0
    for seed in (11, 12):
        state, log = playout(
            GAME,
            players,
            seed,
            options={"length": "open"},
            every_code=seed == 11,
            invariant=invariant(),
            chooser=rambler,
        )
        _assert_ranked(state)
        answers += sum(code.startswith("vote:") for _, code in log)
        if len(state["out"]) < players - 1:
            agreed = f"{state['agreed']} rounds played, as the players agreed"
            assert state["end"] in (votes.ENDED_NOW, agreed)
    assert answers > 0, "the tables voted"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_house_rule_none_games_always_end(players: int) -> None:
    """RULES.md, House rules (``length: none``): every AI game ends, with the last player
    standing or, after the house rule's round cap, with the count."""
    cap = data.LAST_STANDING_ROUNDS
    for seed in range(6):
        state = GAME.setup([f"p{i}" for i in range(players)], seed=seed, options={"length": "none"})
        rng, check = Rng.from_seed(seed), invariant()
        for _ in range(4 * cap * players):
            if GAME.is_over(state):
                break
            seat = GAME.to_move(state)[0]
            state, _ = GAME.play(state, seat, GAME.ai_move(state, seat, rng, "easy"))
            check(state)
        assert GAME.is_over(state)
        _assert_ranked(state)
        if len(state["out"]) < players - 1:
            assert state["round"] == cap + 1
            assert state["end"] == f"no last player standing after {cap} rounds"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_full_contract_checks_on_random_games(players: int) -> None:
    """tests/engine/playout.py with every check, incl. every code and replay determinism."""
    for seed in (101, 202):
        playout(
            GAME,
            players,
            seed,
            options={"length": "rounds-10"},
            every_code=seed == 101,
            invariant=invariant(),
            chooser=rambler,
        )


@pytest.mark.parametrize(("players", "length"), [(2, "minutes-30"), (5, "minutes-90")])
def test_timed_games_end_when_the_leader_calls_time(players: int, length: str) -> None:
    """RULES.md, agreed time: the bot's `timeup` ends the game at once or after the turn."""
    for seed in range(4):
        state = GAME.setup([f"p{i}" for i in range(players)], seed, {"length": length})
        rng, check = Rng.from_seed(seed), invariant()
        for step in range(400):
            if GAME.is_over(state):
                break
            check_step(GAME, state, every_code=False, rng=rng)
            if step == 60 + seed * 37:
                state, _ = GAME.play(state, LEADER, "timeup")
            else:
                seat = rng.choice(GAME.to_move(state))
                state, _ = GAME.play(state, seat, rambler(GAME, state, seat, rng))
            check(state)
        assert (GAME.is_over(state) and state["time_up"]) or len(state["out"]) == players - 1
        _assert_ranked(state)
