"""Compiled reduce, reduce_window, select_and_scatter, map and sort
(python/shlo/lowering/ops/reductions.py).

Expected values come from numpy transcriptions of the spec written here (a
sequential fold per result element, windows tap by tap, numpy's stable
argsort), independently of the compiler and of the interpreter; results are
also compared with the reference interpreter: bit for bit for integers,
booleans and exact float bodies (max/min), within a tolerance for float sums.
Dynamic `?` sizes are run at several sizes with one compiled function.
"""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.literals import numpy_dtype

RNG = np.random.default_rng(7)


# ----------------------------------------------------------------------------- helpers

def ttype(shape, element: str) -> str:
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def random_array(shape, element: str, lo=None, hi=None) -> np.ndarray:
    dt = numpy_dtype(element)
    if element == "i1":
        return RNG.random(shape) < 0.5
    if element.startswith("complex"):
        return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dt)
    if element in ("i2", "i4", "ui2", "ui4"):
        info = ml_dtypes.iinfo(dt)
        return RNG.integers(int(info.min), int(info.max) + 1, size=shape).astype(dt)
    if np.issubdtype(np.dtype(dt), np.integer):
        info = np.iinfo(dt)
        lo = int(info.min) if lo is None else lo
        hi = int(info.max) if hi is None else hi
        return RNG.integers(lo, hi, size=shape, endpoint=True, dtype=dt)
    return (RNG.standard_normal(shape) * 4).astype(np.float32).astype(dt)


def assert_same(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    if want.dtype.kind in "fc" or (want.dtype.itemsize <= 2 and want.dtype.kind not in "iub"):
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))     # bit for bit
    else:
        np.testing.assert_array_equal(got, want)


def assert_close(got, want, rtol, atol=None):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128), rtol=rtol,
                               atol=rtol if atol is None else atol)


def run(text: str, *args):
    """Compiled and interpreted results of a program."""
    prog = shlo.parse(text)
    return shlo.compile(prog)(*args), shlo.interpret(prog, *args)


def region(ops: list, args: list, results: list) -> str:
    """A region block: `args` are (name, element) pairs, `ops` MLIR lines, `results` (name, element)."""
    head = ", ".join(f"%{a}: tensor<{e}>" for a, e in args)
    ret_vals = ", ".join(f"%{r}" for r, _ in results)
    ret_types = ", ".join(f"tensor<{e}>" for _, e in results)
    body = "\n        ".join(ops)
    return f"""{{
      ^bb0({head}):
        {body}
        "shlo.return"({ret_vals}) : ({ret_types}) -> ()
      }}"""


def binary(op: str, e: str, a="a", b="b", out="r") -> str:
    return f'%{out} = "shlo.{op}"(%{a}, %{b}) : (tensor<{e}>, tensor<{e}>) -> tensor<{e}>'


def compare(direction: str, e: str, a="a", b="b", out="r", ctype=None) -> str:
    extra = f", compare_type = #shlo.comparison_type<{ctype}>" if ctype else ""
    return (f'%{out} = "shlo.compare"(%{a}, %{b}) {{comparison_direction = #shlo.comparison_direction<{direction}>'
            f'{extra}}} : (tensor<{e}>, tensor<{e}>) -> tensor<i1>')


# numpy folds of the bodies used below (on arrays of the element's dtype or wider)
FOLDS = {
    "add": lambda a, b: a + b,
    "multiply": lambda a, b: a * b,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "or": np.logical_or,
    "and": np.logical_and,
}


def wrap(v: np.ndarray, element: str) -> np.ndarray:
    """Integers (int64) wrapped to an element type's range, as its dtype."""
    dt = numpy_dtype(element)
    bits = {"i4": 4, "ui4": 4, "i2": 2, "ui2": 2}.get(element, np.dtype(dt).itemsize * 8)
    v = np.asarray(v).astype(np.int64) & ((1 << bits) - 1) if bits < 64 else np.asarray(v)
    if element.startswith("i") and bits < 64:
        v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    return np.asarray(v).astype(dt)


# ----------------------------------------------------------------------------- reduce

def reduce_text(xshape, xe, dims, op, ze=None, xdecl=None, rdecl=None):
    ze = ze or xe
    rshape = [s for d, s in enumerate(xshape) if d not in dims]
    xt, zt, rt = ttype(xdecl or xshape, xe), ttype((), ze), ttype(rdecl or rshape, ze)
    body = region([binary(op, ze)], [("a", ze), ("b", ze)], [("r", ze)])
    return f"""func.func @main(%x: {xt}, %z: {zt}) -> {rt} {{
      %0 = "shlo.reduce"(%x, %z) ({body}) {{dimensions = array<i64{": " if dims else ""}{", ".join(map(str, dims))}>,
        operandSegmentSizes = array<i32: 1, 1>}} : ({xt}, {zt}) -> {rt}
      func.return %0 : {rt} }}"""


def ref_reduce(x, init, dims, fold):
    """Row-major fold from `init` over the reduced dims, for each kept index."""
    x = np.asarray(x)
    keep = [d for d in range(x.ndim) if d not in dims]
    moved = np.transpose(x, keep + sorted(dims))
    rows = moved.reshape([x.shape[d] for d in keep] + [int(np.prod([x.shape[d] for d in dims], dtype=np.int64))])
    acc = np.full(rows.shape[:-1], init, dtype=np.asarray(init).dtype)
    for k in range(rows.shape[-1]):
        acc = fold(acc, rows[..., k])
    return np.asarray(acc)


# (element, body op, init, exact?)
REDUCE_ELEMENTS = [
    ("i8", "add", 5, True), ("ui8", "add", 0, True), ("i16", "multiply", 1, True), ("i32", "add", -3, True),
    ("i64", "add", 0, True), ("ui32", "maximum", 0, True), ("ui64", "minimum", 2 ** 64 - 1, True),
    ("i4", "add", 0, True), ("ui4", "maximum", 0, True), ("i1", "or", False, True), ("i1", "and", True, True),
    ("f16", "maximum", -np.inf, True), ("bf16", "minimum", np.inf, True), ("f8E4M3FN", "maximum", -448.0, True),
    ("f8E5M2", "minimum", np.inf, True), ("f32", "add", 0.0, False), ("f64", "add", 1.5, False),
    ("complex<f32>", "add", 0, False), ("complex<f64>", "add", 1 - 2j, False),
]


def _reference_for(x, init, dims, op, element):
    """The fold in a dtype that computes the element type's results exactly (or closely)."""
    dt = numpy_dtype(element)
    if element in ("i4", "ui4") or (element in ("i8", "ui8", "i16", "i32", "i64", "ui32", "ui64")
                                    and op in ("add", "multiply")):
        widened = np.asarray(x).astype(np.int64) if element != "ui64" else np.asarray(x).astype(np.uint64)
        init_w = np.asarray(init).astype(widened.dtype)
        with np.errstate(over="ignore"):
            return wrap(ref_reduce(widened, init_w, dims, FOLDS[op]), element)
    if element in ("f16", "bf16") or element.startswith("f8"):
        return ref_reduce(np.asarray(x).astype(np.float32), np.float32(init), dims, FOLDS[op]).astype(dt)
    if element in ("f32", "f64") or element.startswith("complex"):
        wide = np.complex128 if element.startswith("complex") else np.float64
        return ref_reduce(np.asarray(x).astype(wide), wide(init), dims, FOLDS[op]).astype(dt)
    return ref_reduce(np.asarray(x).astype(dt), np.asarray(init).astype(dt), dims, FOLDS[op])


@pytest.mark.parametrize("element,op,init,exact", REDUCE_ELEMENTS, ids=[f"{c[0]}-{c[1]}" for c in REDUCE_ELEMENTS])
def test_reduce_element_types(element, op, init, exact):
    shape, dims = (3, 4, 5), [0, 2]
    x = random_array(shape, element)
    z = np.asarray(init).astype(numpy_dtype(element))
    (got,), (interp,) = run(reduce_text(shape, element, dims, op), x, z)
    want = _reference_for(x, z, dims, op, element)
    if exact:
        assert_same(got, want)
        assert_same(got, interp)
    else:
        rtol = 1e-5 if "32" in element else 1e-12
        assert_close(got, want, rtol)
        assert_close(got, interp, rtol)


