"""Rules for sorting, mapping, FFT, batch normalization, linear solvers, quantization and random numbers."""
from __future__ import annotations

from .. import vocabulary as v


def _texts(types):
    return [t.text for t in types]


# ------------------------------------------------------------ sort / map


def comparator_signature_ok(comparator, inputs):
    """True when a sort comparator takes two rank-0 tensors per input (interleaved: lhs then rhs of input 0, then of input 1, ...) of the inputs' element types and returns one `tensor<i1>`."""
    want = []
    for x in inputs:
        r0 = v.rank0(v.element_type(x))
        want += [r0, r0]
    return (v.num_blocks(comparator) == 1 and _texts(v.block_args(comparator)) == _texts(want)
            and _texts(v.returns(comparator)) == ["tensor<i1>"])


def map_signature_ok(computation, inputs, result):
    """True when a map computation takes one rank-0 tensor per input of that input's element type and returns one rank-0 tensor of the result's element type."""
    want = [v.rank0(v.element_type(x)) for x in inputs]
    return (v.num_blocks(computation) == 1 and _texts(v.block_args(computation)) == _texts(want)
            and _texts(v.returns(computation)) == [v.rank0(v.element_type(result)).text])


# ------------------------------------------------------------------- fft


def _half_plus_one(d):
    if d is None:
        return None
    return 0 if d == 0 else d // 2 + 1


def fft_element_types_ok(operand, result, fft_type):
    """True when the element types fit `fft_type`: complex to the same complex type for FFT/IFFT, float to its complex type for RFFT, complex to its float part type for IRFFT."""
    a, b = v.element_type(operand), v.element_type(result)
    if fft_type in ("FFT", "IFFT"):
        return v.is_complex(operand) and a == b
    if fft_type == "RFFT":
        return v.is_float(operand) and b == v.complex_of(a)
    return v.is_complex(operand) and b == v.complex_part(a)


def fft_real_operand(operand, result, fft_type):
    """The real (floating-point) tensor among an fft's operand and result: the operand for RFFT, the result for IRFFT, None otherwise."""
    if fft_type == "RFFT":
        return operand
    if fft_type == "IRFFT":
        return result
    return None


def fft_result_shape(operand, fft_type, fft_length):
    """The result shape of fft: the operand's shape, with the last size halved plus one for RFFT and the trailing sizes set to `fft_length` for IRFFT."""
    s = list(v.shape(operand))
    if fft_type == "RFFT" and s:
        s[-1] = _half_plus_one(s[-1])
    elif fft_type == "IRFFT" and s:
        n = len(fft_length)
        s[len(s) - n:] = list(fft_length)
    return tuple(s)


def fft_result_shape_ok(operand, result, fft_type):
    """True when an fft's result shape equals its operand's except in the last dimension, which follows the RFFT/IRFFT halving rule."""
    a, b = v.shape(operand), v.shape(result)
    if len(a) != len(b) or not a:
        return False
    if not v.compatible_dims(a[:-1], b[:-1]):
        return False
    if fft_type == "RFFT":
        return v.compatible_dim(b[-1], _half_plus_one(a[-1]))
    if fft_type == "IRFFT":
        return v.compatible_dim(a[-1], _half_plus_one(b[-1]))
    return v.compatible_dim(a[-1], b[-1])


# ------------------------------------------------------- batch normalization


def is_feature_vector(x, operand, feature_index):
    """True when `x` is a rank-1 tensor whose size is compatible with `dim(operand, feature_index)`."""
    return v.rank(x) == 1 and v.compatible_dim(v.dim(x, 0), v.dim(operand, feature_index))


def feature_vector_type(operand, feature_index):
    """The rank-1 tensor type with `dim(operand, feature_index)` elements of the operand's element type."""
    return v.tensor_type((v.dim(operand, feature_index),), operand)


# ---------------------------------------------------------- linear algebra


def triangular_solve_shapes_ok(a, b, left_side):
    """True when `a` is a batch of square matrices matching `b`'s batch dimensions and `b`'s second-to-last (left_side) or last dimension."""
    sa, sb = v.shape(a), v.shape(b)
    return (v.compatible_dims(sa[:-2], sb[:-2]) and v.compatible_dim(sa[-2], sa[-1])
            and v.compatible_dim(sa[-1], sb[-2] if left_side else sb[-1]))


# ---------------------------------------------------------------- random


def rng_state_size_ok(rng_algorithm, initial_state):
    """True when a bit generator state has the size its algorithm needs: 2 for THREE_FRY, 2 or 3 for PHILOX, any for DEFAULT."""
    n = v.dim(initial_state, 0)
    if n is None or rng_algorithm == "DEFAULT":
        return True
    if rng_algorithm == "THREE_FRY":
        return n == 2
    return n in (2, 3)
