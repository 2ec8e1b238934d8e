"""Alan's Adventureland: the turn message's hooks, citing the rulebook.

Hidden: every Ride card hand, the Bonus card hands, the order of both decks. Public moves:
mats, drafting from the face-up offer, placing the tile of a card already shown. Undoable:
a public step that deals nothing and leaves the same seat to move. Announced: the deal
after the mats, each new turn's offer, Bonus Rounds and their scoring, Final Scoring.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import Rng
from engine.adventureland import data
from engine.core import clone
from tests.engine.table_hooks import Secrets, Tally, check_summary, hooks_playout
from tests.engine.test_adventureland_rules import GAME, at_phase, codes, fresh, play, run_until

State = dict[str, Any]


def scramble(state: State, rng: Rng) -> State:
    """Deal every hidden Ride card (hands and deck) and Bonus card anew, same counts."""
    copy: State = clone(state)
    for hands, deck in (("hands", "deck"), ("bonus_hands", "bonus_deck")):
        cards = rng.shuffled([c for seat in copy["seats"] for c in copy[hands][seat]] + copy[deck])
        for seat in copy["seats"]:
            size = len(copy[hands][seat])
            copy[hands][seat] = sorted(cards[:size])
            del cards[:size]
        copy[deck] = cards
    return copy


def hidden_words(state: State) -> set[str]:
    """Names of rides and Bonus cards that are only in hands or decks right now."""
    seats = state["seats"]
    hidden = {k for s in seats for k in state["hands"][s]} | set(state["deck"])
    shown = set(state["offer"]) | {k for k in state["gaps"] if k} | {state["pending"]}
    shown |= {k for s in seats for k in state["piles"][s]}
    shown |= {t["ride"] for s in seats for t in state["grids"][s].values()}
    names = {data.ATTRACTION_BY_KEY[k].name for k in hidden - shown}
    bonus = {b for s in seats for b in state["bonus_hands"][s]} | set(state["bonus_deck"])
    return names | {data.bonus_name(data.BONUS_BY_ID[b]) for b in bonus}


SECRETS = Secrets(scramble, hidden_words, piles=("deck", "bonus_deck"))


@pytest.fixture(scope="module")
def tally() -> Tally:
    found = Tally()
    for variant in ("bonus-cards", "layout-bonus"):
        for players in (3, 4):
            hooks_playout(GAME, players, 11, SECRETS, found, options={"variant": variant})
    return found


def test_hooks_hold_over_random_games(tally: Tally) -> None:
    """Both variants, 3 and 4 players: the checks of tests/engine/table_hooks.py at every
    step; mats, drafts and tile placements are public, hand moves never are."""
    assert set(tally.public) == {"mat", "draft", "place"}
    assert {"pre", "approve", "build", "bonus"} <= set(tally.private)
    assert set(tally.private) <= {"pre", "approve", "build", "scrap", "bonus"}
    assert set(tally.undoable) == {"draft", "place"}
    assert {"mat", "place", "bonus"} <= set(tally.announces)
    assert set(tally.announces) <= {"mat", "place", "build", "scrap", "bonus"}, "never a draft"
    assert 8 <= tally.largest_group <= 25


def draft_turn(players: int = 3) -> State:
    """Play §1: the first turn's offer, p1 (first player) to draft."""
    state = run_until(fresh(players), lambda s: s["phase"] == "draft")
    assert GAME.to_move(state) == ["p1"]
    return state


def test_play_2_drafting_from_the_face_up_offer_is_public() -> None:
    """Play §1–2: the offer is dealt face up, so every draft is a public button."""
    state = draft_turn()
    assert GAME.public_moves(state, "p1") == GAME.legal_moves(state, "p1")
    offered = {data.ATTRACTION_BY_KEY[k].name for k in state["offer"]}
    for move in GAME.public_moves(state, "p1"):
        assert move.label.startswith("Draft ")
        assert any(name in move.label for name in offered)


@pytest.mark.parametrize("variant", ["bonus-cards", "layout-bonus"])
def test_setup_7b_pre_build_comes_from_the_hand_and_is_private(variant: str) -> None:
    """Setup §7b (Bonus Card Variant), §6b (Layout Bonus Variant): the pre-built card is
    chosen from a hand dealt face down; its tile is then placed openly."""
    state = run_until(fresh(3, variant), lambda s: s["phase"] == "pre")
    seat = GAME.to_move(state)[0]
    assert GAME.legal_moves(state, seat) and GAME.public_moves(state, seat) == []
    state = play(state, codes(state)[0])
    assert GAME.public_moves(state, seat) == GAME.legal_moves(state, seat)
    assert all(m.code.startswith("place:") for m in GAME.public_moves(state, seat))


