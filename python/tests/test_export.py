"""agora.export against the TypeScript inference: a PyTorch module exported as a model folder gives,
in node (`neural:`'s loadPolicyFolder, and TensorFlow.js loading the same model.json), the logits
the module gives in PyTorch, for observations of real Promotion games; and modules the exporter
cannot carry are refused with errors that say why."""
import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest
import torch
from torch import nn

import agora
from agora.export import export_policy
from agora.model import Policy
from typescript import run_typescript

GAME, SIZE, ACTIONS = "promotion", 131, 34
# float32 sums in another order, and erf to 1.5e-7 (TensorFlow.js's formula, ours): differences of
# about 1e-6 on logits of about 1.
TOLERANCE = dict(rtol=1e-5, atol=2e-5)


def example_network():
    """The self-play example's ActorCritic (python/examples/ppo_selfplay_torch.py): its actor is the policy it exports."""
    path = Path(__file__).resolve().parents[1] / "examples" / "ppo_selfplay_torch.py"
    spec = importlib.util.spec_from_file_location("ppo_selfplay_torch", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example.ActorCritic(SIZE, ACTIONS)


class ConvPolicy(nn.Module):
    """A small 1-D convolution over the observation, normalised and read out by a linear layer."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, kernel_size=5, padding=2)
        self.pool = nn.Conv1d(4, 6, kernel_size=3, stride=2)
        self.norm = nn.LayerNorm(6 * 65)
        self.out = nn.Linear(6 * 65, ACTIONS)

    def forward(self, obs):
        h = torch.relu(self.conv(obs.unsqueeze(1)))
        h = torch.tanh(self.pool(h))
        return self.out(self.norm(h.flatten(1)))


class EveryOperation(nn.Module):
    """Every operation the exporter knows, once at least: a residual block, a gate, a 2-D
    convolution between permutes, concatenation and each activation."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(SIZE, 48, bias=False)
        self.conv = nn.Conv2d(3, 2, kernel_size=3, padding="same")
        self.norm = nn.LayerNorm([2, 4, 4], elementwise_affine=False)
        self.block = nn.Sequential(nn.LayerNorm(48), nn.Linear(48, 48), nn.GELU(), nn.Dropout(0.5), nn.Linear(48, 48))
        self.gate = nn.Linear(48, 48)
        self.head = nn.Linear(48 + 32 + 48, ACTIONS)

    def forward(self, obs):
        x = self.stem(obs)
        x = x + self.block(x)
        gated = x * torch.sigmoid(self.gate(x))
        image = x.view(-1, 3, 4, 4).transpose(2, 3)
        image = self.norm(nn.functional.silu(self.conv(image))).permute(0, 2, 3, 1).reshape(-1, 32)
        mixed = nn.functional.elu(x) + nn.functional.leaky_relu(x, 0.1)
        mixed = nn.functional.softplus(mixed) * nn.functional.gelu(x)
        joined = torch.cat([torch.relu(gated), image, mixed.unsqueeze(1).squeeze(1)], dim=1)
        return self.head(joined)


@pytest.fixture(scope="module")
def observations():
    """300 observations of real Promotion games, every seat's, from masked random self-play."""
    venv = agora.make_self_play_vec(GAME, num_envs=6, seed=35, autoreset_mode="same-step")
    obs, infos = venv.reset(seed=35)
    rng = np.random.default_rng(35)
    rows = []
    while len(rows) < 300:
        rows.extend(np.array(obs))
        actions = [rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]]
        obs, _, _, _, infos = venv.step(actions)
    venv.close()
    return np.array(rows[:300], dtype=np.float32)


def node_logits(folder, observations, tmp_path):
    path = tmp_path / "observations.json"
    path.write_text(json.dumps(observations.tolist()))
    out = run_typescript("typescript_logits.ts", folder, GAME, path)
    return np.array(out["agora"], dtype=np.float32), np.array(out["tfjs"], dtype=np.float32)


@pytest.mark.parametrize("make", [lambda: example_network().actor, ConvPolicy, EveryOperation])
def test_node_computes_the_modules_logits(make, observations, tmp_path):
    torch.manual_seed(7)
    module = make()
    for p in module.parameters():  # LayerNorm starts as the identity: give every weight a value
        nn.init.normal_(p, std=0.3)
    module.train()
    folder = export_policy(module, GAME, tmp_path / "exported")
    assert module.training  # restored after tracing in eval mode
    with torch.no_grad():
        expected = module.eval()(torch.from_numpy(observations)).numpy()
    agora_logits, tfjs_logits = node_logits(folder, observations, tmp_path)
    assert agora_logits.shape == (300, ACTIONS)
    np.testing.assert_allclose(agora_logits, expected, **TOLERANCE)
    np.testing.assert_allclose(tfjs_logits, expected, **TOLERANCE)
    # The same top action wherever the module's top logit is clear of the next.
    top2 = np.sort(expected, axis=1)[:, -2:]
    clear = top2[:, 1] - top2[:, 0] > 1e-3
    assert clear.sum() > 250
    assert np.array_equal(agora_logits[clear].argmax(1), expected[clear].argmax(1))


