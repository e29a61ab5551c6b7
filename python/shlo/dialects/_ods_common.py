# The generated _shlo_ops_gen.py imports its helpers from a sibling module of
# this name; reuse upstream's.
from mlir.dialects._ods_common import *  # noqa: F401,F403
from mlir.dialects._ods_common import _cext  # noqa: F401
