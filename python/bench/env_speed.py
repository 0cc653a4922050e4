"""Python vector env speed (learner steps/s and decisions/s) against the same vector env in
TypeScript, both with masked random actions chosen in the caller's language. Run from the checkout:

    python3 python/bench/env_speed.py [game ...]
"""
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import agora  # noqa: E402

NUM = 256
SECONDS = 3.0

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


def python_rate(game):
    venv = agora.make_vec(game, num_envs=NUM, seed=1)
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


if __name__ == "__main__":
    games = sys.argv[1:] or ["promotion", "perikles"]
    print(f"vector env of {NUM}, masked random actions, {SECONDS:.0f} s per figure")
    print("game          python steps/s  dec/s      typescript steps/s  dec/s      python / typescript")
    for game in games:
        py = python_rate(game)
        ts = typescript_rate(game)
        print(f"{game:<14}{py[0]:>14,.0f}{py[1]:>11,.0f}{ts[0]:>20,.0f}{ts[1]:>11,.0f}{py[1] / ts[1]:>12.0%}")
