"""The public Python API: parse, Program, errors, builders, literals."""
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest
from mlir import ir

import shlo
from shlo.builders import FunctionBuilder, create
from shlo.literals import elements_to_numpy, numpy_to_elements

ADD = """
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = shlo.add %a, %b : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
"""


def test_import_registers_dialect_in_an_upstream_context():
    ctx = shlo.make_context()
    assert "shlo" in [d for d in ("shlo",) if ctx.dialects["shlo"] is not None]
    with ctx:
        t = ir.Type.parse("!shlo.token")
        assert str(t) == "!shlo.token"


def test_import_in_a_fresh_process_loads_dialect():
    code = "import shlo; p = shlo.parse('func.func @f(%a: !shlo.token) -> !shlo.token { func.return %a : !shlo.token }'); print(p)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "!shlo.token" in out


def test_parse_text_and_bytes_and_program_views():
    prog = shlo.parse(ADD)
    assert isinstance(prog.module, ir.Module)
    assert "shlo.add %arg0, %arg1 : tensor<2xf32>" in str(prog)
    assert '"shlo.add"' in prog.text(generic=True)
    again = shlo.parse(prog.bytecode())
    assert again.text() == prog.text()
    assert list(prog.functions()) == ["main"]
    assert shlo.parse(prog).text() == prog.text()


def test_parse_error_names_location():
    with pytest.raises(shlo.ParseError) as e:
        shlo.parse("func.func @f( {", name="bad.mlir")
    assert 'loc("bad.mlir":1:' in str(e.value)
    assert isinstance(e.value, shlo.ShloError)


@pytest.mark.parametrize("data", [b"\x00" * 64, b"ML\xefR" + b"\xff" * 40, bytes(range(256))])
def test_garbage_bytes_are_parse_errors(data):
    with pytest.raises(shlo.ParseError):
        shlo.parse(data)


def test_parse_rejects_non_text():
    with pytest.raises(TypeError):
        shlo.parse(42)


def test_verification_error_carries_op_location_and_constraint():
    bad = ADD.replace("%0 = shlo.add %a, %b : tensor<2xf32>",
                      '%0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>')
    bad = bad.replace("func.return %0 : tensor<2xf32>", "%1 = \"shlo.add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n  func.return %1 : tensor<2xf32>")
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(bad, name="x.mlir")
    err = e.value
    assert err.op == "shlo.add"
    assert err.constraint == "add.C1"
    assert err.location.startswith('loc("x.mlir":3:')
    prog = shlo.parse(bad, verify=False)
    with pytest.raises(shlo.VerificationError):
        prog.verify()


def test_structural_errors_come_from_mlir_with_id_mlir():
    bad = ADD.replace("func.return %0 : tensor<2xf32>", "func.return %0, %0 : tensor<2xf32>, tensor<2xf32>")
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(bad)
    assert e.value.constraint == "mlir"


def test_all_errors_reported():
    bad = """
    func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
      %0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      %1 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }"""
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(bad)
    assert len(e.value.errors) == 2
    assert "(and 1 more)" in str(e.value)


def test_builder_infers_result_types():
    with FunctionBuilder("main", ["tensor<2x3xf32>", "tensor<3x4xf32>"]) as fb:
        x, y = fb.arguments
        z = fb.op("dot_general", x, y, dot_dimension_numbers={
            "lhs_contracting_dimensions": [1], "rhs_contracting_dimensions": [0]})
        c = fb.constant(np.ones((2, 4), np.float32))
        s = fb.op("add", z, c)
        k = fb.op("compare", s, c, comparison_direction="GT")
        fb.ret(s, k)
    prog = fb.program()
    assert str(z.type) == "tensor<2x4xf32>"
    assert str(k.type) == "tensor<2x4xi1>"
    assert shlo.parse(prog.text()).text() == prog.text()


