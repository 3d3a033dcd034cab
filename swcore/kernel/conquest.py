"""Conquest (B-CONQ, B-LOSS, B-FINAL): cost with its breakdown, where a race may go, taking a region.

A part of `Game` (a mixin): it reads and changes the position held on the game object."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import Action
from ..catalogue import LOST_TRIBE, race_name
from ..effects import left_out
from ..errors import InputError, RuleError
from ..events import Event
from ..markers import DEFENCE_MARKERS, IMMUNE_MARKERS, IMMUNE_TO_ALL, MARKER_TYPES
from ..neutrals import NEUTRALS
from ..pieces import DEFENCE_PIECES, IMMUNE_PIECES, PIECES
from ..state import Army, Quote

if TYPE_CHECKING:
    pass

NONE_LEFT_OUT: frozenset[str] = frozenset()


class Reach(NamedTuple):
    """What decides where an army may go, computed once per test (`Game.reach`)."""

    held: list[int]  #: the regions it holds
    near: set[int]  #: the regions next to them
    hooks: tuple[Any, ...]  #: its effects
    water: bool  #: may enter water
    anywhere: bool  #: may enter anywhere (first conquest)
    free: bool  #: ignores adjacency
    extra: tuple[Any, ...]  #: the effects adding adjacency
    refuses: tuple[Any, ...]  #: the effects refusing targets
    shields: dict[str, Any]  #: a memo of the defenders' immune effects
    without: frozenset[str]  #: the sources left out (swcore.effects.SOURCES)


def off_edge(board: Any, i: int) -> RuleError:
    """B-CONQ-1 refused for region i, in the board's own terms: by a sea on the edge where there
    are seas; on a board with a river and no sea, as the Underground rule book says (U-EDGE-1,
    AU-11); else by the edge alone (a drawn practice map)."""
    if any(board.water):
        return RuleError("B-CONQ-1", f"{board.ids[i]} is not a border region: a race enters the "
                                     "board by the edge or by a sea on the edge")
    if board.rivers:
        return RuleError("B-CONQ-1", f"{board.ids[i]} is not a border region: a race enters the "
                                     "board by a region next to an edge of the board (the two "
                                     "ends of the River included)")
    return RuleError("B-CONQ-1", f"{board.ids[i]} is not a border region: a race enters the board "
                                 "by a region next to an edge of the board")


class ConquestMixin:
    def quote(self, region: str, player: str | None = None, race: str | None = None,
              without: Any = ()) -> Quote:
        """Cost of conquering `region` for the player's active race (or `race`), with its
        breakdown, and the reason when the conquest is not allowed now (map tooltip); with
        `without`, the army's effects of those sources left out (swcore.effects.SOURCES)."""
        seat = self.seat if player is None else self.seat_of(player, "player")
        i = self.board.region(region)
        army = self.armies.get(race) if race else (self.armies.get(self.active[seat] or ""))
        if army is None or army.owner != seat:
            err = RuleError("B-FLOW-4", "no race to conquer with: pick a combo first")
            return Quote(region, 0, [], err)
        if not army.declined and self._declined_turn_open(seat):
            return self._preview(lambda: (self._close_declined_turn(seat, army),
                                          self.quote(region, player, race, without))[1])
        without = left_out(without)
        parts: list[tuple[str, int]] = []
        rules: dict[str, str] = {}
        cost = self._costs(army, (i,), parts, rules=rules, without=without)[0]
        reason = self._target_error(army, i, self._reach(army, without) if without else None)
        return Quote(region, cost, parts, reason, rules)

    def cost(self, army: Army, i: int, without: Any = (),
             parts: list[tuple[str, int]] | None = None) -> int:
        """The cost for `army` to conquer region i (B-CONQ-2, B-CONQ-3), with the effects of the
        sources in `without` left out (e.g. {"race", "power", "relic", "place"}: the plain cost
        Gnome regions allow, U-RACE-GNOMES-1); `parts` gets the breakdown."""
        return self._costs(army, (i,), parts, without=left_out(without) if without else NONE_LEFT_OUT)[0]

    def costs(self, army: Army, regions: Any, without: Any = ()) -> list[int]:
        """`cost` of each of `regions`, in one pass (a word offering many targets)."""
        return self._costs(army, regions, without=left_out(without) if without else NONE_LEFT_OUT)

    def _cost(self, army: Army, i: int, parts: list[tuple[str, int]] | None = None,
              mods: tuple[Any, ...] | None = None, rules: dict[str, str] | None = None) -> int:
        """B-CONQ-2: the region's base cost and defence, its markers and occupants, then the
        effects' changes; at least 1 (B-CONQ-3). With `parts`, the breakdown is filled in too
        (quotes), and `rules` with the rule of each effect's item."""
        return self._costs(army, (i,), parts, mods, rules)[0]

    def _costs(self, army: Army, regions: Any, parts: list[tuple[str, int]] | None = None,
               mods: tuple[Any, ...] | None = None, rules: dict[str, str] | None = None,
               without: frozenset[str] = NONE_LEFT_OUT) -> list[int]:
        """`_cost` of each of `regions` in one pass (legal_actions asks for every target: the
        hot path), the army's `cost_modifiers` effects (`mods`) found once for all; `without`
        leaves out the effects of those sources, and a die rolled before choosing when the
        effects that roll it are left out too."""
        b, mk = self.board, self.mk
        base, defence, races, tokens = b.base_cost, b.defence, self.race, self.tokens
        roll = army.roll
        if without:
            mods = self._fx_without(army, "cost_modifiers", without)
            if roll is not None and not self._switches_without(army, without)[10]:
                roll = None
        elif mods is None:
            mods = self.effects_with(army, "cost_modifiers")
        guarded = self._guards(DEFENCE_PIECES) if self.pieces else None
        out = []
        for i in regions:
            c = base[i] or 0
            d = defence[i]
            if parts is not None:
                parts.append(("base", c))
                if d:
                    parts.append((b.terrain[i].replace("_", " "), d))
            c += d
            for k in DEFENCE_MARKERS:
                n = mk[k][i]
                if n:
                    c += n * MARKER_TYPES[k].defence
                    if parts is not None:
                        parts.append((k, n * MARKER_TYPES[k].defence))
            if guarded and i in guarded:  # a piece's defence (the Keep, U-CONQ-2)
                for p in guarded[i]:
                    c += PIECES[p].defence
                    if parts is not None:
                        parts.append((PIECES[p].english, PIECES[p].defence))
            race = races[i]
            if race is not None and race != army.race:
                c += tokens[i]
                if parts is not None:
                    parts.append(("lost tribe" if race == LOST_TRIBE else race_name(race), tokens[i]))
            for ab in mods:
                for item in ab.cost_modifiers(self, army, i):
                    c += item[1]
                    if parts is not None:
                        parts.append(item)
                        if rules is not None:
                            rules[item[0]] = ab.rule
            if roll is not None:  # a die rolled before choosing the target (A-BASE-06)
                c -= roll
                if parts is not None:
                    parts.append((army.turn.get("die_label", "die"), -roll))
            if c < 1:
                if parts is not None:
                    parts.append(("minimum 1", 1 - c))
                c = 1
            out.append(c)
        return out

    def may_reinforce(self, army: Army) -> bool:
        """The final die may be asked for (B-FINAL-1): not by a race whose die is rolled before
        choosing instead (Berserk, A-BASE-06), nor with such a die already showing."""
        return army.roll is None and not self._switches(army)[10]

    def _reach(self, army: Army, without: frozenset[str] = NONE_LEFT_OUT) -> tuple[Any, ...]:
        """What decides where `army` may go, computed once: the fields of `Reach` as a plain
        tuple (unpacked on the hot path of every target test), with the effects of the sources
        in `without` left out."""
        held = self.regions_of(army.race)
        adj = self.board.adjacent_sets
        near: set[int] = set()
        for j in held:
            near |= adj[j]
        if without:
            water, anywhere, free, extra, refuses = self._switches_without(army, without)[:5]
            hooks = tuple(ab for src, ab in self.sources(army) if src not in without)
        else:
            water, anywhere, free, extra, refuses = self._switches(army)[:5]
            hooks = self.effects_of(army)
        return (held, near, hooks, water, anywhere, free, extra, refuses, {}, without)

    def reach(self, army: Army, without: Any = ()) -> Reach:
        """What decides where `army` may go now, with the effects of the sources in `without`
        left out (swcore.effects.SOURCES); give it to `target_error` and `targets`."""
        return Reach._make(self._reach(army, left_out(without)) if without else self._reach(army))

    def target_error(self, army: Army, i: int, reach: Reach | None = None) -> RuleError | None:
        """Why `army` may not conquer region i now (None when it may): the one target test
        (B-CONQ, B-DEF-5, the effects' immunity and refusals), with `reach`'s sources left out."""
        return self._target_error(army, i, reach)

    def targets(self, army: Army, reach: Reach | None = None) -> list[int]:
        """The regions `army` may conquer now (with `reach`'s sources left out)."""
        return self._targets(army, reach or self._reach(army))

    def screen(self, army: Army, regions: Any, reach: Reach) -> Any:
        """(region, rule ID of why not, or None) for each of `regions`: `target_error` in one
        pass over many regions (a word testing a jump from several places, the Catapult)."""
        return self._screen(army, regions, reach, False)

    def candidates(self, reach: Reach, army: Army | None = None) -> Any:
        """The regions worth testing as targets (`screen`): the neighbours of the regions held,
        or every region when the race may go further; given the army, the neighbours and the
        regions its effects may add (`extra_adjacent_regions`) when they all say which."""
        return self._candidates(reach, army)

    def _target_error(self, army: Army, i: int, reach: tuple[Any, ...] | None = None,
                      explain: bool = True) -> Any:
        """Why `army` may not conquer region i (None when it may): a RuleError, or just its rule
        ID when `explain` is false."""
        for _, why in self._screen(army, (i,), reach or self._reach(army), explain):
            return why

    def _targets(self, army: Army, reach: tuple[Any, ...]) -> list[int]:
        """The regions `army` may conquer now, of its candidates (legal_actions, the options of
        the words that conquer: hot, so tested in one pass)."""
        return [i for i, why in self._screen(army, self._candidates(reach, army), reach, False)
                if why is None]

    def _screen(self, army: Army, regions: Any, reach: tuple[Any, ...], explain: bool) -> Any:
        """(region, why not) for each of `regions`: the one target test (B-CONQ, B-DEF-5, the
        effects' immunity and refusals), a generator so a pass over many regions reads the
        position and the army's switches once."""
        b = self.board
        held, near, _, water_ok, anywhere, free, extra, refuses, shields, without = reach
        seat = army.owner
        never, water, entry = b.base_cost, b.water, b.entry
        races, owners, armies, mk = self.race, self.owner, self.armies, self.mk
        entries = None  # the effects adding entry regions, looked up once if needed
        guards = self._guards(IMMUNE_PIECES) if self.pieces else None
        for i in regions:
            if never[i] is None:  # a chasm, the Necromancer's Island: never occupied
                rule = "U-CHASM-1" if b.kind[i] == "chasm" else "X-NEC-2"
                yield i, explain and RuleError(rule, f"{b.ids[i]} ({b.kind[i]}) can never be "
                                                     "conquered") or rule
                continue
            if guards and i in guards:  # a piece making its region immune (U-DEF-2)
                piece = next((PIECES[p] for p in guards[i]
                              if PIECES[p].immune == "all" or owners[i] != seat), None)
                if piece is not None:
                    rule = piece.rule.split()[0]
                    yield i, explain and RuleError(rule, f"{b.ids[i]} is immune: {piece.english} "
                                                         "protects it") or rule
                    continue
            if water[i] and not water_ok:
                yield i, explain and RuleError("B-CONQ-4", f"{b.ids[i]} is a {b.terrain[i]}: seas "
                                               "and the lake cannot be conquered") or "B-CONQ-4"
                continue
            race = races[i]
            if race == army.race:
                yield i, explain and RuleError("B-CONQ-2", f"{b.ids[i]} is already held by these "
                                                           f"{race_name(race)}") or "B-CONQ-2"
                continue
            why: Any = None
            if race is not None and race not in NEUTRALS:
                defender = armies[race]
                own = owners[i] == seat
                if own and not defender.declined and not army.declined:
                    yield i, explain and RuleError("B-CONQ-2", f"{b.ids[i]} is held by "
                                                   f"{self.players[seat]}'s own active race") or "B-CONQ-2"
                    continue
                for k in IMMUNE_MARKERS:  # B-DEF-5, A-BASE-14
                    if mk[k][i] and (not own or k in IMMUNE_TO_ALL):
                        why = explain and RuleError("B-DEF-5", f"{b.ids[i]} is immune: its "
                                                    f"{MARKER_TYPES[k].english} protects it") or "B-DEF-5"
                        break
                if why is None and not own:
                    table = shields.get(race)  # the defenders' immune effects, once per race
                    if table is None:
                        table = shields[race] = self.effects_with(defender, "immune")
                    for ab in table:
                        why = ab.immune(self, defender, i, army)
                        if why is not None:
                            why = explain and why or why.rule
                            break
            if why is None:
                for ab in refuses:
                    why = ab.refuses_target(self, army, i)
                    if why is not None:
                        why = explain and why or why.rule
                        break
            if why is None:
                if not held:
                    if not entry[i] and not anywhere and entries is None:
                        entries = (self._fx_without(army, "extra_entry", without) if without
                                   else self.effects_with(army, "extra_entry"))
                    if not entry[i] and not anywhere and not any(
                            ab.extra_entry(self, army, i) for ab in entries):
                        # in the board's own terms: by a sea on the edge where there are seas;
                        # else as the Underground rule book says (U-EDGE-1, AU-11)
                        why = explain and off_edge(b, i) or "B-CONQ-1"
                elif i not in near and not free:
                    if not extra or not any(ab.extra_adjacent(self, army, i, held) for ab in extra):
                        why = explain and RuleError("B-CONQ-5", f"{b.ids[i]} is not adjacent to a "
                                                    f"region of the {race_name(army.race)}") or "B-CONQ-5"
            yield i, why

    def _guards(self, kinds: frozenset[str]) -> dict[int, list[str]]:
        """{region: the pieces of `kinds` lying there} (those making it immune, or adding to
        its defence: pieces.csv), read only: kept until a piece moves (`_clock`), since every
        target test and cost asks it."""
        clock = self._clock[0]
        kept = self._guarded.get(kinds)
        if kept is not None and kept[0] == clock:
            return kept[1]
        out: dict[int, list[str]] = {}
        for p, i in self.pieces.items():
            if i is not None and p in kinds:
                out.setdefault(i, []).append(p)
        self._guarded[kinds] = (clock, out)
        return out

    def _candidates(self, reach: tuple[Any, ...], army: Army | None = None) -> Any:
        """Regions worth testing as targets: the neighbours, unless the race may go further
        (then every region, or the neighbours and the regions its `extra` effects name); in
        the board's order, so the targets come out as a pass over every region gives them."""
        held, near, _, _, _, free, extra, _, _, _ = reach
        if not held or free:
            return range(len(self.board))
        if extra:
            if army is None:
                return range(len(self.board))
            near = set(near)
            for ab in extra:
                more = ab.extra_adjacent_regions(self, army, held)
                if more is None:
                    return range(len(self.board))
                near.update(more)
        return sorted(near.difference(held))

    def check_conquest_open(self, army: Army) -> None:
        """Refuse a conquest once the race's conquests are over for the turn (B-FINAL-4)."""
        if army.over:
            raise RuleError("B-FINAL-4", "the conquests of this race are over for this turn")

    def _do_conquer(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self.acting(seat, a.by, a.race)
        self.ready_troops(army)
        self.check_conquest_open(army)
        i = self.board.region(a.region)
        rolled = self.rolls
        optional = [o for ab in self.effects_with(army, "conquer_args") for o in ab.conquer_args(self, army, a, i)]
        if a.roll is not None and not a.reinforce and self.rolls == rolled:
            # a result given for a die an effect rolls before the conquest (the Will-o'-Wisps'
            # early die, AU-26) was taken by that effect; any other goes with the final die
            raise InputError("action.roll", "a die result goes with `reinforce: true`")
        err = self._target_error(army, i)
        if err:
            raise err
        least, rule = self.least(army)
        if army.hand < least:  # X-CUR-KOB-1: the final die too needs that many in hand
            raise RuleError("B-CONQ-3", "no tokens left in hand to conquer with") if least == 1 \
                else RuleError(rule, f"a region is conquered with at least {least} tokens; "
                                     f"{army.hand} in hand")
        parts: list[tuple[str, int]] = []
        cost = full = self._cost(army, i, parts)
        if optional:  # paid for only when needed (X-BNA-MER-1, -2)
            cost = max(1, full + sum(o[1] for o in optional))
        logged = a.to_dict()
        if a.reinforce:
            if not self.may_reinforce(army):
                raise RuleError("A-BASE-06", "Berserk rolls before choosing (berserk), not after")
            if army.hand >= full:
                raise RuleError("B-FINAL-1", f"{a.region} costs {full} and {army.hand} tokens are in "
                                             "hand: conquer it without the die")
            short = cost - army.hand
            if short > self.options.final_die_max_short:
                raise RuleError("B-FINAL-2", f"{a.region} needs {short} more tokens than in hand; "
                                             "the die gives at most 3")
            roll = self.roll_die(a.roll)
            # in the word's order; the die and the other values are already checked
            logged = Action.trusted(a.by, a.do, **{**a.args, "roll": roll}).to_dict()
            events = [self.new_event("roll", f"{a.by} rolls the reinforcement die for {a.region}: {roll}",
                                  seat, roll=roll, region=a.region)]
            if army.hand + roll >= full:  # B-FINAL-3: all the tokens in hand go in
                events += self.take(army, i, army.hand, full, parts)
            elif army.hand + roll >= cost:  # the roll alone leaves it short: pay (X-BNA-MER-2)
                events += self._paid(optional, parts)
                events += self.take(army, i, army.hand, cost, parts)
            else:
                events.append(self.new_event("final_failed", f"the final conquest of {a.region} fails "
                                          f"({army.hand} + {roll} < {cost})", seat, region=a.region))
            return events + self._end_conquests(army), logged  # B-FINAL-4
        if army.hand < cost:
            if army.roll is None:
                raise RuleError("B-CONQ-2", f"{a.region} costs {cost} tokens; {army.hand} in hand")
            # A-BASE-06: with too few tokens after the Berserk roll, this was the last attempt.
            self._end_conquests(army)
            return [self.new_event("final_failed", f"the Berserk attack on {a.region} falls short "
                                f"({army.hand} < {cost}): the conquests are over", seat,
                                region=a.region)], logged
        army.roll = None
        paid = self._paid(optional, parts) if optional else []
        return paid + self.take(army, i, max(cost, least), cost, parts), logged

    def _paid(self, optional: list[Any], parts: list[tuple[str, int]]) -> list[Event]:
        """The optional cost changes of a conquest are used: each is paid for (`conquer_args`)."""
        events: list[Event] = []
        for label, change, pay in optional:
            parts.append((label, change))
            events += pay()
        return events

    def take(self, army: Army, i: int, committed: int, cost: int,
              parts: list[tuple[str, int]]) -> list[Event]:
        """Region i changes hands (B-CONQ-6, B-LOSS-1); `committed` tokens come from hand, at
        least the army's `min_per_region` (X-CUR-KOB-1: the Dragon's one token is two Kobolds)."""
        seat = army.owner
        rid = self.board.ids[i]
        committed = max(committed, self.least(army)[0])
        held_by = self.race[i]
        defender = self.armies.get(held_by) if held_by is not None else None
        events = self._evict(army, i)
        if self.pieces:
            self._pieces_taken(i)
        self.occupy(i, army.race, seat, committed)
        army.hand -= committed
        army.conquests += 1
        if self.effects_with(army, "on:conquered"):  # hot: tell only when someone hears
            events += self.tell(army, "conquered", region=i)  # (a relic moved, U-PR-3)
        events += self.taken_from(army, i, defender)
        detail = ", ".join(f"{k} {v:+d}" if k != "base" else f"{k} {v}" for k, v in parts)
        events.insert(0, self.new_event(
            "conquer", f"{self.players[seat]}'s {race_name(army.race)} conquer {rid} with {committed} "
                       f"token{'s' if committed != 1 else ''} (cost {cost}: {detail})",
            seat, region=rid, race=army.race, cost=cost, committed=committed, breakdown=parts))
        return events

    def _pieces_taken(self, i: int) -> None:
        """The pieces of a conquered region: most stay and pass to the conqueror (U-LOSS-4);
        those whose `on_conquest` says so leave the board (back to their owner: U-POWER-MAGIC-3)."""
        for p, at in list(self.pieces.items()):
            if at == i and p in PIECES and PIECES[p].on_conquest != "stays":
                self.pieces[p] = None

    def taken_from(self, army: Army, i: int, defender: Army | None) -> list[Event]:
        """After a conquest or a conversion of region i from `defender` (X-CUR-RAN-1, A-CUR-06)."""
        if not self.effects_with(army, "on:took"):  # hot: tell only when someone hears
            return []
        return self.tell(army, "took", region=i, defender=defender)

    def region_lost_events(self, defender: Army, i: int, attacker: Army, lost: int) -> list[Event]:
        """An enemy conquest or conversion takes region i from `defender` (markers still there)."""
        return self.tell(defender, "lost", region=i, attacker=attacker, lost=lost)

    def loss_of(self, defender: Army, i: int, attacker: Army, loss: int) -> int:
        """The tokens `defender` discards when `attacker` takes region i, `loss` unless one of its
        `region_lost` effects says otherwise; such an effect may first take a token out of the
        region (a captured Leader, which replaces the loss: A-LEAD-02)."""
        for ab in self.effects_with(defender, "region_lost"):
            loss = ab.region_lost(self, defender, i, attacker, loss)
        return max(0, min(self.tokens[i], loss))

    def _evict(self, army: Army, i: int) -> list[Event]:
        """The previous occupants of region i lose one token and withdraw the rest (B-LOSS)."""
        race, n = self.race[i], self.tokens[i]
        events: list[Event] = []
        seat = army.owner
        if race is None:
            self.clear_region(i)
            return events
        own_decline = race != LOST_TRIBE and self.owner[i] == seat
        if not own_decline or self.options.own_decline_counts_non_empty:
            army.nonempty += 1  # B-DEF-4, tested before the conquest
        if race in NEUTRALS:  # no army behind them (a Pirate Ship leaves the game, A-RW-04)
            self.clear_region(i)
            what, kind = ("Lost Tribe", "lost_tribe") if race == LOST_TRIBE else (race_name(race), "neutral")
            verb = "are" if what.endswith("s") else "is"  # the Monsters (U-MON-3)
            return [self.new_event(kind, f"the {what} of {self.board.ids[i]} {verb} wiped out",
                                seat, region=self.board.ids[i])] + self._tokens_lost(army, i, race, n)
        defender = self.armies[race]
        if not self.seen_declined(defender) and not army.declined:  # an attack (A-BASE-08, A-NEC-05)
            self._t["attacked"].add(defender.owner)
        return events + self.drive_out(army, i)

    def drive_out(self, army: Army, i: int, times: int = 1) -> list[Event]:
        """The player's race in region i loses it to `army` (B-LOSS-1, -2): it discards its loss,
        `times` over (the Balrog's 2, U-PLACE-PENTACLE-2), which its effects may change (Elves,
        Immortal: none; the Socks' flight), and withdraws the rest, placed again after the
        turn; the region is left empty."""
        race, n, seat = self.race[i], self.tokens[i], army.owner
        assert race is not None and race not in NEUTRALS
        events: list[Event] = []
        defender = self.armies[race]
        loss = self.loss_of(defender, i, army, times * (1 if defender.declined else min(
            (ab.defender_loss for ab in self.effects_with(defender, "defender_loss")), default=1)))
        n = self.tokens[i]  # a captured Leader has left the region (A-LEAD-02)
        back = n - loss
        flee = back and defender.declined and any(  # U-RELIC-SOCKS-1: in decline too
            ab.flees(self, defender, i, army) for ab in self.effects_with(defender, "flees"))
        if back and defender.declined and not self.gives(defender, "conquers_in_decline") and not (
                any(r != i for r in self.regions_of(race))
                and (flee or self.gives(defender, "redeploys_in_decline"))):
            back, loss = 0, n  # an in-decline race never redeploys (B-DECL-8), but Tomb's
            # (U-POWER-TOMB-2) or the Socks' fugitives (U-RELIC-SOCKS-1) where it keeps a
            # region: the tokens it cannot place are lost
        if defender.owner != seat:  # an enemy conquest (X-BNA-COR-1, X-BNA-PYG-1, X-BNA-LEP-3)
            events += self.region_lost_events(defender, i, army, loss)
        self.clear_region(i)
        events += self._tokens_lost(army, i, race, n - back)
        defender.hand += back
        if defender.owner != seat or defender.declined:
            defender.withdrawn += back
        # else: the owner's own active race, attacked by its in-decline Ghouls, acts later in
        # this same turn, so the withdrawn tokens simply join its hand (B-LOSS-2, A-BASE-03).
        events.append(self.new_event(
            "loss", f"{self.players[defender.owner]}'s {race_name(race)} lose {self.board.ids[i]}: "
                    f"{loss} discarded, {back} taken back", defender.owner,
            region=self.board.ids[i], race=race, lost=loss, withdrawn=back))
        if not self.regions_of(race) and defender.hand == 0 and defender.held == 0 and defender.declined:
            events.append(self._remove_army(race))
        return events

    def _tokens_lost(self, army: Army, i: int, race: str, lost: int) -> list[Event]:
        """A conquest by `army` discards `lost` tokens of `race` from region i (X-NEC-8)."""
        if not lost or not self.effects_with(army, "on:discarded"):
            return []
        return self.tell(army, "discarded", region=i, race=race, lost=lost)

    def _do_abandon(self, seat: int, a: Action) -> tuple[list[Event], dict[str, Any]]:
        army = self.acting(seat, a.by, a.race)
        self.ready_troops(army)
        i = self.board.region(a.region)
        if army.conquests or army.over:
            raise RuleError("A-BASE-07", "regions are abandoned only at Ready Troops, before the "
                                         "first conquest of the turn")
        if self.race[i] != army.race:
            raise RuleError("B-READY-2", f"{a.region} is not held by these {race_name(army.race)}")
        army.hand += self.tokens[i]
        self.clear_region(i)
        events = [self.new_event("abandon", f"{a.by} abandons {a.region}", seat, region=a.region,
                              race=army.race)]
        events += self.tell(army, "abandoned", region=i)
        return events, a.to_dict()
