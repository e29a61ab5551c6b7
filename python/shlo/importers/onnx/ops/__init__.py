"""Converters from ONNX ops to shlo, one module per op family; importing a module registers
its converters in `registry.TABLE`."""
from . import control, elementwise, misc, misc_detection, nn, nn_quant, nn_rnn, nn_sample, nn_signal, reductions, tensors  # noqa: F401
