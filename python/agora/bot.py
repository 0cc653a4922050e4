"""Playing rated games on an Agora arena as an external bot (the Bot API, after Lichess's): the bot's
token reads its events as a stream of JSON lines, and each turn is answered with one request. Needs
only the standard library and numpy (no gymnasium, no node).

    import agora.bot
    from agora.model import Policy

    agora.bot.run(Policy.load("models/promotion/az"), "http://localhost:3000", "agb_...")

    def largest(turn):                 # any callable: an agora.bot.Turn in, a legal action out
        return max(turn.legal_actions)

    agora.bot.run(largest, url, token, matches=3)   # returns after three finished matches
"""
from __future__ import annotations

import json
import threading
import time
from typing import Any, Callable, Collection, Union

from ._bot_http import TRANSIENT, ArenaUnavailable, BotAuthError, BotHttp
from ._bot_session import Session, Turn
from ._errors import AgoraError

__all__ = ["AgoraError", "BotAuthError", "Turn", "run"]

POLL_WAIT_MS = 25000  # the arena waits at most 30000 for a turn
END_CHECK_S = 5.0  # polling: how often a live match without a turn is asked whether it ended

Stop = Union[Callable[[], bool], threading.Event, None]


def run(
    policy: Callable[[Turn], int],
    url: str,
    token: str,
    *,
    games: Collection[str] | None = None,
    stop: Stop = None,
    poll: bool = False,
    log: Callable[[str], None] | None = print,
    matches: int | None = None,
    on_match_end: Callable[[dict[str, Any]], None] | None = None,
    timeout: float = 30.0,
    backoff: float = 1.0,
    max_backoff: float = 30.0,
) -> list[dict[str, Any]]:
    """Plays as the bot whose token is `token` on the arena at `url` until `stop` or `matches`;
    returns the matchEnd events of the matches that finished meanwhile.

    policy: called with an agora.bot.Turn for each decision; returns one of turn.legal_actions
        (an agora.model.Policy is one). An action that is not legal raises AgoraError
        ('illegal_action'), as do the policy's own exceptions: both are bugs to see at once.
    games: the games the policy plays; a match of another game raises AgoraError ('bad_request').
    stop: a threading.Event (or anything with is_set()) or a callable returning True to end; it
        is looked at between events, so the stream's keep-alive (every 5 s) bounds the wait.
    poll: GET /api/bot/turns?wait=25000 in a loop instead of the stream (for networks that cut
        long responses); match ends are then learnt from the match's page.
    log: where the bot's lines go (match starts and ends, stale answers, reconnects); None: nowhere.
    matches: return after this many matches have finished.
    on_match_end: called with each matchEnd event (match, seat, game, result: ranking, scores,
        returns, truncated; gameId, eloChange).
    timeout: seconds a request, or the stream between two lines, may take before the connection
        is taken for dead.
    backoff, max_backoff: the first pause before reconnecting, doubled each failure up to the max.

    A 401 raises BotAuthError (the token is wrong or revoked). A dropped stream, a failed poll
    and 5xx answers are retried with backoff; the arena sends the live matches and waiting turns
    again on reconnecting. A 409 answer to an action (stale: played already; conflict: not the
    bot's turn any more) is logged and play goes on."""
    say = log or (lambda _line: None)
    session = Session(BotHttp(url, token, timeout), policy, say, games, on_match_end)
    done = _done_when(stop, matches, session)
    loop = _poll_loop if poll else _stream_loop
    loop(session, done, say, backoff, max_backoff)
    return session.finished


def _done_when(stop: Stop, matches: int | None, session: Session) -> Callable[[], bool]:
    def stopped() -> bool:
        if stop is None:
            return False
        return stop.is_set() if hasattr(stop, "is_set") else bool(stop())

    def done() -> bool:
        return stopped() or (matches is not None and len(session.finished) >= matches)

    return done


def _stream_loop(session: Session, done: Callable[[], bool], say, backoff: float, max_backoff: float) -> None:
    delay = backoff
    connected_before = False  # a stream was open before: matches may have ended since
    while not done():
        try:
            stream = session.http.open_stream()
        except (ArenaUnavailable, *TRANSIENT) as e:
            say(f"cannot reach the stream ({e or type(e).__name__}); again in {delay:g} s")
            _pause(delay, done)
            delay = min(delay * 2, max_backoff)
            continue
        say(f"{'re' if connected_before else ''}connected to {session.http.url} (stream)")
        delay = backoff
        announced: set[str] | None = set()  # matches the arena announced since connecting
        try:
            for line in stream:
                if done():
                    return
                if not line:
                    # A keep-alive: the arena has sent what it had on connecting. Live matches it
                    # did not announce again ended while the stream was down.
                    if announced is not None and connected_before:
                        session.check_ended(skip=announced)
                    announced = None
                    continue
                event = _parse(line, say)
                if event is None:
                    continue
                if announced is not None and event.get("type") == "matchStart":
                    announced.add(str(event.get("match")))
                session.handle(event)
                if done():
                    return
            reason = "the arena closed the stream"
        except (ArenaUnavailable, *TRANSIENT) as e:
            reason = str(e) or type(e).__name__
        finally:
            stream.close()  # also when returning mid-stream
        connected_before = True
        if done():
            return
        say(f"stream lost ({reason}); reconnecting in {delay:g} s")
        _pause(delay, done)
        delay = min(delay * 2, max_backoff)


def _poll_loop(session: Session, done: Callable[[], bool], say, backoff: float, max_backoff: float) -> None:
    delay = backoff
    wait_s = POLL_WAIT_MS / 1000
    said_hello = False
    while not done():
        try:
            answer = session.http.request(
                "GET", f"/api/bot/turns?wait={POLL_WAIT_MS}", timeout=wait_s + session.http.timeout
            )
        except (ArenaUnavailable, *TRANSIENT) as e:
            say(f"polling failed ({e or type(e).__name__}); again in {delay:g} s")
            _pause(delay, done)
            delay = min(delay * 2, max_backoff)
            continue
        if answer.status != 200:
            raise AgoraError(
                answer.error_code or "bad_request",
                f"GET {session.http.url}/api/bot/turns answered {answer.status}: "
                f"{answer.error_message or 'no message'}",
            )
        delay = backoff
        if not said_hello:
            said_hello = True
            say(f"connected to {session.http.url} (polling)")
        turns = answer.body.get("turns", []) if isinstance(answer.body, dict) else []
        for turn in turns:
            if done():
                return
            session.your_turn(turn)
        # No matchEnd comes by polling: ask about live matches without a turn (all of them when
        # the arena had nothing to wait for, which is when matches end).
        session.check_ended(skip={str(t.get("match")) for t in turns}, every_s=END_CHECK_S if turns else 0.0)


def _parse(line: str, say) -> dict[str, Any] | None:
    try:
        event = json.loads(line)
    except ValueError:
        say(f"skipped a line that is not JSON: {line[:80]!r}")
        return None
    return event if isinstance(event, dict) else None


def _pause(seconds: float, done: Callable[[], bool]) -> None:
    """Sleeps `seconds`, or less when `done` turns true."""
    end = time.monotonic() + seconds
    while not done():
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, 0.1))
