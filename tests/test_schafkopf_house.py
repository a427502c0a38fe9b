"""Schafkopf house rules as table data (issue 12, items 3-8): one rule, one test, hand-worked money.

The rules, as this project reads them (docs/rulesets.md):
- A contract says how it is won (`won_by`): by the player party's Augen (every game of the sheet),
  by the player taking no trick (Bettel, Bettel Brett) or by taking every trick (a Tout declared
  as a game). A game won by the tricks is entered won or lost; it knows no Schneider, no Schwarz
  and, without trumps, no Laufende. It pays its own `tariff` (+ Laufende), then the Kontra chain.
- A partner game names how the partner is found (`partner_is`): Sauspiel "hat die gerufene Sau",
  Hochzeit "nimmt den angebotenen Trumpf"; it is scored like the Sauspiel.
- A Tout announced on a solo (`tout`) is worth (Grundwert + Laufende) x `tout.factor`, no Schneider
  or Schwarz (`tout.value = "grundwert"`, the default); `"schwarz"` keeps the reading before.
- A Sie pays `tariff_factor` x the tariff of `tariff_of`; with `with_laufende`, x (that tariff +
  the Sie's 8 trumps as Laufende).
- `laufende.counted_for`: "both" (whichever party holds them) or "player" (only "mit").
- `ramsch.durchmarsch_value`: "schwarz" (the solo won Schwarz), "tariff" (its Grundwert), "ramsch"
  (the Ramsch's value); `ramsch.jungfrau_doubles`: "all" (every share) or "own" (her share only).
- The Bock trigger `passed`: a hand everyone passed (zamgschmissen) starts a Bock round.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import HIAS, KATHI, SK4, VRONI, WAST, board, deltas, play, refused, sauspiel
from schafkopf_hands import geld, sauspiel_money, solo, solo_money

from scorepad.errors import HandError, ScorepadError
from scorepad.tables import get_table, load_table_file, with_options

pytestmark = pytest.mark.unit

BETTEL_ON = {"contracts": {"bettel": {"enabled": True}, "bettel_brett": {"enabled": True}}}
WENZ_TOUT = {"contracts": {"wenz_tout": {"name": "Wenz-Tout", "kind": "solo", "won_by": "all_tricks",
                                         "trumps": "nur die 4 Unter", "trump_count": 4, "tariff": 100,
                                         "laufende_from": 2}}}


def bettel(result, **extra):
    return {"game": "bettel", "player": VRONI, "result": result, **extra}


# --- 3. contracts declared by how they are won ---------------------------------------------

def test_a_bettel_won_by_taking_no_trick_pays_its_tariff():
    """Bettel at 0,50 €: Vroni took no trick, each opponent pays 0,50 €."""
    assert geld([bettel("won")], BETTEL_ON) == solo_money(50)


def test_a_bettel_lost_pays_each_opponent_its_tariff():
    assert geld([bettel("lost")], BETTEL_ON) == solo_money(-50)


def test_a_bettel_doubles_with_kontra_and_re():
    """0,50 € x Kontra x Re = 2,00 € from each opponent."""
    assert geld([bettel("won", kontra=HIAS, re=VRONI)], BETTEL_ON) == solo_money(200)


def test_bettel_brett_is_a_bettel_with_its_own_tariff():
    """Bettel Brett (the cards open) at 1,00 €."""
    assert geld([{"game": "bettel_brett", "player": VRONI, "result": "won"}], BETTEL_ON) == solo_money(100)


def test_a_bettel_knows_no_schneider_no_augen_and_no_laufende():
    msg = refused("schafkopf", SK4, [bettel("won_schneider")], BETTEL_ON)
    assert msg.startswith("hand 1: result: a Bettel knows no Schneider and no Schwarz")
    msg = refused("schafkopf", SK4, [{"game": "bettel", "player": VRONI, "augen": 0}], BETTEL_ON)
    assert msg.startswith("hand 1: augen: a Bettel is won by the tricks")
    msg = refused("schafkopf", SK4, [bettel("won", laufende=2)], {**BETTEL_ON, "laufende": {"enabled": True}})
    assert msg.startswith("hand 1: laufende: a Bettel has no trumps")


def test_the_bettel_is_off_in_the_built_in_table():
    assert refused("schafkopf", SK4, [bettel("won")]).startswith("hand 1: game: Bettel is not played")


def test_a_tout_declared_as_a_game_pays_its_tariff_and_laufende():
    """Wenz-Tout at 1,00 €, won with 3 Laufende at 0,10 €: each opponent pays 1,30 €; no Schneider
    or Schwarz on top."""
    options = {**WENZ_TOUT, "laufende": {"enabled": True}}
    assert geld([{"game": "wenz_tout", "player": VRONI, "result": "won", "laufende": 3}], options) == solo_money(130)
    assert geld([{"game": "wenz_tout", "player": VRONI, "result": "lost"}], options) == solo_money(-100)


def test_a_hochzeit_is_a_partner_game_scored_like_the_sauspiel():
    """Hochzeit at 0,20 €, won Schneider: each winner gets 0,40 € from one loser."""
    hand = {"game": "hochzeit", "player": HIAS, "partner": WAST, "augen": 95}
    assert geld([hand], {"contracts": {"hochzeit": {"enabled": True}}}) == sauspiel_money(40)


def test_the_partner_is_named_by_the_contract():
    table = get_table("schafkopf")
    assert table.contracts["sauspiel"].partner_is == "hat die gerufene Sau"
    assert table.contracts["hochzeit"].partner_is == "nimmt den angebotenen Trumpf"


def _partner_missing(game: str, options: dict) -> str:
    with pytest.raises(HandError) as info:
        play("schafkopf", SK4, [{"game": game, "player": HIAS, "augen": 70}], options)
    return info.value.german


def test_a_partner_game_without_its_partner_asks_in_the_contracts_own_words():
    """Noch offen on the form: the Sauspiel asks who has the called Sau, the Hochzeit who takes
    the offered trump; a house partner game without such words just asks for the partner."""
    assert _partner_missing("sauspiel", {}) == "Noch offen: Mitspieler (Sauspiel: wer hat die gerufene Sau?)"
    assert _partner_missing("hochzeit", {"contracts": {"hochzeit": {"enabled": True}}}) == (
        "Noch offen: Mitspieler (Hochzeit: wer nimmt den angebotenen Trumpf?)")
    plain = {"contracts": {"hochzeit": {"enabled": True, "partner_is": ""}}}
    assert _partner_missing("hochzeit", plain) == "Noch offen: Mitspieler (Hochzeit)"


def write(tmp_path, text):
    path = tmp_path / "schafkopf-haus.toml"
    path.write_text('id = "schafkopf-haus"\nextends = "schafkopf"\nname = "Haus"\n' + text, encoding="utf-8")
    return path


def refused_table(tmp_path, text) -> str:
    with pytest.raises(ScorepadError) as info:
        load_table_file(write(tmp_path, text))
    return str(info.value)


def test_rulesets_check_refuses_a_bettel_written_as_a_solo_by_augen(tmp_path):
    """A game without trumps counted by Augen: a won Bettel (0 Augen) would be scored as lost.
    (A contract that does not say `won_by` means what it meant before the key: won by Augen,
    as the first release took it; tests/test_compat_corpus.py.)"""
    msg = refused_table(tmp_path, '[contracts.nullspiel]\nname = "Bettel"\nkind = "solo"\ntrumps = "keine"\n'
                                  'trump_count = 0\ntariff = 50\nwon_by = "augen"\n')
    assert "contracts.nullspiel.won_by" in msg and "no_trick" in msg


def test_rulesets_check_refuses_a_partner_game_won_by_tricks(tmp_path):
    msg = refused_table(tmp_path, '[contracts.sauspiel]\nwon_by = "no_trick"\n')
    assert "contracts.sauspiel.won_by" in msg and "only a solo" in msg


def test_rulesets_check_refuses_a_sie_with_laufende_where_none_count(tmp_path):
    msg = refused_table(tmp_path, "[contracts.sie]\nwith_laufende = true\n")
    assert "contracts.sie.with_laufende" in msg
    load_table_file(write(tmp_path, "[contracts.sie]\nwith_laufende = true\n[laufende]\nenabled = true\n"))


def test_laufende_checks_leave_a_game_without_trumps_alone(tmp_path):
    """With Laufende on, a Bettel (no trumps) passes: laufende_from is about trumps it has none of."""
    table = load_table_file(write(tmp_path, "[laufende]\nenabled = true\n[contracts.bettel]\nenabled = true\n"))
    assert table.contracts["bettel"].trump_count == 0
    msg = refused_table(tmp_path, "[contracts.bettel]\nlaufende_max = 2\n")
    assert "contracts.bettel.laufende_max" in msg


def test_rulesets_check_on_the_command_line_refuses_a_bettel_by_augen(tmp_path):
    path = write(tmp_path, '[contracts.bettel]\nwon_by = "augen"\n')
    proc = subprocess.run([sys.executable, "-m", "scorepad", "rulesets", "check", str(path)],
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode != 0
    assert "contracts.bettel.won_by" in proc.stderr


# --- 4. Tout's value ----------------------------------------------------------------------

TOUT_ON = {"tout": {"enabled": True}}


def test_tout_is_grundwert_plus_laufende_times_two_without_schneider_or_schwarz():
    """The common rule (three independent score-keepers agree, issue 12; e.g. openschafkopf,
    github.com/phimuemue/openschafkopf, SPayoutDeciderTout: (base + Laufende) x 2): a Wenz-Tout
    won is (0,50 € + no Laufende) x 2 = 1,00 € from each opponent, not the Schwarz value x 2
    (3,00 €)."""
    assert geld([solo("wenz", 120, all_tricks="player", tout=True)], TOUT_ON) == solo_money(100)
    as_schwarz = {"tout": {"enabled": True, "value": "schwarz"}}
    assert geld([solo("wenz", 120, all_tricks="player", tout=True)], as_schwarz) == solo_money(300)


def test_tout_counts_its_laufende_before_doubling():
    """Solo-Tout with 4 Laufende at 0,10 €: (0,50 + 0,40) x 2 = 1,80 €; lost the same."""
    options = {**TOUT_ON, "laufende": {"enabled": True}}
    assert geld([solo("solo", result="won_schwarz", tout=True, laufende=4)], options) == solo_money(180)
    assert geld([solo("solo", 110, tout=True, laufende=4)], options) == solo_money(-180)


def test_a_game_won_by_tricks_cannot_be_played_tout():
    options = {**TOUT_ON, **BETTEL_ON}
    msg = refused("schafkopf", SK4, [bettel("won", tout=True)], options)
    assert msg.startswith("hand 1: tout: a Bettel is won by the tricks already")


# --- 5. Sie's value -----------------------------------------------------------------------

def test_sie_pays_three_times_the_solo_tariff():
    assert geld([{"game": "sie", "player": KATHI}]) == {HIAS: -150, VRONI: -150, WAST: -150, KATHI: 450}


def test_sie_with_laufende_pays_three_times_the_solo_with_its_eight_laufende():
    """3 x (Solo 0,50 € + 8 Laufende x 0,10 €) = 3,90 € from each opponent."""
    options = {"laufende": {"enabled": True}, "contracts": {"sie": {"with_laufende": True}}}
    assert geld([{"game": "sie", "player": KATHI}], options) == {HIAS: -390, VRONI: -390, WAST: -390, KATHI: 1170}


def test_sie_with_laufende_at_factor_four_is_openschafkopfs_sie():
    """openschafkopf (SPayoutDeciderSie): (Solo tariff + 8 Laufende) x 4 = (0,50 + 0,80) x 4
    = 5,20 € from each opponent."""
    options = {"laufende": {"enabled": True}, "contracts": {"sie": {"with_laufende": True, "tariff_factor": 4}}}
    assert geld([{"game": "sie", "player": KATHI}], options) == {HIAS: -520, VRONI: -520, WAST: -520, KATHI: 1560}


def test_sie_with_laufende_stops_at_the_solos_laufende_max():
    """The Solo counts at most 5 Laufende: 3 x (0,50 + 0,50) = 3,00 €."""
    options = {"laufende": {"enabled": True},
               "contracts": {"sie": {"with_laufende": True}, "solo": {"laufende_max": 5}}}
    assert geld([{"game": "sie", "player": KATHI}], options)[KATHI] == 900


# --- 6. Ramsch: Durchmarsch and Jungfrau ----------------------------------------------------

RAMSCH_ON = {"ramsch": {"enabled": True}}


def durchmarsch_geld(value):
    options = {"ramsch": {"enabled": True, "durchmarsch_value": value}}
    return geld([{"passed": True}, {"game": "ramsch", "durchmarsch": WAST}], options)


def test_durchmarsch_paid_as_a_solo_won_schwarz():
    """The reading before: 0,50 + 0,50 + 0,50 = 1,50 € from each other player."""
    assert durchmarsch_geld("schwarz") == {HIAS: -150, VRONI: -150, WAST: 450, KATHI: -150}


def test_durchmarsch_paid_as_the_solo_tariff_without_schneider_or_schwarz():
    assert durchmarsch_geld("tariff") == {HIAS: -50, VRONI: -50, WAST: 150, KATHI: -50}


def test_durchmarsch_paid_as_the_ramsch_price_per_player():
    """The Ramsch's 0,20 € from each other player, the other way round (openschafkopf's Ramsch:
    a Durchmarsch is paid the Ramsch price)."""
    assert durchmarsch_geld("ramsch") == {HIAS: -20, VRONI: -20, WAST: 60, KATHI: -20}


RAMSCH_HAND = {"game": "ramsch", "augen": {HIAS: 60, VRONI: 40, WAST: 20, KATHI: 0}, "jungfrauen": [KATHI]}


def test_a_jungfrau_doubles_the_whole_ramsch():
    """Hias (60 Augen) pays each 0,20 € x 2 = 0,40 € (openschafkopf: VJungfrau::DoubleAll)."""
    assert geld([RAMSCH_HAND], RAMSCH_ON) == {HIAS: -120, VRONI: 40, WAST: 40, KATHI: 40}


def test_a_jungfrau_doubles_only_her_own_share():
    """Hias pays Vroni and Wast 0,20 €, the Jungfrau Kathi 0,40 € (openschafkopf:
    VJungfrau::DoubleIndividuallyOnce)."""
    options = {"ramsch": {"enabled": True, "jungfrau_doubles": "own"}}
    assert geld([RAMSCH_HAND], options) == {HIAS: -80, VRONI: 20, WAST: 20, KATHI: 40}


def test_two_jungfrauen_each_double_their_own_share():
    options = {"ramsch": {"enabled": True, "jungfrau_doubles": "own", "value": 10}}
    hand = {"game": "ramsch", "augen": {HIAS: 80, VRONI: 40, WAST: 0, KATHI: 0}, "jungfrauen": [WAST, KATHI]}
    assert geld([hand], options) == {HIAS: -50, VRONI: 10, WAST: 20, KATHI: 20}


# --- 7. Laufende for the player party only --------------------------------------------------

def test_laufende_count_for_both_parties():
    """Solo won, the opponents held 3 Laufende ("ohne drei"): 0,50 + 0,30 = 0,80 €."""
    assert geld([solo("solo", 70, laufende=-3)], {"laufende": {"enabled": True}}) == solo_money(80)


def test_laufende_count_for_the_player_party_only():
    """The same hand where only the player party's Laufende count: 0,50 €; "mit drei": 0,80 €."""
    options = {"laufende": {"enabled": True, "counted_for": "player"}}
    assert geld([solo("solo", 70, laufende=-3)], options) == solo_money(50)
    assert geld([solo("solo", 70, laufende=3)], options) == solo_money(80)
    assert geld([sauspiel(40, laufende=-4)], options) == sauspiel_money(-20)


