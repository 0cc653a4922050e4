"""The bot's HTTP requests to the arena (the Bot API's /api/bot/...), over http.client: the token
in every request, JSON both ways, the event stream read line by line. A 401 is a BotAuthError
wherever it comes and a 5xx or 429 an ArenaUnavailable (worth trying again); other answers (200,
409 stale, ...) are returned with their status for the bot to decide."""
from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any, Iterator
from urllib.parse import urlsplit

from ._errors import AgoraError

USER_AGENT = "agora-python-bot/0.1.0"

# What a dropped or broken connection raises: the caller reconnects or retries.
TRANSIENT = (OSError, http.client.HTTPException)


class BotAuthError(AgoraError):
    """The arena refused the bot's token (401): it is wrong, unknown or revoked. The arena says no
    more than that, whatever the reason; a new token comes from POST /api/bots/:id/token or the
    account page."""

    def __init__(self, url: str, message: str = ""):
        said = f" (the arena said: {message})" if message else ""
        super().__init__(
            "unauthorized",
            f"{url} refused the bot token: it is wrong or revoked{said}. "
            "Make a new one with POST /api/bots/:id/token or on /account.",
        )


class ArenaUnavailable(Exception):
    """A 5xx or 429 answer: the arena is restarting or busy; worth trying again later."""


@dataclass
class Answer:
    """An HTTP answer: status and parsed JSON body ({} when there is none or it is not JSON)."""

    status: int
    body: Any

    @property
    def error_code(self) -> str:
        """The code of the arena's error shape { error: { code, message } }, or ''."""
        error = self.body.get("error") if isinstance(self.body, dict) else None
        return str(error.get("code", "")) if isinstance(error, dict) else ""

    @property
    def error_message(self) -> str:
        error = self.body.get("error") if isinstance(self.body, dict) else None
        return str(error.get("message", "")) if isinstance(error, dict) else ""


class BotHttp:
    """Requests to one arena (`url`, e.g. http://localhost:3000, a path prefix allowed) as one bot."""

    def __init__(self, url: str, token: str, timeout: float = 30.0):
        parts = urlsplit(url.rstrip("/"))
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise AgoraError("bad_request", f"the arena url must be http(s)://host[:port]; got {url!r}")
        if not token:
            raise AgoraError("bad_request", "no bot token given (agb_..., from POST /api/bots)")
        self.url = url.rstrip("/")
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._prefix = parts.path
        self._token = token
        self.timeout = timeout

    def _connect(self, timeout: float) -> http.client.HTTPConnection:
        kind = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        return kind(self._host, self._port, timeout=timeout)

    def _headers(self, accept: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._token}", "Accept": accept, "User-Agent": USER_AGENT}

    def request(self, method: str, path: str, body: Any = None, timeout: float | None = None) -> Answer:
        """One JSON request. Raises BotAuthError on 401, ArenaUnavailable on 5xx/429, TRANSIENT errors
        when the connection fails; any other answer is returned."""
        conn = self._connect(self.timeout if timeout is None else timeout)
        try:
            headers = self._headers("application/json")
            data = None
            if body is not None:
                data = json.dumps(body).encode("utf-8")
                headers["Content-Type"] = "application/json"
            conn.request(method, self._prefix + path, body=data, headers=headers)
            response = conn.getresponse()
            answer = Answer(response.status, _json(response.read()))
        finally:
            conn.close()
        self._check(answer)
        return answer

    def open_stream(self) -> "EventStream":
        """Connects to GET /api/bot/stream. Raises BotAuthError on 401, ArenaUnavailable on 5xx/429,
        AgoraError on any other refusal, TRANSIENT errors when the connection fails."""
        conn = self._connect(self.timeout)
        try:
            conn.request("GET", self._prefix + "/api/bot/stream", headers=self._headers("application/x-ndjson"))
            response = conn.getresponse()
            if response.status != 200:
                answer = Answer(response.status, _json(response.read()))
                self._check(answer)
                raise AgoraError(
                    answer.error_code or "bad_request",
                    f"GET {self.url}/api/bot/stream answered {answer.status}: {answer.error_message or 'no message'}",
                )
        except BaseException:
            conn.close()
            raise
        return EventStream(conn, response)

    def _check(self, answer: Answer) -> None:
        if answer.status == 401:
            raise BotAuthError(self.url, answer.error_message)
        if answer.status >= 500 or answer.status == 429:
            raise ArenaUnavailable(f"the arena answered {answer.status} {answer.error_message}".rstrip())


def _json(data: bytes) -> Any:
    try:
        return json.loads(data) if data else {}
    except ValueError:
        return {}


class EventStream:
    """The open event stream: its lines as they come (keep-alives as empty strings), until the
    arena closes it. A read that waits longer than the timeout (the arena sends a keep-alive every
    5 s) raises TimeoutError: the connection is dead."""

    def __init__(self, conn: http.client.HTTPConnection, response: http.client.HTTPResponse):
        self._conn = conn
        self._response = response

    def __iter__(self) -> Iterator[str]:
        while True:
            line = self._response.readline()
            if not line:
                return
            yield line.decode("utf-8").strip()

    def close(self) -> None:
        self._conn.close()
