"""PettingZoo's AEC env over an Agora game in the server. Agents are "player_0" ... in seat order."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._info import snake_info
from ._interrupts import finish_before_interrupt
from ._served import Served, fresh_seed
from ._server import Server


class AgoraAECEnv(Served, AECEnv):
    """`agora.aec_env(game, players=...)`: `observe(agent)` is {"observation", "action_mask"};
    rewards are 0 until the game ends, then each seat's return from the ranking. A game ended by
    its rules' turn cap sets terminations (infos[agent]["capped"]); `max_episode_steps` (decisions
    of every seat, PettingZoo's max_cycles) sets truncations. An illegal action ends the game as the
    single-agent env does (PettingZoo's TerminateIllegalWrapper): the agent who made it gets -1 and
    infos[agent]["illegal_action"] = True, every other agent 0, and every agent is terminated.
    Without a seed the env draws one from the OS's entropy."""

    metadata = {"render_modes": ["ansi", "html"], "render_fps": 1, "name": "agora", "is_parallelizable": False}

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
        seed = fresh_seed() if seed is None else seed
        self._arguments = dict(
            game=game, players=players, seed=seed, max_episode_steps=max_episode_steps, render_mode=render_mode
        )
        made = self._open(
            server, "aec", game, players=players, seed=seed, maxEpisodeSteps=max_episode_steps, renderMode=render_mode
        )
        self.game = game
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
        self._ended_by_illegal = False

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    @finish_before_interrupt
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        request: dict[str, Any] = {"op": "reset"}
        if seed is not None:
            request["seed"] = seed
        header, arrays = self._call(request)
        self.agents = list(self.possible_agents)
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self._ended_by_illegal = False
        self._apply(header, arrays)

    @finish_before_interrupt
    def step(self, action):
        agent = self.agent_selection
        if self._ended_by_illegal:
            self._was_dead_step(action)  # the server's game was left where it was: nothing to tell it
            return
        if self.terminations[agent] or self.truncations[agent]:
            header, arrays = self._call({"op": "step"})
            for table in (self.rewards, self.terminations, self.truncations, self.infos, self._cumulative_rewards):
                table.pop(agent, None)
            # As PettingZoo's _was_dead_step: the rewards were handed out; a dead step clears them.
            self._apply(header, arrays)
            self._clear_rewards()
            return
        mask = self._selected["action_mask"] if self._selected is not None else self.observe(agent)["action_mask"]
        a = int(action) if action is not None else -1
        if not (0 <= a < mask.shape[0] and mask[a] == 1):
            self._end_by_illegal(agent)
            return
        header, arrays = self._call({"op": "step", "action": a})
        self._cumulative_rewards[agent] = 0.0
        self._apply(header, arrays)
        self._accumulate_rewards()

    def observe(self, agent):
        if self._selected is not None and agent == self.agent_selection:
            return {k: v.copy() for k, v in self._selected.items()}
        _, arrays = self._call({"op": "observe", "agent": self._seat[agent]})
        mask = arrays["action_mask"].astype(np.int8)
        if self._ended_by_illegal:
            mask[:] = 0
        return {"observation": arrays["observation"], "action_mask": mask}

    def action_labels(self) -> dict[int, str]:
        """The selected agent's legal actions now, each with its label (as the arena names the move)."""
        header, _ = self._call({"op": "labels"})
        return {int(a): label for a, label in header["labels"]}

    def render(self):
        if self.render_mode is None:
            return None
        header, _ = self._call({"op": "render"})
        return header["render"]

    def close(self):
        self._close_served()

    def _end_by_illegal(self, agent: str) -> None:
        self._ended_by_illegal = True
        self._selected = None
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.terminations[a] = True
            self.truncations[a] = False
            self.rewards[a] = 0.0
            self.infos[a] = {**self.infos[a], "legal_actions": []}
        self.rewards[agent] = -1.0
        self.infos[agent]["illegal_action"] = True
        self._accumulate_rewards()
        self._deads_step_first()

    def _apply(self, header, arrays) -> None:
        live = [self.possible_agents[s] for s in header["agents"]]
        self.agents = live
        self.rewards = {a: float(header["rewards"][self._seat[a]]) for a in live}
        self.terminations = {a: bool(header["terminations"][self._seat[a]]) for a in live}
        self.truncations = {a: bool(header["truncations"][self._seat[a]]) for a in live}
        self.infos = {a: snake_info(header["infos"][self._seat[a]]) for a in live}
        for a in live:
            self._cumulative_rewards.setdefault(a, 0.0)
        selected = header["agentSelection"]
        self.agent_selection = self.possible_agents[selected] if selected >= 0 else None
        if "observation" in arrays:
            self._selected = {
                "observation": arrays["observation"],
                "action_mask": arrays["action_mask"].astype(np.int8),
            }
        else:
            self._selected = None
