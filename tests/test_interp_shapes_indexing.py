"""Interpreter: shape ops (shapes.py) and indexing/window ops (indexing.py).

Expected values are computed independently with numpy (np.pad, np.take,
np.add.at, sliding windows, explicit loops over the spec's formulas).
"""
import itertools

import numpy as np
import pytest

import shlo
from shlo.interpreter import interpret

RNG = np.random.default_rng(1234)


def run(text, *inputs):
    return interpret(shlo.parse(text), *inputs)


def ty(shape, el):
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + el + ">"


def arr(values):
    return "array<i64" + (": " + ", ".join(str(int(v)) for v in values) if len(values) else "") + ">"


# ----------------------------------------------------------------- shapes


def test_broadcast_in_dim_permutes_and_expands():
    x = RNG.integers(-9, 9, (3, 1)).astype(np.int32)
    (out,) = run(f"""
    func.func @main(%x: tensor<3x1xi32>) -> tensor<4x2x3xi32> {{
      %0 = "shlo.broadcast_in_dim"(%x) {{broadcast_dimensions = array<i64: 2, 1>}} : (tensor<3x1xi32>) -> tensor<4x2x3xi32>
      func.return %0 : tensor<4x2x3xi32>
    }}""", x)
    expected = np.broadcast_to(x.T[None, :, :], (4, 2, 3))
    assert out.dtype == np.int32
    np.testing.assert_array_equal(out, expected)


def _pad_reference(x, pv, lo, hi, interior):
    """Per-element formula: operand element o lands at lo + o * (in + 1) when inside the result."""
    shape = [l + h + n + max(n - 1, 0) * i for n, l, h, i in zip(x.shape, lo, hi, interior)]
    out = np.full(shape, pv, dtype=x.dtype)
    for o in itertools.product(*(range(n) for n in x.shape)):
        r = tuple(l + k * (i + 1) for k, l, i in zip(o, lo, interior))
        if all(0 <= v < s for v, s in zip(r, shape)):
            out[r] = x[o]
    return out


@pytest.mark.parametrize("lo,hi,interior", [
    ([1, 2], [0, 3], [0, 0]),
    ([-1, 0], [2, -2], [1, 2]),
    ([-3, -4], [-1, 1], [2, 1]),
    ([0, -7], [0, 0], [0, 2]),
])
def test_pad_negative_and_interior(lo, hi, interior):
    x = RNG.normal(size=(3, 4)).astype(np.float32)
    expected = _pad_reference(x, np.float32(-2.5), lo, hi, interior)
    rshape = expected.shape
    (out,) = run(f"""
    func.func @main(%x: tensor<3x4xf32>, %p: tensor<f32>) -> {ty(rshape, 'f32')} {{
      %0 = "shlo.pad"(%x, %p) {{edge_padding_low = {arr(lo)}, edge_padding_high = {arr(hi)}, interior_padding = {arr(interior)}}} : (tensor<3x4xf32>, tensor<f32>) -> {ty(rshape, 'f32')}
      func.return %0 : {ty(rshape, 'f32')}
    }}""", x, np.float32(-2.5))
    np.testing.assert_array_equal(out, expected)
    if interior == [0, 0]:
        np.testing.assert_array_equal(out, np.pad(x, list(zip(lo, hi)), constant_values=-2.5))


def test_dynamic_pad_on_dynamic_operand():
    x = np.arange(10, dtype=np.int16).reshape(2, 5)
    lo, hi, interior = [1, -2], [-1, 3], [2, 1]
    expected = _pad_reference(x, np.int16(7), lo, hi, interior)
    (out,) = run("""
    func.func @main(%x: tensor<?x?xi16>, %p: tensor<i16>, %lo: tensor<2xi32>, %hi: tensor<2xi32>, %in: tensor<2xi32>) -> tensor<?x?xi16> {
      %0 = "shlo.dynamic_pad"(%x, %p, %lo, %hi, %in) : (tensor<?x?xi16>, tensor<i16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xi16>
      func.return %0 : tensor<?x?xi16>
    }""", x, np.int16(7), np.array(lo, np.int32), np.array(hi, np.int32), np.array(interior, np.int32))
    assert out.dtype == np.int16
    np.testing.assert_array_equal(out, expected)


