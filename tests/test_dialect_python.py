"""The mlir-tblgen generated Python op classes and the pass API."""
import pytest
from mlir import ir

import shlo
from shlo.dialects import shlo as d
from shlo.passes import SHLO_PASSES, run_pipeline, split_top_level


def test_generated_op_classes_build_ops():
    ctx = shlo.make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.create()
        t = ir.RankedTensorType.get([2], ir.F32Type.get())
        from mlir.dialects import func
        with ir.InsertionPoint(module.body):
            f = func.FuncOp("main", ir.FunctionType.get([t, t], [t]))
            with ir.InsertionPoint(f.add_entry_block()):
                a, b = f.arguments
                s = d.AddOp(t, a, b)
                func.ReturnOp([s.result])
    prog = shlo.Program(module).verify()
    assert "shlo.add %arg0, %arg1 : tensor<2xf32>" in str(prog)
    assert d.DotGeneralOp.OPERATION_NAME == "shlo.dot_general"
    assert d.ReduceOp.OPERATION_NAME == "shlo.reduce"


def test_split_top_level():
    assert split_top_level("a,b{x=1,y=2},func.func(c,d)") == ["a", "b{x=1,y=2}", "func.func(c,d)"]
    with pytest.raises(shlo.PassError):
        split_top_level("a(b")


def test_pipeline_mixes_shlo_and_upstream_passes():
    prog = shlo.parse("""
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %n = shlo.negate %a : tensor<4xf32>
      %m = shlo.negate %n : tensor<4xf32>
      %r = "shlo.reshape"(%m) : (tensor<4xf32>) -> tensor<4xf32>
      func.return %r : tensor<4xf32>
    }""")
    run_pipeline(prog.module, "builtin.module(shlo-simplify,canonicalize,cse)")
    assert "shlo." not in str(prog)
    assert set(SHLO_PASSES) >= {"shlo-verify", "shlo-simplify"}


def test_shlo_verify_pass_raises_with_constraint_id():
    prog = shlo.parse("""
    func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
      %0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }""", verify=False)
    with pytest.raises(shlo.VerificationError) as e:
        run_pipeline(prog.module, "builtin.module(shlo-verify,canonicalize)")
    assert e.value.constraint == "add.C1"


def test_bad_pipelines_are_pass_errors():
    prog = shlo.parse("func.func @main() { func.return }")
    for bad in ["builtin.module(nope)", "builtin.module(shlo-verify{x=1})", "builtin.module(func.func(shlo-simplify))"]:
        with pytest.raises(shlo.PassError):
            run_pipeline(prog.module, bad)
