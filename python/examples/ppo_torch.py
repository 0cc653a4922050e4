"""PPO with PyTorch over an Agora vector env (masked categorical policy, shared-trunk actor-critic,
GAE), against random opponents, printing the win share as it trains. Needs torch (not needed by the
package): `pip install torch` (its CPU build), or Debian's python3-torch in a venv made with
--system-site-packages.

    python3 python/examples/ppo_torch.py promotion --minutes 5
"""
import argparse
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runs from a clone without installing
import agora  # noqa: E402


class ActorCritic(nn.Module):
    def __init__(self, obs_size, actions, hidden=128):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs, mask):
        h = self.trunk(obs)
        logits = self.policy(h).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="tictactoe")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=64, help="steps per env per update")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)

    venv = agora.make_vec(args.game, num_envs=args.envs, seat="rotate", seed=args.seed)
    n, size, actions = args.envs, venv.single_observation_space.shape[0], venv.single_action_space.n
    net = ActorCritic(size, actions)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    obs, infos = venv.reset(seed=args.seed)
    # 'next-step' autoreset: a row whose episode ended last step restarts now; its action is ignored
    # and the transition is left out of the update (valid = 0).
    restarting = np.zeros(n, bool)
    wins = deque(maxlen=1000)
    start = last_print = time.time()
    print(f"{args.game}: PPO in PyTorch, {n} envs, seats rotating, against random opponents")
    while time.time() - start < args.minutes * 60:
        buf = {k: [] for k in ("obs", "mask", "action", "logp", "value", "reward", "done", "valid")}
        for _ in range(args.steps):
            o = torch.as_tensor(np.array(obs), dtype=torch.float32)
            m = torch.as_tensor(infos["action_mask"], dtype=torch.int8)
            with torch.no_grad():
                safe = m.clone()
                safe[restarting] = 1  # any action: it is ignored
                dist, value = net(o, safe)
                action = dist.sample()
            obs, rewards, terminated, truncated, infos = venv.step(action.numpy())
            done = terminated | truncated
            for k, v in (("obs", o), ("mask", safe), ("action", action), ("logp", dist.log_prob(action)),
                         ("value", value), ("reward", torch.as_tensor(rewards, dtype=torch.float32)),
                         ("done", torch.as_tensor(done, dtype=torch.float32)),
                         ("valid", torch.as_tensor(~restarting, dtype=torch.float32))):
                buf[k].append(v)
            wins.extend(rewards[terminated] >= 0.999)
            restarting = done
        b = {k: torch.stack(v) for k, v in buf.items()}
        with torch.no_grad():
            last = torch.as_tensor(infos["action_mask"], dtype=torch.int8).clone()
            last[restarting] = 1
            _, next_value = net(torch.as_tensor(np.array(obs), dtype=torch.float32), last)
        advantages = torch.zeros_like(b["reward"])
        gae = torch.zeros(n)
        for t in reversed(range(args.steps)):
            nv = next_value if t == args.steps - 1 else b["value"][t + 1]
            # A restarting row's next observation belongs to a new episode: no bootstrap across it.
            delta = b["reward"][t] + 0.99 * nv * (1 - b["done"][t]) - b["value"][t]
            gae = delta + 0.99 * 0.95 * (1 - b["done"][t]) * gae
            gae = gae * b["valid"][t]
            advantages[t] = gae
        returns = advantages + b["value"]
        flat = {k: v.reshape(-1, *v.shape[2:]) for k, v in {**b, "adv": advantages, "ret": returns}.items()}
        keep = flat["valid"] > 0
        flat = {k: v[keep] for k, v in flat.items()}
        adv = (flat["adv"] - flat["adv"].mean()) / (flat["adv"].std() + 1e-8)
        for _ in range(4):
            for idx in torch.randperm(len(adv)).split(1024):
                dist, value = net(flat["obs"][idx], flat["mask"][idx])
                ratio = (dist.log_prob(flat["action"][idx]) - flat["logp"][idx]).exp()
                policy_loss = -torch.min(ratio * adv[idx], ratio.clamp(0.8, 1.2) * adv[idx]).mean()
                loss = policy_loss + 0.5 * ((value - flat["ret"][idx]) ** 2).mean() - 0.01 * dist.entropy().mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                optimizer.step()
        if time.time() - last_print >= 15:
            last_print = time.time()
            print(f"{time.time() - start:6.0f} s  win share of the last {len(wins)} episodes: {np.mean(wins):.1%}")
    venv.close()
    print(f"done: win share {np.mean(wins):.1%} over the last {len(wins)} episodes")


if __name__ == "__main__":
    main()