@pytest.mark.parametrize("dims", [[], [0], [1], [2], [0, 1], [1, 2], [0, 2], [0, 1, 2]])
def test_reduce_dimension_sets(dims):
    shape = (3, 4, 5)
    x = random_array(shape, "i32")
    z = np.array(7, np.int32)
    (got,), (interp,) = run(reduce_text(shape, "i32", dims, "add"), x, z)
    with np.errstate(over="ignore"):
        want = wrap(ref_reduce(x.astype(np.int64), np.int64(7), dims, FOLDS["add"]), "i32")
    assert_same(got, want)
    assert_same(got, interp)


def test_reduce_rank0_input_combines_with_init_once():
    text = reduce_text((), "i32", [], "add")
    (got,), _ = run(text, np.array(40, np.int32), np.array(2, np.int32))
    assert_same(got, np.array(42, np.int32))


def test_reduce_dynamic_dims_several_sizes():
    text = reduce_text((3, 5, 4), "f32", [0, 2], "add", xdecl=(None, 5, None))
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    for shape in [(3, 5, 4), (1, 5, 7), (0, 5, 2), (6, 5, 0), (9, 5, 33)]:
        x = random_array(shape, "f32")
        z = np.array(0.5, np.float32)
        got, = fn(x, z)
        want = ref_reduce(x.astype(np.float64), 0.5, [0, 2], FOLDS["add"]).astype(np.float32)
        atol = 1e-6 * (1 + np.abs(x).sum())         # f32 sums of many terms in any order
        assert_close(got, want, 1e-5, atol)
        assert_close(got, shlo.interpret(prog, x, z)[0], 1e-5, atol)


def test_reduce_dynamic_kept_dim():
    text = reduce_text((3, 4), "i64", [1], "maximum", xdecl=(None, None), rdecl=(None,))
    fn = shlo.compile(shlo.parse(text))
    for shape in [(3, 4), (10, 1), (2, 0), (0, 3)]:
        x = random_array(shape, "i64")
        z = np.array(np.iinfo(np.int64).min, np.int64)
        got, = fn(x, z)
        assert_same(got, ref_reduce(x, z, [1], np.maximum))


def test_reduce_empty_reduced_dim_gives_init():
    (got,), (interp,) = run(reduce_text((4, 0), "f32", [1], "add"), np.zeros((4, 0), np.float32),
                            np.array(2.5, np.float32))
    assert_same(got, np.full(4, 2.5, np.float32))
    assert_same(got, interp)


def test_reduce_body_in_a_wider_type_promotes_inputs():
    text = reduce_text((3, 50), "i8", [1], "add", ze="i32")
    x = random_array((3, 50), "i8")
    (got,), (interp,) = run(text, x, np.array(1000, np.int32))
    assert_same(got, (x.astype(np.int64).sum(1) + 1000).astype(np.int32))
    assert_same(got, interp)


def argmax_text(shape, dims, decl=None, rdecl=None):
    rshape = [s for d, s in enumerate(shape) if d not in dims]
    vt, it = ttype(decl or shape, "f32"), ttype(decl or shape, "i32")
    rv, ri = ttype(rdecl or rshape, "f32"), ttype(rdecl or rshape, "i32")
    body = region([compare("GT", "f32", "a", "b", "gt"), compare("EQ", "f32", "a", "b", "eq"),
                   compare("LT", "i32", "ai", "bi", "lt"), binary("and", "i1", "eq", "lt", "tie"),
                   binary("or", "i1", "gt", "tie", "pick"),
                   '%m = "shlo.select"(%pick, %a, %b) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>',
                   '%mi = "shlo.select"(%pick, %ai, %bi) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>'],
                  [("a", "f32"), ("ai", "i32"), ("b", "f32"), ("bi", "i32")], [("m", "f32"), ("mi", "i32")])
    return f"""func.func @main(%v: {vt}, %i: {it}) -> ({rv}, {ri}) {{
      %ninf = shlo.constant {{value = dense<0xFF800000> : tensor<f32>}} : () -> tensor<f32>
      %zero = shlo.constant {{value = dense<0> : tensor<i32>}} : () -> tensor<i32>
      %0:2 = "shlo.reduce"(%v, %i, %ninf, %zero) ({body}) {{operandSegmentSizes = array<i32: 2, 2>,
        dimensions = array<i64: {", ".join(map(str, dims))}>}} : ({vt}, {it}, tensor<f32>, tensor<i32>) -> ({rv}, {ri})
      func.return %0#0, %0#1 : {rv}, {ri} }}"""


def test_reduce_variadic_argmax_first_of_ties():
    v = RNG.integers(0, 3, (5, 6, 7)).astype(np.float32)          # many ties
    idx = np.broadcast_to(np.arange(6 * 7, dtype=np.int32).reshape(1, 6, 7), (5, 6, 7)).copy()
    (m, mi), (im, imi) = run(argmax_text((5, 6, 7), [1, 2]), v, idx)
    flat = v.reshape(5, -1)
    assert_same(m, flat.max(1))
    assert_same(mi, flat.argmax(1).astype(np.int32))
    assert_same(m, im)
    assert_same(mi, imi)


@pytest.mark.parametrize("shape,dims", [((64, 1024), [1]), ((1024, 64), [0]), ((4, 16, 256), [1, 2])])
def test_reduce_variadic_at_sizes_the_cpu_schedules_tile(shape, dims):
    v = RNG.integers(0, 50, shape).astype(np.float32)
    idx = RNG.integers(0, 1000, shape).astype(np.int32)
    (m, mi), (im, imi) = run(argmax_text(shape, dims), v, idx)
    assert_same(m, im)
    assert_same(mi, imi)


def test_reduce_non_associative_body_at_a_scheduled_size():
    # not a plain combiner: the spec allows any order; compiling must work (and not abort the
    # process in the CPU schedules), and the lowering folds row-major from the init
    body = region(['%h = shlo.constant {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>',
                   binary("multiply", "f32", "a", "h", "p"), binary("add", "f32", "p", "b", "r")],
                  [("a", "f32"), ("b", "f32")], [("r", "f32")])
    text = f"""func.func @main(%x: tensor<4x256xf32>, %z: tensor<f32>) -> tensor<4xf32> {{
      %0 = "shlo.reduce"(%x, %z) ({body}) {{dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1>}}
        : (tensor<4x256xf32>, tensor<f32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32> }}"""
    x = np.ones((4, 256), np.float32)
    (got,), _ = run(text, x, np.array(2.0, np.float32))
    assert_close(got, np.full(4, 2.0, np.float32), 1e-6)      # acc/2 + 1 stays 2 from init 2


def test_reduce_variadic_dynamic():
    fn = shlo.compile(shlo.parse(argmax_text((4, 6), [0], decl=(None, None), rdecl=(None,))))
    for rows, cols in [(4, 6), (1, 3), (17, 2)]:
        v = RNG.integers(0, 4, (rows, cols)).astype(np.float32)
        idx = np.broadcast_to(np.arange(rows, dtype=np.int32)[:, None], (rows, cols)).copy()
        m, mi = fn(v, idx)
        assert_same(m, v.max(0))
        assert_same(mi, v.argmax(0).astype(np.int32))


def test_reduce_quantized_body_on_quantized_values():
    q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
    x = RNG.integers(-20, 20, (4, 6)).astype(np.int8)          # sums stay in range: exact in any order
    z = np.array(3, np.int8)                                    # 0.0
    text = reduce_text((4, 6), q, [1], "add")
    (got,), (interp,) = run(text, x, z)
    want = np.clip(np.round(((x.astype(np.float64) - 3) * 0.5).sum(1) / 0.5 + 3), -128, 127).astype(np.int8)
    assert_same(got, want)
    assert_same(got, interp)


# ----------------------------------------------------------------------------- reduce_window

def window_attrs(wdims, strides=None, base=None, wdil=None, padding=None) -> str:
    parts = [f"window_dimensions = array<i64{': ' if wdims else ''}{', '.join(map(str, wdims))}>"]
    for name, v in (("window_strides", strides), ("base_dilations", base), ("window_dilations", wdil)):
        if v is not None:
            parts.append(f"{name} = array<i64{': ' if v else ''}{', '.join(map(str, v))}>")
    if padding is not None:
        rows = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
        parts.append(f"padding = dense<[{rows}]> : tensor<{len(padding)}x2xi64>")
    return ", ".join(parts)


