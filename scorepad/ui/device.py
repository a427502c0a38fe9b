"""This phone's identity: a random id kept in the browser's storage, so the hand it is entering
and the changes it made stay its own across reloads, closed tabs and server restarts."""

from __future__ import annotations

import asyncio
import secrets

import flet as ft

DEVICE_KEY = "scorepad.device"  # the id, in the phone's storage
DEVICE_WAIT_S = 5.0  # how long the phone's storage may take to answer


async def phone_device(page: ft.Page) -> str:
    """This phone's id: random, kept in the browser's storage. Where the storage does not
    answer, the id lasts as long as this tab's connection (Flet's page.session; the word
    session alone means the session file)."""
    prefs = ft.SharedPreferences()
    try:
        device = await asyncio.wait_for(prefs.get(DEVICE_KEY), DEVICE_WAIT_S)
        if not isinstance(device, str) or not device:
            device = secrets.token_urlsafe(12)
            await asyncio.wait_for(prefs.set(DEVICE_KEY, device), DEVICE_WAIT_S)
        return device
    except (TimeoutError, RuntimeError):
        return f"session-{page.session.id}"
