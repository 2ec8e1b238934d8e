"""The turn message's hooks: public buttons, picker groups, undo, news.

Hidden in Imagineers (RULES.md decision 19): every hand tile, both sides, and the tile
being played; the hidden side of each stack's top tile and all tiles below it; the order
of both decks; a tile discarded for a staff action. The random games below re-deal all of
that (``scramble``) and check that nothing a player may not see changes what the public
buttons say, and that a step that can be taken back teaches nobody anything.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.core import Rng, clone
from engine.imagineers import GAME
from engine.imagineers.data import EVENTS_BY_ID, TILES
from tests.engine.test_imagineers_kit import (
    State,
    build,
    calm,
    codes,
    guests,
    hand,
    play,
    started,
    tile_of,
    turn_of,
)

#: One Discord select menu: the most options a picker group may hold.
MENU = 25
PUBLIC = {"entrance", "move", "order", "take", "back"}
PRIVATE = {"tile", "build", "upgrade", "staff", "guest", "to"}
#: Steps after which the mover is still to move and nothing hidden was drawn or shown.
UNDOABLE = {"tile", "back", "staff", "guest", "to", "move", "order"}


def verb(code: str) -> str:
    return code.partition(":")[0]


def public_json(state: State) -> str:
    return json.dumps(GAME.view(state, None), sort_keys=True)


def private_part(state: State, seat: str) -> dict[str, Any]:
    """What ``seat``'s view shows beyond the public view."""
    public = GAME.view(state, None)
    return {k: v for k, v in GAME.view(state, seat).items() if public.get(k) != v}


def face_up_names(state: State) -> set[str]:
    """Tile sides anyone can see: rides in the park, tracks on coaster boards, the face-up
    side of each stack's top tile."""
    names = {TILES[b[0]].attraction.name for b in state["built"] if b is not None}
    for player in state["players"].values():
        names |= {TILES[t].coaster.name for t in player["upgrades"] if t is not None}
    if state["stacks"]["attraction"]:
        names.add(TILES[state["stacks"]["attraction"][-1]].attraction.name)
    if state["stacks"]["coaster"]:
        names.add(TILES[state["stacks"]["coaster"][-1]].coaster.name)
    return names


def hidden_words(state: State) -> set[str]:
    """Every tile name not face up now (hands, stacks, the box) and every Event card
    still in the deck."""
    names = {t.attraction.name for t in TILES} | {t.coaster.name for t in TILES}
    events = {EVENTS_BY_ID[card].name for card in state["event_deck"]}
    return (names - face_up_names(state)) | events


