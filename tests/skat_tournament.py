"""A Skat tournament for the tests of its ranking: nine players at three tables of three, one
series, the Seeger-Fabian list worked by hand, every tie-break deciding somewhere."""

from __future__ import annotations

FIELD = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gerd", "Hanna", "Ilse"]  # 9: three tables of three
BASE = {"karo": 9, "herz": 10, "pik": 11, "kreuz": 12}  # ISkO: a suit game's base value


def game(declarer, suit, spitzen, won):
    """A suit game "mit/ohne `spitzen`", won with 70 Augen or lost with 50."""
    return {"declarer": declarer, "game": suit, "spitzen": spitzen, "augen": 70 if won else 50}


def seeger_fabian(hands, seats):
    """Each seat's points, won and lost games at a table of three, by hand: the declarer + value
    + 50 for a won game; - 2 x value - 50 for a lost one, and 40 to each other player."""
    points = {s: 0 for s in seats}
    won = {s: 0 for s in seats}
    lost = {s: 0 for s in seats}
    for hand in hands:
        value = BASE[hand["game"]] * (hand["spitzen"] + 1)
        declarer = hand["declarer"]
        if hand["augen"] >= 61:
            points[declarer] += value + 50
            won[declarer] += 1
        else:
            points[declarer] -= 2 * value + 50
            lost[declarer] += 1
            for other in seats:
                if other != declarer:
                    points[other] += 40
    return points, won, lost


def play_skat_tournament(app):
    """Nine players, one series of two games a table: at the first table its first seat wins two
    games (140); at the second its first seat wins one big game (140) and its second seat one
    (72); at the third its first seat wins one (158) and loses one (-86): 72, and each of the
    others gets 40."""
    tid = app.new_tournament("Preisskat", "skat-seeger-fabian", 1, 2, FIELD, seed="Altenburg").id
    one, two, three = app.draw_round(tid).tables
    hands = {one.evening: [game(one.seats[0], "herz", 1, True), game(one.seats[0], "herz", 1, True)],
             two.evening: [game(two.seats[0], "herz", 8, True), game(two.seats[1], "pik", 1, True)],
             three.evening: [game(three.seats[0], "kreuz", 8, True), game(three.seats[0], "karo", 1, False)]}
    points, won, lost = {}, {}, {}
    for table in (one, two, three):
        for hand in hands[table.evening]:
            app.add_hand(table.evening, hand)
        for mine, table_figures in zip((points, won, lost), seeger_fabian(hands[table.evening], table.seats)):
            mine.update(table_figures)
    return tid, points, won, lost
