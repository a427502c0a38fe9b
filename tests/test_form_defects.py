"""Form defects found at the table, each pinned by a test (issue 10): driven through the forms'
own tap handlers (tests/test_form_roundtrip.py) or on a headless phone (tests/flet_harness.py)."""

from __future__ import annotations

import pytest
from conftest import RAMSCH4, SAU4, SK4
from flet_harness import open_phone
from test_form_roundtrip import ctx_for, enter, find, keys_shown, screen_error, trial

from scorepad import fmt
from scorepad.engine import new_game
from scorepad.errors import HandError
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import form_for
from scorepad.ui.widgets import TARGET

pytestmark = pytest.mark.ui


def rendered(game, keys: list[str]):
    """The form's controls after tapping `keys` (and the draft)."""
    ctx = ctx_for(game)
    form = form_for(game.table.family)
    draft = form.initial(ctx, None)
    for key in keys:
        box = {"draft": draft}
        controls = form.view(ctx, draft, lambda box=box, **ch: box.update(draft={**box["draft"], **ch}),
                             screen_error(game, form.to_hand(ctx, draft)))
        find(controls, key).on_click()
        draft = box["draft"]
    return form.view(ctx, draft, lambda **ch: None, screen_error(game, form.to_hand(ctx, draft))), draft


# --- Ramsch: the last players go out in the same hand ------------------------------------------

def ramsch_two_left():
    """Hans and Liesl are weg; Peter (3 Striche) and Rosi (2) are left."""
    game = new_game(get_table("zaisertshofer-ramsch"), RAMSCH4)
    for who, tricks in [(["Peter", "Rosi"], [3, 2]), (["Hans", "Liesl"], [5, 0]), (["Hans", "Liesl"], [2, 3]),
                        (["Peter", "Liesl"], [1, 4]), (["Rosi", "Liesl"], [3, 2])]:
        game.play(1, {"participants": who, "tricks": dict(zip(who, tricks))})
    assert game.state()["still_in"] == ["Peter", "Rosi"]
    assert {p: row["striche"] for p, row in game.snapshot().items() if p in ("Peter", "Rosi")} == {"Peter": 3, "Rosi": 2}
    return game


def test_ramsch_the_last_two_going_out_together_are_ordered_and_the_last_gets_the_bolla():
    game = ramsch_two_left()
    with pytest.raises(HandError) as exc:  # the engine needs the order here
        trial(game).play(1, {"participants": ["Peter", "Rosi"], "tricks": {"Peter": 3, "Rosi": 2}})
    assert exc.value.key == "weg_order"
    controls, _ = rendered(game, ["tr-Peter-3"])
    assert {k for k in keys_shown(controls) if k.startswith("order-")} == {"order-Peter", "order-Rosi"}
    hand = enter(game, ["tr-Peter-3", "order-Rosi", "order-Peter"])
    assert hand["weg_order"] == ["Rosi", "Peter"]
    result = trial(game).play(1, hand)
    assert result.info["bolla_to"] == "Peter" and result.deltas["Peter"]["bolla"] == 1


def test_ramsch_order_is_offered_for_exactly_who_goes_out_also_when_not_needed():
    """Two of three still in go out; the third stays: the order is optional (who said "weg" first)."""
    game = new_game(get_table("zaisertshofer-ramsch"), RAMSCH4)
    for who, tricks in [(["Peter", "Rosi"], [3, 2]), (["Peter", "Rosi"], [2, 3]), (["Hans", "Liesl"], [5, 0]),
                        (["Hans", "Liesl"], [2, 3])]:
        game.play(1, {"participants": who, "tricks": dict(zip(who, tricks))})
    striche = {p: row["striche"] for p, row in game.snapshot().items()}
    assert striche == {"Peter": 2, "Rosi": 2, "Hans": 0, "Liesl": 6}
    taps = ["tr-Peter-2", "tr-Rosi-2"]  # Liesl (still in) takes the last trick
    controls, _ = rendered(game, taps)
    assert {k for k in keys_shown(controls) if k.startswith("order-")} == {"order-Peter", "order-Rosi"}
    assert "weg_order" not in enter(game, taps)
    assert enter(game, taps + ["order-Rosi", "order-Peter"])["weg_order"] == ["Rosi", "Peter"]


