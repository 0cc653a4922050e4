"""The Python envs against the peers' checkers and against the TypeScript envs, number for number."""
import os
import tempfile

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import agora
from typescript import run_typescript

# Every registered game: python/agora/_games.py is generated from the registry (scripts/write-python-games.ts).
GAMES = list(agora.GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    env = agora.make(game, seed=1)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game):
    env = agora.aec_env(game, seed=2)
    api_test(env, num_cycles=200, verbose_progress=False)
    env.close()


def typescript(kind, game, seed, steps):
    return run_typescript("typescript_trajectory.ts", kind, game, seed, steps)


def first_legal(mask):
    legal = np.flatnonzero(mask)
    return int(legal[0]) if legal.size else 0


@pytest.mark.parametrize("game", ["promotion", "perikles"])
def test_single_env_equals_typescript(game):
    expected = typescript("single", game, 5, 60)
    env = agora.make(game, seed=5)
    obs, info = env.reset(seed=5)
    seen = [[obs.tolist(), info["action_mask"].tolist()]]
    for _ in range(60):
        obs, reward, terminated, truncated, info = env.step(first_legal(info["action_mask"]))
        seen.append([obs.tolist(), info["action_mask"].tolist(), reward, terminated, truncated])
        if terminated or truncated:
            obs, info = env.reset()
            seen.append([obs.tolist(), info["action_mask"].tolist()])
    assert len(seen) == len(expected)
    for mine, theirs in zip(seen, expected):
        assert np.array_equal(np.float32(mine[0]), np.float32(theirs[0]))
        assert mine[1:] == theirs[1:]
    env.close()


@pytest.mark.parametrize("game", ["promotion", "perikles"])
def test_vector_env_equals_typescript(game):
    expected = typescript("vector", game, 9, 40)
    venv = agora.make_vec(game, num_envs=3, seed=9)
    obs, infos = venv.reset(seed=9)
    seen = [[obs.reshape(-1), infos["action_mask"].reshape(-1)]]
    size = venv.single_action_space.n
    for _ in range(40):
        mask = infos["action_mask"]
        actions = [first_legal(mask[i]) for i in range(3)]
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        seen.append([obs.reshape(-1), infos["action_mask"].reshape(-1), rewards, terminated])
    for mine, theirs in zip(seen, expected):
        assert np.array_equal(mine[0], np.float32(theirs[0]))
        assert np.array_equal(mine[1], np.array(theirs[1], np.int8))
        if len(mine) > 2:
            assert np.array_equal(np.float32(mine[2]), np.float32(theirs[2]))
            assert np.array_equal(mine[3], np.array(theirs[3], bool))
    assert size == agora.games()[game]["actionSize"]
    venv.close()


def test_bad_input_is_a_clear_error():
    with pytest.raises(agora.AgoraError, match="unknown game 'chess'"):
        agora.make("chess")
    venv = agora.make_vec("tictactoe", num_envs=2, seed=1)
    venv.reset(seed=1)
    with pytest.raises(agora.AgoraError, match=r"actions are integers 0..8 \(env 1\)"):
        venv.step([0, 99])
    venv.close()


def test_illegal_action_ends_the_episode_as_pettingzoo_does():
    env = agora.make("tictactoe", seed=3)
    _, info = env.reset(seed=3)
    _, _, _, _, info = env.step(first_legal(info["action_mask"]))  # now two cells are taken
    taken = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(taken)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.close()


def shared_files():
    where = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    return {f for f in os.listdir(where) if f.startswith("agora-")}


def test_vector_env_through_shared_memory_equals_through_the_pipe():
    before = shared_files()
    shm = agora.make_vec("filthyrich", num_envs=4, seed=5, autoreset_mode="same-step")
    pipe = agora.make_vec("filthyrich", num_envs=4, seed=5, autoreset_mode="same-step", shared_memory=False)
    assert (shm.shared_memory, pipe.shared_memory) == (True, False)
    # The package removed the file once it had mapped it: nothing is left behind however it ends.
    assert shared_files() == before
    (obs, infos), (obs_pipe, infos_pipe) = shm.reset(seed=5), pipe.reset(seed=5)
    kept = []
    for _ in range(80):
        assert np.array_equal(obs, obs_pipe)
        assert infos.keys() == infos_pipe.keys()
        for key in infos:
            assert np.array_equal(infos[key], infos_pipe[key]), key
        kept.append((obs.copy(), obs))
        actions = [first_legal(row) for row in infos["action_mask"]]
        obs, rewards, terminated, truncated, infos = shm.step(actions)
        obs_pipe, *rest, infos_pipe = pipe.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip((rewards, terminated, truncated), rest))
    # Every step's arrays are its own: the later steps did not overwrite them.
    assert all(np.array_equal(copy, returned) for copy, returned in kept)
    assert any(not np.array_equal(kept[0][1], later) for _, later in kept[1:])
    shm.close()
    pipe.close()


def test_a_payoff_game_rewards_its_chips():
    # Kuhn poker pays chips (return_scale 2): a bet called is worth 2, a check-check or a fold 1.
    assert (agora.GAMES["kuhn"]["return_unit"], agora.GAMES["kuhn"]["return_scale"]) == ("chips", 2)
    assert (agora.GAMES["promotion"]["return_unit"], agora.GAMES["promotion"]["return_scale"]) == ("rank", 1)
    env = agora.make("kuhn", seed=4)
    seen = set()
    for episode in range(60):
        _, info = env.reset(seed=episode)
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(int(legal[episode % legal.size]))
            if terminated or truncated:
                break
            assert reward == 0
        assert reward == info["returns"][info["seat"]] and sum(info["returns"]) == 0
        seen.add(abs(reward))
    assert seen == {1.0, 2.0}
    env.close()
    venv = agora.make_self_play_vec("kuhn", num_envs=8, seed=6)
    _, infos = venv.reset(seed=6)
    totals = set()
    for _ in range(12):
        actions = [int(np.flatnonzero(row)[-1]) for row in infos["action_mask"]]  # always bet or call
        _, rewards, terminated, _, infos = venv.step(actions)
        for row in np.flatnonzero(terminated):
            assert rewards[row].sum() == 0 and np.abs(rewards[row]).tolist() == [2.0, 2.0]
            totals.add(float(np.abs(rewards[row]).max()))
    assert totals == {2.0}
    venv.close()
