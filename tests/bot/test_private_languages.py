"""What one person reads privately is in their own language: the move
picker, the private view's answer, move confirmations, the refusals of the gate, the policy
and the game service, the answers to damaged buttons, autocomplete; and the components of
every message are said in the language they are built for.

In the pseudo-language (``en-XA``: every catalog string accented, a third longer, between
⟦ ⟧) a visible string with two plain ASCII letters in a row, once names, links and game
codes are set aside, did not come through a catalog, and the test names it. Player names
here are in other scripts, so a name never reads as English. In French, every such string
must differ from its English. Discord's limits (labels, placeholders, options) must hold
after the words were said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.chat import options
from bot.chat.access import policy
from bot.chat.handlers import picker
from bot.chat.handlers.moves import took_back
from bot.chat.presenter import shown_moves
from bot.chat.views import components
from bot.chat.views.components import Menu
from bot.chat.views.messages import not_your_turn
from bot.common import bounds
from bot.common.errors import UserError
from bot.store import GameRow, Seat
from bot.table import service
from bot.table.service import MoveResult
from engine import Rng, State, get_game
from engine.text import Text, tx
from i18n import PSEUDO, SOURCE, Lang, lang
from tests.bot.double.limits import component_problems
from tests.bot.double.models import iter_components
from tests.bot.harness import Harness

GAMES = ("adventureland", "imagineers", "disneyland", "troolpark")
#: Seat ids as Discord's, and names in scripts with no ASCII letter.
SEATS = ("111111111111111111", "222222222222222222", "333333333333333333", "444444444444444444")
NAMES = dict(zip(SEATS, ("Дима", "花子", "Ελένη", "Юля"), strict=True))
#: Two plain ASCII letters in a row: words that did not come through a catalog.
WORD = re.compile(r"[A-Za-z]{2}")
LINK = re.compile(r"https?://\S+")
#: The word Babel joins the last two items of a list with: the pseudo-language is written
#: the English way (« and »), French « et ».
LIST_AND = " and "
PSEUDO_LANG, FRENCH, ENGLISH = lang(PSEUDO), lang("fr"), lang(SOURCE)


def unsaid(strings: Iterable[str], where: str, exempt: Iterable[str] = ()) -> list[str]:
    """The strings that did not come through a catalog (said in the pseudo-language): two
    ASCII letters in a row once names, links, ``exempt`` (codes) and Babel's list word
    are taken out, or letters and no pseudo mark (a clipped string loses its closing
    one)."""
    problems = []
    for string in strings:
        rest = LINK.sub("", string).replace(LIST_AND, " ")
        for name in sorted([*NAMES.values(), *exempt], key=len, reverse=True):
            rest = rest.replace(name, "")
        marked = "⟦" in rest
        if WORD.search(rest) or (any(c.isalpha() for c in rest) and not marked):
            problems.append(f"{where}: {string!r}")
    return problems


def visible(view: discord.ui.View) -> list[str]:
    """Every string of a message's components a person reads."""
    found = []
    for item in iter_components(view.to_components()):
        for key in ("label", "placeholder"):
            if item.get(key):
                found.append(str(item[key]))
        for option in item.get("options") or []:
            found += [str(option[k]) for k in ("label", "description") if option.get(k)]
    return [s for s in found if s != "-"]  # an empty menu's filler option


def row_for(slug: str, players: int, state: State) -> GameRow:
    seats = [Seat(id=s, name=NAMES[s]) for s in SEATS[:players]]
    return GameRow(
        id=42,
        guild_id=1,
        channel_id=2,
        slug=slug,
        status="active",
        host_id=SEATS[0],
        seats=seats,
        seed=3,
        options={},
        snapshot=get_game(slug).dump(state),
        version=7,
        lobby_message_id=None,
        created_at=0.0,
        started_at=0.0,
        finished_at=None,
    )


def moments(slug: str, players: int, seed: int, every: int) -> Iterable[State]:
    """A game's states every ``every`` steps, from the deal to its end (random legal moves,
    some the easy robot's, so plans get finished)."""
    game = get_game(slug)
    state = game.setup(list(SEATS[:players]), seed, None)
    rng = Rng.from_seed(seed)
    for step in range(4000):
        if step % every == 0:
            yield state
        if game.outcome(state) is not None:
            return
        seat = rng.choice(game.waiting_for(state) or game.to_move(state))
        moves = game.legal_moves(state, seat)
        code = (
            game.ai_move(state, seat, Rng(rng.next_u64()), "easy")
            if rng.below(2)
            else rng.choice(moves).code
        )
        state, _ = game.play(state, seat, code)


def picker_pages(row: GameRow, seat: str, said: Lang) -> Iterable[tuple[str, str, discord.ui.View]]:
    """Every first page of the picker of ``seat``: the actions, then each action's moves."""
    text, view = picker.page_of(row, seat, "top0", lang=said)
    yield "top0", text, view
    actions = next(i for i in iter_components(view.to_components()) if i.get("type") == 3)
    for option in actions["options"]:
        where = option["value"]
        if where.startswith("g"):
            text, view = picker.page_of(row, seat, where, lang=said)
            yield where, text, view