def test_pad_negative_result_size_fails():
    with pytest.raises(shlo.ShloError):
        run("""
        func.func @main(%x: tensor<?xf32>, %p: tensor<f32>) -> tensor<?xf32> {
          %0 = "shlo.pad"(%x, %p) {edge_padding_low = array<i64: -2>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
          func.return %0 : tensor<?xf32>
        }""", np.ones(1, np.float32), np.float32(0))


def test_iota_element_types():
    outs = run("""
    func.func @main() -> (tensor<300xi8>, tensor<2x3xf16>, tensor<3x2xcomplex<f64>>, tensor<20xui4>) {
      %0 = "shlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<300xi8>
      %1 = "shlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf16>
      %2 = "shlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<3x2xcomplex<f64>>
      %3 = "shlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<20xui4>
      func.return %0, %1, %2, %3 : tensor<300xi8>, tensor<2x3xf16>, tensor<3x2xcomplex<f64>>, tensor<20xui4>
    }""")
    np.testing.assert_array_equal(outs[0], np.arange(300).astype(np.int8))   # wraps around
    assert outs[0].dtype == np.int8
    np.testing.assert_array_equal(outs[1], np.tile(np.arange(3, dtype=np.float16), (2, 1)))
    assert outs[1].dtype == np.float16
    np.testing.assert_array_equal(outs[2], np.repeat(np.arange(3), 2).reshape(3, 2).astype(np.complex128))
    assert outs[2].dtype == np.complex128
    np.testing.assert_array_equal(outs[3].astype(np.int64), np.arange(20) % 16)


def test_dynamic_iota_and_broadcast_and_reshape():
    outs = run("""
    func.func @main(%s: tensor<2xi64>, %x: tensor<?xf32>, %t: tensor<3xi32>) -> (tensor<?x?xi32>, tensor<?x?x?xf32>, tensor<?x?xf32>) {
      %0 = "shlo.dynamic_iota"(%s) {iota_dimension = 0 : i64} : (tensor<2xi64>) -> tensor<?x?xi32>
      %1 = "shlo.dynamic_broadcast_in_dim"(%x, %t) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
      %2 = "shlo.dynamic_reshape"(%1, %s) : (tensor<?x?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
      func.return %0, %1, %2 : tensor<?x?xi32>, tensor<?x?x?xf32>, tensor<?x?xf32>
    }""", np.array([3, 8], np.int64), np.arange(4, dtype=np.float32), np.array([2, 4, 3], np.int32))
    np.testing.assert_array_equal(outs[0], np.broadcast_to(np.arange(3, dtype=np.int32)[:, None], (3, 8)))
    bc = np.broadcast_to(np.arange(4, dtype=np.float32)[None, :, None], (2, 4, 3))
    np.testing.assert_array_equal(outs[1], bc)
    np.testing.assert_array_equal(outs[2], bc.reshape(3, 8))


def test_static_shape_ops_match_numpy():
    x = RNG.integers(0, 100, (2, 3, 4)).astype(np.int64)
    y = RNG.integers(0, 100, (2, 1, 4)).astype(np.int64)
    outs = run("""
    func.func @main(%x: tensor<2x3x4xi64>, %y: tensor<?x1x4xi64>) -> (tensor<4x6xi64>, tensor<4x2x3xi64>, tensor<2x3x4xi64>, tensor<1x2x2xi64>, tensor<2x4x4xi64>) {
      %0 = "shlo.reshape"(%x) : (tensor<2x3x4xi64>) -> tensor<4x6xi64>
      %1 = "shlo.transpose"(%x) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xi64>) -> tensor<4x2x3xi64>
      %2 = "shlo.reverse"(%x) {dimensions = array<i64: 0, 2>} : (tensor<2x3x4xi64>) -> tensor<2x3x4xi64>
      %3 = "shlo.slice"(%x) {start_indices = array<i64: 1, 0, 1>, limit_indices = array<i64: 2, 3, 4>, strides = array<i64: 1, 2, 2>} : (tensor<2x3x4xi64>) -> tensor<1x2x2xi64>
      %4 = "shlo.concatenate"(%x, %y) {dimension = 1 : i64} : (tensor<2x3x4xi64>, tensor<?x1x4xi64>) -> tensor<2x4x4xi64>
      func.return %0, %1, %2, %3, %4 : tensor<4x6xi64>, tensor<4x2x3xi64>, tensor<2x3x4xi64>, tensor<1x2x2xi64>, tensor<2x4x4xi64>
    }""", x, y)
    np.testing.assert_array_equal(outs[0], x.reshape(4, 6))
    np.testing.assert_array_equal(outs[1], np.transpose(x, (2, 0, 1)))
    np.testing.assert_array_equal(outs[2], x[::-1, :, ::-1])
    np.testing.assert_array_equal(outs[3], x[1:2, 0:3:2, 1:4:2])
    np.testing.assert_array_equal(outs[4], np.concatenate([x, y], axis=1))


