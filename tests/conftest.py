"""Suite-wide set-up: the report tests' shared fixtures, SIGINT, and the terminal's width.

The suite may run as a background job of a script without job control (``make test &``), which
starts with SIGINT ignored; every ``tractor`` the tests start would inherit that, and the Ctrl-C
tests could not interrupt anything.  A *handled* SIGINT in the test process is reset to the
default in each child at exec, as in a terminal's foreground job.
"""
import os
import signal

pytest_plugins = ["report_builders"]
"""Fixtures shared by the report test files (``constructed_report``)."""

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The tables' layout follows ``COLUMNS`` when it is set (cli/common.terminal_width).  The tests
# expect the width of a process without a terminal unless they set it themselves, but a shell may
# export it and pytest-xdist's workers start with ``COLUMNS=80``: the suite's own runs (``make
# test`` runs it on several CPUs) and a developer's must see the same tables.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)
