"""Lowerings from shlo to linalg/tensor/arith (then LLVM and GPU): not built yet.

`shlo.compile` does not exist until its issue lands.
"""