# --- Laufende: "ohne" and the number in any order ---------------------------------------------

@pytest.mark.parametrize("ruleset,players,start", [
    ("saukopf", SAU4, ["game-keiler", "player-Sepp", "bid-61", "quick-61"]),
    ("schafkopf", SK4, ["game-solo", "player-Hias", "result-won", "more"]),
])
@pytest.mark.parametrize("order", [["lauf-sign--1", "lauf-2"], ["lauf-2", "lauf-sign--1"]])
def test_ohne_tapped_before_or_after_the_number_is_kept(ruleset, players, start, order):
    table = get_table(ruleset)
    if ruleset == "schafkopf":
        table = with_options(table, {"laufende": {"enabled": True}})
    game = new_game(table, players)
    assert enter(game, start + order)["laufende"] == -2
    assert enter(game, start + order + ["lauf-3"])["laufende"] == -3
    assert enter(game, start + order + ["lauf-sign-1"])["laufende"] == 2


# --- Schafkopf: all the tricks at 120 (or 0) Augen ----------------------------------------------

def test_schafkopf_120_augen_asks_whether_the_player_party_took_every_trick():
    game = new_game(get_table("schafkopf"), SK4)
    start = ["game-solo", "player-Hias", "mode-augen", "quick-120"]
    schneider = trial(game).play(1, enter(game, start))
    schwarz = trial(game).play(1, enter(game, start + ["all-player"]))
    assert enter(game, start + ["all-player"])["all_tricks"] == "player"
    assert schwarz.info["schwarz"] and not schneider.info["schwarz"]
    assert schwarz.deltas["Hias"]["geld"] > schneider.deltas["Hias"]["geld"]
    assert enter(game, ["game-solo", "player-Hias", "mode-augen", "quick-0", "all-opponents"])["all_tricks"] == "opponents"
    controls, _ = rendered(game, ["game-solo", "player-Hias", "mode-augen", "quick-90"])
    assert not any(k.startswith("all-") for k in keys_shown(controls))  # only at 0 or 120


# --- rule numbers come from the evening's table ----------------------------------------------

def texts(controls) -> list[str]:
    out, stack = [], list(controls)
    while stack:
        c = stack.pop(0)
        if isinstance(getattr(c, "value", None), str):
            out.append(c.value)
        stack[:0] = list(getattr(c, "controls", None) or [])
        content = getattr(c, "content", None)
        if content is not None and not isinstance(content, str):
            stack.insert(0, content)
    return out


def test_the_sie_text_reads_its_factor_from_the_table():
    game = new_game(with_options(get_table("schafkopf"), {"contracts": {"sie": {"tariff_factor": 5}}}), SK4)
    controls, _ = rendered(game, ["game-sie"])
    words = " ".join(texts(controls))
    solo = fmt.money(game.table.contracts["solo"].tariff)
    assert f"Sie: sofort gewonnen, zählt 5 × {solo}." in words and "Dreifache" not in words


def test_quick_augen_keys_follow_the_tables_thresholds():
    options = {"thresholds": {"player_wins": 66, "player_free": 36, "opponents_free": 25}}
    game = new_game(with_options(get_table("schafkopf"), options), SK4)
    controls, _ = rendered(game, ["game-solo", "player-Hias", "mode-augen"])
    quick = sorted(int(k[6:]) for k in keys_shown(controls) if k.startswith("quick-"))
    assert quick == [0, 35, 36, 65, 66, 95, 96, 120]


