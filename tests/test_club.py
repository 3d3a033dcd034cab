"""The club's statistics (dashboards/clubstats.py, issue 24), computed by hand on a small fixed
set of stored games: two finished score sheets, one unfinished, a map game played by bots."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest
import sqlalchemy as sa
from openskill.models import PlackettLuce

from dashboards.clubstats import Aliases, Club, bot_factors
from dashboards.session import create_game
from dashboards.store import Store, games
from swcore import Game
from swcore.bots import PlannerBot, play


def _turn(by, race, power, terrain):
    return {"by": by, "do": "turn", "combo": {"race": race, "power": power, "position": 0},
            "held": {race: {"terrain": terrain, "symbol": {}, "count": {}}}}


def _store_sheet(store, name, players, turns, when):
    gid, _ = create_game(store, name, players, scores=True, turns=1)
    for seq, entry in enumerate(turns, 1):
        store.append(gid, seq, "act", entry)
    with store.engine.begin() as conn:
        conn.execute(sa.update(games).where(games.c.id == gid).values(created_at=when))
    return gid


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path}/club.sqlite")
    # A (2026-10-01): B-SCORE-1 a coin a region, B-RACE-HUMANS-1 +1 a farmland; 5 coins to start.
    # Ann ratmen 2 hills + 3 forests = 5 -> 10; Bob humans 1 farmland + 1 hill = 2 + 1 -> 8.
    _store_sheet(s, "Thursday", ["Ann", "Bob"], [
        _turn("Ann", "ratmen", "commando", {"hill": 2, "forest": 3}),
        _turn("Bob", "humans", "flying", {"farmland": 1, "hill": 1})], dt.datetime(2026, 10, 1, 20))
    # B (2026-11-05): "ann " typed apart: ratmen 1 hill -> 6; Bob humans 4 hills -> 9; Cleo elves
    # 2 hills -> 7. Bob wins.
    _store_sheet(s, "Thursday", ["ann", "Bob", "Cleo"], [
        _turn("ann", "ratmen", "commando", {"hill": 1}),
        _turn("Bob", "humans", "flying", {"hill": 4}),
        _turn("Cleo", "elves", "mounted", {"hill": 2})], dt.datetime(2026, 11, 5, 20))
    # C: unfinished (Bob has not played): not counted.
    _store_sheet(s, "Friday", ["Ann", "Bob"], [
        _turn("Ann", "ratmen", "commando", {"hill": 9})], dt.datetime(2026, 11, 6, 20))
    yield s
    s.dispose()


def test_the_league_by_hand_with_a_merged_spelling(store):
    """B-END-1 (most coins wins): Ann 2 games 1 win mean (10 + 6) / 2 = 8; Bob 2 games 1 win mean
    (8 + 9) / 2 = 8.5; Cleo 1 game 0 wins 7. The unfinished game is left out."""
    Aliases(store).merge("ann", "Ann")
    league = Club.load(store).league().set_index("player")
    assert sorted(league.index) == ["Ann", "Bob", "Cleo"]
    assert league.loc["Ann", ["games", "wins", "mean_coins"]].tolist() == [2, 1, 8.0]
    assert league.loc["Bob", ["games", "wins", "mean_coins"]].tolist() == [2, 1, 8.5]
    assert league.loc["Cleo", ["games", "wins", "mean_coins"]].tolist() == [1, 0, 7.0]
    # The rating is openskill's, games in date order: A ranks Ann 1 Bob 2; B Bob 1 Cleo 2 Ann 3.
    model = PlackettLuce()
    ann, bob, cleo = model.rating(), model.rating(), model.rating()
    [[ann], [bob]] = model.rate([[ann], [bob]], ranks=[1, 2])
    [[ann], [bob], [cleo]] = model.rate([[ann], [bob], [cleo]], ranks=[3, 1, 2])
    for name, r in (("Ann", ann), ("Bob", bob), ("Cleo", cleo)):
        assert league.loc[name, "mu"] == round(r.mu, 2)
        assert league.loc[name, "sigma"] == round(r.sigma, 2)
        assert league.loc[name, "rating"] == pytest.approx(r.mu - 3 * r.sigma, abs=0.02)
    assert list(league.index) == sorted(league.index, key=lambda p: -league.loc[p, "rating"])


def test_without_the_merge_a_variant_is_another_player(store):
    league = Club.load(store).league().set_index("player")
    assert sorted(league.index) == ["Ann", "Bob", "Cleo", "ann"]
    assert league.loc["Ann", "games"] == 1 and league.loc["ann", "mean_coins"] == 6.0
    Aliases(store).merge("ann", "Ann")
    Aliases(store).split("ann")
    assert "ann" in Club.load(store).league().player.tolist()


def test_history_items_lengths_and_filters(store):
    Aliases(store).merge("ann", "Ann")
    club = Club.load(store)
    hist = club.history("Ann")
    assert hist.coins.tolist() == [10, 6] and hist["rank"].tolist() == [1, 3]
    assert hist.races.tolist() == ["ratmen", "ratmen"] and hist.players.tolist() == [2, 3]
    races = club.items("race").set_index("race")
    f = bot_factors().get("race", {})
    assert races.loc["ratmen", ["games", "wins"]].tolist() == [2, 1]
    assert races.loc["humans", ["games", "wins"]].tolist() == [2, 1]
    assert races.loc["elves", ["games", "wins"]].tolist() == [1, 0]
    assert races.loc["ratmen", "predicted"] == round(f.get("ratmen", 1) / 2 + f.get("ratmen", 1) / 3, 2)
    assert races.loc["elves", "predicted"] == round(f.get("elves", 1) / 3, 2)
    combos = club.items("combo").set_index("combo")
    g = bot_factors().get("power", {})
    assert combos.loc["ratmen+commando", ["games", "wins"]].tolist() == [2, 1]
    assert combos.loc["elves+mounted", "predicted"] == round(f.get("elves", 1) * g.get("mounted", 1) / 3, 2)
    powers = club.items("power").set_index("power")
    assert powers.loc["flying", ["games", "wins"]].tolist() == [2, 1]
    lengths = club.lengths().set_index("players")
    assert lengths.loc[2, ["games", "rounds", "actions"]].tolist() == [1, 1.0, 2.0]
    assert lengths.loc[3, ["games", "rounds", "actions"]].tolist() == [1, 1.0, 3.0]
    # Filters: a date range, a player count, a module, a board.
    assert club.only(start=dt.date(2026, 11, 1)).games.game.tolist() == [2]
    assert club.only(end=dt.date(2026, 10, 31)).league().player.tolist() == ["Ann", "Bob"]
    assert club.only(players=3).results.player.tolist() == ["Ann", "Bob", "Cleo"]
    assert club.only(modules="").games.shape[0] == 2 and club.only(modules="cursed").games.empty
    assert club.only(board="base-4p").league().empty
    # The export: one row a player a game, with the game's columns.
    rows = pd.read_csv(__import__("io").StringIO(club.csv()))
    assert len(rows) == 5 and {"player", "coins", "win", "date", "table", "board"} <= set(rows)


def test_a_map_game_counts_with_the_engines_totals(store):
    """A finished map game: its coins and winners are the engine's (B-END)."""
    game = Game.new("base-2p", ["Cleo", "Dan"], seed=4)
    play(game, PlannerBot(4))
    gid, _ = create_game(store, "Saturday", ["Cleo", "Dan"], board="base-2p", seed=4)
    for seq, entry in enumerate(game.log, 1):
        store.append(gid, seq, "act", entry)
    club = Club.load(store)
    mine = club.results[club.results.game == gid].set_index("player")
    assert mine.coins.to_dict() == dict(zip(game.players, game.coins, strict=True))
    assert set(mine[mine.win].index) == set(game.winners())
    row = club.games.set_index("game").loc[gid]
    assert (row.board, row["mode"], row.rounds, row.actions) == ("base-2p", "map", game.turns, len(game.log))


