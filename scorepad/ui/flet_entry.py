"""Entry point for `flet build` (phone and desktop packages): the table app on the device's
own store."""

import flet as ft

from scorepad.ui.main import make_main

if __name__ == "__main__":
    ft.run(make_main(None), assets_dir="assets")
