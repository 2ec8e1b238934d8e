"""What a click on one of our components does (docs/ARCHITECTURE.md §3).

The components, how each looks and what its custom_id carries, are
``bot.chat.views.components``. The client registers their templates (``DYNAMIC_ITEMS``),
so a click on any message of ours, however old, comes back as its item rebuilt from its
custom_id; the item hands it to :class:`Controls`, which the client wires as its
``controls``. Here the click passes the gate first, as the item's kind, naming the game
and version its custom_id carries; then what its kind does runs (``ACTS``: a handler,
found on the client's ``services`` through the small protocols below), and whatever that
raised is answered (``bot.chat.answers``): the click's one guard.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord

from bot.chat import language
from bot.chat.answers import answer_failure
from bot.chat.views.components import (
    ActionSelect,
    BoardPage,
    Gated,
    HintButton,
    IdleVoteButton,
    LeaveButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
    NavButton,
    OptionSelect,
    OutdatedMoveButton,
    PageButton,
    RematchButton,
    ReplayButton,
    ReviewButton,
    RulesButton,
    TableButton,
    UndoButton,
    UnknownKind,
    Unreadable,
)
from engine.text import Text, tx

Interaction = discord.Interaction[Any]

UNREADABLE = tx(
    "This button cannot be read (it is damaged, or from another version of the bot): "
    "use the newest board, or `/game status` to post it again."
)
OUTDATED = tx(
    "This button is from an older version of the board: use the newest board's buttons, "
    "or `/game status` to post it again."
)


class MoveHandler(Protocol):
    """What the move components ask (implemented by ``bot.chat.handlers.moves.Moves``)."""

    async def move_button(
        self, interaction: Interaction, game_id: int, version: int, mark: str, code: str
    ) -> None: ...

    async def undo(self, interaction: Interaction, game_id: int, version: int) -> None: ...


class PickerHandler(Protocol):
    """What My moves, its menus and My hand ask (``bot.chat.handlers.picker.Picker``)."""

    async def picker(self, interaction: Interaction, game_id: int) -> None: ...

    async def navigate(
        self, interaction: Interaction, game_id: int, version: int, where: str
    ) -> None: ...

    async def hand_for(self, interaction: Interaction, game_id: int) -> None: ...


class LobbyHandler(Protocol):
    """What the lobby card and Rematch ask (``bot.chat.handlers.lobby.Lobbies``)."""

    async def button(
        self, interaction: Interaction, game_id: int, action: str, terms: int | None
    ) -> None: ...

    async def option(
        self, interaction: Interaction, game_id: int, name: str, value: str, terms: int | None
    ) -> None: ...

    async def rematch(self, interaction: Interaction, game_id: int) -> None: ...


class LookupHandler(Protocol):
    """What "Full rules" asks (``bot.chat.handlers.lookups.Lookups``)."""

    async def rules(self, interaction: Interaction, slug: str) -> None: ...


class CoachHandler(Protocol):
    """What Hint and Review ask (``bot.chat.handlers.coach.Coach``)."""

    async def hint(self, interaction: Interaction) -> None: ...

    async def review(self, interaction: Interaction, game_id: int) -> None: ...


class RatingsHandler(Protocol):
    """What a leaderboard's page buttons ask of the ratings (implemented by ``Ratings``)."""

    async def turn_page(self, interaction: Interaction, page: BoardPage) -> None: ...


class ReplayHandler(Protocol):
    """What the Replay button asks of the replay service (implemented by ``Replays``)."""

    async def ask(self, interaction: Interaction, game_id: int | None) -> None: ...


class SeatHandler(Protocol):
    """What the components ask of attendance (implemented by ``Attendance``)."""

    async def idle_vote(
        self, interaction: Interaction, game_id: int, version: int, choice: str
    ) -> None: ...

    async def confirm_leave(self, interaction: Interaction, game_id: int) -> None: ...


class GateHandler(Protocol):
    """The gate every click passes first (implemented by ``bot.chat.access.gate.Gate``)."""

    async def component(
        self, interaction: Interaction, kind: str, game_id: int | None, version: int | None
    ) -> bool: ...


@runtime_checkable
class Handlers(Protocol):
    """The client's ``services``, as the controls see them: only what a click asks of
    each, so this module imports none of the handlers."""

    @property
    def moves(self) -> MoveHandler: ...

    @property
    def picker(self) -> PickerHandler: ...

    @property
    def lobby(self) -> LobbyHandler: ...

    @property
    def lookups(self) -> LookupHandler: ...

    @property
    def attendance(self) -> SeatHandler: ...

    @property
    def replays(self) -> ReplayHandler: ...

    @property
    def ratings(self) -> RatingsHandler: ...

    @property
    def gate(self) -> GateHandler: ...

    @property
    def coach(self) -> CoachHandler: ...


def handlers(interaction: Interaction) -> Handlers:
    found = getattr(interaction.client, "services", None)
    if not isinstance(found, Handlers):
        raise RuntimeError("components are used before the client wired its services")
    return found


async def answer_privately(interaction: Interaction, words: Text) -> None:
    """A private answer about the component itself, in the clicker's language."""
    await interaction.response.send_message(language.reader(interaction).say(words), ephemeral=True)


