"""Agora's board-game environments from Python (docs/python.md). The games run in an `agora serve`
process: the one bundled in this package when it was installed with pip, else the Agora checkout's
(found from this package, $AGORA_HOME or the working directory); node >= 20.19 must be on PATH.

    import agora
    env = agora.make("promotion", seed=1)              # gymnasium.Env, random opponents
    env = gymnasium.make("agora/Promotion-v1")         # the same, registered with Gymnasium
    venv = agora.make_vec("promotion", num_envs=64)    # gymnasium.vector.VectorEnv
    aec = agora.aec_env("perikles", players=4)         # pettingzoo.AECEnv
    sp = agora.make_self_play_vec("promotion", num_envs=64)  # one policy plays every seat

agora.model plays a shipped model in numpy and agora.bot plays on an arena as an external bot;
neither needs node or gymnasium. agora.export writes a PyTorch policy as a model folder that
`neural:<folder>` plays in node, on the arena too (it needs torch).
"""
from __future__ import annotations

from typing import Any

from ._errors import AgoraError
from ._games import GAMES
from ._server import Server, find_checkout, set_timeout, shared_server

__all__ = [
    "GAMES",
    "AgoraError",
    "Server",
    "action_table",
    "aec_env",
    "find_checkout",
    "games",
    "gymnasium_ids",
    "make",
    "make_self_play_vec",
    "make_vec",
    "observation_layout",
    "set_timeout",
    "shared_server",
]
__version__ = "0.2.0"


def games() -> dict:
    """Every game the server has, with its player counts, action size and observation sizes."""
    return dict(shared_server().games)


def gymnasium_ids() -> dict[str, str]:
    """Each game's registered Gymnasium id ('promotion' -> 'agora/Promotion-v1'): the version is the
    game's observation encoding version, bumped whenever the encoding changes."""
    return {name: g["gymnasium_id"] for name, g in GAMES.items()}


def action_table(game: str) -> list[dict[str, Any]]:
    """The game's flat action space in blocks: first action, count and what they do."""
    _known(game)
    return [dict(block) for block in GAMES[game]["actions"]]


def observation_layout(game: str, players: int | None = None) -> list[dict[str, Any]]:
    """The observation vector's named segments (name, offset, size, meaning) for a seat count."""
    _known(game)
    players = players or GAMES[game]["default_players"]
    header, _ = shared_server().request({"op": "layout", "game": game, "players": players})
    return header["layout"]


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
    the seat to act; rewards are [num_envs, players] (docs/python.md, "Self-play")."""
    from .selfplay import AgoraSelfPlayVecEnv

    return AgoraSelfPlayVecEnv(game, num_envs=num_envs, **kwargs)


def aec_env(game: str, **kwargs):
    """A pettingzoo.AECEnv of `game`: players, seed, max_episode_steps, render_mode."""
    from .aec import AgoraAECEnv

    return AgoraAECEnv(game, **kwargs)


def _known(game: str) -> None:
    if game not in GAMES:
        raise AgoraError("unknown_game", f"unknown game '{game}'; the games are {', '.join(GAMES)}")


def _register_with_gymnasium() -> None:
    """gymnasium.make('agora/Promotion-v1') and gymnasium.make_vec(...) once agora is imported (or
    gymnasium.make('agora:agora/Promotion-v1') without importing it first)."""
    try:
        from gymnasium.envs.registration import register, registry
    except ImportError:  # the envs need gymnasium; agora.model and agora.bot do not
        return
    for name, game in GAMES.items():
        if game["gymnasium_id"] not in registry:
            register(
                id=game["gymnasium_id"],
                entry_point="agora.env:AgoraEnv",
                vector_entry_point="agora.vector:AgoraVectorEnv",
                kwargs={"game": name},
            )


_register_with_gymnasium()
