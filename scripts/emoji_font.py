"""Makes the colour emoji font of the web app (scorepad/fonts/emoji/: the parts Flutter asks for,
parts.json, the licence) from Twemoji's COLR font; see scorepad/devtools/emojiparts.py for why and how.
A dev tool, run by hand when flet-web (Flutter's fallback table) or the source font changes:

    .venv/bin/pip install fonttools brotli
    .venv/bin/python scripts/emoji_font.py                       # fetches twemoji-colr-font with npm pack
    .venv/bin/python scripts/emoji_font.py --font twemoji.woff2  # or a copy at hand

The source is the npm package twemoji-colr-font (SOURCE below: Mozilla's Twemoji COLR build,
the font under the SIL Open Font License 1.1, the emoji art Twemoji's under CC BY 4.0); it is
not kept in the repository, only the parts made from it and its licence.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorepad.devtools.emojiparts import FOLDER, ON_DEMAND, fallback_table, make_parts, write_parts  # noqa: E402

SOURCE = "twemoji-colr-font@15.0.3"  # twemoji.woff2: "Twemoji Mozilla" 0.7.0, Twemoji 15.0.3
LICENCE_HEAD = """The colour emoji font in this folder (twemoji-<N>.woff2)

Made by scripts/emoji_font.py from twemoji.woff2 of the npm package {source}
(Twemoji Mozilla, https://github.com/mozilla/twemoji-colr, packaged by
https://github.com/mrdrogdrog/twemoji-color-font). Changed: cut into the parts Flutter's web
engine fetches for "Noto Color Emoji" (each part holds the glyphs of the code points the engine
looks up in it) and one file for the Noto fonts of symbols and the CJK fonts it may fetch for an
emoji instead (twemoji-symbols.woff2), hinting and the FontForge timestamp table removed, stored
as WOFF2.

Emoji art: Twemoji, Copyright 2019 Twitter, Inc and other contributors
(https://github.com/twitter/twemoji, https://github.com/jdecked/twemoji), licensed under
CC BY 4.0: https://creativecommons.org/licenses/by/4.0/

The package's licence file follows.

----------------------------------------------------------------------------------------------

"""


def fetch_source(folder: Path) -> Path:
    """twemoji.woff2 of SOURCE, unpacked from `npm pack` into `folder`."""
    subprocess.run(["npm", "pack", SOURCE, "--silent"], cwd=folder, check=True, stdout=subprocess.DEVNULL)
    archive = next(folder.glob("twemoji-colr-font-*.tgz"))
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package" / "twemoji.woff2"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--font", type=Path, help="twemoji.woff2 (else fetched with npm pack)")
    parser.add_argument("--licence", type=Path, help="the package's LICENSE (beside --font if not given)")
    args = parser.parse_args()
    from flet_web import get_package_web_dir

    web = Path(get_package_web_dir())
    table = fallback_table((web / "main.dart.js").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        font = args.font or fetch_source(Path(tmp))
        licence = args.licence or font.parent / "LICENSE"
        parts, fonts = make_parts(font.read_bytes(), table, (web / "assets" / "fonts" / "roboto.woff2").read_bytes())
        listing = write_parts(parts, fonts, table)
        (FOLDER / "LICENSE-Twemoji.txt").write_text(
            LICENCE_HEAD.format(source=SOURCE) + licence.read_text(encoding="utf-8"), encoding="utf-8")
    total = sum(len(p) for p in parts.values())
    ahead = sum(len(data) for file, data in parts.items() if file not in ON_DEMAND)
    print(f"{len(parts)} files for {len(listing)} of Flutter's fallback fonts, {total:,} bytes "
          f"({ahead:,} fetched ahead by the static site) in {FOLDER}")

if __name__ == "__main__":
    main()
