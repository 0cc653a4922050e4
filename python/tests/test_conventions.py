"""Gymnasium's and PettingZoo's conventions: registered ids, seeding, writable arrays, one set of info
keys with `_key` masks, masks on rows that reset, render_fps, the AEC env's illegal moves, and the
observation layout and action labels."""
import re

import gymnasium
import numpy as np
import pytest

import agora
from agora.aec import AgoraAECEnv
from agora.env import AgoraEnv
from agora.vector import AgoraVectorEnv

# The ids of the games that ship today, pinned: saved configs and published results name them.
PINNED_IDS = {
    "tictactoe": "agora/TicTacToe-v1",
    "promotion": "agora/Promotion-v1",
    "philadelphia": "agora/Philadelphia-v1",
    "cityplan": "agora/CityPlanDelta-v1",
    "filthyrich": "agora/FilthyRich-v2",
    "perikles": "agora/Perikles-v2",
}


# Every registered game (the package's table is generated from the registry), a game added later included.
IDS = agora.gymnasium_ids()


def test_every_game_has_a_registered_versioned_id():
    assert set(IDS) == set(agora.games()) == set(agora.GAMES)
    for game, pinned in PINNED_IDS.items():
        assert IDS[game] == pinned
    for game, gid in IDS.items():
        # agora/<title in CamelCase>-v<observation encoding version>
        assert re.fullmatch(r"agora/[A-Z][A-Za-z0-9]*-v\d+", gid), gid
        assert gid.endswith(f"-v{agora.GAMES[game]['encoding_version']}"), gid
        assert gymnasium.spec(gid).id == gid


@pytest.mark.parametrize("game", sorted(IDS))
def test_gymnasium_make_and_make_vec(game):
    env = gymnasium.make(IDS[game], seed=3)
    assert isinstance(env.unwrapped, AgoraEnv) and env.unwrapped.game == game
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape == (agora.GAMES[game]["observation_sizes"][env.unwrapped.players],)
    mine, _ = agora.make(game, seed=3).reset(seed=3)
    assert np.array_equal(obs, mine)
    env.close()
    venv = gymnasium.make_vec(IDS[game], num_envs=3, seed=3)
    assert isinstance(venv, AgoraVectorEnv)
    obs, infos = venv.reset(seed=3)
    assert obs.shape == (3, env.observation_space.shape[0]) and infos["action_mask"].shape == (3, venv.single_action_space.n)
    venv.close()


def test_module_colon_id_registers_without_importing_agora_first():
    env = gymnasium.make("agora:agora/Promotion-v1")
    assert env.unwrapped.game == "promotion"
    env.close()


def test_without_a_seed_each_env_draws_its_own():
    # Philadelphia's first observation shows the dealt hand, so different seeds show there.
    firsts = [agora.make("philadelphia").reset()[0] for _ in range(4)]
    assert len({f.tobytes() for f in firsts}) == 4
    rows, _ = agora.make_vec("philadelphia", num_envs=4).reset()
    assert len({r.tobytes() for r in rows}) == 4
    other, _ = agora.make_vec("philadelphia", num_envs=4).reset()
    assert not np.array_equal(rows, other)


def test_arrays_are_writable():
    venv = agora.make_vec("perikles", num_envs=3, seed=1)
    obs, infos = venv.reset(seed=1)
    actions = [int(np.flatnonzero(r)[0]) for r in infos["action_mask"]]
    obs += 1
    infos["action_mask"][:] = 0
    obs, rewards, terminated, truncated, infos = venv.step(actions)
    for array in (obs, rewards, terminated, truncated, *[v for v in infos.values() if isinstance(v, np.ndarray)]):
        assert array.flags.writeable
    pipe = agora.make_vec("perikles", num_envs=2, seed=1, shared_memory=False)
    obs, _ = pipe.reset()
    obs *= 2
    single = agora.make("perikles", seed=1)
    obs, _ = single.reset()
    obs[0] = 5
    aec = agora.aec_env("perikles", seed=1)
    aec.reset()
    seen = aec.observe(aec.agent_selection)
    seen["observation"][0] = 5


def play_to_the_end(env, info):
    while True:
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            return info


