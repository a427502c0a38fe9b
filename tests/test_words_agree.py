"""Words and points agree, for every game (issue 35): what a hand is said to be (gewonnen or
verloren, who wins, who gets the points and who gives them) agrees with the signs of its
points, wherever it is said: the line above the hand screen's preview (the form's summary),
the preview, the saved hand's line in the history and on its own screen, and its line in every
export that lists hands (CSV, the Excel CSV, Markdown, HTML), each read beside that export's
own numbers. A property over every rule table in rulesets/ and the house variants the other
property tests generate (tests/test_properties.py, tests/test_doppelkopf_properties.py): each
hand is entered on its form by taps (tests/test_form_roundtrip.py), the evening is saved in a
store and exported.

The words are read as a player reads them, game by game (`READERS`): "gewonnen" says the
player party ends above the opponents, "verloren" below; "zahlt: Hias" / "verliert: Hias" that
Hias gives every other player; Doppelkopf's "Kontra gewinnt" that Kontra's players get the
points, unless "Punkte für Re" or "keine Punkte" says otherwise, and its preview's lines add
up, step by step, to the game's value; "2 von 5 genau angesagt" that two players scored;
"Bolla Resi" that Resi got it. A list that keeps no money never says "zahlt" or "€" about a hand."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_form_roundtrip import (
    check_roundtrip,
    ctx_for,
    playable,
    ramsch_next_hand,
    schwarze_sau_next_hand,
    struliwuli_next_hand,
)
from test_properties import (
    FIVE_SIX,
    PLAYERS,
    SCHAFKOPF_EXTRAS,
    SEATED_OPTIONS,
    SK4,
    dreihaxer_hand,
    saukopf_hand,
    schafkopf_hand,
    schafkopf_options,
)

from scorepad.app import App
from scorepad.describe import SEP, describe_hand
from scorepad.engine import new_game
from scorepad.exports import short_names
from scorepad.games import family_of, tally_name
from scorepad.tables import builtin_tables, deep_merge, get_table, with_options
from scorepad.ui.forms import form_for
from scorepad.ui.words import hand_preview

pytestmark = pytest.mark.ui

AGREE = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXPORTS = ("csv", "csv-de", "md", "html")  # every export that lists the hands

Points = dict[str, dict[str, int]]  # each player's points of one hand, in the tallies a place shows


# --- reading the words, game by game --------------------------------------------------------

def above(points: dict[str, int], high, low) -> bool:
    """Every one of `high` has more than every one of `low`."""
    return min(points[p] for p in high) > max(points[p] for p in low)


def outcome_words(words: str) -> list[str]:
    """The gewonnen / verloren a line says (the first word of a part: "gewonnen Schneider",
    "gewonnen – alle Stiche", "verloren")."""
    return [part.split()[0] for part in words.split(SEP) if part.split() and part.split()[0] in ("gewonnen", "verloren")]


def read_party_game(table, hand, words, points: Points, in_play, complete, tally) -> None:
    """Schafkopf's and Saukopf's games: gewonnen puts the player party above the opponents."""
    contract = table.contracts.get(hand.get("game"))
    said = outcome_words(words)
    if complete and contract is not None and contract.kind != "sie":
        assert len(said) == 1, f"the line says no outcome, or two: {words!r}"
    values = {p: points[p][tally] for p in in_play if tally in points[p]}
    if not said or len(values) < len(in_play):
        return
    party = {hand["player"], hand.get("partner")} - {None}
    opponents = [p for p in in_play if p not in party]
    for word in said:
        if word == "gewonnen":
            assert above(values, party, opponents), f"{words!r} but {values}"
        else:
            assert above(values, opponents, party), f"{words!r} but {values}"


def read_schafkopf(table, hand, words, points, in_play, complete) -> None:
    tally = table.tally
    values = {p: points[p][tally] for p in in_play if tally in points[p]}
    if hand.get("passed"):
        return
    if hand.get("game") != "ramsch":
        read_party_game(table, hand, words, points, in_play, complete, tally)
        return
    parts = words.split(SEP)
    marched = [part.removeprefix("Durchmarsch ") for part in parts if part.startswith("Durchmarsch ")]
    losers = [part.split(": ", 1)[1] for part in parts if part.startswith(("zahlt: ", "verliert: "))]
    said_loser = [part.split(":")[0] for part in parts if part.startswith(("zahlt: ", "verliert: "))]
    assert said_loser in ([], ["zahlt" if tally == "geld" else "verliert"]), words
    if complete:
        assert len(marched) + len(losers) == 1, f"a Ramsch says who took every trick or who lost: {words!r}"
    if len(values) < len(in_play):
        return
    for who in marched:
        assert above(values, [who], [p for p in in_play if p != who]), f"{words!r} but {values}"
    for who in losers:
        assert above(values, [p for p in in_play if p != who], [who]), f"{words!r} but {values}"


def read_saukopf(table, hand, words, points, in_play, complete) -> None:
    if hand.get("passed") or hand.get("vergeben"):
        assert all(not v for p in in_play for v in points[p].values()), f"{words!r} but {points}"
        return
    read_party_game(table, hand, words, points, in_play, complete, "fleisch")
    party = {hand["player"], hand.get("partner")} - {None}
    for word in outcome_words(words):  # Rauborstigkeit only for the side that lost
        winners = party if word == "gewonnen" else set(in_play) - party
        assert not any(points[p].get("rauborstig") for p in winners), f"{words!r} but {points}"


SPECIAL = re.compile(r"(Jungfrau|Durchmarsch angesagt|Durchmarsch) (\S+?)(?: ·)?(?: (nicht )?geschafft)?$")


def read_schwarze_sau(table, hand, words, points, in_play, complete) -> None:
    """Points are bad here: who made a Jungfrau or a Durchmarsch gets fewer than the others."""
    lost = re.match(r"Achterbrief(?: verloren)?: (\S+?)(?: verliert)?$", words)
    if lost:
        who = lost.group(1)
        if all("verloren" in points[p] for p in in_play):
            assert {p: points[p]["verloren"] for p in in_play} == {p: int(p == who) for p in in_play}, words
        return
    special = SPECIAL.search(words)
    if complete:
        assert (special is not None) == bool(hand.get("announcement") or hand.get("durchmarsch")), words
    if special is None or not all("punkte" in points[p] for p in in_play):
        return
    kind, who, failed = special.groups()
    if kind != "Durchmarsch" and "geschafft" not in words:
        return  # not said yet (the form's line while it is entered)
    values = {p: points[p]["punkte"] for p in in_play}
    others = [p for p in in_play if p != who]
    if failed:
        assert above(values, [who], others), f"{words!r} but {values}"
    else:
        assert above(values, others, [who]), f"{words!r} but {values}"


def read_struliwuli(table, hand, words, points, in_play, complete) -> None:
    said = re.search(r"(\d+) von \d+ genau angesagt|keiner genau angesagt", words)
    if complete:
        assert said, words
    if said is None or not all("punkte" in points[p] for p in in_play):
        return
    exact = int(said.group(1) or 0)
    scored = [p for p in in_play if points[p]["punkte"] != table.miss_points]
    assert len(scored) == exact, f"{words!r} but {points}"


def read_ramsch(table, hand, words, points, in_play, complete) -> None:
    """Zaisertshofer Ramsch: who is named nowhere sat the hand out; a Bolla goes to who is named."""
    parts = words.split(SEP)
    # who went mit: the line's "mit: Peter, Rosi", the form's "Peter 0, Rosi 5" (their tricks)
    mit = [who.split(" ")[0] for who in parts[0].removeprefix("mit: ").split(", ")]
    named = set(mit) | {p for part in parts[1:] for p in in_play if part.endswith(" " + p)}
    bolla = [part.removeprefix("Bolla ") for part in parts if part.startswith("Bolla ")]
    for p in in_play:  # (the form's line says what is entered so far: no more)
        row = points[p]
        if complete and p not in named:
            assert not row.get("striche") and not row.get("bolla"), f"{words!r} but {p}: {row}"
    for who in bolla:
        if "bolla" in points[who]:
            assert points[who]["bolla"] >= 1, f"{words!r} but {points}"


def doppelkopf_getter(words: str) -> tuple[str | None, bool]:
    """Who gets the points, as a Doppelkopf line says it, and whether it says so."""
    if "keine Punkte" in words:
        return None, True
    said = re.search(r"Punkte für (Re|Kontra)", words)
    if said:
        return said.group(1).lower(), True
    won = re.search(r"(?:^|· |: )(Re|Kontra) gewinnt|Kontra gewinnt gegen", words)
    if won:
        return ("kontra" if "Kontra gewinnt" in won.group(0) else "re"), True
    soloist = re.match(r"(\S+) gewinnt(?:$|[:,])", words)
    if soloist:
        return "re", True
    return None, False


def read_doppelkopf(table, hand, words, points, in_play, complete) -> None:
    getter, said = doppelkopf_getter(words)
    if complete:
        assert said, f"the line says no winner: {words!r}"
    if not said or not all("punkte" in points[p] for p in in_play):
        return
    values = {p: points[p]["punkte"] for p in in_play}
    re_party = [p for p in hand["re"] if p in in_play]
    kontra = [p for p in in_play if p not in re_party]
    if getter is None:
        assert not any(values.values()), f"{words!r} but {values}"
    elif getter == "re":
        assert above(values, re_party, kontra), f"{words!r} but {values}"
    else:
        assert above(values, kontra, re_party), f"{words!r} but {values}"


def read_skat(table, hand, words, points, in_play, complete) -> None:
    """Skat: gewonnen puts the declarer above the two who played against him, verloren below
    them (the Seeger-Fabian list gives the others +40 / +30 then); eingepasst moves nothing."""
    if hand.get("eingepasst"):
        assert not any(v for row in points.values() for v in row.values()), f"{words!r} but {points}"
        return
    if hand.get("ramsch"):
        read_skat_ramsch(hand, words, points, in_play)
        return
    said = outcome_words(words)
    if complete:
        assert len(said) == 1, f"the line says no outcome, or two: {words!r}"
    values = {p: points[p]["punkte"] for p in in_play if "punkte" in points[p]}
    if not said or len(values) < len(in_play):
        return
    declarer = [hand["declarer"]]
    others = [p for p in in_play if p != hand["declarer"]]
    if said[0] == "gewonnen":
        assert above(values, declarer, others), f"{words!r} but {values}"
    else:
        assert above(values, others, declarer), f"{words!r} but {values}"
    if hand.get("reizwert") is not None and "überreizt" in words:
        assert said[0] == "verloren", f"überreizt but not lost: {words!r}"


def read_skat_ramsch(hand, words, points, in_play) -> None:
    """A Skat Ramsch (house rule): who has the most Augen (or the table's loser) is below every
    other player, a Durchmarsch player not below anyone; nobody declared, so no gewonnen/verloren."""
    assert not outcome_words(words), f"a Ramsch has no declarer to win or lose: {words!r}"
    values = {p: points[p]["punkte"] for p in in_play if "punkte" in points[p]}
    if len(values) < len(in_play):
        return
    if hand.get("durchmarsch"):
        assert values[hand["durchmarsch"]] >= max(values.values()), f"{words!r} but {values}"
        return
    augen = hand["ramsch_augen"]
    top = max(augen.values())
    losers = [hand["loser"]] if hand.get("loser") else [p for p, a in augen.items() if a == top]
    others = [p for p in in_play if p not in losers]
    assert not others or max(values[p] for p in losers) <= min(values[p] for p in others), f"{words!r} but {values}"


READERS = {"skat": read_skat, "schafkopf": read_schafkopf, "saukopf": read_saukopf, "schwarze_sau": read_schwarze_sau,
           "struliwuli": read_struliwuli, "ramsch": read_ramsch, "doppelkopf": read_doppelkopf}


def check_no_money(table, words: str, points: Points, where: str) -> None:
    """A hand that moves no money (a list of points: no Geld tally, no price that made this
    hand's money) is said without "zahlt" and "€"."""
    if "geld" in table.tallies or any(row.get("geld") for row in points.values()):
        return
    assert "€" not in words and "zahlt" not in words, f"{where}: money words at a list without money: {words!r}"


def check_words(table, hand: dict, words: str, points: Points, in_play: list[str], where: str,
                complete: bool = True) -> None:
    """`words` about `hand` agree with `points` (what the same place shows): `complete`, a saved
    hand's line, which must say its outcome; else the form's line while it is entered."""
    check_no_money(table, words, points, where)
    try:
        READERS[table.family](table, hand, words, points, in_play, complete)
    except AssertionError as exc:
        raise AssertionError(f"{where}: {exc}") from None


# --- the previews -------------------------------------------------------------------------

SHARE = re.compile(r"^(?P<who>.+?)(?: je)? (?P<value>[+-]?[\d.]+(?:,\d\d)?(?: €)?)(?: (?P<label>\S.*))?$")


def amount(text: str) -> int:
    """A number as the screen and the exports write it: "+0,20 €" is 20 (cents), "-3" is -3."""
    text = text.replace("\xa0", " ").strip()
    if text.endswith("€"):
        sign = -1 if text.startswith("-") else 1
        euros, cents = text.removesuffix(" €").lstrip("+-").split(",")
        return sign * (int(euros.replace(".", "")) * 100 + int(cents))
    return int(text)


def read_shares(table, text: str, tallies: list[str]) -> Points:
    """Each player's change as a preview lists it: "Vroni & Kathi je +0,20 €, Hias -0,40 €"."""
    out: Points = {}
    parts, names = [], ""
    for piece in text.split(", "):  # "Vroni, Wast & Kathi je +4": names listed before their share
        names = f"{names}, {piece}" if names else piece
        if SHARE.match(names):
            parts.append(names)
            names = ""
    assert not names, f"no share for {names!r} in {text!r}"
    for part in parts:
        m = SHARE.match(part)
        assert m, f"not a share: {part!r} in {text!r}"
        value = m.group("value")
        if value.endswith("€"):
            tally = "geld"
        else:  # the tally the label names (in any number: "1 Punkt", "3 Punkte")
            label = (m.group("label") or "").lower()  # (none: the list's only tally, Doppelkopf's shares)
            (tally,) = [t for t in tallies if t != "geld" and (label[:5] == tally_name(table, t).lower()[:5]
                                                                or not label and len(tallies) == 1)]
        for who in re.split(r", | & ", m.group("who")):
            assert tally not in out.setdefault(who, {}), f"{who} twice in {text!r}"
            out[who][tally] = amount(value)
    return out


def check_preview(table, hand: dict, result, words: str, where: str) -> None:
    """The preview (the form's, or the saved hand's screen) says each player's change as it is
    (who gets, who gives), and its words agree with it; Doppelkopf's adds up to the value."""
    deltas = result.deltas
    tallies = list(next(iter(deltas.values())))
    in_play = [p for p in deltas if any(deltas[p].values())] or list(deltas)
    check_no_money(table, words, deltas, where)
    if table.family == "doppelkopf":
        check_doppelkopf_preview(table, hand, result, words, where)
        return
    if table.family == "skat":
        check_skat_preview(table, hand, result, words, where)
        return
    words = words.rpartition("; ")[2]  # each player's change, after what made the points
    if words == "Keine Punkte: es wird nur weitergegeben":
        assert not any(v for row in deltas.values() for v in row.values()), f"{where}: {words!r} but {deltas}"
        return
    shown = read_shares(table, words, tallies)
    changed = {p: {t: v for t, v in row.items() if v} for p, row in deltas.items()}
    assert shown == {p: row for p, row in changed.items() if row}, f"{where}: {words!r} but {deltas}"
    del in_play


def check_doppelkopf_preview(table, hand: dict, result, words: str, where: str) -> None:
    """Doppelkopf's preview: "Kontra gewinnt: gewonnen +1, Karlchen (Re) -1, ... = 2 Punkte × 2
    (Bock) = 4 Punkte; Vroni & Wast je +4, Hias & Kathi je -4". Who it says gets the points gets
    them; each "= n Punkte" is what the lines and factors before it come to; the last is the
    game's value; the shares are each player's points."""
    head, _, rest = words.replace("\u00a0", " ").partition(": ")
    sums, _, shares = rest.partition("; ")
    in_play = list(result.info["re_party"]) + list(result.info["kontra_party"])
    values = {p: {"punkte": result.deltas[p]["punkte"]} for p in in_play}
    check_words(table, hand, head, values, in_play, where)
    shown = read_shares(table, shares, ["punkte"])
    assert shown == values, f"{where}: {words!r} but {result.deltas}"
    steps = sums.split(" = ")
    lines = [] if steps[0] == "nichts" else steps[0].split(", ")
    run = sum(int(line.rsplit(" ", 1)[1]) for line in lines)
    for step in steps[1:]:
        said = re.match(r"^(-?\d+) Punkte?(?: × (\d+) \((.+?)\)|, (.+))?$", step)
        assert said, f"{where}: not a step: {step!r} in {words!r}"
        assert int(said.group(1)) == run, f"{where}: {step!r} after {run}: {words!r}"
        if said.group(2):
            run *= int(said.group(2))
        elif said.group(4):
            run += sum(int(line.rsplit(" ", 1)[1]) for line in said.group(4).split(", "))
    assert run == abs(result.info["value"]), f"{where}: comes to {run}, the game is worth {result.info['value']}"


def check_skat_preview(table, hand: dict, result, words: str, where: str) -> None:
    """Skat's preview: "Kreuz mit 2, Hand: 4 × 12 = 48; gewonnen: +48; Ben +48 Punkte". The
    first line's product is right and is the value (or the overbid multiple is); the result
    line is + value or - factor × value; the shares are each player's points."""
    if hand.get("eingepasst"):
        assert not any(v for row in result.deltas.values() for v in row.values()), f"{where}: {words!r}"
        return
    parts = words.split("; ")
    if hand.get("ramsch"):
        check_skat_ramsch_preview(table, result, parts, where)
        return
    changed = {p: {"punkte": row["punkte"]} for p, row in result.deltas.items() if row["punkte"]}
    if changed or not table.bierlachs.enabled:  # Bierlachs: a won game writes nothing, and says so
        shown = read_shares(table, parts[-1], ["punkte"])
        assert shown == changed, f"{where}: {words!r} but {result.deltas}"
    info = result.info
    value = info["value"]
    product = re.search(r": (\d+) × (\d+) = (\d+)$", parts[0]) or re.search(r": (\d+)$", parts[0])
    assert product, f"{where}: no value in {parts[0]!r}"
    if product.lastindex == 3:
        assert int(product.group(1)) * int(product.group(2)) == int(product.group(3)), f"{where}: {parts[0]!r}"
    if info["overbid"]:
        over = re.search(r"überreizt \(gereizt (\d+)\): (\d+) × (\d+) = (\d+)$", parts[1])
        assert over and int(over.group(2)) * int(over.group(3)) == int(over.group(4)) == value >= int(over.group(1)), \
            f"{where}: {parts[1]!r}"
    else:
        assert int(product.groups()[-1]) == value, f"{where}: {parts[0]!r} but the game is worth {value}"
    outcome = next(part for part in parts if part.startswith(("gewonnen", "verloren")))
    entry = int(outcome.rsplit(" ", 1)[1].replace("−", "-").lstrip("+"))
    lost = table.lost.hand if hand.get("hand") or (hand.get("ouvert") and hand.get("game") != "null") else table.lost.factor
    doubled = info.get("doubled", 1)
    assert entry == (value if info["won"] else -lost * value) * doubled, f"{where}: {outcome!r}"
    bock = next((part for part in parts if part.startswith("Bock: ")), None)
    if info.get("bock"):  # house rule: "Bock: +48 × 2 = +96"
        said = re.match(r"^Bock: ([+−-]?\d+) × (\d+) = ([+−-]?\d+)$", bock or "")
        assert said and int(said.group(1).replace("−", "-")) == entry, f"{where}: {bock!r}"
        entry = int(said.group(3).replace("−", "-"))
        assert entry == int(said.group(1).replace("−", "-")) * int(said.group(2)), f"{where}: {bock!r}"
    else:
        assert bock is None, f"{where}: {bock!r}"
    assert entry == info["entry"], f"{where}: {words!r} but the entry is {info['entry']}"


def check_skat_ramsch_preview(table, result, parts: list[str], where: str) -> None:
    """A Ramsch's preview: "Ramsch: Ben verliert 62 Augen, Jungfrau (Cem): × 2 = -124; Ben -124
    Punkte": the amount times the factors said is the entry, a Bock round's line doubles it, and
    the shares are each player's points."""
    info = result.info
    changed = {p: {"punkte": row["punkte"]} for p, row in result.deltas.items() if row["punkte"]}
    if changed:
        assert read_shares(table, parts[-1], ["punkte"]) == changed, f"{where}: {parts!r} but {result.deltas}"
    first = parts[0]
    amount = re.match(r"^Ramsch: .*?(?:verliert|verlieren je) (\d+) Augen|^Ramsch: .* den Grand (\d+)"
                      r"|^Ramsch: Durchmarsch \S+(?: \+(\d+))?", first)
    assert amount, f"{where}: {first!r}"
    factors = [int(f) for f in re.findall(r": × (\d+)", first)]
    entry = int(re.search(r"(?:=|:) ([+-]?\d+)$", first).group(1))
    if amount.group(1) or amount.group(2):
        product = -int(amount.group(1) or amount.group(2))
    else:
        product = int(amount.group(3)) if amount.group(3) else entry
    for factor in factors:
        product *= factor
    assert product == entry, f"{where}: {first!r}"
    bock = next((part for part in parts if part.startswith("Bock: ")), None)
    if info.get("bock"):
        said = re.match(r"^Bock: ([+-]?\d+) × (\d+) = ([+-]?\d+)$", bock or "")
        assert said and int(said.group(1)) == entry and int(said.group(1)) * int(said.group(2)) == int(said.group(3)), \
            f"{where}: {bock!r}"
        entry = int(said.group(3))
    assert entry == info["entry"], f"{where}: {parts!r} but the entry is {info['entry']}"


# --- the exports' hand lines ---------------------------------------------------------------

def csv_rows(table, text: str, players: list[str], sep: str) -> dict[int, tuple[str, Points]]:
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=sep))
    head = rows[0]
    spiel = head.index("Spiel")
    columns = {}
    for p in players:
        for t in table.tallies:
            for suffix in ("", " (ct)", " (€)"):
                if f"{p} {tally_name(table, t)}{suffix}" in head:
                    columns[head.index(f"{p} {tally_name(table, t)}{suffix}")] = (p, t)
    out = {}
    for row in rows[1:]:
        if not row[0].isdigit():
            continue
        points: Points = {p: {} for p in players}
        for i, (p, t) in columns.items():
            cell = row[i]
            points[p][t] = (amount(cell + " €") if sep == ";" and t == "geld" else int(cell))
        out[int(row[0])] = (row[spiel], points)
    return out


