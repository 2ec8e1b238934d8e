"""What the whole table reads is in the table's language: turn messages, the
start, final and lobby cards, the lobby's one line, thread names, reminders and idle
notices, replays; leaderboards and profiles in the language of who asked.

Each builder is rendered in the pseudo-language (``en-XA``: every catalog string
accented and bracketed), where any run of two ASCII letters did not come through a
catalog and is named; players' names here are in other scripts, so only game titles,
link targets and mentions are exempt (numbers have no letters). The same outputs in
French are French. Then a table whose stored language is French, through the real
client and the Discord double: its start card, turn messages, board pictures (checked
through the renderer's text layer and byte for byte), final card and lobby line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

import discord
import pytest

import renders
from bot.chat import presenter
from bot.chat.delivery import Post
from bot.chat.handlers.attendance import Attendance
from bot.chat.handlers.replays import Replays
from bot.chat.language import own_name
from bot.chat.views import cards, messages, standings
from bot.common.ratings import Rating, Standing, TitleProfile, robot_player
from bot.store import GameRow, LoggedMove, Seat, TitleStats
from bot.table import replay_worker
from bot.table.service import public_view
from engine import GAMES, Rng, State, get_game
from engine.text import tx
from i18n import LANGUAGES, PSEUDO, lang
from renders import replay, text
from tests.bot.harness import Harness
from tests.bot.test_threads import lobby_message, lobby_with, play_out

XA, FR, EN = lang(PSEUDO), lang("fr"), lang("en")
#: Players' names with no ASCII letter, so a name never reads as an English word.
NAMES = ("Дима", "花子", "Ελένη", "Юля", "Σοφία")
#: Proper names, never translated: the games' titles, and each language's own name (a
#: menu of languages shows every language in its own words).
TITLES = sorted(
    [*(get_game(slug).title for slug in GAMES), *(own_name(code) for code in LANGUAGES)],
    key=len,
    reverse=True,
)
#: The words Babel joins a list with in the pseudo-language (CLDR's English "and").
LIST_WORDS = set(re.findall(r"[A-Za-z]{2,}", XA.list(["1", "2", "3"])))


def untranslated(words: str) -> list[str]:
    """The words of a pseudo-language output that came through no catalog."""
    words = re.sub(r"\]\([^)]*\)", "]", words)  # link targets
    words = re.sub(r"<@\d+>", " ", words)  # mentions
    for title in TITLES:
        words = words.replace(title, " ")
    return [w for w in re.findall(r"[A-Za-z]{2,}", words) if w not in LIST_WORDS]


def embed_strings(embed: discord.Embed) -> Iterator[str]:
    """Every string of an embed a reader sees."""
    yield embed.title or ""
    yield embed.description or ""
    for field in embed.fields:
        yield field.name or ""
        yield field.value or ""
    yield embed.footer.text or ""


def faults(outputs: Mapping[str, Sequence[str]]) -> list[str]:
    found = []
    for what, strings in outputs.items():
        for string in strings:
            for line in string.splitlines():
                if untranslated(line):
                    found.append(f"{what}: {untranslated(line)} in {line!r}")
    return found


def row_of(
    slug: str,
    language: str,
    players: int,
    *,
    robots: int = 0,
    status: str = "active",
    state: State | None = None,
    parent: int | None = 800,
) -> GameRow:
    seats = [Seat(id=str(4_000_000_000_000 + i), name=NAMES[i]) for i in range(players - robots)]
    seats += [
        Seat(id=f"ai{i}", name=f"Robot {i}", ai=True, robot=True, ai_played=True, level="hard")
        for i in range(1, robots + 1)
    ]
    game = get_game(slug)
    if state is None:
        state = game.setup([s.id for s in seats], seed=3)
    return GameRow(
        id=42,
        guild_id=7,
        channel_id=900,
        slug=slug,
        status=status,
        host_id=seats[0].id,
        seats=seats,
        seed=3,
        options=game.resolve_options(None),
        snapshot=game.dump(state),
        version=1,
        lobby_message_id=555,
        created_at=1000.0,
        started_at=1000.0,
        finished_at=None,
        parent_channel_id=parent,
        language=language,
    )


def played(slug: str, seats: list[str], *, to_the_end: bool, steps: int = 12) -> State:
    game = get_game(slug)
    options = {"length": "rounds-10"} if slug == "disneyland" else None
    state = game.setup(seats, seed=5, options=options)
    rng = Rng.from_seed(5)
    while game.outcome(state) is None and (to_the_end or steps > 0):
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
        steps -= 1
    return state


def logged(slug: str, seats: list[str], count: int = 20) -> tuple[State, list[LoggedMove]]:
    """A game a few moves in and its log rows, events as the store gives them back."""
    game = get_game(slug)
    state = game.setup(seats, seed=7)
    rng = Rng.from_seed(7)
    rows = []
    for seq in range(1, count + 1):
        if game.outcome(state) is not None:
            break
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        state, events = game.play(state, seat, code)
        rows.append(LoggedMove(seq, seat, code, list(events), 0.0))
    return state, rows


def table_outputs(slug: str, code: str) -> dict[str, list[str]]:
    """Everything the cards, the turn message and the lobby line say of one game, at its
    largest table with a robot, in the language ``code``."""
    game = get_game(slug)
    size = game.max_players
    base = row_of(slug, code, size, robots=1)
    seats = [s.id for s in base.seats]
    table = lang(code)
    state, rows = logged(slug, seats)
    row = row_of(slug, code, size, robots=1, state=state)
    view = public_view(row, state)
    lines = presenter.event_lines(row, rows, lang=table)
    turn = presenter.turn_embed(row, state, view, lines, tx("⏰ **Time is up!**"), lang=table)
    ping = presenter.ping_line(row.seats[:2], lang=table) or ""
    assert lines, "the game's first moves say something"
    many = lines * (messages.CATCH_UP_LINES + 1)
    caught_up = [
        presenter.ping_line(row.seats[:1], many, lang=table) or "",
        presenter.ping_line(row.seats[:2], lines, first=True, lang=table) or "",
        presenter.ping_line(row.seats[:2], lines, lang=table) or "",
    ]
    start = cards.start_card(row, view).embed
    lobby = cards.lobby_card(row_of(slug, code, size - 1, robots=1, status="lobby")).embed
    menus = cards.lobby_menus(row_of(slug, code, size - 1, status="lobby"))
    menu_words = [w for m in menus for w in (m.placeholder, *(label for _, label in m.choices))]
    over = played(slug, seats, to_the_end=True)
    ended = row_of(slug, code, size, robots=1, status="finished", state=over)
    final = cards.final_card(
        ended, public_view(ended, over), rows[-1].events * 12, moves=321, seconds=7500.0
    ).embed
    lines_of_lobby = [
        cards.summary_line(row, None),
        cards.summary_line(row_of(slug, code, size, parent=None), None),
        cards.summary_line(ended, public_view(ended, over)),
        cards.summary_line(row_of(slug, code, size, status="cancelled"), None),
        cards.summary_line(row_of(slug, code, size, status="cancelled"), None, thread_gone=True),
        cards.summary_line(row_of(slug, code, size, status="cancelled", parent=None), None),
        cards.stuck_line(row),
        cards.lobby_link(row),
        cards.lobby_link(row_of(slug, code, size, parent=None)),
        cards.lobby_link(row_of(slug, code, size, status="lobby")),
        cards.threads_list([row] * 40, lang=table),
    ]
    nameless = row_of(slug, code, 3, robots=1)
    nameless.seats[0].name = "\u200b"
    return {
        "turn message": [*embed_strings(turn), ping],
        "since your last turn": caught_up,
        "start card": list(embed_strings(start)),
        "lobby card": [*embed_strings(lobby), *menu_words],
        "final card": list(embed_strings(final)),
        "lobby lines": lines_of_lobby,
        "thread name": [cards.thread_name(row), cards.thread_name(nameless)],
        "folded": messages.fold([f"• {i}" for i in range(30)], lang=table),
    }


@pytest.mark.parametrize("slug", GAMES)
def test_every_word_a_table_reads_comes_through_a_catalog(slug: str) -> None:
    found = faults(table_outputs(slug, PSEUDO))
    assert not found, f"{len(found)} strings not from a catalog:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("slug", GAMES)
def test_a_french_table_reads_french(slug: str) -> None:
    said = table_outputs(slug, "fr")
    turn = "\n".join(said["turn message"])
    assert "**Classement**" in turn and "**Ce qui s’est passé**" in turn
    assert "Le temps est écoulé" in turn and "à vous de jouer" in said["turn message"][-1]
    assert "/partie historique" in turn and "Standings" not in turn
    one, began, several = said["since your last turn"]
    assert "\n**Depuis votre dernier tour**\n" in one and "à vous de jouer" in one
    assert re.search(r"\n… et \d+ autres \(`/partie historique`\)$", one), one[-200:]
    assert "\n**Depuis le début de la partie**\n" in began
    assert "\n**Depuis vos derniers tours**\n" in several
    start = "\n".join(said["start card"])
    assert "Ordre de jeu" in start and "commence" in start and "(difficile)" in start
    assert FR.say(get_game(slug).summary[0])[:20] in start
    cut = [line for line in cards.summary_lines(slug, FR) if line.endswith("…")]
    assert not cut, f"French summary lines the start card cuts: {cut}"
    lobby = "\n".join(said["lobby card"])
    assert "Joueurs (" in lobby and "*place libre*" in lobby and "Rythme" in lobby
    final = "\n".join(said["final card"])
    assert "classement final" in final and "321 coups" in final and "2\u00a0h 5\u00a0min" in final
    lines = "\n".join(said["lobby lines"])
    assert "ouvrir le fil" in lines and "annulée" in lines and "son fil a été supprimé" in lines
    assert "ci-dessous" in lines and "… et " in lines and "[la partie #42 dans son fil]" in lines
    assert said["thread name"][1].endswith("Joueur 1, 花子, Robot 1")
    assert said["folded"][1].startswith("… et 17 autres")


def test_robots_names_and_levels_are_the_tables() -> None:
    """A robot's name ("Robot 2") and its level in the table's words, wherever a robot is named:
    the seat line, the cards, the names a board and a replay are given."""
    row = row_of("imagineers", PSEUDO, 3, robots=2)
    robot = row.seats[-1]
    assert messages.names(row, XA)[robot.id] == XA.say(tx("Robot {number}", number=2))
    assert messages.names(row, XA)[row.seats[0].id] == NAMES[0], "a person's name stays"
    seat = XA.say(messages.seat_named(row, robot.id))
    assert seat.endswith(f"**{XA.say(tx('Robot {number}', number=2))}** 🤖⟧"), seat
    assert XA.say(cards.who(robot)) == "⟦**⟦Ŕöƀöţ 2·⟧** 🤖 (⟦ĥàŕď·⟧)⟧"
    assert FR.say(cards.who(robot)) == "**Robot 2** 🤖 (difficile)"
    line = standings.standing_line(1, Standing(robot_player("easy"), "", Rating(25.0, 8.0, 1)))
    assert FR.say(line).startswith("🥇 🤖 robot facile")


class Notices:
    """The channel, the presenter and the updates the attendance tells: what it posts
    is kept; the board's link is a fixed one."""

    def __init__(self) -> None:
        self.posts: list[Post] = []

    async def notify(self, row: GameRow, post: Post) -> None:
        self.posts.append(post)

    def link(self, row: GameRow) -> str:
        return "https://discord.com/channels/7/900/1"

    async def retire(self, row: GameRow) -> None:
        return None

    async def after_end(self, row: GameRow) -> None:
        return None


