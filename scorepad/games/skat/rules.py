"""Skat: the rule table's model (rulesets/skat*.toml, family = "skat"). Every number of the ISkO
and the Seeger-Fabian list the engine uses is a key here; nothing is written into the code."""

from __future__ import annotations

import tomllib
from functools import cached_property, lru_cache
from typing import ClassVar, Literal

from pydantic import Field

from scorepad.tables import MAX_CENTS, RuleTable, Strict, builtin_dir

SuitGame = Literal["karo", "herz", "pik", "kreuz", "grand"]
ListKind = Literal["classic", "seeger_fabian"]


class BaseValues(Strict):
    """ISkO 2.4: Karo 9, Herz 10, Pik 11, Kreuz 12, Grand 24."""

    karo: int = Field(ge=1, le=1000)
    herz: int = Field(ge=1, le=1000)
    pik: int = Field(ge=1, le=1000)
    kreuz: int = Field(ge=1, le=1000)
    grand: int = Field(ge=1, le=1000)
    # house rule "Grand ouvert fixed at 36" (the old Skatordnung's value table: "Grand 24, Grand ouvert 36"):
    # the Grand ouvert's own base value in place of the Grand's, its levels counted as the ISkO does;
    # 0: none of its own (the ISkO)
    grand_ouvert: int = Field(0, ge=0, le=1000)


class NullValues(Strict):
    """ISkO: Null 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59."""

    plain: int = Field(ge=1, le=1000)
    hand: int = Field(ge=1, le=1000)
    ouvert: int = Field(ge=1, le=1000)
    ouvert_hand: int = Field(ge=1, le=1000)


class SpitzenRange(Strict):
    """The most Spitzen "mit" or "ohne" a game can have: 11 in a suit game, 4 in Grand."""

    suit: int = Field(ge=1, le=11)
    grand: int = Field(ge=1, le=4)


class Augen(Strict):
    """120 Augen in the deck; won with 61; Schneider with 30 or fewer."""

    total: int = Field(ge=1, le=1000)
    win: int = Field(ge=1, le=1000)
    schneider: int = Field(ge=0, le=1000)


class Lost(Strict):
    """A lost game counts `factor` times its value (ISkO: 2); a lost Hand game `hand` times
    (ISkO since 1998: 2 as well; the old rule, a house rule now: 1)."""

    factor: int = Field(ge=1, le=10)
    hand: int = Field(2, ge=1, le=10)


class SeegerFabian(Strict):
    """The Leistungsbewertung: + `won` / - `lost` for the declarer; on a lost game `others[n]`
    to every other player at a table of n (the one sitting out included)."""

    won: int = Field(ge=0, le=1000)
    lost: int = Field(ge=0, le=1000)
    others: dict[str, int]


class KontraRe(Strict):
    """House rule: the defenders may say Kontra, the declarer answer Re; each doubles what the
    game counts on the list (`factor`), the value the bid is checked against stays."""

    enabled: bool = False
    factor: int = Field(2, ge=1, le=10)


# what brings a Bock round (house rule): 60 : 60, a lost game after Kontra, Kontra and Re both
# said, a lost Grand, a player's list total reaching or passing upward 100, 200, ...
BockTrigger = Literal["tie", "lost_kontra", "kontra_re", "lost_grand", "hundred"]


class Bock(Strict):
    """House rule: after a trigger the next round (one game per player at the table) counts
    `factor` times on the list; a round met within another follows it, or (`stacking`) doubles
    the games both cover once more."""

    enabled: bool = False
    after: list[BockTrigger] = []
    factor: int = Field(2, ge=1, le=10)
    stacking: bool = False
    hundred: int = Field(100, ge=1, le=10000)  # the trigger `hundred`: 100, 200, ... reached


class Bierlachs(Strict):
    """House rule: only minus points are written (a won game writes nothing, a lost one its
    minus); the first player whose list reaches - `limit` pays the round (the beer)."""

    enabled: bool = False
    limit: int = Field(500, ge=1, le=100000)


RamschValue = Literal["augen", "grand"]
RamschTie = Literal["all", "table"]


