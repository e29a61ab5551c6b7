"""Op implementations, one module per family; importing this registers them all."""
import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    importlib.import_module(f"{__name__}.{_info.name}")
