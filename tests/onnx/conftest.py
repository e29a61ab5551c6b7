import pytest

onnx = pytest.importorskip("onnx")   # the `onnx` extra; tools/setup.sh installs it
