"""What every env class shares about living on a server: making it there, requests that mark the
env unusable until reset() when their answer was given up on, close() that never raises, closing
on garbage collection, pickling by re-making, and a fresh random seed when none is given."""
from __future__ import annotations

import re
import secrets
import weakref
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ._errors import AgoraError
from ._server import Server, server_for_new_env

# Codes after which the request's answer never came: the env's state is unknown until reset().
GIVEN_UP = ("timeout", "server_stopped")


def fresh_seed() -> int:
    """A seed from the OS's entropy, as Gymnasium seeds an env made without one (a JS-safe integer)."""
    return secrets.randbits(52)


def absolute_model_paths(specs: str | list[str]) -> str | list[str]:
    """Agent specs with model folders ('az:models/x/y,iterations=9') that exist relative to the
    working directory made absolute: the server runs in its own folder (where the shipped models are)."""

    def fix(spec: str) -> str:
        m = re.match(r"^(neural|az):([^,]+)(.*)$", spec)
        if not m or Path(m.group(2)).is_absolute() or not Path(m.group(2)).is_dir():
            return spec
        return f"{m.group(1)}:{Path(m.group(2)).resolve()}{m.group(3)}"

    return [fix(s) for s in specs] if isinstance(specs, list) else fix(specs)


def _remake(cls: type, arguments: dict[str, Any]):
    return cls(**arguments)


class Served:
    """Mixed into the env classes. `_arguments` are the constructor's, seed resolved, for pickling."""

    _env: int | None = None
    _arguments: dict[str, Any]

    def _open(self, server: Server | None, kind: str, game: str, **options: Any) -> dict[str, Any]:
        if "opponents" in options and options["opponents"] is not None:
            options["opponents"] = absolute_model_paths(options["opponents"])
        self._server = server or server_for_new_env()
        made = self._server.make(kind, game, reserved=server is None, **options)
        self._env = made["env"]
        self._stale: str | None = None
        self._finalizer = weakref.finalize(self, self._server.drop_env, self._env)
        self._finalizer.atexit = False
        return made

    def _call(
        self,
        header: dict[str, Any],
        arrays: dict[str, np.ndarray] | None = None,
        shared: Callable[[int], bytearray] | None = None,
    ):
        op = header["op"]
        if self._env is None:
            raise AgoraError("closed", f"this env is closed; '{op}' needs an open one")
        if self._stale and op != "reset":
            raise AgoraError("interrupted", f"{self._stale}, so this env's state is unknown: call reset()")
        try:
            reply = self._server.request({**header, "env": self._env}, arrays, shared)
        except AgoraError as e:
            if e.code in GIVEN_UP:
                self._stale = f"the last '{op}' got no answer ({e.code})"
            raise
        except KeyboardInterrupt:
            self._stale = f"the last '{op}' was given up on by a second Ctrl-C"
            raise
        if op == "reset":
            self._stale = None
        return reply

    def _close_served(self) -> None:
        """Closes the env on its server; never raises, and a second call does nothing."""
        env, self._env = self._env, None
        if env is None:
            return
        self._finalizer.detach()
        self._server.close_env(env)

    def __reduce__(self):
        # Pickled as its constructor's arguments: unpickling makes a new env (on a server of the
        # unpickling process) in the state a new env is in; call reset() before stepping it.
        return (_remake, (type(self), dict(self._arguments)))
