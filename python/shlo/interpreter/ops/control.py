"""Control flow and extension ops: while, if, case, composite, async_start/async_done,
custom_call, replica_id and partition_id.

Regions arrive as callables in `ctx.regions`; functions of the module run
through `ctx.call`. Every op here passes values through unchanged (storage
integers for quantized tensors), so all are registered as quantization-aware:
the ops inside the regions and called functions dequantize for themselves.

custom_call runs targets from `CUSTOM_CALL_TARGETS`; register more with
`@custom_call_target("name")`. A target is `fn(ctx, *inputs) -> list of
results`. The built-in targets are the self-checks of conformance programs:

  check.expect_eq(actual, expected[, token])        exact for ints/bools; floats
                                                      bit-for-bit by value, NaN == NaN
  check.expect_close(actual, expected[, token])     floats within tolerance
  check.expect_almost_eq(actual, expected[, token]) floats within an absolute tolerance
  check.expect_eq_const(actual[, token])            expected from backend_config
  check.expect_close_const(actual[, token])         expected from backend_config
  check.expect_almost_eq_const(actual[, token])     expected from backend_config
  check.eq(actual, expected) -> tensor<i1>          StableHLO's first testdata form

Tolerances come from `backend_config`: a string such as "rtol=1e-5, atol=1e-8"
or a dictionary {rtol = 1e-5 : f32, atol = ...}. Without one, the checks accept
what StableHLO's interpreter (stablehlo-translate --interpret) accepts for the same
call, as its testdata programs are written: expect_close within 3 units in the
last place (the largest of the two parts for complex; NaN equal to any NaN;
infinities only equal to themselves), or within shlo's own rtol=1e-6;
expect_almost_eq within 1e-3 absolute and check.eq within 1e-4 absolute (exact
for integers and booleans); `max_ulp_difference` / `min_ulp_difference` and
`tolerance` (absolute, for almost_eq) in backend_config are read as the check
dialect's attributes of those names. The `_const` variants take the expected value from a dictionary
backend_config entry `expected` (a dense literal of the actual's type), e.g.
`api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>,
backend_config = {expected = dense<[1, 2]> : tensor<2xi32>}`. Check targets
return nothing, or the token when the call has a token result. A failed
check raises `CheckFailure`.
"""
from __future__ import annotations

import re
from typing import Callable

import numpy as np
from mlir import ir

from ...errors import InterpreterError
from ..registry import OP_INFO, implements
from ..values import TOKEN, Token

# ----------------------------------------------------------------- control flow


def _truth(value, what: str) -> bool:
    arr = np.asarray(value)
    if arr.size != 1:
        raise InterpreterError(f"{what} must be a single boolean, got shape {arr.shape}")
    return bool(arr.reshape(()))


@implements("while", quant_aware=True)
def while_(ctx, *operands):
    cond, body = ctx.regions
    state = list(operands)
    while True:
        (c,) = cond(*state)
        if not _truth(c, "while: cond"):
            return state
        state = list(body(*state))


@implements("if", quant_aware=True)
def if_(ctx, pred):
    true_branch, false_branch = ctx.regions
    branch = true_branch if _truth(pred, "if: pred") else false_branch
    return list(branch())


@implements("case", quant_aware=True)
def case(ctx, index):
    branches = ctx.regions
    i = int(np.asarray(index).reshape(()))
    if not 0 <= i < len(branches):
        i = len(branches) - 1
    return list(branches[i]())


@implements("composite", quant_aware=True)
def composite(ctx, *inputs):
    return list(ctx.call(ctx.attrs["decomposition"], *inputs))


class Future:
    """The value of a `!shlo.future<...>`: the results of a started call."""
    __slots__ = ("results", "function")

    def __init__(self, function: str, results):
        self.function, self.results = function, list(results)

    def __repr__(self):
        return f"future(@{self.function})"


@implements("async_start", quant_aware=True)
def async_start(ctx, *inputs):
    # The call runs eagerly: a valid schedule, since its side effects may happen
    # at any point between async_start and async_done.
    name = ctx.attrs["called_computation"]
    return Future(name, ctx.call(name, *inputs))


@implements("async_done", quant_aware=True)
def async_done(ctx, future):
    if not isinstance(future, Future):
        raise InterpreterError(f"async_done: operand is not a future (got {type(future).__name__})")
    return list(future.results)


