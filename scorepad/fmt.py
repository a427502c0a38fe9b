"""German formatting of what people read: money (3,20 €), signed points, dates (29.11.2026)."""

from __future__ import annotations

from datetime import date, datetime

from scorepad import exportformats

EXPORT_FORMAT_NAMES = exportformats.NAMES  # the export registry's names, by an older import path

# money: a tally any game may keep, with its German name; a game's own tallies are named in its
# package (scorepad/games/<name>/__init__.py) and shown by scorepad.games.tally_name
TALLY_NAMES = {
    "geld": "Geld",
}


def counts_words(counts: list[int] | tuple[int, ...]) -> str:
    """How many may play, as the sheet says it: [4, 5, 6] -> "4, 5 oder 6"."""
    words = [str(n) for n in counts]
    return " oder ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


# the words the sheets count, plural to singular: "1 Punkt", "2 Punkte" (a word not here, Bolla,
# Fleisch, Spieler, Zeichen, is the same for one)
SINGULAR = {"Punkte": "Punkt", "Sonderpunkte": "Sonderpunkt", "Fleischpunkte": "Fleischpunkt", "Spiele": "Spiel",
            "Stiche": "Stich", "Striche": "Strich", "Augen": "Auge", "Runden": "Runde", "Karten": "Karte",
            "Zeilen": "Zeile", "Versuche": "Versuch", "Tische": "Tisch", "Partien": "Partie"}


def counted(n: int, plural: str, with_sign: bool = False, singular: str | None = None) -> str:
    """A number and the word it counts, agreeing: (1, "Punkte") -> "1 Punkt", (2, "Punkte") ->
    "2 Punkte", (-1, "Striche", with_sign=True) -> "-1 Strich"; `singular` for a word a rule table
    names (its round: "Serie", "Serien")."""
    number = signed(n) if with_sign else str(n)
    one = singular if singular is not None else SINGULAR.get(plural, plural)
    return f"{number} {one if abs(n) == 1 else plural}"


def hands_text(n: int) -> str:
    """A number of hands as the sheet says it: "1 Spiel", "3 Spiele"."""
    return counted(n, "Spiele")


def money(cents: int, signed: bool = False) -> str:
    """Cents as euros, German style: 1234 -> "12,34 €", -5 -> "-0,05 €" (signed: "+12,34 €")."""
    sign = "-" if cents < 0 else ("+" if signed and cents > 0 else "")
    euros, rest = divmod(abs(cents), 100)
    whole = f"{euros:,}".replace(",", ".")
    return f"{sign}{whole},{rest:02d} €"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def is_money(tally: str) -> bool:
    """Whether a tally counts cents (shown as euros)."""
    return tally == "geld"


def tally_value(tally: str, value: int, with_sign: bool = False) -> str:
    if is_money(tally):
        return money(value, signed=with_sign)
    return signed(value) if with_sign else str(value)


def day(when: date | datetime | str) -> str:
    """A date as 29.11.2026 (accepts ISO strings); a time with a zone counts in local time."""
    if isinstance(when, str):
        when = datetime.fromisoformat(when)
    if isinstance(when, datetime) and when.tzinfo is not None:
        when = when.astimezone()
    return when.strftime("%d.%m.%Y")


def clock_time(seconds: float) -> str:
    """A moment (seconds since the epoch) as the local time of day: 22:14."""
    return datetime.fromtimestamp(seconds).strftime("%H:%M")