def window_result_shape(shape, wdims, strides=None, base=None, wdil=None, padding=None):
    rank = len(shape)
    strides, base, wdil = strides or [1] * rank, base or [1] * rank, wdil or [1] * rank
    padding = padding or [(0, 0)] * rank
    out = []
    for n, w, s, b, d, (lo, hi) in zip(shape, wdims, strides, base, wdil, padding):
        size = max((n - 1) * b + 1, 0) + lo + hi if n else lo + hi
        span = (w - 1) * d + 1
        out.append(0 if size < span else (size - span) // s + 1)
    return out


def ref_pad(x, init, base, padding):
    """Dilate by `base`, pad by `padding` (negative cuts), holes and padding = init."""
    x = np.asarray(x)
    shape = [(n - 1) * b + 1 if n else 0 for n, b in zip(x.shape, base)]
    d = np.full(shape, init, dtype=x.dtype)
    d[tuple(slice(None, None, b) for b in base)] = x
    for axis, (lo, hi) in enumerate(padding):
        if lo > 0 or hi > 0:
            widths = [(0, 0)] * d.ndim
            widths[axis] = (max(lo, 0), max(hi, 0))
            d = np.pad(d, widths, constant_values=np.asarray(init, dtype=x.dtype))
        cut = [slice(None)] * d.ndim
        cut[axis] = slice(max(-lo, 0), d.shape[axis] - max(-hi, 0))
        d = d[tuple(cut)]
    return d


def ref_reduce_window(xs, inits, fold, wdims, strides=None, base=None, wdil=None, padding=None):
    """Each window folded tap by tap in row-major order, starting from the init values;
    `fold(accs, elements) -> accs` on lists of arrays."""
    rank = np.asarray(xs[0]).ndim
    strides, base, wdil = strides or [1] * rank, base or [1] * rank, wdil or [1] * rank
    padding = padding or [(0, 0)] * rank
    padded = [ref_pad(x, z, base, padding) for x, z in zip(xs, inits)]
    out_shape = window_result_shape(np.asarray(xs[0]).shape, wdims, strides, base, wdil, padding)
    accs = [np.full(out_shape, z, dtype=np.asarray(z).dtype) for z in inits]
    if 0 in out_shape:
        return accs
    for tap in itertools.product(*(range(w) for w in wdims)):
        view = tuple(slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, wdil, out_shape, strides))
        accs = fold(accs, [p[view] for p in padded])
    return accs


def reduce_window_text(xshape, e, attrs, op, body_e=None, xdecl=None, rdecl=None, rshape=None):
    body_e = body_e or e
    xt, zt, rt = ttype(xdecl or xshape, e), ttype((), e), ttype(rdecl or rshape, body_e)
    body = region([binary(op, body_e)], [("a", body_e), ("b", body_e)], [("r", body_e)])
    return f"""func.func @main(%x: {xt}, %z: {zt}) -> {rt} {{
      %0 = "shlo.reduce_window"(%x, %z) ({body}) {{{attrs}, operandSegmentSizes = array<i32: 1, 1>}}
        : ({xt}, {zt}) -> {rt}
      func.return %0 : {rt} }}"""


# shape, window_dimensions, strides, base dilations, window dilations, padding
WINDOW_CASES = {
    "1d_padded_strided": ((9,), [3], [2], None, None, [(1, 1)]),
    "2d_all_attributes": ((6, 7), [2, 3], [1, 2], [2, 1], [1, 2], [(1, 0), (2, -1)]),
    "negative_padding": ((8, 6), [2, 2], [2, 1], None, None, [(-1, -2), (0, 1)]),
    "nhwc_pool": ((2, 7, 7, 3), [1, 3, 3, 1], [1, 2, 2, 1], None, None, [(0, 0), (1, 1), (1, 1), (0, 0)]),
    "dilations_everywhere": ((5, 4), [3, 2], [3, 1], [3, 2], [2, 3], [(2, 1), (0, 3)]),
    "window_too_large": ((3, 4), [5, 1], None, None, None, None),
    "whole_input": ((4, 5), [4, 5], None, None, None, None),
    "rank0": ((), [], None, None, None, None),
    "empty_input_padded": ((0, 3), [1, 2], None, None, None, [(2, 1), (0, 0)]),
    # padding along another dimension than the empty one (torch's avg_pool1d on a 0 x 3 x 9 input)
    "empty_dim_padded_elsewhere": ((0, 9), [1, 6], [1, 3], None, None, [(0, 0), (2, 2)]),
    "empty_dim_cut_elsewhere": ((0, 5), [1, 2], None, None, None, [(0, 0), (-1, 1)]),
    "empty_dim_padded_and_cut": ((0, 5), [2, 2], None, None, None, [(3, 0), (-2, 0)]),
}


@pytest.mark.parametrize("case", sorted(WINDOW_CASES))
def test_reduce_window_attributes(case):
    shape, wdims, strides, base, wdil, padding = WINDOW_CASES[case]
    x = random_array(shape, "i32", -1000, 1000)
    z = np.array(3, np.int32)
    rshape = window_result_shape(shape, wdims, strides, base, wdil, padding)
    text = reduce_window_text(shape, "i32", window_attrs(wdims, strides, base, wdil, padding), "add", rshape=rshape)
    (got,), (interp,) = run(text, x, z)
    want, = ref_reduce_window([x], [z], lambda a, b: [a[0] + b[0]], wdims, strides, base, wdil, padding)
    assert_same(got, want)
    assert_same(got, interp)


# element, op, init, exact?
WINDOW_ELEMENTS = [
    ("i1", "or", False, True), ("i8", "add", 0, True), ("ui16", "multiply", 1, True),
    ("i64", "maximum", -2 ** 63, True),
    ("i4", "minimum", 7, True), ("f16", "maximum", -np.inf, True), ("bf16", "maximum", -np.inf, True),
    ("f8E5M2", "minimum", np.inf, True), ("f32", "add", 0.0, False), ("f64", "minimum", np.inf, True),
    ("complex<f64>", "add", 0, False),
]


@pytest.mark.parametrize("element,op,init,exact", WINDOW_ELEMENTS, ids=[f"{c[0]}-{c[1]}" for c in WINDOW_ELEMENTS])
def test_reduce_window_element_types(element, op, init, exact):
    shape, wdims, strides, base, wdil, padding = WINDOW_CASES["2d_all_attributes"]
    x = random_array(shape, element)
    dt = numpy_dtype(element)
    z = np.asarray(init).astype(dt)
    rshape = window_result_shape(shape, wdims, strides, base, wdil, padding)
    text = reduce_window_text(shape, element, window_attrs(wdims, strides, base, wdil, padding), op, rshape=rshape)
    (got,), (interp,) = run(text, x, z)
    if element in ("i8", "ui16", "i4"):
        wide = np.uint64 if element.startswith("u") else np.int64
        with np.errstate(over="ignore"):
            want, = ref_reduce_window([x.astype(wide)], [z.astype(wide)], lambda a, b: [FOLDS[op](a[0], b[0])],
                                      wdims, strides, base, wdil, padding)
        want = wrap(want.astype(np.int64), element)
    elif element in ("f16", "bf16", "f8E5M2"):
        want, = ref_reduce_window([x.astype(np.float32)], [np.float32(z)], lambda a, b: [FOLDS[op](a[0], b[0])],
                                  wdims, strides, base, wdil, padding)
        want = want.astype(dt)
    else:
        want, = ref_reduce_window([x], [z], lambda a, b: [FOLDS[op](a[0], b[0])], wdims, strides, base, wdil,
                                  padding)
        want = want.astype(dt)
    if exact:
        assert_same(got, want)
        assert_same(got, interp)
    else:
        assert_close(got, want, 1e-5)
        assert_close(got, interp, 1e-5)


