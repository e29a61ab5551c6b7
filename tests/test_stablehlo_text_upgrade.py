"""StableHLO text printed before StableHLO's 2024 attribute changes imports
(shlo.importers.stablehlo_text_upgrade).

Each program is written once with `<<i64: 1, 2>>` / `<<i1: true>>` for an attribute value that
changed form, and expanded twice: the old form (`dense<[1, 2]> : tensor<2xi64>`, a splat where
all values are equal, as MLIR printed it) and today's (`array<i64: 1, 2>`). jaxlib refuses the
old text; shlo imports it to the same program as today's text, and both interpret to the same
values.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo import jaxlib_context
from shlo.importers.stablehlo_text_upgrade import ARRAY_ATTRIBUTES, upgrade_text

RNG = np.random.default_rng(5)
_VALUE = re.compile(r"<<(i64|i1):\s*([^>]*)>>")


def _f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _old(m: re.Match) -> str:
    words = [w.strip() for w in m[2].split(",") if w.strip()]
    body = words[0] if words and len(set(words)) == 1 else (f"[{', '.join(words)}]" if words else "")
    return f"dense<{body}> : tensor<{len(words)}x{m[1]}>"


def _new(m: re.Match) -> str:
    words = [w.strip() for w in m[2].split(",") if w.strip()]
    return f"array<{m[1]}: {', '.join(words)}>" if words else f"array<{m[1]}>"


def _module(sig, body, ret):
    return f"func.func @main({sig}) -> {ret} {{\n{body}\n}}"


def _max_body(name="stablehlo.maximum"):
    return f"""^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = {name} %x, %y : tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()"""


A46 = "%a: tensor<4x6xf32>"
CASES = {
    "slice": (_module(A46, """
  %0 = "stablehlo.slice"(%a) {limit_indices = <<i64: 3, 6>>, start_indices = <<i64: 1, 2>>, strides = <<i64: 1, 2>>} : (tensor<4x6xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>""", "tensor<2x2xf32>"), [_f32(4, 6)]),
    "dynamic_slice": (_module(A46 + ", %i: tensor<i32>, %j: tensor<i32>", """
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = <<i64: 2, 3>>} : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(4, 6), np.int32(1), np.int32(2)]),
    "gather": (_module(A46 + ", %i: tensor<3x1xi32>", """
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = <<i64: 1, 6>>} : (tensor<4x6xf32>, tensor<3x1xi32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>""", "tensor<3x6xf32>"), [_f32(4, 6), np.array([[2], [0], [3]], np.int32)]),
    "broadcast_in_dim": (_module("%a: tensor<3xf32>", """
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = <<i64: 1>>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(3)]),
    "dynamic_broadcast_in_dim_generic": (_module("%a: tensor<3xf32>", """
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = <<i64: 1>>, known_expanding_dimensions = <<i64: >>, known_nonexpanding_dimensions = <<i64: 0>>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(3)]),
    "dynamic_broadcast_in_dim_pretty": (_module("%a: tensor<3xf32>", """
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] {known_expanding_dimensions = <<i64: >>, known_nonexpanding_dimensions = <<i64: 0>>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(3)]),
    "broadcast": (_module("%a: tensor<3xf32>", """
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = <<i64: 2, 5>>} : (tensor<3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>""", "tensor<2x5x3xf32>"), [_f32(3)]),
    "transpose": (_module(A46, """
  %0 = "stablehlo.transpose"(%a) {permutation = <<i64: 1, 0>>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>""", "tensor<6x4xf32>"), [_f32(4, 6)]),
    "reverse": (_module(A46, """
  %0 = "stablehlo.reverse"(%a) {dimensions = <<i64: 0, 1>>} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>""", "tensor<4x6xf32>"), [_f32(4, 6)]),
    "reduce": (_module(A46, f"""
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce"(%a, %init) ({{
  {_max_body()}
  }}) {{dimensions = <<i64: 1>>}} : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>""", "tensor<4xf32>"), [_f32(4, 6)]),
    "pad": (_module(A46, """
  %v = stablehlo.constant dense<7.0> : tensor<f32>
  %0 = "stablehlo.pad"(%a, %v) {edge_padding_high = <<i64: 1, 0>>, edge_padding_low = <<i64: 0, 2>>, interior_padding = <<i64: 1, 1>>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<8x13xf32>
  return %0 : tensor<8x13xf32>""", "tensor<8x13xf32>"), [_f32(4, 6)]),
    "reduce_window": (_module(A46, f"""
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %init) ({{
  {_max_body()}
  }}) {{base_dilations = <<i64: 2, 1>>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dilations = <<i64: 1, 2>>, window_dimensions = <<i64: 2, 2>>, window_strides = <<i64: 2, 1>>}} : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>""", "tensor<3x6xf32>"), [_f32(4, 6)]),
    "select_and_scatter": (_module(A46 + ", %s: tensor<2x2xf32>", """
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%a, %s, %init) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    "stablehlo.return"(%t) : (tensor<f32>) -> ()
  }) {padding = dense<0> : tensor<2x2xi64>, window_dimensions = <<i64: 2, 3>>, window_strides = <<i64: 2, 3>>} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>""", "tensor<4x6xf32>"), [_f32(4, 6), _f32(2, 2)]),
    "convolution": (_module("%a: tensor<1x5x5x2xf32>, %k: tensor<2x2x2x3xf32>", """
  %0 = "stablehlo.convolution"(%a, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = <<i64: 1, 2>>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = <<i64: 2, 1>>, window_reversal = <<i1: false, true>>, window_strides = <<i64: 1, 2>>} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x5x4x3xf32>
  return %0 : tensor<1x5x4x3xf32>""", "tensor<1x5x4x3xf32>"), [_f32(1, 5, 5, 2), _f32(2, 2, 2, 3)]),
    "convolution_splat_reversal": (_module("%a: tensor<1x5x5x2xf32>, %k: tensor<2x2x2x3xf32>", """
  %0 = "stablehlo.convolution"(%a, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = <<i64: 1, 1>>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = <<i64: 1, 1>>, window_reversal = <<i1: false, false>>, window_strides = <<i64: 1, 1>>} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>""", "tensor<1x4x4x3xf32>"), [_f32(1, 5, 5, 2), _f32(2, 2, 2, 3)]),
    "dynamic_conv": (_module("%a: tensor<1x5x5x2xf32>, %k: tensor<2x2x2x3xf32>", """
  %p = stablehlo.constant dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%a, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = <<i64: 1, 1>>, rhs_dilation = <<i64: 1, 2>>, window_reversal = <<i1: true, false>>, window_strides = <<i64: 2, 1>>} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>, tensor<2x2xi64>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>""", "tensor<1x3x3x3xf32>"), [_f32(1, 5, 5, 2), _f32(2, 2, 2, 3)]),
    "fft": (_module("%a: tensor<3x4xcomplex<f32>>", """
  %0 = "stablehlo.fft"(%a) {fft_length = <<i64: 4>>, fft_type = #stablehlo<fft_type FFT>} : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>""", "tensor<3x4xcomplex<f32>>"),
        [(_f32(3, 4) + 1j * _f32(3, 4)).astype(np.complex64)]),
    "rfft": (_module("%a: tensor<2x4xf32>", """
  %0 = "stablehlo.fft"(%a) {fft_length = <<i64: 2, 4>>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>""", "tensor<2x3xcomplex<f32>>"), [_f32(2, 4)]),
    "map": (_module(A46 + ", %b: tensor<4x6xf32>", f"""
  %0 = "stablehlo.map"(%a, %b) ({{
  {_max_body("stablehlo.multiply")}
  }}) {{dimensions = <<i64: 0, 1>>}} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>""", "tensor<4x6xf32>"), [_f32(4, 6), _f32(4, 6)]),
    "chlo_broadcast_add_pretty": (_module(A46 + ", %b: tensor<6xf32>", """
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = <<i64: 1>>} : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>""", "tensor<4x6xf32>"), [_f32(4, 6), _f32(6)]),
    "chlo_broadcast_compare_generic": (_module(A46 + ", %b: tensor<4xf32>", """
  %0 = "chlo.broadcast_compare"(%a, %b) {broadcast_dimensions = <<i64: 0>>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<4x6xf32>, tensor<4xf32>) -> tensor<4x6xi1>
  return %0 : tensor<4x6xi1>""", "tensor<4x6xi1>"), [_f32(4, 6), _f32(4)]),
}