def md_cell(cell: str) -> str:
    return html.unescape(re.sub(r"\\(.)", r"\1", cell.strip()))


def md_rows(table, text: str, players: list[str]) -> dict[int, tuple[str, Points]]:
    lines = text.split("## Spiele\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    head = [md_cell(c) for c in lines[0].strip("|").split("|")]
    spiel = head.index("Spiel")
    lead = table.tallies[0]
    tally_col = head.index(tally_name(table, lead))
    out = {}
    for line in lines[2:]:
        cells = [md_cell(c) for c in line.strip().strip("|").split("|")]
        points: Points = {p: {} for p in players}
        for share in cells[tally_col].split(" / "):
            who, value = re.match(r"^(.*?) ([+-]?[\d.]+(?:,\d\d)?(?: €)?)$", share).groups()
            points[who][lead] = amount(value)
        out[int(cells[0])] = (cells[spiel], points)
    return out


def html_rows(table, page: str, players: list[str]) -> dict[int, tuple[str, Points]]:
    hands = page.split('<table class="hands', 1)[1].split(">", 1)[1].split("</table>", 1)[0]
    # a player's cell: the hand's change, then the Stand after it in its own span (not the hand's)
    rows = [[html.unescape(re.sub(r"</?bdi>|<span class=\"s\">.*?</span>", "", c))
             for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", hands)]
    head, short = rows[0], short_names(players)
    spiel = head.index("Spiel")
    lead = table.tallies[0]
    out = {}
    for row in rows[1:]:
        points: Points = {p: {lead: amount(row[head.index(short[p])])} for p in players}
        words = row[spiel]
        if table.family == "skat":  # a paper Skat list: Spieler, Spiel, Spitzen, marks, Wert (minus: lost)
            wert = row[head.index("Wert")]
            game = row[head.index("Spiel")]
            said = "" if game == "eingepasst" or game.startswith("Ramsch") else \
                "verloren" if wert.startswith("-") else "gewonnen"
            words = SEP.join([*row[1:head.index(short[players[0]])], said] + (["überreizt"] if wert.endswith("ü") else []))
        for p in players:  # the hand table says the short names
            if short[p] != p:
                words = words.replace(short[p], p)
        out[int(row[0])] = (words, points)
    return out


def exported_lines(app: App, evening: int, table, players: list[str]) -> dict[str, dict[int, tuple[str, Points]]]:
    """Each export's line of each hand: its words and the points beside them."""
    out = {}
    for kind in EXPORTS:
        text = app.export_session(evening, kind)
        assert isinstance(text, str)
        if kind.startswith("csv"):
            out[kind] = csv_rows(table, text, players, ";" if kind == "csv-de" else ",")
        elif kind == "md":
            out[kind] = md_rows(table, text, players)
        else:
            out[kind] = html_rows(table, text, players)
    return out


# --- one evening: every hand entered, saved, looked at, exported ----------------------------

@pytest.fixture(scope="module")
def store(tmp_path_factory):
    with App.open(tmp_path_factory.mktemp("agree") / "scorepad.db") as app:
        yield app


def check_evening(store: App, ruleset: str, options, players: list[str], data, next_hand, size: int = 6) -> None:
    """Up to `size` hands drawn by `next_hand(game)` (a strategy, or None for no hand), each
    entered on its form, its words checked there; then saved as an evening, its history lines
    and every export's lines checked."""
    table = with_options(get_table(ruleset), options) if options else get_table(ruleset)
    game = new_game(table, players)
    hands, played = [], []
    for _ in range(data.draw(st.integers(1, size))):
        hand = data.draw(next_hand(game))
        if hand is None or not playable(game, hand):
            continue
        in_play, ctx = list(game.players), ctx_for(game)
        draft = check_roundtrip(game, hand)  # (tried on copies: the game is as before)
        result = game.play(len(hands) + 1, hand)
        where = f"hand {len(hands) + 1} {hand}"
        tallies = list(next(iter(result.deltas.values())))
        if draft is not None:  # the line above the preview, once every tap is made
            summary = form_for(table.family).summary(ctx, draft)
            check_words(table, hand, summary, result.deltas, in_play, f"{where}, the form's line", complete=False)
        check_preview(table, hand, result, hand_preview(table, hand, result, tallies), f"{where}, the preview")
        check_words(table, hand, describe_hand(table, hand, result), result.deltas, in_play, f"{where}, its line")
        hands.append(hand)
        played.append(in_play)
    if not hands:
        return
    evening = store.start_evening(ruleset, players, options=options).id
    for hand in hands:
        store.add_hand(evening, hand)
    view = store.table_view(evening)
    saved = store.table(evening)
    for number, (raw, hand, in_play) in enumerate(zip(view.hands, view.replay.hands, played), 1):
        where = f"saved hand {number} {raw}"
        check_words(saved, raw, describe_hand(saved, raw, hand), hand.deltas, in_play, f"{where}, the history")
        tallies = list(next(iter(hand.deltas.values())))
        check_preview(saved, raw, hand, hand_preview(saved, raw, hand, tallies), f"{where}, its screen")
    for kind, lines in exported_lines(store, evening, saved, players).items():
        assert sorted(lines) == list(range(1, len(hands) + 1)), kind
        for number, (words, points) in lines.items():
            check_words(saved, view.hands[number - 1], words, points, played[number - 1],
                        f"saved hand {number} {view.hands[number - 1]}, the {kind} export")


# --- the hands of each game -------------------------------------------------------------------

def generated(game):
    """A hand of the game's own generator (scorepad/games/<name>/bench.py), from a drawn seed."""
    return st.randoms(use_true_random=False).map(lambda rng: family_of(game.table).generate(rng, game))


def schafkopf_hands(game):
    extras = game.table.tout.enabled or game.table.ramsch.enabled
    return st.one_of(schafkopf_hand(extras=extras, players=tuple(game.players)), generated(game))


SAUKOPF_FIVE = {"players": [4, 5], "sitting_out": {"in_play": 4, "seats": {"5": [0]}}}
DOPPELKOPF_HOUSE = [  # the house rules tests/test_doppelkopf_properties.py plays, and those that change the words
    {"bock": {"enabled": True, "after": ["tie", "lost_solo", "lost_announcement"], "stacking": True},
     "contracts": {"armut": {"enabled": True}}, "sonderpunkte": {"dulle_gefangen": {"enabled": True}}},
    {"writes": "winners"}, {"writes": "losers"},
    {"game_points": {"doubling": True}, "sonderpunkte": {"dulle_gefangen": {"enabled": True}}},
    {"solo_factor": 2, "bock": {"enabled": True, "after": ["nobody_won", "both_announced"]}},
]
PREISSCHAFKOPF = sorted(r for r in builtin_tables() if r.startswith("preisschafkopf-"))
COVERED = {"schafkopf", "saukopf", "saukopf-dreihaxer", "schwarze-sau", "struliwuli", "zaisertshofer-ramsch",
           "doppelkopf", "doppelkopf-haus", "skat", "skat-seeger-fabian", *PREISSCHAFKOPF}


def test_every_rule_table_is_checked():
    assert COVERED == set(builtin_tables())


@AGREE
@given(data=st.data(), options=st.one_of(schafkopf_options, SCHAFKOPF_EXTRAS))
def test_schafkopf_words_agree_with_the_money(store, data, options):
    check_evening(store, "schafkopf", options, SK4, data, schafkopf_hands)


@pytest.mark.parametrize("n", [5, 6])
def test_schafkopf_words_agree_at_five_or_six(store, n):
    @AGREE
    @given(data=st.data(), options=SEATED_OPTIONS)
    def run(data, options):
        check_evening(store, "schafkopf", options, FIVE_SIX[n], data, schafkopf_hands)

    run()


@pytest.mark.parametrize("ruleset", PREISSCHAFKOPF)
def test_a_preisschafkopf_lists_words_agree_with_its_points(store, ruleset):
    """Tout, Ramsch and Sie switched on where the list allows them (its house variants)."""
    table = get_table(ruleset)
    extras = [None, {"tout": {"enabled": True}}]
    if table.writes != "winners":
        extras.append({"ramsch": {"enabled": True}, "tout": {"enabled": True, "factor": 3}})
    if "sie" in table.contracts:
        extras = [deep_merge(e or {}, {"contracts": {"sie": {"enabled": True}}}) for e in extras]

    @AGREE
    @given(data=st.data(), options=st.sampled_from(extras), five=st.booleans())
    def run(data, options, five):
        players = FIVE_SIX[5] if five and 5 in table.players else SK4
        check_evening(store, ruleset, options, players, data, schafkopf_hands)

    run()


@AGREE
@given(data=st.data(), options=st.sampled_from([None, SAUKOPF_FIVE, {"chip_value": 50}]))
def test_saukopf_words_agree_with_the_fleisch(store, data, options):
    players = PLAYERS["saukopf"] + (["Girgl"] if options == SAUKOPF_FIVE else [])
    quick = st.sampled_from([{"passed": True}, {"vergeben": True}])
    check_evening(store, "saukopf", options, players, data,
                  lambda g: st.one_of(saukopf_hand(players=tuple(g.players)), saukopf_hand(players=tuple(g.players)),
                                      quick))


@AGREE
@given(data=st.data())
def test_dreihaxer_words_agree_with_the_fleisch(store, data):
    check_evening(store, "saukopf-dreihaxer", None, PLAYERS["saukopf-dreihaxer"], data, lambda g: dreihaxer_hand())


@pytest.mark.parametrize("n", [4, 3])
def test_schwarze_sau_words_agree_with_the_points(store, n):
    @AGREE
    @given(data=st.data(), options=st.sampled_from([None, {"drink_price": 150}]))
    def run(data, options):
        check_evening(store, "schwarze-sau", options, PLAYERS["schwarze-sau"][:n], data, schwarze_sau_next_hand,
                      size=14)

    run()


@AGREE
@given(data=st.data())
def test_struliwuli_words_agree_with_the_points(store, data):
    check_evening(store, "struliwuli", None, PLAYERS["struliwuli"], data, struliwuli_next_hand, size=10)


@AGREE
@given(data=st.data(), options=st.sampled_from([None, {"bolla_price": 50}]))
def test_zaisertshofer_ramsch_words_agree_with_the_striche(store, data, options):
    check_evening(store, "zaisertshofer-ramsch", options, PLAYERS["zaisertshofer-ramsch"], data, ramsch_next_hand,
                  size=16)


@pytest.mark.parametrize("ruleset", ["doppelkopf", "doppelkopf-haus"])
def test_doppelkopf_words_agree_with_the_points(store, ruleset):
    @AGREE
    @given(data=st.data(), options=st.sampled_from([None, *DOPPELKOPF_HOUSE]), at_table=st.sampled_from([4, 5, 6]))
    def run(data, options, at_table):
        players = ["Hias", "Vroni", "Wast", "Kathi", "Sepp", "Resi"][:at_table]
        check_evening(store, ruleset, options, players, data, generated, size=8)

    run()


@pytest.mark.parametrize("ruleset", ["skat", "skat-seeger-fabian"])
def test_skat_words_agree_with_the_points(store, ruleset):
    @AGREE
    @given(data=st.data(), at_table=st.sampled_from([3, 4, 5]))
    def run(data, at_table):
        if ruleset == "skat-seeger-fabian" and at_table == 5:
            at_table = 4  # the Seeger-Fabian list names no table of five
        players = ["Anna", "Ben", "Cem", "Dora", "Emil"][:at_table]
        options = data.draw(st.sampled_from([None, SKAT_HOUSE, SKAT_RAMSCH]))
        check_evening(store, ruleset, options, players, data, generated, size=8)

    run()


SKAT_HOUSE = {"kontra_re": {"enabled": True}, "lost": {"hand": 1}, "grundwerte": {"grand": 20, "grand_ouvert": 36},
              "bock": {"enabled": True, "after": ["tie", "lost_kontra", "kontra_re", "lost_grand"], "stacking": True},
              "ramsch": {"enabled": True, "tie": "table", "value": "grand"}}
SKAT_RAMSCH = {"ramsch": {"enabled": True, "jungfrau": 3}, "bock": {"enabled": True, "after": ["hundred", "tie"]}}


# --- the readers read: a line that disagrees is caught ------------------------------------------

def test_a_line_saying_gewonnen_beside_lost_points_is_caught():
    """The tester's Tout, as the words said it before: "gewonnen" beside -42 points."""
    table = get_table("preisschafkopf-plusminus")
    hand = {"game": "solo", "player": "Kathi", "result": "won", "tout": True}
    lost = {"Kathi": {"punkte": -42}, **{p: {"punkte": 14} for p in SK4 if p != "Kathi"}}
    with pytest.raises(AssertionError, match="gewonnen"):
        check_words(table, hand, "Solo Kathi Tout · gewonnen", lost, SK4, "the old line")
    check_words(table, hand, "Solo Kathi Tout · verloren", lost, SK4, "the line now")


def test_a_doppelkopf_preview_that_does_not_add_up_is_caught():
    """Kontra wins 100 : 140 with a Fuchs, Re has Karlchen: 1 + 1 - 1 + 1 = 2 Punkte."""
    g = new_game(get_table("doppelkopf"), SK4)
    hand = {"game": "normal", "re": ["Hias", "Wast"], "augen": 100,
            "sonderpunkte": {"re": {"karlchen": 1}, "kontra": {"fuchs": 1}}}
    result = g.play(1, hand)
    words = hand_preview(g.table, hand, result, ["punkte"]).replace("\u00a0", " ")
    check_doppelkopf_preview(g.table, hand, result, words, "the preview")
    assert "Karlchen (Re) -1" in words and "= 2 Punkte" in words
    for wrong in (words.replace("Karlchen (Re) -1", "Karlchen (Re) +1"), words.replace("= 2 Punkte", "= 3 Punkte"),
                  words.replace("Kontra gewinnt", "Re gewinnt")):
        with pytest.raises(AssertionError):
            check_doppelkopf_preview(g.table, hand, result, wrong, "a wrong line")


def test_every_export_that_lists_the_hands_is_read(store):
    """The exports whose text carries a hand's line are those read above (the text for the chat,
    the JSON and the picture list no hand in words)."""
    from scorepad.exportformats import NAMES

    evening = store.start_evening("schafkopf", SK4).id
    hand = {"game": "solo", "player": "Wast", "result": "won_schneider"}
    store.add_hand(evening, hand)
    line = describe_hand(store.table(evening), hand, store.table_view(evening).replay.hands[0])
    listing = {kind for kind in NAMES if kind != "png" and line in str(store.export_session(evening, kind))}
    assert listing == set(EXPORTS)