def without(text: str, names: set[str]) -> str:
    """``text`` with these names cut out, longest first ("Vertical Drop" is part of
    another track's name)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def scramble(state: State, rng: Rng, keep: str | None = None) -> State:
    """A copy with everything hidden from ``keep`` (``None``: from everyone) dealt anew:
    the other hands (the tile being played follows its place in the hand), the stacks
    below their tops, both decks and the rng."""
    copy: State = clone(state)
    holders = [seat for seat in copy["seats"] if seat != keep]
    pending = copy["pending"].get("tile")
    mover = copy["queue"][0] if copy["queue"] else None
    place = None
    if pending is not None and mover in holders:
        place = copy["players"][mover]["hand"].index(pending)
    pool = [t for seat in holders for t in copy["players"][seat]["hand"]]
    for stack in copy["stacks"].values():
        pool += stack[:-1]
    rng.shuffle(pool)
    for seat in holders:
        tiles = copy["players"][seat]["hand"]
        tiles[:], pool = pool[: len(tiles)], pool[len(tiles) :]
    for stack in copy["stacks"].values():
        below = max(len(stack) - 1, 0)
        stack[:below], pool = pool[:below], pool[below:]
    if place is not None:
        copy["pending"]["tile"] = copy["players"][mover]["hand"][place]
    rng.shuffle(copy["movement_deck"])
    rng.shuffle(copy["event_deck"])
    copy["rng"] = rng.next_u64()
    return copy


def check_position(state: State, rng: Rng, seen: Counter[str], largest: list[int]) -> None:
    """Public moves: legal, unchanged by a re-deal of the hidden, naming nothing hidden.
    Groups: each fits one menu, and so does the list of groups."""
    twin = scramble(state, rng)
    assert public_json(twin) == public_json(state), "the re-deal changes only the hidden"
    words, shown_names = hidden_words(state), face_up_names(state)
    for seat in GAME.seats(state):
        legal = GAME.legal_moves(state, seat)
        public = GAME.public_moves(state, seat)
        assert set(public) <= set(legal)
        assert GAME.public_moves(twin, seat) == public, "public moves show nothing hidden"
        for move in public:
            text = without(f"{move.code} {move.label}", shown_names)
            assert not any(word in text for word in words), move
        shown = {m.code for m in public}
        for move in legal:
            seen[("public " if move.code in shown else "private ") + verb(move.code)] += 1
        groups = Counter(GAME.move_group(state, seat, move) for move in legal)
        assert len(groups) <= MENU and max(groups.values(), default=0) <= MENU, groups
        largest[0] = max(largest[0], *groups.values(), 0)


def check_step(before: State, seat: str, code: str, after: State, rng: Rng) -> bool:
    """Undo and news of one step; whether it was undoable."""
    undoable = GAME.undoable(before, after, seat)
    assert undoable == (verb(code) in UNDOABLE), (code, undoable)
    news = GAME.announces(before, after)
    public_before, public_after = GAME.view(before, None), GAME.view(after, None)
    assert news == (public_after["round"] != public_before["round"] or public_after["over"])
    if not undoable:
        return False
    assert not news
    assert after["rng"] == before["rng"], "no chance drawn"
    for pile in ("stacks", "movement_deck", "event_deck"):
        assert after[pile] == before[pile], f"nothing drawn from {pile}"
    for other in GAME.seats(before):
        if other != seat:
            assert private_part(after, other) == private_part(before, other)
    # Nobody learns anything new: whatever else is hidden from the mover, the same code
    # gives the same public view and the same view for the mover.
    twin_before = scramble(before, rng, keep=seat)
    twin_after, _ = GAME.play(twin_before, seat, code)
    assert public_json(twin_after) == public_json(after)
    assert GAME.view(twin_after, seat) == GAME.view(after, seat)
    return True


@pytest.mark.parametrize("side", ["day", "night"])
def test_hooks_hold_over_random_games(side: str) -> None:
    """Random complete games, 2–4 players: every position and every step checked."""
    seen: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    largest = [0]
    for players in (2, 3, 4):
        for seed in (1, 2):
            state = GAME.setup([f"p{i}" for i in range(1, players + 1)], seed, {"side": side})
            rng = Rng.from_seed(seed * 31 + players)
            while not GAME.is_over(state):
                check_position(state, rng, seen, largest)
                seat = GAME.to_move(state)[0]
                code = rng.choice(GAME.legal_moves(state, seat)).code
                after, _ = GAME.play(state, seat, code)
                undone = check_step(state, seat, code, after, rng)
                steps[("undoable " if undone else "final ") + verb(code)] += 1
                state = after
    assert {verb for kind, _, verb in (k.partition(" ") for k in seen) if kind == "public"} == (
        PUBLIC
    )
    assert {verb for kind, _, verb in (k.partition(" ") for k in seen) if kind == "private"} == (
        PRIVATE
    )
    assert {k.partition(" ")[2] for k in steps if k.startswith("undoable")} == UNDOABLE
    assert 0 < largest[0] <= MENU


# ------------------------------------------------------------------ public moves


def my_turn(players: int = 2) -> State:
    """p1 about to play a tile in a calm round, holding tiles 15 and 41."""
    return hand(calm(turn_of(started(players), "p1")), "p1", 15, 41)


def test_game_setup_10_choosing_an_entrance_space_is_public() -> None:
    """Game Setup 10: players choose a red space in turn; the whole choice is on the board."""
    state = GAME.setup(["p1", "p2", "p3"], 4)
    seat = GAME.to_move(state)[0]
    assert GAME.public_moves(state, seat) == GAME.legal_moves(state, seat)
    assert all(verb(m.code) == "entrance" for m in GAME.public_moves(state, seat))


def test_1_playing_a_tile_from_the_hand_is_private() -> None:
    """1. Play One Park Tile: the choice names the hand's tiles, so it is never a button."""
    state = my_turn()
    legal = GAME.legal_moves(state, "p1")
    assert [m.code for m in legal] == ["tile:15", "tile:41"]
    assert TILES[15].attraction.name in legal[0].label
    assert GAME.public_moves(state, "p1") == []