@implements("replica_id")
def replica_id(ctx):
    return np.array(ctx.process.replica_id if ctx.process is not None else 0, dtype=np.uint32)


@implements("partition_id")
def partition_id(ctx):
    return np.array(ctx.process.partition_id if ctx.process is not None else 0, dtype=np.uint32)


# ----------------------------------------------------------------- custom_call


class CheckFailure(InterpreterError):
    """A `check.*` custom_call found a value different from the expected one."""


CUSTOM_CALL_TARGETS: dict[str, Callable] = {}


def custom_call_target(name: str):
    """Registers `fn(ctx, *inputs) -> list of results` as the custom_call target `name`."""
    def register(fn):
        CUSTOM_CALL_TARGETS[name] = fn
        return fn
    return register


@implements("custom_call", quant_aware=True)
def custom_call(ctx, *inputs):
    target = ctx.attrs["call_target_name"]
    fn = CUSTOM_CALL_TARGETS.get(target)
    if fn is None:
        known = ", ".join(sorted(CUSTOM_CALL_TARGETS))
        raise InterpreterError(f"{ctx.location}: custom_call target '{target}' is not known to the "
                               f"interpreter (known targets: {known})")
    return fn(ctx, *inputs)


def _string_value(attr):
    """A string attribute's text, or its bytes where they are not UTF-8 (a Triton kernel's
    bytecode in a Pallas call's backend_config)."""
    try:
        return attr.value
    except RuntimeError:
        return attr.value_bytes


def _dict_to_python(d) -> dict:
    """A dictionary attribute's entries as Python values. An entry holding a complex dense
    tensor is read from the dictionary's text: the bindings cannot hand a complex dense
    attribute to Python (they raise from C++, which can end the process)."""
    text = str(d)
    if "complex<" not in text:
        return {d[i].name: _attr_to_python(d[i].attr) for i in range(len(d))}
    from ...literals import text_to_numpy
    from ...types import type_info
    out = {}
    for name, value in _dict_entries(text):
        if value.startswith("dense<") and "complex<" in value:
            info = type_info(ir.Type.parse(value[value.rindex(":") + 1:].strip(), d.context))
            out[name] = text_to_numpy(value, info)
        else:
            out[name] = _attr_to_python(ir.Attribute.parse(value, d.context))
    return out


def _dict_entries(text: str) -> list:
    """(name, value text) of each entry of a printed dictionary attribute `{a = ..., b = ...}`."""
    entries, depth, start, quoted = [], 0, 1, False
    body_end = len(text) - 1
    for i in range(1, body_end + 1):
        ch = text[i]
        if quoted:
            quoted = not (ch == '"' and text[i - 1] != "\\")
        elif ch == '"':
            quoted = True
        elif ch in "([{<":
            depth += 1
        elif ch in ")]}>" and depth:
            depth -= 1
        elif (ch == "," and depth == 0) or i == body_end:
            item = text[start:i].strip()
            if item:
                name, _, value = item.partition("=")
                entries.append((name.strip().strip('"'), value.strip() or "unit"))
            start = i + 1
    return entries


def _attr_to_python(attr):
    """Plain Python/numpy value of an MLIR attribute inside a backend_config dictionary."""
    if not isinstance(attr, ir.Attribute):
        return attr
    if hasattr(attr, "maybe_downcast"):
        attr = attr.maybe_downcast()
    if isinstance(attr, ir.DenseElementsAttr):
        from ...literals import elements_to_numpy
        return elements_to_numpy(attr)
    if isinstance(attr, ir.BoolAttr):
        return attr.value
    if isinstance(attr, ir.StringAttr):
        return _string_value(attr)
    if isinstance(attr, (ir.IntegerAttr, ir.FloatAttr)):
        return attr.value
    if isinstance(attr, ir.DictAttr):
        return _dict_to_python(attr)
    if isinstance(attr, ir.ArrayAttr):
        return [_attr_to_python(a) for a in attr]
    return attr


def backend_config(ctx) -> dict | str | None:
    """`backend_config` as a dict (dictionary attribute) or a str (string attribute), or None."""
    raw = ctx.attrs.get("backend_config")
    if raw is None:
        return None
    if isinstance(raw, (dict, str)):
        return {k: _attr_to_python(v) for k, v in raw.items()} if isinstance(raw, dict) else raw
    value = _attr_to_python(raw)
    return value if isinstance(value, (dict, str)) else None


