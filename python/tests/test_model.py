"""agora.model against the TypeScript inference: the shipped models' logits and values for
observations of real matches (tests/typescript_model.ts), and the action the neural agent plays."""
import random
import shutil
from types import SimpleNamespace

import numpy as np
import pytest

import agora
from typescript import run_typescript
from agora.model import Policy

# Promotion and tic-tac-toe over several matches; the other games over one (hundreds of decisions).
MATCHES = [("tictactoe", s) for s in ("a", "b", "c", "d")] + [("promotion", s) for s in ("a", "b", "c")]
MATCHES += [(g, "a") for g in ("philadelphia", "cityplan", "filthyrich", "perikles")]


def typescript_decisions(game, seed):
    return run_typescript("typescript_model.ts", game, seed)


def load(game):
    return Policy.load(agora.find_checkout() / "models" / game / "az")


@pytest.mark.parametrize(("game", "seed"), MATCHES)
def test_logits_and_actions_equal_typescript(game, seed):
    policy = load(game)
    decisions = typescript_decisions(game, seed)
    assert len(decisions) >= 5
    for d in decisions:
        logits, values = policy.evaluate(d["observation"])
        assert logits.dtype == np.float32 and logits.shape == (policy.action_size,)
        assert values.shape == (policy.players,)
        np.testing.assert_allclose(logits, d["logits"], rtol=0, atol=1e-5)
        np.testing.assert_allclose(values, d["values"], rtol=0, atol=1e-5)
        # Bit for bit, in fact: the same float32 roundings in the same order, so actions tie in
        # Python exactly when they tie in TypeScript.
        assert np.array_equal(logits, np.array(d["logits"], dtype=np.float32))
        assert Policy.best_actions(logits, d["legalActions"]) == d["best"]
        chosen = policy.best_action(d["observation"], d["legalActions"])
        if len(d["best"]) == 1:
            assert chosen == d["chosen"]
        else:
            assert chosen in d["best"]


def test_ties_are_drawn_among_the_tied_actions():
    logits = np.array([0.5, 2.0, 2.0, -1.0, 2.0], dtype=np.float32)
    assert Policy.best_actions(logits, [0, 1, 3, 4]) == [1, 4]
    assert Policy.best_actions(logits, [0, 3]) == [0]
    policy = load("tictactoe")

    # best_action over a policy whose logits tie: every draw is one of the tied legal actions,
    # and a seeded rng draws the same one again.
    tied = Policy(policy.network, policy.meta, policy.folder)
    tied.evaluate = lambda obs: (logits, np.zeros(2, np.float32))
    draws = {tied.best_action([0.0] * 27, [0, 1, 3, 4], rng=random.Random(s)) for s in range(40)}
    assert draws == {1, 4}
    again = [tied.best_action([0.0] * 27, [1, 2, 4], rng=random.Random(7)) for _ in range(2)]
    assert again[0] == again[1]


def test_a_policy_is_a_bot_policy():
    policy = load("tictactoe")
    obs = np.zeros(27, np.float32)
    obs[18:] = 1  # no marks, every cell empty (docs/observations/tictactoe.md)
    turn = SimpleNamespace(observation=obs, legal_actions=list(range(9)))  # what it reads of an agora.bot.Turn
    assert policy(turn) == policy.best_action(obs, range(9))
    assert (policy.game, policy.players, policy.observation_size, policy.action_size) == ("tictactoe", 2, 27, 9)


def test_act_samples_at_the_models_temperature():
    # Perikles' model plays its policy sampled at temperature 1 (meta.json policy.temperature, by
    # agora tune-policy); tic-tac-toe's has none and plays the top logit.
    assert load("perikles").temperature == 1.0
    policy = load("tictactoe")
    assert policy.temperature == 0.0
    logits = np.array([0.0, 1.0, 2.0, -9.0], dtype=np.float32)
    sampled = Policy(policy.network, {**policy.meta, "policy": {"temperature": 1}}, policy.folder)
    sampled.evaluate = lambda obs: (logits, np.zeros(2, np.float32))
    rng = random.Random(3)
    counts = {a: 0 for a in range(4)}
    for _ in range(6000):
        counts[sampled.act([0.0] * 27, [0, 1, 2], rng=rng)] += 1
    assert counts[3] == 0  # never an illegal action
    softmax = np.exp(logits[:3]) / np.exp(logits[:3]).sum()
    for a in range(3):
        assert abs(counts[a] / 6000 - softmax[a]) < 0.02, (a, counts[a], softmax[a])
    # Temperature 0 is the best action, and a turn is answered by act at the model's temperature.
    assert sampled.act([0.0] * 27, [0, 1, 2], temperature=0) == 2
    turn = SimpleNamespace(observation=[0.0] * 27, legal_actions=[0, 1])
    assert {sampled(turn) for _ in range(200)} == {0, 1}
    with pytest.raises(ValueError, match="temperature must be 0 or more; got -1.0"):
        sampled.act([0.0] * 27, [0, 1], temperature=-1)


def test_bad_folders_and_observations_are_clear_errors(tmp_path):
    source = agora.find_checkout() / "models" / "tictactoe" / "az"
    folder = tmp_path / "az"
    shutil.copytree(source, folder)
    with pytest.raises(agora.AgoraError, match="network takes observations of 27 values; got 26"):
        Policy.load(folder).evaluate(np.zeros(26, np.float32))
    data = (folder / "weights.bin").read_bytes()
    (folder / "weights.bin").write_bytes(data[:-8])
    with pytest.raises(agora.AgoraError, match="weights.bin has .* bytes; the manifest needs"):
        Policy.load(folder)
    (folder / "meta.json").write_text("{")
    with pytest.raises(agora.AgoraError, match="meta.json is not valid JSON"):
        Policy.load(folder)
    (folder / "meta.json").unlink()
    with pytest.raises(agora.AgoraError, match="meta.json is missing"):
        Policy.load(folder)
