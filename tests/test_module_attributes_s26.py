"""Every ``module.NAME`` the package's code reads from a module it imports whole exists there (an analyst's tester:
``platform_leads`` read ``explain_contradicted.EITHER_SEATING``, a name of ``explain_copies`` — an AttributeError in a
path only a damaged 80fen log reaches, which dropped the whole match from ``check`` and the dataset).  pyflakes does
not see it; this reads each module's syntax tree: ``from . import x`` / ``import a.b as x`` / ``from .. import x``
bindings of package modules, then every ``x.NAME`` read."""
from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import tractor_analysis

ROOT = Path(tractor_analysis.__file__).parent


def _modules():
    import tractor_analysis.cli as cli
    import tractor_analysis.reports as reports

    for path, prefix in ((str(ROOT), "tractor_analysis."), (cli.__path__[0], "tractor_analysis.cli."),
                         (reports.__path__[0], "tractor_analysis.reports.")):
        for info in pkgutil.walk_packages([path], prefix):
            name = info.name
            if name.rsplit(".", 1)[-1].startswith("_") and not info.ispkg:
                continue        # compiled cores and private helpers import as they are built
            yield name


def _bound_modules(tree: ast.Module, package: str) -> dict[str, str]:
    """Names bound at the module's top level to a module of the package (``from . import explain`` …)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            if node.module:
                base = f"{base}.{node.module}"
            for alias in node.names:
                full = f"{base}.{alias.name}"
                try:
                    importlib.import_module(full)
                except ImportError:
                    continue        # a name, not a module
                out[alias.asname or alias.name] = full
    return out


def test_every_attribute_read_from_an_imported_module_exists():
    missing = []
    for name in _modules():
        module = importlib.import_module(name)
        path = getattr(module, "__file__", None)
        if not path or not path.endswith(".py"):
            continue
        tree = ast.parse(Path(path).read_text("utf-8"))
        package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
        bound = _bound_modules(tree, package)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                    and isinstance(node.ctx, ast.Load)):
                target = importlib.import_module(bound[node.value.id])
                if not hasattr(target, node.attr):
                    missing.append(f"{name}:{node.lineno}: {bound[node.value.id]}.{node.attr}")
    assert not missing, "\n".join(missing)
