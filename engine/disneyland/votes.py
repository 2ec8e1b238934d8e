"""Agreeing on the length during a game that has none (rulebook, Preparation: "If the
players wish, they may agree on the length of the game"; End of the Game).

A game without an agreed length ends the rulebook's way, when every player but one is
eliminated, and that can take very long. So the players may agree on a length later, by
a vote (RULES.md, "Agreeing on a length during the game"):

- ``propose:now`` / ``propose:<n>`` — on your turn before rolling, once a turn: end the
  game now with the count, or after ``n`` more rounds (``data.VOTE_ROUNDS``).
- ``vote:yes`` / ``vote:no`` / ``vote:follow`` — every other player still in answers at
  once, secretly, and may change the answer until the last one is in. ``follow`` goes
  with the majority: robots always answer so, which leaves the decision to the people.
- The proposer counts as a vote for. More for than against carries the proposal; a tie
  plays on. The count and every answer are then shown in one event.
"""

from __future__ import annotations

from typing import Any

from engine.core import Move, State, joined
from engine.disneyland import data, wording
from engine.disneyland.board import Events, alive
from engine.text import Text, txc, txcn

ANSWERS = ("yes", "no", "follow")
#: The reason a game ended by an agreement to stop now (the result's first words).
ENDED_NOW = wording.ENDED_NOW


def unagreed(state: State) -> bool:
    """Whether the game was started without an agreed length (the rulebook's mode, or the
    house rule that counts it after a cap): only then may the players vote on one."""
    return state["options"]["length"] in ("open", "none")


def is_open(state: State) -> bool:
    return bool(state["phase"] == "vote")


def voters(state: State) -> list[str]:
    """Who answers the open vote: every player still in but the proposer, in turn order."""
    by = state["vote"]["by"]
    return [seat for seat in alive(state) if seat != by]


def waiting(state: State) -> list[str]:
    """The voters who have not answered yet."""
    ballots = state["vote"]["ballots"]
    return [seat for seat in voters(state) if seat not in ballots]


def what(end: Any) -> Text:
    """The proposal in words: "now" or "after round 62"."""
    if end == "now":
        # i18n: a proposal to end the game: "... to end the game now".
        return txc("disneyland", "now")
    # i18n: a proposal to end the game: "... to end the game after round 62".
    return txc("disneyland", "after round {round}", round=int(end))


def proposals(state: State, seat: str) -> list[Move]:
    """``seat``'s proposals, on its turn before rolling in a game without an agreed length;
    one a turn. A target the house rule's cap or an earlier vote already sets is left out."""
    last = state["vote"]
    if not unagreed(state) or (last and last["by"] == seat and last["round"] == state["round"]):
        return []
    moves = [
        Move(
            "propose:now",
            txc("disneyland", "Propose to end the game now and count cash plus titles"),
        )
    ]
    cap = data.LAST_STANDING_ROUNDS if state["options"]["length"] == "none" else None
    for more in data.VOTE_ROUNDS:
        end = state["round"] + more
        if (cap is None or end < cap) and end != state["agreed"]:
            label = txcn(
                "disneyland",
                "Propose to end the game after round {round} ({count} more round)",
                "Propose to end the game after round {round} ({count} more rounds)",
                more,
                round=end,
            )
            moves.append(Move(f"propose:{more}", label))
    return moves


def answer_moves(state: State) -> list[Move]:
    """The same three answers for every voter, whatever anyone answered so far."""
    end = what(state["vote"]["end"])
    if state["agreed"] is None:
        against = txc("disneyland", "Vote against: keep playing")
    else:
        against = txc("disneyland", "Vote against: keep round {round}", round=state["agreed"])
    return [
        Move("vote:yes", txc("disneyland", "Vote for ending the game {when}", when=end)),
        Move("vote:no", against),
        Move("vote:follow", txc("disneyland", "Go with the majority of the others")),
    ]


def apply(state: State, seat: str, code: str, events: Events) -> bool:
    """Carry out a proposal or an answer; True when the table has just agreed to end now."""
    verb, _, arg = code.partition(":")
    if verb == "propose":
        end: Any = "now" if arg == "now" else state["round"] + int(arg)
        state["vote"] = {
            "by": seat,
            "end": end,
            "round": state["round"],
            "ballots": {},
            "result": None,
        }
        state["phase"] = "vote"
        events.append(
            txc(
                "disneyland",
                "{seat} proposes to end the game {when}: the others vote (answers stay secret "
                "until all are in; more for than against carries it, a tie plays on)",
                seat=seat,
                when=what(end),
            )
        )
        return False
    state["vote"]["ballots"][seat] = arg
    events.append(txc("disneyland", "{seat} has voted", seat=seat))
    if waiting(state):
        return False
    return _count(state, events)


def _count(state: State, events: Events) -> bool:
    """Close the vote: the proposer and the yeses against the noes."""
    vote = state["vote"]
    ballots = vote["ballots"]
    sides = {answer: [s for s in voters(state) if ballots[s] == answer] for answer in ANSWERS}
    sides["yes"].insert(0, vote["by"])
    agreed = len(sides["yes"]) > len(sides["no"])
    vote["result"] = "agreed" if agreed else "rejected"
    state["phase"] = "start"
    count = joined([_side(answer, seats) for answer, seats in sides.items() if seats], "semicolons")
    if agreed:
        verdict = txc(
            "disneyland",
            "Vote on ending the game {when}: {count}: agreed",
            when=what(vote["end"]),
            count=count,
        )
    else:
        verdict = txc(
            "disneyland",
            "Vote on ending the game {when}: {count}: not agreed, play goes on",
            when=what(vote["end"]),
            count=count,
        )
    events.append(verdict)
    if not agreed:
        return False
    if vote["end"] == "now":
        return True
    state["agreed"] = vote["end"]
    events.append(
        txc(
            "disneyland",
            "The game ends after round {round}, as the players agreed",
            round=vote["end"],
        )
    )
    return False


def _side(answer: str, seats: list[str]) -> Text:
    """One side of a counted vote: "2 for (u1, u3)"."""
    who = joined(seats)
    if answer == "yes":
        return txcn(
            "disneyland", "{count} for ({seats})", "{count} for ({seats})", len(seats), seats=who
        )
    if answer == "no":
        return txcn(
            "disneyland",
            "{count} against ({seats})",
            "{count} against ({seats})",
            len(seats),
            seats=who,
        )
    return txcn(
        "disneyland",
        "{count} with the majority ({seats})",
        "{count} with the majority ({seats})",
        len(seats),
        seats=who,
    )


def public(state: State) -> dict[str, Any] | None:
    """The vote as everyone sees it: who proposed what and who has answered; the answers
    themselves once the vote is closed."""
    vote = state["vote"]
    if vote is None:
        return None
    shown = {key: vote[key] for key in ("by", "end", "round", "result")}
    shown["voted"] = [s for s in state["order"] if s in vote["ballots"]]
    shown["ballots"] = dict(vote["ballots"]) if vote["result"] is not None else {}
    return shown
