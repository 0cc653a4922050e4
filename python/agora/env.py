"""Gymnasium's single-agent env over one Agora game: the learner's seat, the others played by
agents (random by default) inside the server."""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._info import snake_info
from ._interrupts import finish_before_interrupt
from ._served import Served, fresh_seed
from ._server import Server

METADATA = {"render_modes": ["ansi", "html"], "render_fps": 1}


class AgoraEnv(Served, gym.Env):
    """`agora.make(game, ...)` or `gymnasium.make("agora/<Game>-v<n>")`. Observations are float32 in
    [0, 1]; `info["action_mask"]` (int8) marks the legal actions. A game ended by its rules' turn cap
    is terminated with `info["capped"] = True`; `truncated` is only `max_episode_steps`. An illegal
    action ends the episode with reward -1 and `info["illegal_action"] = True`, as PettingZoo's
    TerminateIllegalWrapper does (the game itself is not played on). Without a seed the env draws
    one from the OS's entropy."""

    metadata = METADATA

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | str = 0,
        opponents: str | list[str] = "random",
        seed: int | str | None = None,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        server: Server | None = None,
    ):
        seed = fresh_seed() if seed is None else seed
        self._arguments = dict(
            game=game, players=players, seat=seat, opponents=opponents, seed=seed,
            max_episode_steps=max_episode_steps, render_mode=render_mode,
        )
        made = self._open(
            server,
            "single",
            game,
            seat=seat,
            opponents=opponents,
            players=players,
            seed=seed,
            maxEpisodeSteps=max_episode_steps,
            renderMode=render_mode,
        )
        self.game = game
        self.players = made["players"]
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (made["observationSize"],), np.float32)
        self.action_space = spaces.Discrete(made["actionSize"])
        self._mask = np.zeros(made["actionSize"], np.int8)
        self._obs = np.zeros(made["observationSize"], np.float32)
        self._info: dict[str, Any] = {}
        self._over = True

    @finish_before_interrupt
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        header, arrays = self._call({"op": "reset", **({} if seed is None else {"seed": seed})})
        return self._read(header, arrays)[0], dict(self._info)

    @finish_before_interrupt
    def step(self, action):
        a = int(action)
        if self._over:
            raise RuntimeError("the episode is over; call reset()")
        if not (0 <= a < self._mask.shape[0] and self._mask[a] == 1):
            self._over = True
            info = {"action_mask": np.zeros_like(self._mask), "illegal_action": True, "seat": self._info["seat"]}
            return self._obs.copy(), -1.0, True, False, info
        header, arrays = self._call({"op": "step", "action": a})
        obs, reward, terminated, truncated = self._read(header, arrays)
        return obs, reward, terminated, truncated, dict(self._info)

    def action_labels(self) -> dict[int, str]:
        """The legal actions now, each with its label (as the arena's pages name the move)."""
        header, _ = self._call({"op": "labels"})
        return {int(a): label for a, label in header["labels"]}

    def observation_layout(self) -> list[dict[str, Any]]:
        """The observation vector's named segments for this env's seat count (docs/observations)."""
        from . import observation_layout

        return observation_layout(self.game, self.players)

    def render(self):
        if self.render_mode is None:
            return None
        header, _ = self._call({"op": "render"})
        return header["render"]

    def close(self):
        self._close_served()

    def _read(self, header, arrays):
        self._obs = arrays["observation"]
        self._mask = arrays["action_mask"].astype(np.int8)
        info = snake_info(header.get("info", {}))
        info["action_mask"] = self._mask.copy()
        self._info = info
        terminated = bool(header.get("terminated", False))
        truncated = bool(header.get("truncated", False))
        self._over = terminated or truncated
        return self._obs.copy(), float(header.get("reward", 0.0)), terminated, truncated
