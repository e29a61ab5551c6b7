"""The shlo dialect's generated op classes, e.g. `shlo.dialects.shlo.AddOp`."""
from .. import context as _context  # noqa: F401  (registers the search prefix)
from ._shlo_ops_gen import *  # noqa: F401,F403
from ._shlo_enum_gen import *  # noqa: F401,F403
