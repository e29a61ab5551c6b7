"""Importers from JAX, PyTorch (torch.export), ONNX and StableHLO: not built yet.

`shlo.from_jax`, `shlo.from_torch`, `shlo.from_onnx` and `shlo.from_stablehlo`
do not exist until their issues land; importing them fails with
AttributeError rather than pretending to work.
"""
