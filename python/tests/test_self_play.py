"""The self-play env from Python: the TypeScript self-play vector env number for number, every
seat's rewards as the game's returns, and the Gymnasium shapes the PPO example relies on."""
import numpy as np
import pytest

import agora
from typescript import run_typescript

DTYPES = {
    "observations": np.float32,
    "action_masks": np.int8,
    "rewards": np.float32,
    "terminated": bool,
    "truncated": bool,
    "seat": np.int32,
    "episode_length": np.int32,
    "capped": bool,
    "reset": bool,
    "ranking": np.int32,
    "scores": np.float64,
    "returns": np.float32,
    "final_obs": np.float32,
}


def spread_action(mask, i, t):
    """Env i's legal action number (7t + 3i) mod its legal count: typescript_trajectory.ts picks the same."""
    legal = np.flatnonzero(mask)
    return int(legal[(7 * t + 3 * i) % legal.size])


def returns_from_ranking(ranking):
    """(seats ranked below - seats ranked above) / (players - 1), as envs/core/returns.ts defines it."""
    n = len(ranking)
    return [(sum(o > p for o in ranking) - sum(o < p for o in ranking)) / (n - 1) for p in ranking]


def flat(obs, rewards, terminated, truncated, infos):
    """One step's arrays under the names typescript_trajectory.ts prints them, flattened."""
    named = {
        "observations": obs,
        "action_masks": infos["action_mask"],
        "terminated": terminated,
        "truncated": truncated,
        **{k: infos[k] for k in ("seat", "episode_length", "capped", "reset", "ranking", "scores", "returns")},
    }
    if rewards is not None:
        named["rewards"] = rewards
    if "final_obs" in infos:
        named["final_obs"] = infos["final_obs"]
    return {k: np.asarray(v).reshape(-1) for k, v in named.items()}


@pytest.mark.parametrize(
    "game, mode, steps, limit",
    [
        ("promotion", "next-step", 300, None),
        ("filthyrich", "same-step", 300, None),
        ("perikles", "next-step", 200, 120),
    ],
)
def test_self_play_env_equals_typescript(game, mode, steps, limit):
    expected = run_typescript("typescript_trajectory.ts", "selfplay", game, 11, steps, mode, limit or "none")
    venv = agora.make_self_play_vec(game, num_envs=3, seed=11, autoreset_mode=mode, max_episode_steps=limit)
    obs, infos = venv.reset(seed=11)
    seen = [flat(obs, None, np.zeros(3, bool), np.zeros(3, bool), infos)]
    for t in range(steps):
        actions = [spread_action(infos["action_mask"][i], i, t) for i in range(3)]
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        seen.append(flat(obs, rewards, terminated, truncated, infos))
    assert len(seen) == len(expected) == steps + 1
    ends = 0
    for mine, theirs in zip(seen, expected):
        for name, values in theirs.items():
            if name in mine:
                assert np.array_equal(mine[name].astype(DTYPES[name]), np.array(values, DTYPES[name])), name
        ends += int(mine["terminated"].sum() + mine["truncated"].sum())
    assert ends > 0
    venv.close()


def test_every_seats_rewards_sum_as_the_games_returns_do():
    venv = agora.make_self_play_vec("promotion", num_envs=8, seed=3)
    rng = np.random.default_rng(3)
    obs, infos = venv.reset(seed=3)
    assert (obs.shape, obs.dtype) == ((8, venv.single_observation_space.shape[0]), np.float32)
    assert (infos["action_mask"].dtype, infos["seat"].dtype, infos["seat"].shape) == (np.int8, np.int32, (8,))
    totals = np.zeros((8, venv.players))
    finished = []
    for _ in range(400):
        noise = rng.random(infos["action_mask"].shape) * infos["action_mask"]
        obs, rewards, terminated, truncated, infos = venv.step(noise.argmax(axis=1))
        assert rewards.shape == (8, venv.players) and rewards.dtype == np.float64
        assert np.array_equal(infos["_returns"], terminated) and np.array_equal(infos["_ranking"], terminated)
        assert not rewards[~terminated].any()
        # The ended row: any action is allowed (and ignored when the env resets at the next step).
        assert infos["action_mask"][terminated].all()
        totals += rewards
        for i in np.flatnonzero(terminated):
            assert np.allclose(rewards[i], returns_from_ranking(infos["ranking"][i].tolist()), atol=1e-6)
            assert np.array_equal(rewards[i], infos["returns"][i].astype(np.float64))
            finished.append(totals[i].copy())
            totals[i] = 0
    assert len(finished) > 20
    # Each game's returns are zero-sum, and a strict four-seat ranking gives 1, 1/3, -1/3, -1.
    assert np.allclose([f.sum() for f in finished], 0, atol=1e-6)
    assert all(np.all(np.abs(f) <= 1) for f in finished)
    venv.close()


def test_bad_actions_and_options_are_clear_errors():
    venv = agora.make_self_play_vec("tictactoe", num_envs=2, seed=1)
    _, infos = venv.reset(seed=1)
    assert infos["seat"].tolist() == [0, 0]
    with pytest.raises(agora.AgoraError, match=r"tictactoe: seat 0 cannot take action 99 .*\(env 1\)"):
        venv.step([0, 99])
    *_, infos = venv.step([0, 4])  # the refused batch changed nothing
    assert infos["seat"].tolist() == [1, 1] and infos["action_mask"].tolist()[1] == [1, 1, 1, 1, 0, 1, 1, 1, 1]
    venv.close()
    with pytest.raises(agora.AgoraError, match="a selfplay env takes no 'opponents'"):
        agora.shared_server().make("selfplay", "tictactoe", opponents="random")