_KEY_VALUE = re.compile(r"\s*(\w+)\s*[=:]\s*([^,;\s]+)\s*")


def _config_options(ctx) -> dict:
    cfg = backend_config(ctx)
    if cfg is None:
        return {}
    if isinstance(cfg, dict):
        return cfg
    out = {}
    for part in re.split(r"[,;]", cfg):
        if not part.strip():
            continue
        m = _KEY_VALUE.fullmatch(part)
        if not m:
            raise InterpreterError(f"{ctx.location}: cannot read backend_config '{cfg}' "
                                   "(expected entries like 'rtol=1e-5, atol=0')")
        out[m.group(1)] = m.group(2)
    return out


def _split_token(ctx, inputs):
    values = [v for v in inputs if not isinstance(v, Token)]
    return values


def _check_results(ctx) -> list:
    out = []
    for t in ctx.result_types:
        if t.kind != "token":
            raise InterpreterError(f"{ctx.location}: custom_call '{ctx.attrs['call_target_name']}' "
                                   f"has no results but tokens; got a result of type {t}")
        out.append(TOKEN)
    return out


def _fmt(arr: np.ndarray) -> str:
    return np.array2string(np.asarray(arr), threshold=64, max_line_width=100, precision=9)


def _as_float(arr: np.ndarray) -> np.ndarray:
    arr = np.asarray(arr)
    return arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64)


def _mismatch(actual: np.ndarray, expected: np.ndarray, rtol: float | None, atol: float) -> np.ndarray | None:
    """Boolean mask of mismatching elements, or None when the values agree."""
    kind = actual.dtype.kind
    if kind in "biu" or actual.dtype.name.startswith(("int", "uint")):  # incl. ml_dtypes int2/int4
        bad = actual != expected
    else:
        a, e = _as_float(actual), _as_float(expected)
        parts = [(a.real, e.real), (a.imag, e.imag)] if a.dtype.kind == "c" else [(a, e)]
        bad = np.zeros(a.shape, bool)
        for x, y in parts:
            nan_x, nan_y = np.isnan(x), np.isnan(y)
            with np.errstate(invalid="ignore", over="ignore"):
                if rtol is None:
                    same = (x == y) | (nan_x & nan_y)
                else:
                    same = (np.abs(x - y) <= atol + rtol * np.abs(y)) | (x == y) | (nan_x & nan_y)
            bad |= ~same
    bad = np.asarray(bad)
    return bad if bad.any() else None


