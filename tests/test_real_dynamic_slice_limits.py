"""`real_dynamic_slice` with run-time sizes whose limit is not written as `start + w` (JAX's form,
tests/test_symbolic_slice_export.py): the limit recomputes the clamped start, shifts both terms,
or is built from scalars; a start that is data with a constant or a data difference. The
importer cancels the start's terms from the limit's (stablehlo_legacy._differences) so that the
grid size depends on the width alone, which StableHLO's shape refinement folds for XLA.
Each case: the interpreter, shlo.compile and XLA on `shlo.to_stablehlo` give the expected values.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import jax
import jax.extend
from jax._src import xla_bridge as xb
from jax._src.interpreters import mlir as jmlir
from jax._src.lib import _jax
from jax._src.lib import xla_client as xc
from jax._src.lib.mlir import ir as jir
from jax._src.lib.mlir.dialects import hlo

import shlo

RNG = np.random.default_rng(7)


def _window(x, i):
    return jax.lax.dynamic_slice(x, (i,), (x.shape[0] - 3,)) * 2


def _template():
    """JAX's export of a window of symbolic width n at a run-time start (x has n + 3 elements),
    and the line of its module that writes the limit as `start + w`."""
    specs = [jax.ShapeDtypeStruct(jax.export.symbolic_shape("n + 3"), np.float32),
             jax.ShapeDtypeStruct((), np.int32)]
    exp = jax.export.export(jax.jit(_window))(*specs)
    return exp, exp.mlir_module()


# The JAX module's own lines (jax 0.10.2): %12 the clamped start, %6 the width n, both tensor<1xi32>.
LIMIT = "%13 = stablehlo.add %12, %6 : tensor<1xi32>"
CLAMP = "stablehlo.clamp %c_0, %7, %11 : tensor<1xi32>"
VARIANTS = {
    # the start clamped a second time for the limit, the width first
    "recomputed_start": f"%r12 = {CLAMP}\n    %13 = stablehlo.add %6, %r12 : tensor<1xi32>",
    # (start + 5) + (w - 5)
    "shifted": ("%c5 = stablehlo.constant dense<5> : tensor<1xi32>\n"
                "    %s5 = stablehlo.add %12, %c5 : tensor<1xi32>\n"
                "    %w5 = stablehlo.subtract %6, %c5 : tensor<1xi32>\n"
                "    %13 = stablehlo.add %s5, %w5 : tensor<1xi32>"),
    # a scalar sum of the dimension variable and the start's element, reshaped
    "scalar_limit": ("%e12 = stablehlo.reshape %12 : (tensor<1xi32>) -> tensor<i32>\n"
                     "    %l12 = stablehlo.add %arg0, %e12 : tensor<i32>\n"
                     "    %13 = stablehlo.reshape %l12 : (tensor<i32>) -> tensor<1xi32>"),
}


def _xla_call(exp, prog):
    """`exp` with `shlo.to_stablehlo(prog)` as its module: calling it makes XLA refine the
    symbolic shapes at the arguments' sizes, compile and run."""
    version = hlo.get_version_from_compatibility_requirement(hlo.StablehloCompatibilityRequirement.WEEK_4)
    art = _jax.mlir.serialize_portable_artifact(shlo.to_stablehlo(prog), version,
                                                xb.get_backend().serialize_with_sdy)
    return jax.jit(dataclasses.replace(exp, mlir_module_serialized=art).call)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_limit_not_start_plus_width_refines_and_runs(name):
    """Without the cancellation XLA refuses all three exports ('Error refining shapes': the grid
    size, limit - start, kept the run-time start)."""
    exp, text = _template()
    assert LIMIT in text and CLAMP in text, "JAX's module changed: update the variants"
    prog = shlo.from_stablehlo(text.replace(LIMIT, VARIANTS[name]))
    xla, compiled = _xla_call(exp, prog), shlo.compile(prog)
    for n, i in ((7, 2), (2, 4), (5, 9)):    # the last start is clamped to 3
        x = RNG.standard_normal(n + 3).astype(np.float32)
        want = np.asarray(_window(x, np.int32(i)))
        for what, got in (("interpret", shlo.interpret(prog, x, np.int32(i))[0]),
                          ("compile", compiled(x, np.int32(i))[0]), ("xla", xla(x, np.int32(i)))):
            np.testing.assert_array_equal(np.asarray(got), want, err_msg=f"{what} at n={n}, i={i}")


