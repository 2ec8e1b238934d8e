"""What a member may see of a server's games: the channels and threads whose
games are theirs to learn of.

A game's existence, its table and its results belong to the channel it was played in: a
member who cannot see that channel does not learn of it, not by a replay, nor by a count
on a profile or a board of results. A rating is an aggregate of every rated game and
names none, so it is shown whole (docs/ARCHITECTURE.md §5, README "Ratings").

A game's *place* is the channel whose permissions decide who sees it: the channel it was
played in, or, when it moved into a thread of its own (a public thread, opened from the
lobby message), the lobby's channel, whose viewers see that thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import discord

from bot.chat.delivery import DELIVERY_ERRORS

Interaction = discord.Interaction[Any]

#: Places looked up on Discord for one answer (those the client does not hold: an
#: archived thread, a deleted channel); past these, a place counts as out of sight.
LOOKUPS = 5


async def can_view(interaction: Interaction, channel_id: int, *, fetch: bool = True) -> bool:
    """Whether the member who asks can see that channel or thread: View Channel there
    (a thread: in its parent), and a private thread's membership (or Manage Threads).
    ``fetch``: ask Discord for a place the client does not hold (else: out of sight)."""
    if channel_id == interaction.channel_id:
        return True
    member = interaction.user
    guild = interaction.guild
    if not isinstance(member, discord.Member) or guild is None:
        return False
    place: discord.abc.GuildChannel | discord.Thread | None = guild.get_channel_or_thread(
        channel_id
    )
    if place is None:
        if not fetch:
            return False
        try:
            fetched = await interaction.client.fetch_channel(channel_id)
        except DELIVERY_ERRORS:
            return False
        if not isinstance(fetched, discord.abc.GuildChannel | discord.Thread):
            return False
        place = fetched
    try:
        permissions = place.permissions_for(member)
    except discord.ClientException:  # a thread whose parent is unknown
        return False
    if not permissions.view_channel:
        return False
    if isinstance(place, discord.Thread) and place.is_private():
        if permissions.manage_threads:
            return True
        try:
            await place.fetch_member(member.id)
        except DELIVERY_ERRORS:  # 404 Unknown Member: not in the thread
            return False
    return True


async def hidden(interaction: Interaction, places: Iterable[int]) -> frozenset[int]:
    """The places among ``places`` the member who asks cannot see. Those the client holds
    are read from its cache; at most :data:`LOOKUPS` of the others (not held, or a private
    thread, whose members are asked for) are asked of Discord, together, and the rest
    count as hidden: a stranger cannot make one answer cost many calls."""
    guild = interaction.guild
    wanted = sorted(set(places))
    cheap: list[int] = []
    costly: list[int] = []
    for place in wanted:
        held = guild.get_channel_or_thread(place) if guild is not None else None
        private = isinstance(held, discord.Thread) and held.is_private()
        (cheap if held is not None and not private else costly).append(place)
    checked = [*cheap, *costly[:LOOKUPS]]
    seen = await asyncio.gather(*(can_view(interaction, place) for place in checked))
    visible = {place for place, ok in zip(checked, seen, strict=True) if ok}
    return frozenset(p for p in wanted if p not in visible)
