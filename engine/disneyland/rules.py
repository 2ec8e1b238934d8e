"""Disneyland (the vintage French board game): the turn flow and the engine contract.

The engine is the Caisse: there is no seat for the game leader. A turn is a series of
phases, each a decision of one seat:

- ``start``: the current player rolls (``roll``; ``roll:1`` / ``roll:2`` for the
  first-turn choice; a prisoner's ``roll`` tries for a 5), may ``prison:pay`` first, or
  opens an exchange (``trade:with:<seat>``, see ``trade.py`` for the whole grammar);
- ``trade`` / ``offer``: an exchange (or a counter-offer) is being written / awaits the
  other side's answer: accept, decline or counter;
- ``rent``: the player landed on a free attraction: ``rent`` or ``decline``;
- ``surrender``: a debtor short of cash gives titles back, ``surrender:<square>``;
- ``vote``: in a game without an agreed length, the player to move proposed one before
  rolling (``propose:...``) and the others answer (``vote:...``, see ``votes.py``);
- ``over``.

When the agreed length is a time, the bot plays ``timeup`` as ``LEADER``. All the
readings of unclear rules are written down in ``RULES.md`` beside this file.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import (
    GROUP_SIZE,
    LEADER,
    Game,
    Move,
    OptionSpec,
    Outcome,
    Rng,
    State,
    joined,
    rank_by,
    record_events,
)
from engine.disneyland import ai, board, data, trade, views, votes, wording
from engine.disneyland.board import Events, alive, current, titles_of
from engine.disneyland.summary import SUMMARY
from engine.disneyland.wording import Francs, square_name
from engine.text import Text, txc, txcn


def _rounds(count: int) -> Text:
    return txcn("disneyland", "{count} round", "{count} rounds", count)


def _minutes(count: int) -> Text:
    return txcn("disneyland", "{count} minute", "{count} minutes", count)


LENGTH_LABELS: dict[str, str] = {
    "open": txc(
        "disneyland",
        "Not agreed (the rulebook): until one player is left, or the table votes to stop",
    ),
    **{f"rounds-{count}": _rounds(count) for count in (10, 20, 30, 40, 60)},
    **{f"minutes-{count}": _minutes(count) for count in (30, 60, 90)},
    # The value games stored for "not agreed" before it was named ``open``, kept so they
    # replay.
    "none": txc(
        "disneyland",
        "House rule: not agreed, but counted after round {round}",
        round=data.LAST_STANDING_ROUNDS,
    ),
}
LENGTH = OptionSpec(
    name="length",
    description=txc("disneyland", "Agreed length of the game"),
    choices=tuple(LENGTH_LABELS),
    default=f"rounds-{data.DEFAULT_ROUNDS}",
    labels=LENGTH_LABELS,
)
PRISON = OptionSpec(
    name="prison",
    description=txc("disneyland", "Prison: the roll that lets a prisoner out"),
    choices=tuple(data.PRISON_READINGS),
    default="either",
    labels={
        "either": txc(
            "disneyland",
            "Out on a {roll} on either die ({count} rolls in 36)",
            roll=data.PRISON_EXIT_ROLL,
            count=11,
        ),
        "total": txc(
            "disneyland",
            "Out on a total of {roll} ({count} rolls in 36)",
            roll=data.PRISON_EXIT_ROLL,
            count=4,
        ),
    },
)
ROLLS = ("roll", "roll:1", "roll:2")
#: The picker's action names (``move_group``), by code or ``trade:`` verb.
GROUPS = {
    "roll": txc("disneyland", "Roll the dice"),
    "prison:pay": txc("disneyland", "Pay to leave Prison"),
    "rent": txc("disneyland", "Rent or not"),
    "decline": txc("disneyland", "Rent or not"),
    "timeup": txc("disneyland", "End the game"),
    "propose": txc("disneyland", "Propose to end the game"),
    "vote": txc("disneyland", "Vote on ending the game"),
}
TRADE_GROUPS = {
    "with": txc("disneyland", "Offer an exchange"),
    "give": txc("disneyland", "Give a title"),
    "take": txc("disneyland", "Ask for a title"),
    "money": txc("disneyland", "Set the cash balance"),
    "propose": txc("disneyland", "Send or cancel the offer"),
    "cancel": txc("disneyland", "Send or cancel the offer"),
    "accept": txc("disneyland", "Answer the offer"),
    "decline": txc("disneyland", "Answer the offer"),
    "counter": txc("disneyland", "Answer the offer"),
}


#: The rolls a player is offered most turns (the same moves every time).
ROLL_BOTH = Move("roll", txc("disneyland", "Roll both dice"))
ROLL_ONE = Move("roll", txc("disneyland", "Roll one die (first turn of the first two players)"))
FIRST_TURN_CHOICE = (
    Move("roll:1", txc("disneyland", "Roll one die (first-turn choice)")),
    Move("roll:2", txc("disneyland", "Roll both dice (first-turn choice)")),
)


@functools.cache
def _rent_choices(square: int) -> tuple[Move, Move]:
    """Renting the free attraction ``square`` or not (the same two moves every time)."""
    name = square_name(square)
    return (
        Move(
            "rent",
            txc("disneyland", "Rent {square} for {amount}", square=name, amount=data.RENT_PRICE),
        ),
        Move("decline", txc("disneyland", "Don't rent {square}", square=name)),
    )


def is_timed(state: State) -> bool:
    return bool(state["options"]["length"].startswith("minutes-"))


def roll_off(seats: Sequence[str], rng: Rng) -> tuple[list[dict[str, int]], str]:
    """Everyone rolls both dice; the highest total starts; tied leaders roll again."""
    contenders = list(seats)
    rounds: list[dict[str, int]] = []
    while True:
        totals = {seat: rng.die() + rng.die() for seat in contenders}
        rounds.append(totals)
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
        if len(contenders) == 1:
            return rounds, contenders[0]


def rolled_off(totals: Mapping[str, int]) -> str:
    """One throw of the roll-off for the first player, as the log says it."""
    # i18n: a seat's total in the roll-off ("alice 9").
    each = [
        txc("disneyland", "{seat} {total}", seat=seat, total=total)
        for seat, total in totals.items()
    ]
    return txc("disneyland", "Roll-off: {totals}", totals=joined(each))


class Disneyland(Game[views.DisneylandView]):
    """The rules of the rulebook; ``data.py`` holds the board and cards."""

    slug = "disneyland"
    title = "Disneyland"
    min_players = 2
    max_players = 5
    options = (LENGTH, PRISON)
    summary = SUMMARY
    score_unit = wording.MONEY

    def amount(self, score: int) -> Text:
        """A score with its unit, by the reader's plural rules ("1 franc")."""
        return txcn("disneyland", "{count} franc", "{count} francs", score)

    # Nothing is hidden: the mover's options can be buttons under the public board.
    moves_reveal_secrets = False

    def setup(
        self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
    ) -> State:
        seats = self.check_seats(seats)
        rng = Rng.from_seed(seed)
        rolloff, first = roll_off(seats, rng)
        start = seats.index(first)
        decks = {
            name: rng.shuffled(card.id for card in cards) for name, cards in data.DECKS.items()
        }
        events: list[str] = [rolled_off(totals) for totals in rolloff]
        events.append(txc("disneyland", "{seat} rolled highest and starts", seat=first))
        state: State = {
            "seats": seats,
            "options": self.resolve_options(options),
            "rng": rng.state,
            "rolloff": rolloff,
            "order": seats[start:] + seats[:start],
            "turn": 0,
            "round": 1,
            "phase": "start",
            "money": {seat: data.START_MONEY for seat in seats},
            "pos": {seat: data.START for seat in seats},
            "owners": {},
            "prison": [],
            "miss": {seat: 0 for seat in seats},
            "out": [],
            "rent": None,
            "debts": [],
            "trade": None,
            "decks": decks,
            "last_card": None,
            "last_roll": None,
            "moved": None,
            "caisse": {"paid": 0, "received": 0},
            "time_up": False,
            "vote": None,
            "agreed": None,
            "end": None,
            "last": [],
        }
        record_events(state, events)
        return state

    # --- whose move, which moves -------------------------------------------------

    def to_move(self, state: State) -> list[str]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "offer":
            return [trade.answerer(state["trade"])]
        if phase == "trade":
            return [state["trade"]["by"]]
        if phase == "surrender":
            return [state["debts"][0]["debtor"]]
        if phase == "vote":
            return votes.voters(state)
        return [current(state)]

    def waiting_for(self, state: State) -> list[str]:
        """During a vote, the voters who have not answered (those who have may still
        change their answer, so they stay in ``to_move``)."""
        return votes.waiting(state) if votes.is_open(state) else self.to_move(state)

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if state["phase"] == "over":
            return []
        if seat == LEADER:
            if is_timed(state) and not state["time_up"]:
                return [Move("timeup", txc("disneyland", "End the game: the agreed time is up"))]
            return []
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "start":
            return [
                *self._start_moves(state, seat),
                *trade.opening_moves(state, seat),
                *votes.proposals(state, seat),
            ]
        if phase == "vote":
            return votes.answer_moves(state)
        if phase == "trade":
            return trade.building_moves(state)
        if phase == "offer":
            return trade.answer_moves(state)
        if phase == "rent":
            return list(_rent_choices(state["rent"]))
        debt = board.debt_total(state["debts"][0])
        cash = state["money"][seat]
        return [
            Move(
                f"surrender:{square}",
                txc(
                    "disneyland",
                    "Surrender {square} for {amount} (you owe {debt}, have {cash})",
                    square=square_name(square),
                    amount=data.SURRENDER_VALUE,
                    debt=debt,
                    cash=cash,
                ),
            )
            for square in titles_of(state, seat)
        ]

    def _start_moves(self, state: State, seat: str) -> list[Move]:
        if seat in state["prison"]:
            frees = txc(
                "disneyland", "Roll both dice: {roll} frees you", roll=board.prison_exit(state)
            )
            moves = [Move("roll", frees)]
            if state["money"][seat] >= data.PRISON_FEE:
                pay = txc(
                    "disneyland", "Pay {amount} to leave Prison, then roll", amount=data.PRISON_FEE
                )
                moves.append(Move("prison:pay", pay))
            return moves
        if state["round"] > 1:
            return [ROLL_BOTH]
        if state["order"].index(seat) < 2:
            return [ROLL_ONE]
        return list(FIRST_TURN_CHOICE)

    # --- the turn message's hooks -------------------------------------------------

    def public_moves(self, state: State, seat: str) -> list[Move]:
        """Every legal move: nothing is hidden but the order of the two card decks, and no
        move's existence or label depends on it. No move is a secret choice."""
        return self.legal_moves(state, seat)

    def move_group(self, state: State, seat: str, move: Move) -> str:
        """The action, for the two-level picker. A seat may hold up to 30 titles: when
        the titles an action lists are more than ``GROUP_SIZE``, they are split by series
        ("Surrender a title (Pluto series)"): at most 3 each, in at most 10 groups."""
        verb, _, rest = move.code.partition(":")
        if verb == "trade":
            action, _, arg = rest.partition(":")
            if action in ("give", "take"):
                square = int(arg)
                owner = str(state["owners"][str(square)])
                return _title_group(state, owner, square, action)
            return TRADE_GROUPS[action]
        if verb == "surrender":
            return _title_group(state, seat, int(rest), "surrender")
        if verb in ("propose", "vote"):
            return GROUPS[verb]
        return GROUPS["roll" if move.code in ROLLS else move.code]

    def undoable(self, before: State, after: State, seat: str) -> bool:
        """A step that rolled no dice (rng unchanged), drew no card (decks unchanged),
        announced nothing and left ``seat`` to move in the same turn (turn and round
        unchanged): writing an exchange or a counter-offer (choosing the partner, titles,
        the balance; cancelling a counter-offer), paying to leave Prison before rolling,
        surrendering a title while still short. Not a roll (dice), nor proposing or
        answering (the other side moves), nor renting or not (the turn passes on)."""
        return (
            seat != LEADER
            and all(after[key] == before[key] for key in ("rng", "decks", "turn", "round"))
            and self.to_move(after) == [seat]
            and not self.announces(before, after)
        )

    def announces(self, before: State, after: State) -> bool:
        """News for the whole table: a chance or surprise card drawn (The Squares of the
        Board: carried out at once, it may move money or pawns of others), a player
        eliminated (Obligation to Surrender), the agreed time up or a vote on the length
        counted (End of the Game; Preparation) and the end."""
        return bool(
            after["decks"] != before["decks"]
            or len(after["out"]) > len(before["out"])
            or after["time_up"] != before["time_up"]
            or (votes.is_open(before) and not votes.is_open(after))
            or after["phase"] == "over"
        )

    # --- carrying out moves ------------------------------------------------------

    def apply(self, state: State, seat: str, code: str) -> list[str]:
        events: Events = []
        state["moved"] = None
        if code == "timeup":
            self._time_up(state, events)
        elif code.startswith(("propose:", "vote:")):
            if votes.apply(state, seat, code, events):
                self._finish(state, votes.ENDED_NOW, events)
        elif code.startswith("trade:"):
            trade.apply(state, seat, code, events)
        elif code == "prison:pay":
            board.caisse_receives(state, seat, data.PRISON_FEE)
            state["prison"].remove(seat)
            events.append(
                txc(
                    "disneyland",
                    "{seat} paid {amount} and leaves Prison",
                    seat=seat,
                    amount=data.PRISON_FEE,
                )
            )
        elif code in ROLLS:
            self._roll(state, seat, code, events)
        elif code == "rent":
            square = state["rent"]
            board.caisse_receives(state, seat, data.RENT_PRICE)
            state["owners"][str(square)] = seat
            events.append(
                txc(
                    "disneyland",
                    "{seat} rented {square} for {amount}",
                    seat=seat,
                    square=square_name(square),
                    amount=data.RENT_PRICE,
                )
            )
            self._end_turn(state, events)
        elif code == "decline":
            events.append(
                txc(
                    "disneyland",
                    "{seat} did not rent {square}",
                    seat=seat,
                    square=square_name(state["rent"]),
                )
            )
            self._end_turn(state, events)
        else:  # surrender:<square>, the only other code legal_moves offers
            board.surrender(state, seat, int(code.partition(":")[2]), events)
            self._resume(state, events)
        return events

    def _roll(self, state: State, seat: str, code: str, events: Events) -> None:
        escaped = False
        if seat in state["prison"]:
            dice = board.roll_dice(state, 2)
            state["last_roll"] = {"seat": seat, "dice": dice}
            if not board.leaves_prison(dice, state["options"]["prison"]):
                events.append(
                    txc(
                        "disneyland",
                        "{seat} rolled {dice} and stays in Prison",
                        seat=seat,
                        dice=_dice_text(dice),
                    )
                )
                self._end_turn(state, events)
                return
            state["prison"].remove(seat)
            escaped = True
        else:
            one_die = code == "roll:1" or (code == "roll" and state["round"] == 1)
            dice = board.roll_dice(state, 1 if one_die else 2)
            state["last_roll"] = {"seat": seat, "dice": dice}
        target = (state["pos"][seat] - 1 + sum(dice)) % data.SQUARE_COUNT + 1
        if escaped:
            moved = txc(
                "disneyland",
                "{seat} rolled {dice}, left Prison and moved to {square}",
                seat=seat,
                dice=_dice_text(dice),
                square=square_name(target),
            )
        else:
            moved = txc(
                "disneyland",
                "{seat} rolled {dice} and moved to {square}",
                seat=seat,
                dice=_dice_text(dice),
                square=square_name(target),
            )
        events.append(moved)
        state["moved"] = seat
        board.move_forward(state, seat, sum(dice), events)
        board.land(state, seat, events)
        self._resume(state, events)

    def _resume(self, state: State, events: Events) -> None:
        """After a landing or a surrender: settle debts, then rent or end the turn."""
        if not board.settle_debts(state, events):
            state["phase"] = "surrender"
            debt = state["debts"][0]
            events.append(
                txc(
                    "disneyland",
                    "{seat} must surrender titles to pay {amount}",
                    seat=debt["debtor"],
                    amount=board.debt_total(debt),
                )
            )
            return
        if len(alive(state)) <= 1:
            self._finish(state, wording.LAST_STANDING, events)
        elif current(state) not in state["out"] and state["rent"] is not None:
            state["phase"] = "rent"
        else:
            self._end_turn(state, events)

    def _end_turn(self, state: State, events: Events) -> None:
        """Pass the turn on, skipping the eliminated and Hotel guests; count rounds."""
        state["rent"] = None
        if state["time_up"]:
            self._finish(state, wording.TIME_UP, events)
            return
        limit = board.rounds_limit(state)
        index = state["turn"]
        while True:
            index = (index + 1) % len(state["order"])
            if index == 0:
                state["round"] += 1
                if limit is not None and state["round"] > limit:
                    self._finish(state, _limit_reached(state, limit), events)
                    return
            seat = state["order"][index]
            if seat in state["out"]:
                continue
            if state["miss"][seat] > 0:
                state["miss"][seat] -= 1
                events.append(txc("disneyland", "{seat} misses a turn at the Hotel", seat=seat))
                continue
            break
        state["turn"] = index
        state["phase"] = "start"

    def _time_up(self, state: State, events: Events) -> None:
        state["time_up"] = True
        if state["phase"] in ("start", "trade", "offer"):
            self._finish(state, wording.TIME_UP, events)
        else:
            events.append(
                txc(
                    "disneyland",
                    "Time is up: the game ends after {seat}'s turn",
                    seat=current(state),
                )
            )

    def _finish(self, state: State, reason: Text, events: Events) -> None:
        state["phase"] = "over"
        state["end"] = str(reason)  # the state keeps its English (wording.end_reason)
        state["trade"] = None
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(txc("disneyland", "Game over: {reason}", reason=outcome.reason))

    # --- results and views -------------------------------------------------------

    def scores(self, state: State) -> dict[str, int]:
        return {seat: board.worth(state, seat) for seat in state["seats"]}

    def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
        """Cash and titles at 100 each: the rulebook's end count (0 once eliminated)."""
        return {
            seat: [
                (txc("disneyland", "Cash"), int(state["money"][seat])),
                (
                    txc("disneyland", "Rental titles"),
                    data.TITLE_VALUE * len(titles_of(state, seat)),
                ),
            ]
            for seat in state["seats"]
        }

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        out: list[str] = state["out"]
        scores = self.scores(state)
        keys = {
            seat: (0, 0, out.index(seat)) if seat in out else (1, scores[seat], 0)
            for seat in state["seats"]
        }
        ranks = rank_by(keys)
        return Outcome(scores=scores, ranks=ranks, reason=_result_text(state, scores, ranks))

    def load(self, data: Mapping[str, Any]) -> State:
        """A saved state; an exchange pending from before counter-offers existed (no
        ``by``) lapses, and its proposer is back before rolling to offer it again. A game
        saved before the Prison option and the votes on the length plays on as it began:
        a 5 on either die, nothing voted."""
        state = super().load(data)
        state["options"] = {**self.default_options, **state["options"]}
        state.setdefault("vote", None)
        state.setdefault("agreed", None)
        offer = state.get("trade")
        if offer is not None and "by" not in offer:
            state["trade"] = None
            state["phase"] = "start"
        return state

    def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
        return ai.choose(state, seat, self.legal_moves(state, seat))

    def view(self, state: State, viewer: str | None) -> views.DisneylandView:
        """Disneyland hides only the deck order; a seat's view is the public one, with its
        own answer to an open vote (``views.py``)."""
        return views.view(
            state,
            viewer,
            to_move=self.to_move(state),
            outcome=self.outcome(state),
            scores=self.scores(state),
            standings=self.standings(state),
            length_label=LENGTH.label(state["options"]["length"]),
        )


