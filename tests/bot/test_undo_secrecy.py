"""Taking a step back shows the table nothing it was not shown when
the step was played.

In Imagineers, picking the tile to play and discarding it for a staff action can be taken
back, and the tile is in a hidden hand. Undo used to write the step's labels on the public
board ("↩ bob took back: Play Mermaid Grotto (…) or Trick Track (…)"), handing every
player the tile. Now the board repeats only the step's log lines, and the player who took
it back reads its labels privately (RULES.md decision 19: the tile being played is hidden).

The second test is the secrecy property (``test_public_secrecy.py``)
end to end, through the real client and the double: two tables that differ only in what
the table cannot see show the very same messages, Undo lines included.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine import Rng, State, get_game
from engine.imagineers.data import TILES
from engine.imagineers.views import tile_label
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import SQLITE, on_store
from tests.engine.redeal import choose, differences, redeal, twin_move

GAME = get_game("imagineers")


def undo_button(board: MessageRecord) -> str:
    return next(b[0] for b in board.buttons() if b[0].startswith("ts:undo:"))


def tile_words(tile: int) -> list[str]:
    """What would name a tile: its label, its ride and its track."""
    return [tile_label(tile), TILES[tile].attraction.name, TILES[tile].coaster.name]


@on_store(SQLITE)
async def test_undo_of_a_tile_pick_and_a_staff_discard_keeps_the_tile_secret(
    harness: Harness,
) -> None:
    """The mover picks a tile and takes it back, then picks another, discards it for the
    Vendor and takes that back: the board says only what the table saw of each step ("…
    picked a tile to play", "… discarded a tile for the Vendor: +$n"), and no public text
    or button ever names either tile; the player read them in the private answers."""
    d = harness.double
    channel = await harness.open_table("imagineers", ["alice", "bob"], seed=4)
    _, state = await harness.state(channel)
    while state["phase"] == "entrance":
        mover = await harness.mover(channel)
        await harness.play(int(mover), channel, GAME.legal_moves(state, mover)[0].code)
        _, state = await harness.state(channel)
    mover = await harness.mover(channel)
    row, state = await harness.state(channel)
    name = row.names[mover]
    hand = list(state["players"][mover]["hand"])
    visible = await harness.board(channel)
    on_board = visible.text
    for tile in hand:
        # The test means something only if the board does not show these words anyway
        # (a stack's face-up top could share a name with a hand tile).
        assert not any(word in on_board for word in tile_words(tile)), tile
    seen_before = {m.id: len(m.revisions) for m in d.messages(channel)}

    picked = await harness.play(int(mover), channel, f"tile:{hand[0]}")
    assert picked.ephemeral and tile_label(hand[0]) in picked.content, "the player reads it"
    board = await harness.board(channel)
    back = await d.click(int(mover), board, undo_button(board))
    assert back.original is board and not back.ephemeral
    _, state = await harness.state(channel)
    assert state["phase"] == "tile" and state["pending"] == {}
    line = f"↩ **{name}** took back a step: **{name}** picked a tile to play"
    assert line in board.text

    await harness.play(int(mover), channel, f"tile:{hand[1]}")
    vendor = await harness.play(int(mover), channel, "staff:vendor")
    assert f"Discard {TILES[hand[1]].attraction.name} for the Vendor" in vendor.content
    board = await harness.board(channel)
    await d.click(int(mover), board, undo_button(board))
    assert f"↩ **{name}** took back a step: **{name}** discarded a tile for the Vendor" in (
        board.text
    )

    for message in d.messages(channel):
        for text in message.revisions[seen_before.get(message.id, 1) - 1 :]:
            shown = text + " ".join(str(b) for b in message.buttons())
            for tile in hand[:2]:
                assert not any(word in shown for word in tile_words(tile)), (tile, text)


# ---------------------------------------------------------------- through Discord

#: Where two tables' public messages rightly differ: the game's number (titles, thread
#: names, custom ids) and links to their own channels and messages.
GAME_NUMBER = re.compile(r"#\d+")
LINK = re.compile(r"https://discord\.com/channels/[\d/]+")


def same_place(value: Any) -> Any:
    """``value`` (a message's text or components) with its game's number and links
    replaced, so two tables' messages compare by what they say."""
    if isinstance(value, str):
        return LINK.sub("<link>", GAME_NUMBER.sub("#G", value))
    if isinstance(value, list):
        return [same_place(v) for v in value]
    if isinstance(value, dict):
        return {
            k: ":".join(["ts", v.split(":")[1], "G", *v.split(":")[3:]])
            if k == "custom_id" and isinstance(v, str) and v.startswith("ts:")
            else same_place(v)
            for k, v in value.items()
        }
    return value


def channel_shows(d: DiscordDouble, channel: int) -> list[dict[str, Any]]:
    """Every public message of a channel as its readers see it: each text it had, its
    components, its board image's bytes, whom it pinged."""
    shown = []
    for message in d.messages(channel):
        try:
            image: str | None = hashlib.sha256(message.embed_image()).hexdigest()
        except LookupError:
            image = None
        shown.append(
            {
                "texts": same_place(message.revisions),
                "components": same_place(message.components),
                "image": image,
                "pinged": message.pinged,
                "deleted": message.deleted,
            }
        )
    return shown


async def table_shows(h: Harness, where: int) -> dict[str, Any]:
    """All a table shows: its thread's messages and name, the lobby channel's messages."""
    d = h.double
    thread = d.world.channel(where)
    row = await h.live.store.open_game_in(where)
    assert row is not None
    return {
        "thread": same_place(thread.name),
        "lobby channel": channel_shows(d, thread.parent_id or where),
        "messages": channel_shows(d, where),
        "log": [(m.seq, m.events) for m in await h.live.store.moves(row.id)],
    }


async def act(h: Harness, user: int, where: int, code: str) -> bool:
    """``user`` plays ``code`` at the table in ``where``: by its button on the board when
    the board offers one (a public tap), else by ``/play``. Returns whether it tapped."""
    board = await h.board(where)
    taps = [b[0] for b in board.buttons() if b[0].startswith("ts:move:")]
    tap = next((custom_id for custom_id in taps if custom_id.split(":", 5)[5] == code), None)
    if tap is None:
        await h.play(user, where, code)
        return False
    await h.double.click(user, board, tap)
    return True


#: (game, people, seed, opening): the through-Discord tables. The opening is played alike
#: at both tables before the twin is dealt again: Imagineers deals the tiles once every
#: entrance is placed.
THROUGH: list[tuple[str, tuple[str, ...], int, Callable[[State], bool]]] = [
    ("imagineers", ("alice", "bob"), 31, lambda state: state["phase"] == "entrance"),
    ("troolpark", ("alice", "bob", "carol"), 32, lambda state: False),
]


@on_store(SQLITE)
@pytest.mark.parametrize(
    ("slug", "people", "seed", "opening"), THROUGH, ids=[slug for slug, *_ in THROUGH]
)
async def test_through_discord_a_table_dealt_other_secrets_sees_the_same(
    harness: Harness,
    slug: str,
    people: tuple[str, ...],
    seed: int,
    opening: Callable[[State], bool],
) -> None:
    """The real bot and client, two tables dealt alike (the same seed, the same people)
    in two channels. After the opening, the second table's secrets are dealt again (the
    hands, the piles, the secret choices); then both play on, each step by a tap on the
    board, ``/play`` or the board's Undo, the twin choosing another tile or another secret
    space where the table cannot tell. Every public message of the two tables, every text
    it had, its components and board image, stay the same."""
    d = harness.double
    game = get_game(slug)
    rng = Rng.from_seed(seed)
    places = [d.ids["channel"], d.add_channel(d.ids["guild"], "games-2")]
    real, twin = [await harness.open_table(slug, list(people), c, seed) for c in places]
    users = {str(d.ids[name]): d.ids[name] for name in people}
    state = (await harness.state(real))[1]
    while opening(state):
        seat = game.waiting_for(state)[0]
        code = game.legal_moves(state, seat)[0].code
        for where in (real, twin):
            await harness.play(users[seat], where, code)
        state = (await harness.state(real))[1]
    await harness.settle()
    assert await table_shows(harness, real) == await table_shows(harness, twin)
    dealt = redeal(game, state, rng)
    assert dealt != state, "the twin has other secrets"
    await harness.put_state(twin, dealt)
    undos = hidden = taps = 0
    for _ in range(12):
        (row, state), (_, other) = await harness.state(real), await harness.state(twin)
        seat = rng.choice(game.waiting_for(state))
        top = await harness.live.store.undo_top(row.id)
        if top is not None and top.seat == seat and rng.below(2) == 0:
            for where in (real, twin):
                board = await harness.board(where)
                await d.click(users[seat], board, undo_button(board))
            undos += 1
        else:
            code = choose(game, state, seat, rng)
            mirrored = twin_move(game, state, other, seat, code)
            if mirrored is None:
                break
            hidden += mirrored != code
            taps += await act(harness, users[seat], real, code)
            await act(harness, users[seat], twin, mirrored)
        await harness.settle()
        shown, twin_shown = await table_shows(harness, real), await table_shows(harness, twin)
        assert shown == twin_shown, differences(shown, twin_shown)
    assert hidden >= 1 and (undos >= 1 or slug == "troolpark"), (undos, hidden)
    assert taps >= 1, "a move was tapped on the board"
