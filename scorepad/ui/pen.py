"""The pen this phone holds: the token the app layer gave it for an evening (it started the
evening or entered its PIN), kept in the phone's storage so it survives reloads, closed tabs
and restarts. The app layer checks the token at every change (scorepad/app/access.py)."""

from __future__ import annotations

import asyncio
import json

import flet as ft

from scorepad.ui.device import DEVICE_WAIT_S

PEN_KEY = "scorepad.pen"  # {evening id: pen token}, JSON, in the phone's storage


async def phone_pens(page: ft.Page) -> dict[int, str]:
    """The pen tokens this phone kept (checked by the app layer whenever it matters)."""
    try:
        kept = await asyncio.wait_for(ft.SharedPreferences().get(PEN_KEY), DEVICE_WAIT_S)
        data = json.loads(kept) if isinstance(kept, str) else {}
        return {int(e): t for e, t in data.items() if isinstance(t, str)} if isinstance(data, dict) else {}
    except (TimeoutError, RuntimeError, ValueError):
        return {}


async def store_pens(pens: dict[int, str]) -> None:
    """Write this phone's pen tokens to its storage; where the storage does not answer, the pen
    lasts as long as this tab's connection."""
    kept = json.dumps({str(e): t for e, t in pens.items()})
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(PEN_KEY, kept), DEVICE_WAIT_S)
    except (TimeoutError, RuntimeError):
        pass
