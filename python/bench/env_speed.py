"""Python vector env speed (learner steps/s and decisions/s) against the same vector env in
TypeScript, both with masked random actions chosen in the caller's language; the Python env with
its arrays through shared memory (the default) and through the pipe. Each figure is the median of
ROUNDS runs, the three kinds taking turns (this machine's speed drifts). Run from the checkout:

    python3 python/bench/env_speed.py [game ...]
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import agora  # noqa: E402

NUM = 256
SECONDS = 3.0
ROUNDS = 3

TS = r"""
import { makeAgent } from '../../agents/index.js';
import { getGame, makeVectorEnv, Rng } from '../../envs/index.js';
const [game, num, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const def = getGame(game);
const env = makeVectorEnv(game, { num, opponents: makeAgent('random', def), seed: 1 });
const rng = Rng.fromSeed(1);
let out = env.reset({ seed: 1 });
let steps = 0, decisions = 0;
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) {
  const before = Array.from(out.infos.episodeLength);
  out = env.step(env.actionSpace.sample(rng, out.actionMasks));
  steps += num;
  for (let i = 0; i < num; i++) decisions += out.infos.reset[i] ? 0 : out.infos.episodeLength[i] - before[i];
}
const s = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ steps: steps / s, decisions: decisions / s }));
"""


def python_rate(game, shared_memory=True):
    venv = agora.make_vec(game, num_envs=NUM, seed=1, shared_memory=shared_memory)
    rng = np.random.default_rng(1)
    obs, infos = venv.reset(seed=1)
    steps = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        mask = infos["action_mask"]
        # A masked random choice per row: argmax of noise over the legal actions.
        noise = rng.random(mask.shape) * mask
        before = infos["episode_length"].copy()
        obs, rewards, terminated, truncated, infos = venv.step(noise.argmax(axis=1))
        steps += NUM
        decisions += int(np.where(infos["reset"], 0, infos["episode_length"] - before).sum())
    seconds = time.perf_counter() - start
    venv.close()
    return steps / seconds, decisions / seconds


def typescript_rate(game):
    home = agora.find_checkout()
    script = home / "python" / "bench" / ".ts-rate.mts"
    script.write_text(TS)
    try:
        run = subprocess.run(
            ["node", "--import", "tsx", str(script), game, str(NUM), str(SECONDS)],
            cwd=home, capture_output=True, text=True, check=True,
        )
    finally:
        script.unlink()
    rate = json.loads(run.stdout)
    return rate["steps"], rate["decisions"]


def median(xs):
    return sorted(xs)[len(xs) // 2]


if __name__ == "__main__":
    games = sys.argv[1:] or ["promotion", "perikles"]
    print(f"vector env of {NUM}, masked random actions; decisions/s, median of {ROUNDS} runs of {SECONDS:.0f} s")
    print("game          python       python (pipe)   typescript   python / typescript  (pipe)")
    for game in games:
        shm, pipe, ts = [], [], []
        for _ in range(ROUNDS):
            shm.append(python_rate(game)[1])
            pipe.append(python_rate(game, shared_memory=False)[1])
            ts.append(typescript_rate(game)[1])
        s, p, t = median(shm), median(pipe), median(ts)
        if os.environ.get("VERBOSE"): print(shm, pipe, ts)
        print(f"{game:<14}{s:>10,.0f}{p:>16,.0f}{t:>13,.0f}{s / t:>16.0%}{p / t:>13.0%}")
