"""`pip install ./python` gives a package that works from any folder, with node alone: the server
bundled in the wheel (scripts/bundle-serve.ts), the shipped models inside it."""
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]

USE = """
import json, agora, gymnasium, numpy as np
env = gymnasium.make("agora/Promotion-v1", opponents="neural:models/promotion/az")
obs, info = env.reset(seed=1)
obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
venv = agora.make_vec("perikles", num_envs=4, seed=1, workers=2, opponents="az:models/perikles/az,iterations=4")
rows, infos = venv.reset(seed=1)
rows, *_ = venv.step([int(np.flatnonzero(r)[0]) for r in infos["action_mask"]])
print(json.dumps({"package": agora.__file__, "server": str(env.unwrapped._server.home), "obs": list(obs.shape),
                  "rows": list(rows.shape)}))
"""


def test_installed_outside_the_clone_it_works_from_any_folder(tmp_path):
    # A venv that sees the image's numpy, gymnasium and pettingzoo, but not the checkout.
    venv.create(tmp_path / "venv", system_site_packages=True, with_pip=True)
    python = tmp_path / "venv" / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("AGORA_HOME", "PYTHONPATH")}
    env["PIP_RETRIES"] = "0"
    install = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", str(CHECKOUT / "python")],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run([python, "-c", USE], capture_output=True, text=True, env=env, cwd=elsewhere, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    site = tmp_path / "venv" / "lib"
    assert Path(seen["package"]).is_relative_to(site)
    assert Path(seen["server"]).is_relative_to(site) and Path(seen["server"]).name == "_node"
    assert seen["obs"] == [131] and seen["rows"][0] == 4
