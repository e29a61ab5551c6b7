"""onnxruntime's fused `com.microsoft` ops that its graph optimizers write (session level
ORT_ENABLE_EXTENDED, `onnxruntime.transformers.optimizer`): FusedMatMul, FusedConv, FusedGemm,
the GELU family (Gelu, BiasGelu, FastGelu, QuickGelu), BiasAdd.

Each is its unfused ONNX graph again, as onnxruntime's contrib-op documentation defines it."""
from __future__ import annotations

import math

from ..registry import converts
from .elementwise import gelu, k
from .nn import bin_op, conv, gemm, matmul
from .nn_rnn import _activate, _activation_specs

MS = "com.microsoft"


def _swap_last(cx, x):
    r = cx.rank(x)
    if r < 2:
        return x
    return cx.op("transpose", x, permutation=list(range(r - 2)) + [r - 1, r - 2])


@converts("FusedMatMul", domain=MS)
def fused_matmul(cx, a, b, alpha=1.0, transA=0, transB=0, transBatchA=0, transBatchB=0):
    if transBatchA or transBatchB:
        raise cx.error("transBatchA / transBatchB (batch dimensions moved into the product) are not supported")
    y = matmul(cx, _swap_last(cx, a) if transA else a, _swap_last(cx, b) if transB else b)
    return bin_op(cx, "multiply", y, float(alpha)) if alpha != 1.0 else y


def _fused_activation(cx, y, activation, params):
    """onnxruntime's fused activations (Relu, Tanh, Sigmoid, LeakyRelu, Clip, HardSigmoid)."""
    params = list(params or [])
    if activation in ("", None):
        return y
    if activation == "Clip":
        lo, hi = (params + [-math.inf, math.inf])[:2] if params else (-math.inf, math.inf)
        return cx.op("clamp", k(cx, lo, y), y, k(cx, hi, y))
    if activation not in ("Relu", "Tanh", "Sigmoid", "LeakyRelu", "HardSigmoid"):
        raise cx.error(f"fused activation {activation!r} is not supported")
    # activation_params: [alpha] for LeakyRelu, [alpha, beta] for HardSigmoid
    return _activate(cx, _activation_specs([activation], params[:1], params[1:2])[0], y)


@converts("FusedConv", domain=MS)
def fused_conv(cx, x, w, bias=None, z=None, activation="", activation_params=None, **attrs):
    y = conv(cx, x, w, bias, **attrs)
    if z is not None:               # the residual added before the activation
        y = bin_op(cx, "add", y, z)
    return _fused_activation(cx, y, activation, activation_params)


@converts("FusedGemm", domain=MS)
def fused_gemm(cx, a, b, c=None, activation="", activation_alpha=None, activation_beta=None, activation_gamma=None,
               **attrs):
    params = [p for p in (activation_alpha, activation_beta) if p is not None]
    return _fused_activation(cx, gemm(cx, a, b, c, **attrs), activation, params)


@converts("Gelu", domain=MS)
def ms_gelu(cx, x):
    return gelu(cx, x)


@converts("BiasGelu", domain=MS)
def bias_gelu(cx, x, bias):
    return gelu(cx, bin_op(cx, "add", x, bias))


@converts("FastGelu", domain=MS)
def fast_gelu(cx, x, bias=None):
    return gelu(cx, x if bias is None else bin_op(cx, "add", x, bias), approximate="tanh")


@converts("QuickGelu", domain=MS)
def quick_gelu(cx, x, alpha=1.702):
    return cx.op("multiply", x, cx.op("logistic", cx.op("multiply", x, k(cx, alpha, x))))


@converts("BiasAdd", domain=MS)
def bias_add(cx, x, bias, skip):
    return bin_op(cx, "add", bin_op(cx, "add", x, bias), skip)
