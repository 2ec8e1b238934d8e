"""Agreeing on the length during a game that has none: the rulebook's Preparation (P5:
"If the players wish, they may agree on the length of the game") and End of the Game
(N1, N2), as RULES.md, "Agreeing on a length during the game", reads them."""

from __future__ import annotations

import json

import pytest

from engine import IllegalMove, Rng
from engine.ai import choose
from engine.disneyland import data, votes
from engine.disneyland.playbook import PLAYBOOK
from tests.engine.disneyland_support import GAME, State, codes, play, rig_dice, table
from tests.engine.robot_support import disneyland_twins, tiny

PROPOSALS = ["propose:now", "propose:5", "propose:10", "propose:20"]
ANSWERS = ["vote:yes", "vote:no", "vote:follow"]


def voting(players: int = 4, proposal: str = "propose:now") -> State:
    """p1 (to roll, round 2, no agreed length) has made ``proposal``."""
    state, _ = play(table(players, length="open"), "p1", proposal)
    return state


def answer(state: State, **ballots: str) -> tuple[State, list[str]]:
    """Each named seat answers (``p2="yes"``); returns the last events."""
    events: list[str] = []
    for seat, choice in ballots.items():
        state, events = play(state, seat, f"vote:{choice}")
    return state, events


def test_preparation_only_a_game_without_an_agreed_length_may_agree_on_one_later() -> None:
    """Preparation (P5): the length is agreed if the players wish; in a game that has
    none the player to move may propose one before rolling, also in Prison; an agreed
    length (rounds or time) is not voted on again."""
    assert codes(table(3, length="open"), "p1") == ["roll", *PROPOSALS]
    prisoner = table(3, length="open")
    prisoner["prison"] = ["p1"]
    assert codes(prisoner, "p1")[-4:] == PROPOSALS
    for agreed in ("rounds-40", "minutes-60"):
        assert not any(c.startswith("propose:") for c in codes(table(3, length=agreed), "p1"))
    assert codes(table(3, length="open"), "p2") == []
    labels = {m.code: m.label for m in GAME.legal_moves(table(3, length="open"), "p1")}
    assert labels["propose:now"] == "Propose to end the game now and count cash plus titles"
    assert labels["propose:10"] == "Propose to end the game after round 12 (10 more rounds)"


def test_preparation_a_proposal_is_made_before_rolling_once_a_turn() -> None:
    """Preparation (P5), RULES.md: before rolling (not after landing), one proposal a turn,
    so a player cannot hold the table up with one proposal after another."""
    state, _ = answer(voting(3), p2="no", p3="no")
    assert codes(state, "p1") == ["roll"]
    landed, _ = play(rig_dice(table(3, length="open"), 3, 3), "p1", "roll")
    assert landed["phase"] == "rent" and codes(landed, "p1") == ["rent", "decline"]
    state, _ = play(rig_dice(state, 1, 1), "p1", "roll", "decline")
    assert codes(state, "p2") == ["roll", *PROPOSALS]


def test_everyone_still_in_answers_secretly_and_may_change_until_the_last() -> None:
    """RULES.md: every other player still in answers; each answer is logged only as "has
    voted"; the public view shows who has answered, a seat's own view its own answer;
    a voter may answer again until the last answer closes the vote."""
    state = voting(4)
    state["out"] = ["p4"]
    state["money"]["p4"] = 0
    assert GAME.to_move(state) == ["p2", "p3"] == GAME.waiting_for(state)
    assert codes(state, "p1") == [] and codes(state, "p4") == []
    assert codes(state, "p2") == ANSWERS
    state, events = play(state, "p2", "vote:no")
    assert events == ["p2 has voted"]
    assert GAME.to_move(state) == ["p2", "p3"] and GAME.waiting_for(state) == ["p3"]
    public = GAME.view(state, None)
    assert public["vote"] == {
        "by": "p1",
        "end": "now",
        "round": 2,
        "result": None,
        "voted": ["p2"],
        "ballots": {},
    }
    assert "ballot" not in public and GAME.view(state, "p2")["ballot"] == "no"
    assert GAME.view(state, "p3")["ballot"] is None
    assert public["phase"] == "Round 2 · Vote on p1's proposal to end the game now: 1 of 2 answered"
    changed, events = play(state, "p2", "vote:yes")
    assert events == ["p2 has voted"], "a change is not announced as a change"
    assert json.dumps(GAME.view(changed, None)) == json.dumps(public)
    assert GAME.view(changed, "p3") == GAME.view(state, "p3")


