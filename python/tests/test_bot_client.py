"""agora.bot against a fake arena (tests/fake_arena.py): the actions and decision counts it POSTs,
keep-alives, a 409 stale answer, a dropped stream and the reconnect, a bad token, polling."""
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import agora.bot
from agora.bot import AgoraError, BotAuthError, Turn
from agora.model import Policy

from fake_arena import DROP, TOKEN, FakeArena, wait_actions


def largest(turn):
    return max(turn.legal_actions)


def your_turn(match, decisions, actions, seat=2, observation=(0.0, 1.0, 0.25)):
    return {
        "type": "yourTurn",
        "match": match,
        "seat": seat,
        "decisions": decisions,
        "view": {"phase": "play", "decisions": decisions},
        "observation": list(observation),
        "legalActions": [{"action": a, "label": f"move {a}"} for a in actions],
        "timeLeftMs": 9950,
    }


def match_start(match, game, players, seat):
    seats = [{"seat": s, "name": "random", "kind": "bot"} for s in range(players)]
    return {"type": "matchStart", "match": match, "game": game, "players": players, "seat": seat,
            "seats": seats, "timeLimitMs": 10000}


def match_end(match, seat, ranking, elo):
    result = {"ranking": ranking, "scores": [0] * len(ranking), "returns": [0] * len(ranking), "truncated": False}
    return {"type": "matchEnd", "match": match, "seat": seat, "result": result, "gameId": f"g-{match}", "eloChange": elo}


def test_stream_plays_turns_through_stale_and_reconnect():
    first = [
        match_start("m1", "promotion", 4, 2),
        "",
        your_turn("m1", 5, [3, 7, 1]),
        wait_actions(1),
        "",
        your_turn("m1", 9, [2, 4]),  # answered 409 stale
        wait_actions(2),
        your_turn("m1", 12, [0, 5]),
        wait_actions(3),
        DROP,
    ]
    second = [
        match_start("m1", "promotion", 4, 2),  # the arena announces live matches again
        your_turn("m1", 12, [0, 5]),  # and resends the turn (answered already: not played twice)
        your_turn("m2", 0, [4, 8], seat=1),  # a match it never announced: its page names the game
        wait_actions(4),
        "",
        match_end("m1", 2, [0, 3, 2, 1], 12.5),
        "",
        match_end("m2", 1, [1, 0], -3.25),
    ]
    pages = {"m2": {"id": "m2", "game": "tictactoe", "players": 2, "seat": 1, "status": "live"}}
    turns, ends, lines = [], [], []

    def policy(turn):
        turns.append(turn)
        return largest(turn)

    with FakeArena(streams=[first, second], pages=pages, stale={("m1", 9)}) as arena:
        finished = agora.bot.run(
            policy, arena.url, TOKEN, matches=2, log=lines.append, on_match_end=ends.append, backoff=0.05
        )

    assert arena.posted() == [("m1", 7, 5), ("m1", 4, 9), ("m1", 5, 12), ("m2", 8, 0)]
    assert arena.connections == 2
    assert all(ct == "application/json" for method, _, ct in arena.requests if method == "POST")
    assert ("GET", "/api/bot/matches/m2", None) in arena.requests
    assert [e["match"] for e in finished] == ["m1", "m2"] and ends == finished
    assert [e["game"] for e in ends] == ["promotion", "tictactoe"]

    first_turn = turns[0]
    assert isinstance(first_turn, Turn)
    assert (first_turn.match, first_turn.seat, first_turn.decisions, first_turn.game) == ("m1", 2, 5, "promotion")
    assert first_turn.observation.dtype == np.float32 and first_turn.observation.tolist() == [0.0, 1.0, 0.25]
    assert first_turn.legal_actions == [3, 7, 1] and first_turn.labels == {3: "move 3", 7: "move 7", 1: "move 1"}
    assert first_turn.view == {"phase": "play", "decisions": 5} and first_turn.time_left_ms == 9950
    assert (turns[-1].game, turns[-1].players, turns[-1].seat) == ("tictactoe", 2, 1)
    assert len(turns) == 4

    text = "\n".join(lines)
    assert "stale" in text and "reconnecting" in text and "reconnected" in text
    assert "match m1 (promotion) over: place 3 of 4, Elo +12.5" in lines
    assert "match m2 (tictactoe) over: place 1 of 2, Elo -3.2" in lines


