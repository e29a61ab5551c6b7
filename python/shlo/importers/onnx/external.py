"""Initializers whose data lies in files beside the model (ONNX external data), read once
straight into aligned arrays (wire.Weight), as wire.py reads the weights inside a file.

onnx's own loader puts each tensor's bytes into the parsed model's `raw_data`, and reading
them back out copies them again: importing a model saved with external data held two copies
of its weights. Tensors this module does not take (element types or layouts that wire.py
leaves to the ordinary path, a location outside the model's folder, a file too short, data
in Constant nodes) are left to onnx's loader, which reads them or reports what is wrong.
"""
from __future__ import annotations

import os

import numpy as np

from . import wire


def read_external(model, base_dir: str) -> dict:
    """{index among model.graph.initializer: Weight} of the initializers read here; their
    external references are dropped from the model, so that onnx's loader skips them."""
    import onnx
    taken, sources, files = [], [], {}
    try:
        for k, t in enumerate(model.graph.initializer):
            if t.data_location != onnx.TensorProto.EXTERNAL:
                continue
            got = _plan(t, base_dir, files)
            if got is not None:
                taken.append((k, t, got[0]))
                sources.append(got[1])
        wire.read_weights_from(sources, [w for _, _, w in taken])
    finally:
        for f in files.values():
            if f is not None:
                f.close()
    for _, t, _ in taken:
        del t.external_data[:]
        t.data_location = onnx.TensorProto.DEFAULT
    return {k: w for k, _, w in taken}


def _plan(t, base_dir: str, files: dict):
    """(Weight with its offset in the data file, the file as wire.FileBytes) or None."""
    info = {e.key: e.value for e in t.external_data}
    location = info.get("location", "")
    dtype = wire.raw_dtype(t)
    if not location or os.path.isabs(location) or dtype is None:
        return None
    try:
        offset = int(info.get("offset", 0))
        length = int(info["length"]) if "length" in info else None
    except ValueError:
        return None
    dims = tuple(t.dims)
    nbytes = int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
    if offset < 0 or (length is not None and length != nbytes):
        return None
    f = _open(os.path.join(base_dir, location), base_dir, files)
    if f is None or offset + nbytes > len(f):
        return None
    return wire.Weight(t.name, t.data_type, dims, dtype, offset, nbytes), f


def _open(path: str, base_dir: str, files: dict):
    """The data file as a FileBytes (one open per file), None when it is not a regular file
    inside the model's folder (onnx's loader refuses those with its own message)."""
    real = os.path.realpath(path)
    if real not in files:
        root = os.path.realpath(base_dir)
        inside = os.path.commonpath([root, real]) == root and os.path.isfile(real)
        files[real] = _FileBytes(real) if inside else None
    return files[real]


class _FileBytes(wire.FileBytes):
    """A FileBytes that owns its file."""

    def __init__(self, path: str):
        self.file = open(path, "rb")        # noqa: SIM115 - closed by read_external
        super().__init__(self.file)

    def close(self) -> None:
        self.file.close()
