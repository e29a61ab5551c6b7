"""Runs the lit + FileCheck tests of the command-line tools (tests/lit)."""
import pathlib
import subprocess
import sys


def test_lit_suite():
    lit_dir = pathlib.Path(__file__).parent / "lit"
    proc = subprocess.run([str(pathlib.Path(sys.executable).parent / "lit"), "-v", str(lit_dir)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-20000:] + proc.stderr[-5000:]
    assert "Passed" in proc.stdout