def test_reduce_window_variadic_argmax_per_window():
    shape, wdims, strides = (7, 8), [3, 2], [2, 2]
    padding = [(1, 1), (0, 1)]
    rshape = window_result_shape(shape, wdims, strides, padding=padding)
    v = RNG.integers(0, 3, shape).astype(np.float32)
    idx = np.arange(56, dtype=np.int32).reshape(shape)
    vt, it = ttype(shape, "f32"), ttype(shape, "i32")
    rv, ri = ttype(rshape, "f32"), ttype(rshape, "i32")
    body = region([compare("GT", "f32", "a", "b", "gt"), compare("EQ", "f32", "a", "b", "eq"),
                   compare("LT", "i32", "ai", "bi", "lt"), binary("and", "i1", "eq", "lt", "tie"),
                   binary("or", "i1", "gt", "tie", "pick"),
                   '%m = "shlo.select"(%pick, %a, %b) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>',
                   '%mi = "shlo.select"(%pick, %ai, %bi) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>'],
                  [("a", "f32"), ("ai", "i32"), ("b", "f32"), ("bi", "i32")], [("m", "f32"), ("mi", "i32")])
    text = f"""func.func @main(%v: {vt}, %i: {it}) -> ({rv}, {ri}) {{
      %ninf = shlo.constant {{value = dense<0xFF800000> : tensor<f32>}} : () -> tensor<f32>
      %big = shlo.constant {{value = dense<1000> : tensor<i32>}} : () -> tensor<i32>
      %0:2 = "shlo.reduce_window"(%v, %i, %ninf, %big) ({body}) {{operandSegmentSizes = array<i32: 2, 2>,
        {window_attrs(wdims, strides, padding=padding)}}} : ({vt}, {it}, tensor<f32>, tensor<i32>) -> ({rv}, {ri})
      func.return %0#0, %0#1 : {rv}, {ri} }}"""
    (m, mi), (im, imi) = run(text, v, idx)

    def fold(accs, xs):
        a, ai = accs
        b, bi = xs
        pick = (a > b) | ((a == b) & (ai < bi))
        return [np.where(pick, a, b), np.where(pick, ai, bi)]

    want_m, want_i = ref_reduce_window([v, idx], [np.float32(-np.inf), np.int32(1000)], fold, wdims, strides,
                                       padding=padding)
    assert_same(m, want_m)
    assert_same(mi, want_i)
    assert_same(m, im)
    assert_same(mi, imi)


def test_reduce_window_dynamic_dims():
    shape, wdims, strides, base, wdil, padding = WINDOW_CASES["2d_all_attributes"]
    attrs = window_attrs(wdims, strides, base, wdil, padding)
    text = reduce_window_text(shape, "f32", attrs, "maximum", xdecl=(None, None), rdecl=(None, None))
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    z = np.array(-np.inf, np.float32)
    for s in [(6, 7), (1, 1), (0, 5), (13, 2), (2, 30)]:
        x = random_array(s, "f32")
        got, = fn(x, z)
        want, = ref_reduce_window([x], [z], lambda a, b: [np.maximum(a[0], b[0])], wdims, strides, base, wdil,
                                  padding)
        assert_same(got, want)
        assert_same(got, shlo.interpret(prog, x, z)[0])


def test_reduce_window_dynamic_negative_padding_never_reads_outside():
    # more cut off than there is: no windows, and no out-of-bounds access
    attrs = window_attrs([2], [1], [2], None, [(-3, -2)])
    text = reduce_window_text((9,), "i32", attrs, "add", xdecl=(None,), rdecl=(None,))
    fn = shlo.compile(shlo.parse(text))
    z = np.array(0, np.int32)
    for n in [9, 4, 3, 1, 0]:
        x = random_array((n,), "i32", -9, 9)
        got, = fn(x, z)
        want, = ref_reduce_window([x], [z], lambda a, b: [a[0] + b[0]], [2], [1], [2], None, [(-3, -2)])
        assert_same(got, want)


def test_reduce_window_body_in_a_wider_type():
    shape = (10,)
    attrs = window_attrs([4], [2], None, None, [(1, 1)])
    text = reduce_window_text(shape, "i8", attrs, "add", body_e="i32", rshape=[5])
    x = random_array(shape, "i8")
    z = np.array(-100, np.int8)
    (got,), (interp,) = run(text, x, z)
    want, = ref_reduce_window([x.astype(np.int32)], [np.int32(-100)], lambda a, b: [a[0] + b[0]], [4], [2],
                              padding=[(1, 1)])
    assert_same(got, want)
    assert_same(got, interp)


PROMOTIONS = [("f8E4M3FN", "f32"), ("f8E5M2", "f16"), ("bf16", "f32"), ("i4", "i32"), ("ui8", "ui32"),
              ("complex<f32>", "complex<f64>")]


@pytest.mark.parametrize("src,dst", PROMOTIONS)
def test_reduce_and_reduce_window_promote_to_the_body_type(src, dst):
    x = random_array((7,), src)
    wide = np.asarray(x).astype(np.int64 if src in ("i4", "ui8") else numpy_dtype(dst)).astype(numpy_dtype(dst))
    z = np.zeros((), numpy_dtype(src))
    text = reduce_window_text((7,), src, window_attrs([3], [2], None, None, [(1, 1)]), "add", body_e=dst, rshape=[4])
    (got,), (interp,) = run(text, x, z)
    want, = ref_reduce_window([wide], [np.zeros((), numpy_dtype(dst))], lambda a, b: [a[0] + b[0]], [3], [2],
                              padding=[(1, 1)])
    text = reduce_text((7,), src, [0], "add", ze=dst)
    (got_r,), (interp_r,) = run(text, x, np.zeros((), numpy_dtype(dst)))
    want_r = ref_reduce(wide, np.zeros((), numpy_dtype(dst)), [0], FOLDS["add"])
    for g, i, w in ((got, interp, want), (got_r, interp_r, want_r)):
        if el_is_int(dst):
            assert_same(g, w)
            assert_same(g, i)
        else:
            assert_close(g, w, 1e-3 if dst == "f16" else 1e-6)
            assert_close(g, i, 1e-3 if dst == "f16" else 1e-6)


def el_is_int(element: str) -> bool:
    return np.issubdtype(np.dtype(numpy_dtype(element)), np.integer)


def test_reduce_window_f16_accumulated_in_f32():
    attrs = window_attrs([3, 3], [1, 1], None, None, [(1, 1), (1, 1)])
    text = reduce_window_text((5, 6), "f16", attrs, "add", body_e="f32", rshape=[5, 6])
    x = random_array((5, 6), "f16")
    z = np.array(0.25, np.float16)
    (got,), (interp,) = run(text, x, z)
    want, = ref_reduce_window([x.astype(np.float32)], [np.float32(0.25)], lambda a, b: [a[0] + b[0]], [3, 3],
                              padding=[(1, 1), (1, 1)])
    assert_close(got, want, 1e-6)
    assert_close(got, interp, 1e-6)


def test_reduce_window_quantized_body_on_quantized_values():
    # (the interpreter dequantizes reduce_window's operands before its quantized body runs, so this
    # checks against the spec's meaning only)
    q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
    x = RNG.integers(-20, 20, (9,)).astype(np.int8)
    z = np.array(3, np.int8)
    text = reduce_window_text((9,), q, window_attrs([3], [2]), "add", rshape=[4])
    got, = shlo.compile(shlo.parse(text))(x, z)
    real = (x.astype(np.float64) - 3) * 0.5
    want = np.array([real[2 * i:2 * i + 3].sum() / 0.5 + 3 for i in range(4)]).astype(np.int8)
    assert_same(got, want)


# ----------------------------------------------------------------------------- select_and_scatter

def sas_text(xshape, e, sshape, select_ops, wdims, strides=None, padding=None, scatter_op="add", scatter_e=None,
             xdecl=None, sdecl=None):
    scatter_e = scatter_e or e
    xt, st, zt = ttype(xdecl or xshape, e), ttype(sdecl or sshape, e), ttype((), e)
    rt = ttype(xdecl or xshape, scatter_e)
    select = region(select_ops, [("a", e), ("b", e)], [("r", "i1")])
    scatter = region([binary(scatter_op, scatter_e)], [("a", scatter_e), ("b", scatter_e)], [("r", scatter_e)])
    attrs = window_attrs(wdims, strides, padding=padding)
    return f"""func.func @main(%x: {xt}, %s: {st}, %z: {zt}) -> {rt} {{
      %0 = "shlo.select_and_scatter"(%x, %s, %z) ({select}, {scatter}) {{{attrs}}}
        : ({xt}, {st}, {zt}) -> {rt}
      func.return %0 : {rt} }}"""


