"""Every hand the engine accepts can be entered through its game's form, and the form's preview
equals the engine's: a property per game, over generated hands and evenings.

Each hand is entered by its game's taps (scorepad/games/<name>/taps.py, through the registry) on a fresh form, through the form's own
tap handlers: the form's controls are rendered (`form.view` with the error the hand screen would
pass), the control with the next key is found in the tree and its `on_click` is called, and so
on. Then the hand the form produces is compared with the generated one:

- the same hand as the engine reads it: both are parsed with the game's `hand_model` and dumped
  without defaults, and a few spellings the engine reads identically are made one (see
  `canonical`: a 0 that means "none", the seat order of an unordered list of players, Augen
  the engine derives from a Durchmarsch or from "all tricks");
- the same score: the engine's deltas and info of both hands, on the game before the hand;
- the preview text of the hand screen (`words.hand_preview`) equals the engine's.

A generated hand the form cannot enter fails the test: the form is fixed, not the generator."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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
    split,
)

from scorepad.engine import new_game
from scorepad.errors import HandError
from scorepad.games import family_of
from scorepad.tables import get_table, with_options
from scorepad.ui.forms import NO_ERROR, FormCtx, FormError, form_for
from scorepad.ui.screens.hand import form_error
from scorepad.ui.words import hand_preview

pytestmark = pytest.mark.ui

ROUNDTRIP = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the game before a hand, tried on a copy ------------------------------------------------

def trial(game):
    """A copy of the game to try a hand on (the table is shared, not copied)."""
    return copy.deepcopy(game, {id(game.table): game.table})


def ctx_for(game) -> FormCtx:
    """The form's context before the next hand, as the hand screen builds it."""
    return FormCtx(table=game.table, players=list(game.players), dealer=game.seats.dealer, state=game.state(),
                   board=game.snapshot(), number=None, game=game)


def screen_error(game, hand) -> FormError:
    """The error the hand screen passes to the form: the engine's, but none for an item that is
    only not entered yet (those show as "Noch offen" under the form)."""
    try:
        trial(game).play(1, hand)
    except HandError as exc:
        err, missing = form_error(exc, None)
        return NO_ERROR if missing else err
    return NO_ERROR


# --- tapping through a form -----------------------------------------------------------------

def children(c):
    yield from getattr(c, "controls", None) or []
    content = getattr(c, "content", None)
    if content is not None and not isinstance(content, str) and hasattr(content, "key"):
        yield content


def find(controls, key):
    """The tappable control with this key in the rendered tree (None if not shown)."""
    stack = list(controls)
    while stack:
        c = stack.pop(0)
        if getattr(c, "key", None) == key and getattr(c, "on_click", None) is not None and not c.disabled:
            return c
        stack[:0] = list(children(c))
    return None


def keys_shown(controls) -> list[str]:
    out, stack = [], list(controls)
    while stack:
        c = stack.pop(0)
        if getattr(c, "key", None) and getattr(c, "on_click", None) is not None:
            out.append(str(c.key))
        stack[:0] = list(children(c))
    return out


def enter(game, keys: list[str]) -> dict:
    """Tap `keys` on a fresh form of the game's family; the hand it produces (or saves)."""
    return tapped(game, keys)[0]


def tapped(game, keys: list[str]) -> tuple[dict, dict | None]:
    """Tap `keys` on a fresh form of the game's family: the hand it produces (or saves) and the
    form's draft then (None when a quick action saved the hand)."""
    ctx = ctx_for(game)
    form = form_for(game.table.family)
    draft = form.initial(ctx, None)
    saved: list[dict] = []
    for key in keys:
        box = {"draft": draft}

        def put(box=box, **changes):
            box["draft"] = {**box["draft"], **changes}

        controls = list(form.view(ctx, draft, put, screen_error(game, form.to_hand(ctx, draft))))
        controls += list(form.quick_actions(ctx, saved.append))
        control = find(controls, key)
        assert control is not None, f"{key!r} is not shown after {keys[:keys.index(key)]}; shown: {keys_shown(controls)}"
        control.on_click()
        draft = box["draft"]
        if saved:
            assert key == keys[-1], "a quick action saves: it must be the last tap"
            return saved[-1], None
    return form.to_hand(ctx, draft), draft


