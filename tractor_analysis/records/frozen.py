"""A cheap constructor for the hot frozen dataclasses (``frozen=True, slots=True``).

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (the class's
own ``__setattr__`` refuses): about 0.13 µs a field, 1.6 µs for a 12-field
:class:`~tractor_analysis.engine.verdicts.TrickResult`, several percent of a replay.
:func:`fast_init` gives a constructor with the same signature that builds the object as an
instance of a private *twin* class — the same ``__slots__`` in the same order, so the same
memory layout, but no ``__setattr__`` of its own, so each field is a plain slot store — and
then makes it an instance of the real class (``__class__`` assignment, allowed between two
classes of one layout).  What comes out is an ordinary instance of the frozen class: its
``__eq__``, ``__hash__``, ``__repr__``, pickling, ``dataclasses.replace`` and ``fields`` are
the class's own, and it refuses assignment like any other.  No field conversion or
``__post_init__`` runs (the classes given have none: checked).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

__all__ = ["fast_init"]


def fast_init(cls: type) -> Callable[..., Any]:
    """``cls(*args, **kwargs)``, several times faster, for a ``frozen=True, slots=True``
    dataclass with plain defaults (no ``default_factory``, no ``__post_init__``, no ``InitVar``)."""
    params = dataclasses.fields(cls)
    names = tuple(f.name for f in params)
    if (not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen
            or tuple(getattr(cls, "__slots__", ())) != names or hasattr(cls, "__post_init__")
            or any(not f.init or f.default_factory is not dataclasses.MISSING for f in params)
            or cls.__bases__ != (object,)):
        raise TypeError(f"fast_init: {cls.__name__} is not a plain frozen slots dataclass")
    env: dict[str, Any] = {"_cls": cls}
    args = []
    for f in params:
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            env[f"_d_{f.name}"] = f.default
            args.append(f"{f.name}=_d_{f.name}")
    body = "".join(f"    self.{n} = {n}\n" for n in names)
    source = f"def __init__(self, {', '.join(args)}):\n{body}    self.__class__ = _cls\n"
    exec(source, env)                                   # noqa: S102 (fixed text built from field names)
    twin = type(f"_{cls.__name__}Builder", (object,), {"__slots__": names, "__init__": env["__init__"],
                                                        "__module__": cls.__module__})
    probe = object.__new__(twin)                        # the layouts must match, or assignment fails here
    probe.__class__ = cls
    return twin