def ref_select_and_scatter(x, src, init, select, scatter, wdims, strides=None, padding=None, dtype=None):
    x, src = np.asarray(x), np.asarray(src)
    rank = x.ndim
    strides = strides or [1] * rank
    lo = [p[0] for p in padding] if padding else [0] * rank
    result = np.full(x.shape, init, dtype=dtype or x.dtype)
    for s in np.ndindex(*src.shape):
        chosen = None
        for tap in np.ndindex(*wdims):
            pos = tuple(i * st + t - l for i, st, t, l in zip(s, strides, tap, lo))
            if not all(0 <= p < n for p, n in zip(pos, x.shape)):
                continue
            if chosen is None or not select(x[chosen], x[pos]):
                chosen = pos
        if chosen is not None:
            result[chosen] = scatter(result[chosen], src[s])
    return result


def _sas_case(xshape, e, wdims, strides, padding, direction, scatter_e=None, lo=None, hi=None):
    sshape = window_result_shape(xshape, wdims, strides, padding=padding)
    x = random_array(xshape, e, lo, hi)
    src = random_array(sshape, e, lo, hi)
    text = sas_text(xshape, e, sshape, [compare(direction, e)], wdims, strides, padding, scatter_e=scatter_e)
    return text, x, src


SELECT = {"GE": lambda a, b: a >= b, "GT": lambda a, b: a > b, "LE": lambda a, b: a <= b}


@pytest.mark.parametrize("direction", ["GE", "GT", "LE"])
def test_select_and_scatter_picks_by_select_with_ties(direction):
    # small integers: many ties, so first / last choice matters
    text, x, src = _sas_case((7, 9), "i32", [3, 3], [2, 2], [(1, 1), (1, 1)], direction, lo=0, hi=2)
    z = np.array(5, np.int32)
    (got,), (interp,) = run(text, x, src, z)
    want = ref_select_and_scatter(x, src, 5, SELECT[direction], lambda a, b: a + b, [3, 3], [2, 2],
                                  [(1, 1), (1, 1)])
    assert_same(got, want)
    assert_same(got, interp)


def test_select_and_scatter_max_pool_gradient_f32():
    text, x, src = _sas_case((2, 9, 9, 3), "f32", [1, 3, 3, 1], [1, 2, 2, 1], [(0, 0), (1, 1), (1, 1), (0, 0)], "GE")
    z = np.array(0, np.float32)
    (got,), (interp,) = run(text, x, src, z)
    want = ref_select_and_scatter(x, src, np.float32(0), SELECT["GE"], lambda a, b: a + b, [1, 3, 3, 1],
                                  [1, 2, 2, 1], [(0, 0), (1, 1), (1, 1), (0, 0)])
    assert_close(got, want, 1e-6)
    assert_close(got, interp, 1e-6)


def test_select_and_scatter_windows_in_padding_choose_nothing():
    padding = [(3, 4)]
    text, x, src = _sas_case((3,), "i64", [2], [1], padding, "GE", lo=-1000, hi=1000)
    z = np.array(-1, np.int64)
    (got,), (interp,) = run(text, x, src, z)
    want = ref_select_and_scatter(x, src, -1, SELECT["GE"], lambda a, b: a + b, [2], [1], padding)
    assert_same(got, want)
    assert_same(got, interp)


def test_select_and_scatter_empty_operand_reads_nothing():
    text = sas_text((0, 2), "f32", (3, 2), [compare("GE", "f32")], [1, 1], None, [(2, 1), (0, 0)])
    got, = shlo.compile(shlo.parse(text))(np.zeros((0, 2), np.float32), np.ones((3, 2), np.float32),
                                          np.array(0, np.float32))
    assert got.shape == (0, 2)


def test_select_and_scatter_scatter_in_a_wider_type():
    sshape = window_result_shape((8,), [3], [2], padding=[(1, 0)])
    text = sas_text((8,), "i8", sshape, [compare("GE", "i8")], [3], [2], [(1, 0)], scatter_e="i32")
    x = random_array((8,), "i8")
    src = np.full(sshape, 127, np.int8)
    z = np.array(100, np.int8)
    (got,), (interp,) = run(text, x, src, z)
    want = ref_select_and_scatter(x, src.astype(np.int32), 100, SELECT["GE"], lambda a, b: a + b, [3], [2],
                                  [(1, 0)], dtype=np.int32)
    assert_same(got, want)
    assert_same(got, interp)


def test_select_and_scatter_dynamic_dims():
    wdims, strides, padding = [2, 3], [2, 1], [(0, 1), (1, 1)]
    sshape = window_result_shape((5, 6), wdims, strides, padding=padding)
    text = sas_text((5, 6), "f64", sshape, [compare("GE", "f64")], wdims, strides, padding,
                    xdecl=(None, None), sdecl=(None, None))
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    z = np.array(0, np.float64)
    for shape in [(5, 6), (1, 1), (8, 3), (0, 4)]:
        x = random_array(shape, "f64")
        src = random_array(window_result_shape(shape, wdims, strides, padding=padding), "f64")
        got, = fn(x, src, z)
        want = ref_select_and_scatter(x, src, 0.0, SELECT["GE"], lambda a, b: a + b, wdims, strides, padding)
        assert_close(got, want, 1e-12)
        assert_close(got, shlo.interpret(prog, x, src, z)[0], 1e-12)


@pytest.mark.parametrize("element", ["ui8", "bf16", "f8E4M3FN", "i16"])
def test_select_and_scatter_element_types(element):
    text, x, src = _sas_case((6, 5), element, [2, 2], [2, 2], [(0, 0), (0, 1)], "GE")
    dt = numpy_dtype(element)
    z = np.zeros((), dt)
    (got,), (interp,) = run(text, x, src, z)
    if element in ("bf16", "f8E4M3FN"):     # sums of at most one value per window: exact
        want = ref_select_and_scatter(x.astype(np.float32), src.astype(np.float32), 0.0, SELECT["GE"],
                                      lambda a, b: a + b, [2, 2], [2, 2], [(0, 0), (0, 1)]).astype(dt)
    else:
        want = ref_select_and_scatter(x, src, 0, SELECT["GE"], lambda a, b: a + b, [2, 2], [2, 2],
                                      [(0, 0), (0, 1)])
    assert_same(got, want)
    assert_same(got, interp)


def test_select_and_scatter_booleans():
    wdims, strides, padding = [2, 2], [2, 2], [(0, 0), (0, 1)]
    sshape = window_result_shape((6, 5), wdims, strides, padding=padding)
    text = sas_text((6, 5), "i1", sshape, [compare("GE", "i1")], wdims, strides, padding, scatter_op="or")
    x, src = random_array((6, 5), "i1"), random_array(sshape, "i1")
    (got,), (interp,) = run(text, x, src, np.array(False))
    assert_same(got, ref_select_and_scatter(x, src, False, SELECT["GE"], np.logical_or, wdims, strides, padding))
    assert_same(got, interp)


def test_select_and_scatter_quantized():
    # (the interpreter dequantizes select_and_scatter's operands before its quantized regions run,
    # so this checks against the spec's meaning only)
    q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
    text = sas_text((4,), q, (3,), [compare("GE", q)], [2], [1])
    x = np.array([1, 5, -7, 100], np.int8)           # -1.0, 1.0, -5.0, 48.5
    src = np.array([1, 2, 3], np.int8)               # -1.0, -0.5, 0.0
    got, = shlo.compile(shlo.parse(text))(x, src, np.array(3, np.int8))
    assert_same(got, np.array([3, 0, 3, 3], np.int8))   # -1.5 at position 1, 0.0 at 3


# ----------------------------------------------------------------------------- map

def map_text(shapes_elements, out_e, ops, decl=None):
    n = len(shapes_elements)
    shape = shapes_elements[0][0]
    types = [ttype(decl or s, e) for s, e in shapes_elements]
    rt = ttype(decl or shape, out_e)
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))
    body = region(ops, [(f"a{i}", e) for i, (_, e) in enumerate(shapes_elements)], [("r", out_e)])
    operands = ", ".join(f"%x{i}" for i in range(n))
    dims = ", ".join(map(str, range(len(shape))))
    return f"""func.func @main({args}) -> {rt} {{
      %0 = "shlo.map"({operands}) ({body}) {{dimensions = array<i64{': ' if dims else ''}{dims}>}}
        : ({", ".join(types)}) -> {rt}
      func.return %0 : {rt} }}"""


def test_map_changes_element_type():
    text = map_text([((3, 4), "f32"), ((3, 4), "f32")], "i1", [compare("GT", "f32", "a0", "a1")])
    a, b = random_array((3, 4), "f32"), random_array((3, 4), "f32")
    (got,), (interp,) = run(text, a, b)
    assert_same(got, a > b)
    assert_same(got, interp)


