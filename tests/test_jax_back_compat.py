"""JAX's own backward-compatibility corpus (shipped in jax) runs in shlo: tools/jax_back_compat.py.

Every data set imports (from its text and its portable artifact), interprets and matches the
outputs its exporting platform computed, as JAX's test accepts them; those that call a device's
own kernel (Pallas, Triton, Mosaic) fail with a clear error.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

pytest.importorskip("jax")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import jax_back_compat as corpus  # noqa: E402

DATA = list(corpus.data_sets())


def test_the_corpus_is_there():
    assert len(DATA) >= 100
    assert {d.get("platform") for _, d in DATA} >= {"cpu", "cuda", "tpu"}


@pytest.mark.parametrize("name,data", DATA, ids=[n for n, _ in DATA])
def test_data_set(name, data):
    status, detail = corpus.run_one(name, data, compile_=False, xla=False)
    if any(t in corpus.DEVICE_KERNELS for t in data.get("custom_call_targets") or []):
        assert status == "device", detail
    elif any(name.startswith(n) for n in corpus.IMPLEMENTATION_DEFINED):
        assert status == "implementation-defined", detail
    else:
        assert status == "match", detail


@pytest.mark.parametrize("module", ["stablehlo_dynamic_approx_top_k", "annotate_data_placement.data_2025_04_07_cuda",
                                    "cpu_lu_lapack_getrf.data_2024_05_31[f32]", "cpu_eigh_lapack_syev.data_2024_08_19[c64]",
                                    "tpu_Lu", "tpu_Qr", "tpu_Eigh", "tpu_ApproxTopK.data_2023_05_16"])
def test_compiled_and_through_xla(module):
    """A few data sets also compile for the CPU and go back out to XLA with the same results."""
    sets = [(n, d) for n, d in DATA if n.startswith(module)]
    assert sets
    for name, data in sets:
        status, detail = corpus.run_one(name, data, compile_=True, xla=True)
        assert status == "match" and "compiled ok" in detail and "xla ok" in detail, (name, detail)


def test_xla_linalg_calls_are_raised_into_the_lapack_composites():
    """TPU exports' Qr / Eigh / LuDecomposition become the composites the LAPACK targets do."""
    import shlo
    for module, names in [("tpu_Qr", ["shlo.linalg.qr_householder", "shlo.linalg.householder_product"]),
                          ("tpu_Eigh", ["shlo.linalg.eigh"]),
                          ("tpu_Lu", ["shlo.linalg.lu"])]:
        _, data = next((n, d) for n, d in DATA if n.startswith(module))
        text = shlo.from_stablehlo(data["mlir_module_text"]).text()
        for name in names:
            assert f'name = "{name}"' in text, (module, name)
        assert "custom_call" not in text


def test_an_xla_shape_with_a_layout_is_refused():
    """`xla_shape` with XLA's default layouts restates the types and is dropped; another layout
    says something shlo cannot, and is refused by name."""
    import shlo
    text = """func.func @main(%a: tensor<2x3xf32>) -> tuple<tensor<2x3xf32>> {
      %0 = stablehlo.tuple %a {xla_shape = "(f32[2,3]{LAYOUT})"} : tuple<tensor<2x3xf32>>
      return %0 : tuple<tensor<2x3xf32>>
    }"""
    assert "xla_shape" not in shlo.from_stablehlo(text.replace("LAYOUT", "1,0")).text()
    with pytest.raises(shlo.ShloError, match="xla_shape"):
        shlo.from_stablehlo(text.replace("LAYOUT", "0,1"))


def test_shardy_text_inside_a_string_is_a_string():
    """jax.export wrote Shardy's meshes into frontend attributes as strings in 2025: read as shlo's
    meshes (importers/sdy_round_trip.py; to_stablehlo writes them back as Shardy), while a Shardy
    attribute elsewhere still has no shlo counterpart."""
    import shlo
    name, data = next((n, d) for n, d in DATA if n.startswith("annotate_data_placement.data_2025_04_07_cuda[shardy]"))
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    assert "shlo.mesh @mesh" in prog.text()
    assert "sdy.mesh @mesh" in shlo.to_stablehlo(prog) and "xla.sdy" not in shlo.to_stablehlo(prog)
    with pytest.raises(shlo.ShloError, match="no shlo counterpart"):
        shlo.from_stablehlo('module attributes {mhlo.x = #sdy.mesh<["a"=1]>} {}')


def test_the_structural_checks_catch_a_wrong_factorization():
    """The up-to-sign checks are checks: a wrong eigenvector set fails them."""
    name, data = next((n, d) for n, d in DATA if n.startswith("cpu_eigh_lapack_syev") and n.endswith("[f64]"))
    v, w = (np.asarray(x) for x in data["expected_outputs"])
    assert corpus.check(name, [-v, w], [v, w]) == []           # a sign per vector is free
    wrong = v.copy()
    wrong[:, [0, 1]] = wrong[:, [1, 0]]
    assert corpus.check(name, [wrong, w], [v, w])
    assert corpus.check(name, [v, w * 1.001], [v, w])


def test_dynamic_approx_top_k_refuses_a_k_past_the_operand():
    import shlo
    name, data = next((n, d) for n, d in DATA if n.startswith("stablehlo_dynamic_approx_top_k"))
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    x = np.arange(3, dtype=np.float32)        # the program asks for k = size - 4 >= 1
    with pytest.raises(shlo.ShloError, match="shape"):
        shlo.interpret(prog, x)


def test_a_pallas_kernel_is_refused_by_name():
    """A Triton kernel's backend_config holds bytecode (not UTF-8): a clear error, not a crash."""
    import shlo
    name, data = next((n, d) for n, d in DATA if "triton_add_one" in n)
    prog = shlo.from_stablehlo(data["mlir_module_text"])
    with pytest.raises(shlo.ShloError, match="xla.gpu.triton"):
        shlo.interpret(prog, *data["inputs"])
    with pytest.raises(shlo.ShloError, match="xla.gpu.triton"):
        shlo.compile(prog)