# --- the same hand, as the engine reads it --------------------------------------------------

def canonical(game, hand: dict) -> dict:
    model = type(game).hand_model.model_validate(hand)
    d = model.model_dump(exclude_defaults=True)
    d = {k: v for k, v in d.items() if v is not None}
    family = game.table.family
    seat = {p: i for i, p in enumerate(game.players)}
    if family in ("schafkopf", "saukopf"):
        for key in ("klopfer", "laufende", "tout", "spiess", "aside_augen"):  # 0 / False: none
            if not d.get(key, True):
                d.pop(key)
    if family == "schafkopf" and d.get("game") == "ramsch":
        if d.get("durchmarsch"):  # every Augen with the one who took every trick: derived
            d.pop("augen", None)
        if d.get("jungfrauen"):  # the engine keeps them in seat order
            d["jungfrauen"] = sorted(d["jungfrauen"], key=seat.get)
    if family == "saukopf" and d.get("all_tricks"):  # the Augen follow from who took every trick
        d.pop("augen", None)
    if family == "ramsch":
        d["participants"] = sorted(d["participants"], key=seat.get)
    return d


def booked(hand: dict, result) -> tuple[dict, dict]:
    """What the engine books of a hand: its deltas and info. A Tout's info notes Schneider as
    the Augen had it, but nothing books it (a Tout knows no Schneider, no Bock round starts by
    it): the form offers a Tout only won (every trick) or lost, so that note is left out."""
    info = dict(result.info)
    if hand.get("tout"):
        info.pop("schneider", None)
    return result.deltas, info


def check_roundtrip(game, hand: dict) -> dict | None:
    """Enter `hand` on the form before it; same hand, same score, same preview. A hand with a
    note the table does not count (`offered`) is entered as the hand without it, which the
    engine scores alike. The form's draft once the hand is entered (None: a quick action)."""
    expected = trial(game).play(1, hand)
    taps = family_of(game.table).taps_module()
    wanted = taps.offered(game.table, hand)
    alike = trial(game).play(1, wanted)
    assert booked(wanted, alike) == booked(hand, expected), f"{wanted} does not score as {hand}"
    entered, draft = tapped(game, taps.taps(game.table, ctx_for(game), wanted))
    assert canonical(game, entered) == canonical(game, wanted), f"entered {entered}\nwanted  {wanted}"
    got = trial(game).play(1, entered)
    assert booked(entered, got) == booked(hand, expected)
    tallies = list(game.snapshot()[game.players[0]].keys())
    assert hand_preview(game.table, entered, got, tallies) == hand_preview(game.table, hand, expected, tallies)
    # opened again to fix it ("Spiel n ändern"): the form holds the same hand, as it offers it
    form, ctx = form_for(game.table.family), ctx_for(game)
    again = form.to_hand(ctx, form.initial(ctx, hand))
    assert canonical(game, again) == canonical(game, wanted), f"reopened {again}\nwanted   {wanted}"
    return draft


def run_evening(game, hands) -> None:
    for hand in hands:
        check_roundtrip(game, hand)
        game.play(1, hand)


def playable(game, hand) -> bool:
    try:
        trial(game).play(1, hand)
    except HandError:
        return False
    return True


# --- Schafkopf ------------------------------------------------------------------------------

@ROUNDTRIP
@given(hands=st.lists(schafkopf_hand(), min_size=1, max_size=3), options=schafkopf_options)
def test_every_schafkopf_hand_can_be_entered_on_its_form(hands, options):
    run_evening(new_game(with_options(get_table("schafkopf"), options), SK4), hands)


@ROUNDTRIP
@given(hands=st.lists(schafkopf_hand(extras=True), min_size=1, max_size=5), options=SCHAFKOPF_EXTRAS)
def test_every_schafkopf_hand_with_the_extras_can_be_entered_on_its_form(hands, options):
    """Tout, Klopfen, Stock, Bock (evenings: the pot and the Bock rounds carry over), Laufende,
    Ramsch."""
    run_evening(new_game(with_options(get_table("schafkopf"), options), SK4), hands)


