"""Op-family helpers that join the constraint vocabulary.

Each module here holds the rules one family of ops needs (result shapes,
region signatures). Every public function of every module becomes a name
that spec constraints and `infer` expressions may use; names must be unique
across modules (tests check it).
"""
from __future__ import annotations

import importlib
import pkgutil


def collect() -> dict:
    names: dict = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, value in vars(module).items():
            if callable(value) and not name.startswith("_") and getattr(value, "__module__", None) == module.__name__:
                if name in names:
                    raise RuntimeError(f"rule {name} defined in two modules")
                names[name] = value
    return names
