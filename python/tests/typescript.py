"""Runs one of the TypeScript reference scripts in python/tests/ from the checkout and reads its JSON:
what the Python side must reproduce number for number."""
import json
import subprocess

import agora


def run_typescript(script, *args):
    run = subprocess.run(
        # From a cached bundle of the script (scripts/ts-entry.js): about 1.5 s of CPU less per run than tsx.
        ["node", "scripts/ts-entry.js", f"python/tests/{script}", *map(str, args)],
        cwd=agora.find_checkout(),
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise AssertionError(f"{script} {' '.join(map(str, args))} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)
