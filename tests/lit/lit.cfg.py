# lit configuration for the command-line tools (shlo-opt), checked with the
# Python FileCheck port from PyPI (`filecheck`).
import os
import shutil
import sys

import lit.formats

config.name = "shlo"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "Inputs"]
config.environment["PYTHONIOENCODING"] = "utf-8"
for var in ("PATH", "HOME", "VIRTUAL_ENV"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

bindir = os.path.dirname(sys.executable)
shlo_opt = shutil.which("shlo-opt", path=bindir + os.pathsep + os.environ.get("PATH", ""))
filecheck = shutil.which("filecheck", path=bindir + os.pathsep + os.environ.get("PATH", ""))
if not shlo_opt or not filecheck:
    lit_config.fatal("shlo-opt and filecheck must be installed (pip install -e .[test])")
config.substitutions.append(("shlo-opt", shlo_opt))
config.substitutions.append(("FileCheck", filecheck))
config.substitutions.append(("%python", sys.executable))
