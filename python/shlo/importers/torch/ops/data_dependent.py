"""ATen ops whose output sizes are computed from the input's values, which a shlo program (whose
result sizes are fixed by its input sizes) cannot express: each raises an ImporterError that
names the node and says what to write instead. nonzero, masked_select and unique import with a
run-time result size (dynamic_sizes.py)."""
from __future__ import annotations

from ..registry import converts


def _refuse(what: str, instead: str):
    def convert(cx, *args, **kwargs):
        raise cx.error(f"{what}, which a shlo program cannot have (its result sizes depend on input sizes "
                       f"only); {instead}")
    return convert


converts("bincount")(_refuse(
    "the output size of bincount is max(input) + 1, a data-dependent size",
    "use torch.zeros(n).scatter_add_(0, x, weights) with a known n, or torch.histc, instead"))
