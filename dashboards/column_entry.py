"""The combo column as a table sets it up (B-SETUP-3), for the new-game form and the score
sheet's switch to the map, so both ask the same and give the engine the same keywords.

Either the app shuffles it (a seed) or the table enters it as it lies: the six visible
race/power pairs, top first; each later pair is then entered on the turn screen as it is
revealed (the engine's `stacks="table"` and `reveal`). A banner or badge whose printed number
no source confirms asks the table for it (`values`), so the app never guesses; a marker whose
box count has a single source may be given too (`supply`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import panel as pn
import param

from swcore import CATALOGUE
from swcore.catalogue import in_sets
from swcore.config import default_pool
from swcore.i18n import item_name
from swcore.markers import MARKER_TYPES, unconfirmed_boxes

from .i18n import N_, _, lang
from .session import SetupError

SHUFFLE, TABLE = N_("Shuffle for us"), N_("Enter as on the table")
PAIRS = 6  # the visible combos: five in the column and the piles' (B-COMBO-1)
W = {"sizing_mode": "stretch_width"}


def pool_options(kind: str, expansions: list[str], taken: Iterable[str] = ()) -> dict[str, str]:
    """{name in the page's language: id} of the races or powers (`kind`) of the sets in play,
    less those `taken` (held by a race in play)."""
    out = set(taken)
    return {item_name(x, lang()): x for x in in_sets(kind, default_pool(expansions))
            if x not in out}


class ColumnEntry(pn.viewable.Viewer):
    """The column's choice and, entered from the table, its six pairs and the numbers asked."""

    mode = param.Selector(default=SHUFFLE, objects=[SHUFFLE, TABLE], label="Combo column")
    seed = param.Integer(default=0, label="Shuffle number (seed)")

    def __init__(self, expansions: list[str] | None = None, taken: Iterable[str] = (),
                 **params: Any):
        params.setdefault("seed", random.randrange(1, 1_000_000))
        super().__init__(**params)
        # The choices' words in the page's language (the values stay the same).
        self.param.mode.objects = {_(SHUFFLE): SHUFFLE, _(TABLE): TABLE}
        self._pairs: list[tuple[pn.widgets.Select, pn.widgets.Select]] = []
        self._pair_box = pn.Column(**W)
        for k in range(PAIRS):
            race = pn.widgets.Select(label=_("Pair {n}: race").format(n=k + 1), **W)
            power = pn.widgets.Select(label=_("power"), **W)
            self._pairs.append((race, power))
            self._pair_box.append(pn.Row(race, power, **W))
        self._asked: dict[tuple[str, str], pn.widgets.IntInput] = {}  # (values|supply, id)
        self._values_box = pn.Column(**W)
        self.set_pool(expansions or [], taken)
        for w in (w for pair in self._pairs for w in pair):
            w.param.watch(lambda e: self._ask_values(), "value")
        radio = {"color": "primary", "variant": "outline", **W}
        self._layout = pn.Column(
            pn.widgets.RadioButtonGroup.from_param(self.param.mode, height=50, **radio),
            pn.Column(pn.widgets.IntInput.from_param(self.param.seed,
                                                     name=_("Shuffle number (seed)"), **W),
                      visible=self.param.mode.rx() == SHUFFLE, **W),
            pn.Column(pn.pane.Markdown(_("The six visible pairs, **top of the column first**. "
                                         "Each new pair is entered on the turn screen when it "
                                         "is revealed.")),
                      self._pair_box, self._values_box,
                      visible=self.param.mode.rx() != SHUFFLE, **W), **W)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def set_pool(self, expansions: list[str], taken: Iterable[str] = ()) -> None:
        """Offer the banners and badges of the sets in play, less those `taken`; a pair keeps
        its choice while it is offered."""
        races, powers = pool_options("race", expansions, taken), pool_options("power", expansions, taken)
        rs, ps = list(races.values()), list(powers.values())
        for k, (race, power) in enumerate(self._pairs):
            keep_r, keep_p = race.value, power.value
            race.options, power.options = races, powers
            race.value = keep_r if keep_r in rs else rs[k % len(rs)]
            power.value = keep_p if keep_p in ps else ps[k % len(ps)]
        self._ask_values()

    def _ask_values(self) -> None:
        """For each visible banner or badge whose number no source confirms: the number printed
        on it (required), and for a race whose box count is unknown, its tokens in the box; for
        the markers they bring whose box count has a single source, how many the box holds
        (optional: the rule book's number by default)."""
        rows = []
        for x in dict.fromkeys(w.value for pair in self._pairs for w in pair):
            e = CATALOGUE.get(x)
            if e is None or e.confirmed:
                continue
            name = item_name(x, lang())
            rows.append(self._asked_input(
                "values", x, (_("Number printed on the {name} banner") if e.kind == "race" else
                              _("Number printed on the {name} badge")).format(name=name),
                _("needed: the sources we have do not agree on it")))
            if e.kind == "race" and e.box is None:
                rows.append(self._asked_input("supply", x, _("{name} tokens in the box").format(
                    name=name), _("empty: no limit")))
        for m in dict.fromkeys(m for pair in self._pairs for w in pair if w.value in CATALOGUE
                               for m in unconfirmed_boxes(CATALOGUE[w.value].rule)):
            rows.append(self._asked_input("supply", m, _("{name} in the box").format(
                name=item_name(m, lang())), _("empty: {n}, as the rule book says").format(
                n=MARKER_TYPES[m].box)))
        head = [pn.pane.HTML("<div style='font-size:15px;margin-top:8px'>" + _(
            "<b>Numbers from your tiles</b>: the rules' sources disagree or are silent on these; "
            "type what your box shows.") + "</div>", **W)] if rows else []
        self._values_box[:] = head + rows

    def _asked_input(self, what: str, item: str, text: str, hint: str) -> Any:
        key = (what, item)
        if key not in self._asked:
            self._asked[key] = pn.widgets.IntInput(label=text, value=None, start=0, placeholder=hint,
                                                   **W)
        return self._asked[key]

    # --- tests and scripts ---------------------------------------------------------------
    def set_pairs(self, pairs: list[tuple[str, str]]) -> None:
        """Choose the first pairs, top first (tests, scripts)."""
        for (race, power), (r, p) in zip(self._pairs, pairs, strict=False):
            race.value, power.value = r, p

    def set_value(self, what: str, item: str, number: int | None) -> None:
        """Type a number asked from the tiles (`values` or `supply`)."""
        self._asked[(what, item)].value = number

    def asked(self) -> list[tuple[str, str]]:
        """The numbers the form asks for now: (`values` or `supply`, id)."""
        return [k for k, w in self._asked.items() if any(w is r for r in self._values_box)]

    # --- what the engine is given -------------------------------------------------------
    def kwargs(self) -> dict[str, Any]:
        """The column's `make_setup` keywords: the seed, or the six pairs as on the table with
        the numbers typed (`SetupError` for a banner or badge entered twice, a number missing)."""
        if self.mode == SHUFFLE:
            return {"seed": self.seed}
        races = [r.value for r, _p in self._pairs]
        powers = [p.value for _r, p in self._pairs]
        for ids in (races, powers):
            seen: set[str] = set()
            for k, x in enumerate(ids):
                if x in seen:
                    raise SetupError("column", _(
                        "Pair {n}: {name} is already in the column; each banner and badge "
                        "is unique.").format(n=k + 1, name=item_name(x, lang())))
                seen.add(x)
        return {"races": races, "powers": powers, "seed": self.seed, "stacks": "table",
                **self._tile_numbers()}

    def _tile_numbers(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for what, item in self.asked():
            number = self._asked[(what, item)].value
            if number is None and what == "values":
                raise SetupError("values", (
                    _("Type the number printed on the {name} banner: the app does not guess it.")
                    if CATALOGUE[item].kind == "race" else
                    _("Type the number printed on the {name} badge: the app does not guess it.")
                ).format(name=item_name(item, lang())))
            if number is not None:
                out.setdefault(what, {})[item] = number
        return out
