"""The learning game's words: what the learner can do now, action by action,
and a comment on the move they made against the coach's choice.

The brief needs no search: for each action it names the move that raises the seat's
expected final score most at once (the game's own estimate, ``Playbook.estimate``) and
what that move is for. It reads a state sampled from the seat's knowledge with a fixed
generator, so it says the same for every state the seat cannot tell apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai import playbook_of
from engine.coach import words
from engine.coach.advice import Hint, reason
from engine.coach.games import action_help
from engine.core import Game, Move, Rng, State, clone
from engine.text import Text

#: The generator of the brief's sample: fixed, so a brief depends on the knowledge alone.
BRIEF_SEED = 23


@dataclass(frozen=True, slots=True)
class Action:
    """One action the seat can take now (a picker group) and its best move."""

    group: str
    #: How many moves the action offers now.
    moves: int
    #: What the action does, in the rulebook's terms.
    help: Text
    #: The action's move that raises the expected final score most, and what it is for.
    code: str
    label: str
    reason: Text

    @property
    def line(self) -> Text:
        return words.brief_line(
            self.group, self.moves, self.help, words.choice(self.label, self.reason)
        )


def learn_brief(game: Game, state: State, seat: str) -> list[Action]:
    """What ``seat`` can do now and why it matters: one entry per action, in the order the
    legal moves list them. Empty when the seat has no move."""
    book = playbook_of(game)
    sample = book.sample(book.knowledge(state, seat), seat, Rng.from_seed(BRIEF_SEED))
    groups: dict[str, list[Move]] = {}
    for move in game.legal_moves(sample, seat):
        groups.setdefault(game.move_group(sample, seat, move), []).append(move)
    before = book.estimate(sample)[seat]
    actions = []
    for group, moves in groups.items():
        best = max(moves, key=lambda move: _gain(game, sample, seat, move, before))
        actions.append(
            Action(
                group=group,
                moves=len(moves),
                help=action_help(game, group),
                code=best.code,
                label=best.label,
                reason=reason(game, sample, seat, best.code, ()),
            )
        )
    return actions


def _gain(game: Game, sample: State, seat: str, move: Move, before: float) -> float:
    after: State = clone(sample)
    game.apply(after, seat, move.code)
    return playbook_of(game).estimate(after)[seat] - before


def compare(coach: list[Hint], played: str) -> Text:
    """A short comment on the move ``played`` against the coach's hints for that decision
    (made before it): the same move, another of its choices, or none of them."""
    if not coach:
        raise ValueError("no hint to compare with")
    best = coach[0]
    if best.code == played:
        return words.was_only_move() if not best.playouts else words.same()
    for rank, hint in enumerate(coach[1:], start=2):
        if hint.code == played:
            return words.ranked(rank, best.line)
    return words.other(best.line)
