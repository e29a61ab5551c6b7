"""A custom call as the LAPACK rules (stablehlo_lapack.py) read it, with some parts replaced.

The rules read a call's operands, results (often only their types) and attributes. Other forms
of the same call (a legacy call with size operands, a tuple result, a GPU solver's other result
types, XLA's own linear-algebra calls) are raised by the same rules through a view that replaces
those parts; everything else is the call's own.
"""
from __future__ import annotations


class Typed:
    """A value known by its type only (a result the view retypes)."""

    def __init__(self, type_):
        self.type = type_


class CallView:
    def __init__(self, op, *, operands=None, results=None, result_types=None, attributes=None):
        self._op = op
        if operands is not None:
            self.operands = list(operands)
        if result_types is not None:
            results = [Typed(t) for t in result_types]
        if results is not None:
            self.results = list(results)
        if attributes is not None:
            self.attributes = attributes

    def __getattr__(self, name):
        return getattr(self._op, name)
