"""Skat's list as it is kept on paper (the HTML and print export's hand table): Nr, Spieler, Spiel,
Spitzen, a mark each for Hand, Schneider, Schwarz and ouvert ("×" reached, "a" announced), the
Wert the declarer writes (minus: lost; "ü": überreizt; a Ramsch: who lost and what each writes), the Seeger-Fabian column when that list
is kept, then each player's change and running total (the export adds those). Short headings,
said in the key line above the table: the list fits A4 with five players. At the foot of a
Seeger-Fabian list (a tournament's table list) the block that turns the list's points into the
standing: points, won and lost games × 50, the others' lost games × 40 (at three; 30 at four),
the total (list_foot)."""

from __future__ import annotations

from typing import Any

from scorepad.games.family import FootLine, ListColumns
from scorepad.games.skat.hand import GAME_NAMES, said_kontra
from scorepad.games.skat.lists import points_of
from scorepad.games.skat.rules import ListKind, SkatTable
from scorepad.games.skat.sheet import at_table

MARK = "×"
ANNOUNCED = "a"
OVERBID = "ü"


def signed(points: int) -> str:
    """The list's number: "+48", "-96" (as the exports write amounts)."""
    return f"+{points}" if points > 0 else str(points)


def list_columns(table: SkatTable) -> ListColumns:
    head = ["Spieler", "Spiel", "Spitzen", "H", "S", "Sw", "O", "Wert"]
    key = (f"H Hand, S Schneider, Sw Schwarz, O ouvert: {MARK} erreicht, {ANNOUNCED} angesagt. "
           f"Wert: was der Spieler schreibt (minus: verloren; {OVERBID}: überreizt).")
    if table.list_kind == "seeger_fabian":
        sf = table.seeger_fabian
        others = ", ".join(f"{v} {at_table(int(k))}" for k, v in sf.others.items())
        key += (f" SF: Seeger-Fabian, +{sf.won} gewonnen; -{sf.lost} verloren / was dann jeder andere "
                f"bekommt ({others}).")
        return ListColumns([*head, "SF"], amounts=2, key=key, narrow=True)
    return ListColumns(head, amounts=1, key=key, narrow=True)


def _level(reached: int, announced: int) -> str:
    return ANNOUNCED if announced else MARK if reached else ""


def list_cells(table: SkatTable, hand: dict[str, Any], result: Any) -> list[str]:
    info = result.info
    sf = table.list_kind == "seeger_fabian"
    if info.get("eingepasst"):
        return ["", "eingepasst", "", "", "", "", "", "0"] + (["0"] if sf else [])
    if info.get("ramsch"):  # house rule: who lost (or went through), what each of them writes
        said = [f"Jungfrau {', '.join(hand.get('jungfrauen') or [])}"] if hand.get("jungfrauen") else []
        said += [f"{hand['geschoben']}× geschoben"] if hand.get("geschoben") else []
        said += ["Bock"] if info.get("bock") else []
        name = "Ramsch" + (", Durchmarsch" if info.get("durchmarsch") else "") + (f" ({', '.join(said)})" if said else "")
        who = info.get("durchmarsch") or ", ".join(info.get("losers") or [])
        written = next(iter(info["points"].values()), 0)  # each loser's alike (Bierlachs: a Durchmarsch writes 0)
        return [str(who), name, "", "", "", "", "", signed(int(written))] + (["0"] if sf else [])
    game = str(hand.get("game"))
    spitzen = "" if hand.get("spitzen") is None else f"{'ohne' if hand.get('mit') is False else 'mit'} {hand['spitzen']}"
    levels = info.get("levels")
    marks = [MARK if hand.get("hand") or hand.get("ouvert") else "",
             _level(levels.schneider, levels.schneider_angesagt) if levels else "",
             _level(levels.schwarz, levels.schwarz_angesagt) if levels else "",
             MARK if hand.get("ouvert") else ""]
    wert = signed(int(info["entry"])) + (f" {OVERBID}" if info.get("overbid") else "")
    said = [said_kontra(bool(hand.get("re")))] if hand.get("kontra") else []
    said += ["Bock"] if info.get("bock") else []
    name = GAME_NAMES.get(game, game) + (f" ({', '.join(said)})" if said else "")
    cells = [str(info["player"]), name, spitzen, *marks, wert]
    if sf:
        won, lost = table.seeger_fabian.won, table.seeger_fabian.lost
        bonus = table.others_bonus(len(result.deltas)) or 0
        cells.append(f"+{won}" if info["won"] else f"-{lost} / +{bonus}")
    return cells


def _declared(result: Any) -> bool:
    """Whether a scored game has a declarer who won or lost it (not eingepasst)."""
    info = result.info
    return not info.get("eingepasst") and isinstance(info.get("player"), str) and isinstance(info.get("won"), bool) \
        and "entry" in info


def list_foot(table: SkatTable, players: list[str], results: list[Any]) -> list[FootLine]:
    """The Seeger-Fabian block at the foot of the list (SkWO): each player's points (the list's
    values added up), + 50 for each game won, - 50 for each game lost, + 40 at three (30 at four)
    for each game another player lost, and the total, as the engine scores the list (lists.py);
    none on the classic list or at a table the Seeger-Fabian list names no figure for."""
    bonus = table.others_bonus(len(players))
    if table.list_kind != "seeger_fabian" or bonus is None:
        return []
    games = [r for r in results if _declared(r)]
    kinds: tuple[ListKind, ...] = ("classic", "seeger_fabian")
    sums = {kind: dict.fromkeys(players, 0) for kind in kinds}
    won, lost, others = (dict.fromkeys(players, 0) for _ in range(3))
    for result in games:
        for kind, sum_ in sums.items():
            for player, points in (points_of(table, result.info, players, kind) or {}).items():
                sum_[player] += points
        declarer = result.info["player"]
        if result.info["won"]:
            won[declarer] += 1
        else:
            lost[declarer] += 1
            for player in players:
                others[player] += player != declarer
    sf = table.seeger_fabian

    def line(label: str, counts: dict[str, int], each: int) -> FootLine:
        return FootLine(f"{label} × {abs(each)}", {p: n * each for p, n in counts.items()}, counts, each)

    return [FootLine("Punkte", sums["classic"]),
            line("gewonnene Spiele", won, sf.won),
            line("verlorene Spiele", lost, -sf.lost),
            line("verlorene Spiele der anderen", others, bonus),
            FootLine("Seeger-Fabian gesamt", sums["seeger_fabian"])]
