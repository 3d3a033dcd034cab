"""Race and power behaviour: one small object per race and per power, registered by id.

The game asks each ability through a fixed set of hooks (`Ability`); an expansion adds a race or
power by subclassing `Ability`, overriding the hooks it needs and calling `register`. Nothing in
`swcore.game` names a particular race or power.
"""

from . import powers, races  # noqa: F401  (importing registers them)
from .base import ABILITIES, NO_ABILITY, Ability, ability, register

__all__ = ["ABILITIES", "NO_ABILITY", "Ability", "ability", "register"]
