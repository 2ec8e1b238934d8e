"""What an Imagineers move discloses, for the bot's turn message: which moves
may be public buttons, the picker's action names, which steps can be taken back (they
reveal nothing), which are news.

What is hidden (RULES.md decision 19): both sides of every tile in a hand, including the
tile being played; the hidden side of each stack's top tile and every tile below it; the
order of the Movement and Event decks; a tile discarded for a staff action. Everything
else (the park, guests, coaster boards, tracks, the face-up cards and stack tops) is on
the table for all to see.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.text import Text, txc

#: Moves that come from the table alone: placing an entrance on a red space, moving the
#: guests of a space, a drop order, taking a stack's top tile (its face-up side is
#: public) and going back (its label names the step, never the tile). Every other verb
#: plays or depends on a hand tile: its label names the tile, or whether it is offered
#: depends on the tile's cost.
PUBLIC_VERBS = frozenset({"entrance", "move", "order", "take", "back"})

#: The picker's first level, by verb. No group can pass Discord's 25 options: at most
#: 13 building spaces, 5 coaster slots, 2 + 20 staff choices (the Janitor skips the
#: coaster entrances, at least 2, of at most 22 spaces), 24 guest-and-colour pairs
#: (24 guests), 21 spaces to place one on, 22 spaces to move from, 12 drop orders
#: (4 guests of 3 colours at most), 2 stacks.
GROUPS = {
    "entrance": txc("imagineers", "Place your coaster entrance"),
    "tile": txc("imagineers", "Choose a tile to play"),
    "build": txc("imagineers", "Build an attraction"),
    "upgrade": txc("imagineers", "Upgrade your coaster"),
    "staff": txc("imagineers", "Staff action (discard the tile)"),
    "guest": txc("imagineers", "Performer: pick a guest"),
    "to": txc("imagineers", "Performer: place the guest"),
    "move": txc("imagineers", "Move guests"),
    "order": txc("imagineers", "Choose the drop order"),
    "take": txc("imagineers", "Take a tile"),
    "back": txc("imagineers", "Go back"),
}
#: Building over an opponent's attraction: a different deal, so its own group.
REPLACE_GROUP = txc("imagineers", "Replace an opponent's attraction")

#: What a step that can be taken back leaves alone: the rng (no chance drawn) and the
#: face-down piles (nothing drawn: a take, dealing hands, a new round's cards).
HIDDEN_PILES = ("rng", "stacks", "movement_deck", "event_deck")


def verb(code: str) -> str:
    return code.partition(":")[0]


def public_moves(legal: list[Move]) -> list[Move]:
    """The legal moves whose existence and labels show nothing hidden."""
    return [move for move in legal if verb(move.code) in PUBLIC_VERBS]


def group(state: State, move: Move) -> Text:
    """The action ``move`` belongs to, in plain words."""
    action, _, arg = move.code.partition(":")
    if action == "build" and state["built"][int(arg) - 1] is not None:
        return REPLACE_GROUP
    return GROUPS[action]


def reveals_nothing(before: State, after: State, seat: str) -> bool:
    """No chance, no draw, and no tile of a hand turned face up (a built attraction or a
    coaster upgrade shows a side nobody else knew); other hands untouched. A tile that
    ``seat`` discards for a staff action stays private, so that step reveals nothing."""
    if any(before[key] != after[key] for key in HIDDEN_PILES):
        return False
    if before["built"] != after["built"]:
        return False
    for other, player in before["players"].items():
        now = after["players"][other]
        if player["upgrades"] != now["upgrades"]:
            return False
        if other != seat and player["hand"] != now["hand"]:
            return False
    return True


def announces(before: State, after: State) -> bool:
    """A new round (its Movement and Event cards revealed, the Mess gone, maybe a new
    first player) or the end of the season."""
    ended = after["phase"] == "over" and before["phase"] != "over"
    return ended or bool(before["round"] != after["round"])
