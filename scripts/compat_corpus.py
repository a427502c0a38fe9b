"""Writes the compatibility corpus of one release: what that release accepted and what it
computed, kept as fixtures for tests/test_compat_corpus.py. A dev tool, run by hand (offline):

    .venv/bin/python scripts/compat_corpus.py b38a7ee [--out tests/fixtures/compat/b38a7ee]

The release's scorepad and rule tables (`git archive`, replay_identity.archive) run from a
temporary folder with this checkout's Python (PYTHONPATH). It writes into the release's folder:

- `sessions/NAME.json`: session files of every game using the keys the first release's
  docs/session-format.md and docs/rulesets.md document (informational keys in free text,
  contracts added in `options`, every house rule of a table), later keys (date, place, an inline
  variant, five at a Schafkopf table, the house games of issue 12), and evenings the release's
  own generator made (`generate_session`: scorepad.devtools.bench's, scorepad.bench's before
  0.2.0; a few dozen hands per built-in table).
  Each candidate goes through the release's `scorepad replay`: what it accepted is kept, with
  its output in `expected.json` ("sessions"); what it refused is listed there ("refused").
- `variants/NAME.toml`: house variants as the release's `rulesets export` wrote them, after its
  `rulesets import` of a hand-written variant (one with its own Hochzeit).
- `store.db`: the release's store (SQLite) with every accepted session file imported (an
  evening of every game) and an evening on each house variant started with its values and
  played with the release's `add`; what its `show` printed for each is in `expected.json`
  ("evenings").
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay_identity import ROOT, archive, run_scorepad  # noqa: E402

SK4 = ["Hias", "Vroni", "Wast", "Kathi"]
SK5 = SK4 + ["Sepp"]
SAU4 = ["Sepp", "Resi", "Alois", "Zenzi"]
DREI = ["Sepp", "Resi", "Alois"]
GENERATED_HANDS = 24

HOCHZEIT = {"name": "Hochzeit", "kind": "partner", "trumps": "Ober, Unter, Herz", "trump_count": 14,
            "tariff": 20, "schneider": 10, "schwarz": 10}


def session(ruleset: str, players: list[str], hands: list[Any], **keys: Any) -> dict[str, Any]:
    return {"format": 1, "ruleset": ruleset, "players": players, **keys, "hands": hands}


def candidates() -> dict[str, dict[str, Any]]:
    """Session files of every game with the keys the releases documented; a release keeps those
    it accepts (a key documented later is refused by an earlier release as unknown)."""
    h, v, w, k = SK4
    s, r, a, z = SAU4
    out = {
        # Schafkopf, first release: every hand key and every house rule of the table
        "schafkopf-keys": session("schafkopf", SK4, [
            {"game": "sauspiel", "player": h, "partner": w, "suit": "eichel", "augen": 70, "laufende": 3,
             "kontra": v},
            {"game": "sauspiel", "player": v, "partner": k, "suit": "gras", "result": "lost_schneider",
             "kontra": h, "re": v},
            {"game": "wenz", "player": w, "augen": 95, "laufende": -2},
            {"game": "solo", "player": k, "suit": "herz", "result": "won_schwarz", "all_tricks": "player",
             "klopfer": 1, "tout": True},
            {"passed": True},
            {"game": "farbwenz", "player": h, "suit": "gras", "augen": 60, "klopfer": 2},
            {"game": "geier", "player": v, "augen": 31},
            {"game": "farbgeier", "player": w, "suit": "schellen", "augen": 90},
            {"game": "sie", "player": k},
            {"game": "ramsch", "augen": {h: 70, v: 0, w: 50, k: 0}, "jungfrauen": [v, k]},
            {"passed": True},
            {"game": "ramsch", "durchmarsch": w},
            {"game": "ramsch", "augen": {h: 40, v: 40, w: 20, k: 20}, "loser": v},
            {"game": "sauspiel", "player": w, "partner": h, "augen": 61, "kontra": v, "re": w},
        ], first_dealer=k, options={
            "laufende": {"enabled": True, "value": 10}, "klopfen": {"enabled": True, "factor": 2},
            "tout": {"enabled": True, "factor": 2},
            "bock": {"enabled": True, "factor": 2, "triggers": ["kontra_lost", "re_lost", "60_60", "schwarz", "sie"]},
            "ramsch": {"enabled": True, "value": 20, "jungfrau_factor": 2, "durchmarsch_as": "solo"}}),
        "schafkopf-stock": session("schafkopf", SK4, [
            {"passed": True},
            {"game": "solo", "player": h, "augen": 70},
            {"passed": True},
            {"game": "sauspiel", "player": v, "partner": k, "augen": 40},
            {"game": "sauspiel", "player": w, "partner": h, "augen": 80},
        ], options={"stock": {"enabled": True, "stake": 10, "sauspiel_wins_pot": True, "lost_doubles_pot": True}}),
        # a contract added in `options` (first release: any contract of kind partner, solo or sie)
        "schafkopf-own-hochzeit": session("schafkopf", SK4, [
            {"game": "hochzeit", "player": h, "partner": w, "augen": 70, "laufende": 3},
            {"game": "sauspiel", "player": v, "partner": k, "augen": 50},
            {"game": "hochzeit", "player": w, "partner": k, "result": "lost", "kontra": h},
        ], options={"laufende": {"enabled": True},
                    "contracts": {"hochzeit": HOCHZEIT, "sauspiel": {"tariff": 10}}}),
        # a Kontra chain beyond Re (a list replaces the table's)
        "schafkopf-sub": session("schafkopf", SK4, [
            {"game": "sauspiel", "player": h, "partner": w, "augen": 70, "kontra": v, "re": h, "sub": k},
        ], options={"kontra_chain": [{"key": "kontra", "name": "Kontra", "by": "opponents", "factor": 2},
                                     {"key": "re", "name": "Re", "by": "player_party", "factor": 2},
                                     {"key": "sub", "name": "Sub", "by": "opponents", "factor": 2}]}),
        # Saukopf: the informational keys in free text (the first release's docs)
        "saukopf-keys": session("saukopf", SAU4, [
            {"game": "sauerei", "player": s, "partner": r, "augen": 70, "laufende": 2},
            {"game": "keiler", "player": r, "bid": 80, "augen": 85, "trump": "gras", "kontra": a, "re": r},
            {"game": "knorpel", "player": a, "bid": 91, "augen": 95, "knorpel_card": "herz-10"},
            {"game": "hauer", "player": z, "bid": 65, "spiess": True, "augen": 40, "trump": "Herz"},
            {"game": "wutz", "player": s, "bid": "schwarz", "all_tricks": "player", "trump": "eichel"},
            {"passed": True},
            {"vergeben": True},
            {"game": "mast", "player": r, "bid": 95, "augen": 10, "laufende": -1},
            {"game": "vegane_mast", "player": a, "all_tricks": "opponents"},
            {"game": "unreine_kreuzung", "player": z, "partner": s, "augen": 30},
            {"game": "ferkelparade", "player": s, "bid": 70, "augen": 60, "knorpel_card": "Schellen-Sau"},
        ]),
        # the Keiler of issue 24: its trump entered (stored, it locked the evening after the upgrade)
        "saukopf-keiler-trump": session("saukopf", SAU4, [
            {"game": "sauerei", "player": s, "partner": r, "augen": 70},
            {"game": "keiler", "player": r, "bid": 61, "augen": 70, "trump": "gras"},
        ]),
        "saukopf-dreihaxer-keys": session("saukopf-dreihaxer", DREI, [
            {"game": "keiler", "player": s, "bid": 61, "augen": 70, "aside_augen": 4, "trump": "schellen"},
            {"game": "wutz", "player": r, "bid": 70, "augen": 50, "aside_augen": 0},
            {"game": "knorpel", "player": a, "bid": 91, "augen": 100, "aside_augen": 11,
             "knorpel_card": "gras-ober"},
        ], options={"chip_value": 10}),
        "schwarze-sau-keys": session("schwarze-sau", ["Hans", "Liesl", "Franz", "Gretl"], [
            {"points": {"Hans": 5, "Liesl": 4, "Franz": 3, "Gretl": 3}},
            {"announcement": {"kind": "jungfrau", "by": "Liesl", "success": True}},
            {"points": {"Hans": 15, "Liesl": 0, "Franz": 0, "Gretl": 0}, "durchmarsch": "Hans"},
            {"achterbrief_loser": "Franz"},
            {"points": {"Hans": 8, "Liesl": 2, "Franz": 5, "Gretl": 0}},
        ]),
        "struliwuli-keys": session("struliwuli", ["Anni", "Bene", "Cilli", "Done"], [
            {"bids": {"Anni": 2, "Bene": 3, "Cilli": 1, "Done": 1}, "tricks": {"Anni": 2, "Bene": 3, "Cilli": 2, "Done": 1}},
            {"bids": {"Anni": 1, "Bene": 2, "Cilli": 2, "Done": 1}, "tricks": {"Anni": 1, "Bene": 2, "Cilli": 3, "Done": 1}},
        ], options={"rate": 2}),
        "zaisertshofer-ramsch-keys": session("zaisertshofer-ramsch", ["Anderl", "Burgl", "Centa", "Dinge"], [
            {"participants": ["Anderl", "Burgl", "Centa", "Dinge"], "tricks": {"Anderl": 2, "Burgl": 1, "Centa": 1, "Dinge": 1},
             "penalties": [{"player": "Burgl", "kind": "falsch_geschleckt"}]},
            {"participants": ["Anderl", "Burgl", "Centa"], "tricks": {"Anderl": 3, "Burgl": 1, "Centa": 1}},
        ], options={"bolla_price": 50}),
        # later keys: date, place and note; five at a Schafkopf table; the house games of issue 12
        "schafkopf-five-dated": session("schafkopf", SK5, [
            {"game": "sauspiel", "player": v, "partner": w, "augen": 70},
            {"game": "solo", "player": k, "augen": 80},
        ], date="2026-11-29T18:30:00+00:00", place="Gasthaus zur Post", note="Stammtisch"),
        "schafkopf-house-games": session("schafkopf", SK4, [
            {"game": "hochzeit", "player": h, "partner": w, "augen": 70},
            {"game": "bettel", "player": v, "result": "won"},
            {"game": "bettel_brett", "player": w, "result": "lost"},
            {"game": "wenz", "player": k, "result": "won_schwarz", "tout": True},
        ], options={"contracts": {c: {"enabled": True} for c in ("hochzeit", "bettel", "bettel_brett")},
                    "tout": {"enabled": True, "value": "schwarz"}}),
        "saukopf-chosen-trump": session("saukopf", SAU4, [
            {"game": "keiler", "player": s, "bid": 61, "augen": 70, "trump": "herz"},
            {"game": "knorpel", "player": r, "bid": 91, "augen": 95, "knorpel_card": "herz-sau"},
        ]),
        "schafkopf-variant-inline": session("schafkopf-stammtisch-huber", SK4, [
            {"game": "sauspiel", "player": h, "partner": w, "augen": 70, "laufende": 3},
        ], variant={"id": "schafkopf-stammtisch-huber", "extends": "schafkopf", "name": "Schafkopf (Stammtisch Huber)",
                    "contracts": {"sauspiel": {"tariff": 10}}, "laufende": {"enabled": True}}),
    }
    return out


# house variants as a user wrote them (first release's docs/rulesets.md), imported and exported
# by the release; each with the hands an evening on it is played with
VARIANTS: dict[str, tuple[str, list[Any]]] = {
    "schafkopf-hochzeit": ('''id = "schafkopf-mit-hochzeit"
extends = "schafkopf"
name = "Schafkopf mit Hochzeit"

[contracts.sauspiel]
tariff = 10

[contracts.hochzeit]
name = "Hochzeit"
kind = "partner"
trumps = "Ober, Unter, Herz"
trump_count = 14
tariff = 20
schneider = 10
schwarz = 10

[laufende]
enabled = true
''', [{"game": "hochzeit", "player": "Hias", "partner": "Wast", "augen": 70, "laufende": 3},
      {"game": "sauspiel", "player": "Vroni", "partner": "Kathi", "augen": 40}]),
    "saukopf-huber": ('''id = "saukopf-huber"
extends = "saukopf"
name = "Huber"
chip_value = 5

[contracts.knorpel]
min_bid = 81
''', [{"game": "knorpel", "player": "Sepp", "bid": 85, "augen": 90, "knorpel_card": "Eichel-Ober"},
      {"game": "keiler", "player": "Resi", "bid": 61, "augen": 70, "trump": "gras"}]),
}
VARIANT_PLAYERS = {"schafkopf": SK4, "saukopf": SAU4}


def generated(release: Path) -> dict[str, dict[str, Any]]:
    """A short evening of every built-in table, by the release's own generator."""
    # (the generator is scorepad.devtools.bench's since 0.2.0, scorepad.bench's before)
    code = ("import json\ntry:\n    from scorepad.devtools.bench import generate_session\n"
            "except ImportError:\n    from scorepad.bench import generate_session\n"
            "from scorepad.tables import builtin_tables\n"
            f"print(json.dumps({{rid: generate_session(t, {GENERATED_HANDS}, seed=7) for rid, t in builtin_tables().items()}}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=release_env(release), cwd=tempfile.gettempdir())
    return {f"generated-{rid}": s for rid, s in json.loads(out.stdout).items()}


def compact(expected: dict[str, Any]) -> str:
    """The expected figures as JSON with one line per file or evening (small, and a diff names it)."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    parts = []
    for key, value in expected.items():
        if isinstance(value, dict) and value:
            inner = ",\n".join(f"  {json.dumps(k)}: {line(v)}" for k, v in value.items())
            parts.append(f" {json.dumps(key)}: {{\n{inner}\n }}")
        else:
            parts.append(f" {json.dumps(key)}: {line(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def release_env(release: Path) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SCOREPAD_DB")}
    env["PYTHONPATH"] = str(release)
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    short = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", args.commit], capture_output=True,
                           text=True, check=True).stdout.strip()
    out = args.out or ROOT / "tests" / "fixtures" / "compat" / short
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        release = tmp / "release"
        archive(args.commit, release)
        if out.exists():
            shutil.rmtree(out)
        (out / "sessions").mkdir(parents=True)
        (out / "variants").mkdir()
        db = tmp / "store.db"

        def cli(*argv: str) -> tuple[int, bytes, bytes]:
            return run_scorepad(["--db", str(db), *argv], str(release))

        expected: dict[str, Any] = {"release": short, "sessions": {}, "refused": {}, "evenings": {}}
        for name, data in {**candidates(), **generated(release)}.items():
            file = out / "sessions" / f"{name}.json"
            file.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            code, stdout, stderr = run_scorepad(["replay", str(file)], str(release))
            if code != 0:
                file.unlink()
                expected["refused"][name] = stderr.decode().strip()
                continue
            expected["sessions"][name] = json.loads(stdout)
            code, stdout, stderr = cli("import", str(file))
            assert code == 0, (name, stderr)
            evening = int(stdout)
            expected["evenings"][str(evening)] = {"from": f"sessions/{name}.json"}
        for name, (text, hands) in VARIANTS.items():
            source = tmp / f"{name}.toml"
            source.write_text(text, encoding="utf-8")
            code, _, stderr = cli("rulesets", "import", str(source))
            if code != 0:  # a later release names the id itself: leave it out
                source.write_text("\n".join(line for line in text.splitlines() if not line.startswith("id =")),
                                  encoding="utf-8")
                code, _, stderr = cli("rulesets", "import", str(source))
            if code != 0:
                expected["refused"][f"variants/{name}.toml"] = stderr.decode().strip()
                continue
            values = tomllib.loads(text)
            code, stdout, stderr = cli("rulesets", "export", values["name"])
            assert code == 0, (name, stderr)
            (out / "variants" / f"{name}.toml").write_bytes(stdout)
            options = {k: v for k, v in values.items() if k not in ("id", "extends")}
            code, stdout, stderr = cli("start", values["extends"], *VARIANT_PLAYERS[values["extends"]],
                                       "--options", json.dumps(options))
            assert code == 0, (name, stderr)
            evening = int(stdout)
            for i, hand in enumerate(hands, 1):
                code, _, stderr = cli("add", str(evening), json.dumps(hand))
                if code != 0:  # the release refused it: the evening goes on without it
                    expected["refused"][f"variants/{name}.toml, evening hand {i}"] = stderr.decode().strip()
            expected["evenings"][str(evening)] = {"from": f"variants/{name}.toml"}
        for evening, entry in expected["evenings"].items():
            code, stdout, stderr = cli("show", evening)
            assert code == 0, (evening, stderr)
            entry["show"] = json.loads(stdout)
        shutil.copyfile(db, out / "store.db")
        (out / "expected.json").write_text(compact(expected), encoding="utf-8")
    kept, refused = len(expected["sessions"]), len(expected["refused"])
    print(f"{short}: {kept} session files, {len(list((out / 'variants').glob('*.toml')))} variants, "
          f"{len(expected['evenings'])} stored evenings; refused by this release: {refused}")
    for name, line in expected["refused"].items():
        print(f"  refused {name}: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
