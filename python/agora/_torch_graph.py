"""A PyTorch module as a graph of TensorFlow.js (Keras) layers, for agora.export.

torch.export traces the module into ATen operations; each becomes the Keras layer that computes the
same numbers (aten.linear -> Dense with the weight transposed, a channels-first aten.conv1d ->
Permute, channels-last Conv1D, Permute back, ...). Agora's plain-JS inference runs the graph
(agents/neural/layers-graph.ts) and TensorFlow.js loads it as it is. Only the operations of
SUPPORTED are known: any other is an error naming it, the module path that called it and the list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn

import numpy as np

from ._server import AgoraError

INPUT_LAYER = "observation"


@dataclass
class Layer:
    """One Keras layer: its class and config, the layers it reads, and its weights in Keras's
    names and layouts (kernel [in, out], conv kernels [k..., in, out], gamma, beta)."""

    name: str
    class_name: str
    config: dict[str, Any]
    inputs: list[str]
    weights: list[tuple[str, np.ndarray]] = field(default_factory=list)


class ExportError(AgoraError):
    """A module the exporter cannot turn into layers: the message says which operation and why."""

    def __init__(self, message: str):
        super().__init__("bad_request", message)


def trace_layers(module: Any, observation_size: int) -> tuple[list[Layer], str, list[int]]:
    """The module's layers in order, the name of the one giving its output, and that output's shape
    without the batch dimension. The module is traced in eval mode on a batch of zeros, on the
    device of its parameters (every submodule's training flag is restored after)."""
    import torch
    from torch.export import Dim, export

    modes = {m: m.training for m in module.modules()}
    module.eval()
    try:
        device = next(module.parameters(), torch.zeros(0)).device
        example = torch.zeros(2, observation_size, device=device)
        program = export(module, (example,), dynamic_shapes=({0: Dim("batch")},))
    except Exception as error:  # torch raises many kinds; the message is what helps
        raise ExportError(
            f"torch.export could not trace the module on observations of {observation_size} values "
            f"(a batch of shape [batch, {observation_size}]): {type(error).__name__}: {error}"
        ) from error
    finally:
        for m, training in modes.items():
            m.train(training)
    return _Converter(program).run()


class _Converter:
    def __init__(self, program: Any):
        signature = program.graph_signature
        self.program = program
        self.tensors = {
            **signature.inputs_to_parameters,
            **signature.inputs_to_buffers,
            **signature.inputs_to_lifted_tensor_constants,
        }
        self.user_inputs = set(signature.user_inputs)
        self.layers: list[Layer] = []
        self.names: set[str] = {INPUT_LAYER}
        self.produced: dict[str, str] = {}  # fx node name -> the layer giving its value

    def run(self) -> tuple[list[Layer], str, list[int]]:
        output = None
        for node in self.program.graph.nodes:
            if node.op == "placeholder":
                if node.name in self.user_inputs:
                    self.produced[node.name] = INPUT_LAYER
            elif node.op == "call_function":
                convert = SUPPORTED.get(str(node.target))
                if convert is None:
                    self.fail(node, "is not an operation the exporter knows")
                convert(self, node)
            elif node.op == "output":
                output = node.args[0]
        if not isinstance(output, (list, tuple)) or len(output) != 1:
            count = len(output) if isinstance(output, (list, tuple)) else "no"
            raise ExportError(
                f"the module returns {count} outputs; export a module whose forward(observations) "
                "returns the policy logits alone, one tensor of shape [batch, actions]"
            )
        (result,) = output
        return self.layers, self.value(result), self.shape(result)

    # --- helpers ---------------------------------------------------------------------------

    def fail(self, node: Any, why: str) -> NoReturn:
        stack = node.meta.get("nn_module_stack") or {}
        path = list(stack.values())[-1][0] if stack else ""
        where = f" (in {path or 'the module'})"
        raise ExportError(
            f"{node.target}{where} {why}; the exporter knows: {', '.join(sorted(DESCRIBED))}"
        )

    def value(self, arg: Any) -> str:
        """The layer whose output a tensor argument is (a parameter here is an error)."""
        name = getattr(arg, "name", None)
        if name in self.produced:
            return self.produced[name]
        if name in self.tensors:
            raise ExportError(
                f"the parameter or buffer {self.tensors[name]} is used as a value of its own; "
                "parameters may only be the weights of Linear, Conv1d, Conv2d and LayerNorm"
            )
        raise ExportError(f"the exporter met {arg!r} where it expected a tensor computed from the observations")

    def weight(self, arg: Any) -> np.ndarray | None:
        if arg is None:
            return None
        fqn = self.tensors.get(getattr(arg, "name", None))
        if fqn is None:
            raise ExportError(f"{arg} should be a parameter of the module (a weight), not a computed tensor")
        tensor = self.program.state_dict[fqn] if fqn in self.program.state_dict else self.program.constants[fqn]
        return tensor.detach().float().cpu().numpy()

    def shape(self, node: Any) -> list[int]:
        """A node's shape without its batch dimension; the first dimension must be the batch."""
        dims = list(node.meta["val"].shape)
        if not dims or isinstance(dims[0], int) or any(not isinstance(d, int) for d in dims[1:]):
            shown = ", ".join("batch" if not isinstance(d, int) else str(d) for d in dims)
            self.fail(node, f"gives a tensor of shape [{shown}]: the batch must stay the first dimension, alone")
        return dims[1:]

    def rank(self, node: Any) -> int:
        """The rank with the batch dimension (Keras axes count it)."""
        return len(self.shape(node)) + 1

    def add(self, node: Any, class_name: str, config: dict[str, Any], inputs: list[str],
            weights: list[tuple[str, np.ndarray | None]] = (), name: str | None = None) -> str:
        base = name or node.name
        unique, k = base, 1
        while unique in self.names:
            unique, k = f"{base}_{k}", k + 1
        self.names.add(unique)
        kept = [(kind, w) for kind, w in weights if w is not None]
        self.layers.append(Layer(unique, class_name, config, inputs, kept))
        return unique

    def give(self, node: Any, layer: str) -> None:
        self.shape(node)
        self.produced[node.name] = layer

    def options(self, node: Any, names: list[str], defaults: list[Any]) -> list[Any]:
        """The node's arguments after the first, by position or keyword, defaults filled."""
        values = (list(node.args[1:]) + defaults[len(node.args) - 1:])[: len(names)]
        for i, key in enumerate(names):
            if key in node.kwargs:
                values[i] = node.kwargs[key]
        return values


# --- the operations ----------------------------------------------------------------------------


def _identity(c: _Converter, node: Any) -> None:
    c.give(node, c.value(node.args[0]))


def _linear(c: _Converter, node: Any) -> None:
    weight, bias = c.options(node, ["weight", "bias"], [None, None])
    w = c.weight(weight)
    b = c.weight(bias)
    layer = c.add(
        node, "Dense", {"units": int(w.shape[0]), "activation": "linear", "use_bias": b is not None},
        [c.value(node.args[0])], [("kernel", np.ascontiguousarray(w.T)), ("bias", b)],
    )
    c.give(node, layer)


def _conv(rank: int) -> Callable[[_Converter, Any], None]:
    # Keras convolves channels-last; torch channels-first: permute around the convolution.
    to_last = [2, 1] if rank == 1 else [2, 3, 1]
    to_first = [2, 1] if rank == 1 else [3, 1, 2]

    def convert(c: _Converter, node: Any) -> None:
        weight, bias, stride, padding, dilation, groups = c.options(
            node, ["weight", "bias", "stride", "padding", "dilation", "groups"],
            [None, None, [1] * rank, [0] * rank, [1] * rank, 1],
        )
        w = c.weight(weight)
        kernel = list(w.shape[2:])
        stride, dilation = _ints(stride, rank), _ints(dilation, rank)
        if groups != 1 or any(d != 1 for d in dilation):
            c.fail(node, f"has groups={groups}, dilation={dilation}: only groups=1 and dilation 1 are known")
        if isinstance(padding, str):
            keras_padding = padding
        else:
            pads = _ints(padding, rank)
            if all(p == 0 for p in pads):
                keras_padding = "valid"
            elif all(s == 1 for s in stride) and all(k % 2 == 1 and p == k // 2 for k, p in zip(kernel, pads)):
                keras_padding = "same"
            else:
                c.fail(node, f"pads by {pads} with kernel {kernel} and stride {stride}: "
                       "only padding 0, or k // 2 for odd kernels at stride 1 ('same'), are known")
        b = c.weight(bias)
        name = node.name
        first = c.add(node, "Permute", {"dims": to_last}, [c.value(node.args[0])], name=f"{name}_channels_last")
        conv = c.add(
            node, f"Conv{rank}D",
            {"filters": int(w.shape[0]), "kernel_size": kernel, "strides": stride, "padding": keras_padding,
             "data_format": "channels_last", "dilation_rate": [1] * rank, "activation": "linear",
             "use_bias": b is not None},
            [first],
            [("kernel", np.ascontiguousarray(w.transpose(*range(2, 2 + rank), 1, 0))), ("bias", b)],
            name=name,
        )
        c.give(node, c.add(node, "Permute", {"dims": to_first}, [conv], name=f"{name}_channels_first"))

    return convert


def _ints(value: Any, rank: int) -> list[int]:
    values = [int(v) for v in value] if isinstance(value, (list, tuple)) else [int(value)]
    return values * rank if len(values) == 1 else values


def _activation(keras: str) -> Callable[[_Converter, Any], None]:
    def convert(c: _Converter, node: Any) -> None:
        c.give(node, c.add(node, "Activation", {"activation": keras}, [c.value(node.args[0])]))

    return convert


def _gelu(c: _Converter, node: Any) -> None:
    (approximate,) = c.options(node, ["approximate"], ["none"])
    if approximate != "none":
        # TensorFlow.js names the tanh form 'gelu_new' but cannot read that name back from model.json.
        c.fail(node, f"is GELU with approximate={approximate!r}: only the exact GELU (approximate='none') is known")
    _activation("gelu")(c, node)


def _leaky_relu(c: _Converter, node: Any) -> None:
    (slope,) = c.options(node, ["negative_slope"], [0.01])
    c.give(node, c.add(node, "LeakyReLU", {"alpha": float(slope)}, [c.value(node.args[0])]))


def _elu(c: _Converter, node: Any) -> None:
    if any(float(v) != 1 for v in c.options(node, ["alpha", "scale", "input_scale"], [1, 1, 1])):
        c.fail(node, "has alpha, scale or input_scale other than 1: only the plain ELU is known")
    _activation("elu")(c, node)


def _softplus(c: _Converter, node: Any) -> None:
    beta, _threshold = c.options(node, ["beta", "threshold"], [1, 20])
    if float(beta) != 1:
        c.fail(node, f"has beta={beta}: only beta 1 is known")
    _activation("softplus")(c, node)


def _layer_norm(c: _Converter, node: Any) -> None:
    normalized, weight, bias, eps = c.options(
        node, ["normalized_shape", "weight", "bias", "eps"], [None, None, None, 1e-5]
    )
    rank = c.rank(node)
    axes = list(range(rank - len(normalized), rank))
    gamma, beta = c.weight(weight), c.weight(bias)
    layer = c.add(
        node, "LayerNormalization",
        {"axis": axes, "epsilon": float(eps), "center": beta is not None, "scale": gamma is not None},
        [c.value(node.args[0])], [("gamma", gamma), ("beta", beta)],
    )
    c.give(node, layer)


def _merge(keras: str, symbol: str) -> Callable[[_Converter, Any], None]:
    def convert(c: _Converter, node: Any) -> None:
        a, b = node.args[0], node.args[1]
        if not hasattr(b, "name") or not hasattr(a, "name"):
            c.fail(node, f"combines a tensor with the constant {b if not hasattr(b, 'name') else a} (x {symbol} 2): "
                   "only two computed tensors of one shape may be combined")
        if node.kwargs.get("alpha", 1) != 1 or (len(node.args) > 2 and node.args[2] != 1):
            c.fail(node, "scales its second term (alpha): only a plain sum is known")
        if c.shape(a) != c.shape(b):
            c.fail(node, f"broadcasts shapes {c.shape(a)} and {c.shape(b)}: only equal shapes are known")
        c.give(node, c.add(node, keras, {}, [c.value(a), c.value(b)]))

    return convert


def _cat(c: _Converter, node: Any) -> None:
    tensors = node.args[0]
    dim = node.args[1] if len(node.args) > 1 else node.kwargs.get("dim", 0)
    rank = c.rank(node)
    axis = dim + rank if dim < 0 else dim
    if axis == 0:
        c.fail(node, "concatenates along the batch dimension")
    c.give(node, c.add(node, "Concatenate", {"axis": axis}, [c.value(t) for t in tensors]))


def _reshape(c: _Converter, node: Any) -> None:
    c.give(node, c.add(node, "Reshape", {"target_shape": c.shape(node)}, [c.value(node.args[0])]))


def _permute(c: _Converter, node: Any) -> None:
    rank = c.rank(node)
    if str(node.target).startswith("aten.transpose"):
        a, b = (d + rank if d < 0 else d for d in node.args[1:3])
        dims = list(range(rank))
        dims[a], dims[b] = dims[b], dims[a]
    else:
        dims = [d + rank if d < 0 else d for d in node.args[1]]
    if dims[0] != 0:
        c.fail(node, "moves the batch dimension")
    c.give(node, c.add(node, "Permute", {"dims": dims[1:]}, [c.value(node.args[0])]))


SUPPORTED: dict[str, Callable[[_Converter, Any], None]] = {
    "aten.linear.default": _linear,
    "aten.conv1d.default": _conv(1),
    "aten.conv1d.padding": _conv(1),
    "aten.conv2d.default": _conv(2),
    "aten.conv2d.padding": _conv(2),
    "aten.relu.default": _activation("relu"),
    "aten.relu_.default": _activation("relu"),
    "aten.tanh.default": _activation("tanh"),
    "aten.sigmoid.default": _activation("sigmoid"),
    "aten.silu.default": _activation("swish"),
    "aten.gelu.default": _gelu,
    "aten.elu.default": _elu,
    "aten.leaky_relu.default": _leaky_relu,
    "aten.softplus.default": _softplus,
    "aten.layer_norm.default": _layer_norm,
    "aten.add.Tensor": _merge("Add", "+"),
    "aten.mul.Tensor": _merge("Multiply", "*"),
    "aten.cat.default": _cat,
    "aten.view.default": _reshape,
    "aten.reshape.default": _reshape,
    "aten._unsafe_view.default": _reshape,
    "aten.flatten.using_ints": _reshape,
    "aten.unsqueeze.default": _reshape,
    "aten.squeeze.dim": _reshape,
    "aten.squeeze.dims": _reshape,
    "aten.permute.default": _permute,
    "aten.transpose.int": _permute,
    "aten.dropout.default": _identity,
    "aten.clone.default": _identity,
    "aten.alias.default": _identity,
    "aten.detach.default": _identity,
}

# The list error messages show: what a module may use, in torch's words.
DESCRIBED = [
    "Linear", "Conv1d", "Conv2d (groups 1, dilation 1, padding 0 or 'same')", "LayerNorm",
    "ReLU", "Tanh", "Sigmoid", "SiLU", "GELU (exact)", "ELU", "LeakyReLU", "Softplus",
    "a + b and a * b of equal shapes", "torch.cat", "view/reshape/flatten/unsqueeze/squeeze",
    "permute/transpose", "Dropout (eval: none)",
]
