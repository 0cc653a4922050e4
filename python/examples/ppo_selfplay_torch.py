"""Self-play PPO in PyTorch: one masked policy plays every seat of a game (Promotion's four by
default), is measured against random and greedy opponents, and is exported as a model folder that
the arena and `agora play` run as `neural:<folder>`, with no Python (docs/python.md, "Export a
policy to the arena"). CPU only; needs torch.

    python3 python/examples/ppo_selfplay_torch.py --minutes 30 --out models/promotion/ppo-python

Each seat's decisions form a chain of their own within a game: the only reward is the seat's return
when the game ends (agora's returns: +1 for a sole winner down to -1, zero-sum), credited along the
chain with GAE. Transitions join the update once their game has ended, so every advantage sees its
true return; games still running carry over to the next rollout.
"""
import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # runs from a clone without installing
import agora  # noqa: E402
from agora.export import export_policy  # noqa: E402


class ActorCritic(nn.Module):
    """Separate actor and critic MLPs: `actor` maps observations to logits, the module exported."""

    def __init__(self, obs_size, actions, hidden=256):
        super().__init__()
        self.actor = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, actions)
        )
        self.critic = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1)
        )

    def forward(self, obs, mask):
        logits = self.actor(obs).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits), self.critic(obs).squeeze(-1)


def seat_advantages(values, final_return, lam):
    """GAE (gamma 1) along one seat's decisions in a game: no reward until the end, then its return."""
    nxt = np.append(values[1:], final_return)
    deltas = nxt - values
    adv = np.zeros_like(values)
    running = 0.0
    for t in reversed(range(len(values))):
        running = deltas[t] + lam * running
        adv[t] = running
    return adv


def collect(venv, net, state, batch, lam):
    """Steps the self-play envs until `batch` transitions of ended games are ready; returns them."""
    obs, infos, pending = state["obs"], state["infos"], state["pending"]
    ready = {k: [] for k in ("obs", "mask", "action", "logp", "adv", "ret")}
    while len(ready["obs"]) < batch:
        o = torch.tensor(obs)  # a copy: the env's arrays are read-only
        m = torch.tensor(infos["action_mask"])
        with torch.no_grad():
            dist, value = net(o, m)
            action = dist.sample()
            logp = dist.log_prob(action)
        for i, seat in enumerate(infos["seat"]):
            pending[i][seat].append((obs[i], infos["action_mask"][i], int(action[i]), float(logp[i]), float(value[i])))
        obs, rewards, terminated, truncated, infos = venv.step(action.numpy())
        for i in np.flatnonzero(terminated | truncated):
            for seat, steps in enumerate(pending[i]):
                if not steps:
                    continue
                values = np.array([s[4] for s in steps])
                adv = seat_advantages(values, rewards[i][seat], lam)
                for s, a in zip(steps, adv):
                    for key, v in zip(("obs", "mask", "action", "logp"), s[:4]):
                        ready[key].append(v)
                    ready["adv"].append(a)
                    ready["ret"].append(a + s[4])
            pending[i] = [[] for _ in range(venv.players)]
        state["games"] += int((terminated | truncated).sum())
    state["obs"], state["infos"] = obs, infos
    return {k: torch.as_tensor(np.array(v)) for k, v in ready.items()}


def update(net, optimizer, data, epochs=4, minibatch=2048, clip=0.2, entropy=0.01):
    adv = (data["adv"] - data["adv"].mean()) / (data["adv"].std() + 1e-8)
    obs, mask = data["obs"].float(), data["mask"]
    for _ in range(epochs):
        for idx in torch.randperm(len(adv)).split(minibatch):
            dist, value = net(obs[idx], mask[idx])
            ratio = (dist.log_prob(data["action"][idx]) - data["logp"][idx].float()).exp()
            policy_loss = -torch.min(ratio * adv[idx], ratio.clamp(1 - clip, 1 + clip) * adv[idx]).mean()
            value_loss = ((value - data["ret"][idx].float()) ** 2).mean()
            loss = policy_loss + 0.5 * value_loss - entropy * dist.entropy().mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimizer.step()