@pytest.mark.parametrize("code", [PSEUDO, "fr"])
async def test_reminders_and_idle_notices_are_the_tables(code: str) -> None:
    notices = Notices()
    attendance = Attendance(notices, None, notices, notices)  # type: ignore[arg-type]
    row = row_of("troolpark", code, 3)
    await attendance.remind(row, row.seats[:1])
    await attendance.announce_idle(row, row.seats[:2])
    await attendance.after_handover(row_of("troolpark", code, 3, status="cancelled"), "")
    said = [post.content or "" for post in notices.posts]
    if code == PSEUDO:
        assert not faults({"notices": said})
    else:
        assert "attend votre coup — [le plateau](https://" in said[0]
        assert "n’ont pas joué depuis un moment" in said[1] and "`/partie revenir`" in said[1]
        assert "Il ne restait que des joueurs IA" in said[2]


@pytest.mark.parametrize("code", [PSEUDO, "fr"])
def test_a_replay_is_announced_in_the_tables_language(code: str) -> None:
    row = row_of("disneyland", code, 2)
    message = Replays.finished(None, row, b"GIF89a")  # type: ignore[arg-type]
    content = str(message["content"])
    assert not faults({"replay": [content]}) if code == PSEUDO else "Replay de la partie" in content


def test_a_replay_is_drawn_in_the_tables_language() -> None:
    """The job names the table's language; the worker draws every frame in it."""
    seats = ["1", "2"]
    game = get_game("troolpark")
    state = game.setup(seats, seed=4)
    rng = Rng.from_seed(4)
    moves = []
    for _ in range(3):
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        state, _ = game.play(state, seat, code)
        moves.append((seat, code))
    job = replay_worker.Job("troolpark", seats, 4, {}, moves, {"1": "Дима", "2": "花子"}, "fr")
    again = replay_worker.Job.from_json(job.to_json())
    assert again == job
    french = replay_worker.build(job)
    assert french == replay.gif("troolpark", replay_worker.views(job), lang=FR)
    assert french != replay.gif("troolpark", replay_worker.views(job))