@pytest.mark.parametrize("slug", GAMES)
def test_the_picker_says_every_word_in_the_readers_language(slug: str) -> None:
    """My moves, in every game at its smallest and largest table from the deal to the end:
    the page's text, the actions and moves menus and the buttons, each string from a
    catalog (the pseudo-language), French in French, within Discord's limits."""
    game = get_game(slug)
    problems: list[str] = []
    pages = 0
    for players in sorted({game.min_players, game.max_players}):
        for state in moments(slug, players, seed=players, every=9):
            row = row_for(slug, players, state)
            for seat in game.to_move(state):
                if not game.legal_moves(state, seat):
                    continue
                english = {w: (t, v) for w, t, v in picker_pages(row, seat, ENGLISH)}
                for where, text, view in picker_pages(row, seat, PSEUDO_LANG):
                    pages += 1
                    place = f"{slug} {players}p {seat[:3]} {where}"
                    problems += unsaid([text, *visible(view)], place)
                    problems += [f"{place}: {p}" for p in component_problems(view.to_components())]
                for where, text, view in picker_pages(row, seat, FRENCH):
                    words = [text, *visible(view)]
                    before = [english[where][0], *visible(english[where][1])]
                    problems += [
                        f"{slug} {where}: still English in French: {w!r}"
                        for w, b in zip(words, before, strict=True)
                        if w == b and WORD.search(w)
                    ]
                    problems += component_problems(view.to_components())
    assert pages > 20, "the picker was opened in many positions"
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:30])


def board_row() -> tuple[GameRow, State]:
    state = get_game("disneyland").setup(list(SEATS[:2]), 5, None)
    return row_for("disneyland", 2, state), state


def message_views(said: Lang) -> dict[str, discord.ui.View]:
    """Every kind of message's components, built for a reader of ``said``."""
    row, state = board_row()
    game = get_game("disneyland")
    seat = game.to_move(state)[0]
    moves = shown_moves(game.legal_moves(state, seat), row.names, lang=said)
    # More than buttons hold: the public menu.
    many = [m._replace(code=f"{m.code}:{i}") for i in range(20) for m in moves]
    spec = game.options[0]
    menu = Menu(spec.name, spec.description, [(v, spec.label(v)) for v in spec.choices], "open")
    undo = NAMES[SEATS[1]]
    return {
        "board": components.board_view(row.id, 3, [moves], undo=undo, lang=said),
        "board (menu)": components.board_view(row.id, 3, [many[:25]], undo=None, lang=said),
        "lobby": components.lobby_view(row.id, 0, [menu], lang=said, agree=True),
        "rules": components.rules_view("disneyland", lang=said),
        "final": components.final_view(row.id, lang=said),
        "idle vote": components.idle_view(row.id, 3, lang=said),
        "leave": components.leave_view(row.id, lang=said),
        "picker (pages)": components.picker_moves(row.id, 3, 0, moves, 1, 3, lang=said),
    }


def test_every_message_s_components_are_said_in_the_language_they_are_built_for() -> None:
    pseudo = message_views(PSEUDO_LANG)
    problems = [p for name, view in pseudo.items() for p in unsaid(visible(view), name)]
    for name, view in [*pseudo.items(), *message_views(FRENCH).items()]:
        problems += [f"{name}: {p}" for p in component_problems(view.to_components())]
    english, french = message_views(ENGLISH), message_views(FRENCH)
    for name, view in french.items():
        same = [w for w, e in zip(visible(view), visible(english[name]), strict=True) if w == e]
        problems += [f"{name}: still English in French: {w!r}" for w in same if WORD.search(w)]
    assert not problems, "\n".join(problems)
    assert "Mes coups" in visible(french["board"]) and "↩ Annuler (花子)" in visible(
        french["board"]
    )


def refusals() -> list[tuple[str, Callable[[], object]]]:
    """Ways a person's request is refused, without Discord: each raises a UserError."""
    row, _ = board_row()
    lobby = replace(row, status="lobby", snapshot=None)

    def channel_less() -> object:
        interaction: Any = type("Interaction", (), {"channel_id": None})()
        return options.channel_id(interaction)

    return [
        ("a code that is none", lambda: options.code("not a code")),
        ("out of bounds", lambda: bounds.within(0, 1, 2**31 - 1, tx("The game number"))),
        ("not a choice", lambda: bounds.one_of("chess", GAMES, tx("game"))),
        ("too many numbers", lambda: options.numbers("1 2 3 4", 1, 40, 3)),
        ("a number too high", lambda: options.numbers("41", 1, 40, 3)),
        ("no channel", channel_less),
        ("not started", lambda: service.state_of(lobby)),
        ("second rematch", lambda: _raise(service.rematch_taken(row))),
        ("not your turn", lambda: _raise(not_your_turn([NAMES[SEATS[1]], NAMES[SEATS[2]]]))),
        ("not your turn (service)", lambda: _raise(service.NotYourTurn(["x"]))),
        ("not your step", lambda: _raise(service.NotYourStep("x"))),
    ]


