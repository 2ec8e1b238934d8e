"""No work proportional to a number someone typed. Every numeric option
is bounded where Discord checks it (the client refuses out-of-range values) and again in
the parser (a client with a stale copy of a command, or a forged one, skips the first);
over-long text gets a short, clear, private answer that does not echo it back."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tests.bot.double import InteractionResult, UsageError
from tests.bot.harness import Harness

STRING, INTEGER, NUMBER = 3, 4, 10
#: A short answer: one or two sentences, never the echo of thousands of characters.
SHORT = 300


def assert_clear(result: InteractionResult, *words: str) -> None:
    """A private answer that names the problem (not the generic apology), briefly."""
    assert result.response is not None, "answered within the deadline"
    assert result.ephemeral, result.content
    assert 0 < len(result.content) <= SHORT, result.content[:400]
    assert not result.content.startswith("Sorry"), result.content
    for word in words:
        assert word.lower() in result.content.lower(), (word, result.content)


def leaf_options(command: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """("game new troolpark", option) for every value option of every (sub)command."""

    def walk(prefix: str, options: Sequence[dict[str, Any]]) -> Iterator[tuple[str, Any]]:
        for option in options:
            if option["type"] in (1, 2):
                yield from walk(f"{prefix} {option['name']}", option.get("options") or [])
            else:
                yield prefix, option

    yield from walk(command["name"], command.get("options") or [])


async def test_every_number_and_text_option_is_bounded_at_discord(harness: Harness) -> None:
    unbounded = []
    for command in harness.double.commands():
        for path, option in leaf_options(command):
            where = f"/{path} {option['name']}"
            if option.get("choices"):
                continue
            number = option["type"] in (INTEGER, NUMBER)
            if (number and None in (option.get("min_value"), option.get("max_value"))) or (
                option["type"] == STRING and not 1 <= option.get("max_length", 6000) <= 200
            ):
                unbounded.append(where)
    assert unbounded == []


async def trade_table(h: Harness) -> tuple[int, int, int]:
    """A Disneyland game where the mover may offer a trade: (channel, mover, partner)."""
    channel = await h.open_table("disneyland", ["alice", "bob"])
    row, state = await h.state(channel)
    mover = await h.mover(channel)
    partner = next(s.id for s in row.seats if s.id != mover)
    state["owners"].update({"15": mover, "7": partner})
    await h.put_state(channel, state)
    return channel, int(mover), int(partner)


async def test_a_huge_trade_amount_builds_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`money:` is refused before one engine code is built for it, whatever its size."""
    d = harness.double
    channel, mover, partner = await trade_table(harness)
    with pytest.raises(UsageError):
        await d.slash(
            mover, channel, "disneyland trade", **{"with": partner}, give="15", money=10**7
        )
    played: list[int] = []
    play = harness.live.tables.play

    async def counting(*args: Any, **kwargs: Any) -> Any:
        played.append(len(args[2]))
        return await play(*args, **kwargs)

    monkeypatch.setattr(harness.live.tables, "play", counting)
    await harness.settle()
    before = await harness.dump()
    for money in (10**8, -(10**8), 2**53, -(2**53), 10**30, 7):
        answer = await d.forge(
            mover, channel, "disneyland trade", {"with": partner, "give": "15", "money": money}
        )
        assert_clear(answer)
        assert played == [], f"money={money} reached the game"
    assert await harness.dump() == before


@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000,  # one number too long to even convert
        "123456789" * 300,  # a number that converts, echoed it would be 2,700 characters
        "7 " * 3000,  # thousands of squares
        "15, 16, 17 and also " + "x" * 5000,
    ],
    ids=["5000-digits", "2700-digits", "3000-squares", "long-text"],
)
async def test_overlong_title_lists_get_a_short_answer(harness: Harness, text: str) -> None:
    d = harness.double
    channel, mover, partner = await trade_table(harness)
    with pytest.raises(UsageError):
        await d.slash(mover, channel, "disneyland trade", **{"with": partner}, give=text)
    await harness.settle()
    before = await harness.dump()
    for option in ("give", "take"):
        answer = await d.forge(mover, channel, "disneyland trade", {"with": partner, option: text})
        assert_clear(answer)
    assert await harness.dump() == before


async def test_a_trade_is_checked_against_the_table_before_anything_is_built(
    harness: Harness,
) -> None:
    """No game here, someone not at the table, or more money than the payer has."""
    d = harness.double
    alone = await d.forge(
        d.ids["alice"], d.ids["thread"], "disneyland trade", {"with": d.ids["bob"], "give": "5"}
    )
    assert_clear(alone, "no game")
    channel, mover, partner = await trade_table(harness)
    stranger = await d.slash(
        mover, channel, "disneyland trade", **{"with": d.ids["carol"]}, give="15"
    )
    assert_clear(stranger, "pick a player")
    rich = await d.slash(
        mover, channel, "disneyland trade", **{"with": partner}, give="15", take="7", money=90_000
    )
    assert_clear(rich, "no more than they hold")


async def test_other_numbers_and_names_are_checked_by_the_parser(harness: Harness) -> None:
    """Forged values of options Discord would have bounded: each a short private answer,
    the database unchanged."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    mover = int(await harness.mover(channel))
    await harness.settle()
    before = await harness.dump()
    thread = d.ids["thread"]
    attempts: list[tuple[int, int, str, dict[str, Any]]] = [
        (mover, channel, "play", {"move": "roll" * 1500}),
        (mover, channel, "disneyland roll", {"dice": 7}),
        (mover, channel, "game replay", {"game_id": 2**63}),
        (mover, channel, "game replay", {"game_id": -1}),
        (d.ids["admin"], channel, "game settings", {"live_remind": -5.0}),
        (d.ids["admin"], channel, "game settings", {"async_idle": 1e300}),
        (mover, channel, "leaderboard", {"game": "monopoly" * 700}),
        (mover, channel, "rules", {"game": "<@1>"}),
        (mover, thread, "game new disneyland", {"pace": "x" * 6000}),
        (mover, thread, "game new disneyland", {"length": "<@1>" * 1000}),
        (mover, thread, "game new imagineers", {"side": "chess" * 1000}),
    ]
    for user, where, command, options in attempts:
        assert_clear(await d.forge(user, where, command, options))
    assert await harness.dump() == before