def test_1abc_using_the_tile_is_private_except_going_back() -> None:
    """1A–1C: building, upgrading and staff labels name the tile, and which builds are
    offered depends on its cost; only "go back" shows nothing of it."""
    cheap = tile_of("Y", 1)
    expensive = tile_of("Y", 6)
    state = hand(my_turn(), "p1", cheap, expensive)
    state["players"]["p1"]["money"] = 3
    on_cheap, _ = play(state, "p1", f"tile:{cheap}")
    on_expensive, _ = play(state, "p1", f"tile:{expensive}")
    assert any(c.startswith("build:") for c in codes(on_cheap, "p1"))
    assert not any(c.startswith("build:") for c in codes(on_expensive, "p1"))
    for after, tid in ((on_cheap, cheap), (on_expensive, expensive)):
        public = GAME.public_moves(after, "p1")
        assert [m.code for m in public] == ["back"]
        names = {TILES[t].attraction.name for t in (cheap, expensive)}
        names |= {TILES[t].coaster.name for t in (cheap, expensive)}
        assert not any(name in public[0].label for name in names)
        private = [m for m in GAME.legal_moves(after, "p1") if m not in public]
        assert all(TILES[tid].attraction.name in m.label for m in private if "staff" in m.code)
    assert GAME.public_moves(on_cheap, "p1") == GAME.public_moves(on_expensive, "p1")


def test_1c_performer_choices_name_the_discard_so_only_going_back_is_public() -> None:
    """1C Performer: the guest and the space are public, but the labels name the tile
    being discarded (a different tile is a different move), so they stay private."""
    state = guests(my_turn(), {1: "RB", 2: "Y"})
    state, _ = play(state, "p1", "tile:15", "staff:performer")
    assert [m.code for m in GAME.public_moves(state, "p1")] == ["back"]
    assert all(TILES[15].attraction.name in m.label for m in GAME.legal_moves(state, "p1")[:-1])
    state, _ = play(state, "p1", "guest:1:R")
    assert [m.code for m in GAME.public_moves(state, "p1")] == ["back"]


def test_2_moving_guests_and_the_drop_order_are_public() -> None:
    """2. Move Guests: the spaces and the drop orders come from the board and the
    Movement card, all face up."""
    state = guests(turn_of(my_turn(), "p1", "move"), {3: "RB", 6: "Y"})
    legal = GAME.legal_moves(state, "p1")
    assert GAME.public_moves(state, "p1") == legal and len(legal) == 2
    state, _ = play(state, "p1", "move:3")
    assert GAME.public_moves(state, "p1") == GAME.legal_moves(state, "p1")
    assert [m.code for m in GAME.public_moves(state, "p1")] == ["order:BR", "order:RB", "back"]


def test_3_taking_a_tile_is_public_and_names_the_face_up_side_only() -> None:
    """3. Take One New Tile: either stack, blind; the label names the side everyone sees,
    and stays the same whatever lies under it or on its back."""
    state = turn_of(my_turn(), "p1", "take")
    public = GAME.public_moves(state, "p1")
    assert public == GAME.legal_moves(state, "p1") and len(public) == 2
    top = state["stacks"]["attraction"][-1]
    assert TILES[top].attraction.name in public[0].label
    assert TILES[top].coaster.name not in public[0].label
    twin = scramble(state, Rng(5))
    assert GAME.public_moves(twin, "p1") == public


