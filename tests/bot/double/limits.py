"""Discord's documented limits (docs/ARCHITECTURE.md §9 and the v10 API spec), as problem lists.

Each function returns human-readable problems; an empty list means Discord would accept it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tests.bot.double.models import ATTACHMENT_URL, COMPONENTS_V2, MessageRecord, iter_components

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_FIELDS_MAX = 25
ACTION_ROWS_MAX = 5
ROW_ITEMS_MAX = 5
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
COMMAND_OPTIONS_MAX = 25
DESCRIPTION_MAX = 100
ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
ATTACHMENTS_MAX = 10
GLOBAL_COMMANDS_MAX = 100
#: A command's names, descriptions and values, its options' and choices' with them (Discord's
#: application-commands page: 8000 since it was raised from 4000).
COMMAND_TOTAL_MAX = 8000
# Discord's regex is ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$; \w is the close stdlib match.
NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
SUBCOMMAND, GROUP = 1, 2


def _length(value: object) -> int:
    return len(value) if isinstance(value, str) else 0


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    """≤ 10 embeds; title 256, description 4096, ≤ 25 fields (256/1024), total ≤ 6000."""
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    total = 0
    for index, embed in enumerate(embeds):
        for key, limit in EMBED_TEXT_LIMITS.items():
            if _length(embed.get(key)) > limit:
                problems.append(f"embed {index} {key} longer than {limit}")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"embed {index} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
        for field in fields:
            if not 1 <= _length(field.get("name")) <= 256:
                problems.append(f"embed {index} field name must be 1-256 chars")
            if not 1 <= _length(field.get("value")) <= 1024:
                problems.append(f"embed {index} field value must be 1-1024 chars")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        if _length(footer) > 2048:
            problems.append(f"embed {index} footer longer than 2048")
        if _length(author) > 256:
            problems.append(f"embed {index} author name longer than 256")
        total += _length(embed.get("title")) + _length(embed.get("description"))
        total += _length(footer) + _length(author)
        total += sum(_length(f.get("name")) + _length(f.get("value")) for f in fields)
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds total {total} chars (max {EMBED_TOTAL_MAX})")
    return problems


def _custom_id_problems(component: dict[str, Any]) -> list[str]:
    custom_id = component.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        return [f"custom_id must be 1-{CUSTOM_ID_MAX} chars, got {custom_id!r}"]
    return []


def _button_problems(button: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if button.get("style") == 5:
        if not button.get("url") or "custom_id" in button:
            problems.append("link buttons need a url and no custom_id")
    elif button.get("style") != 6:
        problems.extend(_custom_id_problems(button))
    if _length(button.get("label")) > 80:
        problems.append(f"button label longer than 80: {button.get('label')!r}")
    if not button.get("label") and not button.get("emoji"):
        problems.append("a button needs a label or an emoji")
    return problems


def _select_problems(select: dict[str, Any]) -> list[str]:
    problems = _custom_id_problems(select)
    if _length(select.get("placeholder")) > 150:
        problems.append("select placeholder longer than 150")
    options = select.get("options")
    if select.get("type") == 3:
        options = options or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            problems.append(f"select has {len(options)} options (1-{SELECT_OPTIONS_MAX})")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append("select option values must be unique")
        for option in options:
            for key in ("label", "value"):
                if not 1 <= _length(option.get(key)) <= 100:
                    problems.append(f"select option {key} must be 1-100 chars: {option.get(key)!r}")
            if _length(option.get("description")) > 100:
                problems.append("select option description longer than 100")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        problems.append(f"select min/max values {low}/{high} out of range")
    return problems


def _row_problems(row: dict[str, Any]) -> list[str]:
    items = row.get("components") or []
    if not 1 <= len(items) <= ROW_ITEMS_MAX:
        return [f"an action row holds 1-{ROW_ITEMS_MAX} components, got {len(items)}"]
    problems: list[str] = []
    selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
    if selects and len(items) > 1:
        problems.append("a select menu must be alone in its action row")
    for item in items:
        if item.get("type") == 2:
            problems.extend(_button_problems(item))
        elif item in selects:
            problems.extend(_select_problems(item))
        else:
            problems.append(f"component type {item.get('type')} is not allowed in an action row")
    return problems


def component_problems(components: list[dict[str, Any]], flags: int = 0) -> list[str]:
    """Legacy (no IS_COMPONENTS_V2): ≤ 5 action rows of ≤ 5 buttons or one select. With the
    flag, the layout rules of ``layout_problems``. Either way custom_ids 1-100 and unique."""
    problems: list[str] = []
    if flags & COMPONENTS_V2:
        if sum(1 for _ in iter_components(components)) > V2_COMPONENTS_MAX:
            problems.append("more than 40 components in a components-v2 message")
        problems.extend(layout_problems(components))
    else:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(f"{len(components)} action rows (max {ACTION_ROWS_MAX})")
        for row in components:
            if row.get("type") != ACTION_ROW:
                problems.append(f"top-level component type {row.get('type')} needs an action row")
            else:
                problems.extend(_row_problems(row))
    ids = [c["custom_id"] for c in iter_components(components) if "custom_id" in c]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        problems.append(f"custom_ids must be unique within a message: {duplicates}")
    return problems


# -- Components V2 (Discord's component reference: docs.discord.com/developers/components) ----

ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL = 1, 2, 9, 10, 11
MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 12, 13, 14, 17
#: "Messages allow up to 40 total components" (nested ones and accessories included).
V2_COMPONENTS_MAX = 40
#: "The combined length of all text across all components cannot exceed 4000 characters."
V2_TEXT_MAX = 4000
GALLERY_ITEMS_MAX = 10
MEDIA_DESCRIPTION_MAX = 1024
SECTION_TEXTS_MAX = 3
#: What may stand at a components-v2 message's top level, and inside a Container (the same,
#: less the Container itself: containers do not nest).
TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
IN_CONTAINER = TOP_LEVEL - {CONTAINER}


def _media_problems(media: object, where: str, description: object) -> list[str]:
    """An unfurled media item needs a url; alt text is 1-1024 characters when given."""
    problems: list[str] = []
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        problems.append(f"{where} needs a media url")
    if description is not None and not (
        isinstance(description, str) and 1 <= len(description) <= MEDIA_DESCRIPTION_MAX
    ):
        problems.append(f"{where} description must be 1-{MEDIA_DESCRIPTION_MAX} chars")
    return problems


def _section_problems(section: dict[str, Any]) -> list[str]:
    """One to three Text Displays beside one accessory, a Button or a Thumbnail."""
    problems: list[str] = []
    texts = section.get("components") or []
    if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
        problems.append(f"a section holds 1-{SECTION_TEXTS_MAX} text displays, got {len(texts)}")
    if any(t.get("type") != TEXT_DISPLAY for t in texts):
        problems.append("a section holds only text displays")
    accessory = section.get("accessory")
    kind = accessory.get("type") if isinstance(accessory, dict) else None
    if kind == BUTTON and isinstance(accessory, dict):
        problems.extend(_button_problems(accessory))
    elif kind == THUMBNAIL and isinstance(accessory, dict):
        problems.extend(
            _media_problems(accessory.get("media"), "thumbnail", accessory.get("description"))
        )
    else:
        problems.append("a section needs a button or a thumbnail as its accessory")
    return problems


def _placed_problems(component: dict[str, Any], allowed: frozenset[int], where: str) -> list[str]:
    """One component of a components-v2 layout, placed ``where`` (which admits ``allowed``)."""
    kind = component.get("type")
    if kind not in allowed:
        return [f"component type {kind} is not allowed {where}"]
    if kind == ACTION_ROW:
        return _row_problems(component)
    if kind == SECTION:
        return _section_problems(component)
    if kind == TEXT_DISPLAY:
        content = component.get("content")
        if not isinstance(content, str) or not content:
            return ["a text display needs content"]
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        problems = []
        if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
            problems.append(f"a media gallery holds 1-{GALLERY_ITEMS_MAX} items, got {len(items)}")
        for index, item in enumerate(items):
            problems += _media_problems(
                item.get("media"), f"media gallery item {index}", item.get("description")
            )
        return problems
    elif kind == FILE:
        url = (component.get("file") or {}).get("url")
        if not isinstance(url, str) or not url.startswith(ATTACHMENT_URL):
            return ["a file component takes only an attachment:// reference"]
    elif kind == SEPARATOR and component.get("spacing") not in (None, 1, 2):
        return ["a separator's spacing is 1 (small) or 2 (large)"]
    elif kind == CONTAINER:
        children = component.get("components") or []
        if not children:
            return ["a container holds at least one component"]
        return [p for c in children for p in _placed_problems(c, IN_CONTAINER, "in a container")]
    return []


def layout_problems(components: list[dict[str, Any]]) -> list[str]:
    """Components V2 beyond the count: what goes where (rows, sections, texts, galleries,
    files and separators at the top or in a container; containers only at the top; a
    thumbnail only as a section's accessory), each kind's own limits, all text displays
    together ≤ 4000 characters, and component ids unique within the message."""
    problems = [p for c in components for p in _placed_problems(c, TOP_LEVEL, "at the top level")]
    everything = list(iter_components(components))
    text = sum(_length(c.get("content")) for c in everything if c.get("type") == TEXT_DISPLAY)
    if text > V2_TEXT_MAX:
        problems.append(f"text displays hold {text} chars together (max {V2_TEXT_MAX})")
    ids = [c["id"] for c in everything if c.get("id") is not None]
    if len(set(ids)) != len(ids):
        problems.append(f"component ids must be unique within a message: {sorted(ids)}")
    return problems


#: Fields a components-v2 message cannot use (its words go in Text Displays instead).
LEGACY_FIELDS = ("content", "embeds", "poll", "sticker_ids")


def legacy_field_problems(payload: dict[str, Any], current: MessageRecord | None) -> list[str]:
    """A components-v2 message carries no content, embeds, poll or stickers: a request that
    sets one is refused, and one that first sets the flag on an older message must empty
    the content and embeds that message has (Discord's "Edit Message" page)."""
    problems = [
        f"{name} cannot be used with the IS_COMPONENTS_V2 flag"
        for name in LEGACY_FIELDS
        if payload.get(name)
    ]
    if current is not None and not current.flags & COMPONENTS_V2:
        for name, kept in (("content", current.content), ("embeds", current.embeds)):
            if kept and name not in payload:
                problems.append(f"{name} must be emptied to set the IS_COMPONENTS_V2 flag")
    return problems


MENTION_KINDS = ("users", "roles", "everyone")


def allowed_mentions_problems(allowed: object) -> list[str]:
    """`parse` of users/roles/everyone; a users/roles list (≤ 100) excludes parsing that kind."""
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return ["allowed_mentions must be an object"]
    problems: list[str] = []
    parse = allowed.get("parse") or []
    if any(kind not in MENTION_KINDS for kind in parse):
        problems.append(f"allowed_mentions.parse has unknown kinds: {parse}")
    for kind in ("users", "roles"):
        listed = allowed.get(kind) or []
        if len(listed) > 100:
            problems.append(f"allowed_mentions.{kind} lists {len(listed)} ids (max 100)")
        if listed and kind in parse:
            problems.append(f"allowed_mentions: {kind} in parse and a {kind} list are exclusive")
    return problems


def message_problems(
    payload: dict[str, Any],
    files: list[tuple[str, bytes]],
    *,
    creating: bool,
    current: MessageRecord | None = None,
) -> list[str]:
    """Content ≤ 2000, embeds, components and attachments; a new message must not be empty.
    ``current`` is the message an edit changes: a components-v2 one stays so (the flag can be
    set, never removed), and its components keep the components-v2 rules."""
    problems: list[str] = []
    content = payload.get("content")
    if content is not None and not isinstance(content, str):
        problems.append("content must be a string")
    elif _length(content) > CONTENT_MAX:
        problems.append(f"content is {len(content or '')} chars (max {CONTENT_MAX})")
    problems.extend(embed_problems(payload.get("embeds") or []))
    problems.extend(allowed_mentions_problems(payload.get("allowed_mentions")))
    asked = payload.get("flags")
    kept = current.flags & COMPONENTS_V2 if current is not None else 0
    flags = int(asked or 0) | kept
    if kept and asked is not None and not int(asked) & COMPONENTS_V2:
        problems.append("the IS_COMPONENTS_V2 flag cannot be removed from a message")
    if flags & COMPONENTS_V2:
        problems.extend(legacy_field_problems(payload, current))
    problems.extend(component_problems(payload.get("components") or [], flags))
    if len(files) > ATTACHMENTS_MAX:
        problems.append(f"{len(files)} attachments (max {ATTACHMENTS_MAX})")
    empty = not (content or payload.get("embeds") or payload.get("components") or files)
    if creating and empty and not payload.get("poll") and not payload.get("sticker_ids"):
        problems.append("cannot send an empty message")
    return problems


def oversized_files(files: Iterable[tuple[str, bytes]]) -> list[str]:
    """Attachments over 10 MiB (Discord answers 413 for these)."""
    return [
        f"attachment {name} is {len(data)} bytes (max {ATTACHMENT_MAX_BYTES})"
        for name, data in files
        if len(data) > ATTACHMENT_MAX_BYTES
    ]


def choice_problems(choices: list[dict[str, Any]], where: str) -> list[str]:
    """≤ 25 choices with name 1-100 chars and string values ≤ 100 chars."""
    problems: list[str] = []
    if len(choices) > CHOICES_MAX:
        problems.append(f"{where}: {len(choices)} choices (max {CHOICES_MAX})")
    for choice in choices:
        if not 1 <= _length(choice.get("name")) <= CHOICE_TEXT_MAX:
            problems.append(f"{where}: choice name must be 1-100 chars: {choice.get('name')!r}")
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= CHOICE_TEXT_MAX:
            problems.append(f"{where}: choice value must be 1-100 chars: {value!r}")
        elif not isinstance(value, str | int | float):
            problems.append(f"{where}: choice value must be a string or a number")
    return problems


def _longest(item: dict[str, Any], field: str) -> int:
    """A name's or description's characters as the budget counts them: its longest form,
    the default or a localization (Discord counts only the longest of each field)."""
    forms = [item.get(field), *_localized(item, field).values()]
    return max(_length(form) for form in forms)


def _text(item: dict[str, Any]) -> int:
    """Characters counted towards a command's budget (``COMMAND_TOTAL_MAX``): names, descriptions
    and values of the command, its options (subcommands and groups too) and choices."""
    total = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        total += _longest(choice, "name") + _length(str(choice.get("value")))
    return total + sum(_text(option) for option in item.get("options") or [])


#: The languages Discord's clients speak (the keys of ``name_localizations``).
DISCORD_LOCALES = frozenset(
    {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu"}
    | {"nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru"}
    | {"uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"}
)


def _localized(item: dict[str, Any], field: str) -> dict[str, Any]:
    """``item``'s ``<field>_localizations`` (a malformed one as a locale Discord lacks)."""
    found = item.get(f"{field}_localizations") or {}
    return found if isinstance(found, dict) else {"?": found}


def localization_problems(items: list[dict[str, Any]], where: str, *, choices: bool) -> list[str]:
    """Names and descriptions in other languages keep the rules of the default ones: known
    locales, the name rules (choices: 1-100 chars), descriptions 1-100, and names unique
    among siblings in each language as in the default one."""
    problems: list[str] = []
    per_locale: dict[str, list[str]] = {}
    for item in items:
        inner = f"{where} {item.get('name')}"
        for field in ("name", "description"):
            for locale, text in _localized(item, field).items():
                if locale not in DISCORD_LOCALES:
                    problems.append(f"{inner}: {field}_localizations has unknown locale {locale!r}")
                elif field == "description":
                    problems += _description_problems(text, f"{inner} [{locale}]")
                elif choices:
                    if not 1 <= _length(text) <= CHOICE_TEXT_MAX:
                        problems.append(f"{inner} [{locale}]: choice name must be 1-100 chars")
                else:
                    problems += _name_problems(text, f"{inner} [{locale}]")
        for locale in DISCORD_LOCALES:
            name = _localized(item, "name").get(locale) or item.get("name")
            per_locale.setdefault(locale, []).append(str(name))
    for locale, names in sorted(per_locale.items()):
        if not choices and len(set(names)) != len(names):
            problems.append(f"{where}: names in {locale} must be unique: {sorted(names)}")
    return problems


def _name_problems(name: object, where: str) -> list[str]:
    if not isinstance(name, str) or not NAME_RE.match(name) or name != name.lower():
        return [f"{where}: name {name!r} must be 1-32 lowercase letters, digits, - _ or '"]
    return []


def _description_problems(description: object, where: str) -> list[str]:
    if not isinstance(description, str) or not 1 <= len(description) <= DESCRIPTION_MAX:
        return [f"{where}: description must be 1-{DESCRIPTION_MAX} chars, got {description!r}"]
    return []


def _options_problems(options: list[dict[str, Any]], where: str, depth: int) -> list[str]:
    problems: list[str] = []
    if len(options) > COMMAND_OPTIONS_MAX:
        problems.append(f"{where}: {len(options)} options (max {COMMAND_OPTIONS_MAX})")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}: option names must be unique")
    kinds = {o.get("type") in (SUBCOMMAND, GROUP) for o in options}
    if len(kinds) > 1:
        problems.append(f"{where}: subcommands cannot be mixed with plain options")
    problems += localization_problems(options, where, choices=False)
    seen_optional = False
    for option in options:
        inner = f"{where} {option.get('name')}"
        kind = option.get("type")
        problems += _name_problems(option.get("name"), inner)
        problems += _description_problems(option.get("description"), inner)
        if (kind == GROUP and depth > 0) or (kind == SUBCOMMAND and depth > 1):
            problems.append(f"{inner}: subcommands nest at most group > subcommand")
        if kind in (SUBCOMMAND, GROUP):
            children = option.get("options") or []
            if kind == GROUP and any(c.get("type") != SUBCOMMAND for c in children):
                problems.append(f"{inner}: a group may only hold subcommands")
            problems += _options_problems(children, inner, depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{inner}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            problems.append(f"{inner}: autocomplete cannot be combined with choices")
        problems += choice_problems(choices, inner)
        problems += localization_problems(choices, inner, choices=True)
    return problems


def command_problems(commands: list[dict[str, Any]], *, is_global: bool) -> list[str]:
    """Names 1-32 lowercase, descriptions 1-100, ≤ 25 options, valid choices and nesting."""
    problems: list[str] = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if is_global and len(chat) > GLOBAL_COMMANDS_MAX:
        problems.append(f"{len(chat)} global commands (max {GLOBAL_COMMANDS_MAX})")
    keys = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(keys)) != len(keys):
        problems.append("command names must be unique per command type")
    problems += localization_problems(chat, "", choices=False)
    for command in commands:
        where = f"/{command.get('name')}"
        if command.get("type", 1) != 1:
            if not 1 <= _length(command.get("name")) <= 32:
                problems.append(f"{where}: context menu name must be 1-32 chars")
            continue
        problems += _name_problems(command.get("name"), where)
        problems += _description_problems(command.get("description"), where)
        problems += _options_problems(command.get("options") or [], where, 0)
        if _text(command) > COMMAND_TOTAL_MAX:
            problems.append(f"{where}: more than {COMMAND_TOTAL_MAX} characters in total")
    return problems
