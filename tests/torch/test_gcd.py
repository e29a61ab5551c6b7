"""gcd / lcm on integer tensors: Euclid's loop, exact as eager (negatives, zeros, INT_MIN's
wrap-around, lcm's wrapping product, broadcasting, unsigned)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import shlo
from torch_wrap import Fn

I64_MIN = torch.iinfo(torch.int64).min


def _check(fn, *xs):
    prog = shlo.from_torch(Fn(fn), xs)
    got = np.asarray(shlo.interpret(prog, *[x.numpy() for x in xs])[0])
    want = fn(*xs).numpy()
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


def test_gcd_lcm_i64_signs_zeros_and_extremes():
    a = torch.tensor([12, -18, 0, 0, 7, -7, 1 << 40, I64_MIN, I64_MIN, 3037000499, 832040, 9], dtype=torch.int64)
    b = torch.tensor([18, 12, 5, 0, -7, 0, 6 << 20, 0, 4, 3037000493, 514229, -6], dtype=torch.int64)
    _check(torch.gcd, a, b)
    _check(torch.lcm, a, b)


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int8, torch.int32])
def test_gcd_lcm_narrow_types_broadcast(dtype):
    info = torch.iinfo(dtype)
    a = torch.tensor([[0], [6], [info.max], [info.min], [100]], dtype=dtype)
    b = torch.tensor([0, 4, 9, info.max - 1, 24, 3], dtype=dtype)
    _check(torch.gcd, a, b)
    _check(torch.lcm, a, b)


def test_lcm_where_gcd_is_minus_one_does_not_trap():
    # gcd(INT32_MIN, 25) is -1 (|INT_MIN| wraps); eager's int32 lcm divides INT_MIN by it and
    # dies of SIGFPE. shlo takes a / -1 as -a: |INT_MIN * 25| wraps to INT_MIN
    a = torch.tensor([torch.iinfo(torch.int32).min], dtype=torch.int32)
    b = torch.tensor([25], dtype=torch.int32)
    prog = shlo.from_torch(Fn(torch.lcm), (a, b))
    assert np.asarray(shlo.interpret(prog, a.numpy(), b.numpy())[0]).tolist() == [a.item()]


def test_gcd_of_floats_is_refused():
    # export traces float gcd (eager has no kernel for it); the importer names the op and type
    with pytest.raises(shlo.ImporterError, match="gcd is defined on integer tensors only, not f32"):
        shlo.from_torch(Fn(torch.gcd), (torch.ones(2), torch.ones(2)))
