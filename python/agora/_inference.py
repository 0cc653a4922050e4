"""The network of a shipped model run in numpy, number for number as agents/neural/inference.ts runs
it. That code keeps its activations in Float32Arrays but computes in doubles: every `out[j] += x *
w` is a double sum rounded to float32 when stored, and a norm's mean and variance are double sums
in index order. The same roundings here, in the same order, give the same float32 logits bit for
bit, so the best action (and which actions tie) is the same as the TypeScript agent's."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Dense:
    """out = x W + b. The kernel is kept as float64 rows ([in, out]) so that a row times an input
    is the exact product JavaScript forms before adding."""

    kernel: np.ndarray  # float64 [in, out], float32 values
    bias: np.ndarray  # float32 [out]

    @property
    def in_size(self) -> int:
        return self.kernel.shape[0]

    @property
    def out_size(self) -> int:
        return self.bias.shape[0]

    def __call__(self, x: np.ndarray) -> np.ndarray:
        out = self.bias.copy()
        # Zero inputs are skipped, as in inference.ts (observations are mostly one-hot): adding
        # 0 * w would change nothing but the sign of a zero. The sum is sequential over inputs,
        # rounded to float32 after each one, as the Float32Array accumulator is.
        for i in np.flatnonzero(x):
            out = (out + float(x[i]) * self.kernel[i]).astype(np.float32)
        return out


@dataclass(frozen=True)
class Norm:
    """LayerNormalization over the trunk, with the epsilon the model was saved with."""

    gamma: np.ndarray  # float64, float32 values
    beta: np.ndarray  # float64, float32 values
    epsilon: float

    def __call__(self, x: np.ndarray) -> np.ndarray:
        values = x.tolist()
        # Plain left-to-right double sums: numpy's pairwise sum could differ in the last bit.
        mean = 0.0
        for v in values:
            mean += v
        mean /= len(values)
        variance = 0.0
        for v in values:
            variance += (v - mean) ** 2
        variance /= len(values)
        scale = 1 / math.sqrt(variance + self.epsilon)
        return (self.gamma * (x.astype(np.float64) - mean) * scale + self.beta).astype(np.float32)


@dataclass(frozen=True)
class Block:
    """A residual block: x + dense2(relu(dense1(norm(x))))."""

    norm: Norm
    first: Dense
    second: Dense


@dataclass(frozen=True)
class Network:
    """stem -> residual blocks -> trunk norm -> relu -> policy logits and tanh values."""

    stem: Dense
    blocks: tuple[Block, ...]
    trunk_norm: Norm
    policy: Dense
    value: Dense

    def __call__(self, observation: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = self.stem(observation)
        for block in self.blocks:
            h = np.maximum(block.first(block.norm(x)), np.float32(0))
            x = x + block.second(h)  # float32 + float32: the rounding of JS's stored double sum
        h = np.maximum(self.trunk_norm(x), np.float32(0))
        logits = self.policy(h)
        values = np.tanh(self.value(h).astype(np.float64)).astype(np.float32)
        return logits, values
