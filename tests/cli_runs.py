"""``tractor ARGS`` run in the test process (click's ``CliRunner``), in a given folder: for the tests where
the console script itself is not what is checked (a subprocess costs about 0.6 CPU-s to start)."""
from __future__ import annotations

import os
from types import SimpleNamespace

from click.testing import CliRunner

from tractor_analysis.cli.main import main


def run_in(*args, cwd=None) -> SimpleNamespace:
    """``tractor ARGS`` run in ``cwd`` (the current folder changed for the run, and back): its ``returncode``,
    ``stdout`` and ``stderr``, as ``subprocess.run`` gives them; no exception but its exit."""
    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        r = CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(before)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return SimpleNamespace(returncode=r.exit_code, stdout=r.stdout, stderr=r.stderr)
