from parlour.games.zetema.rules import *  # noqa: F403
from parlour.games.zetema.rules import GAME, ZetemaState, _universe  # noqa: F401