def _float_bits(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Sign and magnitude bits of a real float array of any width (ml_dtypes' 4/6/8-bit types
    keep their bits in the low end of a byte), and the number of bits."""
    try:
        import ml_dtypes
        bits = ml_dtypes.finfo(x.dtype).bits
    except (ImportError, ValueError, TypeError):
        bits = x.dtype.itemsize * 8
    raw = np.ascontiguousarray(x).view(f"u{x.dtype.itemsize}").astype(np.uint64)
    sign_bit = np.uint64(1) << np.uint64(bits - 1)
    return (raw & sign_bit) != 0, raw & (sign_bit - np.uint64(1)), bits


def ulp_difference(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Units in the last place between two real float arrays of one type, as StableHLO's
    check.expect_close counts them: 0 for bitwise-equal values and for two NaNs, the number of
    representable values between two finite ones, and the largest uint64 otherwise."""
    sa, ma, _ = _float_bits(actual)
    se, me, _ = _float_bits(expected)
    same_sign = np.where(ma > me, ma - me, me - ma)
    dist = np.where(sa == se, same_sign, ma + me)
    fa = np.asarray(actual).astype(np.float64)
    fe = np.asarray(expected).astype(np.float64)
    finite = np.isfinite(fa) & np.isfinite(fe)
    bitwise = (sa == se) & (ma == me)
    both_nan = np.isnan(fa) & np.isnan(fe)
    top = np.uint64(np.iinfo(np.uint64).max)
    return np.where(bitwise | both_nan, np.uint64(0), np.where(finite, dist, top))


def _ulp_ok(actual: np.ndarray, expected: np.ndarray, max_ulp: int, min_ulp: int = 0) -> np.ndarray:
    if actual.dtype.kind == "c":
        parts = [(actual.real, expected.real), (actual.imag, expected.imag)]
        d = np.maximum(*(ulp_difference(np.ascontiguousarray(a), np.ascontiguousarray(e)) for a, e in parts))
    else:
        d = ulp_difference(actual, expected)
    return (d <= np.uint64(max_ulp)) & (d >= np.uint64(min_ulp))


def _absolute_ok(actual: np.ndarray, expected: np.ndarray, tol: float) -> np.ndarray:
    """StableHLO's approximate equality: |a - e| <= tol, NaN equal to NaN, infinities equal
    only to themselves; per part for complex."""
    a, e = _as_float(actual), _as_float(expected)
    parts = [(a.real, e.real), (a.imag, e.imag)] if a.dtype.kind == "c" else [(a, e)]
    ok = np.ones(a.shape, bool)
    for x, y in parts:
        with np.errstate(invalid="ignore", over="ignore"):
            same = (x == y) | (np.isnan(x) & np.isnan(y)) | (np.isfinite(x) & np.isfinite(y) & (np.abs(x - y) <= tol))
        ok &= same
    return ok


def _is_exact_kind(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "biu" or arr.dtype.name.startswith(("int", "uint"))


def _aligned(ctx, actual, expected) -> tuple:
    """The two values as arrays, the expected one in the actual one's type where it converts;
    CheckFailure where their shapes differ."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        raise CheckFailure(f"{ctx.location}: {ctx.attrs['call_target_name']} failed: shape {actual.shape} != "
                           f"expected shape {expected.shape}\n  actual:   {_fmt(actual)}\n  expected: {_fmt(expected)}")
    if expected.dtype != actual.dtype:
        try:
            expected = expected.astype(actual.dtype)
        except (TypeError, ValueError):
            pass
    return actual, expected


def _compare_rule(ctx, actual, expected, ok_fn, what: str) -> None:
    """Raises CheckFailure where `ok_fn(actual, expected)` is False (floats and complex only;
    integers and booleans compare exactly)."""
    target = ctx.attrs["call_target_name"]
    actual, expected = _aligned(ctx, actual, expected)
    if _is_exact_kind(actual):
        _compare(ctx, actual, expected, None)
        return
    bad = ~np.asarray(ok_fn(actual, expected), bool)
    if not bad.any():
        return
    idx = [tuple(int(i) for i in ix) for ix in np.argwhere(bad)[:8]]
    details = "; ".join(f"at {ix}: {actual[ix]!r} vs {expected[ix]!r}" for ix in idx)
    raise CheckFailure(f"{ctx.location}: {target} failed ({what}): {int(np.count_nonzero(bad))} of "
                       f"{bad.size} elements differ ({details})\n  actual:   {_fmt(actual)}\n"
                       f"  expected: {_fmt(expected)}")


def _compare(ctx, actual, expected, rtol: float | None, atol: float = 0.0):
    target = ctx.attrs["call_target_name"]
    actual, expected = _aligned(ctx, actual, expected)
    bad = _mismatch(actual, expected, rtol, atol)
    if bad is None:
        return
    idx = [tuple(int(i) for i in ix) for ix in np.argwhere(bad)[:8]]
    details = "; ".join(f"at {ix}: {actual[ix]!r} vs {expected[ix]!r}" for ix in idx)
    n_bad = int(np.count_nonzero(bad))
    tol = "" if rtol is None else f" (rtol={rtol}, atol={atol})"
    raise CheckFailure(f"{ctx.location}: {target} failed{tol}: {n_bad} of {bad.size} elements differ "
                       f"({details})\n  actual:   {_fmt(actual)}\n  expected: {_fmt(expected)}")


def _tolerance(ctx) -> tuple[float, float]:
    opts = _config_options(ctx)
    try:
        rtol = float(opts.get("rtol", opts.get("tolerance", 1e-6)))
        atol = float(opts.get("atol", 0.0))
    except (TypeError, ValueError):
        raise InterpreterError(f"{ctx.location}: bad tolerance in backend_config {opts}") from None
    return rtol, atol


def _pair(ctx, inputs):
    values = _split_token(ctx, inputs)
    if len(values) != 2:
        raise InterpreterError(f"{ctx.location}: {ctx.attrs['call_target_name']} takes (actual, expected"
                               f"[, token]); got {len(values)} non-token inputs")
    return values


def _const_expected(ctx, inputs):
    values = _split_token(ctx, inputs)
    if len(values) != 1:
        raise InterpreterError(f"{ctx.location}: {ctx.attrs['call_target_name']} takes (actual[, token]); "
                               f"got {len(values)} non-token inputs")
    opts = _config_options(ctx)
    if "expected" not in opts:
        raise InterpreterError(f"{ctx.location}: {ctx.attrs['call_target_name']} needs backend_config "
                               "{expected = dense<...> : tensor<...>}")
    return values[0], opts["expected"]


def _register_check(target: str, operands, tolerance: bool) -> None:
    """check.<target>: compares an actual value with an expected one (`operands` picks both
    out of the call), exactly or within the call's tolerance."""
    @custom_call_target(target)
    def run(ctx, *inputs):
        actual, expected = operands(ctx, inputs)
        _compare(ctx, actual, expected, *(_tolerance(ctx) if tolerance else (None,)))
        return _check_results(ctx)
    run.__name__ = target.replace(".", "_")


def _option(ctx, opts: dict, name: str, cast):
    try:
        return cast(opts[name])
    except (TypeError, ValueError):
        raise InterpreterError(f"{ctx.location}: bad {name} in backend_config {opts}") from None


def _close(ctx, actual, expected) -> None:
    """expect_close: rtol / atol when backend_config gives them; else StableHLO's ulp rule
    (max_ulp_difference, 3 unless given; min_ulp_difference, 0) or shlo's rtol=1e-6."""
    opts = _config_options(ctx)
    if any(k in opts for k in ("rtol", "atol")) or ("tolerance" in opts and "max_ulp_difference" not in opts):
        _compare(ctx, actual, expected, *_tolerance(ctx))
        return
    explicit = "max_ulp_difference" in opts or "min_ulp_difference" in opts
    max_ulp = _option(ctx, opts, "max_ulp_difference", int) if "max_ulp_difference" in opts else 3
    min_ulp = _option(ctx, opts, "min_ulp_difference", int) if "min_ulp_difference" in opts else 0

    def ok(a, e):
        within = _ulp_ok(a, e, max_ulp, min_ulp)
        if explicit:
            return within
        return within | ~_mismatch_mask(a, e, 1e-6, 0.0)
    what = f"{min_ulp} to {max_ulp} ulp" if min_ulp else f"max {max_ulp} ulp"
    _compare_rule(ctx, actual, expected, ok, what + ("" if explicit else " or rtol=1e-6"))


def _mismatch_mask(actual, expected, rtol, atol) -> np.ndarray:
    bad = _mismatch(actual, expected, rtol, atol)
    return np.zeros(np.shape(actual), bool) if bad is None else bad


def _almost_eq(default_tol: float):
    def check(ctx, actual, expected) -> None:
        opts = _config_options(ctx)
        tol = _option(ctx, opts, "tolerance", float) if "tolerance" in opts else default_tol
        _compare_rule(ctx, actual, expected, lambda a, e: _absolute_ok(a, e, tol), f"absolute tolerance {tol}")
    return check


def _register_rule(target: str, operands, rule) -> None:
    @custom_call_target(target)
    def run(ctx, *inputs):
        actual, expected = operands(ctx, inputs)
        rule(ctx, actual, expected)
        return _check_results(ctx)
    run.__name__ = target.replace(".", "_")


_register_check("check.expect_eq", _pair, tolerance=False)
_register_check("check.expect_eq_const", _const_expected, tolerance=False)
_register_rule("check.expect_close", _pair, _close)
_register_rule("check.expect_close_const", _const_expected, _close)
# StableHLO's interpreter reads the custom call with 1e-3, the check dialect op with 1e-4.
_register_rule("check.expect_almost_eq", _pair, _almost_eq(1e-3))
_register_rule("check.expect_almost_eq_const", _const_expected, _almost_eq(1e-4))


@custom_call_target("check.expect_serialized_eq")
def check_expect_serialized_eq(ctx, *inputs):
    raise InterpreterError(f"{ctx.location}: check.expect_serialized_eq compares with a tensor that "
                           "an interpreter.probe op wrote to disk in an earlier run (stablehlo-translate "
                           "--probe-output-dir); shlo's interpreter keeps no probe files, so it cannot run it")


@custom_call_target("check.eq")
def check_eq(ctx, *inputs):
    """The check of StableHLO's first testdata programs: `%r = custom_call @check.eq(actual,
    expected) -> tensor<i1>`, the program returning %r. Integers and booleans exact, floats
    within 1e-4 absolute (StableHLO's rule); true when they match, CheckFailure otherwise."""
    actual, expected = _pair(ctx, inputs)
    _almost_eq(1e-4)(ctx, actual, expected)
    out = []
    for t in ctx.result_types:
        out.append(TOKEN if t.kind == "token" else np.ones(t.shape, np.bool_))
    return out


@custom_call_target("check.assert")
def check_assert(ctx, *inputs):
    """A run-time check of values an importer emits where the source framework raises (ONNX
    GatherElements' index range): `check.assert(pred, values...)`, the message in its string
    backend_config, `{i}` naming values[i]. Compiled, the native code returns its operands and
    they are checked before any result is (a probe, as the other check.* targets)."""
    values = [v for v in inputs if not isinstance(v, Token)]
    if not values or np.asarray(values[0]).shape != () or np.asarray(values[0]).dtype != np.bool_:
        raise InterpreterError(f"{ctx.location}: check.assert takes a boolean scalar predicate first")
    if not bool(np.asarray(values[0])):
        found = [np.asarray(v).item() if np.asarray(v).size == 1 else np.asarray(v).tolist() for v in values[1:]]
        message = backend_config(ctx)
        message = message if isinstance(message, str) and message else "check.assert failed"
        raise CheckFailure(f"{ctx.location}: " + _PLACEHOLDER.sub(
            lambda m: str(found[int(m.group(1))]) if int(m.group(1)) < len(found) else m.group(0), message))
    return _check_results(ctx)


# ----------------------------------------------------------------------------- shape_assertion

class ShapeAssertionFailure(InterpreterError):
    """A `shape_assertion` found its predicate false: the inputs do not have the shapes that
    the program was exported for."""


_PLACEHOLDER = re.compile(r"\{(\d+)\}")


def _discardable(op: ir.Operation) -> dict:
    """Discardable attributes of a custom call that targets read: jax.export's message for a
    failing shape_assertion, a dynamic_rng_bit_generator's algorithm, ApproxTopK's options."""
    out = {}
    if "error_message" in op.attributes and isinstance(op.attributes["error_message"], ir.StringAttr):
        out["error_message"] = op.attributes["error_message"].value
    if "mhlo.backend_config" in op.attributes and isinstance(op.attributes["mhlo.backend_config"], ir.DictAttr):
        config = op.attributes["mhlo.backend_config"]
        out["mhlo.backend_config"] = _dict_to_python(config)
    if "rng_algorithm" in op.attributes:
        m = re.fullmatch(r"#shlo\.rng_algorithm<(\w+)>", str(op.attributes["rng_algorithm"]))
        if m:
            out["rng_algorithm"] = m.group(1)
    return out


OP_INFO["custom_call"] = _discardable


@custom_call_target("shape_assertion")
def shape_assertion(ctx, *inputs):
    """jax.export's run-time check of symbolic shapes: `shape_assertion(pred, values...)` with an
    `error_message` whose `{i}` placeholders name values[i] (the dimension sizes it found)."""
    values = [v for v in inputs if not isinstance(v, Token)]
    if not values or np.asarray(values[0]).shape != () or np.asarray(values[0]).dtype != np.bool_:
        raise InterpreterError(f"{ctx.location}: shape_assertion takes a boolean scalar predicate first")
    if bool(np.asarray(values[0])):
        return [TOKEN for _ in ctx.result_types]
    found = [np.asarray(v).item() if np.asarray(v).size == 1 else np.asarray(v).tolist() for v in values[1:]]
    message = str(ctx.attrs.get("error_message") or "shape assertion failed")
    message = _PLACEHOLDER.sub(lambda m: str(found[int(m.group(1))]) if int(m.group(1)) < len(found)
                               else m.group(0), message)
    raise ShapeAssertionFailure(f"{ctx.location}: {message}")
