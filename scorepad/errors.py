"""The errors scorepad refuses input with: each names where the problem is and which rule.

A refusal is raised with a code and its parameters; the words come from scorepad/refusals/:
str(exc) is the English line the command line prints, `exc.german` the app's text, and
`exc.missing` says whether it only means something is not entered yet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scorepad.refusals import CATALOGUE, excerpt, render

if TYPE_CHECKING:
    from pydantic import ValidationError

OPEN = "Noch offen: "  # how the app says a missing refusal


class ScorepadError(Exception):
    """Base of every refusal: its str() is the one line shown on the command line."""

    key = ""

    def __init__(self, code: str, /, **params: Any):
        self.code = code
        self.params = params
        super().__init__(self.english)

    def __reduce__(self) -> tuple[Callable[[type[ScorepadError], dict[str, Any]], ScorepadError], tuple[type[ScorepadError], dict[str, Any]]]:
        """Pickled by its fields: the constructor's arguments differ per subclass."""
        return _rebuild, (type(self), self.__dict__)

    @property
    def missing(self) -> bool:
        """Only something not entered yet, rather than a broken rule."""
        return CATALOGUE[self.code].missing

    @property
    def rule(self) -> str:
        """The refusal's own English words (without where it happened)."""
        return render(self.code, self.params)

    @property
    def rule_german(self) -> str:
        """The refusal's own German words; a missing item as "Noch offen: ..."."""
        text = render(self.code, self.params, german=True, key=excerpt(self.key))
        return OPEN + text if self.missing else text

    @property
    def english(self) -> str:
        return self.rule

    @property
    def german(self) -> str:
        """What the app shows."""
        return self.rule_german


class HandError(ScorepadError):
    """A hand breaks a rule: names the hand number, the key and the rule."""

    def __init__(self, number: int, key: str, code: str, /, **params: Any):
        self.number = number
        self.key = key
        super().__init__(code, **params)

    @property
    def english(self) -> str:
        return f"hand {self.number}: {excerpt(self.key)}: {self.rule}"


class SessionError(ScorepadError):
    """A whole-file problem (format, ruleset, players, options): names that key."""

    def __init__(self, key: str, code: str, /, source: str | None = None, **params: Any):
        self.key = key
        self.source = source
        super().__init__(code, **params)

    @property
    def english(self) -> str:
        prefix = f"{self.source}: " if self.source else ""
        return f"{prefix}{excerpt(self.key)}: {self.rule}"


class TableError(ScorepadError):
    """A rule table is wrong: names its file, the key path and the reason."""

    def __init__(self, source: str, key: str, code: str, /, **params: Any):
        self.source = source
        self.key = key
        super().__init__(code, **params)

    @property
    def english(self) -> str:
        return f"{self.source}: {self.key}: {self.rule}" if self.key else f"{self.source}: {self.rule}"

    @property
    def german(self) -> str:
        return f"{self.source}: {self.key}: {self.rule_german}" if self.key else f"{self.source}: {self.rule_german}"


def _rebuild(cls: type[ScorepadError], state: dict[str, Any]) -> ScorepadError:
    exc: ScorepadError = cls.__new__(cls)
    exc.__dict__.update(state)
    exc.args = (exc.english,)
    return exc


# pydantic's error types -> refusal codes; a type not named here is "invalid" with pydantic's words
PYDANTIC_CODES = {
    "missing": "key_missing",
    "extra_forbidden": "unknown_key",
    "int_type": "not_whole_number", "int_parsing": "not_whole_number", "int_from_float": "not_whole_number",
    "bool_type": "not_bool", "bool_parsing": "not_bool",
    "string_type": "not_text",
    "dict_type": "not_object",
    "list_type": "not_list",
    "literal_error": "not_allowed_value",
    "greater_than_equal": "too_small",
    "less_than_equal": "too_large",
    "string_too_short": "empty",
}


def describe_validation_error(exc: ValidationError) -> tuple[str, str, dict[str, Any]]:
    """The first problem of a pydantic ValidationError as (key path, refusal code, parameters)."""
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
    code = PYDANTIC_CODES.get(kind, "invalid")
    if code == "invalid":
        reason = str(ctx.get("error", err.get("msg", ""))) if kind == "value_error" else err.get("msg", "is not valid")
        return key, code, {"reason": reason}
    params = {"value": value} if "{value" in CATALOGUE[code].english else {}
    if code == "not_allowed_value":
        params["expected"] = ctx.get("expected", "one of the allowed values")
    elif code == "too_small":
        params["ge"] = ctx.get("ge")
    elif code == "too_large":
        params["le"] = ctx.get("le")
    return key, code, params
