"""Persistent buttons and menus, as laid out (docs/ARCHITECTURE.md §3).

Every component is a ``DynamicItem``: its custom_id encodes the game and the action,
the bot registers the templates at start-up, and each click reloads the game from the
database. So buttons keep working after a restart and never carry stale state. This
module says how each item looks and what its custom_id carries (and so how a click's
custom_id is read back into the item); what a click does is ``bot.chat.controls``: each
item hands its clicks there (:class:`Gated`), through the client, so that the views
import nothing of the handlers. Each click passes the gate first, as the kind of
component it is: the policy (``bot.chat.access.policy.COMPONENTS``) says who may use each
kind, and while what holds.

A move component also carries the *mark* of the move it shows (see ``tables.meaning``): the
move is played only while the game still has that move with that meaning, so an old button
never plays something other than what its label promised.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

import discord

from bot.chat.views.messages import clip
from engine.text import Text, tx
from i18n import SOURCE, Lang
from i18n import lang as language_of

Interaction = discord.Interaction[Any]

#: Who reads an item rebuilt from a click's custom_id: nobody (only its callback runs),
#: so its words stay English.
ENGLISH = language_of(SOURCE)

LOBBY_ACTIONS: dict[str, tuple[Text, discord.ButtonStyle]] = {
    "join": (tx("Join"), discord.ButtonStyle.success),
    # i18n: a button of the lobby card: a seated player says yes to the (rated) table as
    # the card shows it now.
    "agree": (tx("I agree"), discord.ButtonStyle.success),
    "leave": (tx("Leave"), discord.ButtonStyle.secondary),
    "addbot": (tx("Add robot"), discord.ButtonStyle.secondary),
    "start": (tx("Start"), discord.ButtonStyle.primary),
    "cancel": (tx("Cancel"), discord.ButtonStyle.danger),
}
#: Discord's limits, which hold for the words in any language.
BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150

CUSTOM_ID_LIMIT = 100
#: Ids in custom_ids: at most 18 digits, so every parsed id fits SQLite's integers.
ID = r"\d{1,18}"
MARK = r"[0-9a-f]{6}"
#: A move code as the engine makes them (docs/ARCHITECTURE.md §2).
CODE = r"[\x21-\x7e]{1,100}"
#: What a picker option's value holds: the move's mark, then its code.
PICKED = re.compile(rf"^({MARK}):({CODE})$")


def said(lang: Lang, words: str, limit: int) -> str:
    """``words`` in ``lang``, within one of Discord's limits (French runs longer)."""
    return clip(lang.say(words), limit)


class Shown(NamedTuple):
    """A move as a component shows it: its mark, its code, and its label for people (in
    the words of whoever reads the message it is on)."""

    mark: str
    code: str
    label: str


class Menu(NamedTuple):
    """A lobby option as the host's menu shows it: (value, label) choices and the current
    value. The placeholder and labels are said in the lobby's language when it is built."""

    name: str
    placeholder: str
    choices: list[tuple[str, str]]
    current: str


#: Digits of a leaderboard's page in its buttons' custom_id, and so the highest page anyone
#: may name (also below Discord's integer option limit, so ``/leaderboard page:`` can name
#: it too). A board is one line per rated player of a title in one place: it would need
#: 10^16 rows (petabytes) to have a page past it, so every page a board can have is named
#: and read; ``bot.chat.views.standings.pages`` still never counts past it.
PAGE_DIGITS = 15
PAGE_LIMIT: int = 10**PAGE_DIGITS - 1


class BoardPage(NamedTuple):
    """A page of a leaderboard as its buttons name it: the title, the board
    (``rating``, ``wins``, ``best``), where (``server``, ``everywhere``), the server's
    season (0 everywhere) and the page. No server: a page is always of the server it is
    used in."""

    slug: str
    board: str
    scope: str
    season: int
    page: int

    @property
    def custom_id(self) -> str:
        return f"ts:board:{self.slug}:{self.board}:{self.scope}:{self.season}:{self.page}"


@runtime_checkable
class Clicks(Protocol):
    """What a click on one of these items runs: ``bot.chat.controls.Controls``, which the
    client wires as its ``controls``. Found on the client, so this module imports nothing
    of the bot above it and imports keep flowing one way."""

    async def admit(self, interaction: Interaction, item: Gated) -> bool: ...

    async def click(self, interaction: Interaction, item: Gated) -> None: ...


