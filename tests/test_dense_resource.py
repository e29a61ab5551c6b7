"""Weights as `dense_resource` blobs: built from an array's buffer, read by the verifier,
interpreter and compiler, kept by serialize/deserialize and by to_stablehlo."""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from shlo.builders import FunctionBuilder
from shlo.literals import elements_to_numpy, is_resource, numpy_to_resource

RNG = np.random.default_rng(7)


def _program(w: np.ndarray):
    t = f"tensor<{'x'.join(map(str, w.shape))}xf32>"
    with FunctionBuilder("main", [t]) as fb:
        c = fb.op("constant", value=numpy_to_resource(w, "weight", context=fb.context))
        fb.ret(fb.op("add", fb.arguments[0], c))
    return fb.program()


def test_resource_constant_runs_and_round_trips():
    w = RNG.standard_normal((64, 32)).astype(np.float32)
    x = RNG.standard_normal((64, 32)).astype(np.float32)
    prog = _program(w)
    assert "dense_resource<weight" in str(prog)
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], x + w)
    np.testing.assert_array_equal(shlo.compile(prog)(x)[0], x + w)
    back = shlo.deserialize(shlo.serialize(prog))
    np.testing.assert_array_equal(shlo.interpret(back, x)[0], x + w)
    text = shlo.to_stablehlo(prog)
    assert "stablehlo.constant dense_resource<weight" in text and "dialect_resources" in text


@pytest.mark.parametrize("dtype", [np.float16, np.float64, np.int8, np.int64, np.uint16, np.complex64])
def test_resource_reads_back_every_byte_width(dtype):
    from shlo.context import make_context
    from mlir import ir
    a = (RNG.standard_normal((3, 5)) * 50).astype(dtype)
    with make_context(), ir.Location.unknown():
        attr = numpy_to_resource(a, "a")
        assert is_resource(attr)
        np.testing.assert_array_equal(elements_to_numpy(attr), a)


def test_bool_arrays_stay_dense_literals():
    from shlo.context import make_context
    from mlir import ir
    with make_context(), ir.Location.unknown():
        attr = numpy_to_resource(np.array([True, False, True]), "b")
        assert not is_resource(attr)
        np.testing.assert_array_equal(elements_to_numpy(attr), [True, False, True])


def test_dangling_resource_handle_is_a_clear_error():
    text = """func.func @main() -> tensor<2xf32> {
      %0 = shlo.constant {value = dense_resource<missing> : tensor<2xf32>} : () -> tensor<2xf32>
      func.return %0 : tensor<2xf32> }"""
    with pytest.raises(shlo.ShloError, match="no data"):
        shlo.interpret(shlo.parse(text))
