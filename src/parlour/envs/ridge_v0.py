"""Ridge as a PettingZoo classic environment: `env(players=..., **options)`
(see parlour.envs.pettingzoo for the environment's own keywords)."""

from parlour.envs.pettingzoo import classic

env, raw_env = classic("ridge")