def clicks(interaction: Interaction) -> Clicks:
    found = getattr(interaction.client, "controls", None)
    if not isinstance(found, Clicks):
        raise RuntimeError("components are used before the client wired its controls")
    return found


class Gated:
    """Mixin for every ``DynamicItem`` of ours: a click passes the gate before its
    callback runs (refused: the gate answered), as the item's ``kind``, naming the game
    and version its custom_id carries (``game_id``/``version``, where it has them). Both
    are the controls' (:class:`Clicks`): the item is what was clicked, they say what that
    does."""

    #: Every kind this item can be; the policy has a rule for each.
    KINDS: ClassVar[tuple[str, ...]]

    @property
    def kind(self) -> str:
        return self.KINDS[0]

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        return await clicks(interaction).admit(interaction, self)

    async def callback(self, interaction: Interaction) -> None:
        await clicks(interaction).click(interaction, self)


class Rebuilt(Gated):
    """Mixin for ``DynamicItem``s. Each template catches its whole kind (``ts:lobby:…``);
    ``shape`` says what a well-formed custom_id of that kind is, and its named groups are
    exactly the constructor's parameters (``game_id``/``version`` as ints). A malformed one
    (a damaged or forged id) becomes an :class:`Unreadable` that says so, instead of a
    click nobody answers."""

    shape: re.Pattern[str]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Any:
        parsed = cls.shape.fullmatch(match.string)
        if parsed is None or len(match.string) > CUSTOM_ID_LIMIT:  # longer than Discord's
            return Unreadable(item)
        values: dict[str, Any] = parsed.groupdict()
        for name in ("game_id", "version", "terms"):
            if values.get(name) is not None:
                values[name] = int(values[name])
        return cls(**values)


class Unreadable(Gated, discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"ts:.*"):
    """A component of ours whose custom_id cannot be read (never registered: it stands in
    for the item that was clicked)."""

    KINDS = ("unreadable",)


class UnknownKind(
    Gated,
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=(
        r"ts:(?!(?:lobby|opt|move|mv|table|pick|act|nav|undo|idle|leave|rules|rematch|replay"
        r"|board|hint|review):).*"
    ),
):
    """A ``ts:`` custom_id of no kind this version knows."""

    KINDS = ("unknown",)

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UnknownKind:
        return cls(item)


def lobby_id(kind: str, game_id: int, terms: int | None, what: str) -> str:
    """A lobby component's custom_id: its game, the terms of the table the card shows
    (``GameRow.terms``: a press of Join, I agree, Start or a menu counts as a yes only
    to the table as it is now), and what it does. A card drawn before terms existed
    names none: it is a card of a table that has changed since."""
    return f"ts:{kind}:{game_id}:{what}" if terms is None else f"ts:{kind}:{game_id}:{terms}:{what}"


class LobbyButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:lobby:.*",
):
    shape = re.compile(
        rf"ts:lobby:(?P<game_id>{ID}):(?:(?P<terms>{ID}):)?"
        rf"(?P<action>{'|'.join(LOBBY_ACTIONS)})"
    )
    KINDS = tuple(f"lobby:{action}" for action in LOBBY_ACTIONS)

    def __init__(
        self, game_id: int, terms: int | None, action: str, *, lang: Lang = ENGLISH
    ) -> None:
        label, style = LOBBY_ACTIONS[action]
        super().__init__(
            discord.ui.Button(
                label=said(lang, label, BUTTON_LABEL),
                emoji="✅" if action == "agree" else None,
                style=style,
                custom_id=lobby_id("lobby", game_id, terms, action),
            )
        )
        self.game_id = game_id
        self.terms = terms
        self.action = action

    @property
    def kind(self) -> str:
        return f"lobby:{self.action}"


