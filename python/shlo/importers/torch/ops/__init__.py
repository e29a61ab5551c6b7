"""Converters from ATen ops to shlo, one module per op family; importing a module registers
its converters in `registry.ATEN`."""
from . import (control, conv, creation, elementwise, indexing, linalg, norms, reductions,  # noqa: F401
               resize, scalars, shapes, sorting, fft, backward, embedding_bag,
               special, special_poly, special_bessel, float_bits, scans, linalg_decomp, linalg_orthogonal,
               linalg_matrix_exp, special_gamma, linalg_eig,
               linalg_ldl, segment_reduce, histogram,
               special_airy, dynamic_sizes,
               fractional_pool, linear_cross_entropy, gcd, repeat_interleave, grouped_mm, fake_quant, attention,
               flex_attention, eager_rounding)
