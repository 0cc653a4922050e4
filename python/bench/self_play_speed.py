"""Self-play speed: decisions/s of `make_self_play_vec` (one masked random policy playing every seat,
in numpy) next to the TypeScript vector env with fixed random opponents (env_speed.py's: learner
steps/s and every seat's decisions/s) and to the TypeScript self-play env itself. All of NUM envs;
each figure the median of ROUNDS runs, the kinds taking turns within each round; the ratios are
medians of each round's ratio (with their range), since a loaded machine's speed drifts between
rounds more than within one. The goal (issue 35): Python self-play decisions/s at least half the
TypeScript fixed-opponent learner steps/s. Run from the checkout:

    python3 python/bench/self_play_speed.py [game ...]        BENCH_ROUNDS=7 BENCH_SECONDS=2
"""
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import agora  # noqa: E402
from env_speed import NUM, median, typescript_rate  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", 7))
SECONDS = float(os.environ.get("BENCH_SECONDS", 2))

# Every row of a step is one decision, except a row that restarts its env ('next-step' autoreset).
TS_SELF_PLAY = r"""
import { makeSelfPlayVectorEnv, Rng } from '../../envs/index.js';
const [game, num, seconds] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const env = makeSelfPlayVectorEnv(game, { num, seed: 1 });
const rng = Rng.fromSeed(1);
let out = env.reset({ seed: 1 });
for (const w = performance.now(); performance.now() - w < 500; ) out = env.step(env.actionSpace.sample(rng, out.actionMasks));
let steps = 0, decisions = 0;
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) {
  out = env.step(env.actionSpace.sample(rng, out.actionMasks));
  steps += num;
  for (let i = 0; i < num; i++) decisions += 1 - out.infos.reset[i];
}
const s = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ steps: steps / s, decisions: decisions / s }));
"""


def python_self_play_rate(game):
    venv = agora.make_self_play_vec(game, num_envs=NUM, seed=1)
    rng = np.random.default_rng(1)
    obs, infos = venv.reset(seed=1)
    decisions = 0
    # Warm-up (0.5 s), as the TypeScript runs do.
    for timing in (False, True):
        start = time.perf_counter()
        while time.perf_counter() - start < (SECONDS if timing else 0.5):
            # A masked random choice per row: argmax of noise over the legal actions.
            noise = rng.random(infos["action_mask"].shape) * infos["action_mask"]
            obs, rewards, terminated, truncated, infos = venv.step(noise.argmax(axis=1))
            decisions += NUM - int(infos["reset"].sum()) if timing else 0
    seconds = time.perf_counter() - start
    venv.close()
    return decisions / seconds


if __name__ == "__main__":
    games = sys.argv[1:] or agora.games().keys()
    print(f"{NUM} envs, masked random actions; median of {ROUNDS} runs of {SECONDS:.0f} s", flush=True)
    print("game          py self-play  ts self-play  ts fixed-opp  ts fixed-opp   py sp / ts fixed   py sp / ts sp")
    print("                     dec/s         dec/s  learner st/s         dec/s   (learner steps)")
    for game in games:
        py, ts_sp, ts_steps, ts_dec = [], [], [], []
        for _ in range(ROUNDS):
            py.append(python_self_play_rate(game))
            ts_sp.append(typescript_rate(game, TS_SELF_PLAY, SECONDS)[1])
            steps, decisions = typescript_rate(game, seconds=SECONDS)
            ts_steps.append(steps)
            ts_dec.append(decisions)
        if os.environ.get("VERBOSE"):
            print(py, ts_sp, ts_steps, ts_dec)
        vs_fixed = sorted(p / t for p, t in zip(py, ts_steps))
        vs_self = sorted(p / s for p, s in zip(py, ts_sp))
        print(
            f"{game:<14}{median(py):>12,.0f}{median(ts_sp):>14,.0f}{median(ts_steps):>14,.0f}{median(ts_dec):>14,.0f}"
            f"{median(vs_fixed):>8.0%} ({vs_fixed[0]:.0%}-{vs_fixed[-1]:.0%})"
            f"{median(vs_self):>8.0%} ({vs_self[0]:.0%}-{vs_self[-1]:.0%})",
            flush=True,
        )