Item = TypeVar("Item", bound=Gated)
Act = Callable[[Interaction, Item], Awaitable[None]]

#: What a click on each kind of item does once the gate let it through (``on``).
ACTS: dict[type[Gated], Callable[[Interaction, Any], Awaitable[None]]] = {}


def on(*kinds: type[Item]) -> Callable[[Act[Item]], Act[Item]]:
    """Makes the function what a click on an item of ``kinds`` does."""

    def register(act: Act[Item]) -> Act[Item]:
        for kind in kinds:
            ACTS[kind] = act
        return act

    return register


@on(Unreadable, UnknownKind)
async def unreadable(interaction: Interaction, item: Gated) -> None:
    await answer_privately(interaction, UNREADABLE)


@on(OutdatedMoveButton)
async def outdated(interaction: Interaction, item: OutdatedMoveButton) -> None:
    await answer_privately(interaction, OUTDATED)


@on(LobbyButton)
async def lobby_button(interaction: Interaction, item: LobbyButton) -> None:
    await handlers(interaction).lobby.button(interaction, item.game_id, item.action, item.terms)


@on(OptionSelect)
async def lobby_option(interaction: Interaction, item: OptionSelect) -> None:
    await handlers(interaction).lobby.option(
        interaction, item.game_id, item.name, item.picked(), item.terms
    )


@on(RulesButton)
async def rules(interaction: Interaction, item: RulesButton) -> None:
    await handlers(interaction).lookups.rules(interaction, item.slug)


@on(RematchButton)
async def rematch(interaction: Interaction, item: RematchButton) -> None:
    await handlers(interaction).lobby.rematch(interaction, item.game_id)


@on(ReplayButton)
async def replay(interaction: Interaction, item: ReplayButton) -> None:
    await handlers(interaction).replays.ask(interaction, item.game_id)


@on(PageButton)
async def turn_page(interaction: Interaction, item: PageButton) -> None:
    await handlers(interaction).ratings.turn_page(interaction, item.target)


@on(MoveButton)
async def move(interaction: Interaction, item: MoveButton) -> None:
    await handlers(interaction).moves.move_button(
        interaction, item.game_id, item.version, item.mark, item.code
    )


@on(MoveSelect)
async def move_picked(interaction: Interaction, item: MoveSelect) -> None:
    mark, code = item.picked()
    await handlers(interaction).moves.move_button(
        interaction, item.game_id, item.version, mark, code
    )


@on(TableButton)
async def table(interaction: Interaction, item: TableButton) -> None:
    picker = handlers(interaction).picker
    if item.action == "moves":
        await picker.picker(interaction, item.game_id)
    else:
        await picker.hand_for(interaction, item.game_id)


@on(ActionSelect)
async def action_picked(interaction: Interaction, item: ActionSelect) -> None:
    where = item.picked()
    if where is None:
        await answer_privately(interaction, UNREADABLE)
        return
    await handlers(interaction).picker.navigate(interaction, item.game_id, item.version, where)


@on(NavButton)
async def navigate(interaction: Interaction, item: NavButton) -> None:
    await handlers(interaction).picker.navigate(interaction, item.game_id, item.version, item.where)


@on(UndoButton)
async def undo(interaction: Interaction, item: UndoButton) -> None:
    await handlers(interaction).moves.undo(interaction, item.game_id, item.version)


@on(IdleVoteButton)
async def idle_vote(interaction: Interaction, item: IdleVoteButton) -> None:
    await handlers(interaction).attendance.idle_vote(
        interaction, item.game_id, item.version, item.choice
    )


@on(LeaveButton)
async def confirm_leave(interaction: Interaction, item: LeaveButton) -> None:
    await handlers(interaction).attendance.confirm_leave(interaction, item.game_id)


@on(HintButton)
async def hint(interaction: Interaction, item: HintButton) -> None:
    await handlers(interaction).coach.hint(interaction)


@on(ReviewButton)
async def review(interaction: Interaction, item: ReviewButton) -> None:
    await handlers(interaction).coach.review(interaction, item.game_id)


class Controls:
    """What the components' clicks run (``bot.chat.views.components.Clicks``): the gate,
    then the act of the item's kind, its failure answered."""

    async def admit(self, interaction: Interaction, item: Gated) -> bool:
        """The gate, for the item's kind and the game and version it names (if any)."""
        game_id: int | None = getattr(item, "game_id", None)
        version: int | None = getattr(item, "version", None)
        return await handlers(interaction).gate.component(interaction, item.kind, game_id, version)

    async def click(self, interaction: Interaction, item: Gated) -> None:
        """The act of a click the gate let through; what it raised is answered."""
        try:
            await ACTS[type(item)](interaction, item)
        except Exception as error:
            await answer_failure(interaction, error)


#: The templates the client registers: a click on any of these, on any message of ours
#: however old, reaches :class:`Controls` (``Unreadable`` only stands in for a malformed one).
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    UnknownKind,
    LobbyButton,
    OptionSelect,
    RulesButton,
    RematchButton,
    ReplayButton,
    MoveButton,
    OutdatedMoveButton,
    TableButton,
    MoveSelect,
    ActionSelect,
    NavButton,
    UndoButton,
    IdleVoteButton,
    LeaveButton,
    PageButton,
    HintButton,
    ReviewButton,
)
