"""The pen this phone holds: the token the app layer gave it for an evening (it started the
evening or entered its PIN), kept in the phone's storage so it survives reloads, closed tabs
and restarts. The app layer checks the token at every change (scorepad/app/access.py). The
organiser token (a phone the serving machine let run tournaments) is kept the same way."""

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


ORGANISER_KEY = "scorepad.organiser"  # the organiser token the serving machine allowed (app/organiser_phones.py)
ORGANISER_MAX = 200  # longer is no token of ours


async def phone_organiser(page: ft.Page) -> str:
    """The organiser token this phone kept ("" if none; the app layer checks it at every call)."""
    try:
        kept = await asyncio.wait_for(ft.SharedPreferences().get(ORGANISER_KEY), DEVICE_WAIT_S)
    except (TimeoutError, RuntimeError):
        return ""
    return kept if isinstance(kept, str) and len(kept) <= ORGANISER_MAX else ""


async def store_organiser(token: str) -> None:
    """Keep (or, with "", forget) this phone's organiser token in its storage."""
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(ORGANISER_KEY, token), DEVICE_WAIT_S)
    except (TimeoutError, RuntimeError):
        pass


LAST_KEY = "scorepad.evening"  # the evening this phone showed last ("Weiterspielen" resumes it)


async def phone_last_evening(page: ft.Page) -> int | None:
    """The evening this phone last showed, if it kept one (the app layer says whether it still is)."""
    try:
        kept = await asyncio.wait_for(ft.SharedPreferences().get(LAST_KEY), DEVICE_WAIT_S)
    except (TimeoutError, RuntimeError):
        return None
    return int(kept) if isinstance(kept, str) and kept.isdigit() and len(kept) < 19 else None


async def store_last_evening(evening_id: int) -> None:
    """Keep the evening this phone shows, for "Weiterspielen" after a reload or a closed tab."""
    try:
        await asyncio.wait_for(ft.SharedPreferences().set(LAST_KEY, str(evening_id)), DEVICE_WAIT_S)
    except (TimeoutError, RuntimeError):
        pass
