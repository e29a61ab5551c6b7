"""Compiled gather, dynamic_gather and scatter (python/shlo/lowering/ops/indexing.py).

Expected values come from direct numpy transcriptions of the spec, one result
(gather) or update (scatter) element at a time, independently of the compiler
and of the interpreter; results are also compared with the reference
interpreter, bit for bit. Out-of-range indices are part of every test: gather
clamps the slice into the operand, scatter skips the update elements whose
target lies outside the inputs (what the interpreter does). Index element
types cover signed and unsigned, narrow (i4/ui4/i2) and 64-bit (ui64 values
beyond the i64 range).
"""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.literals import numpy_dtype
from shlo.lowering import lower_program

RNG = np.random.default_rng(2024)


# ----------------------------------------------------------------------------- helpers

def ttype(shape, element: str) -> str:
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def random_array(shape, element: str) -> np.ndarray:
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
        return RNG.integers(int(info.min), int(info.max), size=shape, endpoint=True, dtype=dt)
    return (RNG.standard_normal(shape) * 4).astype(np.float32).astype(dt)


def random_indices(shape, element: str, lo: int, hi: int) -> np.ndarray:
    """Index values in [lo, hi] (as far as the element type holds them), plus, where the type
    has them, its extreme values."""
    dt = numpy_dtype(element)
    info = ml_dtypes.iinfo(dt) if element in ("i2", "i4", "ui2", "ui4") else np.iinfo(dt)
    lo, hi = max(lo, int(info.min)), min(hi, int(info.max))
    v = RNG.integers(lo, hi + 1, size=shape).astype(np.int64)
    flat = v.reshape(-1)
    extremes = [int(info.min), int(info.max)]
    for j in range(min(2, flat.size // 4)):
        flat[RNG.integers(flat.size)] = extremes[j] if int(info.max) < 2 ** 63 else 0
    out = v.astype(dt) if int(info.max) < 2 ** 63 else v.astype(np.uint64)
    if element == "ui64" and out.size >= 4:            # values beyond the i64 range
        out.reshape(-1)[RNG.integers(out.size)] = np.uint64(2 ** 64 - 1)
        out.reshape(-1)[RNG.integers(out.size)] = np.uint64(2 ** 63 + 5)
    return out


def assert_same(got: np.ndarray, want: np.ndarray):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, got.dtype, want.shape, want.dtype)
    if want.dtype.kind in "fc" or want.dtype.itemsize == 1 and want.dtype.kind not in "iub":
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))     # bit for bit
    else:
        np.testing.assert_array_equal(got, want)


def compile_and_interpret(text: str, *args):
    prog = shlo.parse(text)
    got = shlo.compile(prog)(*args)
    return got, shlo.interpret(prog, *args)


def dims_attr(**kw) -> str:
    return ", ".join(f"{k} = [{', '.join(map(str, v))}]" if isinstance(v, (list, tuple)) else f"{k} = {v}"
                     for k, v in kw.items())


# ----------------------------------------------------------------------------- gather

def gather_shape(xshape, ishape, offset_dims, collapsed, obatch, ivd, slice_sizes):
    batch = [s for d, s in enumerate(ishape) if d != ivd]
    offs = [slice_sizes[d] for d in range(len(xshape)) if d not in collapsed and d not in obatch]
    out, b, o = [], iter(batch), iter(offs)
    for r in range(len(batch) + len(offs)):
        out.append(next(o) if r in offset_dims else next(b))
    return out


def ref_gather(x, idx, offset_dims, collapsed, start_index_map, ivd, slice_sizes, obatch=(), ibatch=()):
    """result[R] = x[clamp(start(B)) + offset(O)], element by element."""
    x, idx = np.asarray(x), np.asarray(idx)
    shape = gather_shape(x.shape, idx.shape, offset_dims, collapsed, obatch, ivd, slice_sizes)
    out = np.zeros(shape, x.dtype)
    batch_dims_r = [r for r in range(len(shape)) if r not in offset_dims]
    idx_batch = [d for d in range(idx.ndim) if d != ivd]
    offset_operand = [d for d in range(x.ndim) if d not in collapsed and d not in obatch]
    for R in itertools.product(*(range(s) for s in shape)):
        B = [R[r] for r in batch_dims_r]
        O = [R[r] for r in offset_dims]
        start = [0] * x.ndim
        for k, d in enumerate(start_index_map):
            pos = list(B)
            if ivd < idx.ndim:
                pos.insert(ivd, k)
            start[d] = int(idx[tuple(pos)])
        for od, idim in zip(obatch, ibatch):
            start[od] = B[idx_batch.index(idim)]
        full = []
        for d in range(x.ndim):
            s = min(max(start[d], 0), x.shape[d] - slice_sizes[d])
            full.append(s + (O[offset_operand.index(d)] if d in offset_operand else 0))
        out[R] = x[tuple(full)]
    return out