_SURRENDER = txc("disneyland", "Surrender a title")


def _title_group(state: State, owner: str, square: int, action: str) -> Text:
    """The picker's group of a move that names a title (``action``: ``surrender`` or a
    ``trade:`` verb), by series when ``owner`` holds more titles than one menu shows."""
    if len(titles_of(state, owner)) <= GROUP_SIZE:
        return TRADE_GROUPS.get(action, _SURRENDER)
    series = wording.series_name(data.SERIES_OF[square])
    if action == "give":
        return txc("disneyland", "Give a title ({series} series)", series=series)
    if action == "take":
        return txc("disneyland", "Ask for a title ({series} series)", series=series)
    return txc("disneyland", "Surrender a title ({series} series)", series=series)


def _limit_reached(state: State, limit: int) -> Text:
    """The header's short reason when the last round is over."""
    if state["agreed"] == limit:
        return wording.rounds_played(limit, agreed=True)
    if state["options"]["length"] == "none":
        return wording.nobody_left_alone(limit)
    return wording.rounds_played(limit, agreed=False)


def _result_text(state: State, scores: Mapping[str, int], ranks: Mapping[str, int]) -> Text:
    """How the game ended and who won, in words (the rulebook breaks no ties)."""
    winners = [seat for seat in state["order"] if ranks[seat] == 1]
    if len(alive(state)) == 1:
        return txc(
            "disneyland",
            "{seat} is the last player standing: every other player was eliminated.",
            seat=winners[0],
        )
    top = Francs(scores[winners[0]])
    if len(winners) == 1:
        verdict = txc(
            "disneyland", "{seat} has the most, {amount} francs.", seat=winners[0], amount=top
        )
    else:
        verdict = txc(
            "disneyland",
            "{seats} tie on {amount} francs and share first place (the rulebook breaks no ties).",
            seats=winners,
            amount=top,
        )
    return txc(
        "disneyland",
        "{end}, so the players still in count cash plus titles: {verdict}",
        end=wording.end_reason(str(state["end"]), capital=True),
        verdict=verdict,
    )


def _dice_text(dice: list[int]) -> str:
    """The dice as numbers ("4", "3+1 = 4"): no words, the same in every language."""
    return str(dice[0]) if len(dice) == 1 else f"{'+'.join(map(str, dice))} = {sum(dice)}"


GAME = Disneyland()
