"""The hand forms offer only what the evening's table counts (issue 25): no Laufende where they
do not count, no "ohne" where only the player party's count, no suit for a game without one, no
Laufende where the Schlachtfest pays none, no penalty a table does not have. A hand of an old
file that notes such a thing still opens, and is kept as the hand without it, which the engine
scores alike. Driven through the forms' own tap handlers (tests/test_form_roundtrip.py)."""

from __future__ import annotations

import pytest
from test_form_defects import rendered, texts
from test_form_roundtrip import ctx_for, enter, keys_shown, trial

from scorepad.describe import describe_hand, laufende_words
from scorepad.engine import new_game
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import form_for

pytestmark = pytest.mark.ui

SK4 = ["Hias", "Vroni", "Wast", "Kathi"]
SAU4 = ["Sepp", "Resi", "Alois", "Zenzi"]
RAMSCH4 = ["Peter", "Rosi", "Hans", "Liesl"]
LAUFENDE_ON = {"laufende": {"enabled": True}}
HOUSE_GAMES = {"contracts": {"bettel": {"enabled": True}}}


def schafkopf(options=None):
    return new_game(with_options(get_table("schafkopf"), {**HOUSE_GAMES, **(options or {})}), SK4)


def shown_after(game, keys: list[str]) -> list[str]:
    controls, _ = rendered(game, keys)
    return keys_shown(controls)


def words_after(game, keys: list[str]) -> str:
    controls, _ = rendered(game, keys)
    return " ".join(texts(controls))


# --- Schafkopf: Laufende ----------------------------------------------------------------------

@pytest.mark.parametrize("game", ["sauspiel", "wenz", "solo"])
def test_a_table_without_laufende_offers_no_laufende(game):
    start = ["game-" + game, "player-Hias"] + (["partner-Vroni"] if game == "sauspiel" else []) + ["result-won"]
    g = schafkopf()
    assert "Laufende" not in words_after(g, start)  # not on the chip that opens the rest either
    shown = shown_after(g, start + ["more"])
    assert not [k for k in shown if k.startswith("lauf-")], shown
    assert "Laufende" not in words_after(g, start + ["more"])


def test_a_table_with_laufende_offers_them_up_to_the_games_trumps():
    shown = shown_after(schafkopf(LAUFENDE_ON), ["game-wenz", "player-Hias", "result-won", "more"])
    assert {"lauf-sign-1", "lauf-sign--1", "lauf-4"} <= set(shown) and "lauf-5" not in shown


def test_a_table_counting_only_the_players_laufende_offers_no_ohne():
    g = schafkopf({"laufende": {"enabled": True, "counted_for": "player"}})
    start = ["game-solo", "player-Hias", "result-won", "more"]
    shown = shown_after(g, start)
    assert "lauf-3" in shown and not [k for k in shown if k.startswith("lauf-sign-")], shown
    assert enter(g, start + ["lauf-3"])["laufende"] == 3


def test_a_game_without_trumps_offers_no_laufende():
    shown = shown_after(schafkopf(LAUFENDE_ON), ["game-bettel", "player-Hias", "result-won", "more"])
    assert not [k for k in shown if k.startswith("lauf-")], shown


# --- Schafkopf: the suit ----------------------------------------------------------------------

@pytest.mark.parametrize("game", ["wenz", "geier", "bettel"])
def test_a_game_without_a_suit_offers_no_suit(game):
    shown = shown_after(schafkopf(LAUFENDE_ON), [f"game-{game}", "player-Hias", "result-won", "more"])
    assert not [k for k in shown if k.startswith("suit-")], shown


@pytest.mark.parametrize("game", ["solo", "farbwenz", "farbgeier"])
def test_a_game_with_a_suit_offers_the_suit(game):
    shown = shown_after(schafkopf(), [f"game-{game}", "player-Hias", "result-won", "more"])
    assert {"suit-eichel", "suit-gras", "suit-herz", "suit-schellen"} <= set(shown)


def test_with_nothing_more_to_note_there_is_no_chip_for_it():
    """No Kontra chain, no Laufende, a game without a suit: nothing behind a chip."""
    g = schafkopf({"kontra_chain": []})
    shown = shown_after(g, ["game-wenz", "player-Hias", "result-won"])
    assert "more" not in shown


# --- old files: the notes the table does not count --------------------------------------------

@pytest.mark.parametrize("hand", [
    {"game": "wenz", "player": "Hias", "result": "won", "suit": "herz"},
    {"game": "bettel", "player": "Hias", "result": "lost", "suit": "gras"},
    {"game": "sauspiel", "player": "Hias", "partner": "Vroni", "result": "won", "laufende": 4},
    {"game": "solo", "player": "Hias", "result": "won", "laufende": -5, "suit": "eichel"},
])
def test_an_old_hand_with_a_note_the_table_does_not_count_opens_and_is_kept_without_it(hand):
    g = schafkopf()
    ctx, form = ctx_for(g), form_for("schafkopf")
    kept = form.to_hand(ctx, form.initial(ctx, hand))
    uncounted = {"suit"} if hand["game"] in ("wenz", "bettel") else {"laufende"}
    assert kept == {k: v for k, v in hand.items() if k not in uncounted}
    if hand.get("laufende"):  # the summary line says what is kept
        assert laufende_words(hand["laufende"]) not in form.summary(ctx, form.initial(ctx, hand))
    old, new = trial(g).play(1, hand), trial(g).play(1, kept)  # the engine still takes the old hand
    assert (old.deltas, old.info) == (new.deltas, new.info)


