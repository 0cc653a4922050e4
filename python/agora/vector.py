"""Gymnasium 1.x's VectorEnv over an Agora vector env in the server: batched numpy arrays read
straight from the server's frames."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from ._interrupts import finish_before_interrupt
from ._served import Served, fresh_seed
from ._server import Server
from ._shared import SharedFile

MODES = {"next-step": AutoresetMode.NEXT_STEP, "same-step": AutoresetMode.SAME_STEP}


class AgoraVectorEnv(Served, VectorEnv):
    """`agora.make_vec(game, num_envs=...)`. Rows are envs; `infos["action_mask"]` is
    [num_envs, actions] (int8). Autoreset follows the TypeScript vector env: 'next-step' (the
    default, Gymnasium's) or 'same-step' (then infos["final_obs"] holds ended episodes' last
    observations, with infos["_final_obs"] marking them). Actions must be legal, except for an env
    that resets at this step ('next-step'), whose action is ignored: its mask marks every action
    legal, so a masked sampler works on every row. Every info key has its `_key` row mask, as
    Gymnasium's vector envs give. Without a seed the env draws one from the OS's entropy.

    The step arrays come through a shared-memory file the server writes (`shared_memory=False`:
    in the replies, through the pipe); either way each step's arrays are new, not overwritten by the
    next step."""

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        players: int | None = None,
        seat: int | str = 0,
        opponents: str | list[str] = "random",
        seed: int | str | None = None,
        autoreset_mode: str = "next-step",
        max_episode_steps: int | None = None,
        workers: int = 0,
        render_mode: str | None = None,
        shared_memory: bool = True,
        server: Server | None = None,
    ):
        self._arguments = dict(
            game=game, num_envs=num_envs, players=players, seat=seat, opponents=opponents, seed=seed,
            autoreset_mode=autoreset_mode, max_episode_steps=max_episode_steps, workers=workers,
            render_mode=render_mode, shared_memory=shared_memory,
        )
        self._make_vector(
            "vector",
            game,
            server,
            num=num_envs,
            seat=seat,
            opponents=opponents,
            autoresetMode=autoreset_mode,
            workers=workers,
            players=players,
            seed=seed,
            maxEpisodeSteps=max_episode_steps,
            renderMode=render_mode,
            sharedMemory=True if shared_memory else None,
        )

    def _make_vector(self, kind: str, game: str, server: Server | None, **options: Any) -> None:
        """Makes the env of this `kind` on the server (`options` in the protocol's names; a seed is
        drawn when none is given, and kept for pickling) and sets up the spaces and the shared file
        from its reply."""
        autoreset_mode, render_mode = options["autoresetMode"], options["renderMode"]
        if autoreset_mode not in MODES:
            raise ValueError(f"autoreset_mode must be 'next-step' or 'same-step'; got {autoreset_mode!r}")
        if options.get("seed") is None:
            options["seed"] = self._arguments["seed"] = fresh_seed()
        made = self._open(server, kind, game, **options)
        # The server may have had nowhere to put the file: then the arrays come in the replies.
        self._shared = SharedFile(made["sharedFile"]) if "sharedFile" in made else None
        self._read_shared = self._shared.payload if self._shared else None
        self.shared_memory = self._shared is not None
        self.num_envs = made["numEnvs"]
        self.players = made["players"]
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi", "html"], "render_fps": 1, "autoreset_mode": MODES[autoreset_mode]}
        self.single_observation_space = spaces.Box(0.0, 1.0, (made["observationSize"],), np.float32)
        self.single_action_space = spaces.Discrete(made["actionSize"])
        self.observation_space = spaces.Box(0.0, 1.0, (self.num_envs, made["observationSize"]), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, made["actionSize"]))
        self._same_step = autoreset_mode == "same-step"

    @finish_before_interrupt
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        request: dict[str, Any] = {"op": "reset"}
        if seed is not None:
            request["seed"] = seed
        _, arrays = self._call(request, shared=self._read_shared)
        return arrays["observations"], self._infos(arrays)

    @finish_before_interrupt
    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int32).reshape(self.num_envs)
        _, a = self._call({"op": "step"}, {"actions": actions}, shared=self._read_shared)
        return (
            a["observations"],
            a["rewards"].astype(np.float64),
            a["terminated"].view(bool),
            a["truncated"].view(bool),
            self._infos(a),
        )

    def observe_all_seats(self) -> np.ndarray:
        """Every seat's observation of every env, [num_envs, players, size] (centralised critics)."""
        _, arrays = self._call({"op": "observe_all"})
        return arrays["observations"]

    def render(self):
        if self.render_mode is None:
            return None
        header, _ = self._call({"op": "render"})
        return tuple(header["render"])

    def close_extras(self, **kwargs):
        self._close_served()
        if getattr(self, "_shared", None) is not None:
            self._shared.close()

    def _infos(self, a) -> dict[str, Any]:
        # The reply's arrays are this step's own copies, so the 0/1 bytes are viewed as bool and int8
        # rather than copied again.
        ended = a["terminated"].view(bool)
        every = np.ones(self.num_envs, bool)
        infos: dict[str, Any] = {
            "action_mask": a["action_masks"].view(np.int8),
            "seat": a["seat"],
            "episode_length": a["episode_length"],
            "capped": a["capped"].view(bool),
            "reset": a["reset"].view(bool),
            "ranking": a["ranking"],
            "scores": a["scores"],
            "returns": a["returns"],
        }
        masks = {"ranking": ended, "scores": ended, "returns": ended}
        if self._same_step:
            final = a["reset"].view(bool) & (a["terminated"].view(bool) | a["truncated"].view(bool))
            infos["final_obs"] = a["final_observations"]
            masks["final_obs"] = final
        return {**infos, **{f"_{k}": masks.get(k, every) for k in infos}}