def test_builder_errors_are_build_errors():
    with FunctionBuilder("main", ["tensor<2x3xf32>"]) as fb:
        (x,) = fb.arguments
        with pytest.raises(shlo.BuildError, match="precision"):
            fb.op("dot_general", x, x, dot_dimension_numbers={}, precision_config=["FAST"])
        with pytest.raises(shlo.BuildError, match="operand group"):
            fb.op("add", x)
        with pytest.raises(shlo.BuildError, match="no attribute"):
            fb.op("add", x, x, bogus=1)
        with pytest.raises(shlo.BuildError, match="unknown op"):
            create("no_such_op", x)
        with pytest.raises(shlo.BuildError, match="dot_general.C5"):
            fb.op("dot_general", x, x, dot_dimension_numbers={"lhs_contracting_dimensions": [7],
                                                                "rhs_contracting_dimensions": [0]})


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.int64, np.uint32, np.float16, np.float32,
                                   np.float64, np.complex64, np.complex128, ml_dtypes.bfloat16,
                                   ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.int4,
                                   ml_dtypes.uint4])
def test_literals_round_trip_bit_exactly(dtype):
    a = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    if np.dtype(dtype).kind == "f":
        a[0, 0] = np.nan
        a[0, 1] = -0.0
    with shlo.make_context():
        b = elements_to_numpy(numpy_to_elements(a))
    assert b.dtype == a.dtype and b.shape == a.shape
    assert a.tobytes() == b.tobytes()


def test_complex_constants_verify_and_run():
    # The upstream bindings cannot create Python objects for complex dense
    # literals; shlo reads them through its own extension.
    prog = shlo.parse("""
    func.func @main() -> tensor<2xcomplex<f32>> {
      %0 = shlo.constant {value = dense<[(1.0,2.0),(3.0,-4.0)]> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
      func.return %0 : tensor<2xcomplex<f32>>
    }""")
    (out,) = shlo.interpret(prog)
    assert out.dtype == np.complex64 and out.tolist() == [1 + 2j, 3 - 4j]
    assert shlo.parse(prog.bytecode()).text() == prog.text()


@pytest.mark.parametrize("dtype", [ml_dtypes.bfloat16, ml_dtypes.float8_e5m2, ml_dtypes.int4, np.complex64])
def test_large_and_empty_exotic_literals(dtype):
    # Over 100 elements MLIR prints a literal as one hex blob; empty ones as `dense<>`.
    with shlo.make_context():
        for a in [(np.arange(300) % 7).astype(dtype), np.zeros((0, 3), dtype)]:
            b = elements_to_numpy(numpy_to_elements(a))
            assert b.shape == a.shape and b.dtype == a.dtype and a.tobytes() == b.tobytes()


def test_rank0_bool_literal_stays_rank0():
    with shlo.make_context():
        assert str(numpy_to_elements(np.array(True)).type) == "tensor<i1>"


def test_verifier_memo_keys_on_op_name_types_and_attributes():
    # Ops whose checks passed are remembered by signature; an op that differs
    # only in its name or in an attribute value must still be checked.
    ok = """
    func.func @main(%a: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
      %0 = shlo.add %a, %a : tensor<2xf32>
      %1 = "shlo.transpose"(%i) {permutation = array<i64: 0>} : (tensor<2xi32>) -> tensor<2xi32>
      func.return %0, %1 : tensor<2xf32>, tensor<2xi32>
    }"""
    shlo.parse(ok)
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(ok.replace("%0 = shlo.add %a, %a : tensor<2xf32>",
                              '%0 = "shlo.and"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>'))
    assert e.value.constraint == "and.I1"
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(ok.replace("permutation = array<i64: 0>", "permutation = array<i64: 1>"))
    assert e.value.constraint.startswith("transpose.C")


def test_verifier_memo_reads_large_replica_groups_whole():
    groups_ok = "[[" + ", ".join(str(i) for i in range(32)) + "]]"
    groups_bad = "[[" + ", ".join(str(i % 31) for i in range(32)) + "]]"   # id 0 twice
    text = """
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = "shlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = shlo.add %a, %b : tensor<f32>
        shlo.return %s : tensor<f32>
      }) {replica_groups = dense<GROUPS> : tensor<1x32xi64>} : (tensor<4xf32>) -> tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }"""
    shlo.parse(text.replace("GROUPS", groups_ok))
    with pytest.raises(shlo.VerificationError) as e:
        shlo.parse(text.replace("GROUPS", groups_bad))
    assert e.value.constraint.startswith("all_reduce.")
