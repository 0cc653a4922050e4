"""A policy-gradient agent in numpy alone (REINFORCE with a baseline, a one-hidden-layer policy,
Adam), trained on an Agora vector env against random opponents. It prints the learner's win share
(sole first place) as it goes, next to random play's from the first batches.

    python3 python/examples/reinforce_numpy.py tictactoe --minutes 2
    python3 python/examples/reinforce_numpy.py promotion --minutes 4
"""
import argparse
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runs from a clone without installing
import agora  # noqa: E402


class Policy:
    """obs -> tanh hidden -> logits; masked softmax over the legal actions."""

    def __init__(self, obs_size, actions, hidden, rng):
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(obs_size), (obs_size, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (hidden, actions)),
            "b2": np.zeros(actions),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def probs(self, obs, mask):
        h = np.tanh(obs @ self.params["w1"] + self.params["b1"])
        logits = h @ self.params["w2"] + self.params["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits) * (mask > 0)
        total = p.sum(axis=1, keepdims=True)
        # A row with no legal action (an env restarting at this step) stays all zero.
        return h, np.divide(p, total, out=np.zeros_like(p), where=total > 0)

    def update(self, obs, mask, actions, advantages, lr):
        """One Adam step on -mean(advantage * log p(action))."""
        h, p = self.probs(obs, mask)
        grad_logits = p.copy()
        grad_logits[np.arange(len(actions)), actions] -= 1
        grad_logits *= advantages[:, None] / len(actions)
        grads = {"w2": h.T @ grad_logits, "b2": grad_logits.sum(axis=0)}
        dh = (grad_logits @ self.params["w2"].T) * (1 - h**2)
        grads["w1"] = obs.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            self.params[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="tictactoe")
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--episodes-per-update", type=int, default=128)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    venv = agora.make_vec(args.game, num_envs=args.envs, seat="rotate", seed=args.seed)
    policy = Policy(venv.single_observation_space.shape[0], venv.single_action_space.n, args.hidden, rng)
    obs, infos = venv.reset(seed=args.seed)
    trajectories = [[] for _ in range(args.envs)]
    batch, wins, baseline = [], deque(maxlen=1000), 0.0
    random_share = None
    ended = np.zeros(args.envs, bool)
    start = last_print = time.time()
    episodes = 0
    print(f"{args.game}: REINFORCE in numpy, {args.envs} envs, seats rotating, against random opponents")
    while time.time() - start < args.minutes * 60:
        mask = infos["action_mask"]
        _, p = policy.probs(obs, mask)
        # Rows that restart at this step ('next-step' autoreset) have no legal actions: any action.
        choice = np.array([rng.choice(len(row), p=row) if m.any() else 0 for row, m in zip(p, mask)])
        for i in np.flatnonzero(~ended):
            trajectories[i].append((obs[i].copy(), mask[i].copy(), choice[i]))
        obs, rewards, terminated, truncated, infos = venv.step(choice)
        ended = terminated | truncated
        for i in np.flatnonzero(ended):
            batch.append((trajectories[i], float(rewards[i])))
            wins.append(rewards[i] >= 0.999)
            trajectories[i] = []
            episodes += 1
        if random_share is None and episodes >= 500:
            random_share = np.mean(wins)  # the untrained policy is close to uniform random
        if len(batch) >= args.episodes_per_update:
            returns = np.array([r for _, r in batch])
            baseline = 0.9 * baseline + 0.1 * returns.mean()
            steps = [(o, m, a, r - baseline) for t, r in batch for (o, m, a) in t]
            o, m, a, adv = (np.array(x) for x in zip(*steps))
            policy.update(o.astype(np.float64), m, a.astype(int), adv, args.lr)
            batch = []
        if time.time() - last_print >= 15:
            last_print = time.time()
            share = np.mean(wins) if wins else 0.0
            base = "" if random_share is None else f" (random play: {random_share:.1%})"
            print(f"{time.time() - start:6.0f} s  {episodes:7d} episodes  win share of the last {len(wins)}: {share:.1%}{base}")
    venv.close()
    print(f"done: win share {np.mean(wins):.1%} over the last {len(wins)} episodes; random play {random_share:.1%}")


if __name__ == "__main__":
    main()
