"""Records the double keeps: users, guilds, channels, messages and interactions.

They are plain dataclasses so tests can read them directly; JSON shapes live in payloads.py.
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
HAS_THREAD = 1 << 5
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15
#: Component types the readers below look for (Discord's component reference).
THUMBNAIL, TEXT_DISPLAY, MEDIA_GALLERY = 11, 10, 12
#: How an embed names a file uploaded with its message.
ATTACHMENT_URL = "attachment://"


def snowflakes() -> Iterator[int]:
    """Increasing ids shaped like Discord snowflakes (their timestamp part is 'now')."""
    start = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
    return itertools.count(start, 1 << 12)


class ApiError(Exception):
    """A Discord error answer; `violation` says whether it means the bot misused the API."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        violation: bool = True,
        retry_after: float | None = None,
        is_global: bool = False,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.violation = violation
        self.retry_after = retry_after
        self.is_global = is_global

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        if self.retry_after is not None:
            body.update({"retry_after": self.retry_after, "global": self.is_global})
        return body


def invalid_form(problems: list[str]) -> ApiError:
    """Discord's 'Invalid Form Body' (50035), listing every problem found."""
    errors = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]}
    return ApiError(400, 50035, "Invalid Form Body", errors={"payload": errors})


@dataclass
class UserRecord:
    """A Discord user; `permissions` are granted through a personal role in every guild."""

    id: int
    name: str
    permissions: int = 0
    bot: bool = False
    display_name: str | None = None
    """The global display name, when it differs from the username (any text up to 32)."""
    locale: str = "en-US"
    """The language of the user's Discord client (an interaction's ``locale``)."""


