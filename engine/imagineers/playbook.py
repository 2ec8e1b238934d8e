"""How the Imagineers robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.core import Game, Move, Rng, State, clone
from engine.imagineers import ai, sampling
from engine.imagineers.data import (
    COASTER_OWNER_BASE_MONEY,
    HAPPINESS_WHEEL,
    LAST_ROUND_SHUFFLED_WITH,
    MONEY_CAP,
    TILES,
    VENDOR_MONEY,
)
from engine.imagineers.tracks import markers_left, scores
from engine.playbook import Playbook
from engine.text import txc

#: Phases where the ``easy`` robot's one-step look-ahead can rank the moves.
RANKED = ("tile", "action", "move", "order")


#: Tile plays over which money still buys its full worth in fame; with fewer left it
#: buys less, and money left at the end buys nothing.
SPENDING_TURNS = 2
#: Phases of a turn after its tile was played.
AFTER_THE_TILE = ("move", "order", "take")
#: The chance, per turn of any player, that a matching guest rides a given attraction and
#: that a red guest rides a given coaster, by table size (``easy`` games: 60 per size,
#: 2 players 0.12-0.15 and 0.15, 4 players 0.08-0.11 and 0.11; 3 players in between).
RIDES = {2: (0.13, 0.15), 3: (0.11, 0.13), 4: (0.095, 0.11)}


def estimate(state: State) -> dict[str, float]:
    """Fame now and partial happiness laps; money as the fame it can still buy; what
    each seat's attractions and coaster can be expected to earn it over the turns left
    (their owner's rewards, rulebook Move Guests, at the rate guests ride them in play);
    and what its next play from the tiles in hand should bring (``hand_worth``). The
    greedy ``easy`` robot sees none of that future, which is where building, coaster
    upgrades and the choice of a tile pay; and money left at the end scores nothing."""
    attraction, coaster = RIDES[len(state["seats"])]
    rounds = rounds_left(state)
    turns = turns_left(state)
    values: dict[str, float] = {}
    for seat, fame in scores(state).items():
        player = state["players"][seat]
        laps = int(player["happiness"]) / HAPPINESS_WHEEL
        spendable = min(1.0, (rounds + _plays_now(state, seat)) / SPENDING_TURNS)
        values[seat] = fame + laps + spendable * money_fame(player["money"])
        values[seat] += hand_worth(state, seat, rounds, turns)
    rides = {seat: 0.0 for seat in state["seats"]}
    for built in state["built"]:
        if built is not None:
            rides[built[1]] += attraction * money_fame(TILES[built[0]].attraction.money)
    for seat in state["entrances"].values():
        rides[seat] += coaster * _track_income(state["players"][seat]["upgrades"])
    for seat, per_turn in rides.items():
        values[seat] += turns * per_turn
    return values


def _track_income(upgrades: list[int | None]) -> float:
    """A coaster owner's rewards per red rider, in fame (base money and every upgrade)."""
    tracks = [TILES[t].coaster for t in upgrades if t is not None]
    money = COASTER_OWNER_BASE_MONEY + sum(u.owner_money for u in tracks)
    happiness = sum(u.owner_happiness for u in tracks)
    return money_fame(money) + happiness / HAPPINESS_WHEEL + sum(u.owner_fame for u in tracks)


def hand_worth(state: State, seat: str, rounds: float, turns: float) -> float:
    """What the seat's next play from its hand should bring: its best tile, as an
    attraction (printed fame and owner income over the turns after it), a coaster track
    (the negative fame it covers and its income per red rider), or the Vendor's money,
    less what it costs. A tile being played now is not in it; nothing once the seat has
    no play left. The search needs this to tell tiles apart: the turn a tile is played
    lies beyond its simulations, so a blind draw from either stack looked the same."""
    player = state["players"][seat]
    pending = state["pending"].get("tile") if state["queue"][:1] == [seat] else None
    hand = [tile for tile in player["hand"] if tile != pending]
    plays = rounds + (_plays_now(state, seat) if pending is None else 0)
    if not hand or plays <= 0:
        return 0.0
    attraction, coaster = RIDES[len(state["seats"])]
    after = max(0.0, turns - len(state["seats"]) / 2)  # turns after the next play
    money = int(player["money"])
    vendor = money_fame(min(VENDOR_MONEY, MONEY_CAP - money))
    open_slots = [
        p for p, t in zip(player["penalties"], player["upgrades"], strict=True) if t is None
    ]
    can_build = markers_left(state, seat) > 0
    best = vendor
    for tile in hand:
        ride, track = TILES[tile].attraction, TILES[tile].coaster
        if ride.cost <= money + 2 and can_build:
            income = attraction * after * money_fame(ride.money)
            best = max(best, ride.fame + income - money_fame(ride.cost))
        if track.cost <= money + 2:
            per_rider = _track_income([tile]) - money_fame(COASTER_OWNER_BASE_MONEY)
            covered = -min(open_slots) if open_slots else 0
            best = max(best, covered + coaster * after * per_rider - money_fame(track.cost))
    return best


def money_fame(money: int) -> float:
    return money / ai.FAME_WEIGHT


def _plays_now(state: State, seat: str) -> int:
    """1 if ``seat`` still has a tile to play this round."""
    queue = state["queue"]
    if seat not in queue or state["phase"] in ("entrance", "over"):
        return 0
    return 0 if seat == queue[0] and state["phase"] in AFTER_THE_TILE else 1


def rounds_left(state: State) -> float:
    """Rounds still to come after this one, up to the Last Round card, on average over
    where it may lie: it was shuffled in among the bottom cards of the Event deck, and
    only how many cards are left is known. (Reading it off a sampled deck made the value
    of future rides jump by two rounds' worth from one simulation to the next.)"""
    if state["phase"] == "over" or state["final_round"]:
        return 0.0
    left = len(state["event_deck"])
    bottom = min(left, LAST_ROUND_SHUFFLED_WITH + 1)
    return left + 1 - (bottom + 1) / 2


def turns_left(state: State) -> float:
    """Turns still to be played, everyone's: the rest of this round, then the later ones."""
    return len(state["queue"]) + rounds_left(state) * len(state["seats"])


def consider(state: State, seat: str, moves: list[Move]) -> list[Move]:
    """Going back only undoes a choice; the search weighs the choices themselves."""
    return [m for m in moves if m.code != "back"] or moves


def prior(game: Game, state: State, seat: str, moves: list[Move]) -> list[float]:
    """The ``easy`` robot's look-ahead of each move, where it has one, judged by the
    search's estimate (which counts the rides to come), so building and upgrading are
    among the first moves the search opens."""
    if state["phase"] not in RANKED:
        return [0.0] * len(moves)

    def step(before: State, code: str) -> State:
        after: State = clone(before)
        game.apply(after, after["queue"][0], code)
        return after

    def own(after: State) -> list[Move]:
        return game.legal_moves(after, after["queue"][0])

    def judge(after: State, seat: str) -> float:
        return ai.ahead(estimate(after), seat)

    return [
        ai.outlook(state, seat, m.code, step, own, judge) if m.code not in ai.SKIPPED else -1e9
        for m in moves
    ]


#: How often a simulated player picks each kind of tile use, when it can (``rollout``):
#: about as often as the ``easy`` robot does in play (per game at 4 players: 2.5 builds,
#: 3.3 upgrades, 1.2 Vendors, no Janitor). A uniform pick among the codes would be 20
#: Janitor spaces to one build.
ACTION_WEIGHTS = {"build": 25, "upgrade": 33, "staff:vendor": 12, "staff:janitor": 2}


def action_kind(code: str) -> str:
    """``build``, ``upgrade``, ``staff:vendor`` or ``staff:janitor`` of an action code."""
    verb, _, rest = code.partition(":")
    return f"staff:{rest.partition(':')[0]}" if verb == "staff" else verb


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """A quick simulated player that plans its guests' movement: which guests to move
    and in what order they drop are chosen as the ``easy`` robot would (the best
    immediate result); choosing movement at random made the search's values so noisy
    that its picks of a drop order changed with the seed (7 of 12 games won against
    ``easy`` at 2 players, 10.5 of 12 with this policy). A tile is used for a kind of
    action about as often as ``easy`` uses it (``ACTION_WEIGHTS``), then on a random
    space or empty slot; tiles and draws at random (never going back or calling the
    Performer)."""
    codes = ai.candidates(moves) or [m.code for m in moves]
    if state["phase"] in ai.MOVEMENT and len(codes) > 1:
        return game.heuristic_move(state, seat, rng)
    if state["phase"] == "action" and len(codes) > 1:
        kinds: dict[str, list[str]] = {}
        for code in codes:
            kinds.setdefault(action_kind(code), []).append(code)
        kind = rng.weighted(list(kinds), [ACTION_WEIGHTS[k] for k in kinds])
        if kind == "upgrade":  # an empty slot if any: replacing wastes a paid upgrade
            slots = state["players"][seat]["upgrades"]
            empty = [c for c in kinds[kind] if slots[int(c.partition(":")[2]) - 1] is None]
            return rng.choice(empty or kinds[kind])
        return rng.choice(kinds[kind])
    return rng.choice(codes)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=3.0,
    iterations={"normal": 40, "hard": 300},
    sized={3: {"normal": 30, "hard": 270}, 4: {"normal": 25, "hard": 250}},
    # Simulations play 6 moves past the tree: at 4 players, games 100-199, hard won 58
    # with 6, 47.5 with 4 and 45 with 8, and 44 and 50 when simulations played on to
    # the end of a turn after 4 and 6 moves (tried, not kept).
    horizon=6,
    # Valuing places, not first place: at 4 players hard won 51.5 of 100 games against
    # easy with 0, 49 with 0.2, 45 with 0.5, and 10 of 30 with 0.8 (14 with 0.5), all on
    # games 0-99; later, with today's rollouts, 58 with 0 and 51 with 0.3 on games
    # 100-199; no effect at 2.
    win_weight=0.0,
    rollout=rollout,
    prior=prior,
    prior_depth=2,
    consider=consider,
    notes={
        "easy": txc(
            "imagineers", "Plays the tile and moves the guests that earn it most this turn."
        ),
        "normal": txc(
            "imagineers",
            "Plans its turn, guests and draws by what its rides and tiles will earn, a few "
            "dozen times.",
        ),
        "hard": txc(
            "imagineers",
            "Plans its turn, guests and draws by what its rides and tiles will earn, hundreds "
            "of times.",
        ),
    },
)