@pytest.mark.parametrize("n", [5, 6])
def test_at_five_or_six_every_schafkopf_hand_can_be_entered_and_the_form_offers_only_the_four(n):
    """Who sits out (the dealer; with six the one opposite too) is not on the form; every hand
    of the four in play is entered by taps (issue 12 item 1)."""
    players = FIVE_SIX[n]

    @ROUNDTRIP
    @given(data=st.data(), options=SEATED_OPTIONS)
    def run(data, options):
        table = with_options(get_table("schafkopf"), options)
        game = new_game(table, players)
        extras = table.tout.enabled or table.ramsch.enabled
        for _ in range(data.draw(st.integers(1, 4))):
            out = game.state()["sitting_out"]
            assert len(out) == n - 4 and out[0] == game.seats.dealer
            ctx = ctx_for(game)
            form = form_for("schafkopf")
            shown = keys_shown(form.view(ctx, form.initial(ctx, None), lambda **_: None, NO_ERROR))
            assert not [k for k in shown if any(k.endswith(f"-{p}") for p in out)], shown
            hand = data.draw(schafkopf_hand(extras=extras, players=game.players))
            if not playable(game, hand):
                continue
            check_roundtrip(game, hand)
            game.play(1, hand)

    run()


# --- Saukopf --------------------------------------------------------------------------------

@ROUNDTRIP
@given(hand=st.one_of(saukopf_hand(), saukopf_hand(), st.sampled_from([{"passed": True}, {"vergeben": True}])))
def test_every_saukopf_hand_can_be_entered_on_its_form(hand):
    check_roundtrip(new_game(get_table("saukopf"), PLAYERS["saukopf"]), hand)


SAUKOPF_FIVE = {"players": [4, 5], "sitting_out": {"in_play": 4, "seats": {"5": [0]}}}


@ROUNDTRIP
@given(data=st.data())
def test_at_a_saukopf_table_of_five_every_hand_of_the_four_can_be_entered(data):
    """A house variant seats five at the Saukopf: the dealer sits out, the form offers the four."""
    game = new_game(with_options(get_table("saukopf"), SAUKOPF_FIVE), PLAYERS["saukopf"] + ["Girgl"])
    for _ in range(data.draw(st.integers(1, 3))):
        hand = data.draw(saukopf_hand(players=game.players))
        if not playable(game, hand):
            continue
        check_roundtrip(game, hand)
        game.play(1, hand)


@ROUNDTRIP
@given(hand=dreihaxer_hand())
def test_every_dreihaxer_hand_can_be_entered_on_its_form(hand):
    check_roundtrip(new_game(get_table("saukopf-dreihaxer"), PLAYERS["saukopf-dreihaxer"]), hand)


# --- Zaisertshofer Ramsch: evenings (who is weg, the order of going out, the Bolla) ----------

@st.composite
def ramsch_next_hand(draw, game):
    """A hand the engine accepts for this game's next hand, or None."""
    t = game.table
    state = game.state()
    still_in = state["still_in"]
    pens = []
    if draw(st.integers(0, 4)) == 0:
        kinds = [k for k, pen in t.penalties.items() if pen.enabled]
        pens = [{"player": draw(st.sampled_from(list(game.players))), "kind": draw(st.sampled_from(kinds))}]
    back = [e["player"] for e in pens if t.penalties[e["kind"]].back_in]
    can = [p for p in game.players if p in still_in or p in back]
    if len(can) < t.min_participants:
        return None
    who = draw(st.lists(st.sampled_from(can), min_size=t.min_participants, max_size=len(can), unique=True))
    tricks = draw(split(t.tricks_per_hand, len(who)))
    if draw(st.booleans()):  # each takes what he still has, so that several go out at once
        board, left, tricks = game.snapshot(), t.tricks_per_hand, []
        fresh = state["partie"] != game.partie
        have = {p: t.start_striche if fresh or p in back else board[p]["striche"] for p in who}
        who = sorted(who, key=have.get)
        for p in who:
            tricks.append(min(have[p], left))
            left -= tricks[-1]
        tricks[-1] += left
    hand = {"participants": who, "tricks": dict(zip(who, tricks))}
    if pens:
        hand["penalties"] = pens
    try:
        result = trial(game).play(1, hand)
    except HandError as exc:
        if exc.key != "weg_order":
            return None
        hand["weg_order"] = draw(st.permutations([p for p in game.players if p in who]))
        return hand if playable(game, hand) else None
    went = result.info["went_out"]
    if len(went) > 1 and draw(st.integers(0, 3)):  # who said "weg" first, though the engine needs no order
        hand["weg_order"] = draw(st.permutations(went))
    return hand


