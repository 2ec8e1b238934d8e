"""A compact JSON Schema (2020-12, as OpenAPI 3.1 uses it) validator for Discord's spec.

Only the keywords Discord's description uses are known (`KEYWORDS`); `unknown_keywords`
lets the spec loader refuse a refreshed spec that needs more, so nothing is silently
ignored. Two readings follow the API rather than plain JSON Schema, each because Discord's
own parser does so: a snowflake (`format: snowflake`) may be sent as a JSON integer as well
as a decimal string (discord.py sends attachment ids as integers), and both forms must fit
in 64 bits; `format: int32` / `int64` bound an integer to that many bits.

Each schema is compiled once into a closure (the bot sends thousands of bodies per test
run); a check returns its problems with paths relative to the value it was given, so a path
is only built where something is wrong.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

Schema = dict[str, Any]
Path = tuple[str | int, ...]

#: Keywords that only describe (no effect on validity).
ANNOTATIONS = frozenset({"title", "description", "contentEncoding", "x-discord-union"})
KEYWORDS = ANNOTATIONS | {
    "$ref",
    "type",
    "const",
    "enum",
    "format",
    "properties",
    "required",
    "additionalProperties",
    "minProperties",
    "maxProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "allOf",
    "anyOf",
    "oneOf",
}
INT_BITS = {"int32": 32, "int64": 64}
SNOWFLAKE_MAX = 2**64 - 1
URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$")


@dataclass(frozen=True)
class Problem:
    """One broken rule: where (JSON path), which keyword, and Discord's code and message."""

    path: Path
    rule: str
    code: str
    message: str

    def where(self) -> str:
        """The path as `$.options[2].max_value`."""
        return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)

    def __str__(self) -> str:
        return f"{self.where()}: {self.rule}: {self.message}"


Check = Callable[[Any], list[Problem]]
"""A compiled schema: the problems of a value, with paths relative to it."""


def json_type(value: object) -> str:
    """The JSON type of a parsed value (an integral float counts as an integer)."""
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    return _TYPES.get(type(value), type(value).__name__)


_TYPES: dict[type, str] = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    str: "string",
    list: "array",
    dict: "object",
}


def key(value: object) -> object:
    """A hashable stand-in equal for JSON-equal values (so `true` is not `1`, `1` is `1.0`)."""
    if isinstance(value, bool) or value is None:
        return ("literal", value)
    if isinstance(value, int | float | str):
        return value
    return ("json", canonical(value))


