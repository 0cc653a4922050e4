"""What users do to a running program, each scenario in a process of its own (test_link.py runs them
in a new session, so a Ctrl-C sent to the whole process group is the terminal's Ctrl-C). Each prints
one JSON line of what it saw."""
import gc
import json
import os
import pickle
import signal
import sys
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import agora  # noqa: E402
from agora import _server  # noqa: E402

SLOW = "mcts:iterations=3000"  # opponents that make one vector step take seconds


def first_legal(masks):
    return [int(np.flatnonzero(row)[0]) for row in masks]


def ctrl_c(after, times=1, gap=0.3):
    """The terminal's Ctrl-C: SIGINT to the whole foreground process group, from a timer."""

    def send():
        time.sleep(after)
        for i in range(times):
            os.killpg(os.getpgrp(), signal.SIGINT)
            time.sleep(gap)

    threading.Thread(target=send, daemon=True).start()


def slow_pair():
    """Two vector envs alike, on one server: one to interrupt, one to step alongside as its twin."""
    a = agora.make_vec("promotion", num_envs=2, seed=4, opponents=SLOW)
    b = agora.make_vec("promotion", num_envs=2, seed=4, opponents=SLOW, server=a._server)
    _, infos = a.reset(seed=4)
    b.reset(seed=4)
    return a, b, first_legal(infos["action_mask"])


def sigint_mid_step():
    a, b, actions = slow_pair()
    started = time.monotonic()
    ctrl_c(0.3)
    result = None
    try:
        a.step(actions)
        raised = False
    except KeyboardInterrupt as interrupt:
        raised = True
        result = interrupt.result
    took = time.monotonic() - started
    twin = b.step(actions)
    same = bool(np.array_equal(a.observe_all_seats(), b.observe_all_seats()))
    carried = result is not None and all(np.array_equal(x, y) for x, y in zip(result[:4], twin[:4]))
    ttt = agora.make("tictactoe", seed=1, server=a._server)
    obs, _ = ttt.reset()
    return {
        "raised": raised,
        "step_completed": same,
        "the_step_result_rides_on_the_interrupt": carried,
        "took_at_least_the_ctrl_c_delay": took > 0.3,
        "server_alive": a._server.alive,
        "other_env_observation": int(obs.shape[0]),
    }


def double_sigint():
    a, b, actions = slow_pair()
    ctrl_c(0.3, times=2, gap=0.2)
    try:
        a.step(actions)
        raised = False
    except KeyboardInterrupt:
        raised = True
    try:
        a.step(actions)
        after = "stepped"
    except agora.AgoraError as e:
        after = f"{e.code}: {e}"
    ttt = agora.make("tictactoe", seed=1, server=a._server)
    obs, _ = ttt.reset()  # waits behind the abandoned step, whose late reply is skipped
    _, infos = a.reset(seed=9)
    return {
        "raised": raised,
        "after": after,
        "other_env_observation": int(obs.shape[0]),
        "reset_mask_rows": int(infos["action_mask"].any(axis=1).sum()),
    }


def server_killed():
    env = agora.make("promotion", seed=1)
    _, info = env.reset()
    pid = env._server.pid
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    try:
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
        error = None
    except agora.AgoraError as e:
        error = [e.code, str(e)]
    env.close()
    env.close()
    again = agora.make("promotion", seed=1)
    obs, _ = again.reset()
    return {"error": error, "pid": pid, "new_server": again._server.pid != pid, "obs": int(obs.shape[0])}


def server_stopped():
    env = agora.make("promotion", seed=2)
    other = agora.make("tictactoe", seed=2, server=env._server)
    _, info = env.reset()
    pid = env._server.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
        error = None
    except agora.AgoraError as e:
        error = [e.code, str(e)]
    os.kill(pid, signal.SIGCONT)
    try:
        env.step(0)
        after = "stepped"
    except agora.AgoraError as e:
        after = e.code
    obs, _ = other.reset()
    obs2, _ = env.reset(seed=2)
    return {"error": error, "pid": pid, "after": after, "other": int(obs.shape[0]), "reset": int(obs2.shape[0])}


def timeout():
    a, _, actions = slow_pair()
    agora.set_timeout(0.5)
    try:
        a.step(actions)
        error = None
    except agora.AgoraError as e:
        error = [e.code, str(e)]
    agora.set_timeout(300)
    _, infos = a.reset(seed=1)
    return {"error": error, "pid": a._server.pid, "reset_rows": int(infos["action_mask"].shape[0])}


def many_envs():
    kept = [agora.make("tictactoe", seed=i) for i in range(200)]
    for e in kept:
        e.reset()
    servers = {id(e._server) for e in kept}
    server = kept[0]._server
    # Dropped without close(), many times over: garbage collection gives their places back.
    for i in range(3000):
        agora.make("tictactoe", seed=i)
        if i % 500 == 0:
            gc.collect()
    gc.collect()
    agora.make("tictactoe", seed=0).close()  # a request: the dropped envs' closes go first
    open_now = server.envs
    # Past one server's limit the pool opens another.
    more = [agora.make("tictactoe", seed=i) for i in range(server.max_envs)]
    return {
        "servers_for_200": len(servers),
        "open_after_drops": open_now,
        "servers_in_pool": len(_server._pool.servers),
        "last_works": int(more[-1].reset()[0].shape[0]),
    }


def pickling():
    env = agora.make("perikles", seed=7, players=3)
    first, _ = env.reset()
    copy = pickle.loads(pickle.dumps(env))
    again, _ = copy.reset()
    venv = agora.make_vec("filthyrich", num_envs=3, seed=5, autoreset_mode="same-step")
    vfirst, _ = venv.reset()
    vcopy = pickle.loads(pickle.dumps(venv))
    vagain, _ = vcopy.reset()
    aec = pickle.loads(pickle.dumps(agora.aec_env("tictactoe", seed=3)))
    aec.reset()
    return {
        "same_first_observation": bool(np.array_equal(first, again)),
        "same_vector_observations": bool(np.array_equal(vfirst, vagain)),
        "players": copy.players,
        "aec_agents": aec.agents,
    }


def forked():
    env = agora.make("promotion", seed=3)
    env.reset()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            try:
                env.step(0)
                used = "stepped"
            except agora.AgoraError as e:
                used = [e.code, str(e)]
            fresh = agora.make("promotion", seed=3)
            obs, _ = fresh.reset()
            os.write(write, json.dumps({"used": used, "fresh": int(obs.shape[0])}).encode())
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    child = json.loads(os.read(read, 65536))
    obs, _ = env.reset(seed=3)  # the parent's env is untouched
    return {**child, "parent_still_works": int(obs.shape[0])}


def async_vector_env():
    import gymnasium

    out = {}
    for context in ("fork", "spawn"):
        venv = gymnasium.vector.AsyncVectorEnv(
            [lambda i=i: agora.make("promotion", seed=i) for i in range(3)], context=context
        )
        obs, infos = venv.reset(seed=1)
        actions = [int(np.flatnonzero(row)[0]) for row in infos["action_mask"]]
        obs, *_ = venv.step(actions)
        out[context] = list(obs.shape)
        venv.close()
    return out


if __name__ == "__main__":
    print(json.dumps(globals()[sys.argv[1]]()), flush=True)
