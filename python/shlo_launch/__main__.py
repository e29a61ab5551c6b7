"""python -m shlo_launch: shlo-opt (see the package docstring)."""
import sys

from . import shlo_opt

sys.exit(shlo_opt())
