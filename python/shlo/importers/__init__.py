"""Importers into shlo.

`shlo.from_jax(fn, *args)` (importers/jax.py) lowers a JAX function and
converts its StableHLO; `shlo.from_stablehlo(text_or_bytes)` and
`shlo.to_stablehlo(prog)` (importers/stablehlo.py) move programs between
StableHLO and shlo; CHLO ops are decomposed by importers/chlo.py. The
PyTorch and ONNX importers are not built yet (`shlo.from_torch` and
`shlo.from_onnx` do not exist).
"""
