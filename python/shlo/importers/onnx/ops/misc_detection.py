"""Detection ops: MaxRoiPool, DeformConv and NonMaxSuppression."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from ..registry import converts

I64 = "i64"
