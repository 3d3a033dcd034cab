"""The action words of the base game (B-COMBO, B-CONQ, B-READY, B-REDEP, B-DECL, B-SCORE)."""

from __future__ import annotations

from ...words import Kind, Param, Word, declare

declare(
    Word("pick", "B-COMBO-2", label="Pick the combo at position {combo}",
         sentence="{by} picks the combo at position {combo}", place="column",
         params={"combo": Param(Kind.COMBO, required=True)}),
    Word("conquer", "B-CONQ-2", label="Conquer {region}", sentence="{by} conquers {region}",
         place="region",
         params={"region": Param(Kind.REGION, required=True),
                 "reinforce": Param(Kind.FLAG, note=" with the reinforcement die"),
                 "race": Param(Kind.RACE, note=" with the {race}"),
                 "roll": Param(Kind.DIE, note=" (die: {roll})")}),
    Word("abandon", "B-READY-2", label="Abandon {region}", sentence="{by} abandons {region}",
         place="region",
         params={"region": Param(Kind.REGION, required=True),
                 "race": Param(Kind.RACE, note=" with the {race}")}),
    Word("redeploy", "B-REDEP-1", label="Redeploy: {tokens}", sentence="{by} redeploys: {tokens}",
         ends_conquests=True, place="panel",
         params={"race": Param(Kind.RACE, note=" ({race})"),
                 "tokens": Param(Kind.PLACEMENT, required=True)}),
    Word("decline", "B-DECL-1", label="Go into decline", sentence="{by} puts the active race in decline",
         confirm=True, place="bar"),
    Word("end_turn", "B-SCORE-1", label="End the turn", sentence="{by} ends the turn", confirm=True,
         place="bar"),
    Word("reveal", "B-COMBO-6", label="Enter the revealed combo {race} / {player}",
         sentence="{by} enters the combo revealed at the bottom of the column: {race} / {player}",
         place="column", anyone=True,
         params={"race": Param(Kind.RACE, required=True), "player": Param(Kind.POWER, required=True),
                 "race_value": Param(Kind.COUNT, note=" (banner: {race_value})"),
                 "power_value": Param(Kind.COUNT, note=" (badge: {power_value})")}),
)
