"""A scripted stand-in for the arena's Bot API (BOT-API-DRAFT), for the bot client's tests: an
http.server in a thread that plays a list of stream connections, answers polls from a list,
serves match pages and records every action POSTed."""
from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

TOKEN = "agb_good"

# Stream script items besides events (dicts) and keep-alives (""):
DROP = "drop"  # cut the connection mid-stream, without ending the chunked body


def wait_actions(n: int) -> dict[str, int]:
    """A stream script item: go on once `n` actions have been POSTed (as the arena sends a next
    turn only after the last one was played)."""
    return {"__await__": n}


class FakeArena:
    """`streams`: one script per stream connection (the last one then sends keep-alives until the
    client leaves); `polls`: the /api/bot/turns answers in order (a number: that status), then empty ones; `pages`: match
    id -> page, or a function of the actions so far giving it; `stale`: (match, decisions) answered
    409 stale."""

    def __init__(self, streams=(), polls=(), pages=None, stale=()):
        self.streams = list(streams)
        self.polls = list(polls)
        self.pages = dict(pages or {})
        self.stale = set(stale)
        self.actions: list[tuple[str, dict[str, Any]]] = []  # (match, body), in order
        self.requests: list[tuple[str, str, str | None]] = []  # (method, path, content type)
        self.connections = 0
        self.closed = False
        self.changed = threading.Condition()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeArena":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.closed = True
        self.server.shutdown()
        self.server.server_close()

    def posted(self) -> list[tuple[str, int, int]]:
        """(match, action, decisions) of each POST, in order."""
        return [(m, b["action"], b["decisions"]) for m, b in self.actions]

    def page(self, match: str) -> dict[str, Any] | None:
        page = self.pages.get(match)
        return page(self.actions) if callable(page) else page


def _handler(arena: FakeArena):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            arena.requests.append(("GET", self.path, None))
            if not self._authorized():
                return
            if path == "/api/bot/stream":
                self._stream()
            elif path == "/api/bot/turns":
                with arena.changed:
                    answer = arena.polls.pop(0) if arena.polls else {"turns": []}
                if isinstance(answer, int):  # a failure status, e.g. 503 while the arena restarts
                    self._json(answer, {"error": {"code": "unavailable", "message": "restarting"}})
                else:
                    self._json(200, answer)
            elif path.startswith("/api/bot/matches/"):
                page = arena.page(path.rsplit("/", 1)[1])
                if page is None:
                    self._json(404, {"error": {"code": "not_found", "message": "no such match"}})
                else:
                    self._json(200, page)
            else:
                self._json(404, {"error": {"code": "not_found", "message": "not found"}})

        def do_POST(self) -> None:
            path = urlsplit(self.path).path
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length))
            arena.requests.append(("POST", self.path, self.headers.get("Content-Type")))
            if not self._authorized():
                return
            match = path.split("/")[4]
            with arena.changed:
                arena.actions.append((match, body))
                arena.changed.notify_all()
            if (match, body["decisions"]) in arena.stale:
                self._json(409, {"error": {"code": "stale", "message": "the decision was played already"}})
            else:
                self._json(200, {"id": match, "decisions": body["decisions"] + 1})

        def _authorized(self) -> bool:
            if self.headers.get("Authorization") == f"Bearer {TOKEN}":
                return True
            self._json(401, {"error": {"code": "unauthorized", "message": "invalid bot token"}})
            return False

        def _json(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _stream(self) -> None:
            self.close_connection = True  # a stream is the connection's last answer
            with arena.changed:
                arena.connections += 1
                script = arena.streams.pop(0) if arena.streams else []
                last = not arena.streams
            self.send_response(200)
            self.send_header("Content-Type", "application/x-ndjson")
            self.send_header("Transfer-Encoding", "chunked")  # as Express streams it
            self.end_headers()
            try:
                for item in script:
                    if item == DROP:
                        self.wfile.write(b"40\r\n{\"type\":\"yourTu")  # half a chunk, then gone
                        self.connection.shutdown(socket.SHUT_RDWR)
                        return
                    if isinstance(item, dict) and "__await__" in item:
                        with arena.changed:
                            arena.changed.wait_for(lambda: len(arena.actions) >= item["__await__"], timeout=10)
                        continue
                    self._chunk("" if item == "" else json.dumps(item))
                if not last:
                    self._end()
                    return
                while not arena.closed:  # keep-alives until the client leaves or the server stops
                    self._chunk("")
                    with arena.changed:
                        arena.changed.wait(0.05)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client left

        def _chunk(self, line: str) -> None:
            data = (line + "\n").encode()
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

        def _end(self) -> None:
            self.wfile.write(b"0\r\n\r\n")

    return Handler
