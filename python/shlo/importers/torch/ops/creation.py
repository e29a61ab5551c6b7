"""Tensors made from nothing or from a template: arange, full / empty / zeros / ones and their _like / _strided forms, and the random ops (rand, randn, randperm, bernoulli, native_dropout) with their seed rule."""
from __future__ import annotations

from ..registry import converts  # noqa: F401
