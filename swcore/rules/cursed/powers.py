"""The five special powers of Cursed! (X-CUR-POW-*)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...effects import Ability, register, when
from ...errors import RuleError

if TYPE_CHECKING:
    from ...game import Army, Game

#: X-CUR-CUR-1: "non pas 1, mais 3 jetons de victoire".
CURSED_PRICE = 3
#: X-CUR-WER-1: "avec 2 pions de Peuple de moins".
WERE_NIGHT = 2


def hordes(game: Game) -> int:
    """Horde tokens in the box (2, X-CUR-HOR-1; the `horde` row of markers.csv, `supply`)."""
    return game.box_of("horde")


@register
class HordesOf(Ability):
    """X-CUR-HOR-1, A-CUR-02: 2 Horde tokens used exactly like race tokens (they attack, defend,
    are lost, count in the tie-break; one lost is out of the game). Tokens are counted, not told
    apart: losses are taken from regular tokens first, so the race has min(2, its tokens) Horde
    tokens. They come from outside the race's box (`extra_box`) and vanish on decline."""

    id, rule = "hordes_of", "X-CUR-HOR-1"
    REGULAR = "hordes_of.regular"  # army.turn: the race's own tokens, counted at the decline

    def extra_tokens(self, game: Game, army: Army) -> int:
        return self.given(game, army)

    def extra_box(self, game: Game, army: Army) -> int:
        return self.given(game, army)

    @staticmethod
    def given(game: Game, army: Army) -> int:
        """The Horde tokens the army has: none for the Necromancer (A-NEC-06)."""
        return 0 if game.gives(army, "no_race_tokens") else hordes(game)

    def region_limit(self, game: Game, army: Army, placed: int) -> int | None:
        """A-CUR-02 option `hordes_need_escort`: a Horde token never holds a region alone, so
        the regular tokens on the board are the most regions the race may keep. The tokens
        are not told apart: when some wait off the board (Pixies, Amazons), the Horde tokens
        may be among them, and all `placed` may be regular ones."""
        if not game.module_options["cursed"].hordes_need_escort:
            return None
        total = game.on_board(army.race) + army.hand + army.held
        return min(placed, total - min(self.given(game, army), total))

    @when("declining")
    def on_decline(self, game: Game, army: Army) -> list[Any]:
        """Before anything leaves, count the race's own tokens: all but the Horde tokens and any
        other token from outside the box (a Leader, which leaves by its own effect, X-LEAD-2).
        Only what adds tokens counts: the race's tokens lying in the Well of Souls (X-NEC-8, a
        negative `extra_box`) are not among those counted."""
        total = game.on_board(army.race) + army.hand + army.held
        outside = sum(max(0, ab.extra_box(game, army))
                      for ab in game.effects_with(army, "extra_box") if ab is not self)
        own = total - outside
        army.turn[self.REGULAR] = own - min(hordes(game), own)
        return []

    @when("declined")
    def after_decline(self, game: Game, army: Army, action: Any) -> list[Any]:
        """The Horde tokens vanish (X-CUR-HOR-1): once B-DECL-3 is done (one per region, or all
        kept by Ghouls; the hand went back first) and the Leader has left, the race keeps at
        most its own tokens: the spare tokens of the largest regions go first, then lone
        tokens (the last listed first)."""
        regular = army.turn.pop(self.REGULAR, None)
        held = game.regions_of(army.race)
        if regular is None:
            return []
        excess = sum(game.tokens[i] for i in held) - regular
        gone: list[str] = []
        while excess > 0 and held:
            j = max(held, key=lambda r: (game.tokens[r], r))
            if game.tokens[j] > 1:
                game.tokens[j] -= 1
            else:
                held.remove(j)
                game.clear_region(j)
                gone.append(game.board.ids[j])
            excess -= 1
        if not gone:
            return []
        return [game.new_event("hordes", "the Horde tokens vanish: " + ", ".join(gone) + " emptied",
                            army.owner, regions=gone)]


@register
class Cursed(Ability):
    """X-CUR-CUR-1, A-CUR-05: 3 coins, not 1, on this combo for picking one below it; whoever
    takes it collects them all (B-COMBO-3). No benefit to its owner."""

    id, rule = "cursed", "X-CUR-CUR-1"

    price_step = CURSED_PRICE


@register
class Marauding(Ability):
    """X-CUR-MAR-1, A-CUR-03: once per turn, after conquering and before any die roll, Ready
    Troops again (one token per region stays, two for Kobolds; regions just conquered
    included), then more conquests; the final die comes after. A die already rolled (the
    reinforcement die ends the conquests; a Berserk die waiting for its conquest) refuses it."""

    id, rule = "marauding", "X-CUR-MAR-1"
    words = ("maraud",)

    def check(self, game: Game, army: Army, action: Any) -> Any:
        game.check_conquest_open(army)
        if army.roll is not None:
            raise RuleError("A-CUR-03", "Marauding comes before any die roll: conquer first")
        if not army.conquests:
            raise RuleError(self.rule, "Marauding comes after the race's conquests: conquer first")
        return None

    def do(self, game: Game, army: Army, action: Any, data: Any) -> list[Any]:
        before = army.hand
        game.journal(lambda: setattr(army, "ready", True))
        army.ready = False
        game.ready_troops(army)
        back = army.hand - before
        return [game.new_event("maraud", f"{game.players[army.owner]} marauds: {back} token"
                            f"{'s' if back != 1 else ''} back in hand to conquer again",
                            army.owner, tokens=back)]

    def options(self, game: Game, army: Army, by: str) -> list[Any]:
        if army.over or army.roll is not None or not army.conquests:
            return []
        least = game.least(army)[0]
        if not any(game.tokens[i] > least for i in game.regions_of(army.race)):
            return []  # nothing to take back
        return [Action.trusted(by=by, do="maraud")]


@register
class Ransacking(Ability):
    """X-CUR-RAN-1, A-CUR-06: 1 coin from the opponent whose active race held the region
    conquered (or converted), at once, nothing when he has none; never from in-decline races
    (Ghouls included), Lost Tribes or other neutral occupants."""

    id, rule = "ransacking", "X-CUR-RAN-1"

    @when("took")
    def on_taken_from(self, game: Game, army: Army, region: int, defender: Army | None) -> list[Any]:
        if defender is None or game.seen_declined(defender) or defender.owner == army.owner:
            return []
        if game.coins[defender.owner] < 1:
            return []
        return [game.pay(defender.owner, army.owner, 1, f"Ransacking in {game.board.ids[region]}")]


@register
class Were(Ability):
    """X-CUR-WER-1, A-CUR-04: at night (even game-turn numbers) every conquest costs 2 fewer
    tokens (minimum 1, B-CONQ-3); by day nothing."""

    id, rule = "were", "X-CUR-WER-1"

    def cost_modifiers(self, game: Game, army: Army, region: int) -> list[tuple[str, int]]:
        return [("Were- at night", -WERE_NIGHT)] if game.turn % 2 == 0 else []
