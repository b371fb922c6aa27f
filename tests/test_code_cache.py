"""The dataclasses' methods served from ``cli/code_cache.py``'s cache are those Python compiles itself.

Every generated method of every dataclass the commands import (ingest's and check's modules, the
reports' and the solver's) is compared, code object by code object (bytecode, constants, names,
line table, flags…), with its annotations and defaults, between a process without the cache, one
that fills it and one that reads it; and a few classes of every kind of field, here in the process.
A cache of another Python, a damaged one, ``PYTHONDONTWRITEBYTECODE`` and an unwritable folder are
checked too.
"""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from typing import ClassVar

import pytest

from tractor_analysis.cli import code_cache

MODULES = ["tractor_analysis.cli.main", "tractor_analysis.cli.ingest_cmd", "tractor_analysis.cli.check",
           "tractor_analysis.dataset.pipeline", "tractor_analysis.dataset.reading", "tractor_analysis.records",
           "tractor_analysis.engine", "tractor_analysis.analysis.solver", "tractor_analysis.cli.report_cmd"]

FINGERPRINT = r'''
import dataclasses, importlib, json, os, sys, types
mode, path = sys.argv[1], sys.argv[2]
from tractor_analysis.cli import code_cache
if mode != "plain":
    code_cache.install(path)
for m in sys.argv[3:]:
    importlib.import_module(m)

def code(c):
    return [c.co_name, c.co_qualname, c.co_filename, c.co_firstlineno, c.co_argcount, c.co_posonlyargcount,
            c.co_kwonlyargcount, c.co_flags, c.co_stacksize, c.co_code.hex(), c.co_linetable.hex(),
            c.co_exceptiontable.hex(), list(c.co_names), list(c.co_varnames), list(c.co_freevars),
            list(c.co_cellvars), [code(k) if isinstance(k, types.CodeType) else repr(k) for k in c.co_consts]]

out = {}
for name, mod in sorted(sys.modules.items()):
    if not name.startswith("tractor_analysis"):
        continue
    for cname, cls in sorted(vars(mod).items()):
        if not isinstance(cls, type) or not dataclasses.is_dataclass(cls) or cls.__module__ != name:
            continue
        for attr, f in sorted(vars(cls).items()):
            f = getattr(f, "__wrapped__", f)          # __repr__ is wrapped by reprlib.recursive_repr
            if isinstance(f, types.FunctionType) and f.__code__.co_filename == "<string>":
                out[f"{name}.{cname}.{attr}"] = [code(f.__code__), repr(f.__annotations__), repr(f.__defaults__),
                                                 repr(f.__kwdefaults__), f.__qualname__]
print(json.dumps({"methods": out, "counts": code_cache.counts()}))
'''