def canonical(value: object) -> str:
    """A text equal for JSON-equal values."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{canonical(v)}" for k, v in sorted(value.items()))
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    return json.dumps(value)


def unknown_keywords(schema: object) -> Iterator[str]:
    """Keywords anywhere in `schema` that this validator does not implement."""
    if not isinstance(schema, dict):
        return
    for name, value in schema.items():
        if name not in KEYWORDS:
            yield name
        elif name == "properties":
            for inner in value.values():
                yield from unknown_keywords(inner)
        elif name in ("allOf", "anyOf", "oneOf"):
            for inner in value:
                yield from unknown_keywords(inner)
        elif name in ("items", "additionalProperties"):
            yield from unknown_keywords(value)


def under(part: str | int, problems: list[Problem]) -> list[Problem]:
    """`problems` of a member, seen from its parent."""
    return [replace(p, path=(part, *p.path)) for p in problems]


def _accept(value: object) -> list[Problem]:
    return []


def _refuse(value: object) -> list[Problem]:
    return [Problem((), "false", "BASE_TYPE_INVALID", "No value is allowed here.")]


class Validator:
    """Compiles and runs schemas of one document (the spec), following local `$ref`s."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._compiled: dict[int, tuple[Schema, Check]] = {}
        """Checks by schema identity (each kept with its schema, so no id is reused)."""
        self._refs: dict[str, Check] = {}

    def resolve(self, ref: str) -> Schema:
        """The schema a local `#/a/b` reference points at."""
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are supported: {ref}")
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        if not isinstance(node, dict):
            raise ValueError(f"{ref} is not a schema")
        return node

    def problems(self, schema: Schema | bool, value: object, path: Path = ()) -> list[Problem]:
        """Every rule of `schema` that `value` (found at `path`) breaks."""
        found = self.compile(schema)(value)
        return [replace(p, path=(*path, *p.path)) for p in found] if path else found

    def compile(self, schema: Schema | bool) -> Check:
        """The check of a schema (compiled once; schemas are the document's own objects)."""
        if isinstance(schema, bool):
            return _accept if schema else _refuse
        entry = self._compiled.get(id(schema))
        if entry is None or entry[0] is not schema:
            entry = self._compiled[id(schema)] = (schema, self._build(schema))
        return entry[1]

    def _ref(self, ref: str) -> Check:
        """A check of the referenced schema, compiled when first used (refs may recurse)."""
        if ref not in self._refs:
            target: list[Check] = []

            def check(value: object) -> list[Problem]:
                if not target:
                    target.append(self.compile(self.resolve(ref)))
                return target[0](value)

            self._refs[ref] = check
        return self._refs[ref]

    def _build(self, schema: Schema) -> Check:
        ref = self._ref(schema["$ref"]) if "$ref" in schema else None
        types = _types(schema)
        values, number = _values(schema), _number(schema)
        by_kind = {
            "object": [values, self._object(schema)],
            "array": [values, self._array(schema)],
            "string": [values, _string(schema)],
            "integer": [values, number],
            "number": [values, number],
            "boolean": [values],
            "null": [values],
        }
        checks = {kind: [c for c in group if c is not None] for kind, group in by_kind.items()}
        unions = [
            self._union(name, schema[name])
            for name in ("allOf", "anyOf", "oneOf")
            if name in schema
        ]
        if not (ref or types or unions or any(checks.values())):
            return _accept
        wrong_type = _type_problem(schema["type"]) if "type" in schema else None

        def check(value: object) -> list[Problem]:
            found = ref(value) if ref else []
            kind = json_type(value)
            if types is not None and kind not in types and wrong_type:
                return [*found, wrong_type(value)]  # a wrong type's other rules are noise
            for keyword_check in checks.get(kind, ()):
                found += keyword_check(value)
            for union in unions:
                found += union(value)
            return found

        return check

    # -- keyword groups of objects and arrays (those hold schemas of their own) ----------

    def _object(self, schema: Schema) -> Check | None:
        required = tuple(schema.get("required", ()))
        properties = {name: self.compile(s) for name, s in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        extra_check = None if isinstance(extra, bool) else self.compile(extra)
        most, least = schema.get("maxProperties"), schema.get("minProperties", 0)
        if not (required or properties or extra is not True or most is not None or least):
            return None

        def check(value: dict[str, Any]) -> list[Problem]:
            found = [
                Problem((name,), "required", "BASE_TYPE_REQUIRED", "This field is required")
                for name in required
                if name not in value
            ]
            count = len(value)
            if most is not None and count > most:
                message = f"Must have {most} or fewer entries, not {count}."
                found.append(Problem((), f"maxProperties {most}", "BASE_TYPE_MAX_LENGTH", message))
            if count < least:
                message = f"Must have {least} or more entries, not {count}."
                found.append(Problem((), f"minProperties {least}", "BASE_TYPE_MIN_LENGTH", message))
            for name, item in value.items():
                member = properties.get(name, extra_check)
                if member is not None:
                    inner = member(item)
                    if inner:
                        found += under(name, inner)
                elif extra is False:
                    rule = "additionalProperties false"
                    found.append(
                        Problem((name,), rule, "UNKNOWN_FIELD", f"Unknown field {name!r}.")
                    )
            return found

        return check

    def _array(self, schema: Schema) -> Check | None:
        items = self.compile(schema["items"]) if "items" in schema else None
        most, least = schema.get("maxItems"), schema.get("minItems", 0)
        unique = bool(schema.get("uniqueItems"))
        if not (items or most is not None or least or unique):
            return None

        def check(value: list[Any]) -> list[Problem]:
            found: list[Problem] = []
            count = len(value)
            if most is not None and count > most:
                message = f"Must be {most} or fewer in length ({_plural(count, 'item')})."
                found.append(Problem((), f"maxItems {most}", "BASE_TYPE_MAX_LENGTH", message))
            if count < least:
                message = f"Must be {least} or more in length ({_plural(count, 'item')})."
                found.append(Problem((), f"minItems {least}", "BASE_TYPE_MIN_LENGTH", message))
            if unique and len({key(item) for item in value}) != count:
                message = "List items must be unique."
                found.append(Problem((), "uniqueItems", "LIST_ITEM_VALUE_NOT_UNIQUE", message))
            if items:
                for index, item in enumerate(value):
                    inner = items(item)
                    if inner:
                        found += under(index, inner)
            return found

        return check

    # -- combinators -------------------------------------------------------------------------

    def _union(self, keyword: str, branches: list[Schema]) -> Check:
        compiled = [Branch(self.compile(b), _branch_name(b), *self._shape(b)) for b in branches]
        if keyword == "allOf":
            checks = [b.check for b in compiled]
            return lambda value: [p for c in checks for p in c(value)]
        with_values = any(b.values is not None for b in compiled)
        last: list[Branch] = []  # anyOf tries first the branch that passed last time

        def check(value: object) -> list[Problem]:
            kind = json_type(value)
            tag = _tag(value)
            value_key = key(value) if with_values else _NO_TAG
            candidates = [b for b in compiled if b.admits(kind, value_key, tag)]
            if keyword == "anyOf":
                for branch in sorted(candidates, key=lambda b: not last or b is not last[0]):
                    if not branch.check(value):
                        last[:] = [branch]
                        return []
            results = [(b.name, b.check(value)) for b in candidates]
            passing = [name for name, problems in results if not problems]
            if len(passing) == 1:
                return []
            if passing:
                message = "Matches more than one of the shapes allowed: " + ", ".join(passing)
                return [Problem((), "oneOf", "UNION_TYPE_AMBIGUOUS", message)]
            plausible = [problems for _, problems in results if not _other_shape(problems)]
            if plausible:
                return min(plausible, key=len)  # the shape the value was meant to have
            return [_no_shape(keyword, compiled, value, tag)]

        return check

    def _shape(
        self, branch: Schema
    ) -> tuple[frozenset[str] | None, frozenset[object] | None, frozenset[object] | None]:
        """What a branch admits at a glance: JSON types, values (const/enum), and the `type`
        field of an object (a tagged variant); None where it does not say. A value outside
        fails the branch whatever else it holds, so the branch need not run."""
        while set(branch) - ANNOTATIONS == {"$ref"}:
            branch = self.resolve(branch["$ref"])
        types = _types(branch)
        values = None
        if "const" in branch:
            values = frozenset([key(branch["const"])])
        elif "enum" in branch:
            values = frozenset(key(v) for v in branch["enum"])
        tags = None
        field = (branch.get("properties") or {}).get("type") or {}
        if "enum" in field:
            tags = frozenset(key(v) for v in field["enum"])
        elif "const" in field:
            tags = frozenset([key(field["const"])])
        return types, values, tags


@dataclass(frozen=True)
class Branch:
    """One branch of an anyOf/oneOf: its check and what it admits at a glance."""

    check: Check
    name: str
    types: frozenset[str] | None
    values: frozenset[object] | None
    tags: frozenset[object] | None

    def admits(self, kind: str, value_key: object, tag: object) -> bool:
        """Whether a value of this JSON type, key and `type` field may pass the branch."""
        return (
            (self.types is None or kind in self.types)
            and (self.values is None or value_key in self.values)
            and (self.tags is None or tag is _NO_TAG or tag in self.tags)
        )


_NO_TAG = object()


def _tag(value: object) -> object:
    """The `type` field of an object (which variant it claims to be), if it has one."""
    return key(value["type"]) if isinstance(value, dict) and "type" in value else _NO_TAG


def _types(schema: Schema) -> frozenset[str] | None:
    """The JSON types a schema's `type` admits (an integer is a number too, and Discord reads
    a snowflake sent as a JSON number), or None where it does not say."""
    if "type" not in schema:
        return None
    wanted = schema["type"]
    types = frozenset([wanted] if isinstance(wanted, str) else wanted)
    if "number" in types or schema.get("format") == "snowflake":
        types |= {"integer"}
    return types


def _no_shape(keyword: str, branches: list[Branch], value: object, tag: object) -> Problem:
    """The problem of a value no branch admits: a `type` field naming no variant, a value
    outside a closed list, or a value of another kind."""
    tags = list(dict.fromkeys(json.dumps(_plain(t)) for b in branches for t in b.tags or ()))
    if tag is not _NO_TAG and tags:
        message = f'Value of field "type" must be one of ({", ".join(tags)}).'
        return Problem(("type",), keyword, "UNION_TYPE_CHOICES", message)
    values = list(dict.fromkeys(json.dumps(_plain(v)) for b in branches for v in b.values or ()))
    if values and all(b.values is not None for b in branches):
        message = f"Value must be one of {{{', '.join(values)}}}."
        return Problem((), keyword, "BASE_TYPE_CHOICES", message)
    names = ", ".join(b.name for b in branches)
    message = f"Value {_shown(value)} is none of the shapes allowed: {names}."
    return Problem((), keyword, "UNION_TYPE_CHOICES", message)


def _plain(value_key: object) -> object:
    """The value behind a `key`."""
    if isinstance(value_key, tuple):
        return value_key[1] if value_key[0] == "literal" else json.loads(value_key[1])
    return value_key


def _other_shape(problems: list[Problem]) -> bool:
    """Whether a branch failed because the value is another kind of thing: a type mismatch
    of the value itself, or its `type` field naming another variant."""
    return any(
        (p.path == () and p.rule.startswith("type "))
        or (p.path == ("type",) and p.rule in ("enum", "const"))
        for p in problems
    )


def _branch_name(branch: Schema) -> str:
    ref = branch.get("$ref")
    if isinstance(ref, str):
        return ref.rsplit("/", 1)[-1]
    return str(branch.get("title") or branch.get("type") or "schema")


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _type_problem(wanted: str | list[str]) -> Callable[[object], Problem]:
    shown = " or ".join([wanted] if isinstance(wanted, str) else wanted)
    code = f"{shown.split()[0].upper()}_TYPE_CONVERT"
    return lambda value: Problem(
        (), f"type {shown}", code, f"Value {_shown(value)} is not {shown}."
    )


# -- keyword groups of scalars: each builds its check, or None where the schema has none -----


def _values(schema: Schema) -> Check | None:
    """const and enum, by JSON equality."""
    if "const" in schema:
        allowed = frozenset([key(schema["const"])])
        message = f"Value must be {json.dumps(schema['const'])}."
        rule = "const"
    elif "enum" in schema:
        allowed = frozenset(key(o) for o in schema["enum"])
        message = f"Value must be one of {{{', '.join(json.dumps(o) for o in schema['enum'])}}}."
        rule = "enum"
    else:
        return None
    problem = Problem((), rule, "BASE_TYPE_CHOICES", message)
    return lambda value: [] if key(value) in allowed else [problem]


def _string(schema: Schema) -> Check | None:
    most, least = schema.get("maxLength"), schema.get("minLength", 0)
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
    form = _format(schema.get("format"))
    if not (most is not None or least or pattern or form):
        return None

    def check(value: str) -> list[Problem]:
        found: list[Problem] = []
        length = len(value)
        if most is not None and length > most:
            message = f"Must be {most} or fewer in length ({_plural(length, 'character')})."
            found.append(Problem((), f"maxLength {most}", "BASE_TYPE_MAX_LENGTH", message))
        if length < least:
            message = f"Must be {least} or more in length ({_plural(length, 'character')})."
            found.append(Problem((), f"minLength {least}", "BASE_TYPE_MIN_LENGTH", message))
        if pattern and not pattern.search(value):
            message = f"Value {_shown(value)} does not match {pattern.pattern}."
            found.append(Problem((), "pattern", "STRING_TYPE_REGEX", message))
        return found + form(value) if form else found

    return check


def _number(schema: Schema) -> Check | None:
    most, least = schema.get("maximum"), schema.get("minimum")
    form = _format(schema.get("format"))
    if most is None and least is None and form is None:
        return None

    def check(value: float) -> list[Problem]:
        found: list[Problem] = []
        if most is not None and value > most:
            message = f"Value should be less than or equal to {most}."
            found.append(Problem((), f"maximum {most}", "NUMBER_TYPE_MAX", message))
        if least is not None and value < least:
            message = f"Value should be greater than or equal to {least}."
            found.append(Problem((), f"minimum {least}", "NUMBER_TYPE_MIN", message))
        return found + form(value) if form else found

    return check


def _format(name: object) -> Check | None:
    """The formats Discord's parser enforces; the others (double, nonce) only describe."""
    if name in INT_BITS:
        bits = INT_BITS[str(name)]
        low, high = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        problem = Problem((), f"format {name}", "NUMBER_TYPE_MAX", f"Must fit in {bits} bits.")
        return lambda value: [] if low <= value <= high else [problem]
    if name == "snowflake":
        problem = Problem((), "format snowflake", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
        return lambda value: [] if _fits_snowflake(value) else [problem]
    if name == "uri":
        problem = Problem((), "format uri", "URL_TYPE_INVALID_URL", "Not a well formed URL.")
        return lambda value: [] if URI.match(value) else [problem]
    if name == "date-time":
        return _date_time
    return None


def _fits_snowflake(value: str | float) -> bool:
    """Whether a snowflake's number fits 64 bits (a non-numeric string is `pattern`'s)."""
    if isinstance(value, str):
        return not value.isdigit() or int(value) <= SNOWFLAKE_MAX
    return 0 <= value <= SNOWFLAKE_MAX


def _date_time(value: str) -> list[Problem]:
    try:
        datetime.fromisoformat(value)
    except ValueError:
        message = f"Value {_shown(value)} is not a date-time."
        return [Problem((), "format date-time", "DATE_TYPE_PARSE", message)]
    return []
