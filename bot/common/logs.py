"""Logging for ``python -m bot``: at any level, including DEBUG, the log never holds a
token, a hand or a secret choice.

The libraries are chatty at DEBUG: aiosqlite logs every statement with its parameters
(whole game snapshots, so every hand), discord.py logs request bodies (private answers),
gateway events (interactions with their tokens and the options people chose) and webhook
URLs (which carry interaction tokens). :class:`Redactor` sits on the handler, so it sees
every record: it drops aiosqlite's statement log, reduces discord.py's payload dumps to
what they were about, and scrubs tokens from everything else, tracebacks included.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable
from typing import Any, TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

#: Tokens in URLs: interaction callbacks and interaction webhooks.
_URL_TOKENS = re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s'\"?]+")
#: A "token" field in any JSON or Python dict text.
_TOKEN_FIELDS = re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+""")
#: Bot tokens have three dot-separated base64 parts.
_BOT_TOKEN = re.compile(r"\b[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,40}\b")


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` without tokens: in URLs, in ``token`` fields, shaped like a bot token, and
    the given ``secrets`` wherever they occur."""
    text = _URL_TOKENS.sub(r"\1<token>", text)
    text = _TOKEN_FIELDS.sub(r"\1<token>", text)
    text = _BOT_TOKEN.sub("<token>", text)
    for secret in secrets:
        if secret:
            text = text.replace(secret, "<token>")
    return text


def summary(value: Any) -> str:
    """What a payload was, without its content."""
    if isinstance(value, dict):
        about = [f"{key}={value[key]}" for key in ("op", "t", "s") if key in value]
        return "{" + ", ".join(about or [f"{len(value)} fields"]) + "}"
    if isinstance(value, list | tuple):
        return f"[{len(value)} items]"
    if value is None or isinstance(value, int | float | bool):
        return str(value)
    return f"<{type(value).__name__}>"


class Redactor(logging.Filter):
    """Drops or rewrites records so that no secret reaches the handler's output."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        chatty = record.levelno < logging.INFO
        if chatty and record.name.startswith("aiosqlite"):
            return False  # every statement with its parameters: snapshots, hands
        if chatty and record.name.startswith("discord") and record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(self.safe(arg) for arg in args)
        record.msg = scrub(record.getMessage(), self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = scrub(record.exc_text, self.secrets)
        return True

    def safe(self, arg: Any) -> Any:
        """A debug argument of discord.py: payloads (request bodies, responses, gateway
        events) become a summary; short plain values (a method, a URL, a status) stay."""
        if isinstance(arg, str) and not arg.lstrip().startswith(("{", "[")) and len(arg) < 300:
            return arg
        if isinstance(arg, int | float | bool) or arg is None:
            return arg
        return summary(arg)


def configure(
    level: str, secrets: Iterable[str] = (), stream: TextIO | None = None
) -> logging.Handler:
    """Log to ``stream`` (stderr) at ``level``, through a :class:`Redactor`."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Redactor(secrets))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # Statement logs are dropped anyway; not building them saves the work.
    logging.getLogger("aiosqlite").setLevel(max(logging.INFO, root.level))
    return handler