def test_ohne_of_an_old_hand_at_a_table_counting_only_the_players_is_kept_without_it():
    g = schafkopf({"laufende": {"enabled": True, "counted_for": "player"}})
    hand = {"game": "solo", "player": "Hias", "result": "won", "laufende": -4}
    ctx, form = ctx_for(g), form_for("schafkopf")
    kept = form.to_hand(ctx, form.initial(ctx, hand))
    assert "laufende" not in kept
    assert trial(g).play(1, hand).deltas == trial(g).play(1, kept).deltas


# --- Saukopf: Laufende only where the Schlachtfest pays them ---------------------------------

NO_SCHWARTE = {"fleisch": {"trog": {"ohne_schwarte": {"enabled": False}, "gluecksschwein": {"enabled": False}}}}


def test_a_saukopf_table_whose_schlachtfest_pays_no_laufende_offers_none():
    g = new_game(with_options(get_table("saukopf"), NO_SCHWARTE), SAU4)
    shown = shown_after(g, ["game-keiler", "player-Sepp"])
    assert "quick-61" in shown and not [k for k in shown if k.startswith("lauf-")], shown
    # the Napf still pays them (Mit Schwarte, Armes Schwein)
    assert "lauf-1" in shown_after(g, ["mode-napf", "game-mast", "player-Sepp"])
    hand = {"game": "keiler", "player": "Sepp", "bid": 61, "augen": 70, "laufende": 3}
    ctx, form = ctx_for(g), form_for("saukopf")
    kept = form.to_hand(ctx, form.initial(ctx, hand))
    assert "laufende" not in kept
    assert trial(g).play(1, hand).deltas == trial(g).play(1, kept).deltas


# --- Zaisertshofer Ramsch: the table's penalties ----------------------------------------------

def test_a_ramsch_table_without_penalties_offers_none():
    off = {"penalties": {k: {"enabled": False} for k in get_table("zaisertshofer-ramsch").penalties}}
    g = new_game(with_options(get_table("zaisertshofer-ramsch"), off), RAMSCH4)
    shown = shown_after(g, [])
    assert "show-pen" not in shown and not [k for k in shown if k.startswith("pen-")], shown


def test_the_dealers_penalty_is_offered_to_the_dealer_only():
    g = new_game(get_table("zaisertshofer-ramsch"), RAMSCH4)
    dealer = g.seats.dealer
    shown = shown_after(g, ["show-pen"])
    assert [k for k in shown if k.endswith("-kritischer_vergessen")] == [f"pen-{dealer}-kritischer_vergessen"]
    assert all(f"pen-{p}-falsch_geschleckt" in shown for p in RAMSCH4)


# --- the Preisschafkopf lists (issue 27) ------------------------------------------------------

def test_a_list_without_kontra_offers_no_kontra():
    g = new_game(get_table("preisschafkopf-plusminus"), SK4)
    words = words_after(g, ["game-sauspiel", "player-Hias", "partner-Vroni", "result-won", "more"])
    assert "Kontra" not in words and "Re von" not in words
    assert not [k for k in shown_after(g, ["game-sauspiel", "player-Hias", "partner-Vroni", "result-won", "more"])
                if k.startswith(("kontra-", "re-"))]


def test_a_muss_spiel_list_offers_no_zamgschmissen():
    form = form_for("schafkopf")
    for ruleset in ("preisschafkopf-plusminus", "preisschafkopf-nurplus", "preisschafkopf-5-10-15"):
        g = new_game(get_table(ruleset), SK4)
        assert form.quick_actions(ctx_for(g), lambda hand: None) == [], ruleset
    money = new_game(get_table("schafkopf"), SK4)
    assert "Zamgschmissen" in texts(form.quick_actions(ctx_for(money), lambda hand: None))


def test_a_game_worth_more_in_one_suit_asks_the_suit_at_once_and_scores_it():
    g = new_game(get_table("preisschafkopf-5-10-15"), SK4)
    start = ["game-solo", "player-Vroni", "result-won"]
    assert "suit-herz" in shown_after(g, start)  # not behind the chip
    assert "Herz 25 Punkte" in words_after(g, start)
    hand = enter(g, [*start, "suit-herz"])
    assert hand == {"game": "solo", "player": "Vroni", "result": "won", "suit": "herz"}
    assert trial(g).play(1, hand).deltas["Vroni"]["punkte"] == 75


# --- a Tout is won only with every trick (issue 35) -------------------------------------------

TOUT = ["game-solo", "player-Kathi", "more", "tout-True"]


