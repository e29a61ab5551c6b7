"""What an ONNX converter works with: the node, the model's opset, the values known at import
time (constants and shape computations folded by the importer), the inferred output types,
and the shared emitters of `importers/emitter.py`."""
from __future__ import annotations

import numpy as np

from ...errors import ImporterError
from ..emitter import I64, Emitter, static  # noqa: F401  (re-exported for converters)


class Context(Emitter):
    def __init__(self, importer, node, inputs):
        self.importer = importer
        self.node = node
        self.input_names = list(inputs)

    @property
    def opset(self) -> int:
        return self.importer.opset

    def known(self, i: int) -> np.ndarray | None:
        """The value of input i when it is known at import time (a constant, an initializer
        imported as a constant, or a folded shape computation); else None."""
        if i >= len(self.input_names) or not self.input_names[i]:
            return None
        return self.importer.known.get(self.input_names[i])

    def known_ints(self, i: int, what: str) -> list | None:
        """Input i as a list of Python ints, if known (None if the input is omitted); an error
        naming `what` if it is given but only known at run time."""
        if i >= len(self.input_names) or not self.input_names[i]:
            return None
        k = self.known(i)
        if k is None:
            raise self.error(f"{what} (input {i}) must be known when importing (a constant or a shape "
                             "computation), it is computed at run time here")
        return [int(v) for v in np.asarray(k).reshape(-1)]

    def out_type(self, i: int = 0):
        """The inferred type of output i (shape inference's), as text, or None if unknown."""
        name = self.node.output[i] if i < len(self.node.output) else ""
        return self.importer.inferred_type(name)

    def out_element(self, i: int = 0) -> str | None:
        t = self.importer.inferred(self.node.output[i]) if i < len(self.node.output) else None
        return t[1] if t else None

    def out_shape(self, i: int = 0):
        """The inferred shape of output i: ints and None for unknown sizes; None if no rank."""
        t = self.importer.inferred(self.node.output[i]) if i < len(self.node.output) else None
        return t[0] if t else None

    def sized_like_output(self, v, i: int = 0):
        """v, which has the shape of output i: its dynamic sizes are taken to be the ones shape
        inference names for that output, so that ops sized like it share one size value per
        symbol (as for named values) instead of reading v's sizes again."""
        if i < len(self.node.output):
            self.importer._alias_dims(self.node.output[i], v)
        return v

    def error(self, message: str) -> ImporterError:
        return self.importer.node_error(self.node, message)
