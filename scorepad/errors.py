"""The errors scorepad refuses input with: each names where the problem is and which rule."""

from __future__ import annotations


class ScorepadError(Exception):
    """Base of every refusal: its str() is the one line shown to the user."""


class HandError(ScorepadError):
    """A hand breaks a rule: names the hand number, the key and the rule."""

    def __init__(self, number: int, key: str, rule: str):
        self.number = number
        self.key = key
        self.rule = rule
        super().__init__(f"hand {number}: {key}: {rule}")


class SessionError(ScorepadError):
    """A whole-file problem (format, ruleset, players, options): names that key."""

    def __init__(self, key: str, rule: str, source: str | None = None):
        self.key = key
        self.rule = rule
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__(f"{prefix}{key}: {rule}")


class TableError(ScorepadError):
    """A rule table is wrong: names its file, the key path and the reason."""

    def __init__(self, source: str, key: str, rule: str):
        self.source = source
        self.key = key
        self.rule = rule
        super().__init__(f"{source}: {key}: {rule}" if key else f"{source}: {rule}")


def describe_validation_error(exc) -> tuple[str, str]:
    """The first problem of a pydantic ValidationError as (key path, plain reason)."""
    err = exc.errors()[0]
    parts: list[str] = []
    for item in err.get("loc", ()):
        if isinstance(item, int):
            parts[-1:] = [f"{parts[-1]}[{item}]"] if parts else [f"[{item}]"]
        elif item in ("function-after", "function-before", "function-wrap", "union", "tagged-union"):
            continue
        else:
            parts.append(str(item))
    # pydantic adds the member type of a union to the loc ("int", "literal['schwarz']"): drop it
    parts = [p for p in parts if not (p in {"int", "str", "bool", "float", "dict", "list"} or p.startswith(("literal[", "function-", "constrained-")))]
    key = ".".join(parts)
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    value = err.get("input")
    if kind == "missing":
        reason = "is missing"
    elif kind == "extra_forbidden":
        reason = "is not a known key here"
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        reason = f"must be a whole number (got {value!r})"
    elif kind in ("bool_type", "bool_parsing"):
        reason = f"must be true or false (got {value!r})"
    elif kind in ("string_type",):
        reason = f"must be text (got {value!r})"
    elif kind in ("dict_type",):
        reason = f"must be an object (got {value!r})"
    elif kind in ("list_type",):
        reason = f"must be a list (got {value!r})"
    elif kind == "literal_error":
        reason = f"must be {ctx.get('expected', 'one of the allowed values')} (got {value!r})"
    elif kind == "greater_than_equal":
        reason = f"must be {ctx.get('ge')} or more (got {value!r})"
    elif kind == "less_than_equal":
        reason = f"must be {ctx.get('le')} or less (got {value!r})"
    elif kind == "string_too_short":
        reason = "must not be empty"
    elif kind == "value_error":
        reason = str(ctx.get("error", err.get("msg", "")))
    else:
        reason = err.get("msg", "is not valid")
    return key, reason
