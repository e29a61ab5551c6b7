"""A model written in onnxscript, for onnx_heldout_users_models.py: onnxscript compiles a
function from its source and resolves names in the module's globals, so it lives at module level
here (imported only when the model is built)."""
from onnxscript import FLOAT, INT64, script
from onnxscript import opset18 as op
from onnxscript.values import Opset

local = Opset("user.local", 1)


@script(local, default_opset=op)
def SoftClip(x, limit: float):
    return op.Tanh(x / limit) * limit


@script(default_opset=op)
def main(x: FLOAT["N", 8], w: FLOAT[8, 8], steps: INT64) -> FLOAT["N", 8]:  # noqa: F821
    h = SoftClip(op.MatMul(x, w), limit=2.5)
    acc = op.Identity(h)
    for _ in range(steps):
        acc = acc * 0.5 + op.Sin(acc)
    if op.ReduceSum(acc) > 0.0:
        y = op.Relu(acc)
    else:
        y = op.Neg(acc)
    return y