def test_a_tout_is_offered_only_won_with_every_trick_or_lost():
    """Plus/Minus: a Solo won schwarz is 5 + 1 + 1 = 7, the Tout doubles it: 14 each opponent."""
    g = new_game(get_table("preisschafkopf-plusminus"), SK4)
    shown = [k for k in shown_after(g, TOUT) if k.startswith("result-")]
    assert shown == ["result-won_schwarz", "result-lost"]
    assert "gewonnen – alle Stiche" in words_after(g, TOUT) and "Schneider" not in words_after(g, TOUT)
    form, ctx = form_for("schafkopf"), ctx_for(g)
    for tap, points, words in (("result-won_schwarz", 42, "gewonnen – alle Stiche"), ("result-lost", -42, "verloren")):
        _, draft = rendered(g, [*TOUT, tap])
        hand = form.to_hand(ctx, draft)
        assert trial(g).play(1, hand).deltas["Kathi"]["punkte"] == points
        assert form.summary(ctx, draft) == f"Solo · Kathi · Tout · {words}"


def test_gewonnen_tapped_before_the_tout_is_asked_again():
    """Gewonnen without every trick loses a Tout: the form does not keep it as gewonnen."""
    g = new_game(get_table("preisschafkopf-plusminus"), SK4)
    _, draft = rendered(g, ["game-solo", "player-Kathi", "result-won", "more", "tout-True"])
    assert draft.get("result") is None
    _, draft = rendered(g, ["game-solo", "player-Kathi", "result-lost_schneider", "more", "tout-True"])
    assert draft["result"] == "lost"  # a Tout knows no Schneider


def test_an_old_tout_saved_as_gewonnen_reads_verloren_as_it_was_booked():
    """The tester's hand: Solo, Kathi, Tout, "gewonnen" scored -42 (only every trick wins a Tout)."""
    g = new_game(get_table("preisschafkopf-plusminus"), SK4)
    hand = {"game": "solo", "player": "Kathi", "result": "won", "tout": True}
    result = trial(g).play(1, hand)
    assert result.deltas["Kathi"]["punkte"] == -42
    assert describe_hand(g.table, hand, result) == "Solo Kathi Tout · verloren"
    assert describe_hand(g.table, hand, None) == "Solo Kathi Tout · verloren"
    form, ctx = form_for("schafkopf"), ctx_for(g)
    draft = form.initial(ctx, hand)
    assert draft["result"] == "lost" and form.summary(ctx, draft) == "Solo · Kathi · Tout · verloren"
    assert trial(g).play(1, form.to_hand(ctx, draft)).deltas == result.deltas


def test_a_tout_lost_schwarz_is_kept_by_its_augen_for_the_bock():
    """The player party took no trick: no Schneider or Schwarz counts in a Tout, but a Bock round
    after a schwarz still starts; the form keeps it as 0 Augen, every trick to the opponents."""
    g = schafkopf({"tout": {"enabled": True}, "bock": {"enabled": True, "triggers": ["schwarz"]}})
    hand = {"game": "solo", "player": "Kathi", "result": "lost_schwarz", "tout": True}
    form, ctx = form_for("schafkopf"), ctx_for(g)
    kept = form.to_hand(ctx, form.initial(ctx, hand))
    assert kept == {"game": "solo", "player": "Kathi", "augen": 0, "all_tricks": "opponents", "tout": True}
    old, new = trial(g), trial(g)
    assert old.play(1, hand).deltas == new.play(1, kept).deltas
    assert old.state()["bock"] == new.state()["bock"] != []


# --- a list of points says no money (issue 35) ------------------------------------------------

def test_a_ramsch_at_a_list_of_points_says_who_loses_not_who_pays():
    g = new_game(with_options(get_table("preisschafkopf-plusminus"), {"ramsch": {"enabled": True}}), SK4)
    hand = {"game": "ramsch", "augen": {"Hias": 50, "Vroni": 30, "Wast": 25, "Kathi": 15}}
    result = trial(g).play(1, hand)
    assert describe_hand(g.table, hand, result) == "Ramsch · verliert: Hias"
    assert result.deltas["Hias"]["punkte"] < 0
    start = ["game-ramsch", "ramsch-who-Hias", "pad-5", "pad-0", "ramsch-who-Vroni", "pad-3", "pad-0",
             "ramsch-who-Wast", "pad-2", "pad-5"]
    assert "Wer verliert?" in words_after(g, start) and "zahlt" not in words_after(g, start)
    money = new_game(with_options(get_table("schafkopf"), {"ramsch": {"enabled": True}}), SK4)
    assert describe_hand(money.table, hand, trial(money).play(1, hand)) == "Ramsch · zahlt: Hias"


def test_the_sie_says_what_it_counts_not_who_pays():
    """Plus/Minus: a Sie is 4 x the Solo won schwarz (7): 28 each opponent, 84 the player."""
    g = new_game(get_table("preisschafkopf-plusminus"), SK4)
    words = words_after(g, ["game-sie", "player-Hias"])
    assert "Sie: sofort gewonnen, zählt 4 × 7 Punkte (Solo gewonnen schwarz)." in words
    assert "zahlt" not in words
    assert trial(g).play(1, {"game": "sie", "player": "Hias"}).deltas["Hias"]["punkte"] == 84
