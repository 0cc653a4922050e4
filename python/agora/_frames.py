"""The frames of docs/env-protocol.md: u32 LE frame length, u32 LE header length, JSON header
(padded to 8), payload of raw little-endian arrays at 8-aligned offsets."""
from __future__ import annotations

import json
import struct
from typing import Any, Callable

import numpy as np

DTYPES = {"float32": np.dtype("<f4"), "float64": np.dtype("<f8"), "int32": np.dtype("<i4"), "uint8": np.dtype("u1")}
NAMES = {v: k for k, v in DTYPES.items()}


def encode(header: dict[str, Any], arrays: dict[str, np.ndarray] | None = None) -> bytes:
    """One frame: the header (its `buffers` filled in) and the arrays as the payload."""
    entries = []
    parts = []
    size = 0
    for name, array in (arrays or {}).items():
        data = np.ascontiguousarray(array)
        dtype = NAMES.get(data.dtype.newbyteorder("<") if data.dtype.byteorder == ">" else data.dtype)
        if dtype is None:
            raise TypeError(f"array '{name}' has dtype {data.dtype}; the protocol carries {sorted(DTYPES)}")
        raw = data.astype(DTYPES[dtype], copy=False).tobytes()
        entries.append({"name": name, "dtype": dtype, "shape": list(data.shape), "offset": size, "bytes": len(raw)})
        parts.append(raw + b"\0" * (-len(raw) % 8))
        size += len(parts[-1])
    if entries:
        header = {**header, "buffers": entries}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-(8 + len(text)) % 8)
    payload = b"".join(parts)
    return struct.pack("<II", 4 + len(text) + len(payload), len(text)) + text + payload


def header_of(body: bytearray) -> tuple[dict[str, Any], int]:
    """A frame body's (after the length field) JSON header, and where its payload starts."""
    (header_length,) = struct.unpack_from("<I", body, 0)
    return json.loads(bytes(body[4 : 4 + header_length])), 4 + header_length


def arrays_of(
    header: dict[str, Any], body: bytearray, payload_start: int, shared: Callable[[int], bytearray] | None = None
) -> dict[str, np.ndarray]:
    """The arrays a frame's header lists, as numpy views of `body` (a bytearray, so they are
    writable). A reply marked `shared` has its arrays in the env's shared file: `shared(size)` gives
    a fresh copy of its first bytes."""
    buffers = header.pop("buffers", [])
    if header.pop("shared", False):
        if shared is None:
            raise ValueError("the reply's arrays are in a shared file, and this env has none")
        payload = memoryview(shared(max((b["offset"] + b["bytes"] for b in buffers), default=0)))
    else:
        payload = memoryview(body)[payload_start:]
    arrays = {}
    for b in buffers:
        dtype = DTYPES[b["dtype"]]
        arrays[b["name"]] = np.frombuffer(payload, dtype, b["bytes"] // dtype.itemsize, b["offset"]).reshape(b["shape"])
    return arrays


def decode(
    body: bytes | bytearray, shared: Callable[[int], bytearray] | None = None
) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """A whole frame body: its header and arrays (writable when `body` is a bytearray)."""
    data = body if isinstance(body, bytearray) else bytearray(body)
    header, start = header_of(data)
    return header, arrays_of(header, data, start, shared)
