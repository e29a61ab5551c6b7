"""The README's first command runs tools/demo.py on the built-in examples: keep it working."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_demo_runs_and_catches_the_broken_variant():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "demo.py")], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "round trip through bytecode: identical" in proc.stdout
    assert "broken variant rejected: dot_general.C8" in proc.stdout
    # the whole flow on the JAX model: imported, serialized, reloaded, interpreted, compiled
    assert "compiled and interpreted outputs agree: yes" in proc.stdout
    assert "agree with JAX: yes" in proc.stdout
    assert "matches the interpreter: yes" in proc.stdout
    # the PyTorch CNN at two batch sizes against eager PyTorch, the ONNX model against onnxruntime
    assert proc.stdout.count("interpreted and compiled agree with eager PyTorch: yes") == 2
    assert "interpreted and compiled agree with onnxruntime: yes" in proc.stdout
    assert "NO" not in proc.stdout