class OptionSelect(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ts:opt:.*",
):
    """The host's menu for one lobby option; every pick is checked again (host, choices).
    Picked on a card of the table as it is (its terms), the pick is also the picker's yes
    to the table it makes."""

    shape = re.compile(rf"ts:opt:(?P<game_id>{ID}):(?:(?P<terms>{ID}):)?(?P<name>[a-z_]{{1,20}})")
    KINDS = ("opt",)

    def __init__(
        self,
        game_id: int,
        terms: int | None,
        name: str,
        menu: Menu | None = None,
        *,
        lang: Lang = ENGLISH,
    ) -> None:
        current = menu.current if menu else None
        options = [
            discord.SelectOption(
                label=said(lang, label, OPTION_LABEL), value=value[:100], default=value == current
            )
            for value, label in (menu.choices if menu else [])
        ][:25]
        super().__init__(
            discord.ui.Select(
                custom_id=lobby_id("opt", game_id, terms, name),
                placeholder=said(lang, menu.placeholder if menu else name, PLACEHOLDER),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.terms = terms
        self.name = name

    def picked(self) -> str:
        """The value picked ("" if none)."""
        values = self.item.values
        return str(values[0]) if values else ""


class RulesButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:rules:.*",
):
    """ "Full rules" under the start card: the ``/rules`` answer, privately."""

    shape = re.compile(r"ts:rules:(?P<slug>[a-z]{1,20})")
    KINDS = ("rules",)

    def __init__(self, slug: str, *, lang: Lang = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=said(lang, tx("Full rules"), BUTTON_LABEL),
                emoji="📖",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:rules:{slug}",
            )
        )
        self.slug = slug


class RematchButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:rematch:.*",
):
    """Under the final card: a new lobby with the same options; it seats each player of
    the game who presses it (``Tables.rematch``)."""

    shape = re.compile(rf"ts:rematch:(?P<game_id>{ID})")
    KINDS = ("rematch",)

    def __init__(self, game_id: int, *, lang: Lang = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=said(lang, tx("Rematch"), BUTTON_LABEL),
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"ts:rematch:{game_id}",
            )
        )
        self.game_id = game_id


class ReplayButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:replay:.*",
):
    """Under the final card: ``/game replay`` of this game (its queue and cooldowns)."""

    shape = re.compile(rf"ts:replay:(?P<game_id>{ID})")
    KINDS = ("replay",)

    def __init__(self, game_id: int, *, lang: Lang = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=said(lang, tx("Replay"), BUTTON_LABEL),
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:replay:{game_id}",
            )
        )
        self.game_id = game_id


class PageButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:board:.*",
):
    """Under a leaderboard: another page of it, for whoever presses (the ratings answer
    privately unless the message is the presser's own private one)."""

    shape = re.compile(
        r"ts:board:(?P<slug>[a-z]{1,20}):(?P<board>[a-z]{1,10}):(?P<scope>[a-z]{1,10})"
        rf":(?P<season>\d{{1,4}}):(?P<page>\d{{1,{PAGE_DIGITS}}})"
    )
    KINDS = ("board",)

    def __init__(
        self,
        slug: str,
        board: str,
        scope: str,
        season: str | int,
        page: str | int,
        label: str = "…",
        disabled: bool = False,
    ) -> None:
        self.target = BoardPage(slug, board, scope, int(season), int(page))
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.target.custom_id,
                disabled=disabled,
            )
        )


