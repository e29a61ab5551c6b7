"""shlo's own matrix-product kernel in processes of their own: SHLO_MATMUL's choices, the
narrower builds (AVX2, portable vectors) on this CPU, and another OpenMP runtime loaded first
(each product layout and size is in test_compile_products.py, run with both kernels)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import shlo
from test_compile_products import _dims, _program


@pytest.mark.parametrize("setting, calls", [(None, "1"), ("kernel", "1"), ("generated", "0"), ("mlir", "0"),
                                            ("blas", "1")])
def test_shlo_matmul_chooses_calls_or_generated_code(setting, calls):
    code = ("import numpy as np, shlo\n"
            f"text = {_program('160x80xf32', '80x112xf32', '160x112xf32')!r}\n"
            "fn = shlo.compile(shlo.parse(text))\n"
            "a = np.ones((160, 80), np.float32); b = np.ones((80, 112), np.float32)\n"
            "assert (fn(a, b)[0] == 80).all()\n"
            "print(fn.timings['product_calls'])\n")
    env = {k: v for k, v in os.environ.items() if k != "SHLO_MATMUL"}
    if setting:
        env["SHLO_MATMUL"] = setting
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [calls]


@pytest.mark.parametrize("isa", ["avx2", "generic"])
def test_narrower_kernels_compute_the_same(isa):
    """The kernels are built for AVX-512, AVX2 and portable vectors; CPUs pick one. The narrower
    ones (SHLO_GEMM_ISA) on odd sizes, f32 and f64, one and two threads, and a convolution, in a
    process of their own."""
    code = ("import numpy as np, shlo\nfrom shlo import _shlo_jit\n"
            f"assert _shlo_jit.gemm_isa() == {isa!r}, _shlo_jit.gemm_isa()\n"
            "rng = np.random.default_rng(3)\n"
            "for m, k, n, e, dt in [(131, 67, 45, 'f32', np.float32), (70, 300, 29, 'f64', np.float64)]:\n"
            f"    text = {_program('MxKxE', 'KxNxE', 'MxNxE')!r}.replace('M', str(m)).replace('K', str(k))"
            ".replace('N', str(n)).replace('E', e)\n"
            "    a, b = rng.standard_normal((m, k)).astype(dt), rng.standard_normal((k, n)).astype(dt)\n"
            "    for threads in (1, 2):\n"
            "        fn = shlo.compile(shlo.parse(text), threads=threads)\n"
            "        assert fn.timings['product_calls'] == 1\n"
            "        want = a.astype(np.float64) @ b\n"
            "        tol = 1e-5 if e == 'f32' else 1e-12\n"
            "        np.testing.assert_allclose(fn(a, b)[0], want, rtol=tol, atol=tol * np.abs(want).max())\n"
            # the convolution kernel's build for the same instruction set: vectors of channels and a
            # partial one (42 = 5 x 8 + 2, 10 x 4 + 2), padding
            "import jax\n"
            "x = rng.standard_normal((1, 11, 10, 16)).astype(np.float32)\n"
            "k = rng.standard_normal((3, 3, 16, 42)).astype(np.float32) * 0.2\n"
            "conv = lambda x, k: jax.lax.conv_general_dilated(x, k, (1, 1), 'SAME', "
            "dimension_numbers=('NHWC', 'HWIO', 'NHWC'))\n"
            "fn = shlo.compile(shlo.from_jax(conv, x, k))\n"
            "assert fn.timings['product_calls'] == 1\n"
            "np.testing.assert_allclose(fn(x, k)[0], np.asarray(jax.jit(conv)(x, k)), rtol=1e-5, atol=1e-5)\n"
            "print('ok')\n")
    env = dict(os.environ, SHLO_GEMM_ISA=isa, SHLO_MATMUL="kernel")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ok"]


def test_another_openmp_runtime_loaded_first():
    """PyTorch loads GNU libgomp into the process before shlo's OpenMP runtime; the kernel's threads
    must not ask it which thread they are (it answered "thread 0 of 1" to both, and each computed
    and added every block: a 64 x 1024 x 1024 product came out up to 130 off in the full test run)."""
    code = ("import ctypes, ctypes.util\n"
            "name = ctypes.util.find_library('gomp')\n"
            "assert name, 'no libgomp on this system'\n"
            "ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)\n"
            "import numpy as np, shlo\n"
            f"text = {_program('64x1024xf32', '1024x1024xf32', '64x1024xf32')!r}\n"
            "rng = np.random.default_rng(0)\n"
            "a, b = rng.standard_normal((64, 1024)).astype(np.float32), rng.standard_normal((1024, 1024)).astype(np.float32)\n"
            "fn = shlo.compile(shlo.parse(text), threads=2)\n"
            "assert fn.timings['product_calls'] == 1\n"
            "print(float(np.abs(fn(a, b)[0] - a.astype(np.float64) @ b).max()))\n")
    env = dict(os.environ, SHLO_MATMUL="kernel")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.split()[-1]) < 1e-3


@pytest.mark.parametrize("element, transposed", [("f32", False), ("f64", False), ("f32", True)])
def test_row_blocks_share_one_packed_b(element, transposed):
    """With two threads, a product of at least 1024 rows is cut into 8 row blocks that read one B
    packed by both threads together (on AVX2 and AVX-512 CPUs; the generic kernel packs per block).
    Odd k and n leave partial k blocks and a partial panel; a transposed B is packed from its columns."""
    rng = np.random.default_rng(5)
    dtype = np.float32 if element == "f32" else np.float64
    m, k, n = 1030, 301, 45
    a = rng.standard_normal((m, k)).astype(dtype)
    b = rng.standard_normal((n, k) if transposed else (k, n)).astype(dtype)
    rhs, dims = (f"{n}x{k}x{element}", _dims(((1,), (1,)))) if transposed else (f"{k}x{n}x{element}", _dims())
    fn = shlo.compile(shlo.parse(_program(f"{m}x{k}x{element}", rhs, f"{m}x{n}x{element}", dims)), threads=2)
    assert fn.timings["product_calls"] == 1
    want = a.astype(np.float64) @ (b.T if transposed else b)
    tol = 1e-5 if element == "f32" else 1e-12
    for _ in range(2):  # the second call reuses the caller's packing buffer
        np.testing.assert_allclose(fn(a, b)[0], want, rtol=tol, atol=tol * np.abs(want).max())
