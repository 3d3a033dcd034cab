"""What may be done now (legal_actions), for bots, the map and the app.

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, LazyAction
from ..state import Army

if TYPE_CHECKING:
    pass


class LegalMixin:
    def legal_actions(self) -> list[Action]:
        """Every legal action now, except that redeployments (too many to list) are given by a
        representative set: the default placement, and all spare tokens on each region; then
        the uses the rule modules add (`legal`: their words and parameters)."""
        out = self._listed()
        go = self._ahead_due() if self.ruleset.ahead and self.blocking() is None else None
        if go is not None:  # the actions but a decline come after it (AU-64): listed as then
            later = self._preview(lambda: (go(), self._listed())[1])
            out = [a for a in out if a.do == "decline"] + [a for a in later if a.do != "decline"]
        mark = self._mark
        for a in out:  # `apply` skips checking their values again: Action.seal, written out
            if type(a) is LazyAction:  # here (a call per action costs what the check saves)
                a._seal = (mark, a.by, a.do, None, (), ())  # sealed when its values are made
                continue
            args = a.args
            a._seal = (mark, a.by, a.do, args, tuple(args), tuple(args.values()))
        return out

    def _listed(self) -> list[Action]:
        out = self._legal_actions()
        for fn in self.ruleset.legal:
            out = fn(self, out)
        return out

    def _legal_actions(self) -> list[Action]:
        if self.game_over:
            return []
        if self.needs_reveal:
            powers = sorted(set(self.power_stack) | set(self.power_discard))
            return [Action.trusted(self.to_act or self.current, "reveal", race=r, player=p)
                    for r in self.race_stack for p in powers]
        if self.queue:
            army = self.armies[self.queue[0]]
            by = self.players[army.owner]
            out = [self.default_withdrawal()]
            regions = self.regions_of(army.race)
            if len(regions) > 1:
                for j in regions:
                    out.append(Action.trusted(by=by, do="redeploy", race=army.race, tokens=tuple(
                        (self.board.ids[i], self.tokens[i] + (army.withdrawn if i == j else 0))
                        for i in regions)))
            return out
        seat, by, t = self.seat, self.current, self._t
        ids = self.board.ids
        if t["declined"]:
            return [Action.trusted(by=by, do="end_turn")]
        out: list[Action] = []
        if not t["active_acted"]:
            for race in self.declined[seat]:
                army = self.armies[race]
                if self.gives(army, "conquers_in_decline") and not army.over:
                    out += self._army_options(army, by, race)
        race = self.active[seat]
        if race is None:
            if not t["picked"]:
                coins = self.coins[seat]
                out += [Action.trusted(by=by, do="pick", combo=k) for k in range(len(self.column))
                        if self.combo_price(k) <= coins]
            return out
        army = self.armies[race]
        expanded = (army.conquests or army.over or army.redeployed or army.used
                    or t["active_acted"] or t["declined_acted"])
        if not t["picked"] and not expanded:
            out.append(Action.trusted(by=by, do="decline"))
        if self._declined_turn_open(seat):  # the Ghouls' tokens in hand land first (A-BASE-03)
            out += self._preview(lambda: (self._close_declined_turn(seat, army),
                                          self._army_options(army, by, None))[1])
        else:
            out += self._army_options(army, by, None)
        if expanded and self.gives(army, "declines_after_scoring"):
            out.append(Action.trusted(by=by, do="decline"))
        out.append(Action.trusted(by=by, do="end_turn"))
        del ids
        return out

    def available(self, army: Army, held: list[int] | None = None) -> int:
        """Tokens the army could conquer with now (its hand after Ready Troops)."""
        if army.ready:
            return army.hand
        if self._switches(army)[9]:  # Ready Troops may free more (the Island's Ghosts, A-NEC-07)
            return self._preview(lambda: (self.ready_troops(army), army.hand)[1])
        keep = self.least(army)[0]
        held = self.regions_of(army.race) if held is None else held
        return army.hand + army.held + sum(max(0, self.tokens[i] - keep) for i in held)

    def _army_options(self, army: Army, by: str, race: str | None) -> list[Action]:
        out: list[Action] = []
        ids = self.board.ids
        reach = self._reach(army)
        held = reach[0]
        new = Action.trusted
        who = {"race": race} if race else {}  # which army acts, when not the active race
        if not army.over:
            hand = self.available(army, held)
            sw = self._switches(army)  # least (5) and may_reinforce (10), looked up once
            if hand >= sw[5][0]:
                maxshort = self.options.final_die_max_short
                can_reinforce = army.roll is None and not sw[10]  # `may_reinforce`
                targets = self._targets(army, reach)
                for i, cost in zip(targets, self._costs(army, targets), strict=True):
                    if cost <= hand:
                        out.append(new(by, "conquer", region=ids[i], **who))
                    elif can_reinforce and cost - hand <= maxshort:
                        out.append(new(by, "conquer", region=ids[i], reinforce=True, **who))
            if not army.conquests:
                out += [new(by, "abandon", region=ids[i], **who) for i in held]
        if not army.redeployed and held and self._fixed(army) is None:  # X-BNA-BAR-1
            out.append(self._default_redeploy(army, by, who))
        if race is None:
            for ab in self.effects_with(army, "options"):  # the effects that offer words of their own
                once = ab.words if ab.once_per_turn is None else ab.once_per_turn
                for act in ab.options(self, army, by):
                    if act.do not in once or act.do not in army.used:
                        out.append(act)
        return out

    def _default_redeploy(self, army: Army, by: str, who: dict[str, str]) -> Action:
        """The redeployment to the default placement, its placement previewed only when read
        (LazyAction). Read after this position has moved on (or while an action is under way),
        the listing's position is rebuilt from the log, so the value is the same whenever it is
        read. Listed inside an action or a preview, it is made at once."""
        ids, race = self.board.ids, army.race

        def args(game: Any) -> dict[str, Any]:
            place = game.preview_placement(game.armies[race])
            return {**who, "tokens": tuple((ids[i], k) for i, k in place.items())}

        if self._journal is not None:
            return Action.trusted(by, "redeploy", **args(self))
        mark, log, n = self._mark, self.log, len(self.log)  # entries are only ever appended

        def make() -> dict[str, Any]:
            if self._mark is mark and self._journal is None:
                return args(self)
            game = self.copy()
            game._replay(log[:n])
            return args(game)

        return LazyAction.listed(by, "redeploy", make)

    def _preview(self, fn: Any, *args: Any) -> Any:
        """fn(*args) computed on the game as it would be, then every journaled change undone."""
        saved = self._journal
        journal: list[Any] = []
        self._journal = journal
        try:
            return fn(*args)
        finally:
            for undo in reversed(journal):
                undo()
            self._journal = saved

    def preview_placement(self, army: Army) -> dict[int, int]:
        """The default placement as it would be after Ready Troops and the conquest phase end."""
        if army.ready and army.over:
            return self.default_placement(army)
        if army.ready and not self.effects_with(army, "on:conquests_over"):
            # The phase's end only sets two flags (no effect acts on it) and placements only
            # read: set and put back, without the journal of a preview.
            over, roll = army.over, army.roll
            army.over, army.roll = True, None
            try:
                return self.default_placement(army)
            finally:
                army.over, army.roll = over, roll

        def placement() -> dict[int, int]:
            self.ready_troops(army)
            self._end_conquests(army)
            return self.default_placement(army)

        return self._preview(placement)