def test_layout_variant_3_themed_mats_are_public() -> None:
    """Layout Bonus Variant §3: each player chooses a themed mat, all face up."""
    state = fresh(3, "layout-bonus")
    assert len(GAME.public_moves(state, "p1")) == len(data.THEMED_MATS)


def test_play_4_and_5_approving_and_building_use_the_hand_so_are_private() -> None:
    """Play §4–5: the approved card and the built card come from the hand; which cards
    and even which approvals are clean would tell the table what the hand holds."""
    state = at_phase(fresh(3), "approve")
    seat = GAME.to_move(state)[0]
    assert GAME.legal_moves(state, seat) and GAME.public_moves(state, seat) == []
    state = at_phase(state, "build")
    seat = GAME.to_move(state)[0]
    assert GAME.legal_moves(state, seat) and GAME.public_moves(state, seat) == []


def test_bonus_round_2_bonus_cards_are_private() -> None:
    """Bonus Round (second printing) §2: the Bonus card is played from a hidden hand."""
    state = run_until(at_phase(fresh(3), "bonus"), lambda s: s["step"] == "bonus")
    seat = GAME.to_move(state)[0]
    assert GAME.legal_moves(state, seat) and GAME.public_moves(state, seat) == []


# ------------------------------------------------------------------- undo


def test_play_3_the_turn_around_draft_and_the_last_draft_are_undoable() -> None:
    """Play §2–4: round 1 goes clockwise, round 2 back from the last player, so p3 drafts
    twice in a row and p1 drafts last and approves first: those drafts may be taken back;
    a draft that hands the turn to another player may not."""
    state = draft_turn()
    order = []
    while state["phase"] == "draft":
        seat = GAME.to_move(state)[0]
        after = play(state, codes(state)[0])
        order.append((seat, GAME.undoable(state, after, seat)))
        state = after
    assert order == [
        ("p1", False),
        ("p2", False),
        ("p3", True),
        ("p3", False),
        ("p2", False),
        ("p1", True),
    ]
    assert state["phase"] == "approve" and GAME.to_move(state) == ["p1"]


def test_play_5_a_built_card_is_shown_so_it_is_not_undoable() -> None:
    """Play §5: the card goes face up on the discard pile; even though the same player
    then places its tile, the table has seen a card from the hand."""
    state = at_phase(fresh(3), "build")
    while state["step"] != "place":
        before, seat = state, GAME.to_move(state)[0]
        state = play(state, codes(state)[0])
        assert not GAME.undoable(before, state, seat)
    assert GAME.to_move(state) == [seat] and state["rng"] == before["rng"]


def test_play_5b_placing_the_tile_ends_the_turn_so_is_not_undoable() -> None:
    """Play §5b then §6: after the tile the next player builds (or the Reset reshuffles)."""
    state = run_until(at_phase(fresh(3), "build"), lambda s: s["step"] == "place")
    seat = GAME.to_move(state)[0]
    after = play(state, codes(state)[0])
    assert GAME.to_move(after) != [seat] and not GAME.undoable(state, after, seat)


def test_bonus_round_1_tile_placed_before_the_bonus_card_is_undoable() -> None:
    """Bonus Round (second printing) §1–2: after building, the same player places the
    tile and then plays a Bonus card: the placement may be taken back until then."""
    state = at_phase(fresh(3), "bonus")
    state["hands"]["p1"] = ["ferris"]  # a ride p1 does not own yet: a new tile to place
    state["queue"] = ["p1", "p2", "p3"]
    assert all(t["ride"] != "ferris" for t in state["grids"]["p1"].values())
    state = play(state, "build:ferris")
    after = play(state, codes(state)[0])
    assert after["step"] == "bonus" and GAME.to_move(after) == ["p1"]
    assert GAME.undoable(state, after, "p1")
    assert not GAME.announces(state, after)
    scored = play(after, codes(after)[0])
    assert GAME.announces(after, scored) and not GAME.undoable(after, scored, "p1")