@ROUNDTRIP
@given(data=st.data())
def test_every_ramsch_hand_of_an_evening_can_be_entered_on_its_form(data):
    players = PLAYERS["zaisertshofer-ramsch"]
    table = get_table("zaisertshofer-ramsch")
    if data.draw(st.booleans()):
        table = with_options(table, {"bolla_price": 50})
    game = new_game(table, players)
    for _ in range(data.draw(st.integers(1, 16))):
        hand = data.draw(ramsch_next_hand(game))
        if hand is None:
            continue
        check_roundtrip(game, hand)
        game.play(1, hand)


# --- Schwarze Sau: evenings (games end, Achterbrief) -----------------------------------------

@st.composite
def schwarze_sau_next_hand(draw, game):
    players = list(game.players)
    state = game.state()
    if state["achterbrief_owed"]:
        return {"achterbrief_loser": draw(st.sampled_from(state["achterbrief_between"]))}
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return {"announcement": {"kind": draw(st.sampled_from(["jungfrau", "durchmarsch"])),
                                 "by": draw(st.sampled_from(players)), "success": draw(st.booleans())}}
    if kind == 1:
        return {"durchmarsch": draw(st.sampled_from(players))}
    stock = draw(st.sampled_from(sorted(game.stock_holds)))
    if draw(st.booleans()):  # the same points for two players: ties over the limit (Achterbrief)
        a, b = draw(st.permutations(players))[:2]
        v = draw(st.integers(0, (game.round_total - stock) // 2))
        rest = draw(split(game.round_total - stock - 2 * v, len(players) - 2))
        others = [p for p in players if p not in (a, b)]
        points = {a: v, b: v, **dict(zip(others, rest))}
        points = {p: points[p] for p in players}
    else:
        points = dict(zip(players, draw(split(game.round_total - stock, len(players)))))
    hand = {"points": points}
    return hand if playable(game, hand) else None


@pytest.mark.parametrize("n", [4, 3])
def test_every_schwarze_sau_hand_of_an_evening_can_be_entered_on_its_form(n):
    players = PLAYERS["schwarze-sau"][:n]

    @ROUNDTRIP
    @given(data=st.data())
    def run(data):
        game = new_game(get_table("schwarze-sau"), players)
        for _ in range(data.draw(st.integers(1, 12))):
            hand = data.draw(schwarze_sau_next_hand(game))
            if hand is None:
                continue
            check_roundtrip(game, hand)
            game.play(1, hand)

    run()


# --- Struliwuli: evenings (the cards of each hand, the dealer's forbidden bid) --------------

@st.composite
def struliwuli_next_hand(draw, game):
    players = list(game.players)
    state = game.state()
    cards = state["cards"]
    bids = draw(st.lists(st.integers(0, cards), min_size=len(players), max_size=len(players)))
    hand = {"bids": dict(zip(players, bids)), "tricks": dict(zip(players, draw(split(cards, len(players)))))}
    return hand if playable(game, hand) else None


@ROUNDTRIP
@given(data=st.data())
def test_every_struliwuli_hand_of_an_evening_can_be_entered_on_its_form(data):
    game = new_game(get_table("struliwuli"), PLAYERS["struliwuli"])
    for _ in range(data.draw(st.integers(1, 10))):
        hand = data.draw(struliwuli_next_hand(game))
        if hand is None:
            continue
        check_roundtrip(game, hand)
        game.play(1, hand)