def page_buttons(current: BoardPage, pages: int, labels: tuple[str, str]) -> discord.ui.View | None:
    """Previous and Next under a page of a leaderboard (none when it has one page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    for target, label, disabled in (
        (max(1, current.page - 1), labels[0], current.page <= 1),
        (min(pages, current.page + 1), labels[1], current.page >= pages),
    ):
        view.add_item(PageButton(*current._replace(page=target), label=label, disabled=disabled))
    return view


#: The label of a move button rebuilt from a click (nobody reads it).
MOVE = "Move"


class MoveButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:move:.*",
):
    """A legal move shown under the board (only for games whose moves are public)."""

    shape = re.compile(
        rf"ts:move:(?P<game_id>{ID}):(?P<version>{ID}):(?P<mark>{MARK}):(?P<code>{CODE})"
    )
    KINDS = ("move",)

    def __init__(self, game_id: int, version: int, mark: str, code: str, label: str = MOVE) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=move_id(game_id, version, mark, code),
            )
        )
        self.game_id = game_id
        self.version = version
        self.mark = mark
        self.code = code


class OutdatedMoveButton(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:mv:(?P<rest>.+)",
):
    """Move buttons of boards posted before moves carried their mark: what they would play
    can no longer be checked, so they only say where the live buttons are."""

    KINDS = ("mv",)

    def __init__(self, rest: str) -> None:
        super().__init__(discord.ui.Button(label=MOVE, custom_id=f"ts:mv:{rest}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OutdatedMoveButton:
        return cls(match["rest"])


def move_id(game_id: int, version: int, mark: str, code: str) -> str:
    return f"ts:move:{game_id}:{version}:{mark}:{code}"


class TableButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:table:.*",
):
    """ "My moves" (an ephemeral picker) and "My hand" under every board."""

    shape = re.compile(rf"ts:table:(?P<game_id>{ID}):(?P<action>moves|hand)")
    KINDS = ("table:moves", "table:hand")

    def __init__(self, game_id: int, action: str, *, lang: Lang = ENGLISH) -> None:
        label = tx("My moves") if action == "moves" else tx("My hand")
        super().__init__(
            discord.ui.Button(
                label=said(lang, label, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:table:{game_id}:{action}",
            )
        )
        self.game_id = game_id
        self.action = action

    @property
    def kind(self) -> str:
        return f"table:{self.action}"


CHOOSE_YOUR_MOVE = tx("Choose your move")


class MoveSelect(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ts:pick:.*",
):
    """A menu of up to 25 moves, each value the move's mark and code: the second level
    of the private picker, or the public moves under a board when they are too many for
    buttons."""

    shape = re.compile(rf"ts:pick:(?P<game_id>{ID}):(?P<version>{ID})")
    KINDS = ("pick",)

    def __init__(
        self,
        game_id: int,
        version: int,
        moves: list[Shown] | None = None,
        placeholder: Text = CHOOSE_YOUR_MOVE,
        *,
        lang: Lang = ENGLISH,
    ) -> None:
        options = [
            discord.SelectOption(label=clip(m.label, OPTION_LABEL), value=f"{m.mark}:{m.code}")
            for m in (moves or [])
            if len(m.code) <= 93
        ][:25]
        super().__init__(
            discord.ui.Select(
                custom_id=f"ts:pick:{game_id}:{version}",
                placeholder=said(lang, placeholder, PLACEHOLDER),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.version = version

    def picked(self) -> tuple[str, str]:
        """The mark and code of the move picked. A value without a mark (a menu from
        before marks, or a forged one) reads as ``("-", "-")``, which matches no move."""
        values = self.item.values
        picked = PICKED.match(str(values[0])) if values else None
        mark, code = picked.groups() if picked else ("-", "-")
        return mark, code


#: Where the private picker can go: an actions page ("top0") or a page of one action's
#: moves ("g3p1").
WHERE = r"top\d{1,3}|g\d{1,3}p\d{1,3}"


class ActionSelect(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ts:act:.*",
):
    """The first level of the private picker: the actions the clicker's moves belong to
    (each value says which, as counted at ``version``)."""

    shape = re.compile(rf"ts:act:(?P<game_id>{ID}):(?P<version>{ID})")
    KINDS = ("act",)

    def __init__(
        self,
        game_id: int,
        version: int,
        actions: list[tuple[str, str]] | None = None,
        helps: list[str] | None = None,
        *,
        lang: Lang = ENGLISH,
    ) -> None:
        options = [
            discord.SelectOption(label=clip(label, OPTION_LABEL), value=where)
            for label, where in actions or []
        ][:25]
        for option, line in zip(options, helps or [], strict=False):
            option.description = clip_help(line) or None
        super().__init__(
            discord.ui.Select(
                custom_id=f"ts:act:{game_id}:{version}",
                placeholder=said(lang, tx("What do you want to do?"), PLACEHOLDER),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.version = version

    def picked(self) -> str | None:
        """Where the value picked leads (None: it names no page of the picker: forged)."""
        values = self.item.values
        where = str(values[0]) if values else "-"
        return where if re.fullmatch(WHERE, where) else None


NAV_LABELS = {"back": tx("◀ Back"), "prev": tx("‹ Previous"), "next": tx("More ›")}


class NavButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:nav:.*",
):
    """Back to the actions, or another page of the private picker."""

    shape = re.compile(
        rf"ts:nav:(?P<game_id>{ID}):(?P<version>{ID}):(?P<where>{WHERE}):(?P<step>back|prev|next)"
    )
    KINDS = ("nav",)

    def __init__(
        self, game_id: int, version: int, where: str, step: str, *, lang: Lang = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=said(lang, NAV_LABELS[step], BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:nav:{game_id}:{version}:{where}:{step}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.where = where
        self.step = step


class UndoButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:undo:.*",
):
    """Takes back the last step of the seat that made it, while nobody acted since."""

    shape = re.compile(rf"ts:undo:(?P<game_id>{ID}):(?P<version>{ID})")
    KINDS = ("undo",)

    def __init__(self, game_id: int, version: int, name: str = "", *, lang: Lang = ENGLISH) -> None:
        label = tx("↩ Undo ({name})", name=name) if name else tx("↩ Undo")
        super().__init__(
            discord.ui.Button(
                label=said(lang, label, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:undo:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version


class IdleVoteButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:idle:.*",
):
    """A vote about seats that stopped moving: let the AI play them, or end the game. It
    counts only while the game is at the version the vote was called at, and only from
    the players that vote includes."""

    shape = re.compile(rf"ts:idle:(?P<game_id>{ID}):(?P<version>{ID}):(?P<choice>ai|end)")
    KINDS = ("idle:ai", "idle:end")

    def __init__(self, game_id: int, version: int, choice: str, *, lang: Lang = ENGLISH) -> None:
        label = tx("Let the AI play for them") if choice == "ai" else tx("End the game")
        style = discord.ButtonStyle.primary if choice == "ai" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=said(lang, label, BUTTON_LABEL),
                style=style,
                custom_id=f"ts:idle:{game_id}:{version}:{choice}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.choice = choice

    @property
    def kind(self) -> str:
        return f"idle:{self.choice}"


class LeaveButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:leave:.*",
):
    """Confirms leaving a running game: the AI takes the seat over (once: pressing it again
    changes nothing)."""

    shape = re.compile(rf"ts:leave:(?P<game_id>{ID})")
    KINDS = ("leave",)

    def __init__(self, game_id: int, *, lang: Lang = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=said(lang, tx("Yes, let the AI take my seat"), BUTTON_LABEL),
                style=discord.ButtonStyle.danger,
                custom_id=f"ts:leave:{game_id}",
            )
        )
        self.game_id = game_id


class HintButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:hint:.*",
):
    """Hint, in the private view and the move picker: the coach's choices for the
    player to move, privately; only while the game is at the version it was shown at."""

    shape = re.compile(rf"ts:hint:(?P<game_id>{ID}):(?P<version>{ID})")
    KINDS = ("hint",)

    def __init__(self, game_id: int, version: int, label: str = tx("Hint")) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                emoji="💡",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:hint:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version


class ReviewButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ts:review:.*",
):
    """Under the final card: the presser's turning points, privately."""

    shape = re.compile(rf"ts:review:(?P<game_id>{ID})")
    KINDS = ("review",)

    def __init__(self, game_id: int, label: str = tx("Review")) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                emoji="🔎",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ts:review:{game_id}",
            )
        )
        self.game_id = game_id


