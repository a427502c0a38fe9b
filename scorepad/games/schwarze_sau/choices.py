"""What a schwarze_sau table asks for: OPTIONS when an evening starts, HOUSE besides for a table's own
rules (Hausregeln). Each choice is (label, option path, values); the screens merge a pick with
tables.deep_merge."""

from __future__ import annotations

OPTIONS = [("Preis je verlorenem Spiel", ("drink_price",), [0, 50, 100, 200])]

HOUSE = [("Verloren über", ("game_over_above",), [30, 40, 50])]
