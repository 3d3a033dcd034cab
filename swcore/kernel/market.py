"""The combo column (B-COMBO): prices, picking, the table-entered reveal, refills.

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..catalogue import CATALOGUE, race_name
from ..effects import ABILITIES, Ability, ability
from ..errors import RuleError
from ..events import Event
from ..state import Army

if TYPE_CHECKING:
    pass


@cache
def price_steppers() -> frozenset[str]:
    """The ids whose effect overrides `price_step` (asked after every module has registered)."""
    return frozenset(i for i, ab in ABILITIES.items() if ab.price_step != Ability.price_step)


class MarketMixin:
    def combo_price(self, k: int) -> int:
        """Coins to pay for column position k: one on each combo above (B-COMBO-2)."""
        column, dearer = self.column, price_steppers()
        if not any(column[j][0] in dearer or column[j][1] in dearer for j in range(k)):
            return k  # one coin on each combo above: no badge or banner above asks more
        return sum(self._combo_step(j) for j in range(k))

    def pick_tokens(self, k: int) -> int:
        """The tokens the combo at position `k` gives its picker (what the column shows): the
        banner's and the badge's numbers, what the race or power adds (the Amazons' 6 +4),
        at most what the box holds (B-COMBO-2, B-RACE-AMAZONS-1)."""
        race, power, _lying = self.column[k]
        return self._first_hand(Army(race=race, powers=(power,), owner=0, ready=True))

    def _first_hand(self, army: Army) -> int:
        want = self.value_of(army.race) + sum(self.value_of(p) for p in army.powers)
        for ab in self.effects_with(army, "extra_tokens"):
            want += ab.extra_tokens(self, army)
        return min(want, self.box_of(army.race) + self.extra_box(army))

    def _combo_step(self, j: int) -> int:
        """Coins laid on the combo at position j by a player picking below it: asked of its
        race and its power (`price_step`; 1 by default, the Cursed combo 3, X-CUR-CUR-1)."""
        race, power = self.column[j][0], self.column[j][1]
        return max(ability(race).price_step, ability(power).price_step)

    def _do_pick(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        t = self._t
        if self.active[seat] is not None:
            raise RuleError("B-FLOW-5", f"{a.by} already has an active race; a new combo comes only "
                                        "after going into decline")
        if t["declined"]:
            raise RuleError("B-DECL-5", "no new combo in the turn the race goes into decline")
        if t["picked"]:
            raise RuleError("B-FLOW-4", "one combo per turn")
        k = a.combo
        if k is None or k >= len(self.column):
            raise RuleError("B-COMBO-1", f"only positions 0 to {len(self.column) - 1} of the column "
                                         "are visible")
        price = self.combo_price(k)
        if self.coins[seat] < price:
            raise RuleError("B-COMBO-3", f"position {k} costs {price} coins; {a.by} has {self.coins[seat]}")
        self._close_declined_turn(seat, None)  # type: ignore[arg-type]
        for j in range(k):
            self.column[j][2] += self._combo_step(j)
        race, power, lying = self.column.pop(k)
        self.coins[seat] += lying - price
        army = Army(race=race, powers=(power,), owner=seat, picked_turn=self.turn, ready=True)
        self.armies[race] = army
        self.active[seat] = race
        army.hand = self._first_hand(army)
        t["picked"] = True
        self._refill()
        ev = self.new_event(
            "pick", f"{a.by} picks {race_name(race)} / {CATALOGUE[power].english} at position {k}: "
                    f"pays {price}, collects {lying}, receives {army.hand} tokens",
            seat, race=race, power=power, combo=k, paid=price, collected=lying, tokens=army.hand)
        events = [ev]
        events += self.tell(army, "picked")
        return events, a.to_dict()

    def printed_unknown(self, item: str) -> bool:
        """Whether the table should say the number printed on a banner or badge: no confirmed
        source gives it (catalogue `confirmed`), and neither the set-up's `values` nor a
        `reveal` (its `race_value`/`power_value`) has."""
        entry = CATALOGUE.get(item)
        return entry is not None and not entry.confirmed and item not in self.values

    def _do_reveal(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        if not self.needs_reveal:
            raise RuleError("B-COMBO-6", "the column already shows six combos (or no banner is left)")
        if a.race not in self.race_stack:
            raise RuleError("B-COMBO-6", f"{a.race!r} is not in the banner stack: on the board or "
                                         "already in the column")
        if a.player not in self.power_stack and a.player not in self.power_discard:
            raise RuleError("B-COMBO-7", f"{a.player!r} is not in the badge stack or the discards")
        for value in (a.race_value, a.power_value):
            if value is not None and value > 30:
                raise RuleError("B-COMP-3", f"no banner or badge shows {value}")
        self.race_stack.remove(a.race)
        (self.power_stack if a.player in self.power_stack else self.power_discard).remove(a.player)
        # The numbers printed on tiles a single source gives, or none (catalogue `confirmed`),
        # as the table reads them: from now on they count like the set-up's `values`.
        for item, value in ((a.race, a.race_value), (a.player, a.power_value)):
            if value is not None:
                self.values = {**self.values, item: value}
        self.column.append([a.race, a.player, 0])
        self.drop(lambda d: d.kind == "reveal")
        return [self.new_event("reveal", f"revealed at the bottom of the column: {race_name(a.race)} / "
                                      f"{CATALOGUE[a.player].english}", seat, race=a.race,
                            power=a.player)], a.to_dict()

    def _refill(self) -> None:
        """Six visible combos while banners remain (B-COMBO-6); badges reshuffled (B-COMBO-7)."""
        while len(self.column) < 6 and self.race_stack and not self.table:
            self.column.append([self.race_stack.pop(0), self._draw_power(), 0])

    def _draw_power(self) -> str:
        if not self.power_stack:
            pile = sorted(self.power_discard)
            random.Random(self.seed * 7919 + 104_729 * (self.reshuffles + 1)).shuffle(pile)
            self.power_stack, self.power_discard = pile, []
            self.reshuffles += 1
        return self.power_stack.pop(0)
