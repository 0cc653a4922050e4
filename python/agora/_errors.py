"""The package's one error type."""
from __future__ import annotations


class AgoraError(RuntimeError):
    """An error the server answered with, or one about the link to it: `code` (e.g.
    'illegal_action', 'timeout', 'server_exited', 'server_stopped', 'interrupted') and its message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
