"""shlo.from_stablehlo / shlo.to_stablehlo and the shlo-translate actions."""
from __future__ import annotations

import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.tools import translate

PRETTY = """
module @m {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.compare GT, %0, %0, FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    %2 = stablehlo.select %1, %0, %0 : tensor<2x4xi1>, tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
}
"""


def _x():
    return np.arange(6, dtype=np.float32).reshape(2, 3), np.ones((3, 4), np.float32)


def test_pretty_text():
    prog = shlo.from_stablehlo(PRETTY)
    text = prog.text()
    assert "#shlo.precision<HIGHEST>" in text and "#shlo.comparison_direction<GT>" in text
    np.testing.assert_allclose(shlo.interpret(prog, *_x())[0], _x()[0] @ _x()[1])


def test_generic_text_and_bytecode():
    from shlo.importers.stablehlo import parse_stablehlo
    jmod, _ = parse_stablehlo(PRETTY)
    generic = jmod.operation.get_asm(print_generic_op_form=True)
    assert shlo.from_stablehlo(generic).text() == shlo.from_stablehlo(PRETTY).text()
    import io
    buf = io.BytesIO()
    jmod.operation.write_bytecode(buf)
    assert shlo.from_stablehlo(buf.getvalue()).text() == shlo.from_stablehlo(PRETTY).text()


def test_portable_artifact():
    exp = jax.export.export(jax.jit(lambda x: jnp.sort(jnp.sin(x))))(np.ones(5, np.float32))
    prog = shlo.from_stablehlo(exp.mlir_module_serialized)
    x = np.linspace(-2, 2, 5, dtype=np.float32)
    np.testing.assert_allclose(shlo.interpret(prog, x)[0], np.sort(np.sin(x)), rtol=1e-6)
    from jaxlib.mlir.dialects import stablehlo as jshlo
    from shlo.importers.stablehlo import jaxlib_context
    with jaxlib_context():
        art = jshlo.serialize_portable_artifact_str(shlo.to_stablehlo(prog), jshlo.get_minimum_version())
    assert shlo.from_stablehlo(art).text() == prog.text()


def test_jax_objects_and_serialized_exported():
    """What JAX hands a user: lowered.compiler_ir("stablehlo") (a jaxlib ir.Module), a
    jax.export.Exported and its serialize() bytes; bytes that are none of the readable forms
    are an ImportError."""
    f = jax.jit(lambda x: jnp.cumsum(x) * 2)
    x = np.linspace(-2, 2, 5, dtype=np.float32)
    exp = jax.export.export(f)(x)
    for source in (f.lower(x).compiler_ir("stablehlo"), exp, exp.serialize()):
        np.testing.assert_allclose(shlo.interpret(shlo.from_stablehlo(source), x)[0], np.cumsum(x) * 2, rtol=1e-6)
    with pytest.raises(shlo.ImportError, match="not StableHLO text, MLIR bytecode, a StableHLO artifact or a "
                                               "serialized jax.export.Exported"):
        shlo.from_stablehlo(b"\xb0\x01 neither")


def test_conv_attribute_forms():
    text = """
func.func @main(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}"""
    prog = shlo.from_stablehlo(text)
    assert "input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2]" in prog.text()
    out = shlo.to_stablehlo(prog)
    assert "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]" in out
    assert shlo.from_stablehlo(out).text() == prog.text()


def test_result_accuracy_round_trips_through_stablehlo():
    """StableHLO's result_accuracy (all modes, on every op that has it in shlo since 1.2.0)
    imports as #shlo.accuracy and exports back, in text StableHLO's own parser reads."""
    text = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.sine %x {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-06, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %1 = stablehlo.exponential %0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  return %1 : tensor<4xf32>
}"""
    prog = shlo.from_stablehlo(text)
    assert ("shlo.sine %arg0 {result_accuracy = #shlo.accuracy<atol = 9.9999999999999995E-7, rtol = 0.000000e+00, "
            "ulps = 2, mode = #shlo.result_accuracy_mode<TOLERANCE>>}") in prog.text()
    assert "mode = #shlo.result_accuracy_mode<HIGHEST>" in prog.text()
    out = shlo.to_stablehlo(prog)
    assert "#stablehlo.result_accuracy<" in out and "TOLERANCE" in out
    assert shlo.from_stablehlo(out).text() == prog.text()
    from jaxlib.mlir.dialects import stablehlo as jshlo
    from shlo.importers.stablehlo import jaxlib_context
    with jaxlib_context():  # StableHLO's own parser takes what to_stablehlo wrote
        art = jshlo.serialize_portable_artifact_str(out, jshlo.get_current_version())
    assert shlo.from_stablehlo(art).text() == prog.text()
    x = np.linspace(-1, 1, 4, dtype=np.float32)
    np.testing.assert_allclose(shlo.interpret(prog, x)[0], np.exp(np.sin(x)), rtol=1e-6)


def test_unsupported_op_named():
    text = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "chlo.no_such_thing"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    with pytest.raises(shlo.ImportError):
        shlo.from_stablehlo(text)
    text = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32> loc("here.py":3:4)
  return %0 : tensor<4xf32>
}"""
    from shlo.importers import chlo
    if "bessel_i1e" not in chlo.DECOMPOSITIONS:
        with pytest.raises(shlo.ImportError, match=r"chlo\.bessel_i1e.*here\.py"):
            shlo.from_stablehlo(text)


