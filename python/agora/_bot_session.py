"""What a bot knows of its matches and how it answers the arena's events (BOT-API §2-3): the game
of each match, the turns answered, the matches finished. The connection (stream or polling) is
bot.py's; this is the same for both."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Collection

import numpy as np

from ._bot_http import TRANSIENT, ArenaUnavailable, BotHttp
from ._errors import AgoraError

# POSTing an action: tries and the pause between them when the connection fails or the arena is
# unavailable. A retry of a move that did arrive is answered 409 stale, which is fine.
POST_TRIES = 3
POST_RETRY_S = 0.5


@dataclass
class Turn:
    """One decision waiting for the bot (a `yourTurn` event), as the policy gets it.

    match: the match id; seat: the bot's seat; decisions: the match's decision count, sent back
    with the action; observation: the seat's observation vector (float32,
    docs/observations/<game>.md); legal_actions: the actions it may play, sorted as the arena sent
    them; labels: each legal action's label; view: the seat's view (what the game's page shows it);
    time_left_ms: what was left of the decision's time limit when the event was sent; game and
    players: the match's game and seat count (None if the arena did not say)."""

    match: str
    seat: int
    decisions: int
    observation: np.ndarray
    legal_actions: list[int]
    labels: dict[int, str]
    view: dict[str, Any]
    time_left_ms: float | None
    game: str | None
    players: int | None = None


Turn.__module__ = "agora.bot"  # where it is documented and imported from


@dataclass
class MatchInfo:
    """What matchStart (or the match's page) told of a match."""

    game: str | None
    players: int | None
    seat: int | None
    time_limit_ms: float | None = None
    checked_at: float = field(default=0.0)  # when polling last asked whether it ended


class Session:
    """Answers events with the policy's actions; counts finished matches."""

    def __init__(
        self,
        http: BotHttp,
        policy: Callable[[Turn], int],
        log: Callable[[str], None],
        games: Collection[str] | None,
        on_match_end: Callable[[dict[str, Any]], None] | None,
    ):
        self.http = http
        self.policy = policy
        self.log = log
        self.games = set(games) if games is not None else None
        self.on_match_end = on_match_end
        self.matches: dict[str, MatchInfo] = {}  # live matches
        self.answered: set[tuple[str, int]] = set()  # (match, decisions) the arena has an answer to
        self.ended: set[str] = set()
        self.finished: list[dict[str, Any]] = []  # matchEnd events, in order

    # -- events -------------------------------------------------------------------------------

    def handle(self, event: dict[str, Any]) -> None:
        """One event of the stream; unknown types are skipped (newer arenas may send more)."""
        kind = event.get("type")
        if kind == "matchStart":
            self.match_start(event)
        elif kind == "yourTurn":
            self.your_turn(event)
        elif kind == "matchEnd":
            self.match_end(event)

    def match_start(self, event: dict[str, Any]) -> None:
        match = str(event["match"])
        if match in self.ended:
            return
        known = match in self.matches
        info = MatchInfo(event.get("game"), event.get("players"), event.get("seat"), event.get("timeLimitMs"))
        self.matches[match] = info
        self._check_game(match, info)
        if not known:  # the stream announces live matches again on every connect
            limit = f", {info.time_limit_ms / 1000:g} s a decision" if info.time_limit_ms else ""
            self.log(f"match {match}: {info.game}, seat {info.seat} of {info.players}{limit}")

    def your_turn(self, event: dict[str, Any]) -> None:
        match, decisions = str(event["match"]), int(event["decisions"])
        if (match, decisions) in self.answered or match in self.ended:
            return  # resent on reconnect, or a poll answering before the move was counted
        info = self.matches.get(match) or self._learn(match, event)
        legal, labels = _legal(event.get("legalActions", []))
        turn = Turn(
            match=match,
            seat=int(event.get("seat", info.seat if info.seat is not None else -1)),
            decisions=decisions,
            observation=np.asarray(event.get("observation", []), dtype=np.float32),
            legal_actions=legal,
            labels=labels,
            view=event.get("view") or {},
            time_left_ms=event.get("timeLeftMs"),
            game=info.game,
            players=info.players,
        )
        action = int(self.policy(turn))
        if action not in labels:
            raise AgoraError(
                "illegal_action",
                f"the policy chose action {action} in match {match}; the legal actions are {legal}",
            )
        self._post(turn, action)

    def match_end(self, event: dict[str, Any]) -> None:
        match = str(event["match"])
        if match in self.ended:
            return
        info = self.matches.pop(match, None)
        self.ended.add(match)
        self.answered = {k for k in self.answered if k[0] != match}
        event = dict(event)
        if info is not None and event.get("game") is None:
            event["game"] = info.game
        self.finished.append(event)
        self.log(_describe_end(event))
        if self.on_match_end is not None:
            self.on_match_end(event)

    # -- matches the events did not end --------------------------------------------------------

    def check_ended(self, skip: Collection[str] = (), every_s: float = 0.0) -> None:
        """Asks the arena (GET /api/bot/matches/:id) whether live matches not in `skip` are over,
        each at most once per `every_s`: polling gets no matchEnd, and a match can end while the
        stream is down. An ended match is finished as a matchEnd made from its page."""
        now = time.monotonic()
        for match, info in list(self.matches.items()):
            if match in skip or now - info.checked_at < every_s:
                continue
            info.checked_at = now
            page = self._page(match)
            if page is not None:
                self._end_from_page(match, page)

    def _end_from_page(self, match: str, page: dict[str, Any]) -> None:
        result = page.get("result")
        if not isinstance(result, dict) and page.get("status") != "done":
            return
        result = result if isinstance(result, dict) else {}
        self.match_end(
            {
                "type": "matchEnd",
                "match": match,
                "seat": page.get("seat"),
                "game": page.get("game"),
                "result": result,
                "gameId": result.get("gameId"),
                "eloChange": page.get("eloChange"),
            }
        )

    # -- helpers ------------------------------------------------------------------------------

    def _learn(self, match: str, event: dict[str, Any]) -> MatchInfo:
        """The game of a match whose matchStart this bot did not see (polling, or a turn first)."""
        page = self._page(match) or {}
        info = MatchInfo(
            event.get("game") or page.get("game"),
            event.get("players") or page.get("players"),
            event.get("seat", page.get("seat")),
        )
        self.matches[match] = info
        self._check_game(match, info)
        self.log(f"match {match}: {info.game}, seat {info.seat} of {info.players}")
        return info

    def _page(self, match: str) -> dict[str, Any] | None:
        try:
            answer = self.http.request("GET", f"/api/bot/matches/{match}")
        except (ArenaUnavailable, *TRANSIENT) as e:
            self.log(f"match {match}: could not read its page ({e})")
            return None
        if answer.status != 200 or not isinstance(answer.body, dict):
            self.log(f"match {match}: its page answered {answer.status} {answer.error_message}".rstrip())
            return None
        body = answer.body
        return body["match"] if "game" not in body and isinstance(body.get("match"), dict) else body

    def _check_game(self, match: str, info: MatchInfo) -> None:
        if self.games is not None and info.game is not None and info.game not in self.games:
            raise AgoraError(
                "bad_request",
                f"match {match} is {info.game}; this policy plays only {', '.join(sorted(self.games))}",
            )

    def _post(self, turn: Turn, action: int) -> None:
        path = f"/api/bot/matches/{turn.match}/actions"
        body = {"action": action, "decisions": turn.decisions}
        for attempt in range(1, POST_TRIES + 1):
            try:
                answer = self.http.request("POST", path, body)
            except (ArenaUnavailable, *TRANSIENT) as e:
                self.log(f"match {turn.match}: sending action {action} failed ({e}); try {attempt} of {POST_TRIES}")
                time.sleep(POST_RETRY_S * attempt)
                continue
            if answer.status == 200:
                self.answered.add((turn.match, turn.decisions))
                if isinstance(answer.body, dict) and isinstance(answer.body.get("result"), dict):
                    self._end_from_page(turn.match, answer.body)  # the bot's move ended the match
                return
            code = answer.error_code
            if code == "illegal_action":
                raise AgoraError("illegal_action", f"match {turn.match}: {answer.error_message}")
            if answer.status == 409:
                # stale: played already (a retry, or the time ran out and the arena played);
                # conflict: not the bot's turn any more, or the match is over. Nothing to do.
                self.answered.add((turn.match, turn.decisions))
                self.log(
                    f"match {turn.match}: action {action} at decision {turn.decisions} not played "
                    f"({code}: {answer.error_message})"
                )
                return
            self.log(
                f"match {turn.match}: the arena refused action {action} "
                f"({answer.status} {code}: {answer.error_message})"
            )
            return
        self.log(
            f"match {turn.match}: gave up sending action {action}; "
            "the arena plays at random when the time runs out"
        )


def _legal(entries: list[Any]) -> tuple[list[int], dict[int, str]]:
    """legalActions as [{action, label}] (plain numbers are taken too)."""
    legal, labels = [], {}
    for entry in entries:
        if isinstance(entry, dict):
            action, label = int(entry["action"]), str(entry.get("label", entry["action"]))
        else:
            action, label = int(entry), str(entry)
        legal.append(action)
        labels[action] = label
    return legal, labels


def _describe_end(event: dict[str, Any]) -> str:
    """'match k3x (promotion) over: place 1 of 4, Elo +12.5'."""
    result = event.get("result") or {}
    ranking, seat = result.get("ranking"), event.get("seat")
    game = f" ({event['game']})" if event.get("game") else ""
    parts = []
    if isinstance(ranking, list) and isinstance(seat, int) and 0 <= seat < len(ranking):
        tied = sum(1 for r in ranking if r == ranking[seat]) > 1
        parts.append(f"place {ranking[seat] + 1} of {len(ranking)}" + (" (tied)" if tied else ""))
    if result.get("truncated"):
        parts.append("truncated")
    elo = event.get("eloChange")
    if isinstance(elo, (int, float)):
        parts.append(f"Elo {elo:+.1f}")
    return f"match {event['match']}{game} over: " + (", ".join(parts) or "no result given")
