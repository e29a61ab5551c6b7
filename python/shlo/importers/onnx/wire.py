"""A serialized ONNX model split into its small part and views of its large weights.

Parsing a whole model with protobuf copies every weight into the message, and reading a
weight back (`TensorProto.raw_data`) copies it again. Instead, the few protobuf fields on
the way to the initializers' `raw_data` are walked here (ModelProto.graph ->
GraphProto.initializer -> TensorProto.raw_data); the model without those large initializers
is parsed as usual (it is small), and each large weight becomes a numpy array viewing the
serialized bytes in place. The bytes are read once and never copied.

Anything unusual (external or typed data, a repeated graph field, 4-bit or bfloat16 raw
data, a size that does not match the shape) leaves the initializer in the parsed part, where
the ordinary path reads it.
"""
from __future__ import annotations

import numpy as np

from ...literals import numpy_dtype
from . import dtypes

GRAPH = 7                      # ModelProto.graph
INITIALIZER = 5                # GraphProto.initializer
RAW_DATA, EXTERNAL_DATA, DATA_LOCATION = 9, 13, 14      # TensorProto fields
LENGTH_DELIMITED = 2


class WireError(ValueError):
    """Bytes that are not the protobuf this walker expects: the caller parses them as usual."""


def _varint(buf, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(buf):
            raise WireError("truncated varint")
        b = buf[pos]
        value |= (b & 0x7F) << shift
        pos += 1
        if b < 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise WireError("varint too long")


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def fields(buf, start: int, end: int):
    """(field number, wire type, field start, payload start, payload end) of each field of the
    message in buf[start:end]; a length-delimited payload is its bytes, other payloads are
    skipped over (their value is not needed here)."""
    pos = start
    while pos < end:
        begin = pos
        key, pos = _varint(buf, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, pos2 = _varint(buf, pos)
        elif wire == 1:
            pos2 = pos + 8
        elif wire == 5:
            pos2 = pos + 4
        elif wire == LENGTH_DELIMITED:
            n, pos = _varint(buf, pos)
            pos2 = pos + n
        else:
            raise WireError(f"wire type {wire} (groups) is not walked")
        if pos2 > end:
            raise WireError("field runs past its message")
        yield field, wire, begin, pos, pos2
        pos = pos2


class Weight:
    """A large initializer read in place: its name, ONNX data type, shape and array."""
    __slots__ = ("name", "data_type", "dims", "array")

    def __init__(self, name, data_type, dims, array):
        self.name, self.data_type, self.dims, self.array = name, data_type, dims, array


def split_model(data, min_bytes: int):
    """(bytes of the model without its initializers whose raw data exceeds `min_bytes`,
    [(index of the initializer among the graph's, Weight)]) for a serialized ModelProto
    `data` (bytes). WireError if the bytes are not walked."""
    import onnx
    buf = memoryview(data)
    if buf.ndim != 1 or buf.itemsize != 1:
        buf = buf.cast("B")
    graphs = [f for f in fields(buf, 0, len(buf)) if f[0] == GRAPH]
    if len(graphs) != 1 or graphs[0][1] != LENGTH_DELIMITED:
        raise WireError("the model has no single graph field")
    _, _, g_begin, g_start, g_end = graphs[0]
    kept, weights, index = [], [], 0
    last = g_start
    for field, wire, begin, start, end in fields(buf, g_start, g_end):
        if field != INITIALIZER or wire != LENGTH_DELIMITED:
            continue
        w = _weight(buf, start, end, min_bytes, onnx) if end - start > min_bytes else None
        if w is not None:
            kept.append(buf[last:begin])
            last = end
            weights.append((index, w))
        index += 1
    if not weights:
        return data, []
    kept.append(buf[last:g_end])
    graph = b"".join(kept)
    model = b"".join([buf[:g_begin], _encode_varint(GRAPH << 3 | LENGTH_DELIMITED), _encode_varint(len(graph)),
                      graph, buf[g_end:]])
    return model, weights


def _weight(buf, start: int, end: int, min_bytes: int, onnx):
    """The TensorProto in buf[start:end] as a Weight viewing its raw data, or None to leave it."""
    raw = None
    rest = []
    last = start
    for field, _, begin, p_start, p_end in fields(buf, start, end):
        if field in (EXTERNAL_DATA, DATA_LOCATION):
            return None
        if field == RAW_DATA:
            if raw is not None:
                return None
            raw = (p_start, p_end)
            rest.append(buf[last:begin])
            last = p_end
    if raw is None or raw[1] - raw[0] <= min_bytes:
        return None
    rest.append(buf[last:end])
    header = onnx.TensorProto.FromString(b"".join(rest))    # name, dims, data type (no data)
    try:
        element = dtypes.element(header.data_type)
    except Exception:  # noqa: BLE001 - an element type shlo lacks: the ordinary path reports it
        return None
    if element in ("i4", "ui4", "i1") or header.data_type == onnx.TensorProto.BFLOAT16 or header.HasField("segment"):
        return None
    dtype = numpy_dtype(element).newbyteorder("<")
    dims = tuple(header.dims)
    count = int(np.prod(dims, dtype=np.int64))
    if count * dtype.itemsize != raw[1] - raw[0]:
        return None
    array = np.frombuffer(buf, dtype=dtype, count=count, offset=raw[0]).reshape(dims)
    return Weight(header.name, header.data_type, dims, array)
