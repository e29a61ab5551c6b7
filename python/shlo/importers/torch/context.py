"""What a converter works with: the node being converted (its example output gives the
result's dtype and sizes) and the shared emitters of `importers/emitter.py`."""
from __future__ import annotations

from ...errors import ImporterError
from ...types import tensor_type
from ..emitter import I64, Emitter, _number, _static  # noqa: F401  (re-exported for converters)
from . import dtypes


class Context(Emitter):
    def __init__(self, importer, node):
        self.importer = importer
        self.node = node

    # -- the node -------------------------------------------------------------
    @property
    def val(self):
        """The node's example output (a FakeTensor, a tuple of them, or a SymInt)."""
        return self.node.meta.get("val")

    def _out(self, i):
        v = self.val
        return v[i] if i is not None else v

    def out_element(self, i=None) -> str:
        return dtypes.element(self._out(i).dtype)

    def out_sizes(self, i=None) -> list:
        return [self.importer.size(s) for s in self._out(i).shape]

    def out_type(self, i=None) -> str:
        """The output's tensor type, `?` for symbolic sizes (for ops whose result type is free)."""
        t = self._out(i)
        return str(tensor_type([_static(s) for s in t.shape], dtypes.element(t.dtype)))

    def error(self, message: str) -> ImporterError:
        return self.importer.node_error(self.node, message)


