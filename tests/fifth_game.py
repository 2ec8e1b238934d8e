"""A throw-away fifth game, Nim, as the files and registry entries docs/ARCHITECTURE.md §11
lists: ``tests/test_game_checklist.py`` writes them into a copy of the tree, never here.

Two seats take one to three pebbles in turn from one pile; whoever takes the last pebble
wins. Small as it is, it is a whole game at every layer: an option (the pile's size), a
rules-of-thumb robot and a search playbook, coaching, a board and a private view with an
emblem, a cog with one typed move, its robots' ratings, and its own test: a whole game
through the Discord double.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent

#: The throw-away game's slug.
SLUG = "nim"


def _code(text: str) -> str:
    return dedent(text).lstrip("\n")


#: The new files, by path from the repository's root (``<slug>`` already put in).
FILES: dict[str, str] = {
    "engine/nim/__init__.py": _code(
        '''
        """Nim: take one to three pebbles; the last pebble wins."""

        from engine.kit import Coaching, GameKit
        from engine.nim import coaching
        from engine.nim.playbook import PLAYBOOK
        from engine.nim.rules import GAME, Nim

        KIT = GameKit(
            game=GAME,
            playbook=PLAYBOOK,
            coaching=Coaching(explain=coaching.explain, action_help=coaching.action_help),
        )

        __all__ = ["GAME", "KIT", "Nim"]
        '''
    ),
    "engine/nim/data.py": _code(
        '''
        """Nim's one component: a pile of pebbles (its sizes are ours)."""

        PILES = ("30", "12")
        MOST = 3
        '''
    ),
    "engine/nim/wording.py": _code(
        '''
        """Nim's own words, as texts for the catalogs."""

        from engine.text import Text, txc

        TAKE = txc("nim", "Take")


        def take_label(count: int) -> Text:
            return txc("nim", "Take {count}", count=count)
        '''
    ),
    "engine/nim/summary.py": _code(
        '''
        """Nim in two lines for players."""

        from engine.text import Text, txc

        SUMMARY: tuple[Text, ...] = (
            txc("nim", "Take one to three pebbles from the pile in turn."),
            txc("nim", "Whoever takes the last pebble wins."),
        )
        '''
    ),
    "engine/nim/views.py": _code(
        '''
        """What a Nim seat sees: everything (Nim hides nothing)."""

        from typing import Any

        from engine.core import Game, State, last_events
        from engine.text import txc


        def public_view(game: Game, state: State, viewer: str | None) -> dict[str, Any]:
            return {
                "game": "nim",
                "seats": list(state["seats"]),
                "to_move": game.to_move(state),
                "over": state["pile"] == 0,
                "scores": game.scores(state),
                "phase": txc("nim", "{count} pebbles left", count=state["pile"]),
                "last": last_events(state),
                "viewer": viewer,
                "standings": game.standings(state),
                "pile": state["pile"],
            }
        '''
    ),
    "engine/nim/ai.py": _code(
        '''
        """Nim's rule of thumb: leave the other seat a multiple of four."""

        from engine.nim.data import MOST


        def best_take(pile: int) -> int:
            return pile % (MOST + 1) or 1
        '''
    ),
    "engine/nim/rules.py": _code(
        '''
        """Nim's rules: ``take:<n>`` takes n pebbles (1 to 3, at most the pile)."""

        from collections.abc import Mapping, Sequence
        from typing import Any, ClassVar

        from engine.core import Game, Move, OptionSpec, Outcome, Rng, State
        from engine.nim import ai, data, views
        from engine.nim.summary import SUMMARY
        from engine.nim.wording import TAKE, take_label
        from engine.text import Text, txc


        class Nim(Game):
            slug = "nim"
            title = "Nim"
            min_players = 2
            max_players = 2
            moves_reveal_secrets = False
            summary: ClassVar[tuple[str, ...]] = SUMMARY
            options = (
                OptionSpec(
                    "pile",
                    txc("nim", "How many pebbles the pile starts with"),
                    data.PILES,
                    data.PILES[0],
                    {size: txc("nim", "{count} pebbles", count=int(size)) for size in data.PILES},
                ),
            )

            def setup(
                self, seats: Sequence[str], seed: int, options: Mapping[str, str] | None = None
            ) -> State:
                seats = self.check_seats(seats)
                chosen = self.resolve_options(options)
                return {
                    "seats": seats,
                    "options": chosen,
                    "pile": int(chosen["pile"]),
                    "turn": 0,
                    "winner": None,
                    "last": [],
                }

            def to_move(self, state: State) -> list[str]:
                return [] if state["pile"] == 0 else [state["seats"][state["turn"]]]

            def legal_moves(self, state: State, seat: str) -> list[Move]:
                if seat not in self.to_move(state):
                    return []
                most = min(data.MOST, state["pile"])
                return [Move(f"take:{n}", take_label(n)) for n in range(1, most + 1)]

            def apply(self, state: State, seat: str, code: str) -> list[str]:
                count = int(code.partition(":")[2])
                state["pile"] -= count
                state["turn"] = 1 - state["turn"]
                if state["pile"] == 0:
                    state["winner"] = seat
                return [txc("nim", "{seat} takes {count}", seat=seat, count=count)]

            def outcome(self, state: State) -> Outcome | None:
                if state["winner"] is None:
                    return None
                ranks = {seat: 1 if seat == state["winner"] else 2 for seat in state["seats"]}
                return Outcome(self.scores(state), ranks, txc("nim", "The last pebble won."))

            def scores(self, state: State) -> dict[str, int]:
                return {seat: int(seat == state["winner"]) for seat in state["seats"]}

            def view(self, state: State, viewer: str | None) -> dict[str, Any]:
                return views.public_view(self, state, viewer)

            def breakdown(self, state: State) -> dict[str, list[tuple[str, int]]]:
                last: Text = txc("nim", "Last pebble")
                return {seat: [(last, points)] for seat, points in self.scores(state).items()}

            def heuristic_move(self, state: State, seat: str, rng: Rng) -> str:
                return f"take:{ai.best_take(state['pile'])}"

            def public_moves(self, state: State, seat: str) -> list[Move]:
                return self.legal_moves(state, seat)

            def move_group(self, state: State, seat: str, move: Move) -> str:
                return TAKE

            def undoable(self, before: State, after: State, seat: str) -> bool:
                return False

            def announces(self, before: State, after: State) -> bool:
                return after["pile"] == 0


        GAME = Nim()
        '''
    ),
    "engine/nim/sampling.py": _code(
        '''
        """What a Nim seat knows: the whole state."""

        from engine.core import Rng, State
        from engine.playbook import public_fields, unpack

        PUBLIC = frozenset({"seats", "options", "pile", "turn", "winner", "last"})
        SECRET: frozenset[str] = frozenset()


        def knowledge(state: State, seat: str) -> State:
            return public_fields(state, PUBLIC, SECRET, "nim")


        def sample(known: State, seat: str, rng: Rng) -> State:
            return unpack(known)
        '''
    ),
    "engine/nim/playbook.py": _code(
        '''
        """How the Nim robots search: a pile that is a multiple of four loses."""

        from collections.abc import Mapping

        from engine.core import State
        from engine.nim import sampling
        from engine.playbook import Playbook
        from engine.text import txc


        def estimate(state: State) -> Mapping[str, float]:
            seats = state["seats"]
            if state["winner"] is not None:
                return {seat: float(seat == state["winner"]) for seat in seats}
            mover = seats[state["turn"]]
            wins = state["pile"] % 4 != 0
            return {seat: float(wins == (seat == mover)) for seat in seats}


        PLAYBOOK = Playbook(
            knowledge=sampling.knowledge,
            sample=sampling.sample,
            estimate=estimate,
            scale=1.0,
            iterations={"normal": 20, "hard": 40},
            notes={
                "easy": txc("nim", "Leaves a multiple of four when it can."),
                "normal": txc("nim", "Looks a few moves ahead."),
                "hard": txc("nim", "Looks further ahead."),
            },
        )
        '''
    ),
    "engine/nim/coaching.py": _code(
        '''
        """What each Nim move is for."""

        from engine.core import Game, State
        from engine.nim.wording import TAKE
        from engine.text import Text, txc

        HELP = {TAKE: txc("nim", "Take one to three pebbles; the last pebble wins.")}


        def explain(game: Game, state: State, seat: str, code: str, plan: tuple[str, ...]) -> Text:
            left = state["pile"] - int(code.partition(":")[2])
            if left % 4 == 0:
                return txc("nim", "Leaves {left}: a multiple of four loses.", left=left)
            return txc("nim", "Leaves {left}.", left=left)


        def action_help(group: str) -> Text:
            return HELP[group]
        '''
    ),
    "engine/nim/RULES.md": _code(
        """
        # Nim

        ## Setup

        - One pile of 30 or 12 pebbles (the option `pile`).

        ## A turn

        - Take one to three pebbles; whoever takes the last one wins.
        """
    ),
    "engine/nim/RULES.fr.md": _code(
        """
        # Nim

        ## Mise en place

        - Une pile de 30 ou 12 cailloux (l’option `pile`).

        ## Un tour

        - Prenez un à trois cailloux ; qui prend le dernier gagne.
        """
    ),
    "renders/nim.py": _code(
        '''
        """Nim's pictures: the pile, whose turn, the last move."""

        from typing import Any

        from PIL import ImageDraw

        from engine.text import txc
        from i18n import Lang
        from renders import frame as shared
        from renders import inks
        from renders.emblems import WHITE
        from renders.frame import Frame, Style
        from renders.kit import Renderer
        from renders.theme import Box, with_names


        def pebbles(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
            x0, _, _, y1 = box
            for i in range(3):
                draw.ellipse((x0 + i * 16, y1 - 16, x0 + i * 16 + 14, y1 - 2), fill=WHITE)


        STYLE = Style(txc("nim", "Nim"), (120, 90, 40), pebbles)


        @inks.using("nim")
        def draw_board(view: dict[str, Any], *, lang: Lang) -> Frame:
            view = with_names(view, lang)
            seats = len(view["seats"])
            canvas = Frame.new(
                shared.HEADER_H + 8 + shared.TURN_H + shared.NEWS_H
                + shared.standings_height(seats) + 20
            )
            y = shared.header(canvas, STYLE, lang, str(view["phase"]))
            y = shared.turn(canvas, view, y + 8, lang)
            y = shared.news(canvas, view, y, lang)
            shared.standings(canvas, view, y, lang)
            return canvas


        @inks.using("nim-hand")
        def draw_hand(view: dict[str, Any], *, lang: Lang) -> Frame:
            view = with_names(view, lang)
            canvas = Frame.new(shared.HEADER_H + 8 + 56 + 20)
            y = shared.header(canvas, STYLE, lang, str(view["phase"]))
            shared.you_line(canvas, view, str(view["viewer"]), y + 8, lang)
            return canvas


        RENDERER = Renderer(slug="nim", style=STYLE, draw_board=draw_board, draw_hand=draw_hand)
        board = RENDERER.board
        hand = RENDERER.hand
        '''
    ),
    "bot/cogs/nim.py": _code(
        '''
        """``/nim take``: take pebbles, as an engine code."""

        from typing import Any

        import discord
        from discord import app_commands
        from discord.app_commands import Choice

        from bot.chat.options import Code
        from bot.cogs.base import GameCog

        Interaction = discord.Interaction[Any]


        class Nim(GameCog, group_name="nim", group_description="Nim moves"):
            slug = "nim"

            @app_commands.command(name="take", description="Take pebbles from the pile")
            @app_commands.describe(count="One to three pebbles")
            async def take(self, interaction: Interaction, count: Code) -> None:
                await self.submit_step(interaction, "take:", count)

            @take.autocomplete("count")
            async def take_choices(
                self, interaction: Interaction, current: str
            ) -> list[Choice[str]]:
                return await self.complete(interaction, current, "take:")
        '''
    ),
    "tests/bot/test_nim_table.py": _code(
        '''
        """Nim through the real discord.py client and the Discord double: a whole game for two,
        from ``/game new nim`` with its option to the final ranking, each move a ``/nim take``."""

        from engine import get_game
        from engine.nim.ai import best_take
        from tests.bot.harness import Harness
        from tests.store.reads import games_with_status, results_of


        async def test_a_whole_game_of_nim(harness: Harness) -> None:
            d, game = harness.double, get_game("nim")
            where = await harness.open_table("nim", ["alice", "bob"], pile="12")
            moves = 0
            while (row := await harness.live.store.open_game_in(where)) is not None:
                state = game.load(row.snapshot)
                seat = game.to_move(state)[0]
                count = str(best_take(state["pile"]))
                taken = await d.slash(int(seat), where, "nim take", count=count)
                assert "Sorry" not in taken.content, taken.content
                await harness.settle()
                moves += 1
            final = d.messages(where)[-1]
            assert "final results" in final.text and "🥇" in final.text
            (finished,) = await games_with_status(harness.live.store, "finished")
            results = await results_of(harness.live.store, finished.id)
            assert moves >= 4 and sorted(r.rank for r in results) == [1, 2]
        '''
    ),
}


@dataclass(frozen=True)
class Entry:
    """What a registry gains: ``entry``, more items of the listing ``registry``, and the
    import it needs (``module``, when there is one)."""

    path: str
    registry: str
    entry: str
    module: str = ""


#: The robots' fixed ratings, by level (made up: a throw-away game plays no tournament).
ANCHORED = {"easy": (18.5, 3.0), "normal": (22.5, 3.0), "hard": (26.5, 3.0)}

#: The registries' new entries.
ENTRIES = (
    Entry("engine/catalog.py", "KITS", "nim.KIT", "from engine import nim"),
    Entry("renders/games.py", "RENDERERS", "nim.RENDERER", "from renders import nim"),
    Entry("bot/cogs/roster.py", "GAME_COGS", "Nim", "from bot.cogs.nim import Nim"),
    Entry(
        "bot/common/robot_anchors.py",
        "ANCHORS",
        ", ".join(f"({SLUG!r}, {level!r}): {rating}" for level, rating in ANCHORED.items()),
    ),
)
