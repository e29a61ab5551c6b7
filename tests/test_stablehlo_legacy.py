"""Deprecated / legacy StableHLO ops imported by rewriting (shlo.importers.stablehlo_legacy), and
bugs StableHLO's own interpreter tests found.

Each legacy program is imported with shlo.from_stablehlo (which verifies), interpreted, and compared
with XLA running the original StableHLO text where XLA translates the op, else with numpy.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.control import CheckFailure

from test_jax_import import run_xla

RNG = np.random.default_rng(11)


def _f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _module(sig, body, ret):
    return f"func.func @main({sig}) -> {ret} {{\n{body}\n}}"


# name: (StableHLO text, inputs, numpy reference or None to use XLA on the original text)
CASES = {
    "dot_matmul": (_module(
        "%a: tensor<2x3xf32>, %b: tensor<3x4xf32>", """
  %0 = "stablehlo.dot"(%a, %b) {precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>""", "tensor<2x4xf32>"), [_f32(2, 3), _f32(3, 4)], None),
    "dot_matvec": (_module(
        "%a: tensor<2x3xf32>, %b: tensor<3xf32>", """
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>""", "tensor<2xf32>"), [_f32(2, 3), _f32(3)], None),
    "dot_vecvec_i32": (_module(
        "%a: tensor<3xi32>, %b: tensor<3xi32>", """
  %0 = stablehlo.dot %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<i32>""", "tensor<i32>"), [np.array([1, 2, 3], np.int32), np.array([4, -5, 6], np.int32)], None),
    "broadcast": (_module(
        "%a: tensor<3xf32>", """
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 2, 4>} : (tensor<3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>""", "tensor<2x4x3xf32>"), [_f32(3)], None),
    "cross_replica_sum": (_module(
        "%a: tensor<3xf32>", """
  %0 = "stablehlo.cross-replica-sum"(%a) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>""", "tensor<3xf32>"), [_f32(3)], None),
    "einsum_batched": (_module(
        "%a: tensor<2x3x5xf32>, %b: tensor<2x5x4xf32>", """
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "bij,bjk->kbi"} : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>""", "tensor<4x2x3xf32>"), [_f32(2, 3, 5), _f32(2, 5, 4)], None),
    "einsum_matmul": (_module(
        "%a: tensor<8x16xf32>, %b: tensor<16x8xf32>", """
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>""", "tensor<8x8xf32>"), [_f32(8, 16), _f32(16, 8)], None),
    "einsum_summed_label": (_module(
        "%a: tensor<3x4xf32>, %b: tensor<5x6xf32>", """
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ij,kl->ki"} : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>""", "tensor<5x3xf32>"), [_f32(3, 4), _f32(5, 6)], None),
    "unary_einsum_sum": (_module(
        "%a: tensor<8x16xf32>", """
  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->a"} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>""", "tensor<8xf32>"), [_f32(8, 16)], lambda a: [np.einsum("ab->a", a)]),
    "unary_einsum_transpose": (_module(
        "%a: tensor<2x3x4xi32>", """
  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = ",abc->ca"} : (tensor<2x3x4xi32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>""", "tensor<4x2xi32>"), [np.arange(24, dtype=np.int32).reshape(2, 3, 4)],
        lambda a: [np.einsum("abc->ca", a).astype(np.int32)]),
    "torch_index_select": (_module(
        "%a: tensor<5x1x5xf32>, %i: tensor<2xi32>", """
  %0 = "stablehlo.torch_index_select"(%a, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x1x5xf32>, tensor<2xi32>) -> tensor<2x1x5xf32>
  return %0 : tensor<2x1x5xf32>""", "tensor<2x1x5xf32>"), [_f32(5, 1, 5), np.array([4, 1], np.int32)], None),
    "torch_index_select_dim1_2d_index": (_module(
        "%a: tensor<3x6x2xf32>, %i: tensor<2x2xi32>", """
  %0 = "stablehlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<3x6x2xf32>, tensor<2x2xi32>) -> tensor<3x2x2x2xf32>
  return %0 : tensor<3x2x2x2xf32>""", "tensor<3x2x2x2xf32>"),
        [_f32(3, 6, 2), np.array([[5, 0], [2, 2]], np.int32)], lambda a, i: [np.take(a, i, axis=1)]),
    "torch_index_select_batch_dims": (_module(
        "%a: tensor<3x6x2xf32>, %i: tensor<3x4xi32>", """
  %0 = "stablehlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<3x6x2xf32>, tensor<3x4xi32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>""", "tensor<3x4x2xf32>"),
        [_f32(3, 6, 2), np.array([[5, 0, 1, 1], [2, 2, 3, 4], [0, 1, 2, 3]], np.int32)],
        lambda a, i: [np.stack([a[b][i[b]] for b in range(3)])]),
    "real_dynamic_slice_constant": (_module(
        "%a: tensor<4x10xf32>", """
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %l = stablehlo.constant dense<[3, 9]> : tensor<2xi64>
  %t = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %0 = "stablehlo.real_dynamic_slice"(%a, %s, %l, %t) : (tensor<4x10xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(4, 10)], lambda a: [a[1:3, 2:9:3]]),
    "real_dynamic_slice_runtime_start": (_module(
        "%a: tensor<4x10xf32>, %s: tensor<2xi32>", """
  %l = stablehlo.constant dense<[3, 9]> : tensor<2xi32>
  %t = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %0 = "stablehlo.real_dynamic_slice"(%a, %s, %l, %t) : (tensor<4x10xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"), [_f32(4, 10), np.array([1, 2], np.int32)],
        lambda a, s: [a[1:3, 2:9:3]]),
    "real_dynamic_slice_runtime_strides": (_module(
        "%a: tensor<4x10xf32>, %s: tensor<2xi32>, %t: tensor<2xi32>", """
  %l = stablehlo.constant dense<[4, 10]> : tensor<2xi32>
  %0 = "stablehlo.real_dynamic_slice"(%a, %s, %l, %t) : (tensor<4x10xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>""", "tensor<2x3xf32>"),
        [_f32(4, 10), np.array([0, 1], np.int32), np.array([2, 4], np.int32)], lambda a, s, t: [a[0:4:2, 1:10:4]]),
    "set_dimension_size_noop": (_module(
        "%a: tensor<16xf32>", """
  %s = stablehlo.constant dense<16> : tensor<i32>
  %0 = "stablehlo.set_dimension_size"(%a, %s) {dimension = 0 : i64} : (tensor<16xf32>, tensor<i32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>""", "tensor<16xf32>"), [_f32(16)], None),
    "set_dimension_size_prefix": (_module(
        "%a: tensor<2x16xf32>", """
  %s = stablehlo.constant dense<5> : tensor<i32>
  %0 = "stablehlo.set_dimension_size"(%a, %s) {dimension = 1 : i64} : (tensor<2x16xf32>, tensor<i32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>""", "tensor<2x5xf32>"), [_f32(2, 16)], lambda a: [a[:, :5]]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_legacy_op(name):
    text, args, ref = CASES[name]
    prog = shlo.from_stablehlo(text)           # imported and verified
    body = prog.text()
    assert "stablehlo" not in body
    got = shlo.interpret(prog, *args)
    want = ref(*args) if ref is not None else run_xla(text, args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == np.shape(w) and g.dtype == np.asarray(w).dtype
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
    # and the rewritten program goes back to StableHLO that XLA runs to the same values
    for g, w in zip(run_xla(shlo.to_stablehlo(prog), args), want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)


def test_create_token():
    prog = shlo.from_stablehlo(_module("", """
  %0 = "stablehlo.create_token"() : () -> !stablehlo.token
  return %0 : !stablehlo.token""", "!stablehlo.token"))
    assert "shlo.after_all" in prog.text()
    (tok,) = shlo.interpret(prog)
    assert "token" in repr(tok).lower()


@pytest.mark.parametrize("name, text, message", [
    ("set_dimension_size_runtime", _module("%a: tensor<16xf32>, %s: tensor<i32>", """
  %0 = "stablehlo.set_dimension_size"(%a, %s) {dimension = 0 : i64} : (tensor<16xf32>, tensor<i32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>""", "tensor<16xf32>"), "known only at run time"),
    ("set_dimension_size_mismatch", _module("%a: tensor<16xf32>", """
  %s = stablehlo.constant dense<5> : tensor<i32>
  %0 = "stablehlo.set_dimension_size"(%a, %s) {dimension = 0 : i64} : (tensor<16xf32>, tensor<i32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>""", "tensor<16xf32>"), "does not match the result type"),
    ("einsum_diagonal", _module("%a: tensor<3x3xf32>, %b: tensor<3xf32>", """
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ii,i->i"} : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>""", "tensor<3xf32>"), "diagonal"),
])
def test_legacy_errors(name, text, message):
    with pytest.raises(shlo.ImportError, match=message):
        shlo.from_stablehlo(text)


@pytest.mark.parametrize("element", ["i32", "index"])
def test_real_dynamic_slice_with_run_time_sizes(element):
    """A dynamic result (StableHLO's own `op_real_dynamic_slice`: tensor<?xf32> sliced by index
    tensors): the sizes are computed when the program runs, then a gather of the index grid."""
    text = _module(f"%a: tensor<?xf32>, %s: tensor<1x{element}>, %l: tensor<1x{element}>, %t: tensor<1x{element}>", f"""
  %0 = "stablehlo.real_dynamic_slice"(%a, %s, %l, %t) : (tensor<?xf32>, tensor<1x{element}>, tensor<1x{element}>, tensor<1x{element}>) -> tensor<?xf32>
  return %0 : tensor<?xf32>""", "tensor<?xf32>")
    prog = shlo.from_stablehlo(text)
    dt = np.int64 if element == "index" else np.int32
    for n, (s, lim, st) in [(10, (1, 8, 3)), (10, (0, 10, 1)), (7, (2, 2, 1)), (9, (3, 9, 2)), (5, (4, 5, 7))]:
        x = _f32(n)
        (out,) = shlo.interpret(prog, x, *[np.array([v], dt) for v in (s, lim, st)])
        np.testing.assert_array_equal(out, x[s:lim:st])
    from release_checks import stablehlo_accepts
    stablehlo_accepts(shlo.to_stablehlo(prog))


def test_real_dynamic_slice_rank2_index_operands():
    text = _module("%a: tensor<4x10xf32>, %s: tensor<2xindex>, %l: tensor<2xindex>, %t: tensor<2xindex>", """
  %0 = "stablehlo.real_dynamic_slice"(%a, %s, %l, %t) : (tensor<4x10xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>""", "tensor<?x?xf32>")
    prog = shlo.from_stablehlo(text)
    x = _f32(4, 10)
    (out,) = shlo.interpret(prog, x, np.array([1, 2]), np.array([4, 9]), np.array([2, 3]))
    np.testing.assert_array_equal(out, x[1:4:2, 2:9:3])


# ---------------------------------------------------------------------------- bugs from StableHLO's interpreter tests

def test_complex_constant_with_hex_parts():
    prog = shlo.from_stablehlo(_module("", """
  %0 = stablehlo.constant dense<(0x7FC00000,0.000000e+00)> : tensor<complex<f32>>
  %1 = stablehlo.constant dense<[(0x3F800000,0xC0000000), (1.5,0x7F800000)]> : tensor<2xcomplex<f32>>
  %2 = stablehlo.constant dense<(0x3FF0000000000000,-2.5)> : tensor<complex<f64>>
  %3 = stablehlo.constant dense<"0x0000803F000000C00000C03F0000807F"> : tensor<2xcomplex<f32>>
  %4 = stablehlo.constant dense<[(1.8507030072502752E-15,2.0), (3.0,-1.0E+2)]> : tensor<2xcomplex<f64>>
  return %0, %1, %2, %3, %4 : tensor<complex<f32>>, tensor<2xcomplex<f32>>, tensor<complex<f64>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>""",
        "(tensor<complex<f32>>, tensor<2xcomplex<f32>>, tensor<complex<f64>>, tensor<2xcomplex<f32>>, "
        "tensor<2xcomplex<f64>>)"))
    # %3 (a hex blob) aborted the process: jaxlib's bindings cannot hand a complex dense
    # attribute to Python; %4 (MLIR's capital E) did not evaluate
    a, b, c, d, e = shlo.interpret(prog)
    assert a.dtype == np.complex64 and np.isnan(a.real) and a.imag == 0
    np.testing.assert_array_equal(b, np.array([1 - 2j, complex(1.5, np.inf)], np.complex64))
    assert c.dtype == np.complex128 and c == 1 - 2.5j
    np.testing.assert_array_equal(d, b)
    np.testing.assert_array_equal(e, np.array([1.8507030072502752e-15 + 2j, 3 - 100j]))


def test_func_ending_in_stablehlo_return():
    # jax writes lax.approx_max_k's comparator as a func.func ending in stablehlo.return
    prog = shlo.from_stablehlo("""
func.func @cmp(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  stablehlo.return %0 : tensor<i1>
}
func.func @main(%x: tensor<f32>) -> tensor<i1> {
  %0 = call @cmp(%x, %x) : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}""")
    assert shlo.interpret(prog, np.float32(1))[0] == np.bool_(False)


_TESTDATA = """
module @jit_testcase {{
  func.func public @main() -> {ret} {{
    %0 = call @inputs() : () -> {t}
    %1 = call @expected() : () -> {t}
    %2 = {op}
    {check}
  }}
  func.func private @inputs() -> {t} {{
    %0 = stablehlo.constant dense<{x}> : {t}
    return %0 : {t}
  }}
  func.func private @expected() -> {t} {{
    %0 = stablehlo.constant dense<{want}> : {t}
    return %0 : {t}
  }}
}}"""
_OLD = "%3 = stablehlo.custom_call @check.eq(%2, %1) : ({t}, {t}) -> tensor<i1>\n    return %3 : tensor<i1>"
_NEW = "stablehlo.custom_call @check.{name}(%2, %1) {{has_side_effect = true}} : ({t}, {t}) -> ()\n    return %2 : {t}"
_GENERIC = ('"stablehlo.custom_call"(%2, %1) <{{call_target_name = "check.{name}", has_side_effect = true}}> : '
            '({t}, {t}) -> ()\n    return %2 : {t}')
_DIALECT = "check.{name} %2, %1{extra} : {t}{t2}\n    return %2 : {t}"


@pytest.mark.parametrize("form, name, t, x, want, passes", [
    # StableHLO's first testdata programs: check.eq returns tensor<i1>, 1e-4 absolute on floats
    ("old", "eq", "tensor<2xf32>", "[-1.5, 2.0]", "[1.50009, 2.0]", True),
    ("old", "eq", "tensor<2xf32>", "[-1.5, 2.0]", "[1.5002, 2.0]", False),
    ("old", "eq", "tensor<2xi32>", "[-3, 4]", "[3, 4]", True),
    ("old", "eq", "tensor<2xi32>", "[-3, 4]", "[3, 5]", False),
    # expect_close: 3 ulp (StableHLO's reading of the custom call): one bf16 ulp apart passes
    ("new", "expect_close", "tensor<2xbf16>", "[-1.5, 2.0]", "[1.5078125, 2.0]", True),
    ("new", "expect_close", "tensor<2xbf16>", "[-1.5, 2.0]", "[1.53125, 2.0]", False),
    ("new", "expect_close", "tensor<2xcomplex<f32>>", "[(1.0,0.0), (0x7FC00000,0.0)]",
     "[(1.0,0.0), (0x7FC00000,0.0)]", True),
    ("new", "expect_close", "tensor<2xf64>", "[-1.5, 0x7FF0000000000000]", "[1.5, 0x7FF0000000000000]", True),
    ("new", "expect_close", "tensor<2xf64>", "[-1.5, 0x7FF0000000000000]", "[1.5, 0x7FEFFFFFFFFFFFFF]", False),
    ("new", "expect_almost_eq", "tensor<2xf32>", "[-1.5, 2.0]", "[1.5009, 2.0]", True),
    ("new", "expect_almost_eq", "tensor<2xf32>", "[-1.5, 2.0]", "[1.502, 2.0]", False),
    ("new", "expect_eq", "tensor<2xui8>", "[1, 2]", "[1, 2]", True),
    ("generic", "expect_close", "tensor<2xf16>", "[-1.5, 2.0]", "[1.5, 2.002]", True),
    ("generic", "expect_eq", "tensor<2xi1>", "[true, false]", "[true, true]", False),
    # the check dialect's own ops (stablehlo/tests/CheckOps.td), pretty
    ("dialect", "expect_close", "tensor<2xf32>", "[-1.5, 2.0]", "[1.5000001, 2.0]", True),
    ("dialect", "expect_close", "tensor<2xf32>", "[-1.5, 2.0]", "[1.5000004, 2.0]", False),
    ("dialect", "expect_almost_eq", "tensor<2xf32>", "[-1.5, 2.0]", "[1.50009, 2.0]", True),
    ("dialect", "expect_eq", "tensor<2xi32>", "[-1, 2]", "[1, 2]", True),
    ("dialect", "expect_eq_const", "tensor<2xi32>", "[-1, 2]", "[1, 3]", False),
    ("dialect", "expect_almost_eq_const", "tensor<2xf32>", "[-1.5, 2.0]", "[1.5, 2.0001]", True),
])
def test_testdata_check_forms(form, name, t, x, want, passes):
    """StableHLO's interpreter test programs, each way they write the check of the result."""
    if form == "old":
        check = _OLD.format(t=t)
        ret = "tensor<i1>"
    elif form == "dialect" and name.endswith("_const"):
        check = f"check.{name} %2, dense<{want}> : {t}\n    return %2 : {t}"
        ret = t
    else:
        pattern = {"new": _NEW, "generic": _GENERIC, "dialect": _DIALECT}[form]
        extra = ", max_ulp_difference = 1" if name == "expect_close" else ""
        check = pattern.format(name=name, t=t, extra=extra, t2=f", {t}" if name == "expect_close" else "")
        ret = t
    op = f"stablehlo.abs %0 : {t}" if t[-4:-1] in ("f16", "f32", "f64", "i32") and "complex" not in t \
        else f"stablehlo.reshape %0 : ({t}) -> {t}"
    prog = shlo.from_stablehlo(_TESTDATA.format(ret=ret, t=t, x=x, want=want, check=check, op=op))
    if passes:
        (out,) = shlo.interpret(prog)
        if form == "old":
            assert out.dtype == np.bool_ and out
    else:
        with pytest.raises(CheckFailure, match=f"check.{name}"):
            shlo.interpret(prog)


def test_reduce_precision_rank0_keeps_shape():
    prog = shlo.from_stablehlo(_module("%a: tensor<f32>", """
  %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<f32>
  return %0 : tensor<f32>""", "tensor<f32>"))
    (out,) = shlo.interpret(prog, np.float32(1.1))
    assert out.shape == () and out == np.float32(np.float16(1.1))


def test_next_after_bf16():
    bf16 = ml_dtypes.bfloat16
    prog = shlo.from_stablehlo(_module("%a: tensor<4xbf16>, %b: tensor<4xbf16>", """
  %0 = chlo.next_after %a, %b : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>""", "tensor<4xbf16>"))
    a, b = np.array([1, 0, -1, 2], bf16), np.array([2, -1, 0, 2], bf16)
    (out,) = shlo.interpret(prog, a, b)
    want = np.array([1.0078125, -float(ml_dtypes.finfo(bf16).smallest_subnormal), -0.99609375, 2], bf16)
    np.testing.assert_array_equal(out.view(np.uint16), want.view(np.uint16))


def test_check_op_with_a_complex_expected_constant():
    """A complex dense value inside a custom call's dictionary (check.expect_almost_eq_const's
    expected values) is read, not handed to the bindings (which ended the process)."""
    template = '''func.func @fft() {
      %x = stablehlo.constant dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
      %r = "stablehlo.fft"(%x) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
      check.expect_almost_eq_const %r, dense<[(1.0, 0.0), (1.0, 0.0), (1.0, IM), (1.0, 0.0)]> : tensor<4xcomplex<f32>>
      func.return
    }'''
    shlo.interpret(shlo.from_stablehlo(template.replace("IM", "0.0")), entry="fft")
    with pytest.raises(shlo.ShloError, match="1 of 4 elements differ"):
        shlo.interpret(shlo.from_stablehlo(template.replace("IM", "1.0")), entry="fft")
