"""Ctrl-C while an env talks to its server.

A KeyboardInterrupt raised in the middle of a request would leave half a reply in the pipe, and every
later request would read the previous one's answer. So each env call runs with SIGINT deferred: the
first Ctrl-C is noted, the call finishes (the reply read, the env's state updated), and then the
KeyboardInterrupt is raised as usual, carrying the call's return value as `.result`. A second Ctrl-C while the call still waits gives up on the reply
at once (the link skips it when it comes; the env asks for a reset).

Signals reach Python's main thread only, so calls from other threads run as they are."""
from __future__ import annotations

import functools
import os
import signal
import threading
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class _Deferral:
    depth = 0
    count = 0


_state = _Deferral()


def interrupts_pending() -> int:
    """Ctrl-Cs noted since the outermost deferred call began (0 outside one)."""
    return _state.count if _state.depth else 0


def _note(signum, frame) -> None:
    _state.count += 1


def _deliver(previous: Any) -> None:
    """Hands a noted Ctrl-C to the handler that was there before (by default: KeyboardInterrupt)."""
    if callable(previous):
        previous(signal.SIGINT, None)
    elif previous == signal.SIG_DFL:
        os.kill(os.getpid(), signal.SIGINT)


def finish_before_interrupt(method: F) -> F:
    """Runs `method` with Ctrl-C deferred until it returns (see the module's docstring)."""

    @functools.wraps(method)
    def deferred(*args, **kwargs):
        if _state.depth:
            _state.depth += 1
            try:
                return method(*args, **kwargs)
            finally:
                _state.depth -= 1
        if threading.current_thread() is not threading.main_thread():
            return method(*args, **kwargs)
        try:
            previous = signal.signal(signal.SIGINT, _note)
        except (ValueError, OSError, TypeError):
            return method(*args, **kwargs)
        if previous is None:  # installed outside Python: put Python's default back afterwards
            previous = signal.default_int_handler
        _state.depth, _state.count = 1, 0
        try:
            result = method(*args, **kwargs)
        except BaseException:
            _state.depth, _state.count = 0, 0
            signal.signal(signal.SIGINT, previous)
            raise
        noted = _state.count
        _state.depth, _state.count = 0, 0
        signal.signal(signal.SIGINT, previous)
        if noted:
            try:
                _deliver(previous)
            except KeyboardInterrupt as interrupt:
                # The call was carried out: what it returned (a step's obs, rewards, ..., infos) rides
                # on the exception, so a loop that goes on after Ctrl-C has the env's current masks.
                interrupt.result = result  # type: ignore[attr-defined]
                raise
        return result

    return deferred  # type: ignore[return-value]