# ------------------------------------------------------------------ picker groups


def test_groups_name_each_action_of_step_one() -> None:
    """1A–1C: build, upgrade, staff and going back are separate actions; deconstructing
    an opponent's attraction (Urban Renewal) is its own group."""
    state = build(my_turn(4), 2, tile_of("B", 1), "p2")
    state["event"] = "urban_renewal"
    state["players"]["p1"]["money"] = 10
    state, _ = play(state, "p1", "tile:15")
    groups = Counter(GAME.move_group(state, "p1", m) for m in GAME.legal_moves(state, "p1"))
    assert set(groups) == {
        "Build an attraction",
        "Replace an opponent's attraction",
        "Upgrade your coaster",
        "Staff action (discard the tile)",
        "Go back",
    }
    assert groups["Replace an opponent's attraction"] == 1
    assert groups["Upgrade your coaster"] == 4  # 3–4 player side: four slots


def test_groups_fit_one_menu_in_the_most_crowded_positions() -> None:
    """The largest groups possible: 24 guests alone or paired by colour on the Night
    side's 22 spaces (Performer: 24 choices; moving: 22), and the Janitor's 20 spaces
    with the Vendor and the Performer."""
    state = calm(turn_of(started(2, side="night"), "p1"))
    mixed = "YRB" * 8
    layout = {n: mixed[n - 1] for n in range(1, 21)} | {21: mixed[20:22], 22: mixed[22:24]}
    state = guests(hand(state, "p1", 15, 41), layout)
    for phase, group, size in (
        ("move", "Move guests", 22),
        ("performer", "Performer: pick a guest", 24),
        ("action", "Staff action (discard the tile)", 22),
    ):
        turn_of(state, "p1", phase)
        state["pending"] = {"tile": 15} if phase != "move" else {}
        groups = Counter(GAME.move_group(state, "p1", m) for m in GAME.legal_moves(state, "p1"))
        assert groups[group] == size <= MENU, (phase, groups)


# ------------------------------------------------------------------ undo


def undo_check(before: State, seat: str, *codes_: str) -> list[bool]:
    """Whether each step of ``codes_`` is undoable, played one after another."""
    answers = []
    for code in codes_:
        after, _ = GAME.play(before, seat, code)
        answers.append(GAME.undoable(before, after, seat))
        before = after
    return answers


def test_1c_picking_a_tile_a_staff_action_and_going_back_can_be_undone() -> None:
    """1C: the discarded tile stays private, the Vendor, Janitor and Performer draw
    nothing, and the same player goes on to move guests."""
    state = guests(my_turn(), {1: "RB", 2: "Y"})
    assert undo_check(state, "p1", "tile:15", "back", "tile:41", "staff:vendor") == [True] * 4
    assert undo_check(state, "p1", "tile:15", "staff:janitor:2") == [True, True]
    performer = ("tile:15", "staff:performer", "guest:1:R", "back", "guest:1:B", "to:4")
    assert undo_check(state, "p1", *performer) == [True] * 6


def test_2_moving_guests_can_be_undone_even_when_someone_scores() -> None:
    """2. Move Guests, Movement Example: the owner earns $1, the mover happiness; all
    from the open board, so the mover may take it back before taking a tile."""
    state = calm(turn_of(started(4), "p1", "move"))
    state["entrances"] = {}
    state = build(guests(state, {1: "B", 6: "RB"}), 1, 14, "p2")
    after, _ = play(state, "p1", "move:1")
    assert after["players"]["p2"]["money"] == state["players"]["p2"]["money"] + 1
    assert GAME.undoable(state, after, "p1")
    assert undo_check(state, "p1", "move:6", "back", "move:6", "order:RB") == [True] * 4


