"""The refusals of what is kept and read: session files and players, an evening's place and
note, rule tables, the evenings in the store, and the command line's arguments."""

from __future__ import annotations

from scorepad.refusals.refusal import Refusal

FILES: dict[str, Refusal] = {
    # -- session files and players ----------------------------------------------------------------
    "duplicate_key": Refusal("is given twice (a key counts once: which one is meant?)",
                             "steht doppelt da (welcher Wert gilt?)"),
    "broken_character": Refusal("holds a broken character (a lone surrogate {char}): not real text",
                                "enthält ein kaputtes Zeichen ({char}): kein echter Text"),
    "too_many_hands": Refusal("{count} hands, more than any real evening (at most {limit})",
                              "{count} Spiele, mehr als jeder echte Abend (höchstens {limit})"),
    "name_too_long": Refusal("{name!r} is longer than {max} characters", "{name!r} ist länger als {max} Zeichen"),
    "file_not_object": Refusal("must be a JSON object with format, ruleset, players and hands",
                               "muss ein JSON-Objekt mit format, ruleset, players und hands sein"),
    "format_wrong": Refusal("must be {format} (got {got!r}): this scorepad reads format {format}",
                            "muss {format} sein (nicht {got!r}): dieses scorepad liest Format {format}"),
    "not_json": Refusal("not JSON: line {line}, column {column}: {reason}",
                        "kein JSON: Zeile {line}, Spalte {column}: {reason}"),
    "json_unreadable": Refusal("cannot be read as JSON: {reason}", "als JSON nicht lesbar: {reason}"),
    "seat_name_empty": Refusal("a name must not be empty", "Ein Name darf nicht leer sein"),
    "name_empty": Refusal("a player's name must not be empty", "Ein Spielername darf nicht leer sein"),
    "name_spaces": Refusal("{name!r} has spaces at its start or end", "{name!r} hat Leerzeichen am Anfang oder Ende"),
    "name_control": Refusal("{name!r} holds {char}: a name is one line of plain text (no line break, "
                            "no control or writing-direction character)",
                            "{name!r} enthält {char_kind} ({char}): ein Name ist eine Zeile reiner Text (kein Zeilenumbruch, "
                            "kein Steuer- oder Richtungszeichen)"),
    "name_twice": Refusal("the same name twice: {first!r} and {second!r}", "Derselbe Name zweimal: {first!r} und {second!r}"),
    "player_count": Refusal("{table} is played by {allowed:or} players (got {count})",
                            "{table} spielt man zu {allowed:oder} (jetzt {count})"),
    "dealer_not_player": Refusal("{name!r} is not one of the players", "{name!r} spielt nicht mit"),

    # -- an evening's place and note (scorepad/texts.py) ------------------------------------------
    "text_line_break": Refusal("must be one line (no line break)", "{field}: nur eine Zeile, ohne Zeilenumbruch"),
    "text_control": Refusal("holds {char}: plain text only (no tab, control character or writing-direction mark)",
                            "{field} enthält {char_kind} ({char}): nur einfacher Text (ohne Tabulator, Steuerzeichen "
                            "oder Schreibrichtungszeichen)"),
    "text_too_many_lines": Refusal("has {lines} lines, at most {max}", "{field}: höchstens {max} Zeilen (jetzt {lines})"),
    "text_too_long": Refusal("is {length} characters long, at most {max}",
                             "{field}: höchstens {max} Zeichen (jetzt {length})"),
    # a notice, not a refusal: a session file of an earlier release (which took any text) is read
    "text_fitted": Refusal("made to fit (at most {max} characters on {max_lines} line(s), no control characters); "
                           "kept as {shown!r}",
                           "{field} angepasst (höchstens {max} Zeichen auf {max_lines} Zeile(n), ohne Steuerzeichen): "
                           "{shown!r}"),

    # -- rule tables ------------------------------------------------------------------------------
    "no_such_file": Refusal("no such file", "Datei nicht gefunden"),
    "toml_invalid": Refusal("not valid TOML: {reason}", "kein gültiges TOML: {reason}"),
    "toml_not_utf8": Refusal("not UTF-8 text: {reason} at byte {byte}", "kein UTF-8-Text: {reason} bei Byte {byte}"),
    "cannot_read": Refusal("cannot read: {reason}", "nicht lesbar: {reason}"),
    "extends_not_id": Refusal("must be the id of another table", "muss die id einer anderen Tabelle sein"),
    "extends_circle": Refusal("tables extend each other in a circle ({chain})", "Tabellen erweitern sich im Kreis ({chain})"),
    "extends_unknown": Refusal("no table with the id {id!r}", "Keine Tabelle mit der id {id!r}"),
    # {families}: the registered games (scorepad.games.FAMILIES)
    "family_missing": Refusal("is missing: one of {families} (or `extends` naming a table)",
                              "fehlt: {families:oder,} (oder `extends` mit einer Tabelle)"),
    "family_unknown": Refusal("must be one of {families}", "muss {families:oder,} sein"),
    "chain_key_twice": Refusal("{key!r} appears twice", "{key!r} kommt doppelt vor"),
    "chain_alternates": Refusal("must be {want!r}: the chain alternates, starting with the opponents",
                                "muss {want!r} sein: abwechselnd, zuerst die Gegenspieler"),
    "seat_missing": Refusal("is missing: the table allows {players} players",
                            "fehlt: die Tabelle erlaubt {players} Spieler"),
    "sitting_out_not_played": Refusal("{game} is played by everyone at the table: nobody sits out a hand",
                                      "{game} spielen alle am Tisch mit: niemand setzt ein Spiel aus"),
    "sitting_out_how_many": Refusal("with {count} at the table and {in_play} in a hand, {out} sit out",
                                    "bei {count} am Tisch und {in_play} im Spiel setzen {out} aus"),
    "sitting_out_seat": Refusal("each seat once, counted from the dealer: 0..{last} with {count} at the table",
                                "jeder Platz einmal, vom Geber aus gezählt: 0 bis {last} bei {count} am Tisch"),
    "sitting_out_missing": Refusal("{count} players are allowed, but who of them sits out is not said "
                                   "({in_play} play a hand)",
                                   "{count} Spieler sind erlaubt, aber nicht, wer von ihnen aussetzt "
                                   "({in_play} spielen ein Spiel)"),
    "players_below_in_play": Refusal("{count} players are fewer than the {in_play} of a hand",
                                     "{count} Spieler sind weniger als die {in_play} eines Spiels"),
    "hand_players": Refusal("{game} is played by {plays:or} in a hand, {count} at the table would all play "
                            "(sitting_out says who sits out)",
                            "{game} spielen {plays:oder} ein Spiel; bei {count} am Tisch würden alle mitspielen "
                            "(sitting_out sagt, wer aussetzt)"),
    "tally_required": Refusal("must include {tally!r}: the {family} family keeps it",
                              "muss {tally!r} enthalten: die Familie {family} führt sie"),
    "tally_unknown": Refusal("{tally!r} is not one of the table's tallies", "{tally!r} wird an dieser Tabelle nicht geführt"),
    "ruleset_unknown": Refusal("unknown ruleset {ruleset!r} (known: {known})", "Unbekannter Regelsatz {ruleset!r} (bekannt: {known})"),
    "variant_id": Refusal("must be the session's ruleset {ruleset!r} (got {got!r})",
                          "muss der Regelsatz des Abends sein, {ruleset!r} (nicht {got!r})"),
    "variant_builtin": Refusal("{ruleset!r} is a built-in table, not a house variant",
                               "{ruleset!r} ist eine eingebaute Tabelle, keine Hausregel"),
    "options_not_object": Refusal("must be an object of table values to override",
                                  "muss ein Objekt mit zu ändernden Tabellenwerten sein"),
    "option_fixed": Refusal("cannot be overridden by a session", "lässt sich für einen Abend nicht ändern"),
    "house_name_missing": Refusal("a house variant needs a name", "Die Hausregel braucht einen Namen"),
    "house_extends": Refusal("a house variant names the built-in table it changes ({known})",
                             "Eine Hausregel nennt die eingebaute Tabelle, die sie ändert ({known})"),
    "house_not_changes": Refusal("cannot be kept as changes to its built-in table",
                                 "lässt sich nicht als Änderung der eingebauten Tabelle speichern"),
    "house_id_form": Refusal("a house variant's id is small letters, digits and dashes (got {id!r}): "
                             "write id = \"{write}\", or leave the id out (it is then {own!r})",
                             "Die Kennung einer Hausregel besteht aus Kleinbuchstaben, Ziffern und Bindestrichen "
                             "(nicht {id!r}): id = \"{write}\" schreiben oder weglassen (dann {own!r})"),
    "house_id_builtin": Refusal("{id!r} is the built-in table {other!r}: write another id, or leave the id out "
                                "(it is then {own!r})",
                                "{id!r} ist die eingebaute Tabelle {other!r}: eine andere Kennung schreiben "
                                "oder weglassen (dann {own!r})"),
    "house_id_taken_id": Refusal("its id {id!r} is already that of {other!r}: write another id, or leave the id "
                                 "out (it is then {own!r})",
                                 "Die Kennung {id!r} hat schon {other!r}: eine andere schreiben oder weglassen "
                                 "(dann {own!r})"),
    "house_id_taken": Refusal("its id {id!r} is already that of {other!r}; choose another name",
                              "Ihre Kennung {id!r} hat schon {other!r}; bitte einen anderen Namen wählen"),
    "no_house_variant": Refusal("no house variant named {name!r}", "Keine Hausregel namens {name!r}"),
    "no_rule_table": Refusal("no rule table {ruleset!r} (known: {known})", "Keine Regeltabelle {ruleset!r} (bekannt: {known})"),

    # -- evenings, players, the store -------------------------------------------------------------
    "stale_version": Refusal("evening {evening}: Inzwischen wurde ein Spiel eingetragen oder geändert "
                             "(version {found}, you had {expected}); reload and try again",
                             "Abend {evening}: Inzwischen wurde ein Spiel eingetragen oder geändert "
                             "(Stand {found}, hier noch {expected}); bitte neu laden und nochmal"),
    "evening_already_finished": Refusal("evening {evening} is already finished", "Abend {evening} ist schon abgeschlossen"),
    "evening_not_finished": Refusal("evening {evening} is not finished", "Abend {evening} ist noch nicht abgeschlossen"),
    "evening_finished": Refusal("evening {evening} is finished; reopen it to change its hands",
                                "Abend {evening} ist abgeschlossen; zum Ändern erst wieder öffnen"),
    "nothing_to_undo": Refusal("evening {evening}: nothing to undo", "Abend {evening}: nichts mehr rückgängig zu machen"),
    "nothing_to_redo": Refusal("evening {evening}: nothing to redo", "Abend {evening}: nichts zum Wiederholen"),
    "not_your_change_undo": Refusal(
        "evening {evening}: cannot undo: the last change (hand {number}) was made on another phone; "
        "a phone can only undo its own last change",
        "Abend {evening}: Spiel {number} hat zuletzt ein anderes Handy eingetragen oder geändert; "
        "Rückgängig nimmt nur die eigene letzte Änderung zurück"),
    "not_your_change_redo": Refusal(
        "evening {evening}: cannot redo: hand {number} was undone on another phone; "
        "only that phone can redo it",
        "Abend {evening}: Spiel {number} hat ein anderes Handy zurückgenommen; nur dort geht Wiederherstellen"),
    "no_hand_number": Refusal("evening {evening}: no hand {number!r} (hand numbers are whole numbers from 1)",
                              "Abend {evening}: kein Spiel {number!r} (Spiele zählen ab 1)"),
    "no_evening": Refusal("evening {evening}: no such evening", "Abend {evening} gibt es nicht"),
    "no_hand": Refusal("evening {evening}: no hand {number} (it has {count})", "Abend {evening}: kein Spiel {number} (es gibt {count})"),
    "log_hands_mismatch": Refusal("evening {evening}: the change log does not match its hands (hand {number} of {count})",
                                  "Abend {evening}: die Änderungsliste passt nicht zu den Spielen (Spiel {number} von {count})"),
    "log_undo_mismatch": Refusal("evening {evening}: the change log does not match its undo history (change {change})",
                                 "Abend {evening}: die Änderungsliste passt nicht zum Rückgängig-Verlauf (Änderung {change})"),
    "written_meanwhile": Refusal("evening {evening}: changed by another writer during this change; try again",
                                 "Abend {evening}: gleichzeitig woanders geändert; bitte nochmal"),
    "no_player_named": Refusal("no player named {name!r}", "Kein Spieler namens {name!r}"),
    "player_exists": Refusal("there is already a player named {name!r}", "Es gibt schon einen Spieler namens {name!r}"),
    "rename_changes_score": Refusal("cannot rename {pairs}: the name is used in the hands for something else "
                                    "than the player, so the evening would score differently",
                                    "Umbenennen geht nicht ({pairs}): der Name steht in den Spielen auch für etwas "
                                    "anderes, der Abend käme anders heraus"),
    "rename_no_replay": Refusal("cannot rename {name!r}: evening {evening} does not replay ({reason})",
                                "{name!r} umbenennen geht nicht: Abend {evening} lässt sich nicht nachrechnen ({reason})"),
    "pin_format": Refusal("a PIN is exactly four digits", "Eine PIN hat genau vier Ziffern"),
    "pin_wait": Refusal("evening {evening}: too many wrong PINs: the next try in {minutes} min",
                        "Abend {evening}: zu viele falsche PINs, nächster Versuch in {minutes} min"),
    "no_pen": Refusal("evening {evening}: this phone does not keep score: enter the evening's PIN first "
                      "(a new PIN takes the pen from every other phone)",
                      "Abend {evening}: nicht gespeichert, zum Eintragen braucht dieses Handy die PIN des Abends "
                      "(eine neue PIN nimmt sie allen anderen Handys); nach der PIN geht es weiter"),
    "pin_only_here": Refusal("evening {evening}: the PIN is shown and drawn anew only to the pen's holder and on "
                             "the machine that serves scorepad",
                             "Abend {evening}: die PIN zeigt und würfelt nur das Handy, das schreibt, oder der "
                             "Rechner, auf dem scorepad läuft"),
    "pin_reset_here": Refusal("evening {evening}: a new random PIN is drawn only on the machine that serves "
                              "scorepad, on the command line and, at a tournament's table, by its organiser (the "
                              "phone that keeps score sets a PIN of its own)",
                              "Abend {evening}: eine neue PIN würfelt nur der Rechner, auf dem scorepad läuft, "
                              "und am Turniertisch der Veranstalter (das Handy, das schreibt, legt selbst eine fest)"),
    "house_variant_played": Refusal("house rules {name!r} are played (by a tournament or an evening): only the phone "
                                    "that made them, or the machine that serves scorepad, may change them; save "
                                    "yours under a new name",
                                    "Die Hausregeln {name!r} werden schon gespielt (Turnier oder Abend): ändern nur "
                                    "das Handy, das sie angelegt hat, oder der Rechner, auf dem scorepad läuft. "
                                    "Bitte unter einem neuen Namen speichern."),
    "rename_needs_pen": Refusal("cannot rename {name!r} from this phone: evening {evening} is not this phone's "
                                "to change (rename on the machine that serves scorepad)",
                                "{name!r} umbenennen geht nur mit der PIN von Abend {evening} oder am Rechner, "
                                "auf dem scorepad läuft"),
    "export_format_unknown": Refusal("unknown export format {format!r} (known: {known})",
                                     "Unbekanntes Exportformat {format!r} (bekannt: {known})"),
    "export_table_changed": Refusal("evening {evening}: the built-in table {ruleset!r} has changed since the "
                                    "evening was started in a way a session file (format 1) cannot carry",
                                    "Abend {evening}: die eingebaute Tabelle {ruleset!r} hat sich seit Beginn "
                                    "des Abends so geändert, dass eine Sitzungsdatei (Format 1) das nicht abbildet"),
    "not_a_date": Refusal("{value!r} is not a date (give 2026-11-29 or 2026-11-29T19:30:00+01:00)",
                          "{value!r} ist kein Datum (z. B. 2026-11-29 oder 2026-11-29T19:30:00+01:00)"),
    "png_needs_file": Refusal("export: png is a picture: give -o FILE or redirect the output",
                              "Export: PNG ist ein Bild: mit -o DATEI speichern oder die Ausgabe umleiten"),
    "not_a_day": Refusal("since: {value!r} is not a day (give 2026-11-29 or 29.11.2026)",
                         "seit: {value!r} ist kein Tag (z. B. 29.11.2026 oder 2026-11-29)"),
    "store_busy": Refusal("{path}: busy: another scorepad kept it locked for {seconds:g} s; nothing was stored, try again",
                          "{path}: belegt: ein anderes scorepad hielt die Datei {seconds:g} s gesperrt; "
                          "nichts gespeichert, bitte nochmal"),
    "store_failed": Refusal("{path}: {reason}", "{path}: Fehler der Datenbank: {reason}"),
    "store_cannot_open": Refusal("{path}: cannot open: {reason}", "{path}: lässt sich nicht öffnen: {reason}"),
    "store_too_new": Refusal("{path}: schema version {found} is newer than this scorepad understands "
                             "({supported}); update scorepad to open it (the file was not changed)",
                             "{path}: Schema-Version {found} ist neuer als dieses scorepad ({supported}); "
                             "bitte scorepad aktualisieren (die Datei blieb unverändert)"),
    "store_disk_full": Refusal("{path}: the disk is full: nothing was stored, and the file is fine "
                               "(free some space and try again; show, export, evenings and stats still work)",
                               "{path}: Speicher voll: nichts gespeichert, die Datei ist in Ordnung "
                               "(Platz schaffen und nochmal; anschauen geht weiter)"),
    "store_read_only": Refusal("{path}: no permission to write ({reason}): nothing was stored, and the file is "
                               "fine (show, export, evenings and stats still work)",
                               "{path}: keine Schreibrechte ({reason}): nichts gespeichert, die Datei ist in "
                               "Ordnung (anschauen geht weiter)"),
    "store_io_error": Refusal("{path}: the disk could not be read or written ({reason}): nothing was stored, "
                              "and the file itself is likely fine; check the disk and try again",
                              "{path}: Fehler beim Lesen oder Schreiben des Speichers ({reason}): nichts "
                              "gespeichert, die Datei ist wohl in Ordnung; Speicher prüfen und nochmal"),
    "hand_damaged": Refusal("evening {evening}: hand {number} is damaged in the file ({reason}); "
                            "`scorepad check --repair` moves it aside",
                            "Abend {evening}: Spiel {number} ist in der Datei beschädigt ({reason}); "
                            "`scorepad check --repair` legt es beiseite"),
    "hands_gap": Refusal("evening {evening}: hand {number} is missing from the file (after hand {before} "
                         "comes hand {after}); `scorepad check --repair` numbers the hands again",
                         "Abend {evening}: Spiel {number} fehlt in der Datei (nach Spiel {before} kommt "
                         "Spiel {after}); `scorepad check --repair` zählt die Spiele neu"),
    "hand_unscorable": Refusal("evening {evening}: hand {number} no longer scores ({key}: {reason}); "
                               "`scorepad check --repair` moves it aside",
                               "Abend {evening}: Spiel {number} lässt sich nicht mehr werten ({key}: {reason}); "
                               "`scorepad check --repair` legt es beiseite"),
    "rule_table_damaged": Refusal("evening {evening}: its stored rule table is damaged ({reason}); "
                                  "`scorepad check --repair` rebuilds it from the ruleset and options",
                                  "Abend {evening}: die gespeicherte Regeltabelle ist beschädigt ({reason}); "
                                  "`scorepad check --repair` baut sie neu"),
    "options_damaged": Refusal("evening {evening}: its stored options are damaged ({reason}); "
                               "`scorepad check --repair` rebuilds them from the rule table",
                               "Abend {evening}: die gespeicherten Tabellenwerte sind beschädigt ({reason}); "
                               "`scorepad check --repair` baut sie neu"),
    "change_damaged": Refusal("evening {evening}: change {change} of the change log is damaged ({reason}); "
                              "`scorepad check --repair` closes the undo history before it",
                              "Abend {evening}: Änderung {change} der Änderungsliste ist beschädigt ({reason}); "
                              "`scorepad check --repair` schließt den Rückgängig-Verlauf davor ab"),
    "store_not_scorepad": Refusal("{path}: not a scorepad file ({reason})", "{path}: keine scorepad-Datei ({reason})"),
    "store_no_schema": Refusal("{path}: not a scorepad file (it has tables but no scorepad schema version)",
                               "{path}: keine scorepad-Datei (Tabellen da, aber keine scorepad-Schema-Version)"),
    "store_upgrade_failed": Refusal("{path}: cannot upgrade from schema version {found}: {reason} "
                                    "(the file was not changed; a copy is at {backup})",
                                    "{path}: Umstellen von Schema-Version {found} ging nicht: {reason} "
                                    "(die Datei blieb unverändert; eine Kopie liegt in {backup})"),

    # -- the command line -------------------------------------------------------------------------
    "file_cannot_read": Refusal("{file}: cannot read: {reason}", "{file}: nicht lesbar: {reason}"),
    "file_not_utf8": Refusal("{file}: not UTF-8 text (byte {byte})", "{file}: kein UTF-8-Text (Byte {byte})"),
    "file_cannot_write": Refusal("{file}: cannot write: {reason}", "{file}: nicht schreibbar: {reason}"),
    "check_needs_file": Refusal("rulesets check: name the TOML file to check", "rulesets check: welche TOML-Datei?"),
    "import_needs_file": Refusal("rulesets import: name the TOML file", "rulesets import: welche TOML-Datei?"),
    "export_needs_name": Refusal("rulesets export: name the house variant", "rulesets export: welche Hausregel?"),
    "rulesets_action_unknown": Refusal("rulesets: unknown action {action!r} "
                                       "(use: scorepad rulesets [check FILE | import FILE | export NAME])",
                                       "rulesets: unbekannte Aktion {action!r} "
                                       "(so: scorepad rulesets [check FILE | import FILE | export NAME])"),
    "cli_number": Refusal("{value!r}: not a whole number from {low} to {high}",
                          "{value!r}: keine ganze Zahl von {low} bis {high}"),
    "cli_seconds": Refusal("{value!r}: not a number of seconds from 0 to {high}",
                           "{value!r}: keine Sekundenzahl von 0 bis {high}"),
    "arg_not_utf8": Refusal("{value!r}: not UTF-8 text (byte {byte})", "{value!r}: kein UTF-8-Text (Byte {byte})"),
    "session_too_large": Refusal("{file}: {size} bytes, larger than any real evening (at most {limit} bytes); "
                                 "not read", "{file}: {size} Bytes, größer als jeder echte Abend (höchstens "
                                 "{limit}); nicht gelesen"),
    "hand_json_invalid": Refusal("HAND_JSON: not JSON: line {line}, column {column}: {reason}",
                                 "HAND_JSON: kein JSON: Zeile {line}, Spalte {column}: {reason}"),
}
