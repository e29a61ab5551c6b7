"""Every example in the spec that states expected outputs runs on the interpreter
and gives them; every op in the spec has an implementation."""
import pytest

import run_examples
import speclib
from shlo.interpreter import implemented_ops

OPS = speclib.load_ops()


def test_every_spec_op_is_implemented():
    missing = {o.name for o in OPS} - {"return"} - implemented_ops()
    assert not missing, f"no interpreter implementation for {sorted(missing)}"


@pytest.mark.parametrize("op", OPS, ids=[o.name for o in OPS])
def test_spec_examples_run(op):
    assert run_examples.example_run_problems(op) == []
