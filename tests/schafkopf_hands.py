"""Schafkopf solos and money for the rule tests (the basic rules and the extras; the Sauspiel
builder and the players are in tests/conftest.py)."""

from __future__ import annotations

from conftest import HIAS, KATHI, SK4, VRONI, WAST, last, play


def solo(game, augen=None, **extra):
    hand = {"game": game, "player": VRONI}
    if augen is not None:
        hand["augen"] = augen
    hand.update(extra)
    return hand


def geld(hands, options=None):
    return last(play("schafkopf", SK4, hands, options), "geld")


def sauspiel_money(v):
    """Hias + Wast (player party) get v each, Vroni and Kathi pay v each."""
    return {HIAS: v, VRONI: -v, WAST: v, KATHI: -v}


def solo_money(v):
    """Vroni (soloist) gets 3 v, each opponent pays v."""
    return {HIAS: -v, VRONI: 3 * v, WAST: -v, KATHI: -v}
