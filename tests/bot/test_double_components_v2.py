"""Components V2 as the double holds them to Discord's rules (its component reference, the
"Using Message Components" page and the message/webhook edit pages): with the
IS_COMPONENTS_V2 flag a message has no content, embeds, poll or stickers, at most 40
components however nested, 4000 characters of text displays in all, galleries of 1-10
pictures with alt text of at most 1024 characters, containers only at the top, sections
of 1-3 texts beside a button or a thumbnail, action rows at the top or in a container, and
unique custom_ids and ids; the flag, once set, stays. Without it, the old rules: action rows
only. Every request goes through the double as Discord would take it: raw on its REST
routes (a channel message, an interaction's answer, its follow-up and the edit of its
original), and from the real discord.py client sending a LayoutView."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.limits import component_problems, message_problems
from tests.bot.double.models import COMPONENTS_V2, EPHEMERAL
from tests.bot.test_double import PNG, TinyBot
from tests.bot.test_double_protocol import unanswered

V2 = COMPONENTS_V2
BOARD = "attachment://board.png"


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def gallery(count: int = 1, description: str | None = "The board") -> dict[str, Any]:
    item: dict[str, Any] = {"media": {"url": BOARD}}
    if description is not None:
        item["description"] = description
    return {"type": 12, "items": [item] * count}


def thumbnail(description: str = "A token") -> dict[str, Any]:
    return {"type": 11, "media": {"url": BOARD}, "description": description}


def section(*texts: dict[str, Any], accessory: dict[str, Any] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"type": 9, "components": list(texts)}
    if accessory is not None:
        found["accessory"] = accessory
    return found


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0x336699, "components": list(children)}


def layout(*components: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A components-v2 message body."""
    return {"flags": V2, "components": list(components)} | fields


#: A table message as the bot will send it: the words, the board with its alt text, a
#: section with its token, a separator and the buttons, all in a container.
TABLE = layout(
    container(
        text("## Alice's turn, round 3"),
        gallery(description="The board: Alice on Space Mountain, 12 points"),
        section(text("Bob, 9 points"), accessory=thumbnail("Bob's token")),
        {"type": 14, "divider": True, "spacing": 1},
        row(button("roll"), button("pass")),
    )
)


async def call(
    double: DiscordDouble,
    method: str,
    path: str,
    payload: dict[str, Any],
    files: dict[str, bytes] | None = None,
) -> tuple[int, Any]:
    """A raw request to the double, as JSON or (with files) as multipart/form-data whose
    ``files[n]`` are ``files``' names and bytes; its status and JSON body."""
    body: Any = None
    if files:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps(payload), content_type="application/json")
        for index, (name, data) in enumerate(files.items()):
            form.add_field(f"files[{index}]", data, filename=name, content_type="image/png")
        body = form
    headers = {"Authorization": f"Bot {double.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method,
            f"{double.url}/api/v10{path}",
            json=None if files else payload,
            data=body,
            headers=headers,
        ) as answer,
    ):
        return answer.status, await answer.json() if answer.status != 204 else None


def refused_as_discord_does(double: DiscordDouble, answer: tuple[int, Any], needle: str) -> None:
    """Discord's 400 Invalid Form Body (50035), recorded as the one violation (the request
    was the test's own: it is cleared), which names ``needle``."""
    status, body = answer
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body"), body
    assert "errors" in body
    (violation,) = double.violations
    assert needle in violation, violation
    double.violations.clear()


def channel_messages(double: DiscordDouble) -> list[MessageRecord]:
    return double.messages(double.ids["channel"])


# -- what a components-v2 message may be, one rule at a time ---------------------------------


