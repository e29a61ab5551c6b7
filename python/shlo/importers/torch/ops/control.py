"""Higher-order ops of torch.export: cond, while_loop, map, and the wrappers (wrap_with_set_grad_enabled, ...)."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
