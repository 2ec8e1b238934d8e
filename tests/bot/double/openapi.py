"""Discord's published OpenAPI description, and every request checked against it.

The spec is kept in tests/discord-openapi.json (MIT, licence beside it; refreshed by
tests/refresh-discord-openapi). A request is matched to the spec's operation by method and
path (a literal segment such as `@original` or `@me` wins over a parameter), then its path and
query parameters and its body are validated: `application/json`, or `multipart/form-data`
whose `payload_json` is the JSON part and whose files stand as `files[n]` fields.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tests.bot.double.schema import Problem, Schema, Validator, unknown_keywords

SPEC_PATH = Path(__file__).resolve().parents[2] / "discord-openapi.json"
METHODS = ("get", "put", "post", "patch", "delete")
JSON, FORM = "application/json", "multipart/form-data"
TRUE, FALSE = ("true", "1"), ("false", "0")


@dataclass(frozen=True)
class Operation:
    """One operation of the spec: `POST /channels/{channel_id}/messages` (create_message)."""

    method: str
    template: str
    operation_id: str
    parameters: tuple[Schema, ...]
    body: Schema | None
    """The requestBody object, if the operation takes one."""

    def __str__(self) -> str:
        return f"{self.method} {self.template} ({self.operation_id})"


@dataclass(frozen=True)
class Refusal:
    """Where a request breaks the spec: its operation, and each problem with its place
    ('path', 'query' or 'body')."""

    operation: Operation | None
    problems: tuple[tuple[str, Problem], ...]

    def lines(self) -> list[str]:
        """One line a problem: place, JSON path, rule broken, Discord's message."""
        return [f"{place} {problem}" for place, problem in self.problems]

    def errors(self) -> dict[str, Any]:
        """The `errors` object of Discord's 'Invalid Form Body' answer: the problems nested
        by their JSON path, each level's own under `_errors`."""
        tree: dict[str, Any] = {}
        for _, problem in self.problems:
            node = tree
            for part in problem.path:
                node = node.setdefault(str(part), {})
            node.setdefault("_errors", []).append(
                {"code": problem.code, "message": problem.message}
            )
        return tree


