import pytest

torch = pytest.importorskip("torch")   # the `torch` extra; tools/setup.sh installs it

import os  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # opinfo_samples, shared by tests and tools


def pytest_collection_modifyitems(config, items):
    """The default run keeps every case of a test function with up to 4 (modes, flags: each a
    feature of its own), every sixth of the longer matrices (dtypes x ops, sizes) and every fourth
    of test_opinfo's OpInfo list. The others run with SHLO_FULL_TESTS=1 (and tools/torch_opinfo.py
    runs the whole op database), so that the suite stays within CI's time."""
    if os.environ.get("SHLO_FULL_TESTS"):
        return
    import collections
    here = os.path.dirname(os.path.abspath(__file__))
    groups = collections.defaultdict(list)
    for item in items:
        if str(item.fspath).startswith(here) and "[" in item.nodeid:
            groups[item.nodeid.split("[")[0]].append(item)
    drop = set()
    for name, cases in groups.items():
        # (groups of 2-4 are features: modes, flags, train / eval; they all run)
        every = 4 if name.endswith("test_opinfo_samples_f32") else 6 if len(cases) > 4 else 1
        drop.update(id(c) for i, c in enumerate(cases) if i % every)
    if drop:
        config.hook.pytest_deselected(items=[i for i in items if id(i) in drop])
        items[:] = [i for i in items if id(i) not in drop]
