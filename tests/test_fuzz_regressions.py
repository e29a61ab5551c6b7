"""Inputs found by tools/fuzz_artifacts.py --deep that once aborted the reading process.

Each case runs in a child process, so a regression fails this test instead of
killing the test run.
"""
import subprocess
import sys
import textwrap

import pytest

CASES = textwrap.dedent('''
    import os, pathlib, shlo
    from shlo.serialize import RELEASES, envelope

    def renamed_module(release):
        """A compat artifact whose top-level op is renamed `builtin.m\\\\xeffule` (not UTF-8), checksum re-sealed
        (fuzz case 27-134: MLIR's Python `Operation.name` aborts on such a name)."""
        data = next(iter(sorted(pathlib.Path("compat_tests", release).glob("*.shlo")))).read_bytes()
        payload = envelope.payload_of(data)
        assert payload.count(b"module") >= 1
        bad = payload.replace(b"module", b"m\\xeffule", 1)
        version = tuple(int(x) for x in release.split("."))
        return envelope.wrap(version, RELEASES[release]["bytecode_version"], bad, data[8])

    for release in ("1.2.0", "1.8.0"):   # 1.2.0 runs the version-claim checks, 1.8.0 skips them
        for native in ("1", "0"):
            os.environ["SHLO_VERIFY_NATIVE"] = native
            try:
                shlo.deserialize(renamed_module(release))
                print(release, native, "read")
            except shlo.DeserializationError as e:
                print(release, native, "refused:", e)
        prog = shlo.deserialize(renamed_module(release), verify=False)
        print(release, "unverified", len(list(prog.module.body.operations)))
        try:
            prog.verify()
        except shlo.VerificationError as e:
            print(release, "verify:", e)
''')


