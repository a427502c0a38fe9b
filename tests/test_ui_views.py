"""The table app without a browser: a real Flet session per phone (tests/flet_harness.py),
driven by taps, checked against the store and the engine."""

from __future__ import annotations

import json

import flet as ft
import pytest
from conftest import VRONI4
from flet_harness import open_phone

pytestmark = pytest.mark.ui


async def evening_phone(main, ruleset="schafkopf", players=VRONI4, options=None):
    """A phone on the table screen of a new evening."""
    info = main.app.start_evening(ruleset, players, players[0], options)
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    return phone, info.id


def standings(main, evening_id):
    return main.app.show(evening_id).standings


# --- start and new evening ------------------------------------------------------------------


async def test_the_start_screen_offers_a_new_evening(main):
    phone = await open_phone(main)
    assert phone.has("new-evening")
    assert "Noch kein Abend gespeichert. Leg los!" in phone.texts()


async def test_the_start_screen_offers_an_evening_from_a_session_file(main):
    phone = await open_phone(main)
    assert phone.has("import-evening")


def test_the_picture_export_is_offered_only_where_pillow_is(monkeypatch):
    """The static site's Python (in the browser) has no Pillow: no PNG chip there."""
    import importlib.util

    from scorepad.exportformats import downloads

    assert "png" in [f.name for f in downloads()]
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "PIL" else real(name, *a))
    kinds = [f.name for f in downloads()]
    assert "png" not in kinds and "json" in kinds


