"""ATen ops whose output sizes are computed from the input's values, which a shlo program (whose
result sizes are fixed by its input sizes) cannot express: each raises an ImporterError that
names the node and says what to write instead. Out of scope, with `nonzero` (indexing.py:
nonzero_static works) and `masked_select` (indexing.py: torch.where works)."""
from __future__ import annotations

from ..registry import converts


def _refuse(what: str, instead: str):
    def convert(cx, *args, **kwargs):
        raise cx.error(f"{what}, which a shlo program cannot have (its result sizes depend on input sizes "
                       f"only); {instead}")
    return convert


_UNIQUE = _refuse("the output size of unique is the data-dependent number of distinct values",
                  "use torch.sort with a mask of first occurrences (x[1:] != x[:-1]) instead")
converts("_unique", "_unique2", "unique_dim")(_UNIQUE)
converts("unique_consecutive")(_refuse(
    "the output size of unique_consecutive is the data-dependent number of runs",
    "use a mask of run starts (x[1:] != x[:-1]) instead"))
converts("bincount")(_refuse(
    "the output size of bincount is max(input) + 1, a data-dependent size",
    "use torch.zeros(n).scatter_add_(0, x, weights) with a known n, or torch.histc, instead"))
