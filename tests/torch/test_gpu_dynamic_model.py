"""A torch model exported with dynamic sizes compiles for the GPU (tools/gpu_models.py's
dyn_transformer_encoder, whose mapped form `tools/gpu_models.py --cpu-check` compares: the run-time
size guards of 79b508c / e87689b, scf.if around element-wise ops and dot_generals, made the GPU
mapping refuse it: "memref.alloc ... made on the device and used outside its kernel")."""
import torch
from torch import nn

import shlo
from shlo.lowering.gpu import compiler as gpu


def test_dynamic_transformer_encoder_maps_to_the_gpu():
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True)
    m = nn.TransformerEncoder(layer, 1, enable_nested_tensor=False).eval()
    b, t = torch.export.Dim("b", min=2, max=16), torch.export.Dim("t", min=2, max=64)
    prog = shlo.from_torch(m, (torch.randn(3, 5, 32),), dynamic_shapes=({0: b, 1: t},))
    art = gpu.compile_cuda(prog, assemble=False)
    assert art.kernels