def hint_view(game_id: int, version: int, label: str = tx("Hint")) -> discord.ui.View:
    """The Hint button alone (under the private view)."""
    view = discord.ui.View(timeout=None)
    view.add_item(HintButton(game_id, version, label))
    return view


def idle_view(game_id: int, version: int, *, lang: Lang, end: bool = True) -> discord.ui.View:
    """An idle vote's buttons; ``end``: whether ending the game is offered (not at a
    rated table under way)."""
    view = discord.ui.View(timeout=None)
    view.add_item(IdleVoteButton(game_id, version, "ai", lang=lang))
    if end:
        view.add_item(IdleVoteButton(game_id, version, "end", lang=lang))
    return view


def leave_view(game_id: int, *, lang: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveButton(game_id, lang=lang))
    return view


def lobby_view(
    game_id: int, terms: int, menus: list[Menu], *, lang: Lang, agree: bool = False
) -> discord.ui.View:
    """The lobby's buttons, then one menu per option (Discord allows four rows of them),
    each naming the table's ``terms``. ``agree``: someone seated has still to say yes to
    the rated table as it is: I agree takes the place of Add robot (the row holds five
    buttons; `/game addbot` still adds one)."""
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        if action != ("addbot" if agree else "agree"):
            view.add_item(LobbyButton(game_id, terms, action, lang=lang))
    for menu in menus[:4]:
        view.add_item(OptionSelect(game_id, terms, menu.name, menu, lang=lang))
    return view


def rules_view(slug: str, *, lang: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(slug, lang=lang))
    return view


def final_view(game_id: int, *, lang: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, lang=lang))
    view.add_item(ReplayButton(game_id, lang=lang))
    view.add_item(ReviewButton(game_id, lang.say(tx("Review"))))
    return view


#: Rows of public move buttons under a board (the last row is My moves / My hand / Undo).
QUICK_ROWS = 3
ROW_WIDTH = 5


