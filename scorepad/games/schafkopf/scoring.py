"""Schafkopf: money per hand. Grundwert, Schneider, Schwarz, Laufende, Kontra/Re; zero-sum.

A contract is won by the player party's Augen (`won_by` "augen"), or by the tricks: "no_trick"
(Bettel: the player takes none), "all_tricks" (a Tout declared as a game). A game won by the
tricks is entered won or lost and is worth its tariff + Laufende (no Schneider, no Schwarz).
Laufende count for both parties, or (`laufende.counted_for` "player") only "mit".

A Preisschafkopf list (docs/rulesets.md) writes `punkte` instead of `geld`, may write only
plus points (`writes` "winners": each winner the value, the losers nothing), a Grundwert per
suit (`suit_tariffs`), a game's own thresholds, and refuses a passed hand (`muss`).

The extras a table may switch on (all off in the built-in table):
- Tout (`tout`): a solo kind announced to take every trick. It is won only when the player
  party took every trick (`all_tricks` "player" or result `won_schwarz`), else lost. Won or
  lost, it is worth (Grundwert + Laufende) times `tout.factor` (`tout.value` "grundwert"), or
  ("schwarz") what the game won Schwarz is worth (Grundwert + Schneider + Schwarz + Laufende)
  times `tout.factor`, before the Kontra chain.
- Klopfen / Legen (`klopfen`): `klopfer` players knocked before the game; each knock multiplies
  the hand (a Sie too) by `klopfen.factor`.
- Stock (`stock`): when everyone passed, each player pays `stock.stake` into a pot the table
  holds. The next won Sauspiel (with `sauspiel_wins_pot` off: the next won game of any kind)
  takes the whole pot, shared by the player party; such a game lost doubles it when
  `lost_doubles_pot` is on: the player party pays the pot's amount in. An uneven share puts
  the odd cents on the party's first members in seating order. Pot moves are not multiplied
  by Kontra, Klopfen or Bock. Each hand's `geld` deltas are what each player paid or got; a
  hand's deltas plus its `info["stock"]` (the pot's change) sum to zero, and the standings
  plus `state["stock"]` (the pot) too. A pot left when the evening ends goes back to who paid
  it in (`state["stock_paid"]`), so the evening's balances (`money`) sum to zero.
- Bockrunden (`bock`): each trigger a hand meets (`bock.triggers`, vocabulary in
  scorepad/games/schafkopf/rules.py BockTrigger) starts a Bock round after that hand: the next as many hands
  as there are players (passed hands count: a round is one deal each) are multiplied by
  `bock.factor`. Rounds stack at the same time: two pending rounds multiply a hand twice.
  `state["bock"]` lists the hands left in each pending round. The trigger "passed": a hand
  everyone passed. The engine replays from the
  hands, so deleting a triggering hand removes the rounds it started.
- Ramsch (`ramsch`): when everyone passed, the hand may be played as a Ramsch (`game`
  "ramsch", not a contract of the table): `augen` is then each player's Augen ({player: n},
  every player, summing to the deck's 120). The one with most Augen loses and pays each other
  player `ramsch.value`; a tie at the top needs `loser` (one of the tied: the table's own tie
  rule decides). Each Jungfrau (`jungfrauen`: players who took no trick, with 0 Augen)
  multiplies the value by `ramsch.jungfrau_factor` (`jungfrau_doubles` "all"), or only what
  the loser pays her ("own"). A Durchmarsch (`durchmarsch`: one player took every trick;
  `augen` may be left out) gets from each other player, after `ramsch.durchmarsch_value`:
  Grundwert + Schneider + Schwarz of the `ramsch.durchmarsch_as` contract ("schwarz"), its
  Grundwert ("tariff"), or the Ramsch's `value` ("ramsch"). Klopfen and Bock multiply a Ramsch like any hand; a Durchmarsch meets the Bock
  trigger `schwarz`. The Kontra chain is refused; the Stock's pot does not move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from scorepad.errors import HandError
from scorepad.games.augen import OPPONENTS, PLAYER, check_all_tricks, check_augen
from scorepad.games.base import Game, HandResult, Replay, contract_of, known_party, parse_hand
from scorepad.games.kontra import chain_said, check_chain
from scorepad.games.schafkopf.facts import augen_outcome, laufende_points, result_outcome
from scorepad.games.schafkopf.hand import RAMSCH, SchafkopfHand
from scorepad.refusals import Names

if TYPE_CHECKING:
    from scorepad.games.schafkopf.rules import SchafkopfContract, SchafkopfTable
    from scorepad.tables import RuleTable



class Schafkopf(Game):
    hand_model = SchafkopfHand
    table: SchafkopfTable  # the family's own table model
    kept = ("pot", "pot_paid", "bock_rounds")

    def __init__(self, table: SchafkopfTable, players: list[str], first_dealer: str | None = None) -> None:
        super().__init__(table, players, first_dealer)
        self.pot = 0  # the Stock: cents the table holds
        self.pot_paid = dict.fromkeys(self.seated, 0)  # who paid the pot in
        self.bock_rounds: list[int] = []  # hands left in each pending Bock round
        self.facts = table.facts
        self.tally = table.tally  # geld (cents), or punkte at a Preisschafkopf list

    def state(self) -> dict[str, Any]:
        state = super().state()
        if self.table.bock.enabled:
            state["bock"] = list(self.bock_rounds)
            state["bock_factor"] = self._bock_factor()
        if self.table.stock.enabled:
            state["stock"] = self.pot
            state["stock_paid"] = dict(self.pot_paid)
        return state

    @staticmethod
    def money(table: RuleTable, result: Replay, settle_open: bool = False) -> dict[str, int]:
        """The `geld` tally, and a Stock pot left at the end back to who paid it in; none at
        a table that writes points."""
        if getattr(table, "tally", "geld") != "geld":
            return dict.fromkeys(result.standings, 0)
        paid = result.state.get("stock_paid") or {}
        return {p: row.get("geld", 0) + paid.get(p, 0) for p, row in result.standings.items()}

    def play(self, number: int, raw: Any) -> HandResult:
        try:  # an entered object: parse_hand's validation without its call (replay speed)
            hand = _validate(raw) if type(raw) is dict else parse_hand(SchafkopfHand, raw, number)
        except ValidationError:
            hand = parse_hand(SchafkopfHand, raw, number)  # refuses it naming the key
        t = self.table
        facts = self.facts
        # (the calls below that do nothing for a plain hand are skipped inline, and what the
        # table says is looked up in `facts`, the checks run only where a lookup misses: replay speed)
        said = chain_said(number, hand, t, facts.chain_keys) if hand.__pydantic_extra__ else {}
        seats = self.seats
        dealer = seats.players[seats.dealer_index]
        if hand.passed:
            others = [k for k, v in hand.model_dump(exclude={"passed"}).items() if v is not None] + list(said)
            if others:
                raise HandError(number, others[0], "passed_alone")
            if t.muss.enabled:
                raise HandError(number, "passed", "muss_no_passing", game=t.contracts[t.muss.game].name)
            info: dict[str, Any] = {"passed": True}
            if t.stock.enabled:
                stake = t.stock.stake
                for p in self.players:
                    self.pot_paid[p] += stake
                self.pot += stake * len(self.players)
                info["stock"] = stake * len(self.players)
                deltas = self.book(self.tally, dict.fromkeys(self.players, -stake))
            else:
                deltas = self.zero_deltas()
            self._advance_bock(["passed"])
            self.seats.pass_deal()
            return HandResult(number, dealer, deltas, info)

        game_id = hand.game
        if game_id == RAMSCH and facts.ramsch_is_no_contract:
            return self._ramsch(number, hand, said, dealer)
        if hand.jungfrauen is not None or hand.durchmarsch is not None or hand.loser is not None:
            for key in ("jungfrauen", "durchmarsch", "loser"):
                if getattr(hand, key) is not None:
                    raise HandError(number, key, "ramsch_only_key")
        augen = hand.augen
        if isinstance(augen, dict):
            raise HandError(number, "augen", "augen_not_number")
        contract = facts.playable.get(game_id)  # type: ignore[arg-type]
        if contract is None or game_id is None:
            game_id, contract = contract_of(number, t, game_id)
        knocks = 1 if hand.klopfer is None else self._knocks(number, hand)
        bock = 1
        if facts.bock:
            bock = self._bock_factor()
            knocks *= bock
        partner = hand.partner
        known = known_party(seats.in_play, hand.player, partner, contract.kind == "partner")
        if known is None:
            known = self.player_party(
                number, hand.player, partner, contract.kind == "partner",
                needs_partner="partner_missing_is" if contract.partner_is else "partner_missing",
                no_partner="no_partner", game=contract.name, partner_is=contract.partner_is)
        player, party, opponents = known
        tout = bool(hand.tout)
        if tout:
            if not t.tout.enabled:
                raise HandError(number, "tout", "no_tout", table=t.name)
            if contract.kind != "solo":
                raise HandError(number, "tout", "tout_solo_only", game=contract.name)
            if contract.won_by != "augen":
                raise HandError(number, "tout", "tout_augen_only", game=contract.name)

        if contract.kind == "sie":
            for key in ("augen", "result", "all_tricks", "laufende"):
                if getattr(hand, key) is not None:
                    raise HandError(number, key, "sie_alone")
            check_chain(number, t, said, party, opponents, self.players, allowed=False, game_name=contract.name)
            sie: dict[str, Any] = {"game": game_id, "player": player, "won": True}
            if facts.bock:  # the Bock factor the hand was played at (what made its points, in words)
                sie["bock"] = bock
            return self._pay(number, dealer, party, opponents, self._sie_value(contract) * knocks, True, sie, contract,
                             ["sie"])

        if contract.won_by == "augen":
            result = hand.result
            outcome = None
            if hand.all_tricks is None and (augen is None) != (result is None):
                outcomes = facts.outcomes if contract.thresholds is None else facts.own_outcomes[game_id]
                outcome = outcomes.get(result if augen is None else augen)
            won, schneider, schwarz = outcome if outcome is not None else self._outcome(number, hand, contract)
        else:  # Bettel (no trick), Tout (every trick): won or lost, no Schneider, no Schwarz
            won, schneider, schwarz = self._tricks_outcome(number, hand, contract), False, False
        if tout:  # announced: won only with every trick
            won = won and schwarz
        if said:
            factor, sayers = check_chain(number, t, said, party, opponents, self.players)
        else:  # what check_chain gives for a hand without the chain
            factor, sayers = 1, [None] * facts.chain_length
        value = contract.tariff if not contract.suit_tariffs else self._suit_tariff(number, hand, contract)
        if tout:  # won or lost: (Grundwert + Laufende) x factor, or ("schwarz") the game won Schwarz x factor
            value += t.tout.bonus
            if t.tout.value == "schwarz":
                value += contract.schneider + contract.schwarz
        else:
            value += (contract.schneider if schneider else 0) + (contract.schwarz if schwarz else 0)
        laufende = facts.laufende[game_id].get(hand.laufende)
        value += laufende if laufende is not None else self._laufende_value(number, hand, contract)
        if tout:
            value *= t.tout.factor
        played: dict[str, Any] = {"game": game_id, "player": player, "partner": partner, "won": won,
                                  "schneider": schneider, "schwarz": schwarz, "kontra": sayers, "tout": tout}
        triggers: list[str] = []
        if facts.bock:  # what starts a Bock round (nothing does at a table without)
            played["bock"] = bock  # the Bock factor the hand was played at
            if len(sayers) > 0 and sayers[0] is not None and won:
                triggers.append("kontra_lost")
            if len(sayers) > 1 and sayers[1] is not None and not won:
                triggers.append("re_lost")
            if augen is not None and 2 * augen == t.deck.total:
                triggers.append("60_60")
            if schwarz or (won and contract.won_by == "all_tricks"):
                triggers.append("schwarz")
        return self._pay(number, dealer, party, opponents, value * factor * knocks, won, played, contract, triggers)

    def _laufende_value(self, number: int, hand: SchafkopfHand, contract: SchafkopfContract) -> int:
        """What the hand's Laufende add (before doubling), or HandError for a count the game
        cannot have (`laufende_points`)."""
        t = self.table
        laufende = hand.laufende or 0
        if laufende and contract.trump_count == 0:
            raise HandError(number, "laufende", "no_laufende", game=contract.name, laufende=laufende)
        if abs(laufende) > contract.trump_count:
            raise HandError(number, "laufende", "too_many_laufende", game=contract.name,
                            trumps=contract.trump_count, laufende=laufende)
        return laufende_points(t, contract, laufende)

    def _suit_tariff(self, number: int, hand: SchafkopfHand, contract: SchafkopfContract) -> int:
        """The Grundwert of a game worth more in some suits (Herz-Solo): the hand names its suit."""
        if hand.suit is None:
            raise HandError(number, "suit", "suit_tariff_missing", game=contract.name)
        return contract.suit_tariffs.get(hand.suit, contract.tariff)

    def _sie_value(self, contract: SchafkopfContract) -> int:
        """A Sie: `tariff_factor` x the tariff of `tariff_of` (`tariff_of_value` "schwarz": that
        game won Schwarz); `with_laufende`: x (that tariff + the Sie's trumps as Laufende of that
        contract, up to its `laufende_max`)."""
        t = self.table
        base = t.contracts[contract.tariff_of or ""]
        value = base.tariff
        if contract.tariff_of_value == "schwarz":
            value += base.schneider + base.schwarz
        if contract.with_laufende and t.laufende.enabled:
            value += min(contract.trump_count, base.laufende_max or base.trump_count) * t.laufende.value
        return value * contract.tariff_factor

    def _tricks_outcome(self, number: int, hand: SchafkopfHand, contract: SchafkopfContract) -> bool:
        """Won or lost, for a contract won by the tricks (Bettel: no trick; Tout: every trick)."""
        for key in ("augen", "all_tricks"):
            if getattr(hand, key) is not None:
                raise HandError(number, key, "tricks_game_no_augen", game=contract.name)
        if hand.result is None:
            raise HandError(number, "result", "result_missing")
        if hand.result not in ("won", "lost"):
            raise HandError(number, "result", "tricks_game_won_or_lost", game=contract.name, result=hand.result)
        return hand.result == "won"

    def _ramsch(self, number: int, hand: SchafkopfHand, said: dict[str, Any], dealer: str) -> HandResult:
        """Everyone passed and the hand was played as a Ramsch: most Augen pays each other."""
        t = self.table
        if not t.ramsch.enabled:
            raise HandError(number, "game", "no_ramsch", table=t.name)
        for key in ("player", "partner", "suit", "result", "all_tricks", "laufende", "tout"):
            if getattr(hand, key) is not None:
                raise HandError(number, key, "ramsch_no_party")
        check_chain(number, t, said, set(), set(self.players), self.players, allowed=False, game_name="Ramsch")
        bock = self._bock_factor()
        knocks = self._knocks(number, hand) * bock
        players = self.players
        durch = hand.durchmarsch
        if durch is not None:
            self.check_player(number, "durchmarsch", durch)
            if hand.jungfrauen is not None:
                raise HandError(number, "jungfrauen", "durchmarsch_no_jungfrauen", player=durch)
            if hand.loser is not None:
                raise HandError(number, "loser", "durchmarsch_no_loser", player=durch)
        augen = self._ramsch_augen(number, hand.augen, durch)
        info: dict[str, Any] = {"game": RAMSCH, "augen": augen}
        if t.bock.enabled:
            info["bock"] = bock
        if durch is not None:
            value = self._durchmarsch_value() * knocks
            amounts = {p: -value for p in players}
            amounts[durch] = value * (len(players) - 1)
            info.update(durchmarsch=durch, value=value)
            triggers = ["schwarz"]
        else:
            top = max(augen.values())
            tied = [p for p in players if augen[p] == top]
            loser = hand.loser
            if loser is None:
                if len(tied) > 1:
                    raise HandError(number, "loser", "loser_tie_missing",
                                    tied=Names(tied), top=top)
                loser = tied[0]
            else:
                self.check_player(number, "loser", loser)
                if loser not in tied:
                    raise HandError(number, "loser", "loser_not_top",
                                    tied=", ".join(tied), top=top, loser=loser)
            jungfrauen = self._jungfrauen(number, hand.jungfrauen, augen)
            value = t.ramsch.value * knocks
            if t.ramsch.jungfrau_doubles == "all":  # each Jungfrau multiplies every share
                value *= t.ramsch.jungfrau_factor ** len(jungfrauen)
                amounts = {p: value for p in players}
            else:  # "own": only what the loser pays each Jungfrau
                amounts = {p: value * (t.ramsch.jungfrau_factor if p in jungfrauen else 1) for p in players}
            amounts[loser] = -sum(v for p, v in amounts.items() if p != loser)
            info.update(loser=loser, jungfrauen=jungfrauen, value=value)
            triggers = []
        deltas = self.book(self.tally, amounts)
        self._advance_bock(triggers)
        self.seats.pass_deal()
        return HandResult(number, dealer, deltas, info)

    def _durchmarsch_value(self) -> int:
        """What each other player pays a Durchmarsch (`ramsch.durchmarsch_value`)."""
        ramsch = self.table.ramsch
        if ramsch.durchmarsch_value == "ramsch":
            return ramsch.value
        contract = self.table.contracts[ramsch.durchmarsch_as]
        if ramsch.durchmarsch_value == "tariff":
            return contract.tariff
        return contract.tariff + contract.schneider + contract.schwarz

    def _ramsch_augen(self, number: int, augen: Any, durch: str | None) -> dict[str, int]:
        """Each player's Augen: every player, each a possible total, summing to the deck's."""
        t = self.table
        total = t.deck.total
        if augen is None:
            if durch is not None:
                return {p: total if p == durch else 0 for p in self.players}
            raise HandError(number, "augen", "ramsch_augen_missing", total=total)
        if not isinstance(augen, dict):
            raise HandError(number, "augen", "ramsch_augen_not_map", augen=augen)
        self.check_players_map(number, "augen", augen)
        for p in self.players:
            if p not in augen:
                raise HandError(number, "augen", "ramsch_player_augen_missing", player=p)
        for p in self.players:
            n = augen[p]
            if isinstance(n, bool) or not isinstance(n, int):
                raise HandError(number, "augen", "player_not_whole_number", player=p, value=n)
            if not 0 <= n <= total:
                raise HandError(number, "augen", "player_out_of_range", player=p, max=total, value=n)
            if n not in t.deck.possible_totals:
                raise HandError(number, "augen", "player_augen_impossible", player=p, augen=n)
        if sum(augen.values()) != total:
            raise HandError(number, "augen", "ramsch_augen_sum", total=total, got=sum(augen.values()))
        if durch is not None and augen[durch] != total:
            raise HandError(number, "durchmarsch", "durchmarsch_augen", player=durch, total=total,
                            augen=augen[durch])
        return {p: augen[p] for p in self.players}

    def _jungfrauen(self, number: int, names: list[str] | None, augen: dict[str, int]) -> list[str]:
        """Who took no trick: players, each once, with 0 Augen; not all but one (a Durchmarsch)."""
        if not names:
            return []
        for name in names:
            self.check_player(number, "jungfrauen", name)
            if augen[name] != 0:
                raise HandError(number, "jungfrauen", "jungfrau_augen", player=name, augen=augen[name])
        if len(set(names)) != len(names):
            raise HandError(number, "jungfrauen", "jungfrau_twice")
        if len(names) >= len(self.players) - 1:
            raise HandError(number, "jungfrauen", "jungfrauen_all")
        return [p for p in self.players if p in names]

    def _knocks(self, number: int, hand: SchafkopfHand) -> int:
        """The factor of the players who knocked (Klopfen / Legen)."""
        klopfer = hand.klopfer
        if klopfer is None:
            return 1
        n = len(self.players)
        if not 0 <= klopfer <= n:
            raise HandError(number, "klopfer", "klopfer_range", players=n, klopfer=klopfer)
        if klopfer and not self.table.klopfen.enabled:
            raise HandError(number, "klopfer", "no_klopfen", table=self.table.name)
        factor: int = self.table.klopfen.factor ** klopfer
        return factor

    def _outcome(self, number: int, hand: SchafkopfHand, contract: SchafkopfContract) -> tuple[bool, bool, bool]:
        """(won, schneider, schwarz) from the player party's Augen (by the game's thresholds)
        or from the stated result."""
        t = self.table
        if hand.augen is not None and hand.result is not None:
            raise HandError(number, "result", "augen_and_result")
        if hand.augen is None and hand.result is None:
            raise HandError(number, "result", "result_missing")
        total = t.deck.total
        if hand.result is not None:
            won, schneider, schwarz = result_outcome(hand.result)
            winners = PLAYER if won else OPPONENTS
            if hand.all_tricks is not None and (not schwarz or hand.all_tricks != winners):
                raise HandError(number, "all_tricks", "all_tricks_result",
                                all_tricks=hand.all_tricks, result=hand.result)
            return won, schneider, schwarz
        augen: Any = hand.augen  # as entered: check_augen refuses all but a whole number
        check_augen(number, augen, total, t.deck.possible_totals)
        check_all_tricks(number, hand.all_tricks, augen, total)
        return augen_outcome(t, augen, hand.all_tricks is not None, contract.thresholds)

    def _pay(self, number: int, dealer: str, party: set[str], opponents: set[str], value: int, won: bool,
             info: dict[str, Any], contract: SchafkopfContract, triggers: list[str]) -> HandResult:
        """Each opponent pays the value (or is paid it); the player party shares the sum:
        2 vs 2 gives each winner the value once, a soloist gets it from all three. `triggers`:
        the Bock triggers the hand met."""
        sign = 1 if won else -1
        per_member = sign * value * len(opponents) // len(party)
        if self.table.writes == "winners":  # only plus points: each winner writes the value
            deltas = self.book_sides(self.tally, party, value if won else 0, opponents, 0 if won else value)
        elif self.pot:  # (an empty pot, or no Stock at all: nothing moves)
            amounts = dict.fromkeys(opponents, -sign * value)
            amounts.update(dict.fromkeys(party, per_member))
            self._stock(party, won, contract, amounts, info)
            deltas = self.book(self.tally, amounts)
        else:
            deltas = self.book_sides(self.tally, party, per_member, opponents, -sign * value)
        if self.facts.bock:
            self._advance_bock(triggers)
        self.seats.pass_deal()
        return HandResult(number, dealer, deltas, info)

    def _bock_factor(self) -> int:
        """The factor of the next hand: `bock.factor` for each pending Bock round."""
        bock = self.table.bock
        return bock.factor ** len(self.bock_rounds) if bock.enabled else 1

    def _advance_bock(self, triggers: list[str]) -> None:
        """A hand was scored: each pending round has one hand less; each of the table's
        triggers the hand met starts a new round (one hand per player) after it."""
        bock = self.table.bock
        if not bock.enabled:
            return
        self.bock_rounds = [left - 1 for left in self.bock_rounds if left > 1]
        for trigger in bock.triggers:
            if trigger in triggers:
                self.bock_rounds.append(len(self.seated))  # one deal each, who sits out too

    def _stock(self, party: set[str], won: bool, contract: SchafkopfContract, amounts: dict[str, int],
               info: dict[str, Any]) -> None:
        """The pot moves with a game that takes it (won) or doubles it (lost)."""
        stock = self.table.stock
        if not stock.enabled or not self.pot:
            return
        if stock.sauspiel_wins_pot and contract.kind != "partner":
            return
        if not won and not stock.lost_doubles_pot:
            return
        members = [p for p in self.players if p in party]  # seating order
        shares = split_evenly(self.pot, len(members))
        if won:
            for p, share in zip(members, shares):
                amounts[p] += share
            info["stock"] = -self.pot
            self.pot = 0
            self.pot_paid = dict.fromkeys(self.seated, 0)
        else:
            for p, share in zip(members, shares):
                amounts[p] -= share
                self.pot_paid[p] += share
            info["stock"] = self.pot
            self.pot *= 2


_validate = SchafkopfHand.__pydantic_validator__.validate_python


def split_evenly(total: int, parts: int) -> list[int]:
    """`total` in `parts` shares as equal as cents allow; the odd cents go to the first."""
    base, odd = divmod(total, parts)
    return [base + (1 if i < odd else 0) for i in range(parts)]