def test_1a_1b_building_or_upgrading_shows_a_hand_tile_so_is_final() -> None:
    """1A and 1B: the built ride or the laid track was hidden in the hand until now."""
    state = my_turn()
    assert undo_check(state, "p1", "tile:15", "build:1") == [True, False]
    assert undo_check(state, "p1", "tile:41", "upgrade:1") == [True, False]
    after, _ = play(state, "p1", "tile:15", "build:1")
    assert GAME.to_move(after) == ["p1"] and after["rng"] == state["rng"]


def test_3_taking_a_tile_draws_blind_so_is_final() -> None:
    """3. Take One New Tile: the tile is drawn blind and the turn passes."""
    state = turn_of(my_turn(), "p1", "take")
    assert undo_check(state, "p1", "take:attraction") == [False]


def test_ending_the_round_with_the_same_first_player_is_final_and_announced() -> None:
    """Ending the Round: the last player, furthest back on fame, takes a tile and opens
    the next round: still their turn and no rng drawn, but the tile and the new round's
    cards came from face-down piles."""
    state = calm(started(2))
    state["queue"], state["phase"] = ["p2"], "take"
    state["players"]["p1"]["fame"] = 5
    after, _ = play(state, "p2", "take:coaster")
    assert GAME.to_move(after) == ["p2"] and after["round"] == state["round"] + 1
    assert after["rng"] == state["rng"]
    assert not GAME.undoable(state, after, "p2")
    assert GAME.announces(state, after)


def test_game_setup_10_11_the_last_entrance_deals_hands_and_opens_round_one() -> None:
    """Game Setup 10–11 and Game Play: the first player places the last entrance, then
    hands are dealt and round 1's cards shown: still their turn, yet final, and news."""
    state = GAME.setup(["p1", "p2"], 3)
    first = GAME.to_move(state)[0]
    after, _ = play(state, first, GAME.legal_moves(state, first)[0].code)
    assert not GAME.undoable(state, after, first) and not GAME.announces(state, after)
    last = GAME.to_move(after)[0]
    final, _ = play(after, last, GAME.legal_moves(after, last)[0].code)
    assert GAME.to_move(final) == [last] and final["round"] == 1
    assert not GAME.undoable(after, final, last)
    assert GAME.announces(after, final)


def test_only_the_mover_may_undo_its_step() -> None:
    state = my_turn()
    after, _ = play(state, "p1", "tile:15")
    assert GAME.undoable(state, after, "p1") and not GAME.undoable(state, after, "p2")


# ------------------------------------------------------------------ news


def test_steps_within_a_turn_and_a_new_turn_are_not_announced() -> None:
    """Within a turn the turn message is edited; a change of player posts anyway."""
    state = guests(my_turn(), {1: "RB"})
    for code in ("tile:15", "build:1", "move:1", "order:RB", "take:coaster"):
        after, _ = play(state, "p1", code)
        assert not GAME.announces(state, after), code
        state = after
    assert GAME.to_move(state) == ["p2"]


def test_game_end_is_announced() -> None:
    """Game End: the round of the Last Round card ends the season."""
    state = calm(started(2))
    state["final_round"] = True
    state["queue"], state["phase"] = ["p2"], "take"
    after, _ = play(state, "p2", "take:attraction")
    assert GAME.is_over(after) and GAME.announces(state, after)
    assert not GAME.undoable(state, after, "p2")


# ------------------------------------------------------------------ summary


def test_summary_is_five_short_lines_on_winning_and_a_turn() -> None:
    """The five-line player summary: how to win and the three steps of a turn."""
    lines = GAME.summary
    assert len(lines) == 5
    for line in lines:
        assert 20 <= len(line) <= 120 and line == line.strip(), line
    assert "fame" in lines[0] and "win" in lines[0].lower()
    for step in ("tile", "guests", "draw"):
        assert any(step in line for line in lines[2:]), step
