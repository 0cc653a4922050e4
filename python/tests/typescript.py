"""Runs one of the TypeScript reference scripts in python/tests/ from the checkout and reads its JSON:
what the Python side must reproduce number for number."""
import json
import subprocess

import agora


def run_typescript(script, *args):
    run = subprocess.run(
        ["node", "--import", "tsx", f"python/tests/{script}", *map(str, args)],
        cwd=agora.find_checkout(),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)