DYN_SLICE = """
func.func @main(%x: tensor<?x?xf32>, %i: tensor<i64>, %j: tensor<i64>) -> (tensor<2x3xf32>, tensor<?x?xf32>, tensor<i32>, tensor<i32>) {
  %0 = "shlo.dynamic_slice"(%x, %i, %j) {slice_sizes = array<i64: 2, 3>} : (tensor<?x?xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  %1 = "shlo.dynamic_update_slice"(%x, %0, %j, %i) : (tensor<?x?xf32>, tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<?x?xf32>
  %2 = "shlo.get_dimension_size"(%x) {dimension = 0 : i64} : (tensor<?x?xf32>) -> tensor<i32>
  %3 = "shlo.get_dimension_size"(%1) {dimension = 1 : i64} : (tensor<?x?xf32>) -> tensor<i32>
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<?x?xf32>, tensor<i32>, tensor<i32>
}
"""


@pytest.mark.parametrize("i,j", [(0, 0), (2, 1), (-5, 3), (9, -1), (1, 100)])
def test_dynamic_slice_and_update_slice_clamp(i, j):
    x = RNG.normal(size=(5, 6)).astype(np.float32)
    sl, upd, rows, cols = run(DYN_SLICE, x, np.int64(i), np.int64(j))
    ci, cj = np.clip(i, 0, 5 - 2), np.clip(j, 0, 6 - 3)
    np.testing.assert_array_equal(sl, x[ci:ci + 2, cj:cj + 3])
    # update at (j, i): clamped into [0, 5-2] x [0, 6-3]
    uj, ui = np.clip(j, 0, 3), np.clip(i, 0, 3)
    expected = x.copy()
    expected[uj:uj + 2, ui:ui + 3] = x[ci:ci + 2, cj:cj + 3]
    np.testing.assert_array_equal(upd, expected)
    assert rows.dtype == np.int32 and int(rows) == 5 and int(cols) == 6


def test_dynamic_slice_unsigned_start_is_non_negative():
    (out,) = run("""
    func.func @main(%x: tensor<6xi32>, %i: tensor<ui8>) -> tensor<2xi32> {
      %0 = "shlo.dynamic_slice"(%x, %i) {slice_sizes = array<i64: 2>} : (tensor<6xi32>, tensor<ui8>) -> tensor<2xi32>
      func.return %0 : tensor<2xi32>
    }""", np.arange(6, dtype=np.int32), np.uint8(250))
    np.testing.assert_array_equal(out, [4, 5])


# ----------------------------------------------------------------- gather


def gather_text(xshape, ishape, rshape, el, offset_dims, collapsed, obatch, ibatch, sim, ivd, sizes, itype="i64"):
    lst = lambda v: "[" + ", ".join(map(str, v)) + "]"  # noqa: E731
    return f"""
    func.func @main(%x: {ty(xshape, el)}, %i: {ty(ishape, itype)}) -> {ty(rshape, el)} {{
      %0 = "shlo.gather"(%x, %i) {{dimension_numbers = #shlo.gather<offset_dims = {lst(offset_dims)}, collapsed_slice_dims = {lst(collapsed)}, operand_batching_dims = {lst(obatch)}, start_indices_batching_dims = {lst(ibatch)}, start_index_map = {lst(sim)}, index_vector_dim = {ivd}>, slice_sizes = {arr(sizes)}}} : ({ty(xshape, el)}, {ty(ishape, itype)}) -> {ty(rshape, el)}
      func.return %0 : {ty(rshape, el)}
    }}"""


def test_gather_rows_is_take():
    x = RNG.normal(size=(5, 3)).astype(np.float64)
    idx = np.array([[4], [0], [4], [2]], np.int64)
    (out,) = run(gather_text((5, 3), (4, 1), (4, 3), "f64", [1], [0], [], [], [0], 1, [1, 3]), x, idx)
    np.testing.assert_array_equal(out, np.take(x, idx[:, 0], axis=0))


