"""Named pipes in the tests of the folder scans (test_one_scan_s6.py, test_scan_special_files.py).

A pipe has a record file's name, so a scan may find it: a reader that opened one no one writes to
would wait for ever.  These helpers write into a pipe the way bash's ``<(…)`` does, free a reader or
a writer left waiting, and run a read that could open a pipe in a thread with a timeout, so that a
hang fails the test instead of stopping it.
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest


def release(fifo: Path) -> None:
    """Let a reader blocked opening ``fifo`` go (an end of file), if one is."""
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass            # no reader waiting


def writer(fifo: Path, text: str) -> threading.Thread:
    """A thread that writes ``text`` into ``fifo`` once a reader opens it (bash's ``<(…)``)."""
    def write():
        try:
            with open(fifo, "w", encoding="utf-8") as f:
                f.write(text)
        except BrokenPipeError:     # the reader left first (a command that refuses the pipe, or stop())
            pass

    t = threading.Thread(target=write, daemon=True)
    t.start()
    return t


def stop(t: threading.Thread, fifo: Path) -> None:
    """Free a writer no one read from (its open waits for a reader)."""
    if t.is_alive():
        try:
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            pass
        t.join(10)


def in_thread(call, limit: float, fifos, hung: str):
    """``call()`` in a thread: ``("ok", its result)`` or ``("raised", its exception)``.  When it still
    runs after ``limit`` seconds, each of ``fifos`` is released (freeing the thread) and the test fails
    saying ``hung``."""
    out: list = []

    def go():
        try:
            out.append(("ok", call()))
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            out.append(("raised", exc))

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(limit)
    if t.is_alive():
        for fifo in fifos:
            release(fifo)
        t.join(10)
        pytest.fail(hung)
    return out[0]