class Spec:
    """The loaded description: its validator and its operations indexed by path shape."""

    def __init__(self, document: dict[str, Any]) -> None:
        unknown = sorted({k for s in _schemas(document) for k in unknown_keywords(s)})
        if unknown:
            raise ValueError(f"the spec uses schema keywords the validator lacks: {unknown}")
        self.validator = Validator(document)
        self.routes: dict[tuple[str, int], list[tuple[re.Pattern[str], int, Operation]]] = {}
        for template, item in document["paths"].items():
            pattern, literals = _compile(template)
            shared = item.get("parameters", [])
            for method in METHODS:
                if method not in item:
                    continue
                operation = item[method]
                found = Operation(
                    method.upper(),
                    template,
                    operation.get("operationId", ""),
                    tuple(shared) + tuple(operation.get("parameters", [])),
                    operation.get("requestBody"),
                )
                key = (method.upper(), template.count("/"))
                self.routes.setdefault(key, []).append((pattern, literals, found))
        for candidates in self.routes.values():
            candidates.sort(key=lambda entry: -entry[1])  # literal segments win

    def operation(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation serving `method path` (path after /api/v10) and its path values."""
        for pattern, _, found in self.routes.get((method.upper(), path.count("/")), []):
            match = pattern.fullmatch(path)
            if match:
                return found, match.groupdict()
        return None

    def check(
        self,
        method: str,
        path: str,
        query: Mapping[str, str],
        body: Any,
        files: list[str],
        *,
        form: bool,
    ) -> Refusal | None:
        """Whatever the request breaks, or None if Discord's description allows it all.

        `body` is the JSON body (or the parsed payload_json of a multipart form) and `files`
        the form's file field names."""
        matched = self.operation(method, path)
        if matched is None:
            missing = Problem((), "path", "UNKNOWN_ROUTE", f"{method} {path} is not in the spec.")
            return Refusal(None, (("route", missing),))
        operation, values = matched
        found = [("path", p) for p in self._parameters(operation, "path", values)]
        found += [("query", p) for p in self._parameters(operation, "query", query)]
        found += [("body", p) for p in self._body(operation, body, files, form)]
        return Refusal(operation, tuple(found)) if found else None

    def _parameters(
        self, operation: Operation, where: str, given: Mapping[str, str]
    ) -> list[Problem]:
        """The problems of the operation's parameters found `where` (path or query)."""
        found: list[Problem] = []
        for parameter in operation.parameters:
            if parameter.get("in") != where:
                continue
            name = parameter["name"]
            if name not in given:
                if parameter.get("required"):
                    message = "This field is required"
                    found.append(Problem((name,), "required", "BASE_TYPE_REQUIRED", message))
                continue
            schema = parameter.get("schema", {})
            found += self.validator.problems(schema, self._typed(schema, given[name]), (name,))
        return found

    def _typed(self, schema: Schema, text: str) -> object:
        """A query or path value read as its schema's type (Discord reads 1/0 as booleans)."""
        while set(schema) == {"$ref"}:
            schema = self.validator.resolve(schema["$ref"])
        kind = schema.get("type")
        if kind == "integer" and re.fullmatch(r"-?\d+", text):
            return int(text)
        if kind == "boolean" and text.lower() in TRUE + FALSE:
            return text.lower() in TRUE
        return text

    def _body(self, operation: Operation, body: Any, files: list[str], form: bool) -> list[Problem]:
        """The problems of the body: absent, present where none belongs, of a media type the
        operation does not take, or against its schema."""
        sent = body is not None or bool(files)
        if operation.body is None or not sent:
            if sent:
                return [Problem((), "requestBody", "BODY_NOT_ALLOWED", "This route takes no body.")]
            if operation.body is not None and operation.body.get("required"):
                return [Problem((), "requestBody", "BASE_TYPE_REQUIRED", "A body is required.")]
            return []
        content = operation.body.get("content", {})
        kind = FORM if form else JSON
        if kind not in content:
            message = f"{kind} is not accepted here (only {', '.join(content)})."
            return [Problem((), "requestBody", "CONTENT_TYPE_INVALID", message)]
        if not form:
            return self.validator.problems(content[kind]["schema"], body)
        if body is not None and not isinstance(body, dict):
            message = "payload_json must be a JSON object."
            return [Problem((), "payload_json", "DICT_TYPE_CONVERT", message)]
        fields = {**(body or {}), **dict.fromkeys(files, "")}
        return self.validator.problems(content[kind]["schema"], fields)


def _compile(template: str) -> tuple[re.Pattern[str], int]:
    """A regex for a path template, and how many of its segments are literal."""
    parts = template.strip("/").split("/")
    regex = "".join(
        f"/(?P<{part[1:-1]}>[^/]+)" if part.startswith("{") else "/" + re.escape(part)
        for part in parts
    )
    return re.compile(regex), sum(not part.startswith("{") for part in parts)


def _schemas(document: dict[str, Any]) -> list[Schema]:
    """Every schema the requests can meet: components, parameters and request bodies."""
    found: list[Schema] = list(document.get("components", {}).get("schemas", {}).values())
    for item in document["paths"].values():
        operations = [item[m] for m in METHODS if m in item]
        for parameter in item.get("parameters", []) + [
            p for op in operations for p in op.get("parameters", [])
        ]:
            found.append(parameter.get("schema", {}))
        for op in operations:
            for media in op.get("requestBody", {}).get("content", {}).values():
                found.append(media.get("schema", {}))
    return found


@cache
def spec() -> Spec:
    """The spec kept in tests/, loaded once per process."""
    return Spec(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
