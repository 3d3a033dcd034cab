"""Tokens on the board (B-READY, B-REDEP, B-LOSS-2): Ready Troops, placements, withdrawals.

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..catalogue import race_name
from ..errors import RuleError
from ..events import Event
from ..markers import MARKER_KINDS, RETURNS_TO_RACE
from ..state import Army

if TYPE_CHECKING:
    pass


class PlacementMixin:
    #: True while logged actions are played again (loading, undo, redo: `saves.History`): a
    #: Barbarians' redeploy changing nothing, which saves from before A-BNA-05's amendment hold,
    #: is then still accepted.
    _replaying = False

    def ready_troops(self, army: Army) -> None:
        """Ready Troops (B-READY-1): all but one token per region (and held tokens) to hand."""
        if army.ready:
            return
        keep = self.least(army)[0]
        before = [(i, self.tokens[i]) for i in self.regions_of(army.race)]
        hand, held = army.hand, army.held
        for i, t in before:
            if t > keep:
                self.tokens[i] = keep
                army.hand += t - keep
        army.hand += army.held
        army.held = 0
        army.ready = True
        if self.effects_with(army, "on:ready"):  # hot: tell only when someone hears
            self.tell(army, "ready", before=before)

        def undo() -> None:
            for i, t in before:
                self.tokens[i] = t
            army.hand, army.held, army.ready = hand, held, False

        self.journal(undo)

    def least(self, army: Army) -> tuple[int, str]:
        """Fewest tokens a region of `army` may hold, with the rule that says so: 1 (B-REDEP-1)
        unless an effect's `min_per_region` raises it (Kobolds' 2, X-CUR-KOB-1). Asked wherever
        the core would assume one token: Ready Troops, tokens available, a conquest's
        commitment, the final die, placements and their defaults."""
        mine = army.fx  # the warm path of `_switches`, inlined: this is asked very often
        if mine is not None and mine[0] == self._fxgen and (
                not self.pieces or mine[4] == self._clock[0]):
            sw = mine[2].get("_switches")
            if sw is not None:
                return sw[5]
        return self._switches(army)[5]

    def _region_limit(self, army: Army, placed: int) -> tuple[int | None, str]:
        """Most regions `army` may keep with `placed` tokens on the board (`region_limit`), and
        the rule that says so; None when nothing limits them."""
        limit, rule = None, "B-REDEP-1"
        for ab in self._switches(army)[8]:
            n = ab.region_limit(self, army, placed)
            if n is not None and (limit is None or n < limit):
                limit, rule = n, ab.rule
        return limit, rule

    def vacated(self, army: Army) -> set[int]:
        """Regions `army` must empty at its own redeployment (`vacates`: rivers, X-RW-4)."""
        return {i for ab in self._switches(army)[7] for i in ab.vacates(self, army)}

    def _fixed(self, army: Army) -> Any:
        """The effect that takes away the army's redeployment in its own turn (`redeploys`:
        Barbarians, X-BNA-BAR-1), or None: `redeploy` refuses and legal_actions offers none."""
        fixed = self.effects_with(army, "redeploys")  # the dispatch table: asked per listing
        return fixed[0] if fixed else None

    def kept_regions(self, army: Army) -> list[int]:
        """The regions `army` keeps through its own placement: those it holds, less those it must
        empty (rivers, X-RW-4). What a `held_back` that counts regions reads: asked before the
        placement as after it, it gives the same answer."""
        gone = self.vacated(army)
        return [i for i in self.regions_of(army.race) if i not in gone]

    def _held_back(self, army: Army, total: int, effects: tuple[Any, ...] | None = None) -> int:
        """Tokens kept off the board after placement: the sum of the effects' `held_back`
        (the Amazons' 4, B-RACE-AMAZONS-2; a Leader with only immune regions, X-LEAD-3);
        `effects`: the army's `held_back` effects when the caller has its switches."""
        n = 0
        for ab in self._switches(army)[6] if effects is None else effects:
            n += ab.held_back(self, army, total)
        return n

    def _end_conquests(self, army: Army) -> list[Event]:
        """The conquest phase of `army` ends (B-REDEP): Skeletons and the like gain now."""
        if army.over:
            return []
        hand, roll = army.hand, army.roll
        army.over = True
        army.roll = None
        events = self.tell(army, "conquests_over") if self.effects_with(army, "on:conquests_over") else []

        def undo() -> None:
            army.over, army.hand, army.roll = False, hand, roll

        self.journal(undo)
        return events

    end_conquests = _end_conquests  # published (a module's word that ends them: the Altar's)

    def _place(self, army: Army, tokens: dict[int, int], journal: bool = False) -> None:
        """Set the race's tokens to exactly `tokens`; regions left out are abandoned."""
        old = {i: (self.tokens[i], self.race[i], self.owner[i]) for i in self.regions_of(army.race)}
        hand, held, redeployed = army.hand, army.held, army.redeployed
        total = sum(t for t, _, _ in old.values()) + army.hand + army.held
        for i in old:
            if i not in tokens:
                self.clear_region(i)
        for i, n in tokens.items():
            self.tokens[i] = n
        placed = sum(tokens.values())
        army.held = self._held_back(army, total) if not army.declined else 0
        army.hand = total - placed - army.held
        army.redeployed = True
        if journal:
            def undo() -> None:
                for i, (t, r, o) in old.items():
                    self.occupy(i, r, o, t)
                army.hand, army.held, army.redeployed = hand, held, redeployed
            self.journal(undo)

    def clear_region(self, i: int) -> None:
        """Empty region i of tokens and markers (encampments go back to their owner)."""
        race = self.race[i]
        army = self.armies.get(race) if race else None
        if army is not None:
            for k in RETURNS_TO_RACE:  # B-POW-BIVOUACKING-2: such markers are never lost
                if self.mk[k][i]:
                    army.stock[k] = army.stock.get(k, 0) + self.mk[k][i]
        for k in MARKER_KINDS:
            self.mk[k][i] = 0
        self.occupy(i, None, None, 0)

    def default_placement(self, army: Army, withdrawn_only: bool = False) -> dict[int, int]:
        """Tokens in hand placed one at a time on the fewest-token region, ties to the first
        region of the map (the conformance format's rule); Amazons then hold back their 4."""
        return self._default_placement(army, withdrawn_only)[0]

    def _place_default(self, army: Army, journal: bool = False) -> None:
        """The default placement carried out; the effect that chose where the hand's last token
        went is told ("last_token": the Leader, A-LEAD-02)."""
        place, last = self._default_placement(army)
        self._place(army, place, journal)
        if last is not None:
            last[0].on(self, army, "last_token", region=last[1])

    def _default_placement(self, army: Army, withdrawn_only: bool = False
                           ) -> tuple[dict[int, int], tuple[Any, int | None] | None]:
        """`default_placement`, with the effect and region of the hand's last token when an
        effect's `last_token` chose it, or that effect and None when the whole hand stays off the
        board (None otherwise)."""
        held = self.regions_of(army.race)
        place = {i: self.tokens[i] for i in held}
        chosen = None
        if not held:
            return place, chosen
        extra = army.withdrawn if withdrawn_only else army.hand
        sw = self._switches(army)  # one look-up for the effects that shape placements
        total = sum(place.values()) + army.hand + army.held
        if not withdrawn_only and sw[7]:
            for i in self.vacated(army) & set(place):  # X-RW-4: their tokens join the hand
                extra += place.pop(i)
        hold = 0 if withdrawn_only or army.declined or not sw[6] else self._held_back(army, total, sw[6])
        least = sw[5][0]
        take_from_hand = min(hold, extra)
        extra -= take_from_hand
        hold -= take_from_hand
        limit = None if withdrawn_only or not sw[8] else self._region_limit(army, total - hold)[0]
        while limit is not None and len(place) > max(limit, 0):  # the weakest regions go first
            j = min(place, key=lambda r: (place[r], -r))
            extra += place.pop(j)
        if extra and place:  # one at a time on the smallest key: a heap gives the same order
            never = self.board.base_cost  # a region never conquered (the Island) last (X-NEC-10)
            heap = [(never[r] is None, n, r) for r, n in place.items()]
            heapq.heapify(heap)
            asks = () if withdrawn_only else self.effects_with(army, "last_token")
            for _ in range(extra - 1 if asks else extra):
                last, n, r = heap[0]
                heapq.heapreplace(heap, (last, n + 1, r))
            for _, n, r in heap:
                place[r] = n
            if asks:  # the hand's last token, where an effect says (a Leader), else as the others
                chosen = next(((ab, j) for ab in asks
                               if (j := ab.last_token(self, army, place)) is not None), None)
                place[heap[0][2] if chosen is None else chosen[1]] += 1
        elif not extra and take_from_hand and not withdrawn_only:  # the hand all held (Barbarians)
            chosen = next(((ab, None) for ab in self.effects_with(army, "last_token")), None)
        if least > 1 and not withdrawn_only:
            self._fill_to_least(place, least)
        while hold:  # A-BASE-01: take from the largest regions, abandoning only if forced
            j = max(place, key=lambda r: (place[r], -r))
            if place[j] > least:
                place[j] -= 1
            else:
                j = max(place, key=lambda r: (-place[r], r))
                del place[j]
            hold -= 1
        return place, chosen

    @staticmethod
    def _fill_to_least(place: dict[int, int], least: int) -> None:
        """Regions below the race's minimum (a token Reborn swapped in, U-POWER-REBORN-1, for
        Kobolds' 2, X-CUR-KOB-1) take tokens from the largest regions above it; with none to
        spare, the smallest such region is abandoned, its tokens joining the fewest-token one."""
        while short := [r for r, n in place.items() if n < least]:
            r = min(short, key=lambda r: (place[r], r))
            donors = [j for j, n in place.items() if n > least]
            if donors:
                j = max(donors, key=lambda j: (place[j], -j))
                place[j] -= 1
                place[r] += 1
            elif len(place) > 1:
                n = place.pop(r)
                j = min(place, key=lambda j: (place[j], j))
                place[j] += n
            else:
                return  # one region, too few tokens to hold it as the rule wants: left as it is

    def _check_placement(self, army: Army, a: Action, minimum: dict[int, int] | None,
                         total: int) -> dict[int, int]:
        held = set(self.regions_of(army.race))
        least, rule = self.least(army)
        gone = self.vacated(army) if minimum is None else set()
        place: dict[int, int] = {}
        for rid, n in a.tokens or ():
            i = self.board.region(rid, f"tokens.{rid}")
            if i not in held:
                raise RuleError("B-REDEP-1", f"{rid} is not held by the {race_name(army.race)}")
            if i in gone:
                if n:
                    why = next(ab.rule for ab in self.effects_with(army, "vacates") if i in ab.vacates(self, army))
                    raise RuleError(why, f"{rid} must be emptied at redeployment")
                continue
            if n < least:
                raise RuleError(rule, f"{rid} must keep at least {'one token' if least == 1 else f'{least} tokens'}")
            if minimum and n < minimum[i]:
                raise RuleError("B-LOSS-2", f"{rid} already holds {minimum[i]}; only withdrawn tokens move")
            place[i] = n
        placed = sum(place.values())
        held -= gone
        if placed != (total if held else 0):  # nothing left to hold: the tokens stay in hand
            raise RuleError("B-REDEP-1", f"{placed} tokens placed; {total} must be placed")
        limit, why = self._region_limit(army, total)
        if limit is not None and len(place) > limit:
            raise RuleError(why, f"{total} tokens may hold at most {limit} "
                                              f"region{'s' if limit != 1 else ''} here")
        missing = held - set(place)
        if missing and len(place) < min(total // least, len(held),
                                        len(held) if limit is None else limit):
            names = ", ".join(self.board.ids[i] for i in sorted(missing))
            raise RuleError("B-REDEP-1", f"every region keeps at least one token: {names} missing")
        return place

    def _do_redeploy(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self.acting(seat, a.by, a.race)
        fixed = self._fixed(army)
        if fixed is not None and not self._replaying:  # A-BNA-05: even one changing nothing
            raise RuleError(fixed.rule, f"the {race_name(army.race)} do not redeploy: each token stays "
                                        "where it conquered; end the turn")
        self.ready_troops(army)
        if army.redeployed:
            raise RuleError("B-REDEP-1", "this race has already redeployed this turn")
        events = self._end_conquests(army)
        regions = self.regions_of(army.race)
        if not regions:
            raise RuleError("B-LOSS-3", "the race holds no region: its tokens stay in hand")
        total = sum(self.tokens[i] for i in regions) + army.hand + army.held
        hold = self._held_back(army, total) if not army.declined else 0
        place = self._check_placement(army, a, None, total - hold)
        if fixed is not None and any(n != self.tokens[i] for i, n in place.items()):
            # a save from before A-BNA-05 was amended loads with its redeploy changing nothing
            raise RuleError(fixed.rule, f"the {race_name(army.race)} do not redeploy: each token "
                                        "stays where it conquered")
        for ab in self.effects_with(army, "on_redeploy"):  # X-BNA-LEP-1
            events += ab.on_redeploy(self, army, a, place)
        self._place(army, place)
        events.append(self.new_event("redeploy", f"{a.by} redeploys the {race_name(army.race)}: " +
                                  ", ".join(f"{self.board.ids[i]} {n}" for i, n in place.items()),
                                  seat, race=army.race, tokens=dict(a.tokens or ())))
        return events, a.to_dict()

    def _withdrawal_redeploy(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self.armies[self.queue[0]]
        if seat != army.owner:
            raise RuleError("B-LOSS-2", f"{self.players[army.owner]} places withdrawn tokens first")
        if a.race is not None and a.race != army.race:
            raise RuleError("B-LOSS-2", f"the {race_name(army.race)} place their withdrawn tokens first")
        regions = self.regions_of(army.race)
        now = {i: self.tokens[i] for i in regions}
        place = self._check_placement(army, a, now, sum(now.values()) + army.withdrawn)
        return self._settle_withdrawal(army, place), a.to_dict()

    def _settle_withdrawal(self, army: Army, place: dict[int, int]) -> list[Event]:
        for i, n in place.items():
            self.tokens[i] = n
        army.hand -= army.withdrawn
        army.withdrawn = 0
        self.put_back_stock(army, place)
        self.drop(lambda d: d.kind == "withdrawal" and d.data["race"] == army.race)
        return self._game_over_event() + [self.new_event("withdrawal", f"{self.players[army.owner]} places withdrawn "
                            f"{race_name(army.race)}: " + ", ".join(f"{self.board.ids[i]} {n}"
                                                                    for i, n in place.items()),
                            army.owner, race=army.race)]

    def put_back_stock(self, army: Army, tokens: dict[int, int]) -> None:
        """Markers back in the race's hands go on its weakest region (B-POW-BIVOUACKING-2)."""
        for k, n in list(army.stock.items()):
            if n and tokens:
                j = min(tokens, key=lambda r: (tokens[r], r))
                self.mk[k][j] += n
                del army.stock[k]

    def default_withdrawal(self) -> Action:
        """The placement the format prescribes for the defender first in line (B-LOSS-2)."""
        army = self.armies[self.queue[0]]
        place = self.default_placement(army, withdrawn_only=True)
        return Action.trusted(by=self.players[army.owner], do="redeploy", race=army.race,
                      tokens=tuple((self.board.ids[i], n) for i, n in place.items()))
