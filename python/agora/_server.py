"""Starts `agora serve` processes (node) and lends them to envs.

Where the server comes from: the bundle shipped inside this package (`agora/_node/agora-serve.mjs`,
built by `pip install`) or an Agora checkout (`$AGORA_HOME`, or the clone this package sits in).
Each server runs in its own session, so a terminal's Ctrl-C reaches Python only. Envs share servers
from a pool that opens another server when one holds as many envs as it allows; an env dropped
without close() gives its place back when it is garbage-collected. A forked child starts servers of
its own and refuses to use its parent's."""
from __future__ import annotations

import atexit
import collections
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ._errors import AgoraError
from ._link import Link

PROTOCOL = 1
BUNDLE = Path(__file__).resolve().parent / "_node" / "agora-serve.mjs"

_timeout = float(os.environ.get("AGORA_TIMEOUT", "300"))


def set_timeout(seconds: float) -> None:
    """How long a request may wait for its reply (default 300 s, or $AGORA_TIMEOUT), for every server."""
    global _timeout
    if not seconds > 0:
        raise ValueError(f"the timeout is a positive number of seconds; got {seconds!r}")
    _timeout = float(seconds)
    for server in list(_pool.servers):
        server._link.timeout = _timeout


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
        f"no Agora server found: this package has no bundled server (install it with `pip install "
        f"<checkout>/python`) and no Agora checkout was found (looked in {where}); set AGORA_HOME to one",
    )


def server_command(home: str | os.PathLike[str] | None = None) -> tuple[list[str], Path]:
    """The script and arguments that start `agora serve`, and the folder to start it in (the one
    holding models/, so specs such as 'az:models/promotion/az' mean the shipped models)."""
    if home is None and not os.environ.get("AGORA_HOME") and BUNDLE.is_file():
        return [str(BUNDLE), "serve"], BUNDLE.parent
    checkout = find_checkout(home)
    return [str(checkout / "cli" / "agora.js"), "serve"], checkout


class Server:
    """One `agora serve` process. Requests are answered in order, one at a time per server."""

    def __init__(self, home: str | os.PathLike[str] | None = None, node: str | None = None):
        script, self.home = server_command(home)
        node = node or os.environ.get("AGORA_NODE") or shutil.which("node")
        if node is None:
            raise AgoraError("bad_request", "node (>= 20.19) is not on PATH; set AGORA_NODE to its path")
        self._proc = subprocess.Popen(
            [node, *script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=self.home,
            start_new_session=True,
        )
        _widen_pipes(self._proc)
        self._owner = os.getpid()
        self._lock = threading.Lock()
        self._link = Link(self._proc, _timeout)
        # Envs garbage-collected without close(): closed before the next request. A finalizer may run
        # inside a request of this very thread, so it only appends here (deque appends are atomic).
        self._dropped: collections.deque[int] = collections.deque()
        self.envs = 0
        try:
            hello, _ = self.request({"op": "hello"})
        except BaseException:
            self.close()
            raise
        if hello.get("protocol") != PROTOCOL:
            self.close()
            raise AgoraError("bad_request", f"the server speaks protocol {hello.get('protocol')}; this package {PROTOCOL}")
        self.games = {g["name"]: g for g in hello["games"]}
        self.max_envs = int(hello.get("maxEnvs", 64))

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def alive(self) -> bool:
        return self._owner == os.getpid() and self._link.broken is None and self._proc.poll() is None

    def request(
        self,
        header: dict[str, Any],
        arrays: dict[str, np.ndarray] | None = None,
        shared: Callable[[int], bytearray] | None = None,
    ):
        """Sends one request; returns (header, arrays) of the reply, or raises AgoraError. `shared`
        reads the env's shared file, for replies whose arrays are there."""
        if self._owner != os.getpid():
            raise AgoraError(
                "forked",
                f"this env was made in process {self._owner} and this is its forked child {os.getpid()}: "
                "make envs in the child (gymnasium's AsyncVectorEnv does, from its env_fns), or pickle the env",
            )
        with self._lock:
            # (A server that has exited is found by the link: at the write, or as the end of its output.)
            while self._dropped and not self._link.broken:
                self._link.send({"op": "close", "env": self._dropped.popleft()})
            return self._link.exchange(header, arrays, shared)

    def make(self, kind: str, game: str, reserved: bool = False, **options: Any) -> dict[str, Any]:
        """Makes an env on the server: `options` in the protocol's names, None meaning "not given".
        `reserved`: the pool already counted it (so two threads cannot both take the last place)."""
        if not reserved:
            self.envs += 1
        given = {k: v for k, v in options.items() if v is not None}
        try:
            made, _ = self.request({"op": "make", "kind": kind, "game": game, **given})
        except BaseException:
            self.envs = max(0, self.envs - 1)
            raise
        return made

    def close_env(self, env: int) -> None:
        """Closes an env; never raises (a server that has gone has closed it already)."""
        self.envs = max(0, self.envs - 1)
        try:
            self.request({"op": "close", "env": env})
        except Exception:
            pass

    def drop_env(self, env: int) -> None:
        """An env garbage-collected without close(): closed before this server's next request."""
        self.envs = max(0, self.envs - 1)
        if self._owner == os.getpid():
            self._dropped.append(env)

    def close(self) -> None:
        """Stops the server (it exits when its input closes); never raises."""
        if self._owner != os.getpid():
            return
        try:
            if self._proc.poll() is None:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
                try:
                    self._proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait(timeout=10)
            for stream in (self._proc.stdin, self._proc.stdout):
                if stream is not None and not stream.closed:
                    stream.close()
        except Exception:
            pass

    def _forget_after_fork(self) -> None:
        # This process's copies of the pipes: closed, so the parent's server still sees its input end
        # when the parent closes it, and so nothing here can write into the parent's conversation.
        for stream in (self._proc.stdin, self._proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except Exception:
                pass


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


class _Pool:
    def __init__(self) -> None:
        self.servers: list[Server] = []
        self.lock = threading.Lock()

    def acquire(self) -> Server:
        """A live server with a place for one more env, counted as taken (Server.make with
        reserved=True gives it back if the env cannot be made); started if no server has one."""
        with self.lock:
            self.servers = [s for s in self.servers if s.alive]
            for server in self.servers:
                if server.envs < server.max_envs:
                    server.envs += 1
                    return server
            server = Server()
            server.envs += 1
            self.servers.append(server)
            return server

    def close_all(self) -> None:
        for server in self.servers:
            server.close()
        self.servers = []

    def after_fork_in_child(self) -> None:
        for server in self.servers:
            server._forget_after_fork()
        self.servers = []
        self.lock = threading.Lock()


_pool = _Pool()
atexit.register(_pool.close_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pool.after_fork_in_child)


def shared_server() -> Server:
    """A server of the pool (for requests that make no env): started on first use, stopped at exit."""
    with _pool.lock:
        _pool.servers = [s for s in _pool.servers if s.alive]
        if not _pool.servers:
            _pool.servers.append(Server())
        return _pool.servers[0]


def server_for_new_env() -> Server:
    """A pool server with a place taken for an env about to be made (see _Pool.acquire)."""
    return _pool.acquire()