def test_map_integer_wraparound_with_constants():
    ops = ['%c = shlo.constant {value = dense<3> : tensor<i8>} : () -> tensor<i8>',
           binary("multiply", "i8", "a0", "a1", "p"), binary("add", "i8", "p", "c", "r")]
    text = map_text([((5, 6), "i8"), ((5, 6), "i8")], "i8", ops)
    a, b = random_array((5, 6), "i8"), random_array((5, 6), "i8")
    (got,), (interp,) = run(text, a, b)
    assert_same(got, wrap(a.astype(np.int64) * b + 3, "i8"))
    assert_same(got, interp)


def test_map_mixed_inputs_and_bf16_convert():
    ops = ['%c = "shlo.convert"(%a0) : (tensor<bf16>) -> tensor<f32>',
           '%r = "shlo.select"(%a1, %c, %a2) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>']
    text = map_text([((7,), "bf16"), ((7,), "i1"), ((7,), "f32")], "f32", ops)
    a, p, c = random_array((7,), "bf16"), random_array((7,), "i1"), random_array((7,), "f32")
    (got,), (interp,) = run(text, a, p, c)
    assert_same(got, np.where(p, a.astype(np.float32), c))
    assert_same(got, interp)


def test_map_dynamic_dims_and_empty():
    text = map_text([((2, 3), "f64"), ((2, 3), "f64")], "f64",
                    [binary("subtract", "f64", "a0", "a1", "d"), binary("multiply", "f64", "d", "d", "r")],
                    decl=(None, None))
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    for shape in [(2, 3), (0, 4), (5, 1), (9, 11)]:
        a, b = random_array(shape, "f64"), random_array(shape, "f64")
        got, = fn(a, b)
        assert_same(got, (a - b) * (a - b))


def test_map_rank0():
    text = map_text([((), "i32")], "i32", [binary("add", "i32", "a0", "a0", "r")])
    (got,), _ = run(text, np.array(21, np.int32))
    assert_same(got, np.array(42, np.int32))


def test_map_quantized_body_on_quantized_values():
    q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
    text = map_text([((4,), q), ((4,), q)], q, [binary("add", q, "a0", "a1", "r")])
    x = np.array([1, 5, -7, 100], np.int8)
    (got,), (interp,) = run(text, x, x)
    want = np.clip(np.round((x.astype(np.float64) - 3) * 2 + 3), -128, 127).astype(np.int8)
    assert_same(got, want)
    assert_same(got, interp)


# ----------------------------------------------------------------------------- sort

def sort_text(shape, elements, comparator_ops, dim=None, stable=True, decl=None):
    types = [ttype(decl or shape, e) for e in elements]
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))
    block = []
    for i, e in enumerate(elements):
        block += [(f"a{i}", e), (f"b{i}", e)]
    body = region(comparator_ops, block, [("r", "i1")])
    attrs = []
    if dim is not None:
        attrs.append(f"dimension = {dim} : i64")
    if stable is not None:
        attrs.append(f"is_stable = {'true' if stable else 'false'}")
    operands = ", ".join(f"%x{i}" for i in range(len(elements)))
    results = ", ".join(f"%0#{i}" for i in range(len(elements))) if len(elements) > 1 else "%0"
    res = f"%0:{len(elements)}" if len(elements) > 1 else "%0"
    return f"""func.func @main({args}) -> ({", ".join(types)}) {{
      {res} = "shlo.sort"({operands}) ({body}) {{{", ".join(attrs)}}} : ({", ".join(types)}) -> ({", ".join(types)})
      func.return {results} : {", ".join(types)} }}"""


def stable_order(keys: np.ndarray, axis: int) -> np.ndarray:
    return np.argsort(keys, axis=axis, kind="stable")


def _sort_key(x: np.ndarray, element: str) -> np.ndarray:
    """Values as a numpy type that orders them like the element type's `LT`."""
    if element == "i1" or element in ("i4", "ui4"):
        return x.astype(np.int64)
    if element in ("bf16", "f16") or element.startswith("f8"):
        return x.astype(np.float32)
    return x


@pytest.mark.parametrize("element", ["i1", "i4", "i8", "ui8", "i32", "ui32", "i64", "ui64", "f16", "bf16",
                                     "f8E4M3FN", "f32", "f64"])
def test_sort_element_types(element):
    shape = (3, 37)
    x = random_array(shape, element)
    text = sort_text(shape, [element], [compare("LT", element, "a0", "b0")], dim=1)
    (got,), (interp,) = run(text, x)
    want = np.take_along_axis(x, stable_order(_sort_key(x, element), 1), 1)
    assert_same(got, want)
    assert_same(got, interp)


@pytest.mark.parametrize("dim", [0, 1, 2, -1, -3])
def test_sort_any_dimension_moves_every_operand(dim):
    shape = (4, 5, 6)
    keys = random_array(shape, "i16", 0, 3)                 # ties
    vals = random_array(shape, "f32")
    pos = np.arange(120, dtype=np.int64).reshape(shape)
    text = sort_text(shape, ["i16", "f32", "i64"], [compare("LT", "i16", "a0", "b0")], dim=dim)
    got, interp = run(text, keys, vals, pos)
    order = stable_order(keys, dim % 3)
    for g, i, x in zip(got, interp, (keys, vals, pos)):
        assert_same(g, np.take_along_axis(x, order, dim % 3))
        assert_same(g, i)


def test_sort_default_dimension_is_last():
    x = random_array((3, 4, 9), "i32")
    text = sort_text((3, 4, 9), ["i32"], [compare("LT", "i32", "a0", "b0")], dim=None, stable=None)
    (got,), (interp,) = run(text, x)
    assert_same(got, np.sort(x, axis=-1))
    assert_same(got, interp)


def test_sort_descending_is_stable():
    keys = random_array((200,), "i32", 0, 9)
    idx = np.arange(200, dtype=np.int32)
    text = sort_text((200,), ["i32", "i32"], [compare("GT", "i32", "a0", "b0")], dim=0)
    got, interp = run(text, keys, idx)
    order = stable_order(-keys.astype(np.int64), 0)
    assert_same(got[0], keys[order])
    assert_same(got[1], idx[order])
    assert_same(got[1], interp[1])


def test_sort_two_keys_lexicographic():
    n = 300
    k1, k2 = random_array((n,), "i32", 0, 4), random_array((n,), "f32")
    ops = [compare("LT", "i32", "a0", "b0", "lt"), compare("EQ", "i32", "a0", "b0", "eq"),
           compare("GT", "f32", "a1", "b1", "gt"), binary("and", "i1", "eq", "gt", "tie"),
           binary("or", "i1", "lt", "tie", "r")]
    text = sort_text((n,), ["i32", "f32"], ops, dim=0)
    got, interp = run(text, k1, k2)
    order = np.lexsort((-k2.astype(np.float64), k1))
    assert_same(got[0], k1[order])
    assert_same(got[1], k2[order])
    assert_same(got[1], interp[1])


def test_sort_total_order_with_nans_and_zeros():
    x = np.array([np.nan, -0.0, 0.0, -np.inf, 1.0, -np.nan, np.inf, -1.0, 0.0, -0.0, np.nan, 2.5], np.float32)
    x = np.concatenate([x, random_array((40,), "f32")])
    RNG.shuffle(x)
    text = sort_text(x.shape, ["f32"], [compare("LT", "f32", "a0", "b0", ctype="TOTALORDER")], dim=0)
    (got,), (interp,) = run(text, x)
    bits = x.view(np.int32).astype(np.int64)
    key = np.where(bits < 0, -(bits & 0x7FFFFFFF) - 1, bits)        # the IEEE total order
    assert_same(got, x[stable_order(key, 0)])
    assert_same(got, interp)


def test_sort_complex_by_real_part():
    x = random_array((25,), "complex<f32>")
    x.real[::3] = 0.5                                         # ties: stable
    ops = ['%ra = "shlo.real"(%a0) : (tensor<complex<f32>>) -> tensor<f32>',
           '%rb = "shlo.real"(%b0) : (tensor<complex<f32>>) -> tensor<f32>', compare("LT", "f32", "ra", "rb")]
    text = sort_text((25,), ["complex<f32>"], ops, dim=0)
    (got,), (interp,) = run(text, x)
    assert_same(got, x[stable_order(x.real, 0)])
    assert_same(got, interp)


