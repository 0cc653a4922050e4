"""A vector env's shared-memory file (docs/env-protocol.md, "Shared memory"): the server writes each
step's arrays into it and replies with their offsets; the package maps it once."""
from __future__ import annotations

import mmap
import os


class SharedFile:
    def __init__(self, path: str):
        self._fd: int | None = os.open(path, os.O_RDONLY)
        # Removed at once: the server writes through its open descriptor and this side reads through
        # the mapping, so nothing is left in /dev/shm however either process ends.
        try:
            os.unlink(path)
        except OSError:
            pass
        self._map: mmap.mmap | None = None

    def payload(self, size: int) -> bytearray:
        """The file's first `size` bytes, copied: arrays over them stay valid after the next step,
        as Gymnasium's vector envs' arrays do (their copy=True), and are writable."""
        if self._fd is None:
            raise ValueError("the shared file is closed")
        if self._map is None or len(self._map) < size:
            if self._map is not None:
                self._map.close()
            self._map = mmap.mmap(self._fd, size, access=mmap.ACCESS_READ)
        copy = bytearray(size)
        with memoryview(self._map) as view:
            copy[:] = view[:size]
        return copy

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