@dataclass
class GuildRecord:
    """A guild; every user of the double is a member of every guild."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    """The community server's language (``preferred_locale``, an interaction's ``guild_locale``)."""


@dataclass
class ChannelRecord:
    """A text channel (type 0), a public (11) or private (12) thread (with a parent).

    `overwrites` are Discord permission overwrites ({id, type 0 role / 1 member, allow,
    deny}); `members` are who joined a private thread.
    """

    id: int
    guild_id: int
    name: str
    type: int
    position: int
    parent_id: int | None = None
    owner_id: int | None = None
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    members: set[int] = field(default_factory=set)
    archived: bool = False
    """A thread out of the channel list: a post brings it back, unless it is locked."""
    locked: bool = False
    """A thread only Manage Threads may bring back (or post in)."""

    @property
    def is_thread(self) -> bool:
        """Threads have their own payload shape and permission inheritance."""
        return self.type in (10, 11, 12)


@dataclass
class MessageRecord:
    """A message as it stands now (edits applied); attachments are (filename, bytes)."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    flags: int = 0
    edited: bool = False
    deleted: bool = False
    type: int = 0
    interaction_id: int | None = None
    attachment_ids: list[int] = field(default_factory=list, repr=False)
    pinged: list[int] = field(default_factory=list)
    """Users notified when the message was posted (content mentions that allowed_mentions let
    through); edits notify nobody."""
    pinged_everyone: bool = False
    """Whether an @everyone/@here in the content was let through."""
    revisions: list[str] = field(default_factory=list, repr=False)
    """The message's text (see `text`) as posted and after each edit, in order."""
    thread_id: int | None = None
    """The thread started from this message (it has the message's id, as on Discord)."""
    reference: tuple[int, int] | None = None
    """(channel, message) a system message refers to (a thread's starter message)."""

    @property
    def ephemeral(self) -> bool:
        """Only the invoking user sees ephemeral messages."""
        return bool(self.flags & EPHEMERAL)

    def buttons(self) -> list[tuple[str, str | None, bool]]:
        """(custom_id, label, disabled) of every interactive button, row by row."""
        return [
            (c["custom_id"], c.get("label"), bool(c.get("disabled", False)))
            for c in iter_components(self.components)
            if c.get("type") == 2 and c.get("custom_id")
        ]

    def image(self) -> bytes:
        """The bytes of the first attachment (the board image, for our bot)."""
        if not self.attachments:
            raise LookupError(f"message {self.id} has no attachment")
        return self.attachments[0][1]

    @property
    def components_v2(self) -> bool:
        """Whether the message is laid out in components (IS_COMPONENTS_V2): no content or
        embeds, its words in Text Displays and its pictures in media components."""
        return bool(self.flags & COMPONENTS_V2)

    def text_displays(self) -> list[str]:
        """The content of every Text Display, in reading order (sections' ones included)."""
        return [
            str(c.get("content") or "")
            for c in iter_components(self.components)
            if c.get("type") == TEXT_DISPLAY
        ]

    def media(self) -> list[tuple[str, str | None]]:
        """(url, alt text) of every picture the layout shows: media gallery items and
        thumbnails, in reading order; the url as sent (``attachment://name`` for a file
        of the message)."""
        found: list[tuple[str, str | None]] = []
        for component in iter_components(self.components):
            kind = component.get("type")
            shown = [component] if kind == THUMBNAIL else []
            if kind == MEDIA_GALLERY:
                shown = list(component.get("items") or [])
            found += [
                (str((item.get("media") or {}).get("url") or ""), item.get("description"))
                for item in shown
            ]
        return found

    def alt_texts(self) -> list[str | None]:
        """The alt text of every picture the layout shows (None where it has none)."""
        return [description for _, description in self.media()]

    def media_image(self, index: int = 0) -> bytes:
        """The bytes of the attached file the layout's ``index``-th picture shows."""
        shown = self.media()
        if index >= len(shown):
            raise LookupError(f"message {self.id} shows no picture {index} in its layout")
        return self._attached(shown[index][0])

    @property
    def text(self) -> str:
        """What a reader sees as text: the content, then each embed's title, description,
        fields and footer, then each Text Display, one per line."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            parts += [embed.get(key) or "" for key in ("title", "description")]
            for field_ in embed.get("fields") or []:
                parts += [field_.get("name") or "", field_.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += self.text_displays()
        return "\n".join(part for part in parts if part)

    def embed_image(self) -> bytes:
        """The bytes of the attachment the first embed shows (``attachment://name``);
        LookupError when it shows none, or names a file the message does not carry."""
        url = ((self.embeds[0] if self.embeds else {}).get("image") or {}).get("url") or ""
        if not url.startswith(ATTACHMENT_URL):
            raise LookupError(f"message {self.id} shows no attached image in an embed")
        return self._attached(url)

    def _attached(self, url: str) -> bytes:
        """The bytes of the file ``attachment://name`` names; LookupError when the url names
        no file, or one the message does not carry."""
        name = url.removeprefix(ATTACHMENT_URL)
        for filename, data in self.attachments:
            if url.startswith(ATTACHMENT_URL) and filename == name:
                return data
        raise LookupError(f"message {self.id} shows {url}, a file it does not carry")


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including those nested in rows and containers."""
    for component in components:
        yield component
        yield from iter_components(component.get("components", []))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield accessory


def numbered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of a components-v2 layout as Discord stores it: every component without an
    ``id`` gets the next free one, counting from 1 in reading order (Discord's component
    reference: ids are "generated sequentially if left empty", skipping those in use)."""
    copied = copy.deepcopy(components)
    used = {c["id"] for c in iter_components(copied) if c.get("id") is not None}
    free = (n for n in itertools.count(1) if n not in used)
    for component in iter_components(copied):
        if component.get("id") is None:
            component["id"] = next(free)
    return copied


@dataclass
class InteractionResult:
    """One interaction the double dispatched and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int
    dispatched_at: float
    name: str
    source: MessageRecord | None = None
    response: dict[str, Any] | None = None
    original: MessageRecord | None = None
    followups: list[MessageRecord] = field(default_factory=list)
    responded: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    finalised: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def response_type(self) -> int | None:
        """The callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 choices."""
        return None if self.response is None else int(self.response["type"])

    @property
    def answer(self) -> MessageRecord | None:
        """The message the user sees as the answer: the original response while it stands;
        once it was deleted (a "thinking…" placeholder that made way for an answer of
        another visibility), the first follow-up that still stands."""
        if self.original is not None and not self.original.deleted:
            return self.original
        return next((m for m in self.followups if not m.deleted), None)

    @property
    def ephemeral(self) -> bool:
        """Whether the answer (or the first response, or the message it updated) is
        ephemeral."""
        if self.answer is not None:
            return self.answer.ephemeral
        data = (self.response or {}).get("data") or {}
        return bool(int(data.get("flags", 0) or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        """Content of the answer as it stands now."""
        return self.answer.content if self.answer else ""

    @property
    def text(self) -> str:
        """Text of the answer as it stands now (content and embeds)."""
        return self.answer.text if self.answer else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds of the answer as it stands now."""
        return self.answer.embeds if self.answer else []

    @property
    def components(self) -> list[dict[str, Any]]:
        """Components of the answer as it stands now."""
        return self.answer.components if self.answer else []

    @property
    def attachments(self) -> list[tuple[str, bytes]]:
        """Attachments of the answer as they stand now."""
        return self.answer.attachments if self.answer else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices, when the answer was a type-8 callback."""
        if self.response_type != 8:
            return []
        return list((self.response or {}).get("data", {}).get("choices") or [])

    async def wait_final(self, timeout: float = 5.0) -> InteractionResult:
        """Wait until the answer is final: a deferred placeholder must have been edited."""
        await asyncio.wait_for(self.finalised.wait(), timeout)
        return self
