"""The peer's side of scripts/bench_peer.py: runs in an interpreter with numba, imports the peer's
engine from the checkout named on its command line, and times its random games on request.

    <python with numba> scripts/bench_peer_driver.py PEER_CHECKOUT PLAYERS

Only the standard library is imported before numba, so an interpreter without it is reported
rather than crashing. The first line written is JSON, either {"skip": reason} (then exit 0) or
{"ready": {...}} after a warm-up game on each path (numba compiles the peer's code then). Then
each stdin line {"path": "direct" | "api", "seeds": [...]} gets one line {"s": [...],
"moves": [...]}: seconds of thread CPU time and moves of one game per seed.

The peer is cestpasphoto's alpha-zero-general (`smallworld/`): it reads its player count from
`SmallworldConstants.NUMBER_PLAYERS` when its other modules are imported (its README: "just
change NUMBER_PLAYERS constant"), so that attribute is set in memory before they are; its files
are never changed. Its numba cache (`cache=True`) is keyed by source, not by that constant, so
bench_peer.py gives each player count its own NUMBA_CACHE_DIR.
"""

from __future__ import annotations

import json
import random
import sys
import time


def emit(obj: dict) -> None:
    print(json.dumps(obj), flush=True)


def load(peer: str, players: int) -> dict:
    """The peer's modules, imported from the checkout for `players` players."""
    sys.path.insert(0, peer)  # its SmallworldGame imports `Game` from the checkout's root
    import importlib

    constants = importlib.import_module("smallworld.SmallworldConstants")
    constants.NUMBER_PLAYERS = players
    logic = importlib.import_module("smallworld.SmallworldLogicNumba")
    api = importlib.import_module("smallworld.SmallworldGame")
    return {"Board": logic.Board, "Game": api.SmallworldGame, "players": logic.NUMBER_PLAYERS,
            "areas": logic.NB_AREAS, "file": logic.__file__}


def make_seeder():
    """numba keeps its own generator for np.random inside compiled code: seed that one."""
    import numpy as np
    from numba import njit

    @njit
    def seed(n):
        np.random.seed(n)

    return seed


def direct(peer: dict, seed_numba, seed: int) -> tuple[float, int]:
    """One random game through the Board methods, as the peer's own code calls them."""
    import numpy as np

    seed_numba(seed)
    rng = random.Random(seed)
    board = peer["Board"](peer["players"])  # deals the deck (init_game)
    player, moves = 0, 0
    start = time.thread_time()
    while not board.check_end_game(player).any():
        valid = np.flatnonzero(board.valid_moves(player))
        player = board.make_move(valid[rng.randrange(len(valid))], player, 0)
        moves += 1
    return time.thread_time() - start, moves


def api(peer: dict, game, seed_numba, seed: int) -> tuple[float, int]:
    """One random game through the Game API, the loop of the peer's Arena.playGame."""
    import numpy as np

    seed_numba(seed)
    rng = random.Random(seed)
    board, player, moves = game.getInitBoard(), 0, 0
    start = time.thread_time()
    while not game.getGameEnded(board, player).any():
        canonical = game.getCanonicalForm(board, player)
        valid = np.flatnonzero(game.getValidMoves(canonical, 0))
        board, player = game.getNextState(board, player, valid[rng.randrange(len(valid))],
                                          random_seed=0)
        player = int(player)
        moves += 1
    return time.thread_time() - start, moves


def main() -> int:
    peer_path, players = sys.argv[1], int(sys.argv[2])
    try:
        import numba
    except ImportError:
        emit({"skip": f"numba is not installed for {sys.executable}"})
        return 0
    try:
        peer = load(peer_path, players)
    except ImportError as e:  # numpy, colorama, or a checkout without smallworld/
        emit({"skip": f"the peer's code does not import with {sys.executable}: {e}"})
        return 0
    seed_numba = make_seeder()
    game = peer["Game"]()
    start = time.perf_counter()
    direct(peer, seed_numba, 10_000)
    api(peer, game, seed_numba, 10_000)
    emit({"ready": {"numba": numba.__version__, "python": sys.version.split()[0],
                    "players": peer["players"], "areas": peer["areas"], "file": peer["file"],
                    "warm_up_s": round(time.perf_counter() - start, 1)}})
    for line in sys.stdin:
        ask = json.loads(line)
        if ask["path"] == "direct":
            runs = [direct(peer, seed_numba, s) for s in ask["seeds"]]
        else:
            runs = [api(peer, game, seed_numba, s) for s in ask["seeds"]]
        emit({"s": [t for t, _ in runs], "moves": [n for _, n in runs]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
