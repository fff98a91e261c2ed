"""The conformance suites: every module of this package lists its suite builders in SUITES.

A builder takes the data directory (../shared/conformance) and returns a model.Suite.
Modules are taken in name order, and their builders in the order each module lists them.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Callable

from model import Suite


def builders() -> list[Callable[[Path], Suite]]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.extend(module.SUITES)
    return found
