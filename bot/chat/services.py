"""The services the client builds once and hands to cogs and components.

Cogs receive them at construction; the controls of persistent components find them on
the client through the small protocols in ``controls.py``. Nothing imports ``client.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.chat.access.gate import Gate
from bot.chat.handlers.attendance import Attendance
from bot.chat.handlers.coach import Coach
from bot.chat.handlers.lobby import Lobbies
from bot.chat.handlers.lookups import Lookups
from bot.chat.handlers.moves import Moves
from bot.chat.handlers.picker import Picker
from bot.chat.handlers.ratings import Ratings
from bot.chat.handlers.replays import Replays
from bot.chat.handlers.settings import Settings
from bot.chat.threads import ThreadKeeper
from bot.table.service import Tables
from bot.table.standings import Standings


@dataclass(frozen=True)
class Services:
    tables: Tables
    moves: Moves
    picker: Picker
    lobby: Lobbies
    lookups: Lookups
    attendance: Attendance
    replays: Replays
    threads: ThreadKeeper
    #: Every command and component passes it first (bot.chat.access.policy says who may use what).
    gate: Gate
    #: Leaderboards, profiles and seasons.
    ratings: Ratings
    #: Hints, reviews and the learning game.
    coach: Coach
    #: ``/game settings``.
    settings: Settings
    #: What ``/stats`` reads (the boards and profiles read it through ``ratings``).
    standings: Standings
