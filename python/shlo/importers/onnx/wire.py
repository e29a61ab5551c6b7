"""A serialized ONNX model split into its small part and its large weights.

Parsing a whole model with protobuf copies every weight into the message, and reading a
weight back (`TensorProto.raw_data`) copies it again. Instead, the few protobuf fields on
the way to the initializers' `raw_data` are walked here (ModelProto.graph ->
GraphProto.initializer -> TensorProto.raw_data); the model without those large initializers
is parsed as usual (it is small), and each large weight is read once, straight from the file
(or the given bytes) into one buffer where every weight starts 64-byte aligned (the blobs of
`dense_resource` constants must be aligned to their element size; raw data in a protobuf
sits at any offset).

A file is walked by reading small pieces at the offsets the walk needs (`FileBytes`), so
that its weights are read only once, into their place.

Anything unusual (typed data, a repeated graph field, 4-bit or bfloat16 raw data, a size
that does not match the shape) leaves the initializer in the parsed part, where the ordinary
path reads it. External data (files beside the model) is read by external.py into the same
kind of buffer.
"""
from __future__ import annotations

import os

import numpy as np

from ...literals import numpy_dtype
from . import dtypes

GRAPH = 7                      # ModelProto.graph
INITIALIZER = 5                # GraphProto.initializer
RAW_DATA, EXTERNAL_DATA, DATA_LOCATION = 9, 13, 14      # TensorProto fields
LENGTH_DELIMITED = 2
ALIGN = 64                     # each weight's start in the buffer they are read into


class WireError(ValueError):
    """Bytes that are not the protobuf this walker expects: the caller parses them as usual."""


class FileBytes:
    """A file as an indexable, sliceable byte sequence, read on demand: bytes in chunks that
    stay cached (what the walk looks at), slices by one read each."""
    CHUNK = 1 << 14

    def __init__(self, f):
        self.fd = f.fileno()
        self.size = os.fstat(self.fd).st_size
        self.chunks: dict = {}

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop, _ = i.indices(self.size)
            return self.read(start, max(stop - start, 0))
        if not 0 <= i < self.size:
            raise WireError("read past the end of the file")
        k, r = divmod(i, self.CHUNK)
        chunk = self.chunks.get(k)
        if chunk is None:
            chunk = self.chunks[k] = os.pread(self.fd, self.CHUNK, k * self.CHUNK)
        if r >= len(chunk):
            raise WireError("the file changed while it was read")
        return chunk[r]

    def read(self, start: int, n: int) -> bytes:
        data = os.pread(self.fd, n, start)
        if len(data) != n:
            raise WireError("the file changed while it was read")
        return data

    def read_into(self, start: int, out: memoryview) -> None:
        done = 0
        while done < len(out):          # (one preadv reads at most about 2 GB)
            n = os.preadv(self.fd, [out[done:]], start + done)
            if n <= 0:
                raise WireError("the file changed while it was read")
            done += n


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
    """A large initializer: its name, ONNX data type, shape, where its raw data lies in the
    serialized model, and its array once read (read_weights)."""
    __slots__ = ("name", "data_type", "dims", "dtype", "start", "nbytes", "array")

    def __init__(self, name, data_type, dims, dtype, start, nbytes):
        self.name, self.data_type, self.dims, self.dtype = name, data_type, dims, dtype
        self.start, self.nbytes, self.array = start, nbytes, None


def split_model(buf, min_bytes: int):
    """(bytes of the model without its initializers whose raw data exceeds `min_bytes`,
    [(index of the initializer among the graph's, Weight)]) for a serialized ModelProto:
    a memoryview of bytes or a FileBytes. WireError if the bytes are not walked."""
    import onnx
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
        return bytes(buf[0:len(buf)]), []          # (the whole model: nothing to leave out)
    kept.append(buf[last:g_end])
    graph = b"".join(kept)
    model = b"".join([buf[:g_begin], _encode_varint(GRAPH << 3 | LENGTH_DELIMITED), _encode_varint(len(graph)),
                      graph, buf[g_end:]])
    return model, weights


def _weight(buf, start: int, end: int, min_bytes: int, onnx):
    """The TensorProto in buf[start:end] as a Weight (its raw data not read), or None to leave it."""
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
    dtype = raw_dtype(header)
    if dtype is None:
        return None
    dims = tuple(header.dims)
    if int(np.prod(dims, dtype=np.int64)) * dtype.itemsize != raw[1] - raw[0]:
        return None
    return Weight(header.name, header.data_type, dims, dtype, raw[0], raw[1] - raw[0])


def raw_dtype(header):
    """The little-endian numpy dtype of a TensorProto's raw data when read here as it is, else
    None (element types shlo lacks, 4-bit and bfloat16 data, segments: the ordinary path)."""
    import onnx
    try:
        element = dtypes.element(header.data_type)
    except Exception:  # noqa: BLE001 - an element type shlo lacks: the ordinary path reports it
        return None
    if (element in ("i4", "ui4", "i1") or header.data_type == onnx.TensorProto.BFLOAT16
            or header.HasField("segment")):
        return None
    return numpy_dtype(element).newbyteorder("<")


def read_weights(buf, weights) -> None:
    """Reads every weight's raw data into one new buffer, each at a 64-byte aligned start, and
    sets its (read-only) array."""
    sources = [buf] * len(weights)
    read_weights_from(sources, weights)


def read_weights_from(sources, weights) -> None:
    """read_weights with each weight's own source (its serialized model or external data file:
    bytes or a FileBytes), all into one aligned buffer."""
    offsets, total = [], 0
    for w in weights:
        offsets.append(total)
        total += -(-w.nbytes // ALIGN) * ALIGN
    arena = np.empty(total + ALIGN, np.uint8)
    base = -arena.ctypes.data % ALIGN
    for buf, w, off in zip(sources, weights, offsets):
        out = arena[base + off: base + off + w.nbytes]
        if isinstance(buf, FileBytes):
            buf.read_into(w.start, memoryview(out))
        else:
            out[:] = np.frombuffer(buf, np.uint8, w.nbytes, w.start)
        array = out.view(w.dtype).reshape(w.dims)
        array.flags.writeable = False
        w.array = array
