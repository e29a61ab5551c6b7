import pytest

torch = pytest.importorskip("torch")   # the `torch` extra; tools/setup.sh installs it
