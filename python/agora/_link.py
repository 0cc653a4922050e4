"""The pipe pair to one `agora serve` process: frames out, replies matched to requests by id.

What users do to a running program is part of the contract here (docs/python.md, "When things go
wrong"): a reply is only ever taken for the request whose id it carries, so a request given up on
(a second Ctrl-C, a timeout, a stopped server) leaves the pipe in step: its late reply is skipped.
Bytes read stay in this object's buffer across calls, so nothing read is lost to an interruption.
Waits happen in short select() slices, so a stopped or slow server is noticed and reported."""
from __future__ import annotations

import os
import select
import subprocess
import time
from typing import Any, Callable

import numpy as np

from ._errors import AgoraError
from ._frames import arrays_of, encode, header_of
from ._interrupts import interrupts_pending

SLICE = 0.1  # seconds between looks at the clock, the Ctrl-C count and the server's state
STOPPED_FOR = 1.0  # a server seen stopped this long is reported


class Link:
    def __init__(self, proc: subprocess.Popen, timeout: float):
        assert proc.stdin is not None and proc.stdout is not None
        self._proc = proc
        self._out = proc.stdin.fileno()
        self._in = proc.stdout.fileno()
        # Writes must not block whole: a stopped server with a full pipe would hang the caller.
        os.set_blocking(self._out, False)
        self.timeout = timeout
        self._buffer = bytearray()
        self._next = 0
        self._skip: set[int] = set()
        self.broken: str | None = None

    @property
    def pid(self) -> int:
        return self._proc.pid

    def send(self, header: dict[str, Any]) -> None:
        """A request whose reply nobody waits for (closing a dropped env): skipped when it comes."""
        self._next += 1
        self._write(encode({"id": self._next, **header}), header.get("op", "?"))
        self._skip.add(self._next)

    def exchange(
        self,
        header: dict[str, Any],
        arrays: dict[str, np.ndarray] | None = None,
        shared: Callable[[int], bytearray] | None = None,
    ) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        """Sends one request and returns its reply's header and arrays, or raises AgoraError."""
        if self.broken:
            raise AgoraError("server_exited", self.broken)
        self._next += 1
        asked = self._next
        op = header.get("op", "?")
        self._write(encode({"id": asked, **header}, arrays), op)
        reply, body, start = self._reply_to(asked, op)
        out = arrays_of(reply, body, start, shared)
        if not reply.get("ok"):
            error = reply.get("error", {})
            raise AgoraError(error.get("code", "internal"), error.get("message", "the server failed"))
        return reply, out

    # -- the pipe ---------------------------------------------------------------------------------

    def _write(self, data: bytes, op: str) -> None:
        view = memoryview(data)
        sent = 0
        deadline = time.monotonic() + self.timeout
        while sent < len(view):
            try:
                sent += os.write(self._out, view[sent:])
                continue
            except BlockingIOError:
                pass
            except BrokenPipeError:
                raise self._exited(op) from None
            try:
                self._wait(op, deadline, writing=True)
            except BaseException:
                if sent:  # half a frame is in the pipe: nothing after it can be read right
                    self._break(f"a request to agora serve (pid {self.pid}) was cut off halfway")
                raise

    def _reply_to(self, asked: int, op: str) -> tuple[dict[str, Any], bytearray, int]:
        deadline = time.monotonic() + self.timeout
        try:
            while True:
                frame = self._next_frame()
                if frame is None:
                    self._wait(op, deadline, writing=False)
                    self._fill(op)
                    continue
                header, start = header_of(frame)
                got = header.get("id")
                if got in self._skip:
                    self._skip.discard(got)
                    continue
                if got != asked and got != -1:  # -1: the server could not read the request's id
                    self._break(f"agora serve (pid {self.pid}) answered request {got} when {asked} was asked")
                    raise AgoraError("server_exited", self.broken or "")
                return header, frame, start
        except BaseException:
            self._skip.add(asked)
            raise

    def _next_frame(self) -> bytearray | None:
        buffer = self._buffer
        if len(buffer) < 4:
            return None
        length = int.from_bytes(buffer[:4], "little")
        if len(buffer) < 4 + length:
            return None
        frame = buffer[4 : 4 + length]
        del buffer[: 4 + length]
        return frame

    def _fill(self, op: str) -> None:
        """Reads what the pipe holds (select said it is readable) onto the buffer."""
        need = 1 << 16
        if len(self._buffer) >= 4:
            need = max(need, 4 + int.from_bytes(self._buffer[:4], "little") - len(self._buffer))
        chunk = os.read(self._in, need)
        if not chunk:
            raise self._exited(op)
        self._buffer += chunk

    def _wait(self, op: str, deadline: float, writing: bool) -> None:
        """Until the pipe can be read (or written), in slices; raises when the wait must end."""
        stopped_since: float | None = None
        while True:
            if interrupts_pending() >= 2:
                raise KeyboardInterrupt
            now = time.monotonic()
            if now >= deadline:
                raise AgoraError(
                    "timeout",
                    f"agora serve (pid {self.pid}) did not answer '{op}' within {self.timeout:g} s "
                    "(raise it with agora.set_timeout(seconds) or $AGORA_TIMEOUT)",
                )
            ready = select.select([], [self._out], [], SLICE)[1] if writing else select.select([self._in], [], [], SLICE)[0]
            if ready:
                return
            if self._proc.poll() is not None:
                raise self._exited(op)
            if _stopped(self.pid):
                stopped_since = stopped_since if stopped_since is not None else now
                if now - stopped_since >= STOPPED_FOR:
                    raise AgoraError(
                        "server_stopped",
                        f"agora serve (pid {self.pid}) is stopped (SIGSTOP, Ctrl-Z or a debugger), so '{op}' "
                        f"got no answer; resume it with `kill -CONT {self.pid}`, then reset the env",
                    )
            else:
                stopped_since = None

    def _exited(self, op: str) -> AgoraError:
        code = self._proc.poll()
        if code is None:
            try:
                code = self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        self._break(
            f"agora serve (pid {self.pid}) has exited"
            + (f" (code {code})" if code is not None else "")
            + f" before answering '{op}'; make a new env"
        )
        return AgoraError("server_exited", self.broken or "")

    def _break(self, why: str) -> None:
        self.broken = why
        if self._proc.poll() is None:
            self._proc.kill()


def _stopped(pid: int) -> bool:
    """Whether the process is stopped (state T or t in /proc; False where there is no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    # The state follows the command name in parentheses, which may itself hold spaces or ')'.
    return stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3] in (b"T", b"t")
