"""Starts `agora serve` (node, from the Agora checkout) and exchanges frames with it."""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ._frames import decode, encode

PROTOCOL = 1


class AgoraError(RuntimeError):
    """An error the server answered with: `code` (e.g. 'illegal_action') and its message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def find_checkout(home: str | os.PathLike[str] | None = None) -> Path:
    """The Agora checkout: `home`, else $AGORA_HOME, else the clone this package sits in, else the
    working directory or one of its parents (wherever cli/agora.js is)."""
    candidates: list[Path] = []
    if home is not None:
        candidates.append(Path(home))
    elif os.environ.get("AGORA_HOME"):
        candidates.append(Path(os.environ["AGORA_HOME"]))
    else:
        here = Path(__file__).resolve()
        candidates += list(here.parents)
        cwd = Path.cwd().resolve()
        candidates += [cwd, *cwd.parents]
    for c in candidates:
        if (c / "cli" / "agora.js").is_file():
            if not (c / "node_modules").is_dir():
                raise AgoraError("bad_request", f"the Agora checkout {c} has no node_modules: run `npm install` there")
            return c
    where = ", ".join(str(c) for c in candidates[:3]) + (" ..." if len(candidates) > 3 else "")
    raise AgoraError(
        "bad_request",
        f"no Agora checkout found (looked in {where}); set AGORA_HOME to the clone's directory",
    )


class Server:
    """One `agora serve` process; envs share it. Requests are answered in order."""

    def __init__(self, home: str | os.PathLike[str] | None = None, node: str | None = None):
        self.home = find_checkout(home)
        node = node or os.environ.get("AGORA_NODE") or shutil.which("node")
        if node is None:
            raise AgoraError("bad_request", "node (>= 20.19) is not on PATH; set AGORA_NODE to its path")
        self._proc = subprocess.Popen(
            [node, str(self.home / "cli" / "agora.js"), "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=self.home,
        )
        _widen_pipes(self._proc)
        self._lock = threading.Lock()
        self._next = 0
        hello, _ = self.request({"op": "hello"})
        if hello.get("protocol") != PROTOCOL:
            self.close()
            raise AgoraError("bad_request", f"the server speaks protocol {hello.get('protocol')}; this package {PROTOCOL}")
        self.games = {g["name"]: g for g in hello["games"]}

    def request(
        self,
        header: dict[str, Any],
        arrays: dict[str, np.ndarray] | None = None,
        shared: Callable[[int], bytes] | None = None,
    ):
        """Sends one request; returns (header, arrays) of the reply, or raises AgoraError. `shared`
        reads the env's shared file, for replies whose arrays are there."""
        with self._lock:
            if self._proc.poll() is not None:
                raise AgoraError("bad_request", f"the agora server has exited (code {self._proc.returncode})")
            self._next += 1
            stdin, stdout = self._proc.stdin, self._proc.stdout
            assert stdin is not None and stdout is not None
            stdin.write(encode({"id": self._next, **header}, arrays))
            stdin.flush()
            head = stdout.read(4)
            if len(head) < 4:
                raise AgoraError("bad_request", "the agora server closed the connection")
            length = int.from_bytes(head, "little")
            body = stdout.read(length)
        reply, out = decode(body, shared)
        if not reply.get("ok"):
            error = reply.get("error", {})
            raise AgoraError(error.get("code", "internal"), error.get("message", "the server failed"))
        return reply, out

    def make(self, kind: str, game: str, **options: Any) -> dict[str, Any]:
        """Makes an env on the server: `options` in the protocol's names, None meaning "not given"."""
        given = {k: v for k, v in options.items() if v is not None}
        made, _ = self.request({"op": "make", "kind": kind, "game": game, **given})
        return made

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()


def _widen_pipes(proc: subprocess.Popen) -> None:
    """Linux pipes hold 64 KiB; a vector env's step is megabytes, so the two processes would take
    turns per 64 KiB. A larger pipe (up to /proc/sys/fs/pipe-max-size) lets a frame pass in one go."""
    try:
        import fcntl

        limit = int(Path("/proc/sys/fs/pipe-max-size").read_text())
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                fcntl.fcntl(stream.fileno(), 1031, min(limit, 16 << 20))  # F_SETPIPE_SZ
    except (ImportError, OSError, ValueError):
        pass  # not Linux, or not allowed: the default pipes work, only slower


_shared: Server | None = None


def shared_server() -> Server:
    """The server envs use unless given one: started on first use, stopped at exit."""
    global _shared
    if _shared is None or _shared._proc.poll() is not None:
        _shared = Server()
        atexit.register(_shared.close)
    return _shared
