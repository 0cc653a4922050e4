"""A PyTorch policy exported as an Agora model folder, which the arena and `agora play` run as
`neural:<folder>` with no Python (docs/python.md, "Export a policy to the arena").

    from agora.export import export_policy
    export_policy(net.actor, "promotion", "models/promotion/my-policy")   # any obs -> logits module

The module must map a batch of observations [batch, size] (float32) to logits [batch, actions];
the masking of illegal actions is the player's job (`neural:` takes the top legal logit, or samples
the legal softmax at a temperature). The folder holds what every Agora model holds:
- model.json: a TensorFlow.js layers model (the module traced by torch.export, each operation as the
  Keras layer that computes it: agora._torch_graph lists the ones it knows) and its weights manifest;
- weights.bin: the float32 weights, little-endian, in the manifest's order;
- meta.json: format "agora-model-1" with the game, seats, encoding version and sizes that `neural:`
  checks before it plays, and `network: {"kind": "layers", "outputs": ["policy"]}`: a policy alone,
  with no value head, so `az:` (whose search needs values) refuses it.
Needs torch; the rest of the package does not.
"""
from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from ._server import AgoraError, shared_server
from ._torch_graph import INPUT_LAYER, Layer, trace_layers
from .model import MODEL_FORMAT

__all__ = ["export_policy"]

# The TensorFlow.js release whose layers format model.json follows (package.json pins it).
TFJS_LAYERS_VERSION = "4.22.0"


def export_policy(
    module: Any,
    game: str,
    out_dir: str | os.PathLike[str],
    *,
    players: int | None = None,
    temperature: float | None = None,
    training: dict[str, Any] | None = None,
) -> Path:
    """Writes `module` (a torch.nn.Module: observations -> logits) to `out_dir` as a model folder of
    `game` for `players` seats (the game's default). `temperature` is the one `neural:` plays it at
    unless its spec says (0, the default, is the top legal logit); `training` is stored in meta.json
    as it is (how the policy was made). Returns the folder. An unknown game, a seat count the game
    does not have, an operation the exporter does not know or logits of the wrong size are an
    AgoraError saying which."""
    facts = _game_facts(game)
    players = facts["defaultPlayers"] if players is None else players
    if str(players) not in facts["observationSizes"]:
        raise AgoraError(
            "bad_player_count",
            f"{game} is played by {facts['minPlayers']} to {facts['maxPlayers']} players; got {players}",
        )
    observation_size = facts["observationSizes"][str(players)]
    if temperature is not None and not 0 <= temperature <= 100:
        raise AgoraError("bad_request", f"temperature must be between 0 and 100; got {temperature}")
    layers, output, shape = trace_layers(module, observation_size)
    if shape != [facts["actionSize"]]:
        raise AgoraError(
            "bad_request",
            f"the module maps observations of {observation_size} values to outputs of shape [batch, "
            f"{', '.join(map(str, shape))}]; {game} needs logits of shape [batch, {facts['actionSize']}]",
        )
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    manifest, blob = _weights(layers)
    (folder / "weights.bin").write_bytes(blob)
    model = {
        "format": "layers-model",
        "generatedBy": "agora.export (PyTorch)",
        "convertedBy": None,
        "modelTopology": _topology(layers, observation_size, output),
        "weightsManifest": [{"paths": ["weights.bin"], "weights": manifest}],
    }
    (folder / "model.json").write_text(json.dumps(model), encoding="utf-8")
    meta: dict[str, Any] = {
        "format": MODEL_FORMAT,
        "game": game,
        "players": players,
        "encodingVersion": facts["encodingVersion"],
        "observationSize": observation_size,
        "actionSize": facts["actionSize"],
        "network": {"kind": "layers", "outputs": ["policy"]},
        **({"policy": {"temperature": float(temperature)}} if temperature is not None else {}),
        **({"training": training} if training is not None else {}),
        "createdAt": datetime.now(timezone.utc).isoformat().replace("+00:00", "Z"),
    }
    (folder / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return folder


def _game_facts(game: str) -> dict[str, Any]:
    games = shared_server().games
    if game not in games:
        raise AgoraError("unknown_game", f"unknown game '{game}'; known games: {', '.join(sorted(games))}")
    return games[game]


def _topology(layers: list[Layer], observation_size: int, output: str) -> dict[str, Any]:
    """A Keras functional model's topology as TensorFlow.js serialises it."""
    keras = [
        {
            "name": INPUT_LAYER,
            "class_name": "InputLayer",
            "config": {
                "batch_input_shape": [None, observation_size],
                "dtype": "float32",
                "sparse": False,
                "name": INPUT_LAYER,
            },
            "inbound_nodes": [],
        }
    ]
    for layer in layers:
        keras.append(
            {
                "name": layer.name,
                "class_name": layer.class_name,
                "config": {**layer.config, "name": layer.name, "trainable": True},
                "inbound_nodes": [[[source, 0, 0, {}] for source in layer.inputs]],
            }
        )
    return {
        "class_name": "Model",
        "config": {
            "name": "agora_exported_policy",
            "layers": keras,
            "input_layers": [[INPUT_LAYER, 0, 0]],
            "output_layers": [[output, 0, 0]],
        },
        "keras_version": f"tfjs-layers {TFJS_LAYERS_VERSION}",
        "backend": "tensor_flow.js",
    }


def _weights(layers: list[Layer]) -> tuple[list[dict[str, Any]], bytes]:
    """The manifest entries (`<layer>/<kind>`, shape) and the weights' bytes, in layer order."""
    manifest = []
    parts = []
    for layer in layers:
        for kind, values in layer.weights:
            array = np.ascontiguousarray(values, dtype="<f4")
            if not np.all(np.isfinite(array)):
                raise AgoraError("bad_request", f"the weight {layer.name}/{kind} holds a non-finite value")
            manifest.append({"name": f"{layer.name}/{kind}", "shape": list(array.shape), "dtype": "float32"})
            parts.append(array.tobytes())
    return manifest, b"".join(parts)