def test_gather_implicit_index_vector_dim():
    x = RNG.normal(size=(3, 7)).astype(np.float32)
    idx = np.array([[6, 0], [3, 1]], np.int32)   # index_vector_dim == rank: each element is an index
    (out,) = run(gather_text((3, 7), (2, 2), (3, 2, 2), "f32", [0], [1], [], [], [1], 2, [3, 1], "i32"), x, idx)
    np.testing.assert_array_equal(out, np.moveaxis(np.take(x, idx, axis=1), 0, 0))


def test_gather_batch_of_clamped_slices():
    x = np.arange(6 * 7, dtype=np.int32).reshape(6, 7)
    idx = np.array([[[0, 0], [5, 6]], [[-3, 2], [2, 100]], [[3, 3], [4, -1]]], np.int64)  # batch 3x2
    sizes = [2, 3]
    (out,) = run(gather_text((6, 7), (3, 2, 2), (3, 2, 2, 3), "i32", [2, 3], [], [], [], [1, 0], 2, sizes),
                 x, idx)
    for b0, b1 in itertools.product(range(3), range(2)):
        c = idx[b0, b1, 0]   # start along operand dim 1 (start_index_map = [1, 0])
        r = idx[b0, b1, 1]   # start along operand dim 0
        r = min(max(r, 0), 6 - 2)
        c = min(max(c, 0), 7 - 3)
        np.testing.assert_array_equal(out[b0, b1], x[r:r + 2, c:c + 3])


def test_gather_offset_dims_in_front():
    x = np.arange(4 * 5, dtype=np.float32).reshape(4, 5)
    idx = np.array([[1, 2], [3, 0], [0, 4]], np.int64)
    # offset dims first: result[o0, o1, b]
    (out,) = run(gather_text((4, 5), (3, 2), (2, 2, 3), "f32", [0, 1], [], [], [], [0, 1], 1, [2, 2]), x, idx)
    for b in range(3):
        r = min(max(idx[b, 0], 0), 2)
        c = min(max(idx[b, 1], 0), 3)
        np.testing.assert_array_equal(out[:, :, b], x[r:r + 2, c:c + 2])


def test_gather_with_batching_dims_is_take_along_axis():
    x = RNG.normal(size=(3, 5, 2)).astype(np.float32)
    idx = RNG.integers(0, 5, (4, 3)).astype(np.int32)   # batching dim of indices is dim 1
    (out,) = run(gather_text((3, 5, 2), (4, 3), (4, 3, 2), "f32", [2], [1], [0], [1], [1], 2, [1, 1, 2], "i32"),
                 x, idx)
    expected = np.stack([x[b][idx[:, b]] for b in range(3)], axis=1)   # (4, 3, 2)
    np.testing.assert_array_equal(out, expected)


def test_dynamic_gather_with_dynamic_batch():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    idx = np.array([[2, 3], [0, -1], [1, 1]], np.int64)
    (out,) = run("""
    func.func @main(%x: tensor<3x4xi32>, %i: tensor<?x2xi64>, %s: tensor<2xi32>) -> tensor<?x2x2xi32> {
      %0 = "shlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<3x4xi32>, tensor<?x2xi64>, tensor<2xi32>) -> tensor<?x2x2xi32>
      func.return %0 : tensor<?x2x2xi32>
    }""", x, idx, np.array([2, 2], np.int32))
    expected = np.stack([x[min(max(r, 0), 1):][:2, min(max(c, 0), 2):][:, :2] for r, c in idx])
    np.testing.assert_array_equal(out, expected)


# ----------------------------------------------------------------- scatter

SCATTER_ADD = """
func.func @main(%x: tensor<6x2xf32>, %i: tensor<7x1xi32>, %u: tensor<7x2xf32>) -> tensor<6x2xf32> {
  %0 = "shlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "shlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<6x2xf32>, tensor<7x1xi32>, tensor<7x2xf32>) -> tensor<6x2xf32>
  func.return %0 : tensor<6x2xf32>
}
"""


def test_scatter_add_with_duplicate_indices_is_add_at():
    x = RNG.integers(-5, 5, (6, 2)).astype(np.float32)
    idx = np.array([[1], [3], [1], [5], [1], [-1], [6]], np.int32)   # -1 and 6 are out of bounds: ignored
    u = RNG.integers(-5, 5, (7, 2)).astype(np.float32)
    (out,) = run(SCATTER_ADD, x, idx, u)
    expected = x.copy()
    keep = (idx[:, 0] >= 0) & (idx[:, 0] < 6)
    np.add.at(expected, idx[keep, 0], u[keep])
    np.testing.assert_array_equal(out, expected)
    np.testing.assert_array_equal(x, x.copy())   # input not modified


