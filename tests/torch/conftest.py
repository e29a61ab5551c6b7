import pytest

torch = pytest.importorskip("torch")   # the `torch` extra; tools/setup.sh installs it

import os  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # opinfo_samples, shared by tests and tools
