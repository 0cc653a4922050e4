"""Self-play as a batched env: the caller plays every seat of every game (docs/python.md, "Self-play")."""
from __future__ import annotations

from ._server import Server
from .vector import AgoraVectorEnv


class AgoraSelfPlayVecEnv(AgoraVectorEnv):
    """`agora.make_self_play_vec(game, num_envs=...)`: `num_envs` games in which one policy plays
    every seat. Each row is the seat to act of its env:

        obs, infos = venv.reset(seed=1)          # obs [n, size] float32
        infos["seat"], infos["action_mask"]      # [n] int32: who acts; [n, actions] int8
        obs, rewards, terminated, truncated, infos = venv.step(actions)   # one action per row

    - `rewards` is [n, players] (float64): row i holds every seat's return, from the game's ranking
      (`agora`'s returns: zero-sum, in [-1, 1]), on the step at which env i's game ended, and zeros
      on every other step. Credit each seat's return to that seat's own decisions.
    - `terminated`: the game ended by its rules (its turn cap included: `infos["capped"]`);
      `truncated`: `max_episode_steps` decisions, counting every seat's, were taken (no rewards).
    - On the row of a game that has just ended, `seat` is the seat that took the last decision and
      the observation is its view of the end.
    - 'next-step' autoreset (the default): the next step starts a new game in that env and ignores
      its action; meanwhile the row's mask allows every action (a masked categorical needs one
      allowed), and `infos["reset"]` marks the new game's first row. 'same-step': the ending step
      already returns the new game's first row, with the ended one's last observation in
      `infos["final_obs"]` (`infos["_final_obs"]` marks those rows).
    - `infos["ranking"]`, `["scores"]` and `["returns"]` ([n, players]) are defined where
      `terminated` is set, as `infos["_ranking"]` etc. say.
    - Env i plays the seed `f"{seed}:{i}"` (later games `f"{seed}:{i}#k"`), as `make_vec`'s envs do:
      the same numbers as the TypeScript `makeSelfPlayVectorEnv`. Without a seed one is drawn from the
      OS's entropy. Like every env here it survives Ctrl-C, pickles, and closes when collected."""

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        players: int | None = None,
        seed: int | str | None = None,
        autoreset_mode: str = "next-step",
        max_episode_steps: int | None = None,
        workers: int = 0,
        render_mode: str | None = None,
        shared_memory: bool = True,
        server: Server | None = None,
    ):
        self._arguments = dict(
            game=game, num_envs=num_envs, players=players, seed=seed, autoreset_mode=autoreset_mode,
            max_episode_steps=max_episode_steps, workers=workers, render_mode=render_mode,
            shared_memory=shared_memory,
        )
        self._make_vector(
            "selfplay",
            game,
            server,
            num=num_envs,
            autoresetMode=autoreset_mode,
            workers=workers,
            players=players,
            seed=seed,
            maxEpisodeSteps=max_episode_steps,
            renderMode=render_mode,
            sharedMemory=True if shared_memory else None,
        )