def test_one_set_of_snake_case_info_keys_and_vector_masks_for_every_key():
    env = agora.make("filthyrich", seed=2)
    _, info = env.reset(seed=2)
    assert set(info) == {"action_mask", "seat", "episode_length"}
    final = play_to_the_end(env, info)
    assert set(final) == {"action_mask", "seat", "episode_length", "capped", "ranking", "scores", "returns"}
    venv = agora.make_vec("filthyrich", num_envs=2, seed=2)
    _, infos = venv.reset(seed=2)
    keys = {k for k in infos if not k.startswith("_")}
    assert set(final) <= keys
    assert {k for k in infos if k.startswith("_")} == {f"_{k}" for k in keys}
    assert infos["_action_mask"].all() and not infos["_returns"].any()
    aec = agora.aec_env("filthyrich", seed=2)
    aec.reset(seed=2)
    assert all(k == k.lower() for info in aec.infos.values() for k in info)
    assert "legal_actions" in aec.infos[aec.agent_selection]


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
def test_every_row_has_a_legal_action_so_a_masked_sampler_never_fails(mode):
    venv = agora.make_vec("tictactoe", num_envs=4, seed=5, autoreset_mode=mode)
    obs, infos = venv.reset(seed=5)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(60):
        masks = infos["action_mask"]
        assert masks.any(axis=1).all()
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        done = terminated | truncated
        ended += int(done.sum())
        if mode == "next-step":
            assert (infos["action_mask"][done] == 1).all()  # any action: it is ignored at the reset
    assert ended > 5


def test_render_fps_in_metadata():
    assert agora.make("promotion", seed=1).metadata["render_fps"] > 0
    assert agora.make_vec("promotion", num_envs=2, seed=1).metadata["render_fps"] > 0
    assert agora.aec_env("promotion", seed=1).metadata["render_fps"] > 0


def test_an_illegal_action_ends_the_aec_game_as_it_ends_the_single_env():
    aec = agora.aec_env("tictactoe", seed=3)
    aec.reset(seed=3)
    first = aec.agent_selection
    aec.step(int(np.flatnonzero(aec.observe(first)["action_mask"])[0]))
    offender = aec.agent_selection
    taken = int(np.flatnonzero(aec.observe(offender)["action_mask"] == 0)[0])
    aec.step(taken)
    assert all(aec.terminations.values()) and not any(aec.truncations.values())
    assert aec._cumulative_rewards == {first: 0.0, offender: -1.0}
    assert aec.infos[offender]["illegal_action"] is True
    _, reward, terminated, truncated, info = aec.last()
    assert terminated and aec.observe(aec.agent_selection)["action_mask"].sum() == 0
    seen = []
    while aec.agents:
        agent = aec.agent_selection
        seen.append((agent, aec.last()[1]))  # what each agent is told as it leaves
        aec.step(None)
    assert dict(seen) == {first: 0.0, offender: -1.0}
    aec.reset(seed=3)
    assert aec.agents == ["player_0", "player_1"] and not any(aec.terminations.values())
    single = agora.make("tictactoe", seed=3)
    _, info = single.reset(seed=3)
    _, _, _, _, info = single.step(int(np.flatnonzero(info["action_mask"])[0]))
    taken = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert single.step(taken)[1:4] == (-1.0, True, False)


def test_observation_layout_and_action_labels():
    layout = agora.observation_layout("promotion", 4)
    assert sum(s["size"] for s in layout) == 131 and layout[0]["offset"] == 0
    assert all(s["meaning"] for s in layout)
    table = agora.action_table("promotion")
    assert table[0]["first"] == 0 and sum(b["count"] for b in table) == agora.GAMES["promotion"]["action_size"]
    env = agora.make("promotion", seed=1)
    _, info = env.reset(seed=1)
    labels = env.action_labels()
    assert sorted(labels) == list(np.flatnonzero(info["action_mask"]))
    assert all(isinstance(v, str) and v for v in labels.values())
    assert env.observation_layout() == layout
    aec = agora.aec_env("tictactoe", seed=1)
    aec.reset(seed=1)
    assert len(aec.action_labels()) == 9
    with pytest.raises(agora.AgoraError, match="unknown game 'chess'; the games are tictactoe, promotion"):
        agora.action_table("chess")
