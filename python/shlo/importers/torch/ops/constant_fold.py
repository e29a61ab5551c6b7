"""Values of fx nodes computed from constants only (no inputs, parameters or random draws),
evaluated with eager PyTorch at import time: a data-dependent op whose data is such a constant
(torch.combinations' masked_select over a triangle mask built from sizes) has a known result
size."""
from __future__ import annotations


class NotConstant(Exception):
    pass


def constant_value(node, depth: int = 0):
    """The eager value of fx node `node` if it depends on constants only, else None."""
    try:
        return _evaluate(node, {}, depth)
    except NotConstant:
        return None
    except Exception:  # noqa: BLE001 - eager refused the ops: treat as not foldable
        return None


def _evaluate(a, memo, depth):
    import torch
    from torch import fx
    if isinstance(a, (list, tuple)):
        return type(a)(_evaluate(x, memo, depth) for x in a)
    if isinstance(a, dict):
        return {k: _evaluate(v, memo, depth) for k, v in a.items()}
    if not isinstance(a, fx.Node):
        if isinstance(a, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            raise NotConstant
        return a
    if a.name in memo:
        return memo[a.name]
    if a.op != "call_function" or depth > 200:
        raise NotConstant
    target = a.target
    if isinstance(target, torch._ops.OpOverload) and torch.Tag.nondeterministic_seeded in target.tags:
        raise NotConstant
    args = _evaluate(a.args, memo, depth + 1)
    kwargs = _evaluate(dict(a.kwargs), memo, depth + 1)
    with torch.no_grad():
        value = target(*args, **kwargs)
    memo[a.name] = value
    return value