def test_scatter_variadic_and_replace_order():
    x = np.zeros(4, np.int32)
    y = np.ones(4, np.float32)
    idx = np.array([2, 0, 2, 3], np.int64)        # index_vector_dim == rank(indices)
    u = np.array([10, 20, 30, 40], np.int32)
    v = np.array([0.5, 0.25, 2.0, 4.0], np.float32)
    a, b = run("""
    func.func @main(%x: tensor<4xi32>, %y: tensor<4xf32>, %i: tensor<4xi64>, %u: tensor<4xi32>, %v: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
      %0:2 = "shlo.scatter"(%x, %y, %i, %u, %v) ({
      ^bb0(%a0: tensor<i32>, %a1: tensor<f32>, %b0: tensor<i32>, %b1: tensor<f32>):
        %m = "shlo.multiply"(%a1, %b1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "shlo.return"(%b0, %m) : (tensor<i32>, tensor<f32>) -> ()
      }) {operandSegmentSizes = array<i32: 2, 1, 2>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi32>, tensor<4xf32>, tensor<4xi64>, tensor<4xi32>, tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>)
      func.return %0#0, %0#1 : tensor<4xi32>, tensor<4xf32>
    }""", x, y, idx, u, v)
    expected_a = x.copy()
    expected_b = y.copy()
    for k in range(4):          # in order of the update index
        expected_a[idx[k]] = u[k]
        expected_b[idx[k]] *= v[k]
    np.testing.assert_array_equal(a, expected_a)
    np.testing.assert_array_equal(b, expected_b)


def test_scatter_2d_windows_partially_out_of_bounds():
    x = np.zeros((4, 5), np.int32)
    idx = np.array([[0, 0], [3, 4], [1, 2]], np.int32)
    u = np.arange(1, 3 * 2 * 2 + 1, dtype=np.int32).reshape(3, 2, 2)
    (out,) = run("""
    func.func @main(%x: tensor<4x5xi32>, %i: tensor<3x2xi32>, %u: tensor<3x2x2xi32>) -> tensor<4x5xi32> {
      %0 = "shlo.scatter"(%x, %i, %u) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = "shlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        "shlo.return"(%s) : (tensor<i32>) -> ()
      }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<4x5xi32>, tensor<3x2xi32>, tensor<3x2x2xi32>) -> tensor<4x5xi32>
      func.return %0 : tensor<4x5xi32>
    }""", x, idx, u)
    expected = x.copy()
    for b in range(3):
        for w0, w1 in itertools.product(range(2), range(2)):
            t0, t1 = idx[b, 0] + w0, idx[b, 1] + w1
            if 0 <= t0 < 4 and 0 <= t1 < 5:     # element-wise bounds check, no clamping
                expected[t0, t1] += u[b, w0, w1]
    np.testing.assert_array_equal(out, expected)


def test_scatter_with_batching_dims():
    x = np.zeros((3, 4), np.float32)
    idx = np.array([[1, 3, 3], [0, 0, 2]], np.int64)     # scatter batching dim of indices is dim 1
    u = np.arange(6, dtype=np.float32).reshape(2, 3) + 1
    (out,) = run("""
    func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<3x4xf32> {
      %0 = "shlo.scatter"(%x, %i, %u) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = "shlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "shlo.return"(%s) : (tensor<f32>) -> ()
      }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<3x4xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<3x4xf32>
      func.return %0 : tensor<3x4xf32>
    }""", x, idx, u)
    expected = x.copy()
    for k in range(2):
        np.add.at(expected, (np.arange(3), idx[k]), u[k])
    np.testing.assert_array_equal(out, expected)


# ----------------------------------------------------------------- windows


def test_reduce_window_max_pool_with_strides_and_padding():
    x = RNG.normal(size=(5, 6)).astype(np.float32)
    ninf = np.float32(-np.inf)
    (out,) = run("""
    func.func @main(%x: tensor<5x6xf32>, %z: tensor<f32>) -> tensor<3x3xf32> {
      %0 = "shlo.reduce_window"(%x, %z) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %m = "shlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "shlo.return"(%m) : (tensor<f32>) -> ()
      }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<5x6xf32>, tensor<f32>) -> tensor<3x3xf32>
      func.return %0 : tensor<3x3xf32>
    }""", x, ninf)
    padded = np.pad(x, ((1, 1), (1, 0)), constant_values=-np.inf)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3))[::2, ::2]
    np.testing.assert_array_equal(out, windows.max(axis=(2, 3)))


