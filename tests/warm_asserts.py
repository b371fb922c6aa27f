"""Write pytest's assertion-rewritten bytecode of the test modules once, before ``make test``'s workers start.

Each pytest-xdist worker imports every test module, and pytest rewrites each module's ``assert``
statements (so that a failure explains itself) before compiling it: about 19 of the 28 CPU-seconds a
worker's collection takes here.  Where ``PYTHONDONTWRITEBYTECODE`` is set (this machine) pytest keeps no
rewritten module, so each of the four workers rewrote all of them; pytest *reads* a cached one whatever
that variable says (``_pytest/assertion/rewrite.py``: the cache is checked against the source's size and
modification time, as Python's own bytecode is).  This rewrites and compiles them once (nothing imported,
nothing run), in as many processes as there are CPUs, with pytest's own functions, and writes them where
pytest looks.

It changes no test and decides nothing: it always exits 0.  Where pytest's internals differ (another
version), or a module cannot be read or compiled, it writes nothing for it and the suite's own run rewrites
it (and reports any error), as before.  Usage: ``python tests/warm_asserts.py`` (``make test``).
"""
from __future__ import annotations

import os
import sys
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def warm(paths: list[str]) -> int:
    """Rewrite and write the cached bytecode of ``paths``; how many were written."""
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return 0
    state = types.SimpleNamespace(trace=lambda *_: None)
    done = 0
    for name in paths:
        path = Path(name)
        try:
            cache = rewrite.get_cache_dir(path)
            pyc = cache / (path.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(path, pyc) is not None:       # written before, for this very source
                continue
            stat, code = rewrite._rewrite_test(path, None)      # None: pytest's default settings (no pass hook)
            cache.mkdir(exist_ok=True)
            done += bool(rewrite._write_pyc(state, code, stat, pyc))
        except Exception:       # another pytest, a module that does not compile: the run rewrites it itself
            continue
    return done


def main() -> int:
    files = sorted((p for p in HERE.rglob("*.py") if p.name.startswith("test_") or p.name in ("conftest.py",
                                                                                             "report_builders.py")),
                   key=lambda p: -p.stat().st_size)
    n = max(1, min(os.cpu_count() or 1, 4, len(files)))
    shares = [[str(p) for p in files[k::n]] for k in range(n)]
    try:
        with ProcessPoolExecutor(n) as pool:
            list(pool.map(warm, shares))
    except Exception:           # no processes to be had: the suite rewrites as before
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
