"""A component plays exactly what it shows. When the game moved on and the
move a button or menu names is no longer the same move (same code and same meaning), it is
refused privately and nothing changes; when it still is the same move, it plays. Only
the newest board has components; a click on an older board (a client that
still shows its buttons) is answered privately with a link to the current one."""

from __future__ import annotations

import re
from typing import Any

from engine.troolpark.data import ATTRACTIONS
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness


def assert_stale(result: InteractionResult) -> None:
    assert result.ephemeral, result.content
    assert "out of date" in result.content.lower(), result.content


def assert_links_to(h: Harness, result: InteractionResult, board: MessageRecord) -> None:
    """A private answer whose link opens ``board``."""
    links = re.findall(r"\((https://discord\.com/channels/[0-9/]+)\)", result.content)
    assert links and h.double.resolve(links[0]) == board, result.content


def button(message: MessageRecord, label_start: str) -> str:
    """The custom_id of the button whose label starts with ``label_start``."""
    found = [b[0] for b in message.buttons() if (b[1] or "").startswith(label_start)]
    assert found, (label_start, message.buttons())
    return found[0]


async def offer(h: Harness, channel: int, proposer: int, partner: int, money: int) -> MessageRecord:
    """`/disneyland trade`: give 15 for 7 plus ``money``; returns the board with Accept
    (the partner's turn: a new message, the command's answer)."""
    r = await h.double.slash(
        proposer, channel, "disneyland trade", **{"with": partner}, give="15", take="7", money=money
    )
    assert not r.ephemeral and r.original is not None, r.content
    assert await h.board(channel) == r.original
    return r.original


async def trade_table(h: Harness) -> tuple[int, int, int]:
    channel = await h.open_table("disneyland", ["alice", "bob"])
    row, state = await h.state(channel)
    mover = await h.mover(channel)
    partner = next(s.id for s in row.seats if s.id != mover)
    state["owners"].update({"15": mover, "7": partner})
    await h.put_state(channel, state)
    return channel, int(mover), int(partner)


async def test_an_old_accept_does_not_accept_a_new_offer(harness: Harness) -> None:
    """Offer 1 (pays 100) is refused, offer 2 (pays 50) is made: offer 1's board lost its
    buttons, and its Accept (on a client still showing it) answers with a link to offer
    2's board; the partner's old My-moves menu refuses; offer 2's own Accept works."""
    d = harness.double
    channel, proposer, partner = await trade_table(harness)
    first = await offer(harness, channel, proposer, partner, 100)
    old_accept = button(first, "Accept")
    row, _ = await harness.state(channel)
    menu_message = await d.click(partner, first, f"ts:table:{row.id}:moves")
    assert menu_message.original is not None
    menu = next(c for r in menu_message.components for c in r["components"])
    accept_value = next(o["value"] for o in menu["options"] if o["label"].startswith("Accept"))
    refused = await d.slash(partner, channel, "disneyland refuse")
    assert not refused.ephemeral
    second = await offer(harness, channel, proposer, partner, 50)
    await harness.settle()
    assert first.buttons() == [], "an older board has no components"
    before = await harness.dump()
    old_click = await d.forge_click(partner, first, old_accept)
    assert_stale(old_click)
    assert_links_to(harness, old_click, second)
    stale_menu = await d.select(partner, menu_message.original, menu["custom_id"], [accept_value])
    assert_stale(stale_menu)
    assert await harness.dump() == before
    accepted = await d.click(partner, second, button(second, "Accept"))
    assert accepted.response_type == 7 and "accepted" in (await harness.board(channel)).text
    _, state = await harness.state(channel)
    assert state["owners"]["7"] == str(proposer) and state["owners"]["15"] == str(partner)
    assert state["money"][str(partner)] == 1675 + 50


async def test_an_old_choice_button_does_not_choose_another_card(harness: Harness) -> None:
    """Trool Park "Choose B: <card>" after B came to hold another card is refused; a
    button whose card is still there plays."""
    d = harness.double
    channel = await harness.open_table("troolpark", ["alice", "bob"])
    _, state = await harness.state(channel)
    while state["queue"]:  # setup decisions first, then the secret choice
        mover = int(await harness.mover(channel))
        await harness.play(mover, channel, (await harness.choices(mover, channel))[0]["value"])
        _, state = await harness.state(channel)
    board = await harness.board(channel)
    old_b = button(board, "Choose B")
    swapped: dict[str, Any] = {**state, "central": dict(state["central"])}
    shown = set(state["central"].values())
    swapped["central"]["B"] = next(
        card
        for card in ATTRACTIONS
        if card not in shown and ATTRACTIONS[card].name != ATTRACTIONS[state["central"]["B"]].name
    )
    await harness.put_state(channel, swapped)
    await harness.settle()
    before = await harness.dump()
    assert_stale(await d.click(d.ids["alice"], board, old_b))
    assert await harness.dump() == before
    still = await d.click(d.ids["alice"], board, button(board, "Choose A"))
    assert still.ephemeral and "recorded" in still.content
    _, after = await harness.state(channel)
    assert after["choices"] == {str(d.ids["alice"]): "A"}


async def test_a_button_for_the_very_same_move_still_plays(harness: Harness) -> None:
    """The same offer made again: a client still showing the first offer's Accept on the
    current board (an earlier edit of it) plays, for it names exactly that move."""
    d = harness.double
    channel, proposer, partner = await trade_table(harness)
    first = await offer(harness, channel, proposer, partner, 100)
    old_accept = button(first, "Accept")
    await d.slash(partner, channel, "disneyland refuse")
    second = await offer(harness, channel, proposer, partner, 100)
    assert button(second, "Accept") != old_accept, "a newer version of the game"
    accepted = await d.forge_click(partner, second, old_accept)
    assert accepted.response_type == 7, accepted.content
    _, state = await harness.state(channel)
    assert state["owners"]["7"] == str(proposer)
