"""How the Imagineers robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.ai.playbook import Playbook
from engine.core import Game, Move, Rng, State, clone
from engine.imagineers import ai, sampling
from engine.imagineers.data import COASTER_OWNER_BASE_MONEY, HAPPINESS_WHEEL, LAST_ROUND, TILES

#: Phases where the ``easy`` robot's one-step look-ahead can rank the moves.
RANKED = ("tile", "action", "move", "order")
#: Phases of the guests' movement, where simulated players choose as ``easy`` does.
MOVEMENT = ("move", "order")


#: The chance, per turn of any player, that a matching guest rides a given attraction and
#: that a red guest rides a given coaster, by table size (``easy`` games: 60 per size,
#: 2 players 0.12-0.15 and 0.15, 4 players 0.08-0.11 and 0.11; 3 players in between).
RIDES = {2: (0.13, 0.15), 3: (0.11, 0.13), 4: (0.095, 0.11)}


def estimate(state: State) -> dict[str, float]:
    """Fame now, plus partial happiness laps and money turned into fame, plus what each
    seat's attractions and coaster can be expected to earn it over the turns left: their
    owner's rewards (rulebook, Move Guests) at the rate guests ride them in play. The
    greedy ``easy`` robot sees none of that future, which is where building and coaster
    upgrades pay."""
    attraction, coaster = RIDES[len(state["seats"])]
    turns = turns_left(state)
    values = {seat: ai.worth(state, seat) / ai.FAME_WEIGHT for seat in state["seats"]}
    for built in state["built"]:
        if built is not None:
            tile = TILES[built[0]].attraction
            values[built[1]] += turns * attraction * tile.money / ai.FAME_WEIGHT
    for seat in state["entrances"].values():
        upgrades = [TILES[t].coaster for t in state["players"][seat]["upgrades"] if t is not None]
        money = COASTER_OWNER_BASE_MONEY + sum(u.owner_money for u in upgrades)
        happiness = sum(u.owner_happiness for u in upgrades)
        fame = sum(u.owner_fame for u in upgrades)
        per_ride = money / ai.FAME_WEIGHT + happiness / HAPPINESS_WHEEL + fame
        values[seat] += turns * coaster * per_ride
    return values


def turns_left(state: State) -> int:
    """Turns still to be played, everyone's: the rest of this round, then the rounds up to
    the Last Round card (where it lies in a sampled state's Event deck)."""
    if state["phase"] in ("entrance", "over"):
        rounds = len(state["event_deck"]) if state["phase"] == "entrance" else 0
        return rounds * len(state["seats"])
    deck = state["event_deck"]
    later = 0 if state["final_round"] else (deck.index(LAST_ROUND) + 1 if LAST_ROUND in deck else 0)
    return len(state["queue"]) + later * len(state["seats"])


def consider(state: State, seat: str, moves: list[Move]) -> list[Move]:
    """Going back only undoes a choice; the search weighs the choices themselves."""
    return [m for m in moves if m.code != "back"] or moves


def prior(game: Game, state: State, seat: str, moves: list[Move]) -> list[float]:
    """The ``easy`` robot's look-ahead value of each move, where it has one."""
    if state["phase"] not in RANKED:
        return [0.0] * len(moves)

    def step(before: State, code: str) -> State:
        after: State = clone(before)
        game.apply(after, after["queue"][0], code)
        return after

    def own(after: State) -> list[Move]:
        return game.legal_moves(after, after["queue"][0])

    return [
        ai.outlook(state, seat, m.code, step, own) if m.code not in ai.SKIPPED else -1e9
        for m in moves
    ]


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """A quick simulated player that plans its guests' movement: which guests to move
    and in what order they drop are chosen as the ``easy`` robot would (the best
    immediate result); tiles, actions and draws at random (but never going back or
    calling the Performer). Choosing movement at random made the search's values so
    noisy that its picks of a drop order changed with the seed: 7 of 12 games won
    against ``easy`` at 2 players, 10.5 of 12 with this policy (same seeds, 250
    iterations)."""
    codes = ai.candidates(moves) or [m.code for m in moves]
    if state["phase"] in MOVEMENT and len(codes) > 1:
        return game.heuristic_move(state, seat, rng)
    return rng.choice(codes)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=3.0,
    iterations={"normal": 40, "hard": 180},
    sized={3: {"normal": 30, "hard": 130}, 4: {"normal": 25, "hard": 100}},
    horizon=6,
    rollout=rollout,
    prior=prior,
    prior_depth=2,
    consider=consider,
    notes={
        "easy": "Plays the tile and moves the guests that earn it most this turn.",
        "normal": "Plans its turn and the guests' moves, counting what its "
        "rides will earn, a few dozen times.",
        "hard": "Plans its turn and the guests' moves, counting what its "
        "rides will earn, hundreds of times.",
    },
)