def test_unknown_attribute_rejected():
    text = """
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("alg.py":1:1)
  return %0 : tensor<2x2xf32>
}"""
    # dot_general's `algorithm` has a shlo counterpart since 1.6.0 (tests/test_release_1_6_0.py) ...
    assert "#shlo.dot_algorithm<" in str(shlo.from_stablehlo(text))
    # ... an attribute no shlo op has (and no dialect prefix marks as discardable) does not.
    text = """
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.cosine %a {mystery = 1 : i32} : tensor<2xf32> loc("alg.py":1:1)
  return %0 : tensor<2xf32>
}"""
    with pytest.raises(shlo.ImportError, match=r"stablehlo\.cosine.*alg\.py.*mystery"):
        shlo.from_stablehlo(text)


def test_gspmd_shardings_become_shlo_shardings():
    """GSPMD strings (since 1.4.0) become shardings over a mesh made for them, written back as Shardy."""
    text = """
module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%a: tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = "r"}) {
    %0 = stablehlo.add %a, %a {mhlo.sharding = "{replicated}"} : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}"""
    prog = shlo.from_stablehlo(text)
    assert "mhlo.sharding" not in prog.text()
    assert prog.text().count("shlo.sharding = #shlo.sharding<mesh = @gspmd_0, dims = [[]]") == 1
    assert prog.text().count("shlo.shardings = [#shlo.sharding<mesh = @gspmd_0, dims = [[]]") == 1
    assert 'shlo.mesh @gspmd_0 {axis_names = [], axis_sizes = array<i64>}' in prog.text()
    out = shlo.to_stablehlo(prog)
    assert "sdy.mesh @gspmd_0 = <[]>" in out
    assert out.count("sdy.sharding<@gspmd_0, [{}]>") == 1 and "sdy.sharding_per_value<[<@gspmd_0, [{}]>]>" in out


def test_tokens_and_tuples():
    text = """
func.func @main(%a: tensor<2xf32>, %t: !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token) {
  %0 = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %2 = stablehlo.after_all %t : !stablehlo.token
  return %1, %2 : tensor<2xf32>, !stablehlo.token
}"""
    prog = shlo.from_stablehlo(text)
    assert "!shlo.token" in prog.text()
    assert "!stablehlo.token" in shlo.to_stablehlo(prog)
    assert shlo.from_stablehlo(shlo.to_stablehlo(prog)).text() == prog.text()


def test_translate_actions(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text(PRETTY)
    out = tmp_path / "out.mlir"
    assert translate.main(["--from-stablehlo", str(src), "-o", str(out)]) == 0
    assert "shlo.dot_general" in out.read_text()
    back = tmp_path / "back.mlir"
    assert translate.main(["--to-stablehlo", str(out), "-o", str(back)]) == 0
    assert "stablehlo.dot_general" in back.read_text()
    bad = tmp_path / "bad.mlir"
    bad.write_text('func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n'
                   '  %0 = "chlo.no_such_thing"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n'
                   '  return %0 : tensor<4xf32>\n}\n')
    assert translate.main(["--from-stablehlo", str(bad)]) == 1


def test_import_shlo_is_fast():
    code = "import sys, shlo; assert 'jax' not in sys.modules; print(shlo.from_jax, shlo.to_stablehlo)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_bounded_dynamic_dimensions_read_as_unbounded():
    """StableHLO's `attr_type_extensions_bounds`: the bound limits the run-time size and changes
    no value, so it is dropped on import (shlo's types have no bounds); the export is unbounded."""
    text = """
func.func @main(%a: tensor<?x?xf32, #stablehlo.bounds<16, ?>>) -> tensor<?x?xf32, #stablehlo.bounds<16, ?>> {
  %0 = stablehlo.negate %a : tensor<?x?xf32, #stablehlo.bounds<16, ?>>
  return %0 : tensor<?x?xf32, #stablehlo.bounds<16, ?>>
}"""
    prog = shlo.from_stablehlo(text)
    assert "bounds" not in str(prog) and "tensor<?x?xf32>" in str(prog)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = shlo.interpret(prog, x)
    np.testing.assert_array_equal(out, -x)
    back = shlo.to_stablehlo(prog)
    assert "bounds" not in back
    from release_checks import stablehlo_accepts
    stablehlo_accepts(back)
