"""A learning game cannot fill the coach's worker. Its comments
(a hint's search and a brief after every move) take the coach's line and a per-person
rate, as every question does: when those refuse, the comment is skipped and the move
stands. And one person has one learning game open at a time: `/game learn` while one is
open answers privately with a link to it, and a burst of them opens one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.chat.access.quotas import Rate, reserve
from bot.common.links import channel_url
from engine import Rng, get_game
from tests.bot.bursts import answers, burst
from tests.bot.double import InteractionResult
from tests.bot.harness import Harness
from tests.bot.held import held
from tests.bot.test_coach import BRIEF, COMMENTS, quick, said
from tests.engine.redeal import choose
from tests.store.reads import games_with_status

#: What a learning game's first answer says.
WELCOME = "learning game has begun"
#: What a comment on a move says (one of them).
SAID = (*COMMENTS, "It was your only move", BRIEF)
#: What the answer to a second `/game learn` says (while the first is being set up, or after).
ONE_AT_A_TIME = ("You already have a learning game open", "Your learning game is being set up")


async def learning(h: Harness) -> tuple[int, int]:
    """Alice's learning game of Disneyland, once she is to move: where it is played,
    and its id."""
    d = h.double
    learned = await d.slash(d.ids["alice"], d.ids["channel"], "game learn", game="disneyland")
    await said(learned, WELCOME)
    where = await h.table(d.ids["channel"])
    row, _ = await h.state(where)
    await to_move(h, row.id)
    return where, row.id


async def to_move(h: Harness, game_id: int) -> str:
    """Once Alice is to move in ``game_id`` (the robots replied): a legal move of hers."""
    seat = str(h.double.ids["alice"])
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while True:
        row = await h.live.store.get(game_id)
        assert row is not None and row.snapshot is not None
        game = get_game(row.slug)
        state = game.load(row.snapshot)
        if game.legal_moves(state, seat):
            return choose(game, state, seat, Rng.from_seed(row.version))
        assert loop.time() < deadline, "Alice never came to move"
        await asyncio.sleep(0.02)


class Comments:
    """The coach's comments on the learner's moves, counted as each is done with (said,
    skipped or failed: the move's handler is past it)."""

    def __init__(self, h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        self.done = 0
        self.changed = asyncio.Condition()
        coach = h.live.services.coach
        real = coach.after_move

        async def after_move(*args: Any, **kwargs: Any) -> None:
            try:
                await real(*args, **kwargs)
            finally:
                async with self.changed:
                    self.done += 1
                    self.changed.notify_all()

        monkeypatch.setattr(coach, "after_move", after_move)

    async def past(self, count: int) -> None:
        """Until more than ``count`` are done."""
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: self.done > count), 30)


def coach_asked(h: Harness, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The work the coach's lane is asked to do, by name, as it is asked."""
    robots = h.live.robots
    real = robots.advise
    asked: list[str] = []

    async def advise(work: Any, *args: Any) -> Any:
        asked.append(work.__name__)
        return await real(work, *args)

    monkeypatch.setattr(robots, "advise", advise)
    return asked


def commented(result: InteractionResult) -> bool:
    return any(c in m.content for m in result.followups for c in SAID)


async def move_is_answered(
    h: Harness, where: int, game_id: int, comments: Comments
) -> InteractionResult:
    """Alice's next move, answered; the coach done with it (the move's own handler)."""
    code = await to_move(h, game_id)
    before, done = len(await h.live.store.moves(game_id)), comments.done
    played = await h.play(h.double.ids["alice"], where, code)
    assert played.response is not None and "Sorry" not in played.content, played.content
    await comments.past(done)
    assert len(await h.live.store.moves(game_id)) > before, "the move stands"
    return played


async def test_comments_take_the_coachs_line_and_a_rate(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Others' questions fill the coach's line (its one worker held meanwhile): Alice's
    move stands, answered, and its comment is skipped without asking the coach (it used
    to queue a full hint's search on the held worker). With the line free, her moves are
    commented until her rate is spent; the next is skipped."""
    h = harness
    quick(h)
    where, game_id = await learning(h)
    coach = h.live.services.coach
    done, asked = Comments(h, monkeypatch), coach_asked(h, monkeypatch)
    gate = tmp_path / "gate"
    holding = asyncio.ensure_future(h.live.robots.advise(held, str(gate)))
    others = reserve(*[(coach.line, None)] * coach.line.size)  # questions waiting their turn
    try:
        skipped = await move_is_answered(h, where, game_id, done)
        assert not commented(skipped) and asked == ["held"], asked
    finally:
        others.release()
        gate.touch()
    await holding

    coach.comments = Rate(2, 600.0, coach.comments.refuse)  # two more, then none
    for _ in range(coach.comments.times):
        spoken = await move_is_answered(h, where, game_id, done)
        assert commented(spoken), answers([spoken])
    thinking = len(asked)
    over = await move_is_answered(h, where, game_id, done)
    assert not commented(over) and len(asked) == thinking, "over the rate: not asked"


async def test_one_learning_game_open_per_person(harness: Harness) -> None:
    """`/game learn` again while Alice's is open: a private answer that links to it, and
    no second game. A burst of `/game learn` from several channels at once (the check
    and the new game used to have a store's wait between them) opens one game."""
    h, d = harness, harness.double
    quick(h)
    guild, alice = d.ids["guild"], d.ids["alice"]
    places = iter([d.add_channel(guild, f"learn-{n}") for n in range(3)])
    asked = await burst(d, lambda: d.slash(alice, next(places), "game learn", game="imagineers"), 3)
    opened = [a for a in asked if not a.ephemeral]
    assert len(opened) == 1, answers(asked)
    await said(opened[0], WELCOME)
    refused = [a for a in asked if a.ephemeral]
    assert all(any(w in a.content for w in ONE_AT_A_TIME) for a in refused), answers(refused)
    row = await h.live.store.open_learning_game(str(alice))
    assert row is not None and row.status == "active"
    again = await d.slash(alice, d.ids["channel"], "game learn", game="troolpark")
    assert again.ephemeral and ONE_AT_A_TIME[0] in again.content, again.content
    [link] = d.links(again.content)
    assert link == channel_url(guild, row.channel_id) and d.resolve(link).id == row.channel_id
    active = await games_with_status(h.live.store, "active")
    assert [g.id for g in active if g.learning] == [row.id]