def _fingerprint(mode: str, path: str, env_extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(env_extra or {})
    out = subprocess.run([sys.executable, "-c", FINGERPRINT, mode, path, *MODULES], capture_output=True, text=True,
                         env=env, check=True)
    return json.loads(out.stdout)


def test_cached_methods_are_the_compiled_ones(tmp_path):
    path = str(tmp_path / "cache.dataclasses")
    plain = _fingerprint("plain", path)
    filling = _fingerprint("cache", path)
    assert os.path.exists(path)
    reading = _fingerprint("cache", path)
    assert len(plain["methods"]) > 200          # __init__, __repr__, __eq__, … of every dataclass
    assert filling["methods"] == plain["methods"]
    assert reading["methods"] == plain["methods"]
    found, compiled = reading["counts"]
    assert compiled == 0 and found > 200
    assert filling["counts"][0] == 0 and filling["counts"][1] == reading["counts"][0]


def test_no_cache_written_without_bytecode(tmp_path):
    path = str(tmp_path / "cache.dataclasses")
    _fingerprint("cache", path, {"PYTHONDONTWRITEBYTECODE": "1"})
    assert not os.path.exists(path)


@pytest.mark.parametrize("content", [b"", b"\0\0\0\0garbage", None])
def test_foreign_or_damaged_cache_ignored(tmp_path, content):
    path = tmp_path / "cache.dataclasses"
    if content is None:          # a good cache of another Python (another magic number)
        _fingerprint("cache", str(path))
        data = path.read_bytes()
        content = bytes([data[0] ^ 0xFF]) + data[1:]
    path.write_bytes(content)
    assert code_cache.read(str(path)) == {}
    again = _fingerprint("cache", str(path))
    assert again["counts"][0] == 0 and again["counts"][1] > 200
    assert code_cache.read(str(path))                           # written again, good


def test_unwritable_folder_leaves_nothing(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):          # (root writes anyway)
            pytest.skip("the folder stays writable for this user")
        out = _fingerprint("cache", str(folder / "cache.dataclasses"))
        assert out["counts"][1] > 200 and os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


@dataclasses.dataclass
class _Plain:
    a: int
    b: list = dataclasses.field(default_factory=list)
    c: str = "x"
    d: ClassVar[int] = 3


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class _Frozen:
    a: int
    b: tuple = ()
    c: float = dataclasses.field(default=1.5, compare=False, repr=False)


@dataclasses.dataclass(kw_only=True, unsafe_hash=True)
class _KwOnly:
    a: int = 0
    b: dataclasses.InitVar[int] = 1

    def __post_init__(self, b):
        self.a += b


def _made(cls: type):
    """The class made again (as ``dataclass`` makes it) from its fields, in this process."""
    params = cls.__dataclass_params__
    ns = {"__annotations__": dict(cls.__annotations__), "__module__": cls.__module__, "__qualname__": cls.__qualname__}
    for f in dataclasses.fields(cls):
        ns[f.name] = dataclasses.field(default=f.default, default_factory=f.default_factory, repr=f.repr,
                                       compare=f.compare, hash=f.hash, init=f.init, kw_only=f.kw_only)
    if cls is _Plain:
        ns["d"] = 3
    if cls is _KwOnly:
        ns["b"] = 1
        ns["__post_init__"] = cls.__post_init__
    made = type(cls.__name__, (), {k: v for k, v in ns.items() if k != "__qualname__"})
    made.__qualname__ = cls.__qualname__
    return dataclasses.dataclass(made, init=params.init, repr=params.repr, eq=params.eq, order=params.order,
                                 unsafe_hash=params.unsafe_hash, frozen=params.frozen, kw_only=cls is _KwOnly,
                                 slots=cls is _Frozen)


@pytest.mark.parametrize("cls", [_Plain, _Frozen, _KwOnly])
def test_in_process_classes(tmp_path, monkeypatch, cls):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = str(tmp_path / "cache.dataclasses")
    code_cache.install(path)
    try:
        first = _made(cls)
        code_cache.save()
        code_cache.uninstall()
        code_cache.install(path)
        second = _made(cls)
        assert code_cache.counts()[1] == 0 and code_cache.counts()[0] > 0
    finally:
        code_cache.uninstall()
    for attr, f in vars(cls).items():
        f = getattr(f, "__wrapped__", f)
        if callable(f) and getattr(getattr(f, "__code__", None), "co_filename", "") == "<string>":
            for made in (first, second):
                g = getattr(vars(made)[attr], "__wrapped__", vars(made)[attr])
                assert g.__code__ == f.__code__, attr
                assert g.__annotations__.keys() == f.__annotations__.keys(), attr
                assert g.__defaults__ == f.__defaults__ and g.__kwdefaults__ == f.__kwdefaults__, attr
    args = {"a": 2} if cls is _KwOnly else {"a": 2, "b": ()} if cls is _Frozen else {"a": 2}
    assert repr(first(**args)).replace(first.__qualname__, "") == repr(cls(**args)).replace(cls.__qualname__, "")
    assert code_cache.counts() == (0, 0)


def test_not_a_string_goes_to_exec():
    ns: dict = {}
    code_cache.install(os.devnull + "/none")
    try:
        code_cache._exec(compile("x = 1", "<t>", "exec"), ns)
        assert ns["x"] == 1 and code_cache.counts() == (0, 0)
    finally:
        code_cache.uninstall()