def test_the_folder_says_what_neural_checks(tmp_path):
    module = nn.Sequential(nn.Linear(SIZE, 16), nn.ReLU(), nn.Linear(16, ACTIONS))
    training = {"algorithm": "test", "updates": 3}
    folder = export_policy(module, GAME, tmp_path / "p", temperature=0.5, training=training)
    meta = json.loads((folder / "meta.json").read_text())
    assert {k: meta[k] for k in meta if k != "createdAt"} == {
        "format": "agora-model-1",
        "game": "promotion",
        "players": 4,
        "encodingVersion": agora.games()["promotion"]["encodingVersion"],
        "observationSize": SIZE,
        "actionSize": ACTIONS,
        "network": {"kind": "layers", "outputs": ["policy"]},
        "policy": {"temperature": 0.5},
        "training": training,
    }
    model = json.loads((folder / "model.json").read_text())
    assert [w["name"] for w in model["weightsManifest"][0]["weights"]] == [
        "linear/kernel", "linear/bias", "linear_1/kernel", "linear_1/bias"
    ]
    assert (folder / "weights.bin").stat().st_size == 4 * (SIZE * 16 + 16 + 16 * ACTIONS + ACTIONS)
    assert [layer["class_name"] for layer in model["modelTopology"]["config"]["layers"]] == [
        "InputLayer", "Dense", "Activation", "Dense"
    ]


class Doubled(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(SIZE, ACTIONS)

    def forward(self, obs):
        return self.out(obs) * 2


class Dilated(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv, self.out = nn.Conv1d(1, 2, 3, dilation=2), nn.Linear(2 * 127, ACTIONS)

    def forward(self, obs):
        return self.out(self.conv(obs.unsqueeze(1)).flatten(1))


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.policy, self.value = nn.Linear(SIZE, ACTIONS), nn.Linear(SIZE, 1)

    def forward(self, obs):
        return self.policy(obs), self.value(obs)


class TanhGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(SIZE, ACTIONS)

    def forward(self, obs):
        return nn.functional.gelu(self.out(obs), approximate="tanh")


class Sorted(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(SIZE, ACTIONS)

    def forward(self, obs):
        return self.out(torch.sort(obs, dim=1).values)


@pytest.mark.parametrize(
    ("module", "message"),
    [
        (Sorted(), r"aten.sort.default \(in the module\) is not an operation the exporter knows; "
                   r"the exporter knows: Conv1d, "),
        (Doubled(), r"aten.mul.Tensor \(in the module\) combines a tensor with the constant 2 \(x \* 2\)"),
        (Dilated(), r"aten.conv1d.default \(in conv\) has groups=1, dilation=\[2\]: only groups=1 and dilation 1"),
        (TanhGelu(), r"is GELU with approximate='tanh': only the exact GELU \(approximate='none'\) is known"),
        (TwoHeads(), r"the module returns 2 outputs; export a module whose forward\(observations\) returns the "
                     r"policy logits alone"),
        (nn.Linear(SIZE, 33), r"maps observations of 131 values to outputs of shape \[batch, 33\]; promotion needs "
                              r"logits of shape \[batch, 34\]"),
        (nn.Linear(130, ACTIONS), r"torch.export could not trace the module on observations of 131 values"),
    ],
)
def test_modules_it_cannot_carry_are_clear_errors(module, message, tmp_path):
    with pytest.raises(agora.AgoraError, match=message):
        export_policy(module, GAME, tmp_path / "refused")
    assert not (tmp_path / "refused").exists()


def test_games_and_seats_are_checked(tmp_path):
    module = nn.Linear(SIZE, ACTIONS)
    with pytest.raises(agora.AgoraError, match="unknown game 'chess'; known games: cityplan, "):
        export_policy(module, "chess", tmp_path / "x")
    with pytest.raises(agora.AgoraError, match="promotion is played by 4 to 4 players; got 3"):
        export_policy(module, GAME, tmp_path / "x", players=3)
    with pytest.raises(agora.AgoraError, match="temperature must be between 0 and 100; got -1"):
        export_policy(module, GAME, tmp_path / "x", temperature=-1)


def test_numpy_policy_refuses_an_exported_folder_clearly(tmp_path):
    folder = export_policy(nn.Linear(SIZE, ACTIONS), GAME, tmp_path / "p")
    with pytest.raises(agora.AgoraError, match=r"is a policy exported from PyTorch \(meta.json network.kind 'layers'\)"):
        Policy.load(folder)
