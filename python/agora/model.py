"""A shipped model folder played from Python with numpy alone: models/<game>/<name>/ holds model.json
(tfjs layers format: topology and weights manifest), weights.bin (its float32 weights) and
meta.json (format "agora-model-1": sizes, players, network width and blocks). The folder is read
as agents/neural/model-files.ts reads it, with the same checks and messages, and the network runs
as agents/neural/inference.ts runs it, giving the same float32 logits.

    from agora.model import Policy
    policy = Policy.load("models/promotion/az")
    logits, values = policy.evaluate(observation)
    action = policy.best_action(observation, legal_actions)   # the `neural:` agent at temperature 0
    action = policy.act(observation, legal_actions)           # at the model's own temperature
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ._inference import Block, Dense, Network, Norm
from ._errors import AgoraError

MODEL_FORMAT = "agora-model-1"
DEFAULT_EPSILON = 1e-3  # tfjs's LayerNormalization default, for a topology that names none

__all__ = ["MODEL_FORMAT", "Policy"]


@dataclass(eq=False, repr=False)
class Policy:
    """A loaded model: `evaluate` gives its policy logits and values, `best_action` the legal action
    with the highest logit. A Policy is also a bot policy: `agora.bot.run(policy, url, token)`
    calls it with each turn."""

    network: Network
    meta: dict[str, Any]
    folder: Path

    @classmethod
    def load(cls, folder: str | os.PathLike[str]) -> "Policy":
        """Reads models/<game>/<name>/; a missing, malformed or inconsistent file is an AgoraError
        ('bad_request') naming the folder and what is wrong."""
        folder = Path(folder)
        meta = _read_meta(folder)
        weights, epsilons = _read_weights(folder)
        layout = _network_layout(meta)
        if len(layout) != len(weights):
            _fail(folder, f"the manifest lists {len(weights)} weights; the network of meta.json has {len(layout)}")
        by_layer: dict[str, list[np.ndarray]] = {}
        for (name, values), (layer, shape) in zip(weights, layout):
            if list(values.shape) != shape:
                _fail(
                    folder,
                    f"weight {name} has shape [{','.join(map(str, values.shape))}] in the manifest "
                    f"but [{','.join(map(str, shape))}] in the network of meta.json",
                )
            by_layer.setdefault(layer, []).append(values)

        def dense(layer: str) -> Dense:
            kernel, bias = by_layer[layer]
            return Dense(kernel.astype(np.float64), bias.copy())

        def norm(layer: str) -> Norm:
            gamma, beta = by_layer[layer]
            return Norm(gamma.astype(np.float64), beta.astype(np.float64), epsilons.get(layer, DEFAULT_EPSILON))

        blocks = tuple(
            Block(norm(f"block{b}_norm"), dense(f"block{b}_dense1"), dense(f"block{b}_dense2"))
            for b in range(meta["network"]["blocks"])
        )
        network = Network(dense("stem"), blocks, norm("trunk_norm"), dense("policy"), dense("value"))
        return cls(network, meta, folder)

    def __repr__(self) -> str:
        return f"Policy({str(self.folder)!r}: {self.game}, {self.players} players)"

    @property
    def game(self) -> str:
        """The game the model was trained for (meta.json)."""
        return self.meta["game"]

    @property
    def players(self) -> int:
        """The seat count it was trained for: it plays only that many (the observation depends on it)."""
        return self.meta["players"]

    @property
    def observation_size(self) -> int:
        """The length of the observations it takes."""
        return self.meta["observationSize"]

    @property
    def action_size(self) -> int:
        """The number of logits: the game's action count."""
        return self.meta["actionSize"]

    def evaluate(self, observation: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(logits, values) for one observation: float32 arrays of action_size logits and one value
        in [-1, 1] per seat, the viewer's first, as loadPolicyFolder(...).evaluate gives them."""
        obs = np.asarray(observation, dtype=np.float32).reshape(-1)
        if obs.shape[0] != self.network.stem.in_size:
            raise AgoraError(
                "bad_request",
                f"the network takes observations of {self.network.stem.in_size} values; got {obs.shape[0]}",
            )
        return self.network(obs)

    def best_action(
        self,
        observation: Sequence[float] | np.ndarray,
        legal_actions: Sequence[int],
        rng: random.Random | None = None,
    ) -> int:
        """The legal action with the highest logit, as the `neural:` agent plays at temperature 0.
        Actions whose logits tie exactly are drawn uniformly with `rng` (the TypeScript agent draws
        with the decision's seeded RNG, which a client cannot know; the logits are bit-identical,
        so the set it draws from is the same)."""
        legal = [int(a) for a in legal_actions]
        if not legal:
            raise ValueError("no legal actions to choose from")
        logits, _ = self.evaluate(observation)
        best = self.best_actions(logits, legal)
        if len(best) == 1:
            return best[0]
        return best[(rng or random).randrange(len(best))]

    @staticmethod
    def best_actions(logits: np.ndarray, legal_actions: Sequence[int]) -> list[int]:
        """The legal actions sharing the highest logit, in the order given."""
        top = max(float(logits[a]) for a in legal_actions)
        return [int(a) for a in legal_actions if float(logits[a]) == top]

    @property
    def temperature(self) -> float:
        """The temperature `neural:` plays this model at: meta.json's policy.temperature (written by
        `agora tune-policy`), else 0 (the top logit)."""
        policy = self.meta.get("policy")
        return float(policy["temperature"]) if isinstance(policy, dict) else 0.0

    def act(
        self,
        observation: Sequence[float] | np.ndarray,
        legal_actions: Sequence[int],
        rng: random.Random | None = None,
        temperature: float | None = None,
    ) -> int:
        """A legal action as the `neural:` agent chooses it: at temperature 0 the best action, above 0
        one drawn from the softmax of the legal logits divided by the temperature (the model's own
        unless given)."""
        t = self.temperature if temperature is None else float(temperature)
        if t < 0:
            raise ValueError(f"temperature must be 0 or more; got {t}")
        if t == 0:
            return self.best_action(observation, legal_actions, rng)
        legal = [int(a) for a in legal_actions]
        if not legal:
            raise ValueError("no legal actions to choose from")
        logits, _ = self.evaluate(observation)
        scaled = np.array([float(logits[a]) for a in legal]) / t
        weights = np.exp(scaled - scaled.max())
        u = (rng or random).random() * float(weights.sum())
        for action, weight in zip(legal, weights):
            u -= float(weight)
            if u <= 0:
                return action
        return legal[-1]

    def __call__(self, turn: Any) -> int:
        """The bot policy: the action of an agora.bot.Turn as `neural:` plays this model (act)."""
        return self.act(turn.observation, turn.legal_actions)


def _fail(folder: Path, detail: str):
    raise AgoraError("bad_request", f"model {folder}: {detail}")


def _read_json(folder: Path, file: str) -> Any:
    path = folder / file
    if not path.is_file():
        _fail(folder, f"{file} is missing")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        _fail(folder, f"{file} is not valid JSON (corrupt or truncated)")


def _read_meta(folder: Path) -> dict[str, Any]:
    """meta.json with the fields the network needs, checked as model-files.ts's schema checks them."""
    meta = _read_json(folder, "meta.json")
    problems = []
    if not isinstance(meta, dict):
        _fail(folder, "meta.json is malformed: body: expected an object")
    if meta.get("format") != MODEL_FORMAT:
        problems.append(f"format: expected {MODEL_FORMAT!r}")
    if not isinstance(meta.get("game"), str):
        problems.append("game: expected a string")
    for key, least in (("players", 1), ("encodingVersion", None), ("observationSize", 1), ("actionSize", 1)):
        if not _is_int(meta.get(key), least):
            problems.append(f"{key}: expected an integer" + (f" >= {least}" if least else ""))
    network = meta.get("network")
    if isinstance(network, dict) and network.get("kind") == "layers":
        _fail(
            folder,
            "is a policy exported from PyTorch (meta.json network.kind 'layers'); agora.model runs Agora's "
            "policy-value networks: in Python, use the module you exported; in node, play it with neural:",
        )
    if not isinstance(network, dict) or not _is_int(network.get("width"), 1) or not _is_int(network.get("blocks"), 0):
        problems.append("network: expected { width >= 1, blocks >= 0 }")
    if problems:
        _fail(folder, f"meta.json is malformed: {'; '.join(problems)}")
    return meta


def _is_int(value: Any, least: int | None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and (least is None or value >= least)


def _read_weights(folder: Path) -> tuple[list[tuple[str, np.ndarray]], dict[str, float]]:
    """The manifest's weights in order, read from weights.bin (little-endian float32), with the
    byte count and finiteness checked; and the LayerNormalization epsilons of the topology."""
    model = _read_json(folder, "model.json")
    specs = _manifest_specs(model)
    if specs is None:
        _fail(folder, "model.json has no valid weights manifest")
    path = folder / "weights.bin"
    if not path.is_file():
        _fail(folder, "weights.bin is missing")
    data = path.read_bytes()
    expected = sum(4 * int(np.prod(s["shape"], dtype=np.int64)) for s in specs)
    if len(data) != expected:
        _fail(folder, f"weights.bin has {len(data)} bytes; the manifest needs {expected} (truncated or corrupt)")
    floats = np.frombuffer(data, dtype="<f4").astype(np.float32)
    weights = []
    offset = 0
    for s in specs:
        size = int(np.prod(s["shape"], dtype=np.int64))
        values = floats[offset : offset + size].reshape(s["shape"])
        offset += size
        if not np.all(np.isfinite(values)):
            _fail(folder, f"weight {s['name']} holds a non-finite value")
        weights.append((s["name"], values))
    return weights, _layer_epsilons(model.get("modelTopology"))


def _manifest_specs(model: Any) -> list[dict[str, Any]] | None:
    manifest = model.get("weightsManifest") if isinstance(model, dict) else None
    if not isinstance(manifest, list) or len(manifest) != 1 or not isinstance(manifest[0], dict):
        return None
    specs = manifest[0].get("weights")
    if not isinstance(specs, list):
        return None
    for s in specs:
        if not (
            isinstance(s, dict)
            and isinstance(s.get("name"), str)
            and s.get("dtype") == "float32"
            and isinstance(s.get("shape"), list)
            and all(_is_int(d, 0) for d in s["shape"])
        ):
            return None
    return specs


def _layer_epsilons(topology: Any) -> dict[str, float]:
    """LayerNormalization epsilons by layer name (absent: the default)."""
    out: dict[str, float] = {}
    layers = topology.get("config", {}).get("layers") if isinstance(topology, dict) else None
    if not isinstance(layers, list):
        return out
    for layer in layers:
        config = layer.get("config", {}) if isinstance(layer, dict) else {}
        name, epsilon = config.get("name"), config.get("epsilon")
        if isinstance(name, str) and isinstance(epsilon, (int, float)) and not isinstance(epsilon, bool):
            out[name] = float(epsilon)
    return out


def _network_layout(meta: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The network's weights in saved order (training/network.ts): the layer each belongs to and
    its shape. Kernels are [in, out]; norms hold gamma then beta."""
    width, blocks = meta["network"]["width"], meta["network"]["blocks"]

    def dense(layer: str, n_in: int, n_out: int):
        return [(layer, [n_in, n_out]), (layer, [n_out])]

    def norm(layer: str):
        return [(layer, [width]), (layer, [width])]

    out = dense("stem", meta["observationSize"], width)
    for b in range(blocks):
        out += norm(f"block{b}_norm")
        out += dense(f"block{b}_dense1", width, width) + dense(f"block{b}_dense2", width, width)
    out += norm("trunk_norm") + dense("policy", width, meta["actionSize"]) + dense("value", width, meta["players"])
    return out