def test_leaderboards_and_profiles_are_in_the_askers_language() -> None:
    rated = [
        Standing("1", NAMES[0], Rating(32.0, 2.0, 12)),
        Standing("2", NAMES[1], Rating(25.0, 8.0, 1)),
    ]
    records = [TitleStats("imagineers", "1", NAMES[0], 30, 12, 94)]
    titles = [
        TitleProfile("imagineers", Rating(32.0, 2.0, 12), 2, None, (1000, 1040), 12, 5, 87, ())
    ]
    view = standings.profile_view(
        NAMES[2], XA.say(standings.where_words("Сервер", 3, 3, markdown=False)), titles
    )
    outputs = {
        "ratings": list(
            embed_strings(
                standings.leaderboard_embed("imagineers", "Сервер", rated, page=1, total=2, lang=XA)
            )
        ),
        "empty": list(
            embed_strings(
                standings.leaderboard_embed("troolpark", "x", [], page=3, total=0, lang=XA)
            )
        ),
        "records": list(
            embed_strings(
                standings.records_embed(
                    "imagineers", "Сервер", "wins", records, page=1, total=1, lang=XA
                )
            )
        ),
        "profile": [standings.profile_text(view, lang=XA)],
    }
    assert not faults(outputs), faults(outputs)
    french = standings.profile_text(view, lang=FR)
    assert "cote 1\u202f040" in french or "cote 1\u00a0040" in french, french
    with text.recorded() as drawn:
        renders.profile.draw_profile(view, lang=XA)
    assert not faults({"profile card": [line.text for line in drawn.lines]})


