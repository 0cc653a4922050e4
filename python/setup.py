"""Builds the wheel with the env server inside: `pip install ./python` runs scripts/bundle-serve.ts
from the checkout (node and its `npm install` needed at build time only) and puts the bundle and the
shipped models in agora/_node, so the installed package works from any folder with node alone."""
import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CHECKOUT = Path(__file__).resolve().parent.parent


class BuildPyWithServer(build_py):
    def run(self):
        # A build folder left by an earlier install would carry files since removed from the source.
        shutil.rmtree(Path(self.build_lib) / "agora", ignore_errors=True)
        super().run()
        script = CHECKOUT / "scripts" / "bundle-serve.ts"
        if not script.is_file() or not (CHECKOUT / "node_modules").is_dir():
            raise SystemExit(
                f"building the agora package needs the Agora checkout with `npm install` done ({CHECKOUT} has "
                "no scripts/bundle-serve.ts or no node_modules): install it from the checkout's python/ folder"
            )
        node = os.environ.get("AGORA_NODE") or shutil.which("node")
        if node is None:
            raise SystemExit("building the agora package needs node (>= 20.19) on PATH, or $AGORA_NODE")
        out = Path(self.build_lib) / "agora" / "_node"
        subprocess.run([node, "--import", "tsx", str(script), str(out.resolve())], cwd=CHECKOUT, check=True)


setup(cmdclass={"build_py": BuildPyWithServer})
