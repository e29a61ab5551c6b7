"""Op lowerings, one module per op family (as the interpreter's `ops/`).

  elementwise, elementwise_math   scalar emitters of the element-wise ops
  structure                       constant, tuple, token, barrier, composite, async
  quantization                    uniform_(de)quantize, dequantize -> op -> quantize
  shapes                          broadcast, reshape, transpose, slice, pad, concatenate, iota, dynamic_*
  indexing                        gather, scatter, dynamic_gather
  reductions                      reduce, reduce_window, select_and_scatter, map, sort
  linalg                          dot_general, convolution, dynamic_conv
  control                         while, if, case, ids, custom_call
  collectives                     single-process collectives; multi-process ones are errors
  numerics                        fft, cholesky, triangular_solve, batch_norm_*
  random                          rng_bit_generator, rng
  sharding                        sharding_constraint (the identity), mesh (nothing)
  jax_custom_calls                custom_call targets JAX writes (ApproxTopK)
"""
from . import (collectives, control, elementwise, elementwise_math, indexing, jax_custom_calls,  # noqa: F401
               linalg, numerics, quantization, random, reductions, shapes, sharding, structure)