# --- 8. Bock after a passed hand -----------------------------------------------------------

def test_a_passed_hand_starts_a_bock_round():
    """Zamgschmissen, then a Sauspiel at 0,20 € counts double: 0,40 €; four hands later single."""
    options = {"bock": {"enabled": True, "triggers": ["passed"]}}
    won = sauspiel(70)
    result = play("schafkopf", SK4, [{"passed": True}, won, won, won, won, won], options)
    assert deltas(result, 2, "geld") == sauspiel_money(40)
    assert deltas(result, 5, "geld") == sauspiel_money(40)
    assert deltas(result, 6, "geld") == sauspiel_money(20)
    assert board(result, "geld")[HIAS] == 4 * 40 + 20


def test_a_passed_hand_starts_no_bock_round_unless_the_table_says_so():
    result = play("schafkopf", SK4, [{"passed": True}, sauspiel(70)], {"bock": {"enabled": True}})
    assert deltas(result, 2, "geld") == sauspiel_money(20)


# --- the new keys' defaults keep the tables as they were --------------------------------------

def test_the_new_keys_default_to_todays_rules_except_tout():
    t = get_table("schafkopf")
    assert t.laufende.counted_for == "both"
    assert t.tout.value == "grundwert"
    assert t.ramsch.durchmarsch_value == "schwarz" and t.ramsch.jungfrau_doubles == "all"
    assert not t.contracts["sie"].with_laufende
    assert "passed" not in t.bock.triggers
    assert all(c.won_by == "augen" for c in t.contracts.values() if c.enabled)
    assert not any(t.contracts[c].enabled for c in ("hochzeit", "bettel", "bettel_brett"))
    with_options(t, {"laufende": {"counted_for": "player"}})
