"""Suite-wide set-up: the report tests' shared fixtures, and SIGINT.

The suite may run as a background job of a script without job control (``make test &``), which
starts with SIGINT ignored; every ``tractor`` the tests start would inherit that, and the Ctrl-C
tests could not interrupt anything.  A *handled* SIGINT in the test process is reset to the
default in each child at exec, as in a terminal's foreground job.
"""
import signal

pytest_plugins = ["report_builders"]
"""Fixtures shared by the report test files (``constructed_report``)."""

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
