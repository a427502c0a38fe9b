"""What a refusal is: its English and German words (and whether it only says something is not
entered yet), and the names a refusal may list, joined as its template says."""

from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    english: str
    german: str
    missing: bool = False


class Names(tuple[object, ...]):
    """Names in a refusal: the template says how to join them (`:and`, `:und`, `:or`, `:oder`;
    `:or,` and `:oder,` a list whose last two the word joins: "a, b oder c")."""

    JOINERS = {"": ", ", "and": " and ", "und": " und ", "or": " or ", "oder": " oder ", "or,": ", ", "oder,": ", "}
    LAST = {"or,": " or ", "oder,": " oder "}

    def __format__(self, spec: str) -> str:
        names = [str(n) for n in self]
        if spec in self.LAST and len(names) > 1:
            return self.JOINERS[spec].join(names[:-1]) + self.LAST[spec] + names[-1]
        return self.JOINERS[spec].join(names)