def test_an_op_name_that_is_not_text_is_refused_not_an_abort():
    r = subprocess.run([sys.executable, "-c", CASES], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    for release in ("1.2.0", "1.8.0"):
        for native in ("1", "0"):
            assert f"{release} {native} refused: artifact (shlo {release}) violates the spec: an op name is not " \
                   f"valid text" in lines
        assert f"{release} unverified 1" in lines
        assert f"{release} verify: an op name is not valid text" in lines


MODULE_SHAPES = textwrap.dedent('''
    import io, shlo
    from mlir import ir
    from shlo.context import make_context
    from shlo.serialize import envelope

    # Fuzz cases 14-472 and 17-55: a builtin.module without its region or its block; MLIR's
    # `module.body` asserts on those, and the version-claim checks read it.
    with make_context(), ir.Location.unknown():
        for regions in (0, 1, 2):
            for release, bc in (("1.8.0", 6), ("1.5.0", 4)):
                buf = io.BytesIO()
                ir.Operation.create("builtin.module", regions=regions).write_bytecode(buf, desired_version=bc)
                art = envelope.wrap(tuple(map(int, release.split("."))), bc,
                                    envelope.set_producer(buf.getvalue(), "shlo " + release), 2)
                try:
                    shlo.deserialize(art)
                    print(regions, release, "read")
                except shlo.DeserializationError as e:
                    print(regions, release, "refused:", e)
    for text in ('"builtin.module"() : () -> ()', '"builtin.module"() ({ }) : () -> ()'):
        try:
            shlo.parse(text, verify=False)
            print("text parsed")
        except shlo.ParseError as e:
            print("text refused:", e)
''')


def test_a_module_without_one_region_and_one_block_is_refused_not_an_abort():
    r = subprocess.run([sys.executable, "-c", MODULE_SHAPES], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    for release in ("1.8.0", "1.5.0"):
        prefix = f"refused: artifact payload does not parse: <artifact shlo {release}>: the top-level builtin.module"
        assert f"0 {release} {prefix} has 0 regions; a module has exactly one" in lines
        assert f"1 {release} {prefix}'s region has 0 blocks; a module has exactly one" in lines
        assert f"2 {release} {prefix} has 2 regions; a module has exactly one" in lines
    assert lines[-2:] == ["text refused: <input>: the top-level builtin.module has 0 regions; a module has exactly one",
                          "text refused: <input>: the top-level builtin.module's region has 0 blocks; a module has "
                          "exactly one"]


def test_the_campaign_tool_runs_a_short_isolated_deep_campaign(tmp_path):
    """tools/fuzz_artifacts.py end to end (issue 15's campaign is its long form); --first-seed
    lets separate runs use disjoint seeds. Isolated, so MLIR reader crashes are refusals."""
    import pathlib
    tool = pathlib.Path(__file__).resolve().parent.parent / "tools" / "fuzz_artifacts.py"
    r = subprocess.run([sys.executable, str(tool), "--deep", "--isolated", "--cases", "20", "--chunk", "20",
                        "--jobs", "1", "--first-seed", "1000", "--save", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    summary = r.stdout.splitlines()[-1]
    assert summary.startswith("~20 cases in ") and "(deep)" in summary
    assert "0 other exceptions, 0 process crash(es), 0 hung chunk(s)" in summary


def test_a_function_without_its_type_is_refused_with_a_typed_error():
    """Fuzz case (issue 15's deep campaign): a func.func whose `function_type` name was mutated; the
    sharding checks read the attribute unasked and raised a bare KeyError."""
    import pathlib
    import shlo
    data = (pathlib.Path(__file__).parent / "data" / "fuzz_func_without_function_type.shlo").read_bytes()
    try:
        shlo.deserialize(data)
    except shlo.DeserializationError as e:
        assert "violates the spec" in str(e)
    else:
        raise AssertionError("the artifact was read")


READER_ABORTS = [   # tests/data/fuzz_reader/<name>.shlo: what the read says instead of aborting
    ("tensor_dimension", "invalid tensor dimension size"),
    ("dense_array_size", "expected data size (0 elements, 8 bytes each) does not match: 16 bytes"),
    ("dictionary_duplicate_key", "dictionary with the key 'interior_padding' twice"),
    ("complex_element", "invalid element type for complex"),
    ("quant_storage_range", "illegal storage min and storage max: (-1024064:-1)"),
    ("quant_per_axis_scale", "scale out of expressed type range"),
    ("top_level_block_arguments", "bytecode IR section: the top-level block has arguments"),
    # These two looped forever (attributes, types that refer to each other in a cycle).
    ("attribute_cycle", "attributes or types refer to each other in a cycle"),
    ("type_cycle", "attributes or types refer to each other in a cycle"),
    # The isolated reader's own tests use these two with the guard off (tests/test_untrusted_reads.py).
    ("../crafted_abort", "illegal storage min and storage max: (-128:639)"),
    ("../crafted_loop", "attributes or types refer to each other in a cycle"),
]


@pytest.mark.parametrize("name,message", READER_ABORTS, ids=[n.lstrip("./") for n, _ in READER_ABORTS])
def test_bytes_that_abort_or_hang_mlirs_readers_are_refused_with_a_message(name, message):
    """Fuzz cases (issue 15's deep campaign, not isolated): each aborted the reading process in
    MLIR's builtin / quant attribute and type readers (an assertion in `get`) or in its IR reader
    (arguments on the top-level block), or never returned. dialect/ShloBytecodeGuard.cpp and
    serialize/tables.py now refuse them. Read isolated, so that a regression is a refusal naming
    the crash or the time limit, not a dead or stuck test run."""
    import pathlib
    import shlo
    data = (pathlib.Path(__file__).parent / "data" / "fuzz_reader" / f"{name}.shlo").read_bytes()
    with pytest.raises(shlo.DeserializationError) as e:
        shlo.deserialize(data, isolated=True)
    assert message in str(e.value) and "crashes" not in str(e.value), str(e.value)


def test_a_function_type_that_is_not_a_function_type_is_a_verification_error():
    """Fuzz case: a func.func whose function_type is a tensor type (and whose argument carries a
    sharding) made the sharding checks raise a bare AttributeError."""
    import shlo
    text = '''module {
      "func.func"() <{function_type = tensor<2xf32>, sym_name = "f"}> ({
      ^bb0(%x: tensor<2xf32>):
        "func.return"(%x) : (tensor<2xf32>) -> ()
      }) {arg_attrs = [{shlo.sharding = 1 : i32}]} : () -> ()
    }'''
    with pytest.raises(shlo.VerificationError, match="type attribute of function type"):
        shlo.parse(text, verify=False).verify()
