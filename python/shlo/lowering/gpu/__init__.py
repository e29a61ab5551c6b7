"""The GPU back end (CUDA): kernels, PTX, and the host driver."""