def test_sort_dynamic_dims_several_sizes():
    for dim in (0, 1):
        text = sort_text((3, 4), ["f32", "i32"], [compare("LT", "f32", "a0", "b0")], dim=dim, decl=(None, None))
        fn = shlo.compile(shlo.parse(text))
        for shape in [(3, 4), (1, 1), (0, 5), (5, 0), (2, 129), (64, 3)]:
            x = RNG.integers(0, 5, shape).astype(np.float32)
            p = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
            got = fn(x, p)
            order = stable_order(x, dim)
            assert_same(got[0], np.take_along_axis(x, order, dim))
            assert_same(got[1], np.take_along_axis(p, order, dim))


def test_sort_lengths_unstable_flag_still_sorts():
    """One program with a run-time length, sorted along dimension 0: equal keys in std::sort's
    order (the interpreter's replay, XLA CPU's order) below and above its threshold 16."""
    text = sort_text((None, 2), ["i8", "i64"], [compare("LT", "i8", "a0", "b0")], dim=0, stable=False)
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    for n in (1, 2, 3, 16, 17, 1000):
        keys = random_array((n, 2), "i8", 0, 20)
        vals = random_array((n, 2), "i64")
        got = fn(keys, vals)
        assert_same(got[0], np.sort(keys, axis=0))
        for r in range(2):          # pairs travel together
            assert sorted(zip(got[0][:, r].tolist(), got[1][:, r].tolist())) == \
                sorted(zip(keys[:, r].tolist(), vals[:, r].tolist()))
        assert_same(got[1], shlo.interpret(prog, keys, vals)[1])


def test_sort_bad_comparator_still_permutes():
    x = random_array((4, 33), "i32", 0, 5)
    text = sort_text((4, 33), ["i32"], [compare("LE", "i32", "a0", "b0")], dim=1)     # not a strict order
    (got,), _ = run(text, x)
    assert_same(np.sort(got, axis=1), np.sort(x, axis=1))


def test_sort_quantized_compares_quantized_values():
    q = "!quant.uniform<i8:f32, 5.000000e-01:3>"
    x = random_array((30,), "i8")
    text = sort_text((30,), [q], [compare("LT", q, "a0", "b0")], dim=0)
    (got,), (interp,) = run(text, x)
    assert_same(got, np.sort(x))
    assert_same(got, interp)


def test_sort_rank1_large():
    x = random_array((5000,), "f32")
    text = sort_text((5000,), ["f32"], [compare("LT", "f32", "a0", "b0")], dim=0)
    (got,), _ = run(text, x)
    assert_same(got, np.sort(x, kind="stable"))


# ----------------------------------------------------------------------------- what cannot be compiled

def test_region_with_an_uncompilable_op_is_a_compile_error():
    body = region(['%r = "shlo.custom_call"(%a, %b) {call_target_name = "my_add"} : (tensor<f32>, tensor<f32>) '
                   '-> tensor<f32>'], [("a", "f32"), ("b", "f32")], [("r", "f32")])
    text = f"""func.func @main(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {{
      %0 = "shlo.reduce"(%x, %z) ({body}) {{dimensions = array<i64: 0>, operandSegmentSizes = array<i32: 1, 1>}}
        : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      func.return %0 : tensor<f32> }}"""
    with pytest.raises(shlo.CompileError, match="my_add"):
        shlo.compile(shlo.parse(text))


def test_check_call_inside_a_comparator_is_a_compile_error():
    ops = ['"shlo.custom_call"(%a0, %b0) {call_target_name = "check.expect_eq"} : (tensor<f32>, tensor<f32>) -> ()',
           compare("LT", "f32", "a0", "b0")]
    text = sort_text((4,), ["f32"], ops, dim=0)
    with pytest.raises(shlo.CompileError, match="top level"):
        shlo.compile(shlo.parse(text))


def test_select_region_with_an_uncompilable_op_is_a_compile_error():
    ops = ['%r = "shlo.custom_call"(%a, %b) {call_target_name = "pick"} : (tensor<f32>, tensor<f32>) -> tensor<i1>']
    select = region(ops, [("a", "f32"), ("b", "f32")], [("r", "i1")])
    scatter = region([binary("add", "f32")], [("a", "f32"), ("b", "f32")], [("r", "f32")])
    text = f"""func.func @main(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) -> tensor<4xf32> {{
      %0 = "shlo.select_and_scatter"(%x, %s, %z) ({select}, {scatter}) {{window_dimensions = array<i64: 2>}}
        : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32> }}"""
    with pytest.raises(shlo.CompileError, match="pick"):
        shlo.compile(shlo.parse(text))


def test_dynamic_sizes_that_must_agree_are_checked_before_the_call():
    cases = [
        (map_text([((2, 3), "f32"), ((2, 3), "f32")], "f32", [binary("add", "f32", "a0", "a1", "r")],
                  decl=(None, None)), (np.zeros((3, 4), np.float32), np.zeros((3, 5), np.float32)), "map"),
        (sort_text((3, 4), ["f32", "i32"], [compare("LT", "f32", "a0", "b0")], dim=1, decl=(None, None)),
         (np.zeros((3, 4), np.float32), np.zeros((3, 5), np.int32)), "sort"),
        (argmax_text((4, 6), [0], decl=(None, None), rdecl=(None,)),
         (np.zeros((3, 4), np.float32), np.zeros((2, 4), np.int32)), "reduce"),
    ]
    for text, args, op in cases:
        with pytest.raises(shlo.ShloError, match=f"shlo.{op} .*needs them equal"):
            shlo.compile(shlo.parse(text))(*args)


@pytest.mark.parametrize("shape,dims", [((512, 1024), [0, 1]), ((524288,), [0]), ((16384, 8), [0])])
def test_long_f32_sums_are_taken_in_levels(shape, dims):
    # one accumulator (or one a vector lane) for every element lost 1.6e-4 of a 512 x 1024 sum of
    # squares and 3.8e-6 of a 2^19 one (XLA: 6e-8); the reduction is taken in blocks (reduce: levels)
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32) + 0.5
    prog = shlo.parse(reduce_text(list(shape), "f32", dims, "add"))
    squares = (x * x).astype(np.float32)
    got = np.asarray(shlo.compile(prog)(squares, np.float32(2.0))[0], np.float64)
    exact = squares.astype(np.float64).sum(axis=tuple(dims)) + 2.0
    assert np.max(np.abs(got - exact) / np.abs(exact)) < 1e-6


def _xla_run(text: str, args: list) -> list:
    """The StableHLO program `text` run by XLA CPU (jaxlib's client)."""
    import jax
    from jax._src import compiler
    from jax._src.lib import xla_client as xc
    dev = jax.devices("cpu")[0]
    exe = dev.client.compile_and_load(text, xc.DeviceList((dev,)),
                                      compiler.get_compile_options(num_replicas=1, num_partitions=1))
    with jax.enable_x64(True):      # f64 / i64 arguments as they are
        outs = exe.execute_sharded([jax.device_put(np.asarray(a), dev) for a in args])
        return [np.asarray(o[0]) for o in outs.disassemble_into_single_device_arrays()]


def _ties_and_specials(shape, element: str, rng) -> np.ndarray:
    """Few distinct keys (many ties); for floats also NaNs of both signs, -0.0, 0.0 and infinities."""
    if element.startswith(("i", "ui")):
        return rng.integers(-6, 6, shape).astype(numpy_dtype(element))
    x = rng.integers(-8, 8, shape).astype(np.float64) / 4
    special = np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf])
    mask = rng.random(shape) < 0.2
    x[mask] = rng.choice(special, int(mask.sum()))
    return x.astype(numpy_dtype(element))


