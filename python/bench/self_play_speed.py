"""Self-play speed: decisions/s of `make_self_play_vec` (one masked random policy, in numpy, playing
every seat) next to the TypeScript vector env with fixed random opponents (learner steps/s, and every
seat's decisions/s) and the TypeScript self-play env itself, all of NUM envs. The goal (issue 35):
Python self-play decisions/s at least half the TypeScript fixed-opponent learner steps/s.

The TypeScript runs happen in one long-lived node process, as the Python env's server is one: a
fresh process for each run spends its first seconds in unoptimised code, the more so on a loaded
machine (measured here: Perikles 3k learner steps/s fresh, against 10k+ warm). Each round runs the
three kinds in turn; figures are medians over ROUNDS rounds, ratios medians of each round's ratio
(with their range), since a loaded machine drifts more between rounds than within one. Run from
the checkout:

    python3 python/bench/self_play_speed.py [game ...]        BENCH_ROUNDS=7 BENCH_SECONDS=2
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
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 7))
SECONDS = float(os.environ.get("BENCH_SECONDS", 2))
WARM_UP = 0.5

# Reads "<kind> <game> <seconds>" lines and answers each with the rate of that run. Decisions: in
# self-play every row of a step is one, except a row that restarts its env ('next-step' autoreset);
# with opponents, the growth of every row's episode length (as env_speed.py counts them).
TS_RATES = r"""
import { createInterface } from 'node:readline';
import { makeAgent } from '../../agents/index.js';
import { getGame, makeSelfPlayVectorEnv, makeVectorEnv, Rng, type VectorEnv } from '../../envs/index.js';
const num = Number(process.argv[2]);
const envs = new Map<string, VectorEnv>();
const rng = Rng.fromSeed(1);
function envOf(kind: string, game: string): VectorEnv {
  const key = `${kind} ${game}`;
  if (!envs.has(key)) {
    const opponents = makeAgent('random', getGame(game));
    envs.set(key, kind === 'selfplay' ? makeSelfPlayVectorEnv(game, { num, seed: 1 }) : makeVectorEnv(game, { num, opponents, seed: 1 }));
  }
  return envs.get(key)!;
}
for await (const line of createInterface({ input: process.stdin })) {
  const [kind, game, seconds] = line.split(' ');
  const env = envOf(kind, game);
  let out = env.reset({ seed: 1 });
  let steps = 0, decisions = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < Number(seconds) * 1000) {
    const before = Int32Array.from(out.infos.episodeLength);
    out = env.step(env.actionSpace.sample(rng, out.actionMasks));
    steps += num;
    for (let i = 0; i < num; i++) {
      if (out.infos.reset[i]) continue;
      decisions += env.selfPlay ? 1 : out.infos.episodeLength[i] - before[i];
    }
  }
  const s = (performance.now() - t0) / 1000;
  console.log(JSON.stringify({ steps: steps / s, decisions: decisions / s }));
}
"""


class TypeScriptRates:
    """The long-lived node process that runs the TypeScript envs' rates."""

    def __init__(self):
        home = agora.find_checkout()
        self._script = home / "python" / "bench" / ".ts-rates.mts"
        self._script.write_text(TS_RATES)
        self._proc = subprocess.Popen(
            ["node", "--import", "tsx", str(self._script), str(NUM)],
            cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )

    def rate(self, kind, game, seconds):
        """(steps/s, decisions/s) of a run of `seconds` of the 'selfplay' or 'fixed' vector env."""
        self._proc.stdin.write(f"{kind} {game} {seconds}\n")
        self._proc.stdin.flush()
        rate = json.loads(self._proc.stdout.readline())
        return rate["steps"], rate["decisions"]

    def close(self):
        self._proc.stdin.close()
        self._proc.wait()
        self._script.unlink()


def python_self_play_rate(venv, rng, seconds):
    """Decisions/s of `seconds` of masked random self-play through `venv`."""
    obs, infos = venv.reset(seed=1)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        # A masked random choice per row: argmax of noise over the legal actions.
        noise = rng.random(infos["action_mask"].shape) * infos["action_mask"]
        obs, rewards, terminated, truncated, infos = venv.step(noise.argmax(axis=1))
        decisions += NUM - int(infos["reset"].sum())
    return decisions / (time.perf_counter() - start)


def median(xs):
    return sorted(xs)[len(xs) // 2]


if __name__ == "__main__":
    games = sys.argv[1:] or list(agora.games().keys())
    ts = TypeScriptRates()
    print(f"{NUM} envs, masked random actions; median of {ROUNDS} runs of {SECONDS:g} s", flush=True)
    print("game          py self-play  ts self-play  ts fixed-opp  ts fixed-opp   py sp / ts fixed   py sp / ts sp")
    print("                     dec/s         dec/s  learner st/s         dec/s   (learner steps)")
    for game in games:
        venv = agora.make_self_play_vec(game, num_envs=NUM, seed=1)
        rng = np.random.default_rng(1)
        # Warm-up: every kind's code optimised before the first timed run.
        python_self_play_rate(venv, rng, WARM_UP)
        ts.rate("selfplay", game, WARM_UP)
        ts.rate("fixed", game, WARM_UP)
        py, ts_sp, ts_steps, ts_dec = [], [], [], []
        for _ in range(ROUNDS):
            py.append(python_self_play_rate(venv, rng, SECONDS))
            ts_sp.append(ts.rate("selfplay", game, SECONDS)[1])
            steps, decisions = ts.rate("fixed", game, SECONDS)
            ts_steps.append(steps)
            ts_dec.append(decisions)
        venv.close()
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
    ts.close()
