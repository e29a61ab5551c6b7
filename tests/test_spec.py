"""The spec itself: complete, consistent with what is generated from it, and
every op's examples and invalid programs behave as the spec says."""
import ast

import pytest

import check_ops
import count_ops
import gen_spec
import speclib
from shlo.verify import engine

OPS = speclib.load_ops()


def test_generated_files_are_fresh():
    assert gen_spec.main(["--check"]) == 0, "run tools/gen_spec.py and commit the result"


def test_released_opset_is_in_spec_ods_and_docs():
    c = count_ops.counts()
    assert speclib.current_version() == "1.8.0"
    assert len(speclib.released_opset("1.0.0")) == 108
    assert len(c["opset"]) == 112 and set(speclib.released_opset("1.0.0")) < c["opset"]
    for name, ops in c.items():
        assert ops == c["opset"], name


def test_every_name_in_constraints_is_in_the_vocabulary():
    namespace = engine.base_namespace()
    for op in OPS:
        bound = {v.name for v in op.operands + op.results} | {a.name for a in op.attributes}
        bound |= {r["name"] for r in op.regions} | {"op"}
        exprs = [c.check for c in op.constraints if c.check] + [c.when for c in op.constraints if c.when]
        exprs += [op.infer] if op.infer else []
        for expr in exprs:
            tree = ast.parse(expr, mode="eval")
            local = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            local |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Lambda) for a in n.args.args}
            for node in ast.walk(tree):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    assert node.id in namespace or node.id in bound or node.id in local, (
                        f"{op.name}: {node.id!r} in {expr!r} is not in the vocabulary")


def test_every_op_has_semantics_and_examples_with_values():
    for op in OPS:
        assert len(op.semantics) > 80, op.name
        assert op.examples, op.name


@pytest.mark.parametrize("op", OPS, ids=[o.name for o in OPS])
def test_op_examples_and_invalid_programs(op):
    assert check_ops.op_problems(op) == []
