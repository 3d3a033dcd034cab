"""The Necromancer's game-wide state (X-NEC-2…15): his seat, the Ghost reserve, the Well of
Souls, his unbought powers, the Island; and the rules that read it: the purchase price
(X-NEC-12, A-NEC-03), souls (X-NEC-14), spawning (X-NEC-11, A-NEC-02) and his win (X-NEC-15).

Everything lives in `game.module_state["necromancer"]` (plain JSON-able data, shown in `snapshot()["modules"]`);
every change made during an action that may still be refused is journaled with `game.journal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...game import Army, Game

GHOSTS = "ghosts"
ISLAND = "island"
#: X-NEC-4: badges put back when drawn for the Necromancer.
EXCLUDED = ("cursed", "spirit", "stout")
#: Components: 14 Ghost tokens, 1 of them on the Island at set-up (X-NEC-2, -3).
GHOST_TOKENS = 14
SOUL = "soul"  # an unused race token taken from the tray for a region he holds (X-NEC-14)
SOULS_PER_GHOST = 4


def book(game: Game) -> dict[str, Any]:
    return game.module_state["necromancer"]  # type: ignore[no-any-return]


def in_play(game: Game) -> bool:
    return "necromancer" in game.module_state


def seat(game: Game) -> int:
    return int(book(game)["seat"])


def army(game: Game) -> Army:
    return game.armies[GHOSTS]


def island(game: Game) -> int:
    return game.board.region(ISLAND)


def on_board(game: Game) -> int:
    """Ghosts on map regions and the Island (the price counts them, X-NEC-12)."""
    return game.on_board(GHOSTS)


def well_ghosts(game: Game) -> int:
    return sum(1 for k in book(game)["well"] if k == GHOSTS)


def price(game: Game) -> int:
    """X-NEC-12, A-NEC-03: powers owned + Ghosts on the map and the Island (+ the option
    `necromancer_price_extra`, 0 by the official text), recomputed after each purchase."""
    extra = game.module_options["necromancer"].necromancer_price_extra
    return len(army(game).powers) + on_board(game) + extra


def change(game: Game, key: str, value: Any) -> None:
    """Set one entry of the book, journaled (undone if the action is refused)."""
    b = book(game)
    old = b[key]
    b[key] = value
    game.journal(lambda: b.__setitem__(key, old))


def to_island(game: Game, n: int) -> None:
    """`n` Ghosts onto the Island (it is occupied again if it was empty), journaled."""
    if n <= 0:
        return
    i = island(game)
    before = (game.race[i], game.owner[i], game.tokens[i])
    game.occupy(i, GHOSTS, seat(game), game.tokens[i] + n)
    game.journal(lambda: game.occupy(i, *before))


def empty_island(game: Game) -> int:
    """The Island's Ghosts leave it (into hand, A-NEC-07); returns how many, journaled."""
    i = island(game)
    n = game.tokens[i] if game.race[i] == GHOSTS else 0
    if game.race[i] == GHOSTS:
        before = (game.race[i], game.owner[i], game.tokens[i])
        game.occupy(i, None, None, 0)
        game.journal(lambda: game.occupy(i, *before))
    return n


def into_well(game: Game, kind: str, n: int) -> None:
    """X-NEC-8: souls into the Well, on top of the pile (Ghosts always on top)."""
    if n > 0:
        change(game, "well", [*book(game)["well"], *([kind] * n)])


def spawn(game: Game) -> list[Any]:
    """X-NEC-11, A-NEC-02: for each full set of 4 souls, take 4 from the Well, Ghosts first;
    the Ghosts among them go back to the reserve, the others to the tray; then 1 Ghost from
    the reserve onto the Island, if the reserve has one."""
    events: list[Any] = []
    b = book(game)
    while len(b["well"]) >= SOULS_PER_GHOST:
        ghosts = min(SOULS_PER_GHOST, b["well"].count(GHOSTS))
        others = SOULS_PER_GHOST - ghosts
        change(game, "well", _keep_order(b["well"], ghosts, others))
        reserve = b["reserve"] + ghosts
        new = 1 if reserve else 0
        change(game, "reserve", reserve - new)
        to_island(game, new)
        events.append(game.new_event("spawn", f"4 souls from the Well of Souls ({ghosts} Ghosts back to "
                                  f"the reserve, {others} to the tray)" + (": a new Ghost rises on the "
                                  "Island" if new else "; the reserve is empty"), seat(game),
                                  ghosts=ghosts, spawned=new))
    return events


def _keep_order(well: list[str], ghosts: int, others: int) -> list[str]:
    """The Well after taking `ghosts` Ghosts (from the top) and `others` other souls (from the
    bottom, the oldest), the rest in their order."""
    out = list(well)
    for _ in range(ghosts):
        top = len(out) - 1 - out[::-1].index(GHOSTS)
        del out[top]
    for _ in range(others):
        first = next(k for k, v in enumerate(out) if v != GHOSTS)
        del out[first]
    return out


def won(game: Game) -> bool:
    """X-NEC-15: no Ghost left in his reserve or in the Well."""
    return book(game)["reserve"] == 0 and well_ghosts(game) == 0


def ghost_count(game: Game) -> int:
    """Every Ghost accounted for (the property tests' invariant): map and Island, hand, the
    reserve, the Well, and those the difficulty option left in the box (X-NEC-7)."""
    b = book(game)
    a = army(game)
    return on_board(game) + a.hand + a.held + b["reserve"] + well_ghosts(game) + b["removed"]
