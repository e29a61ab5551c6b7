"""Converters from ONNX ops to shlo, one module per op family; importing a module registers
its converters in `registry.TABLE`."""
from . import contrib_fused, contrib_quant, contrib_transformer  # noqa: F401  (onnxruntime's com.microsoft ops)
from . import contrib_nchwc  # noqa: F401  (its com.microsoft.nchwc layout ops)
from . import control, elementwise, misc, misc_detection, nn, nn_quant, nn_rnn, nn_sample, nn_signal, reductions, tensors  # noqa: F401
