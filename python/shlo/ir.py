"""`mlir.ir`, re-exported: the generated `shlo.dialects._shlo_enum_gen` imports
its attribute-builder registry from `..ir`, as upstream dialect modules do."""
from mlir.ir import *  # noqa: F401,F403
from mlir.ir import register_attribute_builder  # noqa: F401