def gather_text(xshape, xe, ishape, ie, offset_dims, collapsed, start_index_map, ivd, slice_sizes,
                obatch=(), ibatch=(), rshape=None, xdecl=None, idecl=None):
    rshape = rshape or gather_shape(xshape, ishape, offset_dims, collapsed, obatch, ivd, slice_sizes)
    xt, it, rt = ttype(xdecl or xshape, xe), ttype(idecl or ishape, ie), ttype(rshape, xe)
    dn = dims_attr(offset_dims=offset_dims, collapsed_slice_dims=collapsed, operand_batching_dims=list(obatch),
                   start_indices_batching_dims=list(ibatch), start_index_map=start_index_map, index_vector_dim=ivd)
    sizes = "array<i64" + (": " + ", ".join(map(str, slice_sizes)) if slice_sizes else "") + ">"
    return f"""func.func @main(%x: {xt}, %i: {it}) -> {rt} {{
      %0 = "shlo.gather"(%x, %i) {{dimension_numbers = #shlo.gather<{dn}>, indices_are_sorted = false,
        slice_sizes = {sizes}}} : ({xt}, {it}) -> {rt}
      func.return %0 : {rt} }}"""


# (operand shape, indices shape, offset_dims, collapsed, start_index_map, ivd, slice_sizes, obatch, ibatch)
GATHER_CASES = {
    "take_rows": ((7, 5), (6,), [1], [0], [0], 1, [1, 5], (), ()),
    "take_rows_ivd_last": ((7, 5), (6, 1), [1], [0], [0], 1, [1, 5], (), ()),
    "point_2d": ((6, 5), (4, 3, 2), [], [0, 1], [0, 1], 2, [1, 1], (), ()),
    "index_vector_first": ((6, 5), (2, 4), [], [0, 1], [1, 0], 0, [1, 1], (), ()),
    "windows": ((6, 7, 3), (5, 2), [1, 2], [0], [0, 1], 1, [1, 3, 2], (), ()),
    "windows_interleaved": ((6, 7, 3), (2, 4), [0, 2], [1], [1, 2], 0, [4, 1, 2], (), ()),
    "uncollapsed_unit_slice": ((5, 6), (3, 1), [1, 2], [], [1], 1, [2, 1], (), ()),
    "scalar_index": ((8, 3), (), [0], [0], [0], 0, [1, 2], (), ()),
    "start_map_skips_dim": ((4, 6, 5), (3, 1), [1, 2], [1], [1], 1, [4, 1, 3], (), ()),
    "take_along_axis": ((3, 8), (3, 5, 1), [], [1], [1], 2, [1, 1], (0,), (0,)),
    "batching_swapped": ((4, 3, 9, 5), (3, 2, 4, 1), [3], [2], [2], 3, [1, 1, 1, 2], (0, 1), (2, 0)),
    "batching_with_window": ((3, 9, 4), (5, 3, 1), [2], [1], [1], 2, [1, 1, 3], (0,), (1,)),
    "empty_batch": ((7, 5), (0,), [1], [0], [0], 1, [1, 5], (), ()),
    "zero_slice": ((7, 5), (3, 1), [1], [0], [0], 1, [1, 0], (), ()),
    "rank0_operand": ((), (3, 0), [], [], [], 1, [], (), ()),
}


@pytest.mark.parametrize("case", sorted(GATHER_CASES))
def test_gather_dimension_numbers(case):
    xshape, ishape, offset_dims, collapsed, smap, ivd, sizes, obatch, ibatch = GATHER_CASES[case]
    x = random_array(xshape, "f32")
    bound = max(xshape, default=1) + 3
    idx = random_indices(ishape, "i32", -bound, bound)
    text = gather_text(xshape, "f32", ishape, "i32", offset_dims, collapsed, smap, ivd, sizes, obatch, ibatch)
    (got,), (interp,) = compile_and_interpret(text, x, idx)
    want = ref_gather(x, idx, offset_dims, collapsed, smap, ivd, sizes, obatch, ibatch)
    assert_same(got, want)
    assert_same(got, interp)


