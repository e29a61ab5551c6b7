import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))   # helpers shared by test modules (test_jax_import.run_xla)


def pytest_configure(config):
    config.addinivalue_line("markers", "thin(every): the default run keeps every n-th case of this "
                            "parametrized test; SHLO_FULL_TESTS=1 runs all of them")


def pytest_collection_modifyitems(config, items):
    """Keeps the default run within CI's time: a test marked thin(n) runs every n-th case."""
    import collections
    import os
    if os.environ.get("SHLO_FULL_TESTS"):
        return
    groups = collections.defaultdict(list)
    for item in items:
        mark = item.get_closest_marker("thin")
        if mark and "[" in item.nodeid:
            groups[(item.nodeid.split("[")[0], mark.args[0])].append(item)
    drop = {id(c) for (_, every), cases in groups.items() for i, c in enumerate(cases) if i % every}
    if drop:
        config.hook.pytest_deselected(items=[i for i in items if id(i) in drop])
        items[:] = [i for i in items if id(i) not in drop]
