"""Imports every rule module, so each registers its words, effects and itself (one line each)."""

from . import (
    base,  # noqa: F401
    cursed,  # noqa: F401
    leaders,  # noqa: F401
)
from .be_not_afraid import BeNotAfraid  # noqa: F401
from .grand_dames import GrandDames  # noqa: F401
from .necromancer import Necromancer  # noqa: F401
from .river_world import RiverWorld  # noqa: F401
from .underground import Underground  # noqa: F401