def test_reduce_window_sum_with_dilations_and_init():
    x = np.arange(1, 8, dtype=np.int64)           # 7 elements
    init = np.int64(100)
    # base dilation 2 -> 13 positions (holes = init), padding (2, -1), window 3 taps with dilation 2, stride 3
    (out,) = run("""
    func.func @main(%x: tensor<7xi64>, %z: tensor<i64>) -> tensor<4xi64> {
      %0 = "shlo.reduce_window"(%x, %z) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = "shlo.add"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
        "shlo.return"(%s) : (tensor<i64>) -> ()
      }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 3>, base_dilations = array<i64: 2>, window_dilations = array<i64: 2>, padding = dense<[[2, -1]]> : tensor<1x2xi64>} : (tensor<7xi64>, tensor<i64>) -> tensor<4xi64>
      func.return %0 : tensor<4xi64>
    }""", x, init)
    dilated = np.full(13, init)
    dilated[::2] = x
    padded = np.concatenate([np.full(2, init), dilated[:-1]])    # 14 positions
    taps = np.lib.stride_tricks.sliding_window_view(padded, 5)[::3][:, ::2]
    assert taps.shape == (4, 3)
    expected = init + taps.sum(axis=1)
    np.testing.assert_array_equal(out, expected)


def test_reduce_window_two_inputs_argmax():
    x = np.array([[3, 9, 1, 9], [7, 2, 8, 0]], np.float32)
    iota = np.broadcast_to(np.arange(4, dtype=np.int32), (2, 4)).copy()
    vals, args = run("""
    func.func @main(%x: tensor<2x4xf32>, %i: tensor<2x4xi32>, %z: tensor<f32>, %zi: tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
      %0:2 = "shlo.reduce_window"(%x, %i, %z, %zi) ({
      ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
        %ge = "shlo.compare"(%a, %b) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %v = "shlo.select"(%ge, %a, %b) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
        %k = "shlo.select"(%ge, %ai, %bi) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
        "shlo.return"(%v, %k) : (tensor<f32>, tensor<i32>) -> ()
      }) {operandSegmentSizes = array<i32: 2, 2>, window_dimensions = array<i64: 1, 2>} : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
      func.return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
    }""", x, iota, np.float32(-np.inf), np.int32(-1))
    w = np.lib.stride_tricks.sliding_window_view(x, (1, 2))[:, :, 0, :]
    np.testing.assert_array_equal(vals, w.max(axis=-1))
    np.testing.assert_array_equal(args, np.arange(3)[None, :] + w.argmax(axis=-1))   # first maximum


def test_select_and_scatter_max_pool_gradient():
    x = RNG.permutation(5 * 7).astype(np.float32).reshape(5, 7)   # distinct values
    x[0, 0] = x[0, 1] = 100.0                                     # a tie: first (row-major) wins
    src = RNG.integers(1, 10, (3, 3)).astype(np.float32)
    (out,) = run("""
    func.func @main(%x: tensor<5x7xf32>, %s: tensor<3x3xf32>, %z: tensor<f32>) -> tensor<5x7xf32> {
      %0 = "shlo.select_and_scatter"(%x, %s, %z) ({
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %c = "shlo.compare"(%p, %q) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "shlo.return"(%c) : (tensor<i1>) -> ()
      }, {
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s0 = "shlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "shlo.return"(%s0) : (tensor<f32>) -> ()
      }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 3>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>} : (tensor<5x7xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<5x7xf32>
      func.return %0 : tensor<5x7xf32>
    }""", x, src, np.float32(0))
    padded = np.pad(x, ((1, 1), (1, 1)), constant_values=-np.inf)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3))[::2, ::3]
    assert windows.shape[:2] == (3, 3)
    expected = np.zeros_like(x)
    for i, j in itertools.product(range(3), range(3)):
        flat = int(np.argmax(windows[i, j]))          # first maximum in row-major order
        r, c = i * 2 + flat // 3 - 1, j * 3 + flat % 3 - 1
        expected[r, c] += src[i, j]
    np.testing.assert_array_equal(out, expected)
