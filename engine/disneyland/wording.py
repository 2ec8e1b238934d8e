"""Disneyland's own words: the squares and series of the board, the cards, the Prison
readings, the reasons a debt is owed and a game ends (docs/ARCHITECTURE.md §12).

``data.py`` holds the components with their English and imports no engine module; here
each of those words is marked once for the catalogs, so a language can call the Bank, a
series or a card its own way (French, the game's own language: *la Banque*, *Dingo*…).
A state keeps the English it always kept (the debt's ``why``, the game's ``end``, the
last card's ``text``): the functions below give the words for it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from engine.disneyland import data
from engine.text import Text, txc, txcn


class Francs(int):
    """An amount of money as a text's value, where the English has always grouped its
    thousands ("1,775 francs"); other languages write it their way."""

    def __str__(self) -> str:
        return f"{int(self):,}"


#: What the scores count (``data.MONEY_UNIT``).
MONEY = txc("disneyland", "francs")


def _by_english(*names: Text) -> dict[str, Text]:
    return {str(name): name for name in names}


#: The ten series (rulebook, "The 10 Series of Attractions"), by their English name.
SERIES_NAMES: dict[str, Text] = _by_english(
    txc("disneyland", "Robin Hood"),
    txc("disneyland", "Pluto"),
    txc("disneyland", "Daisy"),
    txc("disneyland", "Peter Pan"),
    txc("disneyland", "Madam Mim"),
    txc("disneyland", "Baloo"),
    txc("disneyland", "Goofy"),
    txc("disneyland", "Minnie"),
    txc("disneyland", "Mickey"),
    txc("disneyland", "Donald"),
)

#: The series' short names for the board image (reconstructed), by their English.
SERIES_SHORT: dict[str, Text] = {
    **SERIES_NAMES,
    # i18n: Robin Hood's series, in a few letters on the board.
    "Robin": txc("disneyland", "Robin"),
    # i18n: Peter Pan's series, in a few letters on the board.
    "P.Pan": txc("disneyland", "P.Pan"),
    # i18n: Madam Mim's series, in a few letters on the board.
    "Mim": txc("disneyland", "Mim"),
}

#: The squares that are not attractions, by kind.
SPECIAL_SQUARES: dict[str, Text] = {
    "start": txc("disneyland", "Start"),
    "surprise": txc("disneyland", "Pluto (surprise)"),
    "chance": txc("disneyland", "Mickey (chance)"),
    "prison": txc("disneyland", "Prison"),
    "bank": txc("disneyland", "Bank"),
    "hotel": txc("disneyland", "Hotel"),
}


def series_name(series: data.Series) -> Text:
    return SERIES_NAMES[series.name]


def series_short(series: data.Series) -> Text:
    """A series in a few letters, for the board image."""
    return SERIES_SHORT[series.short]


@functools.cache
def square_name(square: int) -> Text:
    """A square in words, e.g. ``Pluto 7`` or ``Bank`` (``data.square_name``'s words)."""
    kind = data.square_kind(square)
    if kind != "attraction":
        return SPECIAL_SQUARES[kind]
    series = series_name(data.SERIES_OF[square])
    # i18n: an attraction square: its series and its number ("Pluto 7").
    return txc("disneyland", "{series} {square}", series=series, square=square)


def prison_exit(reading: str) -> Text:
    """The roll that frees a prisoner under the lobby's Prison ``reading``."""
    if reading == "total":
        return txc("disneyland", "a total of {roll}", roll=data.PRISON_EXIT_ROLL)
    return txc("disneyland", "a {roll} on either die", roll=data.PRISON_EXIT_ROLL)


# --- The cards (all reconstructed, see data.py) ---------------------------------------

_CARDS: dict[str, Callable[[int], Text]] = {
    "c01": lambda v: txc("disneyland", "You win the drawing contest: receive {amount}.", amount=v),
    "c02": lambda v: txc("disneyland", "Your lost balloon is found: receive {amount}.", amount=v),
    "c03": lambda v: txc("disneyland", "Lucky ticket at the fair: receive {amount}.", amount=v),
    "c04": lambda v: txc(
        "disneyland", "It is your birthday: collect {amount} from every player.", amount=v
    ),
    "c05": lambda v: txc("disneyland", "Take the railroad back to Start."),
    "c06": lambda v: txc("disneyland", "Ride the monorail to the Bank."),
    "c07": lambda v: txc("disneyland", "Visit the Donald series: go to square {square}.", square=v),
    "c08": lambda v: txc("disneyland", "Caught cutting the queue: go to Prison."),
    "c09": lambda v: txc("disneyland", "Too much candy floss: rest at the Hotel."),
    "c10": lambda v: txcn(
        "disneyland",
        "Join the parade: move forward {count} square.",
        "Join the parade: move forward {count} squares.",
        v,
    ),
    "c11": lambda v: txcn(
        "disneyland",
        "Wrong turn at the castle: move back {count} square.",
        "Wrong turn at the castle: move back {count} squares.",
        -v,
    ),
    "c12": lambda v: txc(
        "disneyland", "You treat everyone to ice cream: pay {amount} to every player.", amount=v
    ),
    "c13": lambda v: txc("disneyland", "You broke a souvenir: pay {amount}.", amount=v),
    "c14": lambda v: txc("disneyland", "Fireworks tickets: pay {amount}.", amount=v),
    "s01": lambda v: txc("disneyland", "Pluto digs up a golden bone: receive {amount}.", amount=v),
    "s02": lambda v: txc("disneyland", "Prize for the nicest costume: receive {amount}.", amount=v),
    "s03": lambda v: txc(
        "disneyland", "Your puppet show is a hit: every player gives you {amount}.", amount=v
    ),
    "s04": lambda v: txc(
        "disneyland", "Skyway ride to the Goofy series: go to square {square}.", square=v
    ),
    "s05": lambda v: txc(
        "disneyland", "Off to Robin Hood's forest: go to square {square}.", square=v
    ),
    "s06": lambda v: txc("disneyland", "Straight to the Bank."),
    "s07": lambda v: txc("disneyland", "Pluto ran off with a hat: go to Prison."),
    "s08": lambda v: txc("disneyland", "Nap time: rest at the Hotel."),
    "s09": lambda v: txcn(
        "disneyland",
        "Jump into a teacup: move forward {count} square.",
        "Jump into a teacup: move forward {count} squares.",
        v,
    ),
    "s10": lambda v: txcn(
        "disneyland",
        "Pluto runs away: chase him back {count} square.",
        "Pluto runs away: chase him back {count} squares.",
        -v,
    ),
    "s11": lambda v: txc("disneyland", "Photo with Mickey: pay {amount}.", amount=v),
    "s12": lambda v: txc("disneyland", "Pluto chewed a picnic basket: pay {amount}.", amount=v),
    "s13": lambda v: txc(
        "disneyland", "Popcorn for everyone: pay {amount} to every player.", amount=v
    ),
    "s14": lambda v: txc("disneyland", "New Mickey ears: pay {amount}.", amount=v),
}


def card_text(card_id: str) -> Text:
    """What card ``card_id`` says (``data.CARDS[card_id].text`` in words)."""
    return _CARDS[card_id](data.CARDS[card_id].value)


# --- Why a debt is owed, and how a game ended -----------------------------------------

_CARD_OF = "card of "


@functools.cache
def fee_reason(square: int) -> str:
    """A debt's ``why`` for an entry fee, as the state keeps it (English)."""
    return str(txc("disneyland", "fee on {square}", square=square_name(square)))


def card_reason(owner: str | None) -> str:
    """A debt's ``why`` for a card (drawn by ``owner`` when another player pays)."""
    return "card" if owner is None else _CARD_OF + owner


#: Each attraction square by its fee's stored ``why``.
_FEES: dict[str, int] = {fee_reason(square): square for square in data.ATTRACTIONS}


def debt_reason(why: str) -> str:
    """The words for a debt's stored ``why`` ("fee on Pluto 7", "card", "card of u1")."""
    if why == "card":
        return txc("disneyland", "card")
    if why.startswith(_CARD_OF):
        return txc("disneyland", "card of {seat}", seat=why[len(_CARD_OF) :])
    if why in _FEES:
        return txc("disneyland", "fee on {square}", square=square_name(_FEES[why]))
    return why


#: The ends that are not a number of rounds, as ``_finish`` gets them (the header's
#: "Game over: …"); the result sentence starts with them (``end_reason``).
LAST_STANDING = txc("disneyland", "last player standing")
TIME_UP = txc("disneyland", "the agreed time is up")
ENDED_NOW = txc("disneyland", "the players agreed to end the game")


def rounds_played(limit: int, agreed: bool) -> Text:
    """The end when the last round is over: ``agreed`` by a vote during the game."""
    if agreed:
        return txc("disneyland", "{rounds} rounds played, as the players agreed", rounds=limit)
    return txc("disneyland", "{rounds} rounds played", rounds=limit)


def nobody_left_alone(limit: int) -> Text:
    """The end of a game counted after the house rule's cap (``length: none``)."""
    return txc("disneyland", "no last player standing after {rounds} rounds", rounds=limit)


def end_reason(end: str, capital: bool = False) -> str:
    """The words for a game's stored ``end`` (its English, as ``_finish`` kept it); with
    ``capital``, as the first words of a sentence."""
    number = re.search(r"\d+", end)
    limit = int(number.group()) if number else 0
    ends = (
        (LAST_STANDING, txc("disneyland", "Last player standing")),
        (TIME_UP, txc("disneyland", "The agreed time is up")),
        (ENDED_NOW, txc("disneyland", "The players agreed to end the game")),
        (rounds_played(limit, agreed=True),) * 2,
        (rounds_played(limit, agreed=False),) * 2,
        (
            nobody_left_alone(limit),
            txc("disneyland", "No last player standing after {rounds} rounds", rounds=limit),
        ),
    )
    for reason, first_words in ends:
        if reason == end:
            return first_words if capital else reason
    return end