def forty(extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """A container of 13 rows of 2 buttons: 40 components in all (the container, 13 rows and
    26 buttons); with ``extra`` beside it, 41."""
    rows = [row(button(f"a{i}"), button(f"b{i}")) for i in range(13)]
    return layout(container(*rows), *([extra] if extra else []))


ACCEPTED = {
    "a table message": TABLE,
    "40 components, nested ones counted": forty(),
    "4000 characters of text in all": layout(text("x" * 2000), container(text("y" * 2000))),
    "a gallery of 10 pictures": layout(gallery(10)),
    "alt text of 1024 characters": layout(gallery(description="d" * 1024)),
    "a picture without alt text": layout(gallery(description=None)),
    "a section of three texts beside a button": layout(
        section(text("a"), text("b"), text("c"), accessory=button("s"))
    ),
    "a file component naming an attachment": layout({"type": 13, "file": {"url": BOARD}}),
    "action rows at the top": layout(text("hi"), row(button("x"))),
    "content and embeds emptied": layout(text("hi"), content=None, embeds=[], sticker_ids=[]),
}

REFUSED = {
    "content": (layout(text("hi"), content="hello"), "content cannot be used"),
    "embeds": (layout(text("hi"), embeds=[{"title": "t"}]), "embeds cannot be used"),
    "stickers": (layout(text("hi"), sticker_ids=["1234"]), "sticker_ids cannot be used"),
    "a poll": (
        layout(
            text("hi"),
            poll={"question": {"text": "Q?"}, "answers": [{"poll_media": {"text": "A"}}]},
        ),
        "poll cannot be used",
    ),
    "41 components": (forty({"type": 14}), "more than 40 components"),
    "4001 characters of text": (
        layout(text("x" * 2000), container(text("y" * 2001))),
        "4001 chars together",
    ),
    "the same custom_id in a row and an accessory": (
        layout(row(button("go")), section(text("a"), accessory=button("go"))),
        "custom_ids must be unique",
    ),
    "the same component id twice": (
        layout(text("a") | {"id": 7}, text("b") | {"id": 7}),
        "component ids must be unique",
    ),
    "a file component naming a web address": (
        layout({"type": 13, "file": {"url": "https://example.com/board.png"}}),
        "only an attachment:// reference",
    ),
    # Refused by Discord's schema too: the double's own rule stands without it.
    "a gallery of 11 pictures": (layout(gallery(11)), "1-10 items, got 11"),
    "an empty gallery": (layout(gallery(0)), "1-10 items, got 0"),
    "alt text of 1025 characters": (layout(gallery(description="d" * 1025)), "1-1024"),
    "a thumbnail's alt text of 1025 characters": (
        layout(section(text("a"), accessory=thumbnail("d" * 1025))),
        "thumbnail description must be 1-1024",
    ),
    "a container in a container": (
        layout(container(container(text("a")))),
        "type 17 is not allowed in a container",
    ),
    "a thumbnail at the top": (layout(thumbnail()), "type 11 is not allowed at the top"),
    "a button at the top": (layout(button("x")), "type 2 is not allowed at the top"),
    "a section of four texts": (
        layout(section(*[text("t")] * 4, accessory=button("s"))),
        "1-3 text displays, got 4",
    ),
    "a section without accessory": (layout(section(text("a"))), "button or a thumbnail"),
    "a gallery in a section": (
        layout(section(text("a"), gallery(), accessory=button("s"))),
        "only text displays",
    ),
    "a text display in an action row": (layout(row(text("a"))), "not allowed in an action row"),
    "an empty text display": (layout(text("")), "needs content"),
    "an empty container": (layout(container()), "at least one component"),
}


@pytest.mark.parametrize("payload", ACCEPTED.values(), ids=ACCEPTED.keys())
async def test_discord_accepts_this_components_v2_message(
    double: DiscordDouble, payload: dict[str, Any]
) -> None:
    """Posted with the flag, stored with it, its components given ids as Discord gives."""
    status, body = await call(
        double, "POST", f"/channels/{double.ids['channel']}/messages", payload, {"board.png": PNG}
    )
    assert status == 200, body
    assert body["flags"] & V2 and body["content"] == "" and body["embeds"] == []
    (stored,) = channel_messages(double)
    assert stored.components_v2 and stored.content == "" and stored.embeds == []
    ids = [c.get("id") for c in _every(stored.components)]
    assert all(isinstance(i, int) for i in ids) and len(set(ids)) == len(ids), ids


def _every(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found += _every(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            found.append(component["accessory"])
    return found


@pytest.mark.parametrize(("payload", "needle"), REFUSED.values(), ids=REFUSED.keys())
async def test_discord_refuses_this_components_v2_message(
    double: DiscordDouble, payload: dict[str, Any], needle: str
) -> None:
    """400 Invalid Form Body, nothing posted; and the double's own rule names the problem
    (the benchmark's double checks no schema: the rule must hold without it)."""
    answer = await call(double, "POST", f"/channels/{double.ids['channel']}/messages", payload)
    refused_as_discord_does(double, answer, "")
    assert channel_messages(double) == []
    problems = message_problems(payload, [], creating=True)
    assert any(needle in p for p in problems), problems


async def test_without_the_flag_only_action_rows_stand_at_the_top(double: DiscordDouble) -> None:
    """The old rules: a text display or a container without the flag is refused; rows of
    buttons beside content are taken as ever, and the message is not components-v2."""
    where = f"/channels/{double.ids['channel']}/messages"
    for component in (text("hi"), container(text("hi"))):
        answer = await call(double, "POST", where, {"components": [component]})
        refused_as_discord_does(double, answer, "needs an action row")
    status, body = await call(
        double, "POST", where, {"content": "hi", "components": [row(button("x"))]}
    )
    assert status == 200 and not body["flags"] & V2
    (stored,) = channel_messages(double)
    assert (
        not stored.components_v2
        and stored.text == "hi"
        and stored.buttons() == [("x", "Go", False)]
    )


def test_the_rules_are_the_doubles_own() -> None:
    """The limits without the schema: the table message has no problem; the count includes
    accessories; a text display's 4000 is the whole message's."""
    assert component_problems(TABLE["components"], V2) == []
    sections = [section(text("a"), accessory=button(f"s{i}")) for i in range(13)]
    assert component_problems([*sections, text("x")], V2) == [], "13 × 3 + 1 = 40"
    assert component_problems([*sections, text("x"), text("y")], V2) == [
        "more than 40 components in a components-v2 message"
    ]
    assert component_problems([text("x" * 4000)], V2) == []
    assert component_problems([text("x" * 4000), text("y")], V2) == [
        "text displays hold 4001 chars together (max 4000)"
    ]


# -- what tests read of a stored components-v2 message -----------------------------------------


async def test_a_stored_layout_reads_as_words_and_pictures(double: DiscordDouble) -> None:
    """Its text displays (in reading order, in `text` too), the pictures' alt texts and the
    bytes they show; Discord's answer points the media at the attachment it names."""
    status, body = await call(
        double, "POST", f"/channels/{double.ids['channel']}/messages", TABLE, {"board.png": PNG}
    )
    assert status == 200
    (stored,) = channel_messages(double)
    assert stored.text_displays() == ["## Alice's turn, round 3", "Bob, 9 points"]
    assert stored.text == "## Alice's turn, round 3\nBob, 9 points"
    assert stored.alt_texts() == ["The board: Alice on Space Mountain, 12 points", "Bob's token"]
    assert stored.media() == [(BOARD, stored.alt_texts()[0]), (BOARD, "Bob's token")]
    assert stored.media_image() == PNG and stored.media_image(1) == PNG
    with pytest.raises(LookupError):
        stored.media_image(2)
    assert stored.buttons() == [("roll", "Go", False), ("pass", "Go", False)]
    media = body["components"][0]["components"][1]["items"][0]["media"]
    assert media["url"] == body["attachments"][0]["url"]
    assert media["attachment_id"] == body["attachments"][0]["id"]


# -- edits: the flag is set once and for all -----------------------------------------------


async def test_the_flag_cannot_be_removed_and_keeps_its_rules(double: DiscordDouble) -> None:
    """An edit of a components-v2 message that drops the flag is refused; one without
    `flags` keeps it, so content stays refused; a new layout is taken."""
    where = f"/channels/{double.ids['channel']}/messages"
    status, body = await call(double, "POST", where, layout(text("before")))
    assert status == 200
    edit = f"{where}/{body['id']}"
    answer = await call(double, "PATCH", edit, {"flags": 0, "components": [row(button("x"))]})
    refused_as_discord_does(double, answer, "cannot be removed")
    refused_as_discord_does(double, await call(double, "PATCH", edit, {"content": "hi"}), "content")
    status, body = await call(double, "PATCH", edit, {"components": [text("after")]})
    assert status == 200 and body["flags"] & V2
    status, _ = await call(double, "PATCH", edit, {"content": None, "embeds": []})
    assert status == 200
    (stored,) = channel_messages(double)
    assert stored.components_v2 and stored.text_displays() == ["after"]
    assert stored.revisions == ["before", "after", "after"]


async def test_an_older_message_takes_the_flag_once_its_words_are_emptied(
    double: DiscordDouble,
) -> None:
    """Setting the flag by an edit: refused while the message keeps content or embeds,
    taken when the edit empties them; then the message is components-v2."""
    where = f"/channels/{double.ids['channel']}/messages"
    status, body = await call(
        double, "POST", where, {"content": "hello", "embeds": [{"title": "t"}]}
    )
    assert status == 200
    edit = f"{where}/{body['id']}"
    answer = await call(double, "PATCH", edit, layout(text("now")))
    refused_as_discord_does(double, answer, "content must be emptied")
    answer = await call(double, "PATCH", edit, layout(text("now"), content=None))
    refused_as_discord_does(double, answer, "embeds must be emptied")
    status, body = await call(double, "PATCH", edit, layout(text("now"), content=None, embeds=[]))
    assert status == 200 and body["flags"] & V2
    (stored,) = channel_messages(double)
    assert stored.components_v2 and stored.text == "now" and stored.embeds == []


# -- interaction answers, follow-ups and edits of the original ---------------------------------


async def test_an_interaction_answer_follows_the_same_rules(double: DiscordDouble) -> None:
    """A callback's message (4): content with the flag refused, a layout taken and kept
    components-v2; a follow-up likewise; the original's edit cannot drop the flag."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        callback = f"/interactions/{result.id}/{result.token}/callback"
        answer = await call(
            double, "POST", callback, {"type": 4, "data": layout(text("a"), content="b")}
        )
        refused_as_discord_does(double, answer, "content cannot be used")
        assert result.response is None
        data = layout(text("Your hand"), gallery(description="Three cards"), flags=V2 | EPHEMERAL)
        status, _ = await call(
            double, "POST", callback, {"type": 4, "data": data}, {"board.png": PNG}
        )
        assert status == 204
        await click
        assert result.original is not None and result.original.components_v2
        assert result.ephemeral and result.text == "Your hand"
        assert result.original.alt_texts() == ["Three cards"]
        hook = f"/webhooks/{double.bot_id}/{result.token}"
        answer = await call(double, "PATCH", f"{hook}/messages/@original", {"flags": EPHEMERAL})
        refused_as_discord_does(double, answer, "cannot be removed")
        answer = await call(
            double, "POST", f"{hook}?wait=true", layout(forty()["components"][0], text("x"))
        )
        refused_as_discord_does(double, answer, "more than 40 components")
        status, body = await call(double, "POST", f"{hook}?wait=true", layout(text("follow")))
        assert status == 200 and body["flags"] & V2
        assert result.followups[-1].components_v2 and result.followups[-1].text == "follow"


async def test_a_deferred_answer_takes_the_flag_with_its_follow_up(double: DiscordDouble) -> None:
    """The deferral may name IS_COMPONENTS_V2, which Discord takes and ignores: the
    "thinking…" placeholder is no layout, and a follow-up without the flag meets the old
    rules; the follow-up with it replaces the placeholder and makes it components-v2."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        callback = f"/interactions/{result.id}/{result.token}/callback"
        deferral = {"type": 5, "data": {"flags": EPHEMERAL | V2}}
        assert (await call(double, "POST", callback, deferral))[0] == 204
        assert result.original is not None and not result.original.components_v2
        hook = f"/webhooks/{double.bot_id}/{result.token}"
        answer = await call(
            double, "POST", hook, {"components": [text("done")], "flags": EPHEMERAL}
        )
        refused_as_discord_does(double, answer, "needs an action row")
        done = layout(text("done"), flags=V2 | EPHEMERAL)
        assert (await call(double, "POST", f"{hook}?wait=true", done))[0] == 200
        await click
        assert result.original.components_v2 and result.ephemeral and result.text == "done"
        edit = f"{hook}/messages/@original"
        answer = await call(double, "PATCH", edit, {"embeds": [{"title": "t"}]})
        refused_as_discord_does(double, answer, "embeds cannot be used")


async def test_an_update_turns_the_clicked_message_into_a_layout(double: DiscordDouble) -> None:
    """UPDATE_MESSAGE (7) edits the message clicked: setting the flag there needs its
    content emptied, as any edit does."""
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        result, click = await unanswered(double)
        assert result.source is not None and result.source.content
        callback = f"/interactions/{result.id}/{result.token}/callback"
        answer = await call(double, "POST", callback, {"type": 7, "data": layout(text("table"))})
        refused_as_discord_does(double, answer, "content must be emptied")
        data = layout(text("table"), content=None)
        assert (await call(double, "POST", callback, {"type": 7, "data": data}))[0] == 204
        await click
        assert result.source.components_v2 and result.source.text == "table"


# -- the real discord.py client ----------------------------------------------------------------


class TableLayout(discord.ui.LayoutView):
    """A table message in discord.py's components-v2 view."""

    def __init__(self, headline: str) -> None:
        super().__init__(timeout=None)
        actions: discord.ui.ActionRow[TableLayout] = discord.ui.ActionRow()
        actions.add_item(discord.ui.Button(label="Roll", custom_id="roll"))
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(headline),
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem(BOARD, description="The board in words")
                ),
                discord.ui.Separator(),
                actions,
                accent_colour=discord.Colour(0x336699),
            )
        )


async def test_discord_py_sends_a_layout_view(double: DiscordDouble) -> None:
    """discord.py's LayoutView goes through with its flag and file; the double stores it for
    tests to read and answers as Discord does (discord.py parses the flag back); an edit with
    a new layout is taken, one that adds content is Discord's 400."""
    async with double.running(TinyBot()) as bot:
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        file = discord.File(io.BytesIO(PNG), filename="board.png")
        sent = await channel.send(view=TableLayout("Alice's turn"), file=file)
        assert sent.flags.components_v2
        (stored,) = channel_messages(double)
        assert stored.components_v2 and stored.text == "Alice's turn"
        assert stored.alt_texts() == ["The board in words"] and stored.media_image() == PNG
        assert stored.buttons() == [("roll", "Roll", False)]
        edited = await sent.edit(view=TableLayout("Bob's turn"))
        assert edited.flags.components_v2 and stored.text == "Bob's turn"
        with pytest.raises(discord.HTTPException) as refused:
            await sent.edit(content="words outside the layout")
        assert refused.value.status == 400 and refused.value.code == 50035
    assert stored.text == "Bob's turn"
    (violation,) = double.violations
    assert "content cannot be used" in violation
    double.violations.clear()