# (key elements, comparator ops over a0/b0 (first key), a1/b1 (second key)): strict weak orders,
# which the compiled unstable sort runs as std::sort with the comparator itself (std_sort.py)
_STRICT_WEAK = {
    "f32_lt": (["f32"], [compare("LT", "f32", "a0", "b0", ctype="TOTALORDER")]),
    "f64_gt": (["f64"], [compare("GT", "f64", "a0", "b0", ctype="TOTALORDER")]),
    "bf16_lt": (["bf16"], [compare("LT", "bf16", "a0", "b0", ctype="TOTALORDER")]),
    "i32_gt": (["i32"], [compare("GT", "i32", "a0", "b0", ctype="SIGNED")]),
    "abs_f32_lt": (["f32"], ['%m = "shlo.abs"(%a0) : (tensor<f32>) -> tensor<f32>',
                             '%n = "shlo.abs"(%b0) : (tensor<f32>) -> tensor<f32>',
                             compare("LT", "f32", "m", "n", ctype="TOTALORDER")]),
    "i32_lt_then_f32_gt": (["i32", "f32"], [compare("LT", "i32", "a0", "b0", "l", ctype="SIGNED"),
                                            compare("EQ", "i32", "a0", "b0", "e", ctype="SIGNED"),
                                            compare("GT", "f32", "a1", "b1", "g", ctype="TOTALORDER"),
                                            '%t = "shlo.and"(%e, %g) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
                                            '%r = "shlo.or"(%l, %t) : (tensor<i1>, tensor<i1>) -> tensor<i1>']),
    "f32_lt_then_i32_lt": (["f32", "i32"], [compare("LT", "f32", "a0", "b0", "l", ctype="TOTALORDER"),
                                            compare("EQ", "f32", "a0", "b0", "e", ctype="TOTALORDER"),
                                            compare("LT", "i32", "a1", "b1", "g", ctype="SIGNED"),
                                            '%t = "shlo.and"(%g, %e) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
                                            '%r = "shlo.or"(%t, %l) : (tensor<i1>, tensor<i1>) -> tensor<i1>']),
    # the torch / ONNX importers' float comparators: NaN after every number (descending: b, a)
    **{name: (["f32"], [compare("LT", "f32", first, second, "l"),
                        compare("NE", "f32", second, second, "nb"),
                        compare("NE", "f32", first, first, "na"),
                        '%nn = "shlo.not"(%na) : (tensor<i1>) -> tensor<i1>',
                        '%t = "shlo.and"(%nb, %nn) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
                        '%r = "shlo.or"(%l, %t) : (tensor<i1>, tensor<i1>) -> tensor<i1>'])
       for name, first, second in (("f32_nan_last", "a0", "b0"), ("f32_nan_last_descending", "b0", "a0"))},
}


@pytest.mark.parametrize("stable", [False, True], ids=["unstable", "stable"])
@pytest.mark.parametrize("case", list(_STRICT_WEAK))
def test_sort_with_strict_weak_comparator_matches_xla(case, stable):
    """A comparator that is a strict weak order: with is_stable = false XLA CPU's std::sort order
    of equal keys, else the stable order (rows of 300 with many ties, NaNs, -0.0), the positions
    carried along as the last operand, compiled == interpreted == XLA bit for bit."""
    from shlo.lowering.ops import std_sort
    keys, ops = _STRICT_WEAK[case]
    if not any(o.startswith("%r ") for o in ops):          # the last op's result is the verdict
        ops = ops[:-1] + [ops[-1].replace(ops[-1].split(" = ")[0], "%r", 1)]
    elements = keys + ["i32"]
    shape = (3, 300)
    text = sort_text(shape, elements, ops, dim=1, stable=stable)
    prog = shlo.parse(text)
    sort_op = next(op for op in prog.module.body.operations[0].regions[0].blocks[0].operations
                   if op.operation.name == "shlo.sort")
    assert std_sort.is_strict_weak(sort_op.operation.regions[0].blocks[0])
    rng = np.random.default_rng(7)
    args = [_ties_and_specials(shape, e, rng) for e in keys]
    args.append(np.broadcast_to(np.arange(300, dtype=np.int32), shape).copy())
    want = _xla_run(shlo.to_stablehlo(prog), args)
    for results in (shlo.compile(prog)(*args), shlo.interpret(prog, *args)):
        for got, w in zip(results, want):
            assert_same(got, w)
    if not stable:      # equal keys do not come out in the stable order
        stable_text = sort_text(shape, elements, ops, dim=1, stable=True)
        assert (want[-1] != _xla_run(shlo.to_stablehlo(shlo.parse(stable_text)), args)[-1]).any()


_NOT_STRICT_WEAK = {
    "float_lt": [compare("LT", "f32", "a0", "b0", ctype="FLOAT")],
    "total_le": [compare("LE", "f32", "a0", "b0", ctype="TOTALORDER")],
    "arguments_crossed": [compare("LT", "f32", "a0", "b1", ctype="TOTALORDER")],
    "same_element": [compare("LT", "f32", "a0", "a0", ctype="TOTALORDER")],
    "different_functions": ['%n = "shlo.negate"(%b0) : (tensor<f32>) -> tensor<f32>',
                            compare("LT", "f32", "a0", "n", ctype="TOTALORDER")],
    "equal_on_the_other_key": [compare("LT", "f32", "a0", "b0", "l", ctype="TOTALORDER"),
                               compare("EQ", "f32", "a1", "b1", "e", ctype="TOTALORDER"),
                               compare("LT", "f32", "a1", "b1", "g", ctype="TOTALORDER"),
                               '%t = "shlo.and"(%e, %g) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
                               '%r = "shlo.or"(%l, %t) : (tensor<i1>, tensor<i1>) -> tensor<i1>'],
    "nan_test_of_the_wrong_side": [compare("LT", "f32", "a0", "b0", "l"), compare("NE", "f32", "a0", "a0", "nb"),
                                   compare("NE", "f32", "b0", "b0", "na"),
                                   '%nn = "shlo.not"(%na) : (tensor<i1>) -> tensor<i1>',
                                   '%t = "shlo.and"(%nb, %nn) : (tensor<i1>, tensor<i1>) -> tensor<i1>',
                                   '%r = "shlo.or"(%l, %t) : (tensor<i1>, tensor<i1>) -> tensor<i1>'],
}


@pytest.mark.parametrize("case", list(_NOT_STRICT_WEAK))
def test_comparators_not_known_as_strict_weak_orders(case):
    """Comparators that are no strict weak order, or not one recognizably, keep the replay."""
    from shlo.lowering.ops import std_sort
    ops = _NOT_STRICT_WEAK[case]
    if not any(o.startswith("%r ") for o in ops):
        ops = ops[:-1] + [ops[-1].replace(ops[-1].split(" = ")[0], "%r", 1)]
    prog = shlo.parse(sort_text((4, 8), ["f32", "f32"], ops, dim=1, stable=False))
    sort_op = next(op for op in prog.module.body.operations[0].regions[0].blocks[0].operations
                   if op.operation.name == "shlo.sort")
    assert not std_sort.is_strict_weak(sort_op.operation.regions[0].blocks[0])


def test_unstable_sort_float_compare_keeps_the_replay():
    """compare LT of type FLOAT is not a strict weak order when NaNs are present: the compiled
    sort keeps the replay on ranks from the stable order, as the interpreter runs it. (The data
    have no NaNs: with them the stable orders of the merge sort and of the interpreter's sort
    already differ, the comparator being no order.)"""
    from shlo.lowering.ops import std_sort
    shape = (2, 200)
    text = sort_text(shape, ["f32", "i32"], [compare("LT", "f32", "a0", "b0", ctype="FLOAT")], dim=1, stable=False)
    prog = shlo.parse(text)
    sort_op = next(op for op in prog.module.body.operations[0].regions[0].blocks[0].operations
                   if op.operation.name == "shlo.sort")
    assert not std_sort.is_strict_weak(sort_op.operation.regions[0].blocks[0])
    rng = np.random.default_rng(8)
    x = _ties_and_specials(shape, "f32", rng)
    x[np.isnan(x)] = -0.0
    pos = np.broadcast_to(np.arange(200, dtype=np.int32), shape).copy()
    got, interp = run(text, x, pos)
    for g, i in zip(got, interp):
        assert_same(g, i)


@pytest.mark.parametrize("shape", [(3, 0), (0, 5), (2, 1), (0,)])
def test_sort_with_nothing_to_order_compiles(shape):
    """Rows of no or one element, or no rows: the operands come back as they are (an empty row's
    slices did not verify: 'offset 1 is out-of-bounds')."""
    text = sort_text(shape, ["f32", "i64"], [compare("LT", "f32", "a0", "b0", ctype="TOTALORDER")],
                     dim=len(shape) - 1, stable=False)
    x = random_array(shape, "f32")
    y = np.arange(x.size, dtype=np.int64).reshape(shape)
    got, interp = run(text, x, y)
    for g, i, a in zip(got, interp, (x, y)):
        assert_same(g, a)
        assert_same(g, i)
