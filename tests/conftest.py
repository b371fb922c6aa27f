"""Suite-wide set-up: the report tests' shared fixtures, the two code paths (``both_cores``), SIGINT, the terminal's width, and the
last garbage collection of a worker.

The suite may run as a background job of a script without job control (``make test &``), which
starts with SIGINT ignored; every ``tractor`` the tests start would inherit that, and the Ctrl-C
tests could not interrupt anything.  A *handled* SIGINT in the test process is reset to the
default in each child at exec, as in a terminal's foreground job.
"""
import gc
import os
import signal

import pytest

pytest_plugins = ["report_builders"]
"""Fixtures shared by the report test files (``constructed_report``)."""

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The tables' layout follows ``COLUMNS`` when it is set (cli/tables.terminal_width).  The tests
# expect the width of a process without a terminal unless they set it themselves, but a shell may
# export it and pytest-xdist's workers start with ``COLUMNS=80``: the suite's own runs (``make
# test`` runs it on several CPUs) and a developer's must see the same tables.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)


@pytest.fixture(params=["compiled", "pure-python"])
def both_cores(request, monkeypatch):
    """Each test using it runs twice: with the compiled cores (when built) and with ``TRACTOR_PURE_PYTHON=1``,
    the reference they must agree with (``pytestmark = pytest.mark.usefixtures("both_cores")``)."""
    if request.param == "pure-python":
        monkeypatch.setenv("TRACTOR_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TRACTOR_PURE_PYTHON", raising=False)
    return request.param


def pytest_sessionfinish(session):
    """The worker's heap collected once more and then frozen, before pytest-xdist tells the
    controller this worker is done (its ``pytest_sessionfinish`` wrapper does that after this).

    After that message, pytest still collects the whole heap once (its unraisable-exception
    cleanup) while the controller closes the worker: execnet waits 5 seconds for it, then sends the
    worker a SIGINT.  Now and then a passing run ended with a ``KeyboardInterrupt`` "ignored" in a
    garbage-collection callback (a ``WeakSet``'s, hypothesis's timer): a SIGINT that landed during
    a collection, the likeliest one this last collection of the last worker's heap (a full
    collection of a worker took 0.25-0.75 s after a fifth of the suite).  Collected here, where the
    controller waits without a limit, and then frozen, pytest's last collection walks only what is
    made after this."""
    gc.collect()
    gc.freeze()