def _parses_in_jaxlib(text: str) -> bool:
    from jaxlib.mlir import ir as jir
    try:
        with jaxlib_context():
            jir.Module.parse(text)
        return True
    except Exception:  # noqa: BLE001
        return False


@pytest.mark.parametrize("name", sorted(CASES))
def test_old_text_imports_as_todays(name):
    template, args = CASES[name]
    old, new = _VALUE.sub(_old, template), _VALUE.sub(_new, template)
    assert "dense<" in old and not _parses_in_jaxlib(old)      # the old form is refused as it is
    got, want = shlo.from_stablehlo(old), shlo.from_stablehlo(new)
    assert str(got) == str(want)
    for g, w in zip(shlo.interpret(got, *args), shlo.interpret(want, *args)):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def test_every_changed_attribute_has_a_case():
    written = set()
    for template, _ in CASES.values():
        for line in template.splitlines():
            named = re.search(r"(?:stablehlo|chlo)\.\w+", line)
            if "({" in line:
                region_op = named[0]                # its attributes follow the regions
            if "<<" in line:
                op = region_op if line.lstrip().startswith("})") else named[0]
                written |= {(op, attr) for attr in re.findall(r"(\w+) = <<", line)}
    assert {(op, a) for op, attrs in ARRAY_ATTRIBUTES.items() for a in attrs
            if op.startswith("stablehlo.")} <= written
    assert all(op in ARRAY_ATTRIBUTES and attr in ARRAY_ATTRIBUTES[op] for op, attr in written)


