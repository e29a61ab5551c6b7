"""schedule_flatten: element-wise generics with their leading dimensions merged before the CPU
schedules tile them; the compiled results stay bit-identical."""
import numpy as np
import pytest

jnp = pytest.importorskip("jax.numpy")

import shlo
from mlir import ir
from shlo.lowering import pipeline
from shlo.lowering.driver import lower_program
from shlo.lowering.schedule_flatten import flatten_elementwise


def _prepared(fn, *args):
    module = lower_program(shlo.from_jax(fn, *args), entry="main", mode="compile").module
    with module.context:
        pipeline.run(module, pipeline.prepare(module))
    return module


def _generic_loops(module) -> list:
    from shlo import _shlo_ext
    return [len(ir.ArrayAttr(op.attributes["iterator_types"]))
            for op in _shlo_ext.ops_named(module.operation, ["linalg.generic"])]


def _scale_shift_relu(x, y, s, b):
    return jnp.maximum(x + y * s + b, 0.0)


def _args(rng):
    shape = (4, 6, 10, 16)
    return [rng.standard_normal(shape, dtype=np.float32), rng.standard_normal(shape, dtype=np.float32),
            rng.standard_normal(16, dtype=np.float32), rng.standard_normal(16, dtype=np.float32)]


def test_per_channel_operands_merge_the_leading_dims():
    module = _prepared(_scale_shift_relu, *_args(np.random.default_rng(0)))
    assert _generic_loops(module) == [4]
    with module.context, ir.Location.unknown():
        assert flatten_elementwise(module) == 1
    assert _generic_loops(module) == [2]       # (4 * 6 * 10) x 16: the channel stays its own dim
    module.operation.verify()


_TRANSPOSED_ADD = """
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#tr = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
func.func @f(%a: tensor<6x4x8xf32>, %b: tensor<4x6x8xf32>) -> tensor<6x4x8xf32> {
  %e = tensor.empty() : tensor<6x4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<6x4x8xf32>, tensor<4x6x8xf32>) outs(%e : tensor<6x4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x4x8xf32>
  return %r : tensor<6x4x8xf32>
}
"""


def test_an_operand_indexing_the_dims_out_of_order_keeps_the_shape():
    from shlo.context import make_context
    with make_context(), ir.Location.unknown():
        module = ir.Module.parse(_TRANSPOSED_ADD)
        assert flatten_elementwise(module) == 0
        assert _generic_loops(module) == [3]


@pytest.mark.parametrize("threads", [1, 2])
def test_merged_ops_compute_the_same_bits(threads):
    args = _args(np.random.default_rng(2))
    args[0][0, 0, 0, :4] = [np.nan, -0.0, np.inf, -np.inf]
    want = np.maximum(args[0] + args[1] * args[2] + args[3], np.float32(0))
    got = shlo.compile(shlo.from_jax(_scale_shift_relu, *args), threads=threads)(*args)[0]
    assert got.tobytes() == want.tobytes()


BF16_BODIES = {   # each aborted LLVM ("Do not know how to soft promote") once its 5x5 rows were merged
    "select": "%r = shlo.select %p, %c, %x : (tensor<SHAPExi1>, tensor<SHAPExbf16>, tensor<SHAPExbf16>) -> tensor<SHAPExbf16>",
    "compare": ("%q = shlo.compare %x, %c {comparison_direction = #shlo.comparison_direction<LT>} : "
                "(tensor<SHAPExbf16>, tensor<SHAPExbf16>) -> tensor<SHAPExi1>\n"
                "  %r = shlo.select %q, %c, %x : (tensor<SHAPExi1>, tensor<SHAPExbf16>, tensor<SHAPExbf16>) -> tensor<SHAPExbf16>"),
    "negate": ("%n = shlo.negate %x : tensor<SHAPExbf16>\n"
               "  %r = shlo.select %p, %n, %x : (tensor<SHAPExi1>, tensor<SHAPExbf16>, tensor<SHAPExbf16>) -> tensor<SHAPExbf16>"),
}


@pytest.mark.parametrize("body", sorted(BF16_BODIES))
@pytest.mark.parametrize("shape", [(5, 5), (25,)])
def test_bf16_element_wise_ops_compile_and_match(body, shape):
    import ml_dtypes
    s = "x".join(map(str, shape))
    text = f"""func.func @main(%x: tensor<{s}xbf16>, %p: tensor<{s}xi1>) -> tensor<{s}xbf16> {{
  %c0 = shlo.constant {{value = dense<1.000000e+01> : tensor<bf16>}} : () -> tensor<bf16>
  %c = shlo.broadcast_in_dim %c0 {{broadcast_dimensions = array<i64>}} : (tensor<bf16>) -> tensor<{s}xbf16>
  {BF16_BODIES[body].replace("SHAPE", s)}
  func.return %r : tensor<{s}xbf16>
}}"""
    prog = shlo.parse(text)
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(shape) * 20).astype(ml_dtypes.bfloat16)
    p = rng.random(shape) < 0.5
    got = shlo.compile(prog)(x, p)[0]
    np.testing.assert_array_equal(got.view(np.uint16), shlo.interpret(prog, x, p)[0].view(np.uint16))
