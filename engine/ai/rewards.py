"""Per-seat rewards in [0, 1] for the search: from a finished game's ranks, or from each
seat's estimated final score when a simulation stops early.

A reward mixes two things a player wants: winning (the win, shared by tied winners) and
finishing ahead of each opponent (the share of opponents beaten, ties counting half).
Winning alone would leave a search with nothing to tell apart once a game looks lost or
won; places alone would let a robot settle for second at a full table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.playbook import WIN_WEIGHT


def from_ranks(ranks: Mapping[str, int], win_weight: float = WIN_WEIGHT) -> dict[str, float]:
    """Rewards of a finished game (competition ranks, 1 = best)."""
    seats = list(ranks)
    winners = [s for s in seats if ranks[s] == 1]
    rewards: dict[str, float] = {}
    for seat in seats:
        others = [o for o in seats if o != seat]
        beaten = sum(
            1.0 if ranks[seat] < ranks[o] else 0.5 if ranks[seat] == ranks[o] else 0.0
            for o in others
        )
        win = 1.0 / len(winners) if seat in winners else 0.0
        rewards[seat] = win_weight * win + (1 - win_weight) * beaten / max(1, len(others))
    return rewards


def _ahead(lead: float) -> float:
    """The chance of finishing ahead with a lead of ``lead`` scale units (logistic)."""
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead))))


def from_estimates(
    values: Mapping[str, float], scale: float, win_weight: float = WIN_WEIGHT
) -> dict[str, float]:
    """Rewards from estimated final scores; ``scale`` is a lead worth about 73%."""
    seats = list(values)
    pairwise: dict[str, float] = {}
    strength: dict[str, float] = {}
    for seat in seats:
        chances = [_ahead((values[seat] - values[o]) / scale) for o in seats if o != seat]
        pairwise[seat] = sum(chances) / max(1, len(chances))
        strength[seat] = math.prod(chances)
    total = sum(strength.values()) or 1.0
    return {
        seat: win_weight * strength[seat] / total + (1 - win_weight) * pairwise[seat]
        for seat in seats
    }
