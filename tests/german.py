"""What a German screen must not say, as the German tests check it (test_ui_german, test_app_texts,
the browser's screen reader check in test_e2e_pen): English words, a number that disagrees with
the word it counts ("1 Punkte", "3 Spiel"), English quotation marks ('Clara' for „Clara“),
brackets inside brackets. Heuristics that can fail: test_ui_german proves each on known-bad texts."""

from __future__ import annotations

import re

# English words no German sentence of scorepad has (lowercase: the German words spelled alike,
# "was", "will", "also", "hat", "in", "an", "so", are not here), and the English of Flutter's own
# labels and of the command line's refusals (capitalised where German has no such noun)
ENGLISH_WORDS = (
    "the is are must missing cannot needs need only and or of to with without from for by not no yes this "
    "that these those which would should could has have had been be it its you your please unknown invalid "
    "remaining characters character evening hand hands player players partner got won lost nothing given "
    "more less than then when where while after before every each already never always again here there "
    "their they them what who whom why how file folder line lines number value values text list error "
    "allowed expected known least longer shorter too many much other another first last next round rounds "
    "game games points point table tables tournament deals dealer sits plays played pays paid open closed "
    "close dismiss alert back delete cancel save search menu selected double tap activate"
).split()
ENGLISH_CAPITALISED = ("Close Alert Dismiss Back Cancel Delete Save Menu Search Show Hide Previous Loading Error "
                       "Warning Yes No Add Remove Edit Undo Select Copy Paste Share Settings Player Players Evening "
                       "Game Games Points Round Rounds Table Tables Tournament Ranking Rules Selected").split()
ENGLISH = re.compile(r"\b(?:" + "|".join(ENGLISH_WORDS + ENGLISH_CAPITALISED) + r")\b")
OPTION = re.compile(r"--[\w-]+")  # a command line's option ("scorepad export --settle-open-rad") is a name


def _english(text: str) -> bool:
    return bool(ENGLISH.search(OPTION.sub("", text)))

# the words scorepad counts, singular and plural
COUNTED = {"Punkt": "Punkte", "Sonderpunkt": "Sonderpunkte", "Spiel": "Spiele", "Stich": "Stiche",
           "Strich": "Striche", "Auge": "Augen", "Runde": "Runden", "Karte": "Karten", "Zeile": "Zeilen",
           "Versuch": "Versuche", "Tisch": "Tische", "Partie": "Partien", "Minute": "Minuten",
           "Sekunde": "Sekunden", "Stunde": "Stunden", "Laufender": "Laufende"}
_NUMBER = r"(?<![\d,.])[+\-−]?"
_LISTED = r"(?<!\d, )(?<!\d und )(?<!\d oder )(?<!\d bis )"  # "8, 7, ..., 2, 1 Karten" counts the list
ONE_PLURAL = re.compile(_LISTED + _NUMBER + r"1 (?:" + "|".join(COUNTED.values()) + r")\b")
MANY_SINGULAR = re.compile(_NUMBER + r"(?:0|[2-9]|[1-9]\d+) (?:" + "|".join(COUNTED) + r")\b")
ENGLISH_QUOTES = re.compile(r"(?<!\w)'[^'\s][^']*'(?!\w)")
NESTED_BRACKETS = re.compile(r"\([^()]*\(")


def english(texts: list[str]) -> list[str]:
    """The texts with an English word."""
    return [t for t in texts if _english(t)]


def disagreeing(texts: list[str]) -> list[str]:
    """The texts where a number and the word it counts disagree ("1 Punkte", "2 Spiel")."""
    return [t for t in texts if ONE_PLURAL.search(t) or MANY_SINGULAR.search(t)]


def not_german(texts: list[str]) -> list[str]:
    """Texts no German screen says: English, numbers that disagree with their word, English
    quotation marks, brackets in brackets."""
    return [t for t in texts if _english(t) or ONE_PLURAL.search(t) or MANY_SINGULAR.search(t)
            or ENGLISH_QUOTES.search(t) or NESTED_BRACKETS.search(t)]