INDEX_ELEMENTS = ["i2", "i4", "ui4", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"]


@pytest.mark.parametrize("ie", INDEX_ELEMENTS)
def test_gather_index_element_types_clamp(ie):
    x = random_array((9, 4, 3), "i32")
    idx = random_indices((12, 2), ie, -20, 20)
    args = ([1, 2], [0], [0, 1], 1, [1, 3, 3])
    text = gather_text((9, 4, 3), "i32", (12, 2), ie, *args)
    (got,), (interp,) = compile_and_interpret(text, x, idx)
    assert_same(got, ref_gather(x, idx, *args))
    assert_same(got, interp)


@pytest.mark.parametrize("xe", ["i1", "i4", "ui4", "ui8", "i64", "f16", "bf16", "f8E4M3FN", "f8E5M2", "f64",
                                "complex<f32>", "complex<f64>"])
def test_gather_element_types(xe):
    x = random_array((6, 5), xe)
    idx = random_indices((4, 3, 1), "i64", -3, 9)
    args = ([2, 3], [], [0], 2, [2, 3])
    text = gather_text((6, 5), xe, (4, 3, 1), "i64", *args)
    (got,), (interp,) = compile_and_interpret(text, x, idx)
    assert_same(got, ref_gather(x, idx, *args))
    assert_same(got, interp)


def test_gather_quantized_operand_keeps_stored_values():
    q = "!quant.uniform<i8:f32, 5.000000e-01:-3>"
    text = f"""func.func @main(%x: tensor<6x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {{
      %q = "shlo.uniform_quantize"(%x) : (tensor<6x4xf32>) -> tensor<6x4x{q}>
      %g = "shlo.gather"(%q, %i) {{dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
        operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>,
        slice_sizes = array<i64: 1, 4>}} : (tensor<6x4x{q}>, tensor<3x1xi32>) -> tensor<3x4x{q}>
      %d = "shlo.uniform_dequantize"(%g) : (tensor<3x4x{q}>) -> tensor<3x4xf32>
      func.return %d : tensor<3x4xf32> }}"""
    x = random_array((6, 4), "f32")
    idx = np.array([[5], [-1], [2]], np.int32)
    (got,), (interp,) = compile_and_interpret(text, x, idx)
    assert_same(got, interp)
    deq = (np.clip(np.round(x / 0.5) - 3, -128, 127) + 3) * 0.5
    np.testing.assert_array_equal(got, deq[[5, 0, 2]].astype(np.float32))


def test_gather_dynamic_sizes():
    text = gather_text((None, 4), "f32", (None, 1), "ui8", [1], [0], [0], 1, [1, 3],
                       rshape=(None, 3))
    for n, m in ((7, 5), (1, 3), (3, 0), (300, 64)):
        x = random_array((n, 4), "f32")
        idx = random_indices((m, 1), "ui8", 0, n + 10)
        (got,), (interp,) = compile_and_interpret(text, x, idx)
        assert_same(got, ref_gather(x, idx, [1], [0], [0], 1, [1, 3]))
        assert_same(got, interp)


def test_gather_runtime_empty_operand_reads_nothing():
    """A dynamic operand that is empty at run time while the result is not (the program breaks the
    slice-size rule, gather C21): the compiled code reads nothing outside the operand and the call
    raises the interpreter's message (size_checks.BOUNDED)."""
    text = gather_text((None, 4), "f32", (5, 1), "i32", [1], [0], [0], 1, [1, 4], rshape=(5, 4))
    prog = shlo.parse(text)
    fn = shlo.compile(prog)
    for _ in range(3):
        with pytest.raises(shlo.ShloError, match=r"shlo.gather failed: .*slice size 1 of dimension 0 is outside \[0, 0\]"):
            fn(np.zeros((0, 4), np.float32), np.array([[0], [3], [-1], [9], [0]], np.int32))
    x = random_array((3, 4), "f32")
    got, = fn(x, np.array([[0], [3], [-1], [9], [1]], np.int32))
    np.testing.assert_array_equal(got, x[[0, 2, 0, 2, 1]])


def dynamic_gather_text(xshape, ishape, rshape, offset_dims, collapsed, smap, ivd, se="i32"):
    xt, it, st, rt = ttype(xshape, "i32"), ttype(ishape, "i64"), ttype([len(xshape)], se), ttype(rshape, "i32")
    dn = dims_attr(offset_dims=offset_dims, collapsed_slice_dims=collapsed, operand_batching_dims=[],
                   start_indices_batching_dims=[], start_index_map=smap, index_vector_dim=ivd)
    return f"""func.func @main(%x: {xt}, %i: {it}, %s: {st}) -> {rt} {{
      %0 = "shlo.dynamic_gather"(%x, %i, %s) {{dimension_numbers = #shlo.gather<{dn}>}} : ({xt}, {it}, {st}) -> {rt}
      func.return %0 : {rt} }}"""


@pytest.mark.parametrize("se", ["i32", "ui8", "i64"])
def test_dynamic_gather_run_time_slice_sizes(se):
    text = dynamic_gather_text((8, 6), (5, 2), (5, None, None), [1, 2], [], [0, 1], 1, se)
    x = random_array((8, 6), "i32")
    idx = random_indices((5, 2), "i64", -4, 12)
    fn = shlo.compile(shlo.parse(text))
    for sizes in ([1, 1], [3, 2], [8, 6], [0, 4], [2, 0]):
        s = np.array(sizes, numpy_dtype(se))
        got, = fn(x, idx, s)
        want = ref_gather(x, idx, [1, 2], [], [0, 1], 1, sizes)
        assert_same(got, want)
        assert_same(got, shlo.interpret(shlo.parse(text), x, idx, s)[0])


def test_dynamic_gather_static_result_and_collapsed_dim():
    text = dynamic_gather_text((5, 4), (3, 2), (3, 2), [1], [0], [0, 1], 1, "i64")
    x = random_array((5, 4), "i32")
    idx = np.array([[1, 1], [4, 3], [-1, 9]], np.int64)
    got, interp = compile_and_interpret(text, x, idx, np.array([1, 2], np.int64))
    assert_same(got[0], ref_gather(x, idx, [1], [0], [0, 1], 1, [1, 2]))
    assert_same(got[0], interp[0])


def test_dynamic_gather_bad_slice_sizes_stay_inside():
    """Slice sizes outside [0, dim] (or not matching a static result) break the spec: compiled code
    reads only operand elements (every read clamped), and the call then raises the interpreter's
    message (its run-time check, test_compile_run_time_sizes)."""
    fn = shlo.compile(shlo.parse(dynamic_gather_text((5, 4), (3, 2), (3, None), [1], [0], [0, 1], 1, "i64")))
    x = np.arange(20, dtype=np.int32).reshape(5, 4) + 100
    idx = np.array([[1, 1], [4, 3], [-1, 9]], np.int64)
    for sizes in ([1, 9], [-3, -7], [40, 2], [1, 2 ** 62]):
        with pytest.raises(shlo.ShloError, match="shlo.dynamic_gather failed: ValueError: slice size"):
            fn(x, idx, np.array(sizes, np.int64))
    got, = fn(x, idx, np.array([1, 3], np.int64))
    assert got.shape == (3, 3) and np.isin(got, x).all()
    fn = shlo.compile(shlo.parse(dynamic_gather_text((5, 4), (3, 2), (3, 3), [1], [0], [0, 1], 1, "i64")))
    for sizes in ([1, 1], [1, 4], [7, 0]):
        with pytest.raises(shlo.ShloError, match="shlo.dynamic_gather failed: ValueError"):
            fn(x, idx, np.array(sizes, np.int64))


def test_gather_is_one_generic_without_loops():
    text = gather_text((6, 7, 3), "f32", (5, 2), "i32", [1, 2], [0], [0, 1], 1, [1, 3, 2])
    ir_text = str(lower_program(shlo.parse(text)).module)
    assert ir_text.count("linalg.generic") == 1
    assert "scf.for" not in ir_text and "scf.if" not in ir_text


# ----------------------------------------------------------------------------- scatter

REGIONS = {
    # name: (region body over %a0.. / %b0.. returning %r0.., numpy combiner)
    "add": ('%r0 = "shlo.add"(%a0, %b0) : (tensor<E0>, tensor<E0>) -> tensor<E0>', lambda a, b: a + b),
    "replace": ("", lambda a, b: b),
    "max": ('%r0 = "shlo.maximum"(%a0, %b0) : (tensor<E0>, tensor<E0>) -> tensor<E0>', lambda a, b: max(a, b)),
    # order-sensitive: 2a + b
    "twice_plus": ('%t = "shlo.add"(%a0, %a0) : (tensor<E0>, tensor<E0>) -> tensor<E0>\n'
                   '%r0 = "shlo.add"(%t, %b0) : (tensor<E0>, tensor<E0>) -> tensor<E0>', lambda a, b: a + a + b),
}


def ref_scatter(inputs, idx, updates, window_dims, inserted, to_operand, ivd, combine, ibatch=(), sbatch=(),
                dtypes=None):
    """Update elements in row-major order; those whose target is outside the inputs are skipped."""
    idx = np.asarray(idx)
    dtypes = dtypes or [np.asarray(x).dtype for x in inputs]
    results = [np.array(x).astype(dt) for x, dt in zip(inputs, dtypes)]
    updates = [np.asarray(u).astype(dt) for u, dt in zip(updates, dtypes)]
    shape, ushape = results[0].shape, updates[0].shape
    scatter_dims = [d for d in range(len(ushape)) if d not in window_dims]
    idx_batch = [d for d in range(idx.ndim) if d != ivd]
    window_operand = [d for d in range(len(shape)) if d not in inserted and d not in ibatch]
    for U in itertools.product(*(range(s) for s in ushape)):
        B = [U[d] for d in scatter_dims]
        T = [0] * len(shape)
        for k, d in enumerate(to_operand):
            pos = list(B)
            if ivd < idx.ndim:
                pos.insert(ivd, k)
            T[d] += int(idx[tuple(pos)])
        for od, sd in zip(ibatch, sbatch):
            T[od] += B[idx_batch.index(sd)]
        for od, ud in zip(window_operand, window_dims):
            T[od] += U[ud]
        if not all(0 <= t < s for t, s in zip(T, shape)):
            continue
        with np.errstate(over="ignore"):
            news = combine(*[r[tuple(T)] for r in results], *[u[U] for u in updates])
        news = news if isinstance(news, tuple) else (news,)
        for r, v in zip(results, news):
            r[tuple(T)] = v
    return results


def scatter_text(xshapes, xes, ishape, ie, ushape, window_dims, inserted, to_operand, ivd, body, ret,
                 ibatch=(), sbatch=(), region_elements=None, xdecl=None, idecl=None, udecl=None, unique=False):
    n = len(xes)
    re = region_elements or xes
    xts = [ttype(xdecl or xshapes, e) for e in xes]
    uts = [ttype(udecl or ushape, e) for e in xes]
    rts = [ttype(xdecl or xshapes, e) for e in re]
    it = ttype(idecl or ishape, ie)
    dn = dims_attr(update_window_dims=window_dims, inserted_window_dims=inserted, input_batching_dims=list(ibatch),
                   scatter_indices_batching_dims=list(sbatch), scatter_dims_to_operand_dims=to_operand,
                   index_vector_dim=ivd)
    for k, e in enumerate(re):
        body = body.replace(f"E{k}>", f"{e}>")
    bargs = ", ".join([f"%{v}{k}: tensor<{e}>" for v in "ab" for k, e in enumerate(re)])
    params = ", ".join([f"%x{k}: {t}" for k, t in enumerate(xts)] + [f"%i: {it}"]
                       + [f"%u{k}: {t}" for k, t in enumerate(uts)])
    res = "%0" if n == 1 else f"%0:{n}"
    outs = ", ".join(["%0"] if n == 1 else [f"%0#{k}" for k in range(n)])
    return f"""func.func @main({params}) -> ({', '.join(rts)}) {{
      {res} = "shlo.scatter"({', '.join(f'%x{k}' for k in range(n))}, %i, {', '.join(f'%u{k}' for k in range(n))}) ({{
      ^bb0({bargs}):
        {body}
        "shlo.return"({', '.join(ret)}) : ({', '.join(f'tensor<{e}>' for e in re)}) -> ()
      }}) {{operandSegmentSizes = array<i32: {n}, 1, {n}>, scatter_dimension_numbers = #shlo.scatter<{dn}>,
         indices_are_sorted = false, unique_indices = {'true' if unique else 'false'}}}
         : ({', '.join(xts + [it] + uts)}) -> ({', '.join(rts)})
      func.return {outs} : {', '.join(rts)} }}"""


def region(name: str):
    body, fn = REGIONS[name]
    return body, ["%b0"] if name == "replace" else ["%r0"], fn


# (input shape, indices shape, update shape, update_window_dims, inserted, to_operand, ivd, ibatch, sbatch)
SCATTER_CASES = {
    "rows_1d": ((9,), (12, 1), (12,), [], [0], [0], 1, (), ()),
    "rows_ivd_rank": ((9,), (12,), (12,), [], [0], [0], 1, (), ()),
    "row_windows": ((7, 5), (10, 1), (10, 5), [1], [0], [0], 1, (), ()),
    "partial_windows": ((7, 6), (9, 2), (9, 3, 4), [1, 2], [], [0, 1], 1, (), ()),
    "window_first": ((7, 6), (9, 1), (4, 9), [0], [1], [1], 1, (), ()),
    "window_between": ((5, 6, 4), (3, 2, 4), (3, 3, 4), [1], [0, 2], [0, 2], 1, (), ()),
    "index_vector_first": ((6, 5), (2, 7), (7,), [], [0, 1], [1, 0], 0, (), ()),
    "two_scatter_dims": ((6, 5), (3, 4, 2), (3, 4), [], [0, 1], [0, 1], 2, (), ()),
    "start_map_skips_window": ((4, 6, 5), (8, 1), (8, 4, 3), [1, 2], [1], [1], 1, (), ()),
    "no_scatter_dims": ((8, 5), (2,), (3, 4), [0, 1], [], [0, 1], 0, (), ()),
    "batched_rows": ((3, 7), (3, 4, 1), (3, 4), [], [1], [1], 2, (0,), (0,)),
    "batched_windows": ((4, 7, 3), (5, 4, 1), (5, 4, 2), [2], [1], [1], 2, (0,), (1,)),
    "empty_updates": ((7, 5), (0, 1), (0, 5), [1], [0], [0], 1, (), ()),
    "empty_window": ((7, 5), (4, 1), (4, 0), [1], [0], [0], 1, (), ()),
    "rank0_input": ((), (4, 0), (4,), [], [], [], 1, (), ()),
}


@pytest.mark.parametrize("op", sorted(REGIONS))
@pytest.mark.parametrize("case", sorted(SCATTER_CASES))
def test_scatter_dimension_numbers(case, op):
    xshape, ishape, ushape, wdims, inserted, to_op, ivd, ibatch, sbatch = SCATTER_CASES[case]
    body, ret, fn = region(op)
    x = random_array(xshape, "i32") % 1000
    u = random_array(ushape, "i32") % 1000
    bound = max(xshape, default=1) + 2
    idx = random_indices(ishape, "i32", -bound, bound)
    text = scatter_text(xshape, ["i32"], ishape, "i32", ushape, wdims, inserted, to_op, ivd, body, ret, ibatch, sbatch)
    (got,), (interp,) = compile_and_interpret(text, x, idx, u)
    want, = ref_scatter([x], idx, [u], wdims, inserted, to_op, ivd, fn, ibatch, sbatch)
    assert_same(got, want)
    assert_same(got, interp)


@pytest.mark.parametrize("ie", INDEX_ELEMENTS)
def test_scatter_index_element_types_skip_out_of_range(ie):
    xshape, ishape, ushape = (9, 6), (14, 2), (14, 2, 3)
    body, ret, fn = region("twice_plus")
    x = random_array(xshape, "i64")
    u = random_array(ushape, "i64")
    idx = random_indices(ishape, ie, -12, 12)
    text = scatter_text(xshape, ["i64"], ishape, ie, ushape, [1, 2], [], [0, 1], 1, body, ret)
    (got,), (interp,) = compile_and_interpret(text, x, idx, u)
    want, = ref_scatter([x], idx, [u], [1, 2], [], [0, 1], 1, fn)
    assert_same(got, want)
    assert_same(got, interp)


@pytest.mark.parametrize("xe,op", [("i1", "replace"), ("i4", "add"), ("ui4", "max"), ("ui8", "add"),
                                   ("i16", "twice_plus"), ("f16", "add"), ("bf16", "max"), ("f8E4M3FN", "replace"),
                                   ("f8E5M2", "add"), ("f32", "add"), ("f64", "twice_plus"),
                                   ("complex<f32>", "add"), ("complex<f64>", "replace")])
def test_scatter_element_types(xe, op):
    body, ret, fn = region(op)
    x = random_array((6, 5), xe)
    u = random_array((8, 5), xe)
    idx = random_indices((8, 1), "i32", -2, 7)
    text = scatter_text((6, 5), [xe], (8, 1), "i32", (8, 5), [1], [0], [0], 1, body, ret)
    (got,), (interp,) = compile_and_interpret(text, x, idx, u)
    assert_same(got, interp)
    if xe not in ("f8E5M2", "i1"):       # numpy has no f8 arithmetic of its own, nor i1 max
        want, = ref_scatter([x], idx, [u], [1], [0], [0], 1, fn)
        assert_same(got, want)


def test_scatter_variadic_argmin_combiner():
    """Two inputs of different element types combined by one region (min value, ties to the smaller
    index), with duplicates and out-of-range targets."""
    body = """%lt = "shlo.compare"(%b0, %a0) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %eq = "shlo.compare"(%b0, %a0) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %li = "shlo.compare"(%b1, %a1) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %tie = shlo.and %eq, %li : tensor<i1>
        %take = shlo.or %lt, %tie : tensor<i1>
        %r0 = "shlo.select"(%take, %b0, %a0) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
        %r1 = "shlo.select"(%take, %b1, %a1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>"""

    def fn(a0, a1, b0, b1):
        take = b0 < a0 or (b0 == a0 and b1 < a1)
        return (b0, b1) if take else (a0, a1)

    x0 = np.full((5, 3), np.inf, np.float32)
    x1 = np.full((5, 3), 2 ** 30, np.int32)
    u0 = RNG.integers(0, 4, (20, 3)).astype(np.float32)
    u1 = np.broadcast_to(np.arange(20, dtype=np.int32)[:, None], (20, 3)).copy()
    idx = RNG.integers(-1, 7, (20, 1)).astype(np.int32)
    text = scatter_text((5, 3), ["f32", "i32"], (20, 1), "i32", (20, 3), [1], [0], [0], 1, body, ["%r0", "%r1"])
    got, interp = compile_and_interpret(text, x0, x1, idx, u0, u1)
    want = ref_scatter([x0, x1], idx, [u0, u1], [1], [0], [0], 1, fn)
    for g, w, i in zip(got, want, interp):
        assert_same(g, w)
        assert_same(g, i)


@pytest.mark.parametrize("xe,re", [("i8", "i32"), ("ui8", "ui32"), ("bf16", "f32"), ("f16", "f64"),
                                   ("complex<f32>", "complex<f64>")])
def test_scatter_region_in_wider_type(xe, re):
    """The update computation may compute in a wider element type of the same kind: inputs and
    updates are converted to it and the results have it."""
    body = '%r0 = "shlo.add"(%a0, %b0) : (tensor<E0>, tensor<E0>) -> tensor<E0>'
    x = random_array((7,), xe)
    u = random_array((9,), xe)
    idx = random_indices((9, 1), "i32", -1, 8)
    text = scatter_text((7,), [xe], (9, 1), "i32", (9,), [], [0], [0], 1, body, ["%r0"], region_elements=[re])
    (got,), (interp,) = compile_and_interpret(text, x, idx, u)
    rdt = numpy_dtype(re)
    want, = ref_scatter([x], idx, [u], [], [0], [0], 1, lambda a, b: a + b, dtypes=[rdt])
    assert got.dtype == rdt
    assert_same(got, want)
    assert_same(got, interp)


def test_scatter_dynamic_sizes():
    body, ret, fn = region("add")
    text = scatter_text((5, 3), ["f32"], (4, 1), "ui16", (4, 3), [1], [0], [0], 1, body, ret,
                        xdecl=(None, 3), idecl=(None, 1), udecl=(None, None))
    prog = shlo.parse(text)
    cf = shlo.compile(prog)
    for n, m, w in ((5, 4, 3), (0, 3, 3), (6, 0, 3), (9, 40, 2), (3, 5, 0)):
        x = random_array((n, 3), "f32")
        idx = random_indices((m, 1), "ui16", 0, n + 3)
        u = random_array((m, w), "f32")
        got, = cf(x, idx, u)
        want, = ref_scatter([x], idx, [u], [1], [0], [0], 1, fn)
        assert_same(got, want)
        assert_same(got, shlo.interpret(prog, x, idx, u)[0])


def test_scatter_does_not_write_into_arguments():
    body, ret, _ = region("add")
    text = scatter_text((6,), ["f32"], (3, 1), "i32", (3,), [], [0], [0], 1, body, ret)
    x = np.arange(6, dtype=np.float32)
    keep = x.copy()
    got, = shlo.compile(shlo.parse(text))(x, np.array([[1], [1], [4]], np.int32), np.ones(3, np.float32))
    np.testing.assert_array_equal(x, keep)
    np.testing.assert_array_equal(got, keep + [0, 2, 0, 0, 1, 0])


def test_scatter_quantized_combines_dequantized_values():
    """Quantized inputs are scattered as stored values and the region's quantized add is
    dequantize-add-quantize on each pair. (The interpreter runs scatter on dequantized inputs and
    then dequantizes them again inside the quantized region, so it is not the oracle here.)"""
    q = "!quant.uniform<i8:f32, 2.500000e-01:4>"
    text = f"""func.func @main(%x: tensor<6x2xf32>, %i: tensor<5x1xi32>, %u: tensor<5x2xf32>) -> tensor<6x2xf32> {{
      %qx = "shlo.uniform_quantize"(%x) : (tensor<6x2xf32>) -> tensor<6x2x{q}>
      %qu = "shlo.uniform_quantize"(%u) : (tensor<5x2xf32>) -> tensor<5x2x{q}>
      %s = "shlo.scatter"(%qx, %i, %qu) ({{
      ^bb0(%a: tensor<{q}>, %b: tensor<{q}>):
        %r = "shlo.add"(%a, %b) : (tensor<{q}>, tensor<{q}>) -> tensor<{q}>
        "shlo.return"(%r) : (tensor<{q}>) -> ()
      }}) {{operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1],
         inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [],
         scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}} : (tensor<6x2x{q}>, tensor<5x1xi32>, tensor<5x2x{q}>) -> tensor<6x2x{q}>
      %d = "shlo.uniform_dequantize"(%s) : (tensor<6x2x{q}>) -> tensor<6x2xf32>
      func.return %d : tensor<6x2xf32> }}"""
    x = random_array((6, 2), "f32")
    u = random_array((5, 2), "f32")
    idx = np.array([[0], [5], [0], [9], [-1]], np.int32)
    got, = shlo.compile(shlo.parse(text))(x, idx, u)

    def quant(v):
        return np.clip(np.round(np.asarray(v, np.float64) / 0.25) + 4, -128, 127)

    def deq(qv):
        return (qv - 4) * 0.25

    want = ref_scatter([quant(x)], idx, [quant(u)], [1], [0], [0], 1, lambda a, b: quant(deq(a) + deq(b)))[0]
    np.testing.assert_array_equal(got, deq(want).astype(np.float32))


def _count(text: str, what: str) -> int:
    return str(lower_program(shlo.parse(text)).module).count(what)


def test_scatter_loop_structure():
    """One scf.for per update dimension, the index vector read once per scatter position and one
    bounds check per scatter position (none per window element: the window loop's range is cut)."""
    body, ret, _ = region("add")
    text = scatter_text((7, 5), ["f32"], (10, 1), "i32", (10, 5), [1], [0], [0], 1, body, ret)
    ir_text = str(lower_program(shlo.parse(text)).module)
    assert ir_text.count("scf.for") == 2
    assert ir_text.count("scf.if") == 1
    assert ir_text.count("tensor.insert ") == 1
    # windows only (no check at all: every window loop is cut to the inputs)
    text = scatter_text((8, 5), ["f32"], (2,), "i32", (3, 4), [0, 1], [], [0, 1], 0, body, ret)
    assert _count(text, "scf.if") == 0 and _count(text, "scf.for") == 2


@pytest.mark.parametrize("n,m,w", [(1000, 5000, 1), (200, 3000, 64)])
def test_scatter_add_larger(n, m, w):
    body, ret, _ = region("add")
    wdims = [1] if w > 1 else []
    ushape = (m, w) if w > 1 else (m,)
    xshape = (n, w) if w > 1 else (n,)
    text = scatter_text(xshape, ["f64"], (m, 1), "i64", ushape, wdims, [0], [0], 1, body, ret)
    x = random_array(xshape, "f64")
    u = random_array(ushape, "f64")
    idx = RNG.integers(-10, n + 10, (m, 1))
    got, = shlo.compile(shlo.parse(text))(x, idx, u)
    want = x.copy()
    keep = (idx[:, 0] >= 0) & (idx[:, 0] < n)
    np.add.at(want, idx[keep, 0], u[keep])
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_sizes_that_break_the_types_at_run_time_read_nothing_outside():
    """Dynamic sizes that do not match what the types promise (undefined by the spec, rejected by
    the interpreter) must not make compiled code read outside a tensor."""
    # gather: a static batch of 6 from indices that hold 2 (or none) at run time: read inside, then
    # the call raises the interpreter's message (size_checks.bounds)
    text = gather_text((7, 5), "f32", (6, 1), "i32", [1], [0], [0], 1, [1, 5], idecl=(None, None))
    fn = shlo.compile(shlo.parse(text))
    x = random_array((7, 5), "f32")
    for idx in (np.array([[3], [9]], np.int32), np.zeros((0, 1), np.int32), np.zeros((4, 0), np.int32)):
        with pytest.raises(shlo.ShloError, match="shlo.gather failed"):
            fn(x, idx)
    got, = fn(x, np.array([[3], [1], [0], [6], [2], [5]], np.int32))
    np.testing.assert_array_equal(got, x[[3, 1, 0, 6, 2, 5]])
    # scatter: updates with more scatter positions than there are index vectors (guarded, then the
    # call raises naming the op: entry arguments are compared before it, size_checks.paired_sizes)
    body, ret, fn_ = region("add")
    text = scatter_text((6,), ["i32"], (3, 1), "i32", (3,), [], [0], [0], 1, body, ret,
                        idecl=(None, None), udecl=(None,))
    fn = shlo.compile(shlo.parse(text))
    x = np.zeros(6, np.int32)
    for idx in (np.array([[2]], np.int32), np.zeros((0, 1), np.int32), np.zeros((5, 0), np.int32)):
        with pytest.raises(shlo.ShloError, match="shlo.scatter"):
            fn(x, idx, np.ones(4, np.int32))
    got, = fn(x, np.array([[2], [2], [5], [6]], np.int32), np.ones(4, np.int32))
    np.testing.assert_array_equal(got, [0, 0, 2, 0, 0, 1])


def test_scatter_variadic_inputs_of_different_run_time_sizes_are_rejected():
    body = ('%r0 = "shlo.add"(%a0, %b0) : (tensor<E0>, tensor<E0>) -> tensor<E0>\n'
            '%r1 = "shlo.add"(%a1, %b1) : (tensor<E1>, tensor<E1>) -> tensor<E1>')
    text = scatter_text((5,), ["f32", "i32"], (2, 1), "i32", (2,), [], [0], [0], 1, body, ["%r0", "%r1"],
                        xdecl=(None,))
    fn = shlo.compile(shlo.parse(text))
    idx, u0, u1 = np.array([[4], [1]], np.int32), np.ones(2, np.float32), np.ones(2, np.int32)
    a, b = fn(np.zeros(5, np.float32), np.zeros(5, np.int32), idx, u0, u1)
    np.testing.assert_array_equal(b, [0, 1, 0, 0, 1])
    with pytest.raises(shlo.ShloError):
        fn(np.zeros(5, np.float32), np.zeros(3, np.int32), idx, u0, u1)