def test_the_page_opens_with_the_host_password_only(store):
    """The statistics show every game: a table's join code does not open them, the host
    password (set by the admin tool) does; wrong tries are counted per device."""
    from dashboards import admin, hostpass
    from dashboards.club import ClubPage

    hostpass.HOST_GUESSES.clear()
    gid, code = create_game(store, "Sunday", ["Eve", "Fay"], board="base-2p")
    page = ClubPage(store, device="dev1")
    assert not page.unlock(code) and not page.body.objects  # no password set: closed to all
    url = str(store.engine.url)
    assert admin.main(["--db", url, "host-password", "--password", "short"]) == 2
    assert admin.main(["--db", url, "host-password", "--password", "club-secret-1"]) == 0
    assert not page.unlock(code) and "Wrong host password" in page.refused.object
    assert page.unlock("club-secret-1")
    assert "Ann" in page.league.object and "Cleo" in page.league.object
    assert "Ratmen" in page.races.object
    page.count.value = 3  # game B only: Bob, Cleo and "ann" typed apart
    assert page.player.options == ["Bob", "Cleo", "ann"]
    page.player.value = "ann"
    assert "Thursday" in page.history.object and "<td class=num>6</td>" in page.history.object
    page.merge("ann", "Ann")
    assert Aliases(store).all() == {"ann": "Ann"}


def test_wrong_host_passwords_slow_the_device_down(store):
    from dashboards import hostpass

    hostpass.HOST_GUESSES.clear()
    hostpass.set_password(store, "club-secret-1")
    for _ in range(5):
        assert hostpass.check(store, "nope", "dev2") is False
    hostpass.check(store, "nope", "dev2")
    wait = hostpass.check(store, "club-secret-1", "dev2")
    assert isinstance(wait, float) and wait > 0  # refused before any hashing
    assert hostpass.check(store, "club-secret-1", "dev3") is True  # another device is not slowed
