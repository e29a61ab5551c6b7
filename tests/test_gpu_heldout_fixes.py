"""Fixes found running the held-out programs (tools/stablehlo_testdata_gpu.py) on the GPU back end."""
import numpy as np

import shlo
from shlo.lowering.gpu import compiler as gpu
from shlo.lowering.selfcheck import lift_constants

# The generic form, as every fourth testdata program is printed: main carries `arg_attrs = []`.
GENERIC = """
"builtin.module"() ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<2xf32>, res_attrs = [{}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %1 = "stablehlo.add"(%0, %0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%1) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_lift_constants_keeps_one_argument_attribute_per_argument():
    # before: 'func.func' op expects argument attribute array to have the same number of
    # elements as the number of function arguments, got 0, but expected 1 (a quarter of the
    # held-out programs failed both GPU checks on it)
    prog, args = lift_constants(shlo.from_stablehlo(GENERIC))
    assert len(args) == 1
    out = gpu.cpu_check(prog)(*args)
    np.testing.assert_array_equal(np.asarray(out[0]), np.float32([2.0, 4.0]))


# A start index computed from a value stored and loaded again (a one-thread kernel's), indexing
# a constant: the held-out dynamic_slice / gather programs' shape after bufferization.
STORED_INDEX = """
func.func public @main() -> tensor<1xui8> {
  %x = stablehlo.constant dense<[4, 1, 1]> : tensor<3xui8>
  %i = stablehlo.constant dense<1> : tensor<1xi64>
  %e = stablehlo.constant dense<1> : tensor<1xui8>
  %s = stablehlo.slice %i [0:1] : (tensor<1xi64>) -> tensor<1xi64>
  %r = stablehlo.reshape %s : (tensor<1xi64>) -> tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %lt = stablehlo.compare LT, %r, %z, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %n = stablehlo.constant dense<3> : tensor<i64>
  %a = stablehlo.add %r, %n : tensor<i64>
  %k = stablehlo.select %lt, %a, %r : tensor<i1>, tensor<i64>
  %d = stablehlo.dynamic_slice %x, %k, sizes = [1] : (tensor<3xui8>, tensor<i64>) -> tensor<1xui8>
  stablehlo.custom_call @check.expect_eq(%d, %e) {has_side_effect = true} : (tensor<1xui8>, tensor<1xui8>) -> ()
  return %d : tensor<1xui8>
}
"""


def test_load_indexed_by_a_kernel_computed_scalar_stays_in_that_kernel():
    # before: 'shlo-gpu-map-loops' made invalid IR ("operand #1 does not dominate this use"): the
    # load from the constant was taken as shared (computed by each kernel for itself) because its
    # index was a pure scalar op, though that op's operand was loaded inside the one-thread kernel
    prog, args = lift_constants(shlo.from_stablehlo(STORED_INDEX))
    out = gpu.cpu_check(prog)(*args)            # the check.expect_eq passes too
    np.testing.assert_array_equal(np.asarray(out[0]), np.uint8([1]))
    arts = gpu.compile_cuda_arches(prog, ("sm_80", "sm_90"), assemble=False)
    assert all(a.ptx for a in arts.values())