def test_bad_token_is_a_clear_error():
    with FakeArena(streams=[[]]) as arena:
        with pytest.raises(BotAuthError, match="wrong or revoked") as caught:
            agora.bot.run(largest, arena.url, "agb_revoked", log=None)
        with pytest.raises(BotAuthError):
            agora.bot.run(largest, arena.url, "agb_revoked", poll=True, log=None)
    assert isinstance(caught.value, AgoraError) and caught.value.code == "unauthorized"
    assert arena.connections == 0


def test_poll_mode_plays_turns_and_learns_the_end_from_the_page():
    def m3_page(actions):
        page = {"id": "m3", "game": "tictactoe", "players": 2, "seat": 0, "status": "live"}
        if len(actions) >= 2:
            page.update(status="done", result={"ranking": [0, 1], "scores": [1, 0], "returns": [1, -1],
                                               "truncated": False, "gameId": "g3"})
        return page

    polls = [
        503,  # retried after the backoff
        {"turns": [your_turn("m3", 0, [0, 4, 8], seat=0)]},
        {"turns": [your_turn("m3", 0, [0, 4, 8], seat=0)]},  # not counted yet: not played twice
        {"turns": [your_turn("m3", 2, [1, 2, 6], seat=0)]},
    ]
    ends, lines = [], []
    with FakeArena(polls=polls, pages={"m3": m3_page}) as arena:
        finished = agora.bot.run(largest, arena.url, TOKEN, poll=True, matches=1, log=lines.append,
                                 on_match_end=ends.append, backoff=0.05)
    assert arena.posted() == [("m3", 8, 0), ("m3", 6, 2)]
    assert arena.connections == 0
    assert any(path == "/api/bot/turns?wait=25000" for _, path, _ in arena.requests)
    assert len(finished) == 1 and ends == finished
    assert finished[0]["result"]["ranking"] == [0, 1] and finished[0]["gameId"] == "g3"
    assert "match m3 (tictactoe) over: place 1 of 2" in lines
    assert any(line.startswith("polling failed (the arena answered 503") for line in lines)


def test_stop_event_ends_the_loop():
    stop = threading.Event()

    def policy(turn):
        stop.set()
        return largest(turn)

    script = [match_start("m1", "promotion", 4, 2), your_turn("m1", 5, [3, 7, 1])]
    with FakeArena(streams=[script]) as arena:
        assert agora.bot.run(policy, arena.url, TOKEN, stop=stop, log=None) == []
    assert arena.posted() == [("m1", 7, 5)]


def test_an_illegal_choice_is_refused_before_sending():
    script = [match_start("m1", "promotion", 4, 2), your_turn("m1", 5, [3, 7, 1])]
    with FakeArena(streams=[script]) as arena:
        with pytest.raises(AgoraError, match="action 4 in match m1") as caught:
            agora.bot.run(lambda turn: 4, arena.url, TOKEN, log=None)
    assert caught.value.code == "illegal_action"
    assert arena.posted() == []


def test_a_policy_for_other_games_refuses_the_match():
    script = [match_start("m1", "perikles", 4, 0), your_turn("m1", 1, [3])]
    with FakeArena(streams=[script]) as arena:
        with pytest.raises(AgoraError, match="plays only promotion"):
            agora.bot.run(largest, arena.url, TOKEN, games=["promotion"], log=None)
    assert arena.posted() == []


def test_bot_imports_without_gymnasium():
    code = (
        "import sys; sys.modules['gymnasium'] = None; sys.modules['pettingzoo'] = None\n"
        "import agora.bot, agora.model\n"
        "assert 'gymnasium' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])


def test_example_bot_model_plays_the_shipped_model():
    root = Path(__file__).resolve().parents[2]
    board = [0.0] * 18 + [1.0] * 9  # tic-tac-toe: no marks, every cell empty
    policy = Policy.load(root / "models" / "tictactoe" / "az")
    script = [
        match_start("t1", "tictactoe", 2, 0),
        your_turn("t1", 0, list(range(9)), seat=0, observation=board),
        wait_actions(1),
        match_end("t1", 0, [0, 1], 8.0),
    ]
    with FakeArena(streams=[script]) as arena:
        run = subprocess.run(
            [sys.executable, str(root / "python" / "examples" / "bot_model.py"), "--url", arena.url,
             "--token", TOKEN, "--matches", "1"],
            capture_output=True, text=True, timeout=60,
        )
    assert run.returncode == 0, run.stderr
    assert arena.posted() == [("t1", policy.best_action(board, range(9)), 0)]
    assert "match t1 (tictactoe) over: place 1 of 2, Elo +8.0" in run.stdout
