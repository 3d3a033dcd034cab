"""What would a strong player do? The planner bot's choice with its reasons in plain words.

Why: a learner learns from the reasons, not from a bare answer. `advise(game)` asks
`swcore.bots.PlannerBot` for the decision in front of the player to act (a combo to pick, the
next conquest, the redeployment, going into decline, the end of the turn) and explains it with
the numbers the planner itself used: the combo's expected coins over the turns left, a target's
cost and its coins a turn, the threats counted around a region, the die's chance, carrying on
against declining, and the coins the turn scores now (the action tried on a copy of the game).

Reasons are English templates with named numbers; `Advice.lines(lang)` gives them in English
or French (gettext domain `advisor`, swcore/locale/fr/LC_MESSAGES/advisor.po). No UI here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .bots import PlannerBot, _arg, _holds, _is_redeploy, _kinds, _value
from .catalogue import DIE_FACES
from .game import Game
from .i18n import item_name, normalise, term, translation
from .words import WORDS, Kind, describe


def N_(text: str) -> str:
    """Marks a template for the `advisor` catalogue (translated when shown, by `Reason.text`)."""
    return text


#: The kinds of decision, for the app's headings.
KINDS = ("pick", "conquest", "redeploy", "decline", "end", "withdraw", "other")


@dataclass(frozen=True)
class Reason:
    """One sentence: an English template (`advisor` catalogue key) and the values it names."""

    template: str
    values: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        lang = normalise(lang)
        shown = {k: _show(v, lang) for k, v in self.values.items()}
        return translation(lang, "advisor").gettext(self.template).format(**shown)


@dataclass(frozen=True)
class Advice:
    """The action the planner would take now, what kind of decision it is, and why."""

    player: str
    action: Action
    kind: str
    reasons: tuple[Reason, ...]

    def lines(self, lang: str = "en") -> list[str]:
        """The choice, then each reason, in `lang`."""
        head = Reason("The planner would: {action}.", {"action": _Said(self.action)})
        return [head.text(lang)] + [r.text(lang) for r in self.reasons]


class _Said:
    """An action, said in the reader's language (`swcore.words.describe`)."""

    def __init__(self, action: Action):
        self.action = action

    def say(self, lang: str) -> str:
        return describe(self.action, lang=lang)


class _Item:
    """A race, power or combo named as the reader's rule book names it."""

    def __init__(self, *items: str):
        self.items = items

    def say(self, lang: str) -> str:
        return " + ".join(item_name(i, lang) for i in self.items)


class _Parts:
    """A cost's breakdown, its labels in the reader's language (`swcore.i18n.term`)."""

    def __init__(self, parts: list[tuple[str, int]], players: tuple[str, ...]):
        self.parts, self.players = parts, players

    def say(self, lang: str) -> str:
        return ", ".join(f"{term(label, lang, self.players)} {n:+d}" for label, n in self.parts)


def _show(value: Any, lang: str) -> str:
    if hasattr(value, "say"):
        return value.say(lang)
    if isinstance(value, float):
        text = f"{value:.1f}"
        return text.replace(".", ",") if lang == "fr" else text
    return str(value)


def advise(game: Game, planner: PlannerBot | None = None) -> Advice:
    """The planner's choice for the player to act, with its reasons (the game is unchanged)."""
    bot = planner or PlannerBot()
    actions = game.legal_actions()
    chosen = bot.choose(game, actions)
    player = game.to_act
    kind, reasons = _explain(game, bot, actions, chosen)
    return Advice(player, chosen, kind, tuple(reasons))


def _explain(game: Game, bot: PlannerBot, actions: list[Action], a: Action
             ) -> tuple[str, list[Reason]]:
    if len(actions) == 1:
        only = [Reason("It is the only move the rules allow now.")]
        if WORDS[a.do].place == "bar":
            return "end", only + _scores_now(game, a)
        return "other", only
    if Kind.COMBO in _kinds(a):
        return "pick", _pick(game, bot, actions, a)
    if game.queue:
        return "withdraw", _placement(game, a)
    bar = [x for x in actions if WORDS[x.do].place == "bar"]
    if WORDS[a.do].place == "region" and a.region is not None and not _holds(game, a):
        return "conquest", _conquest(game, bot, actions, a) + _decline_terms(game, bot, actions, False)
    if len(bar) > 1 and a == bar[0]:
        return "decline", _decline_terms(game, bot, actions, True) + _scores_now(game, a)
    if _is_redeploy(a):
        return "redeploy", _placement(game, a) + _targets_left(game, bot, actions)
    if bar and a == bar[-1]:
        return "end", _targets_left(game, bot, actions) + _scores_now(game, a)
    return "other", [Reason("It is the action the planner values most here.")]


def _pick(game: Game, bot: PlannerBot, actions: list[Action], a: Action) -> list[Reason]:
    turns = game.turns - game.turn + 1
    worth = {}
    for x in actions:
        if Kind.COMBO in _kinds(x):
            k = _value(x, Kind.COMBO)
            worth[k] = bot._combo_worth(game, k)
    k = _value(a, Kind.COMBO)
    race, power, coins = game.column[k]
    price = game.combo_price(k)
    out = [Reason("{combo}: {tokens} tokens. Over the {turns} turns left it should bring about "
                  "{income} coins, plus {coins} coins lying on it, minus its price of {price}: "
                  "worth {worth}.",
                  {"combo": _Item(race, power), "tokens": game.value_of(race) + game.value_of(power),
                   "turns": turns, "income": float(worth[k] - coins + price), "coins": coins,
                   "price": price, "worth": float(worth[k])})]
    others = sorted((w, j) for j, w in worth.items() if j != k)
    if others:
        w, j = others[-1]
        out.append(Reason("The next best, {combo}, is worth {worth}.",
                          {"combo": _Item(game.column[j][0], game.column[j][1]), "worth": float(w)}))
    return out