@pytest.mark.parametrize(
    ("ballots", "agreed"),
    [
        ({"p2": "yes", "p3": "no", "p4": "no"}, False),  # 2 for, 2 against: a tie plays on
        ({"p2": "yes", "p3": "yes", "p4": "no"}, True),
        ({"p2": "no", "p3": "follow", "p4": "follow"}, False),
        ({"p2": "follow", "p3": "follow", "p4": "follow"}, True),  # only the proposer: for
        ({"p2": "no", "p3": "yes", "p4": "follow"}, True),
    ],
)
def test_more_for_than_against_carries_the_proposal(ballots: dict[str, str], agreed: bool) -> None:
    """RULES.md: the proposer counts for; "go with the majority" counts neither way; more
    for than against agrees, a tie plays on. The count names every answer."""
    state, events = answer(voting(4), **ballots)
    assert GAME.is_over(state) is agreed
    assert state["vote"]["result"] == ("agreed" if agreed else "rejected")
    assert events[1].startswith("Vote on ending the game now: ")
    assert events[1].endswith(": agreed" if agreed else ": not agreed, play goes on")
    assert GAME.view(state, None)["vote"]["ballots"] == ballots
    if not agreed:
        assert GAME.to_move(state) == ["p1"] and state["phase"] == "start"


def test_end_of_the_game_agreed_now_is_counted_like_an_agreed_length() -> None:
    """End of the Game (N1): once the players agree to stop, the players still in count
    cash plus titles; most money wins."""
    state = voting(3)
    state["money"]["p3"] += 100
    state["caisse"]["paid"] += 100
    state, events = answer(state, p2="yes", p3="no")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ["p3"]
    assert outcome.reason == (
        "The players agreed to end the game, so the players still in count cash plus "
        "titles: p3 has the most, 1,775 francs."
    )
    assert state["end"] == votes.ENDED_NOW and events[-1] == f"Game over: {outcome.reason}"


def test_end_of_the_game_agreed_rounds_end_after_that_round() -> None:
    """End of the Game (N1) with a length agreed during the game: it ends after the agreed
    round like an agreed number of rounds; the header counts towards it."""
    state, events = answer(voting(2, "propose:5"), p2="yes")
    assert events[-1] == "The game ends after round 7, as the players agreed"
    assert state["agreed"] == 7 and GAME.view(state, None)["rounds_limit"] == 7
    assert GAME.view(state, None)["phase"] == "Round 2 of 7 · p1 to roll"
    state["round"] = 7
    state, _ = play(rig_dice(state, 1, 1, 1, 2), "p1", "roll", "decline")
    state, _ = play(state, "p2", "roll", "decline")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason.startswith("7 rounds played, as the players agreed, so the players")


def test_a_later_vote_may_change_the_agreed_round() -> None:
    """Preparation (P5): the players may agree again; the answer against keeps the round
    already agreed, and a proposal of that same round is not offered."""
    state, _ = answer(voting(2, "propose:5"), p2="yes")
    state["round"] = 3
    assert "propose:5" in codes(state, "p1")
    state["round"] = 2
    state["vote"]["round"] = 1
    assert "propose:5" not in codes(state, "p1"), "round 7 is agreed already"
    state, _ = play(state, "p1", "propose:10")
    labels = [m.label for m in GAME.legal_moves(state, "p2")]
    assert labels == [
        "Vote for ending the game after round 12",
        "Vote against: keep round 7",
        "Go with the majority of the others",
    ]
    state, _ = answer(state, p2="yes")
    assert state["agreed"] == 12