def board_view(
    game_id: int, version: int, quick: list[list[Shown]], *, undo: str | None, lang: Lang
) -> discord.ui.View:
    """Components of the turn message: the public moves, grouped by action (buttons, a
    row per action where rows allow; a menu when there are too many for buttons), then
    My moves, My hand and, when the last step may be taken back, Undo (``undo``: the
    name of the one player who may). ``quick``'s labels are already in ``lang``, the
    table's language."""
    view = discord.ui.View(timeout=None)
    moves = [m for group in quick for m in group]
    fitting = [
        m for m in moves if len(move_id(game_id, version, m.mark, m.code)) <= CUSTOM_ID_LIMIT
    ]
    if len(fitting) == len(moves) and len(moves) <= QUICK_ROWS * ROW_WIDTH:
        for row, move in _rows(quick):
            button = MoveButton(game_id, version, move.mark, move.code, move.label)
            button.row = row
            view.add_item(button)
    elif len(moves) <= 25:
        public = MoveSelect(game_id, version, moves, tx("Choose a move"), lang=lang)
        public.row = 0
        view.add_item(public)
    for item in (TableButton(game_id, "moves", lang=lang), TableButton(game_id, "hand", lang=lang)):
        item.row = QUICK_ROWS
        view.add_item(item)
    if undo is not None:
        taking_back = UndoButton(game_id, version, undo, lang=lang)
        taking_back.row = QUICK_ROWS
        view.add_item(taking_back)
    return view


def _rows(groups: list[list[Shown]]) -> list[tuple[int, Shown]]:
    """Row of each button: each action starts a new row while that still fits in
    ``QUICK_ROWS`` rows; otherwise the buttons simply flow, five to a row."""
    needed = sum(-(-len(group) // ROW_WIDTH) for group in groups if group)
    placed: list[tuple[int, Shown]] = []
    if needed <= QUICK_ROWS:
        row = 0
        for group in groups:
            for start in range(0, len(group), ROW_WIDTH):
                placed += [(row, move) for move in group[start : start + ROW_WIDTH]]
                row += 1
        return placed
    flat = [move for group in groups for move in group]
    return [(index // ROW_WIDTH, move) for index, move in enumerate(flat)]


def picker_actions(
    game_id: int,
    version: int,
    actions: list[tuple[str, str]],
    page: int,
    pages: int,
    *,
    lang: Lang,
    helps: list[str] | None = None,
    hint: str | None = None,
) -> discord.ui.View:
    """The picker's first level: one page of actions (25 a page; their labels already in
    ``lang``, the reader's language), each with its one line of ``helps``; ``hint``: the
    Hint button's label (None: no hints at this table)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ActionSelect(game_id, version, actions, helps, lang=lang))
    _pager(view, game_id, version, "top", page, pages, back=False, lang=lang)
    if hint is not None:
        view.add_item(HintButton(game_id, version, hint))
    return view


def picker_moves(
    game_id: int,
    version: int,
    group: int,
    moves: list[Shown],
    page: int,
    pages: int,
    *,
    lang: Lang,
    hint: str | None = None,
) -> discord.ui.View:
    """The picker's second level: one page of one action's moves, Back, and Hint (its
    label, unless None)."""
    view = discord.ui.View(timeout=None)
    view.add_item(MoveSelect(game_id, version, moves, lang=lang))
    _pager(view, game_id, version, f"g{group}", page, pages, back=True, lang=lang)
    if hint is not None:
        view.add_item(HintButton(game_id, version, hint))
    return view


#: Discord's limit for a select option's description.
DESCRIPTION_LIMIT = 100


def clip_help(line: str) -> str:
    """One line of help as an option's description: at most Discord's 100 characters."""
    line = " ".join(line.split())
    return line if len(line) <= DESCRIPTION_LIMIT else line[: DESCRIPTION_LIMIT - 1] + "…"


def _pager(
    view: discord.ui.View,
    game_id: int,
    version: int,
    where: str,
    page: int,
    pages: int,
    *,
    back: bool,
    lang: Lang,
) -> None:
    """Back (to the actions) and Previous / More for a list longer than one menu."""

    def at(number: int) -> str:
        return f"top{number}" if where == "top" else f"{where}p{number}"

    if back:
        view.add_item(NavButton(game_id, version, "top0", "back", lang=lang))
    if page > 0:
        view.add_item(NavButton(game_id, version, at(page - 1), "prev", lang=lang))
    if page + 1 < pages:
        view.add_item(NavButton(game_id, version, at(page + 1), "next", lang=lang))
