"""What each Event card changes for its round (the rule it bends, one function each).

The rest of the engine asks these functions instead of reading numbers directly, so an
event is in force exactly for the round its card is face up. Events that talk about
attractions leave roller coasters alone (rulebook, Upgrade Your Roller Coaster, note).
"""

from __future__ import annotations

from engine.core import State
from engine.imagineers.data import VENDOR_MONEY, Tile


def in_force(state: State, event_id: str) -> bool:
    return bool(state.get("event") == event_id)


def build_cost(state: State, tile: Tile) -> int:
    """Grand Opening: attractions cost $1 less."""
    return max(0, tile.attraction.cost - (1 if in_force(state, "grand_opening") else 0))


#: The lobby option ``upgrades``: how "You may replace existing Coaster Upgrades tiles on
#: your board at no cost" is read (RULES.md decision 12): ``paid`` (the default) charges
#: the new tile's cost and nothing for the replacing, ``free`` charges nothing at all.
REPLACING = ("paid", "free")


def upgrade_cost(state: State, tile: Tile, replacing: bool) -> int:
    """The coaster side's cost into an empty slot, and over an upgrade too unless the
    table plays ``upgrades: free`` (a game saved before the option pays); Coaster Sale
    takes $2 off."""
    if replacing and state.get("upgrades") == "free":
        return 0
    return max(0, tile.coaster.cost - (2 if in_force(state, "coaster_sale") else 0))


def vendor_money(state: State) -> int:
    """Payday: the Vendor earns $7."""
    return 7 if in_force(state, "payday") else VENDOR_MONEY


def rides_coaster(state: State, colour: str) -> bool:
    """Only red guests ride coasters, unless All Aboard is in force."""
    return colour == "R" or in_force(state, "all_aboard")


def rider_bonus(state: State) -> int:
    """Happy Hour: +2 happiness for the rider of a matching attraction."""
    return 2 if in_force(state, "happy_hour") else 0


def owner_bonus(state: State) -> int:
    """Big Tippers: +$1 for the owner of a matching attraction."""
    return 1 if in_force(state, "big_tippers") else 0


def shop_factor(state: State) -> int:
    """Shopping Spree: shops pay double."""
    return 2 if in_force(state, "shopping_spree") else 1


def deconstruct_anytime(state: State) -> bool:
    """Urban Renewal: deconstructing is allowed even while the park has free spaces."""
    return in_force(state, "urban_renewal")


def skips_crowded(state: State, coaster: bool) -> bool:
    """Fast Pass: guests are dropped on crowded attractions too (never on the Mess). A
    coaster entrance is not an attraction, so a crowded one is always skipped."""
    return coaster or not in_force(state, "fast_pass")


def build_fame(state: State) -> int:
    """Critics' Choice: building an attraction scores 2 fame at once."""
    return 2 if in_force(state, "critics_choice") else 0


def movement_waived(state: State) -> bool:
    """Free Roam: the Movement card is ignored; any space with guests will do."""
    return in_force(state, "free_roam")