def evaluate(net, game, opponents, games, seed, envs=40):
    """The policy (top legal logit, as `neural:` plays it at temperature 0) in one rotating seat against
    `opponents` in the others: win share (first place, shared or not, as `agora tournament` counts it)
    with a 95% Wilson interval, and mean return with a 95% normal interval. Every env plays the same
    number of games, so short games are not over-counted."""
    venv = agora.make_vec(game, num_envs=envs, seat="rotate", opponents=opponents, seed=seed)
    obs, infos = venv.reset(seed=seed)
    per_env = math.ceil(games / envs)
    played = np.zeros(envs, int)
    wins, returns = 0, []
    while played.min() < per_env:
        with torch.no_grad():
            logits = net.actor(torch.tensor(obs)).masked_fill(torch.tensor(infos["action_mask"]) == 0, -1e9)
        obs, rewards, terminated, truncated, infos = venv.step(logits.argmax(-1).numpy())
        for i in np.flatnonzero(terminated | truncated):
            if played[i] < per_env:
                returns.append(rewards[i])
                wins += int(infos["ranking"][i][infos["seat"][i]] == 0)
            played[i] += 1
    venv.close()
    n, p = len(returns), wins / len(returns)
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    mean, spread = float(np.mean(returns)), 1.96 * float(np.std(returns)) / math.sqrt(n)
    return {"opponents": opponents, "games": n, "winShare": p, "winShareInterval": [centre - half, centre + half],
            "meanReturn": mean, "meanReturnInterval": [mean - spread, mean + spread]}


def report(result):
    low, high = result["winShareInterval"]
    mlow, mhigh = result["meanReturnInterval"]
    print(f"  against 3 x {result['opponents']}: win share {result['winShare']:.1%} [{low:.1%}, {high:.1%}] "
          f"(equal play: about 25%), mean return {result['meanReturn']:+.3f} [{mlow:+.3f}, {mhigh:+.3f}], "
          f"{result['games']} games", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="promotion")
    parser.add_argument("--minutes", type=float, default=10.0)
    # Many envs: a step's cost is mostly the round trip to node, whatever the batch.
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--batch", type=int, default=16384, help="transitions of ended games per update")
    parser.add_argument("--lr", type=float, default=3e-4, help="at the start; it falls linearly to 0 at the end")
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=1000, help="games against each opponent kind")
    parser.add_argument("--eval-every", type=float, default=5.0, help="minutes between 200-game evaluations")
    parser.add_argument("--out", help="export the policy into this model folder (e.g. models/promotion/ppo-python)")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # node plays the games on the other core

    venv = agora.make_self_play_vec(args.game, num_envs=args.envs, seed=args.seed, autoreset_mode="same-step")
    net = ActorCritic(venv.single_observation_space.shape[0], venv.single_action_space.n)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    obs, infos = venv.reset(seed=args.seed)
    state = {"obs": obs, "infos": infos, "games": 0, "pending": [[[] for _ in range(venv.players)] for _ in range(args.envs)]}
    print(f"{args.game}: self-play PPO in PyTorch, {args.envs} envs, {venv.players} seats, one policy", flush=True)
    start = last_eval = time.time()
    updates = decisions = 0
    while (left := 1 - (time.time() - start) / (args.minutes * 60)) > 0:
        for group in optimizer.param_groups:
            group["lr"] = args.lr * left
        data = collect(venv, net, state, args.batch, args.lam)
        update(net, optimizer, data)
        updates, decisions = updates + 1, decisions + len(data["adv"])
        if time.time() - last_eval >= args.eval_every * 60:
            last_eval = time.time()
            print(f"{(last_eval - start) / 60:5.1f} min: {updates} updates, {state['games']} games, {decisions} decisions",
                  flush=True)
            for opponents in ("random", "greedy"):
                report(evaluate(net, args.game, opponents, 200, seed=f"progress:{updates}"))
    venv.close()
    minutes = (time.time() - start) / 60
    print(f"trained {minutes:.1f} min: {updates} updates, {state['games']} games, {decisions} decisions", flush=True)
    results = []
    for opponents in ("random", "greedy"):
        results.append(evaluate(net, args.game, opponents, args.eval_games, seed=f"final:{opponents}"))
        report(results[-1])
    if args.out:
        training = {"algorithm": "ppo-selfplay (python/examples/ppo_selfplay_torch.py)", "torch": torch.__version__,
                    "config": vars(args), "minutes": round(minutes, 1), "updates": updates, "games": state["games"],
                    "decisions": decisions, "evaluation": results}
        folder = export_policy(net.actor, args.game, args.out, players=venv.players, training=training)
        print(f"exported to {folder}: play it with neural:{folder}", flush=True)


if __name__ == "__main__":
    main()
