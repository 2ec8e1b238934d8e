"""The coach: the ``hard`` robot's search turned into advice for a player.

- :func:`hints`: the best moves for a seat (at most three), what the playouts said of each
  and what each is for, from what the seat may see alone;
- :func:`review`: after a game, the seat's moves that changed its expected result most,
  each with the coach's pick;
- :func:`action_help`: one line on each action of the picker, in the rulebook's terms;
- :func:`learn_brief` and :func:`compare`: the learning game's "what you can do now" and
  its comment on the move made.

Everything the coach says is a :class:`~engine.text.Text` (a message id and its values),
put into the reader's language by the bot; the games' own reasons and help are in
``engine/<game>/coaching.py`` (``engine.coach.games``). Like the robots, the coach is
pure and deterministic, and reads only the seat's knowledge (``Playbook.knowledge``).
"""

from __future__ import annotations

from engine.coach.advice import Hint, coach_budget, hints
from engine.coach.games import action_help
from engine.coach.learn import Action, compare, learn_brief
from engine.coach.review import REVIEW_BUDGET, Review, TurningPoint, review

__all__ = [
    "REVIEW_BUDGET",
    "Action",
    "Hint",
    "Review",
    "TurningPoint",
    "action_help",
    "coach_budget",
    "compare",
    "hints",
    "learn_brief",
    "review",
]
