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

:data:`gc_paused` holds off the cyclic garbage collector while one file is read, one match
replayed or one endgame position solved.  What is built there — decoded JSON values, records,
results, the solver's tables of tuples — is acyclic and freed by reference counting, but every 700
new containers the collector walks all the young ones, and now and then every live one: half of
the CPU time of reading a ``.jsonl`` text, a fifth of a solve.  Collection resumes
at the end, where whatever survived is looked at once.

:func:`fewer_collections` is the same idea for a whole command or worker process, between the
pauses: young collections every 20,000 new containers instead of 700 (the older generations at the
same pace per young one).  Cyclic garbage is still collected, only in larger steps.
"""
from __future__ import annotations

import contextlib
import dataclasses
import gc
import os
import threading
from typing import Any, Callable, Iterator

__all__ = ["collecting_less", "fast_init", "fewer_collections", "gc_paused", "settle_as_old"]

YOUNG_THRESHOLD = 20_000
"""New containers between two young collections under :func:`fewer_collections` (CPython: 700)."""


class _GcPause:
    """``with gc_paused:`` — the cyclic collector off inside, back as it was on the way out.

    Nested and concurrent uses (threads) count: the collector comes back on when the last one
    leaves, and only if it was on when the first one came in."""

    __slots__ = ("_lock", "_depth", "_resume")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._resume = False

    def __enter__(self) -> None:
        with self._lock:
            if not self._depth:
                self._resume = gc.isenabled()
                gc.disable()
            self._depth += 1

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            if self._depth:             # 0: a forked child's pause already ended (_after_fork)
                self._depth -= 1
                if not self._depth and self._resume:
                    gc.enable()

    def _after_fork(self) -> None:
        """In a child process forked while a thread was inside: the pause ends there (a fresh
        lock, the collector as it was before the pause), since the other threads are not in the
        child and would never leave."""
        self._lock = threading.Lock()
        if self._depth:
            self._depth = 0
            if self._resume:
                gc.enable()


gc_paused = _GcPause()
"""The one pause of the process (see :class:`_GcPause`)."""
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=gc_paused._after_fork)


def settle_as_old() -> None:
    """Move every object the collector tracks to its oldest generation at once, without walking
    them (``gc.freeze`` then ``gc.unfreeze``).  For the end of a long :data:`gc_paused` stretch
    that built millions of long-lived acyclic objects (the endgame solver's tables): otherwise the
    first young collection after the pause walks them all (seconds, at an unforeseeable moment,
    e.g. past a search's time budget).  Cyclic garbage among them is still found by the next full
    collection.  Nothing is done while objects are frozen (``gc.freeze`` by the caller, e.g.
    :func:`collecting_less`): the unfreeze would end that too."""
    if gc.get_freeze_count():
        return
    gc.freeze()
    gc.unfreeze()


def fewer_collections() -> None:
    """Collect cyclic garbage in larger steps for the rest of this process (see the module
    docstring): about 5 % of the CPU time of ``tractor check`` on simulated corpora."""
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, gc.get_threshold()[0]), older, oldest)


@contextlib.contextmanager
def collecting_less() -> Iterator[None]:
    """For a long stretch of work in a library call (a report's matches drawn): the objects made so
    far are left out of collection (``gc.freeze``; a forked worker then also leaves their memory
    pages shared) and young collections wait for :data:`YOUNG_THRESHOLD` new containers.  Cycles
    are still collected; both are undone on the way out."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(YOUNG_THRESHOLD, threshold[0]), *threshold[1:])
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


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
