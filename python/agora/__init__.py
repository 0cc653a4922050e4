"""Agora's board-game environments from Python (docs/env-protocol.md). The games run in an
`agora serve` process started from the Agora checkout (found from this package, $AGORA_HOME or
the working directory); node >= 20.19 must be on PATH.

    import agora
    env = agora.make("promotion", seed=1)              # gymnasium.Env, random opponents
    venv = agora.make_vec("promotion", num_envs=64)    # gymnasium.vector.VectorEnv
    aec = agora.aec_env("perikles", players=4)         # pettingzoo.AECEnv
    sp = agora.make_self_play_vec("promotion", num_envs=64)  # one policy plays every seat

agora.model plays a shipped model in numpy and agora.bot plays on an arena as an external bot;
neither needs node or gymnasium. agora.export writes a PyTorch policy as a model folder that
`neural:<folder>` plays in node, on the arena too (it needs torch).
"""
from __future__ import annotations

from ._server import AgoraError, Server, find_checkout, shared_server

__all__ = [
    "AgoraError",
    "Server",
    "aec_env",
    "find_checkout",
    "games",
    "make",
    "make_self_play_vec",
    "make_vec",
    "shared_server",
]
__version__ = "0.1.0"


def games() -> dict:
    """Every game with its player counts, action size and observation sizes."""
    return dict(shared_server().games)


def make(game: str, **kwargs):
    """A gymnasium.Env of `game`: players, seat, opponents (agent spec, default "random"), seed,
    max_episode_steps, render_mode."""
    from .env import AgoraEnv

    return AgoraEnv(game, **kwargs)


def make_vec(game: str, num_envs: int = 1, **kwargs):
    """A gymnasium.vector.VectorEnv of `num_envs` envs of `game` (autoreset_mode, workers, ...)."""
    from .vector import AgoraVectorEnv

    return AgoraVectorEnv(game, num_envs=num_envs, **kwargs)


def make_self_play_vec(game: str, num_envs: int = 1, **kwargs):
    """A batched env of `num_envs` games of `game` in which the caller plays every seat: each row is
    its env's seat to act (infos["seat"]), rewards are [num_envs, players] (players, seed,
    autoreset_mode, max_episode_steps, workers, shared_memory; see agora.selfplay)."""
    from .selfplay import AgoraSelfPlayVecEnv

    return AgoraSelfPlayVecEnv(game, num_envs=num_envs, **kwargs)


def aec_env(game: str, **kwargs):
    """A pettingzoo.AECEnv of `game`: players, seed, max_episode_steps, render_mode."""
    from .aec import AgoraAECEnv

    return AgoraAECEnv(game, **kwargs)