async def test_a_new_evening_starts_from_typed_names_in_seating_order(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    assert phone.find("start-evening").disabled  # no players yet
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    assert [t for t in phone.texts() if t[:2] in ("1.", "2.", "3.", "4.")] == ["1. Vroni", "2. Hias", "3. Kathi", "4. Wast"]
    await phone.tap("dealer-Kathi")
    await phone.tap("start-evening")
    [evening] = main.app.list_evenings()
    assert (evening.ruleset, evening.players, evening.first_dealer) == ("schafkopf", VRONI4, "Kathi")
    assert phone.has("dealer-Kathi") and phone.text_of("context-line") == "Geber Kathi · raus kommt Wast"


async def test_a_new_evening_refuses_a_wrong_player_count(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    for name in VRONI4[:3]:
        await phone.type("name-field", name, submit=True)
    assert phone.find("start-evening").disabled
    assert "Schafkopf spielen 4, 5 oder 6 (jetzt 3)" in phone.text_of("new-problem")
    assert main.app.list_evenings() == []


async def test_a_tariff_set_moves_every_tariff_and_shows_them_before_the_start(main):
    """Issue 12 item 9: "10/50" sets Sauspiel 10 ct and its Schneider and Schwarz 10 ct too (before,
    a Sauspiel tariff alone left Schneider and Schwarz at 20), the solos 50 ct, a Laufender 10 ct."""
    phone = await open_phone(main)
    await phone.tap("new-evening")
    assert isinstance(phone.find("tariff-set-20/50"), ft.FilledButton)  # the sheet's tariffs
    await phone.tap("tariff-set-10/50")
    lines = phone.text_of("tariff-set-lines").splitlines()
    assert lines[0] == "Sauspiel: 0,10 € · Schneider +0,10 € · Schwarz +0,10 €"
    assert lines[3] == "Solo: 0,50 € · Schneider +0,50 € · Schwarz +0,50 €"
    assert isinstance(phone.find("tariff-set-10/50"), ft.FilledButton)
    assert isinstance(phone.find("tariff-set-20/50"), ft.OutlinedButton)
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    await phone.tap("start-evening")
    [evening] = main.app.list_evenings()
    main.app.add_hand(evening.id, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won_schneider"})
    # won Schneider at 10/50: 10 + 10 = 20 ct from each loser
    assert {p: r["geld"] for p, r in standings(main, evening.id).items()} == {"Vroni": 20, "Hias": -20, "Kathi": 20,
                                                                             "Wast": -20}


async def test_at_five_the_table_shows_who_sits_out_and_the_form_offers_the_four(main):
    five = VRONI4 + ["Girgl"]
    phone, eid = await evening_phone(main, "schafkopf", five)
    assert phone.has("sits-out-Vroni") and not phone.has("sits-out-Hias")  # Vroni deals the first hand
    assert phone.text_of("context-line") == "Geber Vroni · raus kommt Hias · setzt aus: Vroni"
    await phone.tap("next-hand")
    assert not phone.has("player-Vroni") and phone.has("player-Girgl")
    await phone.tap("player-Hias")
    await phone.tap("partner-Girgl")
    await phone.tap("result-won")
    await phone.tap("save")
    assert {p: r["geld"] for p, r in standings(main, eid).items()} == {"Vroni": 0, "Hias": 20, "Kathi": -20,
                                                                      "Wast": -20, "Girgl": 20}
    assert phone.has("sits-out-Hias") and not phone.has("sits-out-Vroni")


async def test_at_five_who_sits_out_is_chosen_on_the_form_for_that_hand_only(main):
    five = VRONI4 + ["Girgl"]
    phone, eid = await evening_phone(main, "schafkopf", five)
    await phone.tap("next-hand")
    await phone.tap("sit-out-Kathi")  # Kathi goes to the bar: Vroni, the dealer, plays
    assert phone.has("player-Vroni") and not phone.has("player-Kathi")
    await phone.tap("player-Vroni")
    await phone.tap("partner-Girgl")
    await phone.tap("result-won")
    await phone.tap("save")
    assert main.app.hand(eid, 1)["sitting_out"] == ["Kathi"]
    assert {p: r["geld"] for p, r in standings(main, eid).items()} == {"Vroni": 20, "Hias": -20, "Kathi": 0,
                                                                      "Wast": -20, "Girgl": 20}
    assert phone.has("sits-out-Hias")  # the next hand by the deal's order again: Hias deals and sits out


async def test_known_players_are_offered_to_pick(main):
    main.app.start_evening("schafkopf", VRONI4)
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("known-Hias")
    assert "1. Hias" in phone.texts()


# --- Schafkopf hand form ---------------------------------------------------------------------


async def test_a_sauspiel_takes_four_taps_after_opening_the_form(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    assert phone.find("save").disabled
    assert phone.text_of("preview") == "Noch offen: Spieler"
    taps = ["player-Vroni", "partner-Kathi", "result-won", "save"]
    for key in taps[:-1]:
        await phone.tap(key)
    assert phone.text_of("preview") == "Vroni & Kathi gewinnen: Sauspiel\xa00,20 € je Gegner; Vroni & Kathi je +0,20 €, Hias & Wast je -0,20 €"
    await phone.tap(taps[-1])
    assert len(taps) <= 5
    assert standings(main, eid) == {"Vroni": {"geld": 20}, "Hias": {"geld": -20}, "Kathi": {"geld": 20},
                                    "Wast": {"geld": -20}}
    assert phone.text_of("value-Vroni") == "+0,20 €" and phone.text_of("value-Hias") == "-0,20 €"
    assert phone.has("hand-1")


async def test_a_rule_broken_shows_at_its_field_and_keeps_save_off(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    await phone.tap("player-Vroni")
    await phone.tap("partner-Kathi")
    await phone.tap("mode-augen")
    await phone.tap("pad-1")  # 1 Auge: no set of cards makes 1
    assert "1 Auge: geht sich mit den Karten nicht aus" in phone.texts()
    assert phone.find("save").disabled
    await phone.tap("quick-61")
    assert not phone.find("save").disabled
    await phone.tap("save")
    assert main.app.evening(eid).hands == 1


async def test_kontra_is_offered_to_the_opponents_only(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    for key in ["game-solo", "player-Hias", "result-lost", "more"]:
        await phone.tap(key)
    assert not phone.has("kontra-Hias") and phone.has("kontra-Vroni")
    await phone.tap("kontra-Vroni")
    await phone.tap("re-Hias")
    assert phone.text_of("preview") == ("Hias verliert: Solo\xa00,50 € = 0,50 € × 2 (Kontra Vroni) = 1,00 € × 2 (Re Hias) "
                                         "= 2,00 € je Gegner; Vroni & Kathi & Wast je +2,00 €, Hias -6,00 €")
    await phone.tap("save")
    assert standings(main, eid)["Hias"] == {"geld": -600}


async def test_editing_a_hand_recomputes_the_standings(main):
    phone, eid = await evening_phone(main)
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    main.app.add_hand(eid, {"game": "wenz", "player": "Hias", "result": "won"})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("hand-1")
    await phone.tap("result-lost")
    await phone.tap("save")
    assert standings(main, eid) == {"Vroni": {"geld": -70}, "Hias": {"geld": 170}, "Kathi": {"geld": -70},
                                    "Wast": {"geld": -30}}


async def test_an_edit_that_breaks_a_later_hand_is_refused(main):
    eid = main.app.start_evening("zaisertshofer-ramsch", VRONI4, "Vroni").id
    main.app.add_hand(eid, {"participants": VRONI4, "tricks": {"Vroni": 5, "Hias": 0, "Kathi": 0, "Wast": 0}})
    main.app.add_hand(eid, {"participants": ["Vroni", "Hias"], "tricks": {"Vroni": 1, "Hias": 4}})
    main.app.add_hand(eid, {"participants": ["Vroni", "Kathi"], "tricks": {"Vroni": 1, "Kathi": 4}})
    before = standings(main, eid)
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("hand-2")
    await phone.tap("tr-Vroni-2")  # Vroni would be weg after hand 2, yet she plays hand 3
    assert "Dann passt Spiel 3 nicht mehr: Vroni ist weg und kann nicht mitgehen" in phone.texts()
    assert phone.find("save").disabled
    assert standings(main, eid) == before


SAUSPIEL_TAPS = ["next-hand", "player-Vroni", "partner-Kathi", "result-won", "save"]


async def taps(phone, keys):
    for key in keys:
        await phone.tap(key)


async def test_undo_takes_back_this_phones_last_hand_and_can_restore_it(main):
    phone, eid = await evening_phone(main)
    await taps(phone, SAUSPIEL_TAPS)
    assert phone.text_of("notice") == "Spiel 1 gespeichert"
    await phone.tap("undo")
    assert main.app.evening(eid).hands == 0
    assert not phone.has("hand-1")
    assert phone.text_of("notice") == "Spiel 1 (Sauspiel Vroni + Kathi · gewonnen) rückgängig gemacht"
    assert phone.text_of("notice-action") == "Wiederherstellen"
    await phone.tap("notice-action")
    assert main.app.evening(eid).hands == 1
    assert phone.text_of("notice") == "Spiel 1 (Sauspiel Vroni + Kathi · gewonnen) wiederhergestellt"
    await phone.tap("notice-action")  # Rückgängig again
    assert main.app.evening(eid).hands == 0


async def test_undo_on_the_saved_line_names_the_hand(main):
    phone, eid = await evening_phone(main)
    await taps(phone, SAUSPIEL_TAPS)
    assert phone.text_of("notice-action") == "Rückgängig"
    await phone.tap("notice-action")
    assert main.app.evening(eid).hands == 0
    assert "Spiel 1 (Sauspiel Vroni + Kathi" in phone.text_of("notice")


async def test_a_phone_cannot_undo_once_another_phone_saved(main):
    one, eid = await evening_phone(main)
    two = await open_phone(main)
    await two.tap(f"evening-{eid}")
    await taps(one, SAUSPIEL_TAPS)
    await taps(two, ["next-hand", "game-wenz", "player-Hias", "result-won", "save"])
    await one.settle()
    await one.tap("undo")
    assert [h["game"] for h in main.app.session(eid)["hands"]] == ["sauspiel", "wenz"]  # the Wenz stays
    assert "anderes Handy" in one.text_of("notice") and "nur die eigene" in one.text_of("notice")
    await two.tap("undo")  # the Wenz's own phone may
    assert [h["game"] for h in main.app.session(eid)["hands"]] == ["sauspiel"]


async def test_undo_without_a_change_from_this_phone_is_refused(main):
    phone, eid = await evening_phone(main)
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    await phone.settle()
    await phone.tap("undo")
    assert main.app.evening(eid).hands == 1
    assert "nur die eigene letzte Änderung" in phone.text_of("notice")


async def test_a_phone_still_undoes_its_own_hand_after_a_reload(main):
    phone, eid = await evening_phone(main)
    await taps(phone, SAUSPIEL_TAPS)
    again = await open_phone(main, storage=phone.storage)  # the tab is closed and opened again
    await again.tap(f"evening-{eid}")
    await again.tap("undo")
    assert main.app.evening(eid).hands == 0
    assert "Spiel 1 (Sauspiel Vroni + Kathi" in again.text_of("notice")


async def test_the_saved_line_goes_away_by_itself(main, monkeypatch):
    import asyncio

    import scorepad.ui.notices as notices
    monkeypatch.setattr(notices, "NOTICE_SECONDS", 0.05)
    phone, eid = await evening_phone(main)
    await taps(phone, SAUSPIEL_TAPS)
    assert phone.has("notice")
    await asyncio.sleep(0.2)
    await phone.settle()
    assert not phone.has("notice")


async def test_deleting_a_hand_asks_first(main):
    phone, eid = await evening_phone(main)
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("hand-1")
    await phone.tap("delete")
    assert main.app.evening(eid).hands == 1  # not yet: a dialog asks
    await phone.tap("confirm-delete")
    assert main.app.evening(eid).hands == 0


# --- the other games ------------------------------------------------------------------------


async def test_saukopf_hand_scores_fleisch(main):
    phone, eid = await evening_phone(main, "saukopf", ["Sepp", "Resi", "Alois", "Zenzi"])
    await phone.tap("next-hand")
    for key in ["game-keiler", "player-Sepp", "bid-61", "quick-91"]:
        await phone.tap(key)
    # Schlachtung 2 + Extrawurst 1 + Stallgeruch 1 (the losers have 29)
    assert phone.text_of("preview") == ("Sepp gewinnt: Schlachtung\xa02 + Extrawurst\xa01 + Stallgeruch\xa01 = 4 Fleischpunkte; "
                                         "Sepp +4 Fleisch")
    await phone.tap("save")
    assert standings(main, eid)["Sepp"] == {"fleisch": 4, "rauborstig": 0}


async def test_saukopf_mast_offers_bids_from_91(main):
    phone, eid = await evening_phone(main, "saukopf", ["Sepp", "Resi", "Alois", "Zenzi"])
    await phone.tap("next-hand")
    await phone.tap("mode-napf")
    await phone.tap("game-mast")
    assert not phone.has("bid-90") and phone.has("bid-91") and phone.has("bid-schwarz")


async def test_schwarze_sau_fills_in_the_last_players_points(main):
    phone, eid = await evening_phone(main, "schwarze-sau", ["Uli", "Fritz", "Guido", "Tim"])
    await phone.tap("next-hand")
    for key in ["pt-Uli-5", "pt-Fritz-2", "pt-Guido-8"]:
        await phone.tap(key)
    assert phone.text_of("pt-Tim-rest") == "0 (der Rest)"
    await phone.tap("save")
    assert [standings(main, eid)[p]["punkte"] for p in ["Uli", "Fritz", "Guido", "Tim"]] == [5, 2, 8, 0]


async def test_schwarze_sau_refuses_points_over_the_round(main):
    phone, eid = await evening_phone(main, "schwarze-sau", ["Uli", "Fritz", "Guido", "Tim"])
    await phone.tap("next-hand")
    for key in ["pt-Uli-10", "pt-Fritz-10", "pt-Guido-0"]:
        await phone.tap(key)
    assert phone.find("save").disabled
    assert "muss zwischen 0 und 15 liegen (nicht -5)" in phone.texts()


async def test_schwarze_sau_achterbrief_form_when_owed(main):
    players = ["Uli", "Fritz", "Guido", "Tim"]
    info = main.app.start_evening("schwarze-sau", players)
    # Uli and Fritz: 8/7, 15/15, 23/22, 24/24, then 31/31: tied over 30
    for pts in ([8, 7, 0, 0], [7, 8, 0, 0], [8, 7, 0, 0], [1, 2, 12, 0], [7, 7, 1, 0]):
        main.app.add_hand(info.id, {"points": dict(zip(players, pts))})
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    assert "Achterbrief zwischen Uli und Fritz!" in phone.text_of("context-line")
    await phone.tap("next-hand")
    await phone.tap("loser-Fritz")
    await phone.tap("save")
    assert standings(main, info.id)["Fritz"]["verloren"] == 1


async def test_struliwuli_bids_are_a_draft_that_survives_a_reload(main):
    players = ["Vroni", "Hias", "Kathi", "Wast"]
    phone, eid = await evening_phone(main, "struliwuli", players)
    await phone.tap("next-hand")  # dealer Vroni: Hias, Kathi, Wast bid first, Vroni last
    for key in ["bid-Hias-2", "bid-Kathi-3", "bid-Wast-1"]:
        await phone.tap(key)
    assert phone.find("bid-Vroni-2").disabled  # 2 would make 8: Neukirchner
    assert "darf nicht 2 ansagen (Neukirchner Regel)" in phone.texts()
    await phone.tap("bid-Vroni-0")
    await phone.tap("bids-done")
    assert main.app.evening(eid).hands == 0

    again = await open_phone(main, storage=phone.storage)  # the phone reloads: the bids are still there
    await again.tap(f"evening-{eid}")
    assert again.text_of("next-hand") == "Stiche eintragen"
    await again.tap("next-hand")
    for key in ["tr-Hias-2", "tr-Kathi-3", "tr-Wast-1"]:
        await again.tap(key)
    assert again.text_of("tr-Vroni-rest") == "2 (der Rest)"
    await again.tap("save")
    assert [standings(main, eid)[p]["punkte"] for p in players] == [0, 12, 13, 11]
    assert main.app.draft(eid, again.nav_device()) is None


async def test_a_second_phone_gets_its_own_draft_not_the_first_ones_taps(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    for key in ["game-wenz", "player-Hias"]:
        await phone.tap(key)
    other = await open_phone(main)  # another phone at the table opens the form
    await other.tap(f"evening-{eid}")
    await other.tap("next-hand")
    assert main.app.draft(eid, other.nav_device()) is None  # a fresh form, not the Wenz by Hias
    assert other.find("game-wenz").content.weight != ft.FontWeight.W_600  # Wenz is not chosen here
    for key in ["player-Kathi", "partner-Vroni", "result-won"]:
        await other.tap(key)
    # the first phone still has its Wenz by Hias, after a reload too
    again = await open_phone(main, storage=phone.storage)
    await again.tap(f"evening-{eid}")
    await again.tap("next-hand")
    assert main.app.draft(eid, again.nav_device())["game"] == "wenz"
    assert main.app.draft(eid, again.nav_device())["player"] == "Hias"
    assert main.app.draft(eid, other.nav_device())["player"] == "Kathi"


async def test_saving_a_hand_clears_only_this_phones_draft_in_the_same_change(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    await phone.tap("player-Hias")
    other = await open_phone(main)
    await other.tap(f"evening-{eid}")
    await other.tap("next-hand")
    for key in ["player-Kathi", "partner-Vroni", "result-won"]:
        await other.tap(key)
    await other.tap("save")
    assert main.app.evening(eid).hands == 1
    assert main.app.draft(eid, other.nav_device()) is None
    assert main.app.draft(eid, phone.nav_device())["player"] == "Hias"


async def test_ramsch_preselects_who_is_still_in_and_counts_striche(main):
    phone, eid = await evening_phone(main, "zaisertshofer-ramsch")
    await phone.tap("next-hand")
    for key in ["tr-Vroni-3", "tr-Hias-2", "tr-Kathi-0"]:
        await phone.tap(key)
    assert phone.text_of("tr-Wast-rest") == "0 (der Rest)"
    await phone.tap("save")
    assert [standings(main, eid)[p]["striche"] for p in VRONI4] == [4, 5, 9, 9]
    assert phone.text_of("marks-Vroni") == "||||"


async def test_ramsch_weg_players_cannot_go_mit(main):
    info = main.app.start_evening("zaisertshofer-ramsch", VRONI4)
    main.app.add_hand(info.id, {"participants": VRONI4, "tricks": {"Vroni": 5, "Hias": 0, "Kathi": 0, "Wast": 0}})
    main.app.add_hand(info.id, {"participants": ["Vroni", "Hias"], "tricks": {"Vroni": 2, "Hias": 3}})
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    await phone.tap("next-hand")
    assert phone.find("mit-Vroni").disabled
    assert "Vroni (weg)" in phone.texts()


# --- settle and history ---------------------------------------------------------------------


async def test_the_settle_screen_says_who_pays_whom(main):
    phone, eid = await evening_phone(main)
    main.app.add_hand(eid, {"game": "solo", "player": "Vroni", "result": "won"})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("settle")
    lines = [" → ".join(c.value for c in phone.find(f"transfer-{i}").controls if hasattr(c, "value") and c.value)
             for i in range(3)]
    assert lines == ["Hias → Vroni 0,50 €", "Kathi → Vroni 0,50 €", "Wast → Vroni 0,50 €"]
    assert phone.text_of("balance-Vroni") == "+1,50 €"


async def test_the_history_lists_each_change(main):
    phone, eid = await evening_phone(main)
    device = phone.nav_device()  # the changes are this phone's own, so it may take them back
    main.app.add_hand(eid, {"game": "solo", "player": "Vroni", "result": "won"}, device=device)
    main.app.edit_hand(eid, 1, {"game": "solo", "player": "Vroni", "result": "lost"}, device=device)
    phone = await open_phone(main, storage=phone.storage)
    await phone.tap(f"evening-{eid}")
    await phone.tap("history")
    lines = [t for t in phone.texts() if "·" in t]
    assert any("Spiel 1 geändert" in t for t in lines) and any("Spiel 1 eingetragen" in t for t in lines)
    await phone.tap("history-undo")
    assert main.app.show(eid).standings["Vroni"] == {"geld": 150}


# --- house rules and the rule sheet ----------------------------------------------------------


async def test_house_rules_are_made_in_the_app_and_used_for_an_evening(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    assert phone.find("house-save").disabled  # a name first
    await phone.type("house-name", "Stammtisch Huber")
    await phone.tap("house-contracts.sauspiel.tariff-10")
    await phone.tap("house-laufende.enabled-True")
    await phone.tap("house-save")
    [rules] = main.app.house_rules()
    assert rules.name == "Stammtisch Huber" and rules.options["contracts"]["sauspiel"]["tariff"] == 10
    await phone.tap(f"house-{rules.id}")
    # the variant's one id, as `scorepad rulesets` lists it and `scorepad start` takes it
    assert phone.text_of("variant-id") == "Kennung: schafkopf-stammtisch-huber"
    for name in VRONI4:
        await phone.type("name-field", name, submit=True)
    await phone.tap("start-evening")
    [evening] = main.app.list_evenings()
    assert evening.game == "Stammtisch Huber"
    assert main.app.table(evening.id).contracts["sauspiel"].tariff == 10


async def test_house_rules_take_a_tariff_set_whole(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.type("house-name", "Huber")
    await phone.tap("house-tariff-set-5/10")
    assert phone.text_of("house-tariff-set-lines").splitlines()[0] == "Sauspiel: 0,05 € · Schneider +0,05 € · Schwarz +0,05 €"
    await phone.tap("house-save")
    table = main.app.house_table("Huber")
    assert [(table.contracts[c].tariff, table.contracts[c].schneider, table.contracts[c].schwarz)
            for c in ("sauspiel", "solo")] == [(5, 5, 5), (10, 10, 10)]
    assert table.laufende.value == 5


async def test_the_rule_sheet_shows_what_the_table_counts(main):
    phone, eid = await evening_phone(main, "schafkopf", VRONI4, {"contracts": {"sauspiel": {"tariff": 10}}})
    await phone.tap("rules")
    texts = phone.texts()
    assert any(t.startswith("Sauspiel (mit Partner): 0,10 €, Schneider +0,20 €") for t in texts)
    assert "Die Spieler gewinnen mit 61 Augen; 60 Augen reichen den Gegnern." in texts


async def test_tout_and_klopfen_appear_where_the_table_plays_them(main):
    phone, eid = await evening_phone(main, "schafkopf", VRONI4, {"tout": {"enabled": True}, "klopfen": {"enabled": True}})
    await phone.tap("next-hand")
    for key in ["game-solo", "player-Hias", "more", "tout-True", "klopfer-1", "result-won_schwarz"]:
        await phone.tap(key)
    # a Tout is (Grundwert 0,50 + no Laufende) x2 (no Schneider, no Schwarz), one knock x2:
    # each opponent pays 2,00 €
    assert phone.text_of("preview") == ("Hias gewinnt: Solo\xa00,50 € = 0,50 € × 2 (Tout) = 1,00 € × 2 (1× geklopft) = 2,00 € je "
                                         "Gegner; Hias +6,00 €, Vroni & Kathi & Wast je -2,00 €")
    await phone.tap("save")
    assert main.app.show(eid).standings["Hias"] == {"geld": 600}
    assert main.app.session(eid)["hands"][0] == {"game": "solo", "player": "Hias", "tout": True, "klopfer": 1,
                                                 "result": "won_schwarz"}


async def test_tout_is_not_offered_where_the_table_does_not_play_it(main):
    phone, eid = await evening_phone(main)
    await phone.tap("next-hand")
    for key in ["game-solo", "player-Hias", "more"]:
        await phone.tap(key)
    assert not phone.has("tout-True") and not phone.has("klopfer-1")


async def test_changing_the_rules_afterwards_says_what_changes_then_recomputes(main):
    phone, eid = await evening_phone(main)
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    phone = await open_phone(main)
    await phone.tap(f"evening-{eid}")
    await phone.tap("rules")
    await phone.tap("rules-edit")
    assert phone.find("rules-apply").disabled  # nothing changed yet
    await phone.tap("rules-contracts.sauspiel.tariff-50")
    assert "Vroni: +0,20 € → +0,50 €" in phone.texts()
    assert main.app.show(eid).standings["Vroni"] == {"geld": 20}  # only shown, not stored
    await phone.tap("rules-apply")
    assert main.app.show(eid).standings["Vroni"] == {"geld": 50}
    assert [c.action for c in main.app.history(eid)][-1] == "rules"


def test_a_rule_change_that_breaks_a_hand_is_refused_naming_it(main):
    eid = main.app.start_evening("schafkopf", VRONI4, options={"laufende": {"enabled": True}}).id
    main.app.add_hand(eid, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won", "laufende": 3})
    main.app.add_hand(eid, {"game": "wenz", "player": "Hias", "result": "won", "laufende": 4})
    with pytest.raises(Exception, match=r"^cannot change the rules: hand 2: laufende: "):
        main.app.change_rules(eid, {"laufende": {"enabled": True}, "contracts": {"wenz": {"trump_count": 3}}})
    assert main.app.table(eid).contracts["wenz"].trump_count == 4


async def test_a_ramsch_is_entered_with_each_players_augen(main):
    phone, eid = await evening_phone(main, "schafkopf", VRONI4, {"ramsch": {"enabled": True}})
    await phone.tap("next-hand")
    await phone.tap("game-ramsch")
    for who, augen in (("Vroni", "40"), ("Hias", "30"), ("Kathi", "50")):
        await phone.tap(f"ramsch-who-{who}")
        for digit in augen:
            await phone.tap(f"pad-{digit}")
    assert phone.text_of("ramsch-who-Wast") == "Wast 0"  # the rest
    await phone.tap("ramsch-jf-Wast")
    # Kathi has most Augen: she pays each other the Ramsch value 0,20 €, doubled for a Jungfrau
    assert phone.text_of("preview") == ("Kathi zahlt mit 50 Augen: Ramsch\xa00,20 € = 0,20 € × 2 (Jungfrau Wast) = 0,40 € an jeden; "
                                         "Vroni & Hias & Wast je +0,40 €, Kathi -1,20 €")
    await phone.tap("save")
    assert main.app.session(eid)["hands"][0] == {"game": "ramsch", "augen": {"Vroni": 40, "Hias": 30, "Kathi": 50,
                                                                               "Wast": 0}, "jungfrauen": ["Wast"]}


async def test_house_rules_are_taken_from_pasted_toml(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    toml = 'extends = "zaisertshofer-ramsch"\nname = "Ramsch Huber"\nbolla_price = 50\nstart_striche = 9\n'
    await phone.type("house-paste", toml)
    await phone.tap("house-import")
    [rules] = main.app.house_rules()
    assert (rules.name, rules.base) == ("Ramsch Huber", "zaisertshofer-ramsch")
    table = main.app.house_table("Ramsch Huber")
    assert (table.bolla_price, table.start_striche) == (50, 9)
    assert phone.has(f"house-export-{rules.id}")


async def test_a_wrong_pasted_table_is_refused_with_its_key(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.type("house-paste", 'extends = "struliwuli"\nname = "X"\nrate = -3\n')
    await phone.tap("house-import")
    assert main.app.house_rules() == []
    assert "eingefügt: rate: mindestens 0 (nicht -3)" in phone.texts()


async def test_the_kontra_chain_of_a_house_variant_goes_up_to_hirsch(main):
    phone = await open_phone(main)
    await phone.tap("new-evening")
    await phone.tap("house-new")
    await phone.type("house-name", "Hirsch")
    chips = [c for c in phone.controls() if str(getattr(c, "key", "")).startswith("house-kontra_chain-")]
    await phone.tap(chips[-1].key)  # Kontra, Re, Sub, Hirsch
    await phone.tap("house-save")
    table = main.app.house_table("Hirsch")
    assert [s.name for s in table.kontra_chain] == ["Kontra", "Re", "Sub", "Hirsch"]


async def test_an_evening_whose_built_in_table_has_changed_since_still_opens_and_takes_hands(main):
    info = main.app.start_evening("schafkopf", VRONI4, VRONI4[0])
    main.app.add_hand(info.id, {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "result": "won"})
    with main.app.store.write() as db:  # stored by an older scorepad: no Farbgeier yet
        table = json.loads(db.execute("SELECT rule_table FROM evenings WHERE id = ?", [info.id]).fetchone()[0])
        del table["contracts"]["farbgeier"]
        table.pop("tariff_sets", None)  # nor tariff sets (which name the Farbgeier)
        db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [json.dumps(table), info.id])
    main.app.forget()
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    assert phone.has("hand-1")
    await phone.tap("next-hand")
    assert not phone.has("game-farbgeier")  # the evening's own table, not today's
    for key in ["player-Hias", "partner-Wast", "result-lost"]:
        await phone.tap(key)
    await phone.tap("save")
    assert main.app.evening(info.id).hands == 2
    assert phone.has("hand-2")


async def test_schwarze_sau_warns_near_the_tables_own_limit_not_near_30(main):
    players = ["Vroni", "Hias", "Kathi", "Wast"]
    phone, eid = await evening_phone(main, "schwarze-sau", players, {"game_over_above": 50})
    for _ in range(2):  # Vroni 14 + 14 = 28: far from 50
        main.app.add_hand(eid, {"points": {"Vroni": 14, "Hias": 1, "Kathi": 0, "Wast": 0}})
    await phone.settle()
    line = phone.text_of("context-line")
    assert "knapp" not in line and "30" not in line
    assert phone.find("value-Vroni").color is None  # not painted red
    for _ in range(2):  # 28 + 18 = 46: within 5 of 50
        main.app.add_hand(eid, {"points": {"Vroni": 9, "Hias": 6, "Kathi": 0, "Wast": 0}})
    await phone.settle()
    assert "knapp an 50: Vroni" in phone.text_of("context-line")
    assert phone.find("value-Vroni").color == ft.Colors.RED_700


def test_the_first_screen_imports_only_its_own_screen_and_the_others_follow(tmp_path):
    """A start imports the start screen alone (in the browser every other screen, and the
    controls it uses, held up the first one); the others are imported a while after, before a
    tap asks for them."""
    import subprocess
    import sys

    script = f"""
import asyncio, sys
from scorepad.devtools.headless import open_phone
from scorepad.ui import main as ui_main
screens = lambda: sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("scorepad.ui.screens."))
async def go():
    main = ui_main.make_main({str(tmp_path / "s.db")!r})
    phone = await open_phone(main)
    print(screens(), phone.has("new-evening"))
    await asyncio.sleep(ui_main.SCREENS_AFTER_S + 0.5)
    print(screens())
    main.app.close()
asyncio.run(go())
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "['start'] True"
    assert out[1] == ("['hand', 'history', 'new_evening', 'organiser_phone', 'pin', 'ranking', 'rules', 'settle', "
                      "'start', 'table', 'tournament', 'tournaments']")
