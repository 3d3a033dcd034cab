"""The turn (B-FLOW, B-DECL, B-SCORE): which army acts, special words, decline, scoring, end of turn.

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..catalogue import race_name
from ..effects import ability
from ..errors import RuleError
from ..events import Event
from ..markers import DECLINE_REMOVES
from ..scoring import score_items
from ..state import Army
from ..words import WORDS

if TYPE_CHECKING:
    pass


class TurnMixin:
    def acting(self, seat: int, by: str, race: str | None) -> Army:
        """The army an action of the current player addresses: the active race by default."""
        t = self._t
        if t["declined"] and race is None:
            raise RuleError("B-DECL-5", "the race went into decline this turn: only end_turn remains")
        if race is None:
            active = self.active[seat]
            if active is None:
                raise RuleError("B-FLOW-4", f"{by} has no active race: pick a combo first")
            army = self.armies[active]
        else:
            army = self.armies.get(race)
            if army is None or army.owner != seat:
                raise RuleError("B-DECL-8", f"{by} has no {race_name(race)} on the board")
        t = self._t
        if army.declined:
            if not self.gives(army, "conquers_in_decline"):
                raise RuleError("B-DECL-8", f"in-decline {race_name(army.race)} never conquer, "
                                            "abandon or redeploy")
            if t["declined"]:
                raise RuleError("A-BASE-03", "no race conquers in a turn spent going into decline")
            if t["active_acted"] or army.over:
                raise RuleError("A-BASE-03", f"in-decline {race_name(army.race)} act at the start of "
                                             "the turn, before the active race")
            if not t["declined_acted"]:
                t["declined_acted"] = True
                self.journal(lambda: t.__setitem__("declined_acted", False))
        else:
            if t["declined"]:
                raise RuleError("B-DECL-5", "the race went into decline this turn: only end_turn remains")
            self._close_declined_turn(seat, army)
        return army

    def _close_declined_turn(self, seat: int, acting: Army) -> None:
        """The active race acts: the in-decline armies' turn (Ghouls) is over (A-BASE-03)."""
        if self._t["active_acted"]:
            return
        self._t["active_acted"] = True
        self.journal(lambda: self._t.__setitem__("active_acted", False))
        self.drop(lambda d: d.kind == "declined_turn")
        for race in self.declined[seat]:
            ghoul = self.armies[race]
            if ghoul.ready and not ghoul.redeployed and ghoul is not acting:
                self._end_conquests(ghoul)
                self._place(ghoul, self.default_placement(ghoul), journal=True)

    def _declined_turn_open(self, seat: int) -> bool:
        """In-decline armies acted and their turn closes when the active race acts (A-BASE-03)."""
        return not self._t["active_acted"] and any(
            self.armies[r].ready and not self.armies[r].redeployed for r in self.declined[seat])

    def _special(self, seat: int, a: Action) -> list[Event]:
        army = self.acting(seat, a.by, None)
        owners = [ab for ab in self.effects_of(army) if a.do in ab.words]
        if not owners:
            raise RuleError(WORDS[a.do].rule, f"{a.by}'s {race_name(army.race)} cannot `{a.do}`: "
                                              "that belongs to another race or power")
        ab = owners[0]
        self.ready_troops(army)
        events: list[Event] = []
        if WORDS[a.do].ends_conquests:
            events += self._end_conquests(army)
        once = ab.words if ab.once_per_turn is None else ab.once_per_turn
        if a.do in once and a.do in army.used:
            raise RuleError(ab.rule, f"`{a.do}`: once per turn")
        data = ab.check(self, army, a)
        army.used.append(a.do)
        return events + ab.do(self, army, a, data)

    def _do_decline(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        race = self.active[seat]
        if race is None:
            raise RuleError("B-DECL-1", f"{a.by} has no active race to put in decline")
        army = self.armies[race]
        if t["declined"]:
            raise RuleError("B-DECL-4", "already in decline this turn")
        stout = self.gives(army, "declines_after_scoring")
        if t["picked"] and not stout:
            raise RuleError("B-FLOW-4", "a race picked this turn cannot go into decline until a "
                                        "later turn")
        expanded = (army.conquests or army.over or army.redeployed or army.used
                    or t["active_acted"] or t["declined_acted"])
        if stout or not expanded:  # otherwise refused just below
            for ab in self.effects_with(army, "check_decline"):
                ab.check_decline(self, army, a)
        events: list[Event] = []
        if expanded:
            if not stout and not t["active_acted"]:
                raise RuleError("A-BASE-03", "decline is declared at the start of the turn, before "
                                             "in-decline Ghouls act")
            if not stout:
                raise RuleError("B-DECL-1", "going into decline replaces the turn's conquests "
                                            "(only Stout may decline after expanding)")
            self._close_declined_turn(seat, army)
            self.ready_troops(army)
            events += self._end_conquests(army)
            if not army.redeployed:
                self._place_default(army, journal=True)
            events += self._finish_turn_markers(seat)
            events.append(self._score(seat))
            t["scored"] = True
        events += self._go_into_decline(army, a)
        t["declined"] = True
        return events, a.to_dict()

    def _go_into_decline(self, army: Army, action: Action | None = None) -> list[Event]:
        seat = army.owner
        events: list[Event] = []
        decliners = self.effects_with(army, "on:declined")  # gathered while the army is still active
        if not self.gives(army, "exempt_from_decline_limit"):
            for old in list(self.declined[seat]):
                oa = self.armies[old]
                if not self.gives(oa, "exempt_from_decline_limit"):
                    events.append(self._remove_army(old))  # B-DECL-4
        events += self.tell(army, "declining")
        keeps = self.gives(army, "keeps_tokens_on_decline")
        for i in self.regions_of(army.race):
            if not keeps:
                self.tokens[i] = 1  # B-DECL-3
            for k in DECLINE_REMOVES:  # B-DECL-7
                self.mk[k][i] = 0
        army.stock.clear()
        army.hand = army.held = 0  # B-DECL-3: tokens off the board go back to the tray
        army.roll = None
        army.declined = True
        kept = tuple(p for p in army.powers if ability(p).stays_on_decline)
        self.power_discard.extend(p for p in army.powers if p not in kept)  # B-DECL-2
        army.powers = kept
        army.fx = None  # its effects change (B-DECL-2); the other armies keep their tables
        self.active[seat] = None
        self.declined[seat].append(army.race)
        events.append(self.new_event("decline", f"{self.players[seat]}'s {race_name(army.race)} go into "
                                  "decline", seat, race=army.race))
        for ab in decliners:
            events += ab.on(self, army, "declined", action=action) or []
        events += self.broadcast("race_declined", declined=army)
        if not self.regions_of(army.race) and army.hand == 0:
            events.append(self._remove_army(army.race))
        return events

    def remove_army(self, race: str) -> Event:
        """A race leaves the board (B-DECL-6, B-LOSS-6, B-COMBO-8)."""
        army = self.armies.pop(race)
        for i in self.regions_of(race):
            self.clear_region(i)
        self.power_discard.extend(army.powers)
        if race in self.declined[army.owner]:
            self.declined[army.owner].remove(race)
        if self.active[army.owner] == race:
            self.active[army.owner] = None
        self.drop(lambda d: d.kind == "withdrawal" and d.data["race"] == race)
        self.race_stack.append(race)
        self._refill()
        return self.new_event("race_gone", f"{race_name(race)} leave the board; the banner goes back "
                                        "under the stack", army.owner, race=race)

    _remove_army = remove_army  # the name the kernel used before it was published

    def _finish_turn_markers(self, seat: int) -> list[Event]:
        """Markers the player did not place this turn are placed by their ability's default
        (Heroes stay or go on the strongest regions; Encampments fill in on the weakest)."""
        race = self.active[seat]
        if race is None:
            return []
        army = self.armies[race]
        events: list[Event] = []
        for ab in self.effects_of(army):
            for word in ab.words:
                if word not in army.used:
                    data = ab.auto(self, army)
                    if data is not None:
                        events += ab.do(self, army, None, data)
        return events

    def _do_end_turn(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        race = self.active[seat]
        events: list[Event] = []
        if not t["declined"]:
            if race is None:
                raise RuleError("B-FLOW-4", f"{a.by} must pick a combo before ending the turn")
            army = self.armies[race]
            self._close_declined_turn(seat, army)
            self.ready_troops(army)
            events += self._end_conquests(army)
            if not army.redeployed and self.regions_of(race):
                self._place_default(army)
            events += self._finish_turn_markers(seat)
        if not t["scored"]:
            events.append(self._score(seat))
        self.track.append([self.turn, seat, self.coins[seat]])
        events += self._step("turn_end", seat)
        events += self._step("after_turn", seat)
        events.append(self.new_event("end_turn", f"{a.by} ends turn {self.turn}", seat))
        self.seat = (seat + 1) % len(self.players)
        if self.seat == 0:
            events += self._step("round_end", seat)
        if not self.finished:
            if self.seat == 0:
                events += self._step("round_start", self.seat)
            events += self._step("turn_start", self.seat)
        return events + self._game_over_event(), a.to_dict()

    def _game_over_event(self) -> list[Event]:
        """Announced once the last withdrawn tokens are on the board (they count in B-END-2)."""
        if not self.game_over:
            return []
        events: list[Event] = []
        if not self._ended:  # once, before the winners are computed (X-LEAD-5's captives)
            self._ended = True
            events += self._step("game_end", self.seat)
        win = self.winners()
        return events + [self.new_event("game_over", "the game is over: " + ", ".join(win) +
                            (" wins" if len(win) == 1 else " share the win"), None, winners=win)]

    def _score(self, seat: int) -> Event:
        """B-SCORE: 1 coin per region of every race of the player, then the bonuses."""
        items = score_items(self, seat)
        total = sum(it["coins"] for it in items)
        self.coins[seat] += total
        self.last_score[seat] = items
        return self.new_event("score", f"{self.players[seat]} scores {total}: " +
                           "; ".join(f"{it['what']} {it['coins']:+d}" for it in items if it["coins"]),
                           seat, total=total, breakdown=items)
