"""The base game (B-* rules): its action words, 14 races, 20 special powers, its turn steps."""

from __future__ import annotations

from ...config import Options
from ...kernel import steps as flow
from ..module import RuleModule
from ..registry import module
from . import carry, corrections, powers, races, sheet  # noqa: F401  (importing registers their effects)


@module
class Base(RuleModule):
    id = "base"
    name = "Small World (base game)"
    steps = {**flow.STEPS, "round_start": (carry.lay_out,)}  # a game carried from a score sheet
    decisions = flow.DECISIONS
    settle = flow.SETTLE
    options = Options
    handlers = {"correct": corrections.correct}
    setup_keys = {carry.KEY: carry.prepare}
    sheet_counts = sheet.COUNTS  # what the score sheet asks besides regions (swcore.scoresheet)
