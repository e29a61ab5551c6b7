import pytest

onnx = pytest.importorskip("onnx")   # the `onnx` extra; tools/setup.sh installs it

# Test modules here share helper modules (contrib_checks.py, heldout_checks.py):
# this folder on the path whichever file is collected first, or alone.
import pathlib  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