def test_values_still_dense_are_left_alone():
    template, _ = CASES["reduce_window"]
    text = upgrade_text(_VALUE.sub(_old, template))
    assert "padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>" in text
    assert "window_dimensions = array<i64: 2, 2>" in text
    collective = _module("%a: tensor<3xf32>", """
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = dense<0> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.custom_call @f(%0) {backend_config = "\\"stablehlo.slice\\"(%x) {strides = dense<1> : tensor<1xi64>}"} : (tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>""", "tensor<3xf32>")
    assert upgrade_text(collective) is None                   # other ops, strings: untouched


def test_other_forms_of_values():
    text = ('%0 = "stablehlo.transpose"(%a) {permutation = dense<"0x01000000000000000000000000000000">'
            ' : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>')
    assert "permutation = array<i64: 1, 0>" in upgrade_text(text)       # MLIR's hex form
    text = ('%0 = "stablehlo.convolution"(%a, %k) {window_reversal = dense<[1, 0]> : tensor<2xi1>}')
    assert "window_reversal = array<i1: true, false>" in upgrade_text(text)
    text = '%0 = "stablehlo.slice"(%a) {strides = dense<1> : tensor<2x1xi64>}'
    assert upgrade_text(text) is None                         # not a list: left to the parser
    text = ('%0 = "stablehlo.reverse"(%a) <{dimensions = dense<0> : tensor<1xi64>}> {\n'
            '  // dimensions = dense<7> : tensor<1xi64> (a comment: kept)\n'
            '  x = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>')
    assert upgrade_text(text) == text.replace("<{dimensions = dense<0> : tensor<1xi64>}>",
                                              "<{dimensions = array<i64: 0>}>")


def test_text_bad_in_another_way_keeps_the_parsers_error():
    template, _ = CASES["slice"]
    bad = _VALUE.sub(_old, template).replace("return %0", "return %nowhere")
    with pytest.raises(shlo.ImporterError) as e:
        shlo.from_stablehlo(bad)
    assert "limit_indices" in str(e.value) and "array<" not in str(e.value)
    bad_today = _VALUE.sub(_new, template).replace("return %0", "return %nowhere")
    with pytest.raises(shlo.ImporterError, match="undeclared SSA value"):
        shlo.from_stablehlo(bad_today)