class Ramsch(Strict):
    """House rule: when all pass, a Ramsch instead of eingepasst. Everyone plays alone; whoever
    took the most Augen loses them (`value` "augen") or the Grand's base value (`value` "grand",
    grundwerte.grand) as minus points; each Jungfrau (a player who took no trick) multiplies
    that by `jungfrau`; each push of the Skat (Schieberamsch) by `push_factor`. A Durchmarsch (one
    player took every trick) gives that player + `durchmarsch` (pushes multiply it too). Most
    Augen shared: `tie` "all", every tied player loses; "table", the table names the one who does."""

    enabled: bool = False
    value: RamschValue = "augen"
    jungfrau: int = Field(2, ge=1, le=10)
    durchmarsch: int = Field(120, ge=0, le=10000)
    push_factor: int = Field(2, ge=1, le=10)
    tie: RamschTie = "all"


class Series(Strict):
    games: dict[str, int]


class SkatTable(RuleTable):
    """A Skat table: the ISkO's values and the list kept (classic or Seeger-Fabian). At four the
    dealer sits out, at five the dealer and the seat `sitting_out.seats.5` names (a table
    setting); three play every game."""

    SITTING_OUT: ClassVar[bool] = True

    family: Literal["skat"]
    list_kind: ListKind = "classic"
    tariff: int = Field(0, ge=0, le=MAX_CENTS)  # cents per list point; 0: points only
    grundwerte: BaseValues
    null: NullValues
    spitzen: SpitzenRange
    augen: Augen
    lost: Lost
    seeger_fabian: SeegerFabian
    serie: Series
    kontra_re: KontraRe = KontraRe()
    bock: Bock = Bock()
    bierlachs: Bierlachs = Bierlachs()
    ramsch: Ramsch = Ramsch()
    announce_without_hand: bool = False  # house rule: Schneider and Schwarz announced in any game

    def base_value(self, game: SuitGame, ouvert: bool = False) -> int:
        """The game's base value; a Grand ouvert's own where the table gives one (house rule)."""
        if ouvert and game == "grand" and self.grundwerte.grand_ouvert:
            return self.grundwerte.grand_ouvert
        return int(getattr(self.grundwerte, game))

    def others_bonus(self, at_table: int) -> int | None:
        """What every other player gets on a lost game at a table of `at_table` (None: the
        Seeger-Fabian list names no figure for that table)."""
        return self.seeger_fabian.others.get(str(at_table))

    @cached_property
    def reizwerte(self) -> frozenset[int]:
        """Every value a game can have, the Reizwerte: each base value times 2 (mit or ohne 1,
        Spiel) up to its most levels (Spitzen + Spiel, Hand, Schneider, angesagt, Schwarz,
        angesagt, ouvert), and the Null values (made once per table)."""
        levels = 7  # Spiel, Hand, Schneider, angesagt, Schwarz, angesagt, ouvert
        values = {getattr(self.null, kind) for kind in ("plain", "hand", "ouvert", "ouvert_hand")}
        games: tuple[SuitGame, ...] = ("karo", "herz", "pik", "kreuz", "grand")
        for game in games:
            most = self.spitzen.grand if game == "grand" else self.spitzen.suit
            values |= {self.base_value(game) * factor for factor in range(2, most + levels + 1)}
        if self.grundwerte.grand_ouvert:  # house rule: a Grand ouvert has at least its 7 levels and a Spitze
            values |= {self.grundwerte.grand_ouvert * factor
                       for factor in range(levels + 1, self.spitzen.grand + levels + 1)}
        return frozenset(values)

    def hand_players(self) -> frozenset[int]:
        return frozenset({3})


# the name the engine's modules have used for the table
SkatRules = SkatTable

TABLE_FILE = builtin_dir() / "skat.toml"


def parse_rules(text: str, changes: dict[str, object] | None = None) -> SkatRules:
    """A table from TOML text, with top-level `changes` (e.g. {"list_kind": "seeger_fabian"})."""
    raw = tomllib.loads(text)
    raw.update(changes or {})
    return SkatTable.model_validate(raw, strict=False)


@lru_cache(maxsize=1)
def isko() -> SkatRules:
    """The built-in ISkO table."""
    return parse_rules(TABLE_FILE.read_text(encoding="utf-8"))