@pytest.mark.parametrize("slug", GAMES)
def test_rules_are_in_the_readers_language(slug: str) -> None:
    """``/rules`` is a private answer: its own words in the reader's language, and the
    game's notes in that language where the game has them (``RULES.fr.md``)."""
    embed, notes = cards.rules_card(slug, lang=XA)
    levels = next(f for f in embed.fields if f.name == XA.say(cards.ROBOT_LEVELS))
    ours = [embed.title or "", embed.description or "", embed.footer.text or "", levels.value]
    assert not faults({"rules": [str(line) for line in ours]})
    assert notes == cards.rules_text(slug, EN).encode(), "no pseudo notes: the English ones"
    embed, notes = cards.rules_card(slug, lang=FR)
    assert embed.title == f"{get_game(slug).title} — comment jouer"
    assert (embed.description or "").startswith("**Comment gagner, ce qu’est un tour**")
    assert "reconstitu" in (embed.fields[0].name or ""), "what is reconstructed comes first"
    assert embed.fields[1].name == "Niveaux des robots (`/partie ajouter-robot niveau:`)"
    assert "**facile** — " in (embed.fields[1].value or "")
    assert notes.decode().startswith(f"# {get_game(slug).title} — ") and b"reconstitu" in notes


# ------------------------------------------------------------------ through the double


async def test_a_french_table_plays_in_french(harness: Harness) -> None:
    """A table whose stored language is French (as the lobby's option will set it): its
    lobby line, start card, every turn message, its board pictures and final card are
    French, whoever acts."""
    d = harness.double
    channel = d.ids["channel"]
    game_id = await lobby_with(harness, channel, "disneyland", "alice", "bob", length="rounds-10")
    await harness.write_game(game_id, language="fr")
    where, board = await harness.start_game(d.ids["alice"], channel)
    start = next(m for m in d.messages(where) if "commence" in m.text)
    assert "Ordre de jeu" in start.text and "Turn order" not in start.text
    assert "à vous de jouer" in board.text and "**Classement**" in board.text
    lobby = await lobby_message(harness, game_id)
    assert "en cours\u00a0: [ouvrir le fil]" in lobby.content
    # A private answer is in its reader's language, at any table.
    chloe = d.add_user("chloe", locale="fr")
    rules = await d.click(chloe, start, "ts:rules:disneyland")
    assert rules.ephemeral and rules.embeds[0]["title"] == "Disneyland — comment jouer"
    rules = await d.click(d.ids["carol"], start, "ts:rules:disneyland")
    assert rules.ephemeral and rules.embeds[0]["title"] == "Disneyland — how to play"

    mover = await harness.mover(where)
    await harness.play(int(mover), where, "roll")
    board = await harness.board(where)
    assert "**Ce qui s’est passé**" in board.text and "Standings" not in board.text
    row, state = await harness.state(where)
    assert board.embeds[0]["image"]["url"].endswith(f"disneyland-{row.version}.png")
    view = public_view(row, state)
    view["names"] = messages.names(row, FR)
    assert board.embed_image() == renders.board("disneyland", view, lang=FR)
    with text.recorded() as drawn:
        renders.board_frame("disneyland", dict(view), lang=FR)
    lines = {line.text for line in drawn.lines}
    assert FR.say(tx("Last roll")) in lines and "Last roll" not in lines

    await play_out(harness, where)
    final = await d.wait_for_message(where, lambda m: "classement final" in m.text)
    assert re.search(r"\d+ coups · 10 tours", final.text) and "final results" not in final.text
    turns = [m for m in d.messages(where) if m.embeds and m.id not in (start.id, final.id)]
    assert turns and all("à vous de jouer" in m.text or "Partie terminée" in m.text for m in turns)
    done = await harness.live.store.get(game_id)
    assert done is not None and done.status == "finished"
    await d.world.wait_until(lambda: lobby.content.startswith("🏁"), 5, "the final line")
    assert " a gagné\u00a0: " in lobby.content or " ex æquo\u00a0: " in lobby.content


