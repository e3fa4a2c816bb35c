from parlour.games.ribs.rules import *  # noqa: F403
from parlour.games.ribs.rules import _COUNTS_TEXTS, GAME, RibsState  # noqa: F401
