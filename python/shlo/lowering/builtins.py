"""Runtime functions that LLVM's code generation may call and the JIT cannot find elsewhere,
defined in the module itself.

On a CPU without bf16 instructions (AVX2, AVX-512 without BF16) LLVM narrows f32 to bf16
(`fptrunc`, and bf16 vectors it moves through f32) by calling compiler-rt's `__truncsfbf2`;
shlo's JIT links no compiler-rt, so a module holding bf16 values gets its own definition.
"""
from __future__ import annotations

from mlir import ir

# f32 -> bf16 rounded to nearest even; a NaN stays a quiet NaN of the same sign.
TRUNCSFBF2 = """
llvm.func @__truncsfbf2(%x: f32) -> bf16 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %sixteen = llvm.mlir.constant(16 : i32) : i32
  %half = llvm.mlir.constant(32767 : i32) : i32
  %quiet = llvm.mlir.constant(64 : i32) : i32
  %bits = llvm.bitcast %x : f32 to i32
  %high = llvm.lshr %bits, %sixteen : i32
  %odd = llvm.and %high, %one : i32
  %bias = llvm.add %half, %odd : i32
  %rounded = llvm.add %bits, %bias : i32
  %top = llvm.lshr %rounded, %sixteen : i32
  %nan = llvm.fcmp "uno" %x, %x : f32
  %qnan = llvm.or %high, %quiet : i32
  %pick = llvm.select %nan, %qnan, %top : i1, i32
  %narrow = llvm.trunc %pick : i32 to i16
  %out = llvm.bitcast %narrow : i16 to bf16
  llvm.return %out : bf16
}
"""


def define_missing(module: ir.Module) -> None:
    """Adds the definitions above that an LLVM-dialect module may need (see the module docstring)."""
    text = str(module)
    if "bf16" in text and "@__truncsfbf2" not in text:
        with module.context:
            module.body.append(ir.Operation.parse(TRUNCSFBF2))
