"""Element-wise ONNX ops: arithmetic, math functions, comparisons, logic, casts, activations.

ONNX element-wise ops take operands of one element type with numpy broadcasting
(opset >= 7); operands are broadcast to the common shape before the shlo op."""
from __future__ import annotations

from ..registry import converts


def broadcast_all(cx, *xs):
    """The operands broadcast to their common (numpy) shape."""
    sizes = cx.broadcast_sizes(*xs)
    return [cx.broadcast(x, sizes) for x in xs]


def _binary(shlo_name):
    def convert(cx, a, b):
        return cx.op(shlo_name, *broadcast_all(cx, a, b))
    return convert


for _onnx, _shlo in {"Add": "add", "Sub": "subtract", "Mul": "multiply"}.items():
    converts(_onnx, since=7)(_binary(_shlo))


@converts("Div", since=7)
def div(cx, a, b):
    # integer division truncates in ONNX (as in C), as shlo.divide does
    return cx.op("divide", *broadcast_all(cx, a, b))


def _unary(shlo_name):
    def convert(cx, x):
        return cx.op(shlo_name, x)
    return convert


for _onnx, _shlo in {"Neg": "negate", "Abs": "abs", "Exp": "exponential", "Log": "log", "Sqrt": "sqrt",
                     "Tanh": "tanh", "Sigmoid": "logistic", "Floor": "floor", "Ceil": "ceil",
                     "Sin": "sine", "Cos": "cosine"}.items():
    converts(_onnx, since=6)(_unary(_shlo))


@converts("Relu", since=6)
def relu(cx, x):
    return cx.op("maximum", x, cx.const(0, cx.element(x), cx.sizes_of(x)))


@converts("Identity", since=1)
def identity(cx, x):
    return x
