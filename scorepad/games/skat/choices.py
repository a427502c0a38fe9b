"""What a Skat table asks for: OPTIONS when an evening starts (the list kept, cents per point),
HOUSE besides for a table's own rules: Spitzen only with Buben, Grand at 20, a lost Hand game
single, Kontra and Re, announcing without Hand, Bock rounds (after a hundred too), Bierlachs
Ramsch when all pass (its value, Jungfrau, Durchmarsch, Schieberamsch, ties), Grand ouvert
with its own base value 36; at a table of five, which seat sits out besides the dealer (a table
setting: `sitting_out.seats`, offered only where the table seats five)."""

from __future__ import annotations

from typing import Any

from scorepad.games.family import Choice, Labelled
from scorepad.games.skat.sheet import BOCK_AFTER

OPTIONS: list[Choice] = [
    ("Liste", ("list_kind",), [Labelled("classic", "klassisch"), Labelled("seeger_fabian", "Seeger-Fabian")]),
    ("Cent je Punkt", ("tariff",), [0, 1, 2, 5, 10]),
]

# at five the dealer and one more sit out: the seat counted clockwise from the dealer (0)
FIVE_OUT: Choice = ("Zu fünft setzt außer dem Geber aus", ("sitting_out", "seats", "5"),
                    [Labelled([0, seat], f"der {seat}. links vom Geber") for seat in (1, 2, 3, 4)])


HOUSE: list[Choice] = [
    ("Spitzen", ("spitzen", "suit"), [Labelled(11, "mit Farbspitzen"), Labelled(4, "nur Buben")]),
    ("Grand zählt", ("grundwerte", "grand"), [24, 20]),
    ("Verlorenes Handspiel", ("lost", "hand"), [Labelled(2, "doppelt"), Labelled(1, "einfach")]),
    ("Kontra und Re", ("kontra_re", "enabled"), [False, True]),
    ("Schneider und Schwarz ansagen ohne Hand", ("announce_without_hand",), [False, True]),
    ("Bockrunden", ("bock", "enabled"), [False, True]),
    *[(f"Bockrunde nach: {words}", ("bock", "after", trigger), [False, True]) for trigger, words in BOCK_AFTER.items()],
    ("Bockrunden, die sich treffen", ("bock", "stacking"), [Labelled(False, "nacheinander"), Labelled(True, "verdoppeln")]),
    ("Bierlachs (nur Minuspunkte)", ("bierlachs", "enabled"), [False, True]),
    ("Bierlachs: zahlt, wer erreicht", ("bierlachs", "limit"), [Labelled(500, "-500"), Labelled(300, "-300"),
                                                                  Labelled(1000, "-1000")]),
    ("Grand ouvert", ("grundwerte", "grand_ouvert"), [Labelled(0, "wie Grand"), Labelled(36, "Grundwert 36")]),
    ("Ramsch, wenn alle passen", ("ramsch", "enabled"), [False, True]),
    ("Ramsch: wer die meisten Augen hat, verliert", ("ramsch", "value"),
     [Labelled("augen", "die Augen"), Labelled("grand", "einen Grand")]),
    ("Ramsch: Jungfrau", ("ramsch", "jungfrau"), [Labelled(2, "doppelt"), Labelled(1, "zählt nicht")]),
    ("Ramsch: Durchmarsch", ("ramsch", "durchmarsch"), [Labelled(120, "+120"), Labelled(240, "+240"),
                                                        Labelled(60, "+60")]),
    ("Schieberamsch", ("ramsch", "push_factor"), [Labelled(2, "doppelt je Schieben"), Labelled(1, "ohne")]),
    ("Ramsch: gleich viele Augen", ("ramsch", "tie"), [Labelled("all", "alle verlieren"),
                                                       Labelled("table", "der Tisch entscheidet")]),
    FIVE_OUT,
]


def house_for_table(table: Any) -> list[Choice]:
    """HOUSE, and who sits out at five where the table seats five (the Seeger-Fabian list does not)."""
    return [choice for choice in HOUSE if choice is not FIVE_OUT or 5 in table.players]
