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


def _operand(cx, x, trans, trans_batch):
    """FusedMatMul's operand as the product sees it: transBatch moves the first dimension behind
    the batch dimensions ((d0, B..., m, k) read as (B..., d0, k), with trans as (B..., k, d0): the
    Transpose that onnxruntime folded in), trans alone swaps the last two."""
    r = cx.rank(x)
    if r < 2 or not (trans or trans_batch):
        return x
    if trans_batch and r > 2:
        perm = list(range(1, r - 1)) + ([r - 1, 0] if trans else [0, r - 1])
    else:
        perm = list(range(r - 2)) + [r - 1, r - 2] if trans else list(range(r))
    return cx.op("transpose", x, permutation=perm) if perm != list(range(r)) else x


@converts("FusedMatMul", domain=MS)
def fused_matmul(cx, a, b, alpha=1.0, transA=0, transB=0, transBatchA=0, transBatchB=0):
    y = matmul(cx, _operand(cx, a, transA, transBatchA), _operand(cx, b, transB, transBatchB))
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
