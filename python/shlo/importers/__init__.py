"""Importers into shlo, one per framework.

`shlo.from_jax(fn, *args)` (importers/jax.py) lowers a JAX function and
converts its StableHLO; `shlo.from_stablehlo(text_or_bytes)` and
`shlo.to_stablehlo(prog)` (importers/stablehlo.py) move programs between
StableHLO and shlo; CHLO ops are decomposed by importers/chlo.py.
`shlo.from_torch(module, args)` (importers/torch/) converts a torch.export
program and `shlo.from_onnx(model)` (importers/onnx/) an ONNX model, each
with a dispatch table of converters grouped one module per op family, over
the shared emitters of importers/emitter.py.
"""