def _threats(game: Game, seat: int, region: str) -> Reason:
    """The threats the planner counts around a region (opponents' active races next door, the
    board's edge where new races land)."""
    b = game.board
    i = b.region(region)
    near = sum(1 for j in b.adjacent[i] if game.owner[j] is not None and game.owner[j] != seat
               and game.race[j] == game.active[game.owner[j]])
    template = (N_("Threats counted at {region}: {near} opponent active races next door, on the "
                   "board's edge: risk {risk}.") if b.entry[i] else
                N_("Threats counted at {region}: {near} opponent active races next door: risk {risk}."))
    return Reason(template, {"region": region, "near": near,
                             "risk": float(PlannerBot()._threat(game, seat, i))})


def _conquest(game: Game, bot: PlannerBot, actions: list[Action], a: Action) -> list[Reason]:
    army = game.army_of(a.by, _arg(a, Kind.RACE))
    seat = army.owner if army else game.seat
    quote = game.quote(a.region, a.by, _arg(a, Kind.RACE))
    value = bot._value(game, a)
    hand = game.available(army) if army else 0
    left = game.turns - game.turn + 1
    future = sum(value * (1 - bot.EROSION) ** n for n in range(left))
    parts = _Parts(quote.breakdown, tuple(game.players))
    out = [Reason("Taking {region} costs {cost} tokens ({parts}); you have {hand} to conquer with.",
                  {"region": a.region, "cost": quote.cost, "parts": parts, "hand": hand}),
           Reason("It should bring {value} coins at this turn's end (1 for the region, its score "
                  "bonus, an opponent's loss, less its risk) and about {future} over the {left} "
                  "turns left if kept.", {"value": float(value), "future": float(future), "left": left}),
           _threats(game, seat, a.region)]
    if Kind.FLAG in _kinds(a) or (quote.cost > hand and WORDS[a.do].flags):
        short = quote.cost - hand
        chance = sum(1 for f in DIE_FACES if f >= short) / len(DIE_FACES)
        out.append(Reason("Last conquest with the die: {chance} % that it covers the {short} tokens "
                          "missing.", {"chance": round(100 * chance), "short": short}))
    else:
        ratio = value / max(1, quote.cost)
        rivals = [(bot._value(game, x) / max(1, bot._cost(game, x)), x.region) for x in actions
                  if x.do == a.do and x.region not in (None, a.region) and not _kinds(x) & {Kind.FLAG}
                  and not _holds(game, x)]
        if rivals:
            r, region = max(rivals)
            out.append(Reason("{ratio} coins a token, against {other} for the next best target, "
                              "{region}.", {"ratio": float(ratio), "other": float(r), "region": region}))
    return out


def _decline_terms(game: Game, bot: PlannerBot, actions: list[Action], declining: bool
                   ) -> list[Reason]:
    """Carrying on against declining, shown when the planner weighed them (a fresh turn)."""
    army = game.army_of(game.current)
    if army is None or army.declined:
        return []
    bar = [x for x in actions if WORDS[x.do].place == "bar"]
    fresh = not (army.ready or army.conquests or army.redeployed or army.used)
    if not declining and (len(bar) < 2 or not fresh):
        return []
    terms = bot.decline_terms(game, army, actions)
    if terms is None:
        return []
    carry, spent, fresh = terms
    return [Reason("Carrying on should bring about {carry} coins over the {left} turns left; going "
                   "into decline, about {spent} from the {held} regions while they last plus "
                   "{fresh} from the best combo picked next turn: {total}.",
                   {"carry": float(carry), "left": game.turns - game.turn + 1, "spent": float(spent),
                    "held": len(game.regions_of(army.race)), "fresh": float(fresh),
                    "total": float(spent + fresh)})]


def _placement(game: Game, a: Action) -> list[Reason]:
    key = next((k for k, p in WORDS[a.do].params.items() if p.kind is Kind.PLACEMENT), None)
    place = dict(a.args.get(key) or {}) if key else {}
    if not place:
        return [Reason("No token is left to place.")]
    seat = game.seat_of(a.by)
    spots = ", ".join(f"{r} {n}" for r, n in sorted(place.items(), key=lambda kv: (-kv[1], kv[0])))
    ranked = sorted(place, key=lambda r: (-PlannerBot()._threat(game, seat, game.board.region(r)), r))
    out = [Reason("Tokens placed: {spots}. One a region, the rest where the threat a token is "
                  "highest.", {"spots": spots})]
    return out + [_threats(game, seat, r) for r in ranked[:2]]


def _targets_left(game: Game, bot: PlannerBot, actions: list[Action]) -> list[Reason]:
    takes = [x for x in actions if WORDS[x.do].place == "region" and x.region is not None
             and not _holds(game, x) and not _kinds(x) & {Kind.FLAG}]
    if not takes:
        return [Reason("No region is left that can be taken this turn.")]
    best = max(takes, key=lambda x: bot._value(game, x) / max(1, bot._cost(game, x)))
    ratio = bot._value(game, best) / max(1, bot._cost(game, best))
    return [Reason("The best target left, {region}, gives {ratio} coins a token: below the "
                   "{least} the planner asks, so its tokens stay to defend.",
                   {"region": best.region, "ratio": float(ratio), "least": float(bot.min_ratio)})]


def _scores_now(game: Game, a: Action) -> list[Reason]:
    """The coins the action scores at once, from trying it on a copy of the game."""
    trial = game.copy()
    seat = game.seat_of(a.by)
    before = trial.coins[seat]
    trial.apply(a)
    return [Reason("This scores {coins} coins now.", {"coins": trial.coins[seat] - before})]