def _raise(error: str | Exception) -> None:
    raise error if isinstance(error, Exception) else UserError(error)


def refusal_words() -> list[tuple[str, str]]:
    """Every refusal's words (what a UserError carries): the cases above, and each
    sentence the policy, the service and the components keep ready."""
    found: list[tuple[str, str]] = []
    for name, refuse in refusals():
        with pytest.raises(UserError) as refused:
            refuse()
        found.append((name, refused.value.args[0]))
    for module in (policy, service, components):
        found += [
            (f"{module.__name__}.{key}", value)
            for key, value in vars(module).items()
            if key.isupper() and isinstance(value, str) and " " in value
        ]
    return found


def test_every_refusal_is_a_text_the_reader_s_language_says() -> None:
    """The gate's, the policy's, the service's and the bounds' refusals are texts: a
    French player reads them in French once the answer says them in their language."""
    problems = []
    for name, words in refusal_words():
        if not isinstance(words, Text):
            problems.append(f"{name}: not a text: {words!r}")
            continue
        problems += unsaid([PSEUDO_LANG.say(words)], name, exempt=["x", *GAMES])
        if FRENCH.say(words) == ENGLISH.say(words):
            problems.append(f"{name}: still English in French: {words!r}")
    assert len(refusal_words()) > 30
    assert not problems, "\n".join(problems)


def test_taking_a_step_back_tells_its_player_in_theirs_and_the_table_in_its_own() -> None:
    row, state = board_row()
    game = get_game("disneyland")
    seat = game.to_move(state)[0]
    label = next(m.label for m in game.legal_moves(state, seat) if m.code == "roll")
    result = MoveResult(row=row, state=state, labels=[label], taken=[label])
    ack, headline = took_back(result, seat, mine=FRENCH, table=PSEUDO_LANG)
    assert ack.startswith("↩ Annulé") and FRENCH.say(label) in ack
    assert not unsaid([headline], "the table's line"), headline
    ack, headline = took_back(result, seat, mine=PSEUDO_LANG, table=FRENCH)
    assert not unsaid([ack], "the player's answer"), ack
    assert "a annulé une action" in headline


# ---------- through Discord: two players of one table, in two languages ----------


def readers_answer(result: Any) -> str:
    """Everything an answer shows: its text and its components' words."""
    record = result.original
    assert record is not None, f"no answer to {result.name}"
    words = [record.text]
    for item in iter_components(record.components):
        words += [str(item[k]) for k in ("label", "placeholder") if item.get(k)]
        words += [str(o["label"]) for o in item.get("options") or []]
    return "\n".join(words)


async def test_each_player_reads_their_own_answers_in_their_language(harness: Harness) -> None:
    """alice's Discord is in French, bob's in English, at one Disneyland table: the picker,
    the private view's answer, the answer to a damaged button and /play's suggestions come
    to each in their language."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"], seed=11)
    d.world.user(d.ids["alice"]).locale = "fr"  # her client types the French names
    row, _ = await harness.state(channel)
    alice, bob = d.ids["alice"], d.ids["bob"]
    french = {alice: True, bob: False}
    board = await harness.board(channel)

    for user, in_french in french.items():
        hand = await d.click(user, board, f"ts:table:{row.id}:hand")
        expected = "Vous seul voyez ceci." if in_french else "Only you can see this."
        assert hand.ephemeral and expected in hand.content, hand.content
        damaged = await d.forge_click(user, board, f"ts:move:{row.id}:x")
        expected = "Ce bouton est illisible" if in_french else "This button cannot be read"
        assert damaged.ephemeral and damaged.content.startswith(expected), damaged.content

    seen: dict[int, str] = {}
    for _ in range(30):  # until each has opened the picker on their own turn
        mover = int(await harness.mover(channel))
        if mover not in seen:
            board = await harness.board(channel)
            opened = await d.click(mover, board, f"ts:table:{row.id}:moves")
            assert opened.ephemeral
            seen[mover] = readers_answer(opened)
            play, move = ("jouer", "coup") if french[mover] else ("play", "move")
            choices = await d.autocomplete(mover, channel, play, {move: ""}, focused=move)
            assert choices, "suggestions of the mover's moves"
            names = [c["name"] for c in choices]
            seen[mover] += "\n" + "\n".join(names)
        if len(seen) == 2:
            break
        _, state = await harness.state(channel)
        code = get_game("disneyland").legal_moves(state, str(mover))[0].code
        play, move = ("jouer", "coup") if french[mover] else ("play", "move")
        played = await d.slash(mover, channel, play, **{move: code})
        assert played.response is not None
    assert set(seen) == {alice, bob}
    assert "Vos coups — vous êtes" in seen[alice] and "Your moves" not in seen[alice]
    assert "Lancer un seul dé" in seen[alice], seen[alice]
    assert "Your moves — you are" in seen[bob] and "Vos coups" not in seen[bob]
    assert "Roll one die" in seen[bob], seen[bob]