def _static_input_text(limit_lines: str, stride: int = 1) -> str:
    return f"""func.func @main(%x: tensor<10xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<?xf32> {{
  %c = stablehlo.constant dense<{stride}> : tensor<1xi32>
  %s = stablehlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
  {limit_lines}
  %l = stablehlo.reshape %e : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.real_dynamic_slice %x, %s, %l, %c : (tensor<10xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}}"""


def _xla_refined(prog, *args):
    """XLA on the export of a program with static inputs: shape refinement gives every value a
    static shape (or raises), then one device compiles and runs it."""
    with jmlir.make_ir_context():
        refined = jmlir.refine_polymorphic_shapes(jir.Module.parse(shlo.to_stablehlo(prog)))
    opts = jax.extend.backend.get_compile_options(num_replicas=1, num_partitions=1)
    exe = xb.get_backend().compile_and_load(str(refined), xc.DeviceList(tuple(jax.devices()[:1])), opts)
    return str(refined), [np.asarray(r) for r in exe.execute([jax.device_put(a) for a in args])]


def test_data_start_with_a_constant_difference_refines_to_a_static_slice():
    """limit = 3 + i beside start = i: three elements wherever i is; XLA's refinement makes the
    result tensor<3xf32> (before: the grid size was (3 + i) - i, a run-time value)."""
    prog = shlo.from_stablehlo(_static_input_text(
        "%c3 = stablehlo.constant dense<3> : tensor<i32>\n  %e = stablehlo.add %c3, %i : tensor<i32>"))
    x, j = np.arange(10, dtype=np.float32) * 1.5, np.int32(0)
    compiled = shlo.compile(prog)
    for i in (0, 4, 7):
        want = x[i:i + 3]
        np.testing.assert_array_equal(shlo.interpret(prog, x, np.int32(i), j)[0], want)
        np.testing.assert_array_equal(compiled(x, np.int32(i), j)[0], want)
        refined, got = _xla_refined(prog, x, np.int32(i), j)
        assert "-> tensor<3xf32>" in refined
        np.testing.assert_array_equal(got[0], want)


def test_data_difference_runs_in_shlo_and_has_no_static_shape_for_xla():
    """limit = j, start = i: the size is data (empty when j <= i). The interpreter and
    shlo.compile slice at run time; XLA's refinement cannot give the result a static shape."""
    prog = shlo.from_stablehlo(_static_input_text("%e = stablehlo.add %j, %j : tensor<i32>"))
    x = np.arange(10, dtype=np.float32)
    compiled = shlo.compile(prog)
    for i, j in ((2, 4), (3, 3), (6, 1), (0, 5)):    # limit 2 * j
        want = x[i:2 * j]
        for what, got in (("interpret", shlo.interpret(prog, x, np.int32(i), np.int32(j))[0]),
                          ("compile", compiled(x, np.int32(i), np.int32(j))[0])):
            np.testing.assert_array_equal(got, want, err_msg=f"{what} at i={i}, j={j}")
    with pytest.raises(ValueError, match="Error refining shapes"):
        _xla_refined(prog, x, np.int32(1), np.int32(2))


def test_zero_stride_with_run_time_sizes_is_an_import_error_naming_the_op():
    """A constant stride of 0 would divide the size by zero: refused at import."""
    text = _static_input_text("%e = stablehlo.add %j, %i : tensor<i32>", stride=0)
    with pytest.raises(shlo.ImportError, match=r"stablehlo\.real_dynamic_slice at .*strides \[0\] must be positive"):
        shlo.from_stablehlo(text)
