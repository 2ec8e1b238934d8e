"""Issue 20, defect 1: taking a step back shows the table nothing it was not shown when
the step was played.

In Imagineers, picking the tile to play and discarding it for a staff action can be taken
back, and the tile is in a hidden hand. Undo used to write the step's labels on the public
board ("↩ bob took back: Play Mermaid Grotto (…) or Trick Track (…)"), handing every
player the tile. Now the board repeats only the step's log lines, and the player who took
it back reads its labels privately (RULES.md decision 19: the tile being played is hidden).
"""

from __future__ import annotations

from engine import get_game
from engine.imagineers.data import TILES
from engine.imagineers.views import tile_label
from tests.bot.double import MessageRecord
from tests.bot.harness import Harness
from tests.bot.stores import SQLITE, on_store

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