def test_house_rule_none_keeps_its_cap_and_votes_only_for_earlier_ends() -> None:
    """RULES.md, House rules: with ``length: none`` the game is counted after round 100
    anyway, so only proposals that end it earlier are offered."""
    state = table(2, length="none", round_=88)
    assert [c for c in codes(state, "p1") if c.startswith("propose:")] == [
        "propose:now",
        "propose:5",
        "propose:10",
    ]
    state, _ = answer(voting(2, "propose:5"), p2="yes")
    assert GAME.view(state, None)["rounds_limit"] == 7


def test_votes_are_moves_checked_like_any_other() -> None:
    """docs/ARCHITECTURE.md §2: only the voters answer, only with the three answers, only
    while a vote is open; proposals only from the player to move."""
    state = voting(3)
    with pytest.raises(IllegalMove):
        GAME.play(state, "p1", "vote:yes")
    with pytest.raises(IllegalMove):
        GAME.play(state, "p2", "vote:maybe")
    with pytest.raises(IllegalMove):
        GAME.play(state, "p2", "roll")
    with pytest.raises(IllegalMove):
        GAME.play(table(3, length="open"), "p2", "propose:now")
    with pytest.raises(IllegalMove):
        GAME.play(table(3, length="open"), "p1", "propose:7")
    with pytest.raises(IllegalMove):
        GAME.play(table(3, length="open"), "p1", "vote:yes")


def test_a_game_saved_before_votes_loads_and_plays_on() -> None:
    """A stored game from before the votes and the Prison option (no ``vote``, ``agreed``
    or ``prison``) loads: nothing voted, a 5 on either die, its own length kept."""
    state = table(2, length="none")
    for key in ("vote", "agreed"):
        del state[key]
    del state["options"]["prison"]
    loaded = GAME.load(json.loads(json.dumps(state)))
    assert loaded["vote"] is None and loaded["agreed"] is None
    assert loaded["options"] == {"length": "none", "prison": "either"}
    assert GAME.view(loaded, None)["rounds_limit"] == data.LAST_STANDING_ROUNDS
    assert codes(loaded, "p1")[0] == "roll"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_robots_never_propose_and_go_with_the_majority(level: str) -> None:
    """RULES.md: the length is the people's to agree; robots never propose one and answer
    "go with the majority", at every level, whatever the others answered."""
    book = tiny(GAME, iterations=4)
    start = table(3, length="open")
    assert choose(GAME, start, "p1", Rng(1), level, book) == "roll"
    assert not any(
        m.code.startswith("propose:")
        for m in PLAYBOOK.choices(start, "p1", GAME.legal_moves(start, "p1"), True)
    )
    state, _ = play(voting(3), "p2", "vote:no")
    for twin in [state, *disneyland_twins(state, "p3", Rng(2))]:
        assert choose(GAME, twin, "p3", Rng(3), level, book) == "vote:follow"


def test_a_robot_cannot_learn_the_other_answers() -> None:
    """Secrets (docs/ARCHITECTURE.md §2): a robot's knowledge of an open vote holds its own
    answer and who else answered, never what; states sampled from it are ones it could be
    in."""
    state, _ = answer(voting(4), p2="no", p3="follow")
    twin = [t for t in disneyland_twins(state, "p4", Rng(5)) if t["vote"] != state["vote"]]
    assert twin, "a twin with another answer of p2 or p3"
    known = PLAYBOOK.knowledge(state, "p4")
    assert known == PLAYBOOK.knowledge(twin[0], "p4")
    assert known["vote"]["ballots"] == {} and known["answered"] == ["p2", "p3"]
    mine = PLAYBOOK.knowledge(state, "p2")
    assert mine["vote"]["ballots"] == {"p2": "no"} and mine["answered"] == ["p3"]
    sample = PLAYBOOK.sample(known, "p4", Rng(6))
    assert GAME.view(sample, "p4") == GAME.view(state, "p4")
    assert GAME.waiting_for(sample) == ["p4"] and GAME.legal_moves(sample, "p4") == (
        GAME.legal_moves(state, "p4")
    )