def test_saukopf_quick_augen_follow_the_stallgeruch_threshold():
    table = with_options(get_table("saukopf"), {"fleisch": {"trog": {"stallgeruch": {"threshold": 20}}}})
    game = new_game(table, SAU4)
    controls, _ = rendered(game, ["game-keiler", "player-Sepp"])
    quick = {int(k[6:]) for k in keys_shown(controls) if k.startswith("quick-")}
    assert {19, 20, 100, 101} <= quick


def test_saukopf_offers_every_laufende_up_to_the_trumps():
    game = new_game(get_table("saukopf"), SAU4)
    controls, _ = rendered(game, ["game-keiler", "player-Sepp"])
    assert "lauf-14" in keys_shown(controls)


# --- layout at arm's length ------------------------------------------------------------------

def test_schwarze_sau_points_fit_a_small_phone():
    """One pad for everyone's points, not a pad per player: on a 360 px phone (332 px inside the
    margins) full 48 px chips go 6 to a row, so the round's 16 values take 3 rows."""
    game = new_game(get_table("schwarze-sau"), ["Uli", "Fritz", "Guido", "Tim"])
    controls, _ = rendered(game, [])
    pads = [c for c in walk(controls) if getattr(c, "controls", None)
            and all(str(getattr(x, "key", "") or getattr(getattr(x, "content", None), "key", "")).startswith("pt-")
                    for x in c.controls)]
    assert len(pads) == 1
    chips = [getattr(x, "content", x) for x in pads[0].controls]
    assert len(chips) == 16 and all(ch.width >= TARGET and ch.height >= TARGET for ch in chips)
    per_row = (332 + pads[0].spacing) // (TARGET + pads[0].spacing)
    assert per_row == 6 and -(-len(chips) // per_row) == 3


def test_schwarze_sau_points_move_on_to_the_next_player():
    game = new_game(get_table("schwarze-sau"), ["Uli", "Fritz", "Guido", "Tim"])
    controls, draft = rendered(game, ["pt-Uli-6", "pt-Fritz-2", "pt-Guido-6"])
    assert [draft.get(f"pt:{p}") for p in ["Uli", "Fritz", "Guido"]] == [6, 2, 6]
    _, draft = rendered(game, ["pt-Uli-6", "pt-Fritz-2", "who-Uli", "pt-Uli-5"])  # Uli corrected
    assert [draft.get(f"pt:{p}") for p in ["Uli", "Fritz"]] == [5, 2]


def walk(controls):
    stack = list(controls)
    while stack:
        c = stack.pop(0)
        yield c
        stack[:0] = list(getattr(c, "controls", None) or [])
        content = getattr(c, "content", None)
        if content is not None and not isinstance(content, str):
            stack.insert(0, content)


async def test_the_hand_screen_keeps_what_is_chosen_in_view(main):
    info = main.app.start_evening("saukopf", SAU4, SAU4[0])
    phone = await open_phone(main)
    await phone.tap(f"evening-{info.id}")
    await phone.tap("next-hand")
    for key in ["game-sauerei", "player-Sepp", "partner-Zenzi", "pad-6", "pad-0"]:
        await phone.tap(key)
    assert phone.text_of("summary") == "Sauerei · Sepp + Zenzi · Grunzer 61 · 60 Augen"


# --- Saukopf: the trump the player picks is on the form -----------------------------------------

def test_the_knorpel_card_is_picked_by_suit_and_rank():
    game = new_game(get_table("saukopf"), SAU4)
    hand = enter(game, ["game-knorpel", "player-Alois", "kc-suit-herz", "kc-rank-sau", "quick-91"])
    assert hand["knorpel_card"] == "herz-sau"
    trial(game).play(1, hand)  # the engine takes it


def test_the_keiler_trump_suit_is_picked_and_dropped_for_a_game_without_one():
    game = new_game(get_table("saukopf"), SAU4)
    assert enter(game, ["game-keiler", "player-Sepp", "suit-gras", "quick-61"])["trump"] == "gras"
    assert "trump" not in enter(game, ["game-keiler", "player-Sepp", "suit-gras", "game-wutz", "quick-61"])
