"""Disneyland balance numbers: game lengths, eliminations, money spread, Prison.

Printed, never asserted. Every game is played by the engine's AI (``ai``) or by the AI
plus a simple title swapper (``traders``, closer to how people play: see ``Swapper``).

    .venv/bin/python -m bench.disneyland_balance                 # everything, ~25 minutes
    .venv/bin/python -m bench.disneyland_balance none --games 40
    .venv/bin/python -m bench.disneyland_balance lengths --games 100
    .venv/bin/python -m bench.disneyland_balance prison --games 200

``none`` plays the rulebook's game without an agreed length (``length: open``: no round
cap, and the AI never proposes a length), so the raw distribution shows; ``lengths``
compares agreed lengths; ``prison`` compares the two readings of "until he rolls a 5"
(the lobby option ``prison``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bench.stats import percentile
from engine import Rng, State, get_game
from engine.disneyland import ai, board
from engine.disneyland.data import PRISON_READINGS as READINGS

GAME = get_game("disneyland")
PLAYERS = (2, 3, 4, 5)
Chooser = Callable[[State, str, Rng], str]


@dataclass
class Game:
    """What one finished (or abandoned) game tells us."""

    moves: int = 0
    rounds: int = 0
    over: bool = False
    last_standing: bool = False
    eliminated: int = 0
    surrenders: int = 0
    spread: int = 0  # richest minus poorest survivor, cash + titles
    leader_share: float = 0.0  # richest survivor's share of all survivors' worth
    turns: int = 0
    prison_turns: int = 0
    prison_stays: int = 0
    prison_paid: int = 0
    trades: int = 0
    stays: list[int] = field(default_factory=list)


def engine_ai(state: State, seat: str, rng: Rng) -> str:
    return GAME.ai_move(state, seat, rng, "easy")


def waiter(state: State, seat: str, rng: Rng) -> str:
    """The AI, except that it never pays to leave Prison: it waits for the roll."""
    code = GAME.ai_move(state, seat, rng, "easy")
    return "roll" if code == "prison:pay" else code


def play(
    players: int,
    seed: int,
    length: str,
    policy: Callable[[], Chooser],
    max_moves: int,
    prison: str = "either",
) -> Game:
    """One game by ``policy``; moves are applied straight (the AI picks from the legal
    moves; trade codes, which the swapper writes itself, are checked)."""
    options = {"length": "open", "prison": prison}
    state = GAME.setup([f"p{i}" for i in range(players)], seed, options)
    state["options"]["length"] = length  # any "rounds-N", also lengths the lobby lacks
    rng = Rng.from_seed(seed)
    chooser = policy()
    game = Game()
    jailed: dict[str, int] = {}
    while state["phase"] != "over" and game.moves < max_moves:
        seat = GAME.to_move(state)[0]
        code = chooser(state, seat, rng)
        if state["phase"] == "start" and code.startswith(("roll", "prison:pay")):
            if code != "prison:pay":
                game.turns += 1
            if seat in state["prison"]:
                game.prison_turns += code != "prison:pay"
                jailed[seat] = jailed.get(seat, 0) + (code != "prison:pay")
                game.prison_paid += code == "prison:pay"
        game.surrenders += code.startswith("surrender:")
        game.trades += code == "trade:accept"
        if code.startswith("trade:"):  # the swapper's own codes: check them like play does
            assert code in {m.code for m in GAME.legal_moves(state, seat)}, code
        GAME.apply(state, seat, code)
        for prisoner in list(jailed):
            if prisoner not in state["prison"]:
                game.stays.append(jailed.pop(prisoner))
        game.moves += 1
        game.rounds = state["round"]
    game.prison_stays = len(game.stays)
    game.over = state["phase"] == "over"
    game.eliminated = len(state["out"])
    game.last_standing = game.over and game.eliminated == players - 1
    limit = board.rounds_limit(state)
    if limit is not None and game.over and not game.last_standing:
        game.rounds = limit
    worth = [board.worth(state, s) for s in state["seats"] if s not in state["out"]]
    game.spread = max(worth) - min(worth)
    game.leader_share = max(worth) / max(1, sum(worth))
    return game


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


# --- Reports --------------------------------------------------------------------------


def report_none(games: int, max_moves: int, policy: Callable[[], Chooser], name: str) -> None:
    print(f"\n## No agreed length (last player standing), {name}, {games} games each,")
    print(f"## abandoned after {max_moves:,} moves; rounds counted in full table turns")
    print(
        "players  ended  not over after 1k/5k/20k moves   rounds p50   p90   p99   max"
        "   ended by round 60/100/150/200"
    )
    for players in PLAYERS:
        played = [play(players, seed, "open", policy, max_moves) for seed in range(games)]
        ended = [g for g in played if g.over]
        after = [
            100 * sum(not g.over or g.moves > n for g in played) / games
            for n in (1000, 5000, 20000)
        ]
        rounds = [g.rounds for g in ended]
        by = [
            100 * sum(g.over and g.rounds <= r for g in played) / games for r in (60, 100, 150, 200)
        ]
        print(
            f"{players:>7}  {100 * len(ended) / games:4.0f}%  "
            + " / ".join(f"{p:3.0f}%" for p in after)
            + f"{'':16}{percentile(rounds, 50):5.0f} {percentile(rounds, 90):5.0f} "
            f"{percentile(rounds, 99):5.0f} {max(rounds, default=0):5}   "
            + " / ".join(f"{p:3.0f}%" for p in by)
        )


def report_lengths(
    games: int, lengths: list[str], policy: Callable[[], Chooser], name: str
) -> None:
    print(f"\n## Agreed lengths, {name}, {games} games per cell")
    print(
        "length      players  elim/game  games w/ elim  surrenders/game  "
        "spread (mean, p90)  leader share  turns  trades/game"
    )
    for length in lengths:
        for players in PLAYERS:
            played = [play(players, seed, length, policy, 200_000) for seed in range(games)]
            spread = [g.spread for g in played]
            print(
                f"{length:<11} {players:>7}  {mean([g.eliminated for g in played]):9.2f}  "
                f"{100 * mean([g.eliminated > 0 for g in played]):12.0f}%  "
                f"{mean([g.surrenders for g in played]):15.1f}  "
                f"{mean(spread):8.0f} {percentile(spread, 90):8.0f}    "
                f"{100 * mean([g.leader_share for g in played]):10.0f}%  "
                f"{mean([g.turns for g in played]):5.0f}  "
                f"{mean([g.trades for g in played]):11.1f}"
            )


def report_prison(games: int, length: str, policy: Callable[[], Chooser], name: str) -> None:
    print(f"\n## Prison, {length}, {name}, {games} games per cell")
    for reading, chance in (("total", 4 / 36), ("either", 11 / 36)):
        print(
            f"{READINGS[reading]}: {chance * 36:.0f}/36 a roll; a prisoner who never pays waits "
            f"{1 / chance:.1f} turns on average (P(still in after 5 turns) "
            f"{100 * (1 - chance) ** 5:.0f}%)"
        )
    print(
        "reading             who         players  stays/game  turns per stay (mean, p90)  "
        "paid to leave  % turns in prison  elim/game  spread"
    )
    for reading, who, each in (
        ("total", name, policy),
        ("either", name, policy),
        ("total", "never pays", lambda: waiter),
        ("either", "never pays", lambda: waiter),
    ):
        words = READINGS[reading]
        for players in PLAYERS:
            played = [play(players, seed, length, each, 200_000, reading) for seed in range(games)]
            stays = [s for g in played for s in g.stays]
            paid = sum(g.prison_paid for g in played)
            in_prison = sum(g.prison_turns for g in played)
            entered = sum(g.prison_stays for g in played) or 1
            print(
                f"{words:<19} {who:<11} {players:>7}  "
                f"{mean([g.prison_stays for g in played]):10.2f}  "
                f"{mean(stays):14.1f} {percentile(stays, 90):6.0f}       "
                f"{100 * paid / entered:11.0f}%  "
                f"{100 * in_prison / sum(g.turns for g in played):16.1f}%"
                f"  {mean([g.eliminated for g in played]):9.2f}  "
                f"{mean([g.spread for g in played]):6.0f}"
            )


class Swapper:
    """The AI plus, before each roll, at most one title swap of the kind the rulebook's
    example describes: one title for one, both sides closer to a series, with the
    smallest balance that makes the engine's AI (the partner) accept. A stand-in for
    how people trade, for these measurements only."""

    def __init__(self) -> None:
        self.plan: list[str] = []
        self.tried: set[tuple[int, str]] = set()

    def __call__(self, state: State, seat: str, rng: Rng) -> str:
        if state["phase"] == "trade" and self.plan:
            return self.plan.pop(0)
        turn = (state["round"], seat)
        if state["phase"] == "start" and turn not in self.tried:
            self.tried.add(turn)
            self.plan = self.best_swap(state, seat)
            if self.plan:
                return self.plan.pop(0)
        return GAME.ai_move(state, seat, rng, "easy")

    def best_swap(self, state: State, seat: str) -> list[str]:
        best: tuple[float, list[str]] | None = None
        mine = board.titles_of(state, seat)
        for other in board.alive(state):
            if other == seat:
                continue
            for wanted in board.titles_of(state, other):
                if board.held_in_series(state, seat, wanted) == 0:
                    continue
                for given in mine:
                    for balance in range(0, 101, 25):
                        offer = {
                            "from": seat,
                            "with": other,
                            "by": seat,
                            "give": [given],
                            "take": [wanted],
                            "money": balance,
                            "counters": 0,
                        }
                        if balance > state["money"][seat]:
                            break
                        trial = dict(state, trade=offer, phase="offer")
                        gain, _ = ai.exchange_gain(trial, seat)
                        if gain <= 0 or (best is not None and gain <= best[0]):
                            break
                        if ai.choose(trial, other, []) == "trade:accept":
                            codes = [
                                f"trade:with:{other}",
                                f"trade:give:{given}",
                                f"trade:take:{wanted}",
                                f"trade:money:{balance:+d}",
                                "trade:propose",
                            ]
                            best = (gain, [c for c in codes if c != "trade:money:+0"])
                            break
        return best[1] if best else []


#: Policies by name; each game gets a fresh chooser from its factory.
POLICIES: dict[str, Callable[[], Chooser]] = {"ai": lambda: engine_ai, "traders": Swapper}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("section", nargs="?", choices=("none", "lengths", "prison", "all"))
    parser.add_argument("--games", type=int, default=0, help="games per cell")
    parser.add_argument("--max-moves", type=int, default=20_000)
    parser.add_argument("--policy", choices=sorted(POLICIES), nargs="*", default=sorted(POLICIES))
    parser.add_argument("--lengths", default="rounds-10,rounds-20,rounds-30,rounds-40,rounds-60")
    parser.add_argument("--prison-length", default="rounds-40")
    args = parser.parse_args()
    section = args.section or "all"
    started = time.perf_counter()
    for name in args.policy:
        policy = POLICIES[name]
        if section in ("none", "all"):
            report_none(args.games or 40, args.max_moves, policy, name)
        if section in ("lengths", "all"):
            report_lengths(args.games or 100, args.lengths.split(","), policy, name)
        if section in ("prison", "all"):
            report_prison(args.games or 200, args.prison_length, policy, name)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
