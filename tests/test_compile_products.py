"""Large f32 / f64 matrix products as calls (lowering/products.py, jit/ShloBlas.cpp): of shlo's own
precompiled kernel (jit/ShloGemm.cpp, the default) and of OpenBLAS (SHLO_MATMUL=blas), each
through every layout the glue reads at run time (row- and column-major operands, strided views,
an output inside a larger buffer), batches, both element types, sizes that do not fill the
kernel's register tiles, one and two threads; and SHLO_MATMUL=generated (no calls)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import shlo
from shlo.lowering import products

RNG = np.random.default_rng(7)


@pytest.fixture(autouse=True, params=["kernel", "blas"])
def mode(request, monkeypatch):
    if request.param == "blas" and not products.available():
        pytest.skip("numpy without its bundled OpenBLAS")
    monkeypatch.setenv("SHLO_MATMUL", request.param)
    return request.param


def _compile(text: str, **options):
    fn = shlo.compile(shlo.parse(text), **options)
    return fn, fn.timings.get("product_calls", 0)


def _dims(contracting=((1,), (0,)), batching=((), ())) -> str:
    def ints(v):
        return "[" + ", ".join(map(str, v)) + "]"
    return (f"#shlo.dot<lhs_batching_dimensions = {ints(batching[0])}, rhs_batching_dimensions = "
            f"{ints(batching[1])}, lhs_contracting_dimensions = {ints(contracting[0])}, "
            f"rhs_contracting_dimensions = {ints(contracting[1])}>")


def _dot(lhs: str, rhs: str, out: str, dims: str = _dims(), a: str = "%a", b: str = "%b", result: str = "%0") -> str:
    return (f'  {result} = "shlo.dot_general"({a}, {b}) {{dot_dimension_numbers = {dims}}} '
            f": (tensor<{lhs}>, tensor<{rhs}>) -> tensor<{out}>\n")


def _program(lhs: str, rhs: str, out: str, dims: str = _dims()) -> str:
    return (f"func.func @main(%a: tensor<{lhs}>, %b: tensor<{rhs}>) -> tensor<{out}> {{\n"
            + _dot(lhs, rhs, out, dims) + f"  func.return %0 : tensor<{out}>\n}}\n")


@pytest.mark.parametrize("element", ["f32", "f64"])
def test_matmul_is_a_library_call_and_matches(element):
    dtype = np.float32 if element == "f32" else np.float64
    a, b = RNG.standard_normal((160, 80)).astype(dtype), RNG.standard_normal((80, 112)).astype(dtype)
    fn, calls = _compile(_program(f"160x80x{element}", f"80x112x{element}", f"160x112x{element}"))
    assert calls == 1
    np.testing.assert_allclose(fn(a, b)[0], a.astype(np.float64) @ b, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("k, m, n", [(64, 144, 72), (61, 133, 83)])
def test_transposed_operands_use_the_transpose_flags(k, m, n):
    # lhs contracted over its first dimension, rhs over its second: both column-major views
    # (BLAS's transpose flags; the kernel packs them column by column, tails padded)
    a, b = RNG.standard_normal((k, m)).astype(np.float32), RNG.standard_normal((n, k)).astype(np.float32)
    fn, calls = _compile(_program(f"{k}x{m}xf32", f"{n}x{k}xf32", f"{m}x{n}xf32", _dims(((0,), (1,)))))
    assert calls == 1
    np.testing.assert_allclose(fn(a, b)[0], a.T.astype(np.float64) @ b.T, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("out_perm", [(1, 0, 2), (1, 2, 0)])
def test_per_head_transposes_are_views_of_the_calls(out_perm):
    # a decoder's attention: q / k / v sliced from one product, split into heads and moved
    # head-first; the per-head products read them in place (strided views of the qkv buffer)
    # and the context is written straight into the sequence-first layout. An output
    # transpose that moves the innermost dimension is left as a copy (C's rows must be contiguous).
    import jax
    import jax.numpy as jnp
    s, h, d = 128, 4, 32

    def attention(x, w):
        qkv = x @ w
        q, k, v = (qkv[:, i * h * d:(i + 1) * h * d].reshape(s, h, d).transpose(1, 0, 2) for i in range(3))
        scores = jnp.einsum("hqd,hkd->hqk", q, k)
        return jnp.einsum("hqk,hkd->hqd", scores, v).transpose(out_perm)

    x, w = RNG.standard_normal((s, h * d)).astype(np.float32), RNG.standard_normal((h * d, 3 * h * d)).astype(np.float32)
    prog = shlo.from_jax(attention, x, w)
    fn = shlo.compile(prog)
    assert fn.timings["product_calls"] == 3
    # the transpose left is scheduled (a view the schedules could not take would make the whole
    # module fall back to plain loops); with every transpose folded nothing is left to schedule
    assert fn.timings["scheduled"] == (out_perm != (1, 0, 2))
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    qkv = x64 @ w64
    q, k, v = (qkv[:, i * h * d:(i + 1) * h * d].reshape(s, h, d).transpose(1, 0, 2) for i in range(3))
    want = np.einsum("hqk,hkd->hqd", np.einsum("hqd,hkd->hqk", q, k), v).transpose(out_perm)
    np.testing.assert_allclose(fn(x, w)[0], want, rtol=1e-4, atol=1e-5 * np.abs(want).max())
    from mlir import ir
    from shlo.lowering import pipeline
    from shlo.lowering.driver import lower_program
    module = lower_program(prog, entry="main", mode="compile").module
    pipeline.run(module, pipeline.prepare(module))
    with module.context, ir.Location.unknown():
        products.claim(module, os.environ["SHLO_MATMUL"])
    text = str(module)
    assert text.count("memref.transpose") == (4 if out_perm == (1, 0, 2) else 3)
    assert text.count("linalg.transpose") == (0 if out_perm == (1, 0, 2) else 1)
    del jax


def test_one_transpose_read_by_both_operands_and_by_a_later_op():
    # the transpose stays for its other reader; both operands are views of its input
    text = ("func.func @main(%a: tensor<128x128xf32>) -> (tensor<128x128xf32>, tensor<128x128xf32>) {\n"
            "  %t = shlo.transpose %a {permutation = array<i64: 1, 0>} : (tensor<128x128xf32>) -> tensor<128x128xf32>\n"
            + _dot("128x128xf32", "128x128xf32", "128x128xf32", a="%t", b="%t", result="%p")
            + "  %n = shlo.negate %t : tensor<128x128xf32>\n"
              "  func.return %p, %n : tensor<128x128xf32>, tensor<128x128xf32>\n}\n")
    a = RNG.standard_normal((128, 128)).astype(np.float32)
    fn, calls = _compile(text)
    assert calls == 1
    p, n = fn(a)
    np.testing.assert_allclose(p, a.T.astype(np.float64) @ a.T, rtol=1e-5, atol=1e-3)
    np.testing.assert_array_equal(n, -a.T)


def test_batched_product():
    a, b = RNG.standard_normal((3, 136, 64)).astype(np.float32), RNG.standard_normal((3, 64, 56)).astype(np.float32)
    fn, calls = _compile(_program("3x136x64xf32", "3x64x56xf32", "3x136x56xf32",
                                  _dims(((2,), (1,)), ((0,), (0,)))))
    assert calls == 1
    np.testing.assert_allclose(fn(a, b)[0], np.matmul(a.astype(np.float64), b), rtol=1e-5, atol=1e-4)


def test_strided_views_and_an_output_inside_a_larger_buffer():
    # every other column of %a (stride 2: copied by the glue), and the products written into
    # the two halves of one concatenated result
    text = ("func.func @main(%a: tensor<128x256xf32>, %b: tensor<128x48xf32>) -> tensor<256x48xf32> {\n"
            "  %s = shlo.slice %a {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 128, 256>, "
            "strides = array<i64: 1, 2>} : (tensor<128x256xf32>) -> tensor<128x128xf32>\n"
            + _dot("128x128xf32", "128x48xf32", "128x48xf32", a="%s", result="%p")
            + _dot("128x128xf32", "128x48xf32", "128x48xf32", _dims(((0,), (0,))), a="%s", result="%q")
            + "  %c = shlo.concatenate %p, %q {dimension = 0 : i64} : (tensor<128x48xf32>, tensor<128x48xf32>) "
              "-> tensor<256x48xf32>\n  func.return %c : tensor<256x48xf32>\n}\n")
    a, b = RNG.standard_normal((128, 256)).astype(np.float32), RNG.standard_normal((128, 48)).astype(np.float32)
    fn, calls = _compile(text)
    assert calls == 2
    s = a[:, ::2].astype(np.float64)
    np.testing.assert_allclose(fn(a, b)[0], np.concatenate([s @ b, s.T @ b]), rtol=1e-5, atol=1e-4)


def test_one_thread_and_fused_consumers():
    text = ("func.func @main(%a: tensor<128x256xf32>, %b: tensor<256x128xf32>) -> tensor<128x128xf32> {\n"
            + _dot("128x256xf32", "256x128xf32", "128x128xf32", result="%p")
            + "  %z = shlo.constant {value = dense<0.0> : tensor<128x128xf32>} : () -> tensor<128x128xf32>\n"
              "  %r = shlo.maximum %p, %z : tensor<128x128xf32>\n  func.return %r : tensor<128x128xf32>\n}\n")
    a, b = RNG.standard_normal((128, 256)).astype(np.float32), RNG.standard_normal((256, 128)).astype(np.float32)
    for threads in (1, 2):
        fn, calls = _compile(text, threads=threads)
        assert calls == 1
        np.testing.assert_allclose(fn(a, b)[0], np.maximum(a.astype(np.float64) @ b, 0), rtol=1e-5, atol=1e-4)


def test_small_few_row_and_integer_products_stay_generated_code(mode):
    _, calls = _compile(_program("8x8xf32", "8x8xf32", "8x8xf32"))
    assert calls == 0
    # 64 rows: OpenBLAS would pack the whole 1024 x 1024 operand for them (products.MIN_ROWS);
    # shlo's kernel reads it in place
    a, b = RNG.standard_normal((64, 1024)).astype(np.float32), RNG.standard_normal((1024, 1024)).astype(np.float32)
    fn, calls = _compile(_program("64x1024xf32", "1024x1024xf32", "64x1024xf32"))
    assert calls == (1 if mode == "kernel" else 0)
    np.testing.assert_allclose(fn(a, b)[0], a.astype(np.float64) @ b, rtol=1e-4, atol=1e-3)
    fn, calls = _compile(_program("64x64xi32", "64x64xi32", "64x64xi32"))
    assert calls == 0
    a = RNG.integers(-5, 5, (64, 64)).astype(np.int32)
    np.testing.assert_array_equal(fn(a, a)[0], a @ a)



def test_a_contraction_over_reshaped_dimensions_becomes_one_library_call():
    # element-wise fusion folds the reshape into the product: a generic over (s, n, h, d), which
    # products.py collapses back to a matmul of 128 x 128 by 128 x 96 (the decoder's output projection)
    text = ("func.func @main(%a: tensor<128x8x16xf32>, %w: tensor<8x16x96xf32>) -> tensor<128x96xf32> {\n"
            "  %r = shlo.reshape %a : (tensor<128x8x16xf32>) -> tensor<128x128xf32>\n"
            "  %v = shlo.reshape %w : (tensor<8x16x96xf32>) -> tensor<128x96xf32>\n"
            + _dot("128x128xf32", "128x96xf32", "128x96xf32", a="%r", b="%v", result="%p")
            + "  func.return %p : tensor<128x96xf32>\n}\n")
    a, w = RNG.standard_normal((128, 8, 16)).astype(np.float32), RNG.standard_normal((8, 16, 96)).astype(np.float32)
    fn, calls = _compile(text)
    assert calls == 1
    np.testing.assert_allclose(fn(a, w)[0], a.reshape(128, 128).astype(np.float64) @ w.reshape(128, 96),
                               rtol=1e-5, atol=1e-4)
    from mlir import ir
    from shlo.lowering import pipeline
    from shlo.lowering.driver import lower_program
    module = lower_program(shlo.parse(text), entry="main", mode="compile").module
    pipeline.run(module, pipeline.prepare(module))
    assert "linalg.generic" in str(module) and "linalg.matmul" not in str(module)   # the fused form
    with module.context, ir.Location.unknown():
        assert products.claim(module) == 1
    assert "call @shlo_matmul_f32" in str(module) and "tensor.collapse_shape" in str(module)


@pytest.mark.parametrize("form", ["vector_matrix", "matrix_vector", "outer_batch"])
def test_products_with_a_unit_dimension(form, mode):
    # sizes of 1 make a stride meaningless: the glue must still pick a valid leading dimension
    # (a single row stays generated code with OpenBLAS: products.MIN_ROWS)
    if form == "vector_matrix":
        a, b = RNG.standard_normal((1, 512)), RNG.standard_normal((512, 256))
        text = _program("1x512xf32", "512x256xf32", "1x256xf32")
        want = a @ b
    elif form == "matrix_vector":
        a, b = RNG.standard_normal((512, 256)), RNG.standard_normal((1, 256))
        text = _program("512x256xf32", "1x256xf32", "512x1xf32", _dims(((1,), (1,))))
        want = a @ b.T
    else:
        a, b = RNG.standard_normal((64, 128, 1)), RNG.standard_normal((64, 1, 96))
        text = _program("64x128x1xf32", "64x1x96xf32", "64x128x96xf32", _dims(((2,), (1,)), ((0,), (0,))))
        want = np.matmul(a, b)
    a, b = a.astype(np.float32), b.astype(np.float32)
    fn, calls = _compile(text)
    assert calls == (0 if form == "vector_matrix" and mode == "blas" else 1)
    np.testing.assert_allclose(fn(a, b)[0], want, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("m, k, n", [(131, 67, 45), (13, 701, 37), (600, 5, 33), (130, 300, 1), (400, 40, 400),
                                     (68, 50, 192)])
@pytest.mark.parametrize("element", ["f32", "f64"])
def test_sizes_that_do_not_fill_register_tiles(m, k, n, element, mode):
    """Edges of every kind: rows and columns short of the kernel's register tiles and its cache
    blocks, a depth over one block, one output column, a product that takes both threads; the
    sizes make the kernel pick each of its register tiles (8 x 48 and 12 x 32 with AVX-512)."""
    dtype = np.float32 if element == "f32" else np.float64
    a, b = RNG.standard_normal((m, k)).astype(dtype), RNG.standard_normal((k, n)).astype(dtype)
    fn, calls = _compile(_program(f"{m}x{k}x{element}", f"{k}x{n}x{element}", f"{m}x{n}x{element}"), threads=2)
    assert calls == (1 if mode == "kernel" or m >= products.MIN_ROWS["blas"] else 0)
    want = a.astype(np.float64) @ b
    tol = 1e-5 if element == "f32" else 1e-12
    np.testing.assert_allclose(fn(a, b)[0], want, rtol=tol, atol=tol * np.abs(want).max())


@pytest.mark.parametrize("form", ["relu", "bias", "bias_first", "row_bias"])
def test_dense_layer_bias_and_relu_go_into_the_kernel_call(form, mode):
    """relu(x @ W + b), x @ W + b and b + x @ W, b broadcast along the columns: with shlo's kernel
    one call (shlo_matmul_bias_*) adds the bias and applies relu as it stores C, no loop after it.
    A bias along the rows stays a separate op. NaN in the bias stays NaN through relu; a sum
    that relu clamps gives +0."""
    m, k, n = 128, 96, 80
    bias_dim = "0" if form == "row_bias" else "1"
    bias_len = m if form == "row_bias" else n
    add = "%c, %p" if form == "bias_first" else "%p, %c"
    text = (f"func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>, %v: tensor<{bias_len}xf32>) "
            f"-> tensor<{m}x{n}xf32> {{\n"
            + _dot(f"{m}x{k}xf32", f"{k}x{n}xf32", f"{m}x{n}xf32", result="%p")
            + f"  %c = shlo.broadcast_in_dim %v {{broadcast_dimensions = array<i64: {bias_dim}>}} "
              f": (tensor<{bias_len}xf32>) -> tensor<{m}x{n}xf32>\n"
            + f"  %s = shlo.add {add} : tensor<{m}x{n}xf32>\n")
    if form == "relu":
        text += (f"  %z = shlo.constant {{value = dense<0.0> : tensor<{m}x{n}xf32>}} : () -> tensor<{m}x{n}xf32>\n"
                 f"  %r = shlo.maximum %s, %z : tensor<{m}x{n}xf32>\n  func.return %r : tensor<{m}x{n}xf32>\n}}\n")
    else:
        text += f"  func.return %s : tensor<{m}x{n}xf32>\n}}\n"
    a = RNG.standard_normal((m, k)).astype(np.float32)
    b = RNG.standard_normal((k, n)).astype(np.float32)
    v = RNG.standard_normal(bias_len).astype(np.float32)
    v[3] = np.nan
    want = a.astype(np.float64) @ b + (v[:, None] if form == "row_bias" else v)
    if form == "relu":
        want = np.where(np.isnan(want), want, np.maximum(want, 0))
    prog = shlo.parse(text)
    for threads in (1, 2):
        fn, calls = _compile(text, threads=threads)
        assert calls == 1
        got = fn(a, b, v)[0]
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)
        assert (np.isnan(got) == np.isnan(want)).all()
        if form == "relu":
            assert not np.signbit(got[~np.isnan(got)]).any()     # +0, never -0
    from shlo.lowering.compiler import lower_to_llvm
    llvm = str(lower_to_llvm(prog, threads=2, matmul=mode)[0].module)
    fused = mode == "kernel" and form != "row_bias"
    assert ("shlo_matmul_bias_f32" in llvm) == fused
