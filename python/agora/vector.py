"""Gymnasium 1.x's VectorEnv over an Agora vector env in the server: batched numpy arrays read
straight from the server's frames."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from ._server import Server, shared_server
from ._shared import SharedFile

MODES = {"next-step": AutoresetMode.NEXT_STEP, "same-step": AutoresetMode.SAME_STEP}


class AgoraVectorEnv(VectorEnv):
    """`agora.make_vec(game, num_envs=...)`. Rows are envs; `infos["action_mask"]` is
    [num_envs, actions] (int8). Autoreset follows the TypeScript vector env: 'next-step' (the
    default, Gymnasium's) or 'same-step' (then infos["final_obs"] holds ended episodes' last
    observations, with infos["_final_obs"] marking them). Actions must be legal, except for an env
    that resets at this step ('next-step'), whose action is ignored.

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
        self._open(
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

    def _open(self, kind: str, game: str, server: Server | None, **options: Any) -> None:
        """Makes the env of this `kind` on the server (`options` in the protocol's names) and sets
        up the spaces and the shared file from its reply."""
        autoreset_mode, render_mode = options["autoresetMode"], options["renderMode"]
        if autoreset_mode not in MODES:
            raise ValueError(f"autoreset_mode must be 'next-step' or 'same-step'; got {autoreset_mode!r}")
        self._server = server or shared_server()
        made = self._server.make(kind, game, **options)
        self._env = made["env"]
        # The server may have had nowhere to put the file: then the arrays come in the replies.
        self._shared = SharedFile(made["sharedFile"]) if "sharedFile" in made else None
        self._read_shared = self._shared.payload if self._shared else None
        self.shared_memory = self._shared is not None
        self.num_envs = made["numEnvs"]
        self.players = made["players"]
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi", "html"], "autoreset_mode": MODES[autoreset_mode]}
        self.single_observation_space = spaces.Box(0.0, 1.0, (made["observationSize"],), np.float32)
        self.single_action_space = spaces.Discrete(made["actionSize"])
        self.observation_space = spaces.Box(0.0, 1.0, (self.num_envs, made["observationSize"]), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, made["actionSize"]))
        self._same_step = autoreset_mode == "same-step"

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        request = {"op": "reset", "env": self._env}
        if seed is not None:
            request["seed"] = seed
        _, arrays = self._server.request(request, shared=self._read_shared)
        return arrays["observations"], self._infos(arrays)

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int32).reshape(self.num_envs)
        _, a = self._server.request({"op": "step", "env": self._env}, {"actions": actions}, shared=self._read_shared)
        return (
            a["observations"],
            a["rewards"].astype(np.float64),
            a["terminated"].astype(bool),
            a["truncated"].astype(bool),
            self._infos(a),
        )

    def observe_all_seats(self) -> np.ndarray:
        """Every seat's observation of every env, [num_envs, players, size] (centralised critics)."""
        _, arrays = self._server.request({"op": "observe_all", "env": self._env})
        return arrays["observations"]

    def render(self):
        if self.render_mode is None:
            return None
        header, _ = self._server.request({"op": "render", "env": self._env})
        return tuple(header["render"])

    def close_extras(self, **kwargs):
        if self._env is not None:
            try:
                self._server.request({"op": "close", "env": self._env})
            finally:
                self._env = None
                if self._shared is not None:
                    self._shared.close()

    def _infos(self, a) -> dict[str, Any]:
        ended = a["terminated"].astype(bool)
        infos: dict[str, Any] = {
            "action_mask": a["action_masks"].astype(np.int8),
            "seat": a["seat"],
            "episode_length": a["episode_length"],
            "capped": a["capped"].astype(bool),
            "reset": a["reset"].astype(bool),
            "ranking": a["ranking"],
            "scores": a["scores"],
            "returns": a["returns"],
            "_ranking": ended,
            "_scores": ended,
            "_returns": ended,
        }
        if self._same_step:
            final = a["reset"].astype(bool) & (a["terminated"].astype(bool) | a["truncated"].astype(bool))
            infos["final_obs"] = a["final_observations"]
            infos["_final_obs"] = final
        return infos
