"""The schema of a scorepad file and how an older file becomes it: `create_schema` for a new
file, and MIGRATIONS, the one ordered list of named steps that take a file of schema N to N+1
(each runs once, in order, in one transaction with the others; scorepad.store.opening runs
them after keeping a copy of the file). A new step goes at the end of the list and
SCHEMA_VERSION follows it; a step never changes once released: what a file meant when it
was written, it means after the upgrade (tests/test_compat_corpus.py).

Schema version 12 (`PRAGMA user_version`):

    players   one row per person, reused across evenings; `name_key` (casefolded) is unique
    evenings  the rule table copied in as JSON (+ ruleset id and options), first dealer, start
              time, place, note, finished, and `version`, which every change increments
    seats     evening, position (clockwise from 0), player
    hands     evening, number (1..n, no gaps), the hand keys as entered (JSON)
    changes   the append-only change log: evening, version after the change, when, what,
              hand number, old and new value (JSON), for undo/redo the change it undoes, and
              (since 4) the phone that made it, so a phone's undo takes back only its own change
    drafts    (since 3) the hand being entered on the app, per evening and (since 4) per phone:
              the form's taps as JSON, kept until the hand is saved, so a reload or a closed tab
              loses nothing and a second phone never types into the first one's hand
    pins      (since 3) each evening's 4-digit PIN: who holds it may enter and change hands;
              (since 6) which phone set it (the one that started the evening or typed it)
    house_rules (since 3) a table's own variants: a name, the built-in table it is based on,
              and the values it changes (as session options); (since 11) the phone that made
              it (NULL: the serving machine, the command line, or made before 11): once a
              tournament or an evening plays it, only that phone or the serving machine
              replaces it (app/house.py)
    checkpoints (since 5) per evening, the engine's game state after its last hand (JSON),
              written in the same transaction as the hand change, with the evening's version
              and hand count it belongs to and a `seal` (a hash the app layer computes over the
              rule table, the scorepad release, the seating, the last hand and the state), so
              a process that adds a hand need not replay the evening; one that does not fit
              is never used (the evening is replayed instead); triggers on `hands` delete an
              evening's checkpoint whenever its hands are written, by anyone. Nothing else is
              kept there.
    pin_tries (since 6) per evening, the wrong PINs phones typed: how many tries are left
              (a bucket that refills slowly, see app/access.py), how many were wrong and when
              the last was, so a restart of the server gives a guesser nothing back; (since
              10) only those against the evening's current PIN: a new PIN clears them
    (7)       every stored rule table written with what it meant when it was stored (a key
              added later gets the value the evening was scored by, never its new default)
    tournaments (since 8) a tournament (club night): name, rule table (+ options), rounds,
              games per table and round, the seed of its draws and lot, finished; (since 12)
              `table_games`, the games per round by table size as JSON ({"3": 36, "4": 48}; {}:
              `games` at every table, as before 12; else `games` is the count of the rule
              table's usual size) and `fees`, the lost-game fee as JSON (cents for a player's
              1st, 2nd, ... lost game of a round, the last repeating; []: none, as before 12)
    tournament_players (since 8) who plays it: the player, an optional number, the order of
              entry, the round from which they are drawn and (a withdrawal) the round from
              which no more
    tournament_rounds (since 8) each round drawn: when, its repeat meetings, when closed
    tournament_tables (since 8) each table of a round: its number and its evening (an
              ordinary evening: its seats, hands and PIN are the evening's)
    organiser_codes (since 9) the one-time code the serving machine shows to let a phone run
              tournaments: its SHA-256, when it expires, how many wrong codes were typed for it,
              when it was used (at most one row: a new code replaces it)
    organiser_tries (since 9) per address, the wrong organiser codes phones typed (tries left,
              when counted), so a restart gives a guesser nothing back
    organiser_phones (since 9) the phones allowed to run tournaments: the SHA-256 of each one's
              token (the token itself is kept only on the phone), its name, when allowed, when
              revoked
    pin_address_tries (since 10) per evening and address, the share of the evening's tries
              that address used up against its current PIN (tries left, when counted): one
              address alone never uses up the evening's (app/access.py); a new PIN clears them
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from scorepad.store.rows import add_player, find_player
from scorepad.store.values import dumps, new_pin, now


def _hands_as_stored(evening: dict[str, Any], renames: dict[str, str]) -> list[Any]:
    hands: list[Any] = evening["hands"]
    return hands


@dataclass(frozen=True)
class LayerAbove:
    """What a migration asks the application layer (the store knows no rule tables nor session
    files): an old evening's hands with the names spelled as stored (`canonical_hands(evening,
    renames)`), the rule table an old evening meant (`evening_table(ruleset, players,
    first_dealer, options)`; None: the built-in table with the options) and a stored rule table
    written as it was scored (`stored_table(raw)`; None: tables stay as stored)."""

    canonical_hands: Callable[[dict[str, Any], dict[str, str]], list[Any]] = _hands_as_stored
    evening_table: Callable[[str, list[str], str | None, dict[str, Any]], Any] | None = None
    stored_table: Callable[[dict[str, Any]], dict[str, Any]] | None = None


# a migration without the layer above: the store alone (a new file, a test)
ALONE = LayerAbove()


def create_schema(db: Database) -> None:
    """The current schema (SCHEMA_VERSION), inside the caller's transaction."""
    db.table("players").create(
        {"id": int, "name": str, "name_key": str, "created_at": str},
        pk="id", not_null=["name", "name_key", "created_at"],
    )
    db.table("players").create_index(["name_key"], unique=True)
    db.table("evenings").create(
        {"id": int, "ruleset": str, "game": str, "family": str, "options": str, "rule_table": str,
         "first_dealer": int, "started_at": str, "place": str, "note": str,
         "finished": int, "finished_at": str, "version": int},
        pk="id",
        not_null=["ruleset", "game", "family", "options", "rule_table", "started_at", "finished", "version"],
        defaults={"options": "{}", "finished": 0, "version": 0},
        foreign_keys=[("first_dealer", "players", "id")],
    )
    db.table("seats").create(
        {"evening_id": int, "position": int, "player_id": int},
        pk=("evening_id", "position"), not_null=["player_id"],
        foreign_keys=[("evening_id", "evenings", "id"), ("player_id", "players", "id")],
    )
    db.table("seats").create_index(["evening_id", "player_id"], unique=True)
    db.table("seats").create_index(["player_id"])
    db.table("hands").create(
        {"id": int, "evening_id": int, "number": int, "data": str},
        pk="id", not_null=["evening_id", "number", "data"],
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db.table("hands").create_index(["evening_id", "number"], unique=True)
    db.table("changes").create(
        {"id": int, "evening_id": int, "version": int, "at": str, "action": str,
         "number": int, "old": str, "new": str, "undoes": int, "device": str},
        pk="id", not_null=["evening_id", "version", "at", "action"],
        foreign_keys=[("evening_id", "evenings", "id"), ("undoes", "changes", "id")],
    )
    db.table("changes").create_index(["evening_id", "version"], unique=True)
    for event in ("UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER changes_append_only_{event.lower()} BEFORE {event} ON changes "
            "BEGIN SELECT RAISE(ABORT, 'the change log is append-only'); END"
        )
    create_drafts(db)
    migrate_v3_to_v4(db)
    migrate_v4_to_v5(db)
    migrate_v5_to_v6(db)
    migrate_v7_to_v8(db)
    migrate_v8_to_v9(db)
    migrate_v9_to_v10(db)
    migrate_v10_to_v11(db)
    migrate_v11_to_v12(db)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def create_drafts(db: Database) -> None:
    """The tables new in schema 3: drafts of the hand being entered, and each evening's PIN."""
    if "drafts" not in db.table_names():
        db.table("drafts").create(
            {"evening_id": int, "data": str, "updated_at": str},
            pk="evening_id", not_null=["data", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
    if "house_rules" not in db.table_names():
        db.table("house_rules").create(
            {"id": int, "name": str, "name_key": str, "base": str, "options": str, "created_at": str},
            pk="id", not_null=["name", "name_key", "base", "options", "created_at"],
        )
        db.table("house_rules").create_index(["name_key"], unique=True)
    if "pins" not in db.table_names():
        db.table("pins").create(
            {"evening_id": int, "pin": str, "updated_at": str},
            pk="evening_id", not_null=["pin", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )



# --- the migrations, oldest first ------------------------------------------------------------


def migrate_v1_to_v2(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 1 -> 2, inside the caller's transaction.

    Version 1 kept the players of an evening as a JSON list of names in `evenings.players`,
    only the ruleset id (no rule table), a `finished` flag, no note, no version and no change
    log; `hands` had (evening_id, number) as its key. Version 2 gets players as rows (the first
    spelling of a name wins; `canonical_hands(evening, renames)` rewrites that evening's hands
    to it), the rule table as it is now (`evening_table(ruleset, players, first_dealer, options)`,
    given by the layer above: the store does not know session files), version 1 and a 'migrate'
    entry in the change log.
    """
    evening_table = above.evening_table
    if evening_table is None:  # the bare rule table (the app also checks the seating)
        from scorepad.tables import get_table, with_options

        def evening_table(ruleset: str, players: list[str], first_dealer: str | None, options: dict[str, Any]) -> Any:
            return with_options(get_table(ruleset), options)

    db.execute("ALTER TABLE evenings RENAME TO evenings_v1")
    db.execute("ALTER TABLE hands RENAME TO hands_v1")
    create_schema(db)
    at = now()
    for old in db.query("SELECT * FROM evenings_v1 ORDER BY id"):
        names = json.loads(old["players"])
        ids, renames = [], {}
        for name in names:
            row = find_player(db, name)
            pid = row["id"] if row else add_player(db, name)
            stored = row["name"] if row else name
            if stored != name:
                renames[name] = stored
            ids.append(pid)
        hands = [json.loads(h["data"]) for h in db.query(
            "SELECT data FROM hands_v1 WHERE evening_id = ? ORDER BY number", [old["id"]])]
        evening = {"id": old["id"], "ruleset": old["ruleset"], "players": names,
                   "first_dealer": old["first_dealer"], "options": json.loads(old["options"] or "{}"),
                   "hands": hands}
        hands = above.canonical_hands(evening, renames)
        table = evening_table(old["ruleset"], names, old["first_dealer"], evening["options"])
        dealer = ids[names.index(old["first_dealer"])] if old["first_dealer"] else None
        db.table("evenings").insert({
            "id": old["id"], "ruleset": old["ruleset"], "game": table.name, "family": table.family,
            "options": dumps(evening["options"]), "rule_table": dumps(table.model_dump(mode="json")),
            "first_dealer": dealer, "started_at": old["started_at"], "place": old["place"],
            "note": None, "finished": int(bool(old["finished"])), "finished_at": None, "version": 1,
        })
        db.table("seats").insert_all(
            {"evening_id": old["id"], "position": i, "player_id": pid} for i, pid in enumerate(ids))
        db.table("hands").insert_all(
            {"evening_id": old["id"], "number": n, "data": dumps(h)} for n, h in enumerate(hands, 1))
        db.table("changes").insert({
            "evening_id": old["id"], "version": 1, "at": at, "action": "migrate", "number": None,
            "old": dumps({"schema": 1}), "new": dumps({"schema": 2, "hands": len(hands)}), "undoes": None,
        })
    db.execute("DROP TABLE hands_v1")
    db.execute("DROP TABLE evenings_v1")


def migrate_v2_to_v3(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 2 -> 3: drafts of the hand being entered, and a PIN for every evening."""
    create_drafts(db)
    for row in db.query("SELECT id FROM evenings WHERE id NOT IN (SELECT evening_id FROM pins)"):
        db.table("pins").insert({"evening_id": row["id"], "pin": new_pin(), "updated_at": now()})



def migrate_v3_to_v4(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 3 -> 4: drafts belong to a phone (key evening + device), and the change log
    names the phone that made each change. A draft from before keeps the empty device: the
    first phone that opens the form takes it over (see Store.draft)."""
    if "device" not in db.table("changes").columns_dict:
        db.execute("ALTER TABLE changes ADD COLUMN device TEXT")
    if "device" in db.table("drafts").columns_dict:
        return
    db.execute("ALTER TABLE drafts RENAME TO drafts_v3")
    db.table("drafts").create(
        {"evening_id": int, "device": str, "data": str, "updated_at": str},
        pk=("evening_id", "device"), not_null=["device", "data", "updated_at"],
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db.execute("INSERT INTO drafts (evening_id, device, data, updated_at) "
               "SELECT evening_id, '', data, updated_at FROM drafts_v3")
    db.execute("DROP TABLE drafts_v3")



def migrate_v4_to_v5(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 4 -> 5: a checkpoint of each evening's state after its last hand. It starts
    empty: each evening is replayed once, at its next hand change, which writes its first."""
    if "checkpoints" not in db.table_names():
        db.table("checkpoints").create(
            {"evening_id": int, "version": int, "hands": int, "seal": str, "state": str, "updated_at": str},
            pk="evening_id", not_null=["version", "hands", "seal", "state", "updated_at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
    # any write to an evening's hands (scorepad's own, or anything else writing the file) drops
    # its checkpoint: scorepad writes the new one after the hands, in the same transaction
    for event, ids in (("INSERT", "NEW.evening_id"), ("UPDATE", "OLD.evening_id, NEW.evening_id"),
                       ("DELETE", "OLD.evening_id")):
        db.execute(f"CREATE TRIGGER IF NOT EXISTS hands_{event.lower()}_drops_checkpoint AFTER {event} ON hands "
                   f"BEGIN DELETE FROM checkpoints WHERE evening_id IN ({ids}); END")



def migrate_v5_to_v6(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 5 -> 6: the wrong PINs typed per evening (none yet: every evening starts with
    its full allowance), and which phone set each evening's PIN (none for the PINs before: only
    the PIN itself gives their pen)."""
    if "device" not in db.table("pins").columns_dict:
        db.execute("ALTER TABLE pins ADD COLUMN device TEXT")
    if "pin_tries" not in db.table_names():
        db.table("pin_tries").create(
            {"evening_id": int, "tokens": float, "at": float, "wrong": int, "last_wrong": float},
            pk="evening_id", not_null=["tokens", "at", "wrong"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )


def migrate_v6_to_v7(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 6 -> 7: every evening's stored rule table says what it meant. A key scorepad
    gained after the table was stored is written with the value the evening was scored by
    (`stored_table(raw)`, given by the layer above: e.g. a Saukopf table from before
    `chosen_trump` takes the trump as a note, "free"), never with the new key's default. The
    table reads the same as it did before (the reader upgrades a stored table alike), so the
    evening's hands, version and change log stay; its checkpoint is sealed over the stored
    table and is written again at the next change."""
    stored_table = above.stored_table
    if stored_table is None:
        return
    for row in db.query("SELECT id, rule_table FROM evenings ORDER BY id"):
        try:
            raw = json.loads(row["rule_table"])
        except (TypeError, ValueError, RecursionError):
            continue  # a damaged table stays as it is: `scorepad check` names it
        if not isinstance(raw, dict):
            continue
        upgraded = stored_table(raw)
        if upgraded != raw:
            db.execute("UPDATE evenings SET rule_table = ? WHERE id = ?", [dumps(upgraded), row["id"]])


def migrate_v7_to_v8(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 7 -> 8: tournaments, their players, rounds and tables (none yet). Nothing stored
    before changes: an evening that is no tournament's table is what it was."""
    names = set(db.table_names())
    if "tournaments" not in names:
        db.table("tournaments").create(
            {"id": int, "name": str, "ruleset": str, "options": str, "rounds": int, "games": int, "seed": str,
             "created_at": str, "finished": int, "finished_at": str},
            pk="id", not_null=["name", "ruleset", "options", "rounds", "games", "seed", "created_at", "finished"],
            defaults={"options": "{}", "finished": 0},
        )
    if "tournament_players" not in names:
        db.table("tournament_players").create(
            {"tournament_id": int, "player_id": int, "number": int, "entered": int, "from_round": int,
             "until_round": int},
            pk=("tournament_id", "player_id"), not_null=["entered", "from_round"],
            foreign_keys=[("tournament_id", "tournaments", "id"), ("player_id", "players", "id")],
        )
        db.table("tournament_players").create_index(["player_id"])
    if "tournament_rounds" not in names:
        db.table("tournament_rounds").create(
            {"tournament_id": int, "round": int, "drawn_at": str, "repeat_meetings": int, "closed_at": str},
            pk=("tournament_id", "round"), not_null=["drawn_at", "repeat_meetings"],
            foreign_keys=[("tournament_id", "tournaments", "id")],
        )
    if "tournament_tables" not in names:
        db.table("tournament_tables").create(
            {"tournament_id": int, "round": int, "number": int, "evening_id": int},
            pk=("tournament_id", "round", "number"), not_null=["evening_id"],
            foreign_keys=[("tournament_id", "tournaments", "id"), ("evening_id", "evenings", "id")],
        )
        db.table("tournament_tables").create_index(["evening_id"], unique=True)


def migrate_v8_to_v9(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 8 -> 9: the organiser's phones (the one-time code, its wrong tries, the phones'
    tokens as hashes; none yet). Nothing stored before changes."""
    names = set(db.table_names())
    if "organiser_codes" not in names:
        db.table("organiser_codes").create(
            {"id": int, "code_hash": str, "made_at": float, "expires_at": float, "wrong": int, "used_at": float},
            pk="id", not_null=["code_hash", "made_at", "expires_at", "wrong"], defaults={"wrong": 0},
        )
    if "organiser_tries" not in names:
        db.table("organiser_tries").create({"address": str, "tokens": float, "at": float}, pk="address",
                                           not_null=["tokens", "at"])
    if "organiser_phones" not in names:
        db.table("organiser_phones").create(
            {"id": int, "token_hash": str, "label": str, "granted_at": str, "revoked_at": str},
            pk="id", not_null=["token_hash", "label", "granted_at"],
        )
        db.table("organiser_phones").create_index(["token_hash"], unique=True)


def migrate_v9_to_v10(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 9 -> 10: the wrong PINs are those typed against the evening's current PIN, and
    each address's share of them (none yet). An evening whose count was cleared by a new PIN
    (`wrong` 0) typed none against it: its row goes, and the evening has its full allowance
    (schema 9 kept the tries of the PIN before); the others keep what is left."""
    if "pin_address_tries" not in db.table_names():
        db.table("pin_address_tries").create(
            {"evening_id": int, "address": str, "tokens": float, "at": float},
            pk=("evening_id", "address"), not_null=["tokens", "at"],
            foreign_keys=[("evening_id", "evenings", "id")],
        )
    db.execute("DELETE FROM pin_tries WHERE wrong = 0")


def migrate_v10_to_v11(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 10 -> 11: a house variant names the phone that made it. A variant stored before
    names none: it counts as the serving machine's (no phone replaces it once it is played).
    Nothing stored before changes."""
    if "made_by" not in db.table("house_rules").columns_dict:
        db.execute("ALTER TABLE house_rules ADD COLUMN made_by TEXT")


def migrate_v11_to_v12(db: Database, above: LayerAbove = ALONE) -> None:
    """Schema 11 -> 12: a tournament's games by table size and its lost-game fee. A tournament
    stored before has neither: every table plays its one count (`table_games` {}), and it takes
    no fee (`fees` []). Nothing stored before changes."""
    columns = db.table("tournaments").columns_dict
    if "table_games" not in columns:
        db.execute("ALTER TABLE tournaments ADD COLUMN table_games TEXT NOT NULL DEFAULT '{}'")
    if "fees" not in columns:
        db.execute("ALTER TABLE tournaments ADD COLUMN fees TEXT NOT NULL DEFAULT '[]'")


@dataclass(frozen=True)
class Migration:
    """One step of the upgrade: `step(db, layer_above)` makes a file of schema `version - 1`
    one of schema `version`, inside the caller's transaction."""

    version: int
    name: str
    step: Callable[[Database, LayerAbove], None] = field(repr=False)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(2, "players as rows, the rule table copied in, a version and a change log", migrate_v1_to_v2),
    Migration(3, "drafts of the hand being entered, a PIN per evening, house rules", migrate_v2_to_v3),
    Migration(4, "drafts and changes name their phone", migrate_v3_to_v4),
    Migration(5, "checkpoints of each evening's state", migrate_v4_to_v5),
    Migration(6, "wrong PINs counted, the phone that set a PIN", migrate_v5_to_v6),
    Migration(7, "stored rule tables say what they meant", migrate_v6_to_v7),
    Migration(8, "tournaments: their players, rounds and tables", migrate_v7_to_v8),
    Migration(9, "the organiser's phones: a one-time code, its tries, the phones' tokens as hashes", migrate_v8_to_v9),
    Migration(10, "wrong PINs counted against the current PIN, and per address", migrate_v9_to_v10),
    Migration(11, "house rules name the phone that made them", migrate_v10_to_v11),
    Migration(12, "tournaments: games by table size, the lost-game fee", migrate_v11_to_v12),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def pending(found: int) -> list[Migration]:
    """The steps a file of schema `found` still needs, in order."""
    return [m for m in MIGRATIONS if m.version > found]