@pytest.mark.parametrize("slug", [s for s in GAMES if s != "disneyland"])
async def test_every_game_shows_a_french_table_its_board_in_french(
    harness: Harness, slug: str
) -> None:
    """The start card, the turn message and the board picture of each game at a French
    table, after a first move: the picture is the French one, byte for byte."""
    d = harness.double
    channel = d.ids["channel"]
    players = ("alice", "bob", "carol")[: get_game(slug).min_players]
    game_id = await lobby_with(harness, channel, slug, *players)
    await harness.write_game(game_id, language="fr")
    where, board = await harness.start_game(d.ids["alice"], channel)
    assert any("Ordre de jeu" in m.text for m in d.messages(where))
    mover = int(await harness.mover(where))
    choices = [c["value"] for c in await harness.choices(mover, where)]
    played = await harness.play(mover, where, choices[0])
    assert not played.content.startswith("Sorry"), played.content
    board = await harness.board(where)
    assert "**Classement**" in board.text and "Standings" not in board.text
    row, state = await harness.state(where)
    assert board.embeds[0]["image"]["url"].endswith(f"{slug}-{row.version}.png")
    view = public_view(row, state)
    view["names"] = messages.names(row, FR)
    french = renders.board(slug, view, lang=FR)
    assert board.embed_image() == french != renders.board(slug, view, lang=EN)


@pytest.mark.parametrize("slug", GAMES)
async def test_a_whole_game_at_a_pseudo_language_table_says_nothing_outside_the_catalogs(
    harness: Harness, slug: str
) -> None:
    """The pseudo-language test, for what the table reads: a whole game at its
    smallest table (a robot where it needs three), played through the double, whose
    public messages (every board as it stands after each move, the cards, the lobby's
    line) have no word that came through no catalog. Players' names are in other scripts;
    the buttons and private answers are the private side's to check."""
    d = harness.double
    channel = d.ids["channel"]
    people = [d.add_user(f"p{i}", display_name=NAMES[i]) for i in range(2)]
    options = {"length": "rounds-10"} if slug == "disneyland" else {}
    opened = await d.slash(people[0], channel, f"game new {slug}", **options)
    assert not opened.ephemeral, opened.content
    assert not (await d.slash(people[1], channel, "game join")).ephemeral
    if get_game(slug).min_players > 2:
        await d.slash(people[0], channel, "game addbot", level="easy")
        await harness.agree_all(channel)  # the robot changed the table
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await harness.write_game(row.id, language=PSEUDO)
    await harness.set_seed(row.id, 11)
    where, _ = await harness.start_game(people[0], channel)
    seen: dict[str, list[str]] = {"start": [m.text for m in d.messages(where)]}
    for step in range(600):
        if await harness.live.store.open_game_in(where) is None:
            break
        mover = int(await harness.mover(where))
        choices = [c["value"] for c in await harness.choices(mover, where)]
        code = next((c for c in choices if c in ("roll", "rent")), choices[0])
        played = await harness.play(mover, where, code)
        assert not played.ephemeral or "⟦" in played.content or played.content.startswith("✅")
        seen[f"board after move {step}"] = [(await harness.board(where, row.id)).text]
    else:
        raise AssertionError("the game did not end")
    await harness.settle()
    seen["thread"] = [m.text for m in d.messages(where) if not m.ephemeral]
    seen["lobby line"] = [(await lobby_message(harness, row.id)).content]
    thread = d.world.channels.get(where)
    seen["thread name"] = [thread.name if thread is not None else ""]
    found = list(dict.fromkeys(f.partition(": ")[2] for f in faults(seen)))
    assert not found, f"{len(found)} lines not from a catalog:\n" + "\n".join(found[:40])