def test_layout_bonus_round_placing_the_tile_scores_so_is_not_undoable() -> None:
    """Bonus Round §2–3 (Layout Bonus Variant): the tile completes the player's Bonus
    Round, which is scored at once for the table to see."""
    state = run_until(at_phase(fresh(3, "layout-bonus"), "bonus"), lambda s: s["step"] == "place")
    seat = GAME.to_move(state)[0]
    after = play(state, codes(state)[0])
    assert GAME.announces(state, after) and not GAME.undoable(state, after, seat)


# -------------------------------------------------------------- announcements


def test_play_1_and_6_a_new_turn_offer_is_announced() -> None:
    """Play §6 then §1: the last tile of a turn leads to the Reset and a new face-up offer."""
    state = run_until(at_phase(fresh(3), "build"), lambda s: len(s["queue"]) == 1)
    state = run_until(state, lambda s: s["step"] == "place")
    after = play(state, codes(state)[0])
    assert after["phase"] == "draft" and after["turn"] == state["turn"] + 1
    assert GAME.announces(state, after)
    assert after["rng"] != state["rng"], "the approved cards were shuffled back"


def test_play_2_a_plain_draft_is_not_news() -> None:
    """Play §2: one draft changes only the offer and the drafter's hand."""
    state = draft_turn()
    assert not GAME.announces(state, play(state, codes(state)[0]))


def test_layout_variant_the_deal_after_the_mats_is_announced() -> None:
    """Layout Bonus Variant §3 then §5: the last mat taken, everyone is dealt six cards."""
    state = play(fresh(3, "layout-bonus"), "mat:animal", "mat:america")
    after = play(state, "mat:sky")
    assert after["phase"] == "pre" and GAME.announces(state, after)


def test_play_6_the_bonus_round_start_and_final_scoring_are_announced() -> None:
    """Play §6: the marker back at the Start marker opens a Bonus Round; Bonus Round §4:
    the last one goes to Final Scoring."""
    state = run_until(fresh(3), _next_is_bonus)
    after = play(state, codes(state)[0])
    assert after["phase"] == "bonus" and GAME.announces(state, after)
    state = run_until(after, lambda s: s["bonus_done"] == 3 and s["phase"] == "bonus")
    state = run_until(state, lambda s: len(s["queue"]) == 1 and s["step"] == "bonus")
    final = play(state, codes(state)[0])
    assert final["phase"] == "over" and GAME.announces(state, final)


def _next_is_bonus(state: State) -> bool:
    """The next move ends the last build of the lap (the Bonus Round follows)."""
    if state["phase"] != "build" or len(state["queue"]) != 1:
        return False
    lap_over = (state["first"] + 1) % len(state["seats"]) == state["start"]
    return bool(lap_over and state["step"] == "place")


# -------------------------------------------------------------- the picker


def test_play_4_approvals_are_grouped_by_card_to_fit_one_menu() -> None:
    """Play §4 with 4 players: 8 different cards × 4 empty gaps = 32 approvals, more than
    one menu holds; grouped by card, each group lists the gaps (at most 4)."""
    state = at_phase(fresh(4), "approve")
    seat = GAME.to_move(state)[0]
    keys = [a.key for a in data.ATTRACTIONS if a.type != "family"][:8]
    state["hands"][seat] = keys
    moves = GAME.legal_moves(state, seat)
    assert len(moves) == 32
    groups = Counter(GAME.move_group(state, seat, m) for m in moves)
    assert groups == {f"Approve {data.ATTRACTION_BY_KEY[k].name}": 4 for k in keys}


def test_groups_name_the_action_in_plain_words() -> None:
    """Play §2 and §5: "Draft", then "Build or improve" and "Place the tile"."""
    state = draft_turn()
    assert {GAME.move_group(state, "p1", m) for m in GAME.legal_moves(state, "p1")} == {"Draft"}
    state = at_phase(state, "build")
    seat = GAME.to_move(state)[0]
    groups = {GAME.move_group(state, seat, m) for m in GAME.legal_moves(state, seat)}
    assert groups <= {"Build or improve", "Discard a card"}
    state = run_until(state, lambda s: s["step"] == "place")
    seat = GAME.to_move(state)[0]
    groups = {GAME.move_group(state, seat, m) for m in GAME.legal_moves(state, seat)}
    assert groups == {"Place the tile"}


def test_summary_for_players() -> None:
    """The five-line player summary the bot's start message and /rules show."""
    check_summary(GAME)
    assert len(GAME.summary) == 5
