"""PettingZoo's AEC env over an Agora game in the server. Agents are "player_0" ... in seat order."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._server import Server, shared_server


class AgoraAECEnv(AECEnv):
    """`agora.aec_env(game, players=...)`: `observe(agent)` is {"observation", "action_mask"};
    rewards are 0 until the game ends, then each seat's return from the ranking. A game ended by
    its rules' turn cap sets terminations (infos[agent]["capped"]); `max_episode_steps` (decisions
    of every seat, PettingZoo's max_cycles) sets truncations."""

    metadata = {"render_modes": ["ansi", "html"], "name": "agora", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | str | None = None,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        server: Server | None = None,
    ):
        super().__init__()
        self._server = server or shared_server()
        made = self._server.make(
            "aec", game, players=players, seed=seed, maxEpisodeSteps=max_episode_steps, renderMode=render_mode
        )
        self._env = made["env"]
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"agora_{game}"}
        self.possible_agents = [f"player_{i}" for i in range(made["players"])]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size, actions = made["observationSize"], made["actionSize"]
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(actions)
        self._selected: dict[str, np.ndarray] | None = None

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        request = {"op": "reset", "env": self._env}
        if seed is not None:
            request["seed"] = seed
        header, arrays = self._server.request(request)
        self.agents = list(self.possible_agents)
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self._apply(header, arrays)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            header, arrays = self._server.request({"op": "step", "env": self._env})
            for table in (self.rewards, self.terminations, self.truncations, self.infos, self._cumulative_rewards):
                table.pop(agent, None)
            # As PettingZoo's _was_dead_step: the rewards were handed out; a dead step clears them.
            self._apply(header, arrays)
            self._clear_rewards()
            return
        header, arrays = self._server.request({"op": "step", "env": self._env, "action": int(action)})
        self._cumulative_rewards[agent] = 0.0
        self._apply(header, arrays)
        self._accumulate_rewards()

    def observe(self, agent):
        if self._selected is not None and agent == self.agent_selection:
            return {k: v.copy() for k, v in self._selected.items()}
        _, arrays = self._server.request({"op": "observe", "env": self._env, "agent": self._seat[agent]})
        return {"observation": np.array(arrays["observation"]), "action_mask": arrays["action_mask"].astype(np.int8)}

    def render(self):
        if self.render_mode is None:
            return None
        header, _ = self._server.request({"op": "render", "env": self._env})
        return header["render"]

    def close(self):
        if getattr(self, "_env", None) is not None:
            try:
                self._server.request({"op": "close", "env": self._env})
            finally:
                self._env = None

    def _apply(self, header, arrays) -> None:
        live = [self.possible_agents[s] for s in header["agents"]]
        self.agents = live
        self.rewards = {a: float(header["rewards"][self._seat[a]]) for a in live}
        self.terminations = {a: bool(header["terminations"][self._seat[a]]) for a in live}
        self.truncations = {a: bool(header["truncations"][self._seat[a]]) for a in live}
        self.infos = {a: dict(header["infos"][self._seat[a]]) for a in live}
        for a in live:
            self._cumulative_rewards.setdefault(a, 0.0)
        selected = header["agentSelection"]
        self.agent_selection = self.possible_agents[selected] if selected >= 0 else None
        if "observation" in arrays:
            self._selected = {
                "observation": np.array(arrays["observation"]),
                "action_mask": arrays["action_mask"].astype(np.int8),
            }
        else:
            self._selected = None
