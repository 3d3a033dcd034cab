"""The kernel: the turn of Small World every rule module plugs into (issue 20).

`Game` (swcore/game.py) is assembled from these parts: the combo column (`market`), conquest
(`conquest`), placements and withdrawals (`placement`), decline and scoring (`turns`), the
legal actions (`legal`), and the turn's own steps and pending decisions (`steps`). Every
module's hooks are asked from here; the base game's races and powers live in
`swcore/rules/base/`, a rule module like the others. Rule modules use only the members
published in `swcore.surface.GameSurface` (tests/test_game_surface.py).
"""
