"""The sweep tools of tools/ (on sys.path: conftest.py) for the tests that run a few of their cases.

Importing tools/xla_diff_sweep.py turns on JAX's 64-bit mode for the whole process; the rest
of the test run must keep the mode it had. `load` imports the tools and puts the mode back;
a test module that uses them turns it on only around its own tests with `x64_on`:

    csweep, sweep = sweep_tools.load("compiled_diff_sweep", "xla_diff_sweep")
    from sweep_tools import x64_on  # noqa: F401  (an autouse fixture)
"""
from __future__ import annotations

import importlib

import jax
import pytest


def load(*names: str) -> list:
    before = jax.config.jax_enable_x64
    try:
        return [importlib.import_module(n) for n in names]
    finally:
        jax.config.update("jax_enable_x64", before)


@pytest.fixture(autouse=True)
def x64_on():
    with jax.enable_x64(True):
        yield
